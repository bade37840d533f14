import { z } from "zod";
import { TRANSLATION_LANGUAGES, type PlanTranslations, type TranslationLanguage } from "../../db/schema/billing";
import type { PackageTranslations } from "../../db/schema/broadcast-quota";

/**
 * Plans' and broadcast packages' names (and plans' descriptions) in the interface's other languages.
 * The stored `name` and `description` are Russian: the source, what receipts and acts print, and the
 * fallback of a language without a text. `translations` holds `{ en?: { name?, description? }, fr?, ar? }`;
 * the API gives it as stored and the SPA picks the reader's language (web/features/billing/localized-name.ts),
 * so nothing here translates on the server.
 */
type Texts = { name?: string; description?: string };
type AnyTranslations = Partial<Record<TranslationLanguage, Texts>>;

/** A translation's text: trimmed, at most `max` characters; an empty one means "none" (dropped). */
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: "Перевод — текст" })
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((s) => s || undefined);

/**
 * The admin editors' `translations`: the three languages only (another is refused with a field
 * message), the name as long as the Russian name may be, the description (plans) as long as its
 * Russian one. Empty texts and empty languages are dropped, so `{}` clears every translation.
 */
export function translationsSchema(limits: { name: number; description?: number }) {
  const name = optionalText(limits.name, `Название перевода — не длиннее ${limits.name} символов`);
  const texts =
    limits.description !== undefined
      ? z.strictObject(
          { name, description: optionalText(limits.description, `Описание перевода — не длиннее ${limits.description} символов`) },
          { error: (iss) => (iss.code === "unrecognized_keys" ? "У перевода есть только название и описание" : "Перевод — объект с названием и описанием") },
        )
      : z.strictObject({ name }, { error: (iss) => (iss.code === "unrecognized_keys" ? "У перевода есть только название" : "Перевод — объект с названием") });
  const languages = Object.fromEntries(TRANSLATION_LANGUAGES.map((l) => [l, texts.optional()])) as Record<TranslationLanguage, z.ZodOptional<typeof texts>>;
  return z
    .strictObject(languages, {
      error: (iss) => (iss.code === "unrecognized_keys" ? "Переводы — только на английский (en), французский (fr) и арабский (ar)" : "Переводы — объект с языками en, fr и ar"),
    })
    .transform((t) => cleanTranslations(t, limits.description !== undefined ? ["name", "description"] : ["name"]));
}

/**
 * The stored value as the API gives it: known languages with non-empty string texts only (a column
 * written by hand, or read as text by a raw statement, never breaks a page).
 */
export function cleanTranslations(raw: unknown, fields: readonly (keyof Texts)[] = ["name", "description"]): AnyTranslations {
  let value = raw;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const out: AnyTranslations = {};
  for (const lang of TRANSLATION_LANGUAGES) {
    const entry = (value as Record<string, unknown>)[lang];
    if (!entry || typeof entry !== "object") continue;
    const texts: Texts = {};
    for (const f of fields) {
      const s = (entry as Record<string, unknown>)[f];
      if (typeof s === "string" && s.trim()) texts[f] = s.trim();
    }
    if (Object.keys(texts).length) out[lang] = texts;
  }
  return out;
}

export const planTranslations = (raw: unknown): PlanTranslations => cleanTranslations(raw);
export const packageTranslations = (raw: unknown): PackageTranslations => cleanTranslations(raw, ["name"]) as PackageTranslations;
