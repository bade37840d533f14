import { Monitor, Moon, Sun } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import { NavbarIconButton } from "./navbar-icon-button";
import { setPreferences, usePreferences, type ContentWidth, type NavType, type Skin, type ThemeMode } from "@/lib/preferences";

/** Theme (light, dark, system), skin (default, bordered), menu layout and content width. */
export function ThemeSwitcher({ showLayout = true }: { showLayout?: boolean }) {
  const { t } = useTranslation("common");
  const prefs = usePreferences();
  const Icon = prefs.theme === "system" ? Monitor : prefs.theme === "dark" ? Moon : Sun;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <NavbarIconButton label={t("theme.open")} data-testid="theme-open">
          <Icon />
        </NavbarIconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>{t("theme.title")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={prefs.theme} onValueChange={(v) => setPreferences({ theme: v as ThemeMode })}>
          <DropdownMenuRadioItem value="light" data-testid="theme-light">
            <Sun /> {t("theme.light")}
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="dark" data-testid="theme-dark">
            <Moon /> {t("theme.dark")}
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="system" data-testid="theme-system">
            <Monitor /> {t("theme.system")}
          </DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t("theme.skin")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={prefs.skin} onValueChange={(v) => setPreferences({ skin: v as Skin })}>
          <DropdownMenuRadioItem value="default">{t("theme.skinDefault")}</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="bordered">{t("theme.skinBordered")}</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        {showLayout && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>{t("theme.layout")}</DropdownMenuLabel>
            <DropdownMenuRadioGroup value={prefs.navType} onValueChange={(v) => setPreferences({ navType: v as NavType })}>
              <DropdownMenuRadioItem value="vertical">{t("theme.vertical")}</DropdownMenuRadioItem>
              <DropdownMenuRadioItem value="horizontal">{t("theme.horizontal")}</DropdownMenuRadioItem>
            </DropdownMenuRadioGroup>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>{t("theme.contentWidth")}</DropdownMenuLabel>
            <DropdownMenuRadioGroup value={prefs.contentWidth} onValueChange={(v) => setPreferences({ contentWidth: v as ContentWidth })}>
              <DropdownMenuRadioItem value="compact">{t("theme.compact")}</DropdownMenuRadioItem>
              <DropdownMenuRadioItem value="wide">{t("theme.wide")}</DropdownMenuRadioItem>
            </DropdownMenuRadioGroup>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
