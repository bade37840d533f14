import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { DropdownMenuRadioGroup, DropdownMenuRadioItem } from "../ui/dropdown-menu";
import { NavbarMenu } from "./navbar-menu";
import { profileApi } from "@/features/profile/api";
import { setLanguage, SWITCHER_LANGUAGES } from "@/lib/i18n";
import type { Language } from "@/lib/preferences";
import { hasAccessToken } from "@/lib/session";

/** ru / en switcher; a signed-in user's choice is also saved to the profile. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation("common");
  const change = (lng: string) => {
    void setLanguage(lng as Language);
    if (hasAccessToken()) void profileApi.saveLanguage(lng as Language).catch(() => undefined);
  };
  return (
    <NavbarMenu label={t("language.open")} testId="language-open" icon={<Languages />} contentClassName="w-44">
      <DropdownMenuRadioGroup value={i18n.resolvedLanguage ?? i18n.language} onValueChange={change}>
        {SWITCHER_LANGUAGES.map((lng) => (
          <DropdownMenuRadioItem key={lng} value={lng} data-testid={`language-${lng}`} lang={lng}>
            {t(`language.${lng}`)}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </NavbarMenu>
  );
}
