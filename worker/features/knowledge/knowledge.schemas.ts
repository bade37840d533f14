import { z } from "zod";
import { KNOWLEDGE_KINDS, KNOWLEDGE_MODES, KNOWLEDGE_STATUSES } from "../../db/schema/knowledge";
import { pageQuery } from "../../lib/validation";

export const LIMITS = {
  question: 500,
  answer: 5_000,
  tags: 10,
  tag: 40,
  title: 200,
  url: 2_000,
  query: 500,
  sourcesPerAccount: 2_000,
  sourcesPerAssistant: 200,
} as const;

const tag = z.string().trim().min(1, "Пустой тег").max(LIMITS.tag, `Тег не длиннее ${LIMITS.tag} символов`);
const tags = z
  .array(tag, "Теги — список строк")
  .max(LIMITS.tags, `Не больше ${LIMITS.tags} тегов`)
  .transform((xs) => [...new Set(xs.map((x) => x.toLowerCase()))]);

export const faqFields = {
  question: z.string("Введите вопрос").trim().min(3, "Вопрос — хотя бы 3 символа").max(LIMITS.question, `Вопрос не длиннее ${LIMITS.question} символов`),
  answer: z.string("Введите ответ").trim().min(1, "Введите ответ").max(LIMITS.answer, `Ответ не длиннее ${LIMITS.answer} символов`),
  tags,
};

export const faqCreateSchema = z.object({ ...faqFields, tags: tags.optional() });
export type FaqCreateInput = z.output<typeof faqCreateSchema>;

/** PATCH of a source: an FAQ entry's fields, or the title of a document or a page. */
export const sourceUpdateSchema = z
  .object({
    ...faqFields,
    title: z.string("Введите название").trim().min(1, "Введите название").max(LIMITS.title, `Название не длиннее ${LIMITS.title} символов`),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Нет полей для изменения");
export type SourceUpdateInput = z.output<typeof sourceUpdateSchema>;

export const urlCreateSchema = z.object({
  url: z.string("Укажите адрес страницы").trim().min(1, "Укажите адрес страницы").max(LIMITS.url, `Адрес не длиннее ${LIMITS.url} символов`),
});

export const listQuery = pageQuery(20, 100).extend({
  kind: z.enum(KNOWLEDGE_KINDS, "Тип: faq, document, url или text").optional(),
  status: z.enum(KNOWLEDGE_STATUSES, "Состояние: pending, indexing, indexed или failed").optional(),
});

export const searchQuery = z.object({
  q: z.string("Введите вопрос").trim().min(1, "Введите вопрос").max(LIMITS.query, `Вопрос не длиннее ${LIMITS.query} символов`),
  assistantId: z.string().trim().max(64).optional(),
});

export const sourceParam = z.object({ sourceId: z.string().min(1).max(64) });
export const assistantParam = z.object({ assistantId: z.string().min(1).max(64) });

export const assistantKnowledgeSchema = z.object({
  mode: z.enum(KNOWLEDGE_MODES, "Режим: all или selected"),
  sourceIds: z
    .array(z.string().trim().min(1).max(64), "Источники — список")
    .max(LIMITS.sourcesPerAssistant, `Не больше ${LIMITS.sourcesPerAssistant} источников`)
    .transform((xs) => [...new Set(xs)])
    .default([]),
  handoffWhenUncovered: z.boolean("Укажите true или false").default(false),
});
export type AssistantKnowledgeInput = z.output<typeof assistantKnowledgeSchema>;
