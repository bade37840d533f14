import { Monitor, Moon, Sun } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuSeparator } from "../ui/dropdown-menu";
import { NavbarMenu } from "./navbar-menu";
import { setPreferences, usePreferences, type ContentWidth, type NavType, type Skin, type ThemeMode } from "@/lib/preferences";

/** Theme (light, dark, system), skin (default, bordered), menu layout and content width. */
export function ThemeSwitcher({ showLayout = true }: { showLayout?: boolean }) {
  const { t } = useTranslation("common");
  const prefs = usePreferences();
  const Icon = prefs.theme === "system" ? Monitor : prefs.theme === "dark" ? Moon : Sun;
  return (
    <NavbarMenu label={t("theme.open")} testId="theme-open" icon={<Icon />} contentClassName="w-56">
      <ChoiceGroup
        label={t("theme.title")}
        value={prefs.theme}
        onChange={(v) => setPreferences({ theme: v as ThemeMode })}
        options={[
          { value: "light", testId: "theme-light", label: <><Sun /> {t("theme.light")}</> },
          { value: "dark", testId: "theme-dark", label: <><Moon /> {t("theme.dark")}</> },
          { value: "system", testId: "theme-system", label: <><Monitor /> {t("theme.system")}</> },
        ]}
      />
      <DropdownMenuSeparator />
      <ChoiceGroup
        label={t("theme.skin")}
        value={prefs.skin}
        onChange={(v) => setPreferences({ skin: v as Skin })}
        options={[
          { value: "default", label: t("theme.skinDefault") },
          { value: "bordered", label: t("theme.skinBordered") },
        ]}
      />
      {showLayout && (
        <>
          <DropdownMenuSeparator />
          <ChoiceGroup
            label={t("theme.layout")}
            value={prefs.navType}
            onChange={(v) => setPreferences({ navType: v as NavType })}
            options={[
              { value: "vertical", label: t("theme.vertical") },
              { value: "horizontal", label: t("theme.horizontal") },
            ]}
          />
          <DropdownMenuSeparator />
          <ChoiceGroup
            label={t("theme.contentWidth")}
            value={prefs.contentWidth}
            onChange={(v) => setPreferences({ contentWidth: v as ContentWidth })}
            options={[
              { value: "compact", label: t("theme.compact") },
              { value: "wide", label: t("theme.wide") },
            ]}
          />
        </>
      )}
    </NavbarMenu>
  );
}

/** One preference: its label and a radio item per value. */
function ChoiceGroup({ label, value, onChange, options }: { label: string; value: string; onChange: (v: string) => void; options: { value: string; label: ReactNode; testId?: string }[] }) {
  return (
    <>
      <DropdownMenuLabel>{label}</DropdownMenuLabel>
      <DropdownMenuRadioGroup value={value} onValueChange={onChange}>
        {options.map((o) => (
          <DropdownMenuRadioItem key={o.value} value={o.value} data-testid={o.testId}>
            {o.label}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </>
  );
}
