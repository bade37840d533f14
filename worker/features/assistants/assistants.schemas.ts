import { z } from "zod";
import { ASSISTANT_LANGUAGES } from "../../db/schema/assistants";
import { TOOL_NAMES } from "../../ai/tools";

export const LIMITS = {
  name: 100,
  instructions: 20_000,
  greeting: 1_000,
  knowledge: 50_000,
  handoffMessage: 500,
  keywords: 30,
  keyword: 60,
  tags: 10,
  tag: 40,
  description: 1_000,
  assistantsPerAccount: 100,
} as const;

const uniq = <T>(xs: T[]) => [...new Set(xs)];

/**
 * Any provider's model id (gpt-4.1-mini, qwen2.5-7b-instruct, meta-llama/Llama-3.1-8B-Instruct,
 * llama3.1:8b, …): it goes into a JSON body only, but whitespace and control characters are
 * always a typo.
 */
export const modelId = z
  .string("Укажите модель")
  .trim()
  .min(1, "Укажите модель")
  .max(100, "Идентификатор модели не длиннее 100 символов")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/, "Идентификатор модели: латинские буквы, цифры и символы . _ - : / @ +, без пробелов");

/** The assistant's editable fields (shared by assistants and templates). */
export const assistantFields = {
  name: z.string().trim().min(1, "Введите название ассистента").max(LIMITS.name, `Не больше ${LIMITS.name} символов`),
  model: modelId,
  instructions: z.string().max(LIMITS.instructions, `Инструкции не длиннее ${LIMITS.instructions} символов`),
  greeting: z.string().trim().max(LIMITS.greeting, `Приветствие не длиннее ${LIMITS.greeting} символов`),
  temperature: z.number("Температура — число от 0 до 2").min(0, "Температура от 0 до 2").max(2, "Температура от 0 до 2"),
  maxReplyTokens: z.number("Укажите число").int("Целое число").min(50, "Не меньше 50 токенов").max(4000, "Не больше 4000 токенов"),
  language: z.enum(ASSISTANT_LANGUAGES, "Язык: ru, en, ar или fr"),
  knowledge: z.string().max(LIMITS.knowledge, `База знаний не длиннее ${LIMITS.knowledge} символов`),
  tools: z.array(z.enum(TOOL_NAMES, "Неизвестный инструмент")).max(TOOL_NAMES.length).transform(uniq),
  debounceSeconds: z.number("Укажите число секунд").int("Целое число секунд").min(0, "От 0 до 60 секунд").max(60, "От 0 до 60 секунд"),
  handoffKeywords: z
    .array(z.string().trim().min(1, "Пустое ключевое слово").max(LIMITS.keyword, `Не длиннее ${LIMITS.keyword} символов`))
    .max(LIMITS.keywords, `Не больше ${LIMITS.keywords} ключевых слов`)
    .transform((xs) => uniq(xs.map((x) => x.toLowerCase()))),
  handoffMessage: z.string().trim().max(LIMITS.handoffMessage, `Не длиннее ${LIMITS.handoffMessage} символов`),
  isActive: z.boolean("Укажите true или false"),
};

const nonEmpty = (v: object) => Object.keys(v).length > 0;

/** Only an account's assistants (not templates) have the catalogue switch. */
const accountAssistantFields = { ...assistantFields, knowsCatalogue: z.boolean("Укажите true или false") };

export const createAssistantSchema = z.object(accountAssistantFields).partial().required({ name: true });
export type CreateAssistantInput = z.output<typeof createAssistantSchema>;

export const updateAssistantSchema = z.object(accountAssistantFields).partial().refine(nonEmpty, "Нет полей для изменения");
export type UpdateAssistantInput = z.output<typeof updateAssistantSchema>;

export const generateSchema = z.object({
  description: z
    .string("Опишите бизнес")
    .trim()
    .min(10, "Опишите бизнес хотя бы в одном-двух предложениях")
    .max(2000, "Описание не длиннее 2000 символов"),
  language: z.enum(ASSISTANT_LANGUAGES).optional(),
});

export const listAssistantsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  q: z.string().trim().max(100).optional(),
});

const tag = z.string().trim().min(1, "Пустой тег").max(LIMITS.tag, `Тег не длиннее ${LIMITS.tag} символов`);
export const templateFields = {
  ...assistantFields,
  description: z.string().trim().max(LIMITS.description, `Описание не длиннее ${LIMITS.description} символов`),
  tags: z.array(tag).max(LIMITS.tags, `Не больше ${LIMITS.tags} тегов`).transform(uniq),
  isPublished: z.boolean(),
};
const { isActive: _ignored, ...templateEditable } = templateFields;
export const updateTemplateSchema = z.object(templateEditable).partial().refine(nonEmpty, "Нет полей для изменения");
export type UpdateTemplateInput = z.output<typeof updateTemplateSchema>;

export const templatesQuery = z.object({
  q: z.string().trim().max(100).optional(),
  /** Comma-separated tags: a template must carry every one. */
  tags: z.string().trim().max(400).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const accountIdQuery = z.object({ accountId: z.string("Укажите accountId").trim().min(1, "Укажите accountId").max(64) });

export const copyTemplateBody = z
  .object({
    name: assistantFields.name.optional(),
  })
  .default({});

export const copyToTemplateBody = z
  .object({
    description: templateFields.description.optional(),
    tags: templateFields.tags.optional(),
    name: assistantFields.name.optional(),
  })
  .default({});
