import { Monitor, Moon, Sun } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuSeparator } from "../ui/dropdown-menu";
import { NavbarMenu } from "./navbar-menu";
import { setPreferences, usePreferences, type ContentWidth, type NavType, type Skin, type ThemeMode } from "@/lib/preferences";

const THEMES: readonly ThemeMode[] = ["light", "dark", "system"];
const SKINS: readonly Skin[] = ["default", "bordered"];
const NAV_TYPES: readonly NavType[] = ["vertical", "horizontal"];
const WIDTHS: readonly ContentWidth[] = ["compact", "wide"];

/** Theme (light, dark, system), skin (default, bordered), menu layout and content width. */
export function ThemeSwitcher({ showLayout = true }: { showLayout?: boolean }) {
  const { t } = useTranslation("common");
  const prefs = usePreferences();
  const Icon = prefs.theme === "system" ? Monitor : prefs.theme === "dark" ? Moon : Sun;
  const label = (v: ThemeMode | NavType | ContentWidth) => t(`theme.${v}`);
  const icons = { light: Sun, dark: Moon, system: Monitor };
  const themeLabel = (v: ThemeMode) => {
    const ItemIcon = icons[v];
    return (
      <>
        <ItemIcon /> {label(v)}
      </>
    );
  };
  return (
    <NavbarMenu label={t("theme.open")} testId="theme-open" icon={<Icon />} contentClassName="w-56">
      <ChoiceGroup label={t("theme.title")} value={prefs.theme} values={THEMES} onChange={(theme) => setPreferences({ theme })} itemLabel={themeLabel} testIdPrefix="theme-" />
      <DropdownMenuSeparator />
      <ChoiceGroup label={t("theme.skin")} value={prefs.skin} values={SKINS} onChange={(skin) => setPreferences({ skin })} itemLabel={(v) => (v === "default" ? t("theme.skinDefault") : t("theme.skinBordered"))} />
      {showLayout && (
        <>
          <DropdownMenuSeparator />
          <ChoiceGroup label={t("theme.layout")} value={prefs.navType} values={NAV_TYPES} onChange={(navType) => setPreferences({ navType })} itemLabel={label} />
          <DropdownMenuSeparator />
          <ChoiceGroup label={t("theme.contentWidth")} value={prefs.contentWidth} values={WIDTHS} onChange={(contentWidth) => setPreferences({ contentWidth })} itemLabel={label} />
        </>
      )}
    </NavbarMenu>
  );
}

/** One preference: its label and a radio item per value. */
function ChoiceGroup<T extends string>({
  label,
  value,
  values,
  onChange,
  itemLabel,
  testIdPrefix,
}: {
  label: string;
  value: T;
  values: readonly T[];
  onChange: (v: T) => void;
  itemLabel: (v: T) => ReactNode;
  testIdPrefix?: string;
}) {
  return (
    <>
      <DropdownMenuLabel>{label}</DropdownMenuLabel>
      <DropdownMenuRadioGroup value={value} onValueChange={(v) => onChange(v as T)}>
        {values.map((v) => (
          <DropdownMenuRadioItem key={v} value={v} data-testid={testIdPrefix && `${testIdPrefix}${v}`}>
            {itemLabel(v)}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </>
  );
}
