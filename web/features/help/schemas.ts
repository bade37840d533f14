import type { TFunction } from "i18next";
import { z } from "zod";
import { HELP_CATEGORIES, type AdminArticle, type AdminFaqEntry, type HelpCategory } from "./api";

/** An optional translation: all its fields empty means "none" (null); once any is filled, the required ones are too. */
function optionalTranslation<S extends z.ZodRawShape>(shape: S, required: (keyof S & string)[], message: string) {
  return z
    .object(shape)
    .superRefine((x, ctx) => {
      const values = x as Record<string, string>;
      if (!Object.values(values).some((v) => v.trim())) return;
      for (const key of required) if (!values[key]?.trim()) ctx.addIssue({ code: "custom", path: [key], message });
    })
    .transform((x) => (Object.values(x as Record<string, string>).some((v) => v.trim()) ? x : null));
}

const position = (t: TFunction) =>
  z
    .string()
    .trim()
    .regex(/^\d{0,5}$/, t("admin.errors.position"))
    .transform((s) => Number(s || 0));

export function faqFormSchema(t: TFunction) {
  const question = z.string().trim().max(300, t("admin.errors.tooLong", { max: 300 }));
  const answer = z.string().trim().max(40_000, t("admin.errors.tooLong", { max: 40_000 }));
  return z.object({
    category: z.enum(HELP_CATEGORIES as [HelpCategory, ...HelpCategory[]], { error: t("admin.errors.category") }),
    position: position(t),
    published: z.boolean(),
    ru: z.object({ question: question.min(1, t("admin.errors.question")), answer: answer.min(1, t("admin.errors.answer")) }),
    en: optionalTranslation({ question, answer }, ["question", "answer"], t("admin.errors.enRequired")),
  });
}

export function articleFormSchema(t: TFunction) {
  const title = z.string().trim().max(200, t("admin.errors.tooLong", { max: 200 }));
  const summary = z.string().trim().max(400, t("admin.errors.tooLong", { max: 400 }));
  const body = z.string().trim().max(40_000, t("admin.errors.tooLong", { max: 40_000 }));
  const slug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
  return z.object({
    slug: z.string().trim().min(2, t("admin.errors.slug")).max(100, t("admin.errors.tooLong", { max: 100 })).regex(slug, t("admin.errors.slug")),
    category: z.enum(HELP_CATEGORIES as [HelpCategory, ...HelpCategory[]], { error: t("admin.errors.category") }),
    position: position(t),
    published: z.boolean(),
    related: z
      .string()
      .transform((s) => s.split(/[\s,]+/).filter(Boolean))
      .refine((list) => list.every((x) => slug.test(x)), t("admin.errors.related"))
      .refine((list) => list.length <= 10, t("admin.errors.relatedMax")),
    ru: z.object({ title: title.min(1, t("admin.errors.title")), summary, body: body.min(1, t("admin.errors.body")) }),
    en: optionalTranslation({ title, summary, body }, ["title", "body"], t("admin.errors.enRequired")),
  });
}

export type FaqFormInput = z.input<ReturnType<typeof faqFormSchema>>;
export type ArticleFormInput = z.input<ReturnType<typeof articleFormSchema>>;

export const faqValuesOf = (e: AdminFaqEntry | null): FaqFormInput => ({
  category: e?.category ?? "channels",
  position: String(e?.position ?? 0),
  published: e?.published ?? true,
  ru: { question: e?.ru.question ?? "", answer: e?.ru.answer ?? "" },
  en: { question: e?.en?.question ?? "", answer: e?.en?.answer ?? "" },
});

export const articleValuesOf = (a: AdminArticle | null): ArticleFormInput => ({
  slug: a?.slug ?? "",
  category: a?.category ?? "channels",
  position: String(a?.position ?? 0),
  published: a?.published ?? true,
  related: (a?.related ?? []).join(", "),
  ru: { title: a?.ru.title ?? "", summary: a?.ru.summary ?? "", body: a?.ru.body ?? "" },
  en: { title: a?.en?.title ?? "", summary: a?.en?.summary ?? "", body: a?.en?.body ?? "" },
});
