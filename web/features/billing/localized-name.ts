import { useTranslation } from "react-i18next";

/**
 * Plans' and broadcast packages' names in the reader's language. They are administrators' data:
 * the stored `name` (and a plan's `description`) is Russian, the source and the fallback, and
 * `translations` (GET /api/plans, /api/broadcast-packages, the billing state, the quota, payments'
 * details…) may hold the English, French and Arabic texts. Every page that names a plan or a package
 * to account users or administrators goes through here, so a language without a text shows the
 * Russian one everywhere alike.
 */
export interface LocalizedTexts {
  name?: string;
  description?: string;
}
export type NameTranslations = Partial<Record<string, LocalizedTexts | undefined>> | null | undefined;

/** The text of `field` in `lang` (ru, en, fr, ar; a region is ignored), else `russian`. */
export function localizedText(russian: string, translations: NameTranslations, lang: string | null | undefined, field: keyof LocalizedTexts = "name"): string {
  const code = (lang ?? "").slice(0, 2).toLowerCase();
  if (!code || code === "ru" || !translations) return russian;
  const text = translations[code]?.[field];
  return typeof text === "string" && text.trim() ? text : russian;
}

/** A plan's name: «Бизнес» in Russian, "Business" in English when the plan has it. */
export function planName(plan: { name: string; translations?: NameTranslations }, lang: string | null | undefined): string {
  return localizedText(plan.name, plan.translations, lang, "name");
}

/** A plan's description. */
export function planDescription(plan: { description: string; translations?: NameTranslations }, lang: string | null | undefined): string {
  return localizedText(plan.description, plan.translations, lang, "description");
}

/** A broadcast package's name. */
export function packageName(pkg: { name: string; translations?: NameTranslations }, lang: string | null | undefined): string {
  return localizedText(pkg.name, pkg.translations, lang, "name");
}

/** The interface language as the helpers above take it (re-renders when it changes). */
export function useInterfaceLanguage(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language ?? "ru";
}
