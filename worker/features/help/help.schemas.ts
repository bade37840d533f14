import { z } from "zod";
import { HELP_CATEGORIES, HELP_LOCALES, type HelpLocale } from "../../db/schema/help";
import { pageQuery } from "../../lib/validation";

const MAX_MARKDOWN = 40_000;

/** The interface languages a reader can ask for (the SPA's: ru, en, ar, fr). */
const READER_LANGUAGES: readonly string[] = ["ru", "en", "ar", "fr"];

/**
 * The texts a reader gets: the reader's language is `?locale=` when it is an interface language,
 * else the user's language, else Russian. Its own translation when we write it (ru, en); for any
 * other non-Russian language English, since an Arabic or French reader is more likely to read
 * English than Russian. A text missing in that translation falls back to Russian (the services'
 * coalesce), so the order is: the asked language, English unless the reader is Russian, Russian.
 */
export function resolveLocale(requested: string | undefined, userLanguage: string | undefined): HelpLocale {
  const reader = [requested, userLanguage].find((l) => l && READER_LANGUAGES.includes(l)) ?? "ru";
  return (HELP_LOCALES as readonly string[]).includes(reader) ? (reader as HelpLocale) : "en";
}

const localeQuery = z.string().trim().max(10).optional();
const category = z.enum(HELP_CATEGORIES, { error: "Выберите раздел из списка" });
const search = z.string().trim().max(100, "Запрос — не длиннее 100 символов").optional();

export const faqQuery = z.object({ q: search, locale: localeQuery });
export const articleListQuery = z.object({ q: search, category: category.optional(), locale: localeQuery });
export const articleQuery = z.object({ locale: localeQuery });
export const slugParam = z.object({ slug: z.string().min(1).max(100) });
export const idParam = z.object({ id: z.string().min(1).max(64) });
export const feedbackSchema = z.object({ helpful: z.boolean({ error: "Ответьте «да» или «нет»" }) });

const markdown = (empty: string) => z.string({ error: empty }).trim().min(1, empty).max(MAX_MARKDOWN, `Текст — не длиннее ${MAX_MARKDOWN.toLocaleString("ru-RU")} символов`);
const position = z.number({ error: "Порядок — число" }).int("Порядок — целое число").min(0, "Порядок — не меньше 0").max(10_000, "Порядок — не больше 10 000");

const faqText = z.object({
  question: z.string({ error: "Введите вопрос" }).trim().min(1, "Введите вопрос").max(300, "Вопрос — не длиннее 300 символов"),
  answer: markdown("Введите ответ"),
});

export const faqCreateSchema = z.object({
  category,
  position: position.default(0),
  published: z.boolean().default(true),
  ru: faqText,
  /** null removes the English translation (readers then get the Russian one). */
  en: faqText.nullable().optional(),
});
export const faqUpdateSchema = faqCreateSchema
  .partial()
  .extend({ position: position.optional(), published: z.boolean().optional() })
  .refine((x) => Object.keys(x).length > 0, "Нет изменений для сохранения");

const articleText = z.object({
  title: z.string({ error: "Введите заголовок" }).trim().min(1, "Введите заголовок").max(200, "Заголовок — не длиннее 200 символов"),
  summary: z.string().trim().max(400, "Краткое описание — не длиннее 400 символов").default(""),
  body: markdown("Введите текст статьи"),
});

const slug = z
  .string({ error: "Введите адрес статьи" })
  .trim()
  .min(2, "Адрес — от 2 символов")
  .max(100, "Адрес — не длиннее 100 символов")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Адрес — латинские строчные буквы, цифры и дефисы (например, connect-telegram)");

export const articleCreateSchema = z.object({
  slug,
  category,
  position: position.default(0),
  published: z.boolean().default(true),
  related: z.array(slug, { error: "Список связанных статей" }).max(10, "Не больше 10 связанных статей").default([]),
  ru: articleText,
  en: articleText.nullable().optional(),
});
export const articleUpdateSchema = articleCreateSchema
  .partial()
  .extend({ position: position.optional(), published: z.boolean().optional(), related: articleCreateSchema.shape.related.removeDefault().optional() })
  .refine((x) => Object.keys(x).length > 0, "Нет изменений для сохранения");

export const adminListQuery = pageQuery(50, 100).extend({ q: search, category: category.optional() });

export type FaqInput = z.output<typeof faqCreateSchema>;
export type FaqUpdate = z.output<typeof faqUpdateSchema>;
export type ArticleInput = z.output<typeof articleCreateSchema>;
export type ArticleUpdate = z.output<typeof articleUpdateSchema>;
export type AdminListQuery = z.output<typeof adminListQuery>;
