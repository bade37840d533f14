import { z } from "zod";
import { FIELD_KEY_MAX, FIELD_KEY_PATTERN, FIELD_TYPES, MAX_FIELDS, MAX_OPTIONS, TAG_COLORS } from "./field-types";

const id = z.string().trim().min(1).max(64);
export const fieldParam = z.object({ accountId: id, fieldId: id });
export const tagParam = z.object({ accountId: id, tagId: id });
export const contactParam = z.object({ accountId: id, contactId: id });

const label = z.string().trim().min(1, "Введите название поля").max(100, "Не больше 100 символов");
const description = z.string().trim().max(500, "Не больше 500 символов");
const options = z
  .array(z.string().trim().min(1, "Вариант не может быть пустым").max(100, "Не больше 100 символов"), { error: "Ожидается список вариантов" })
  .max(MAX_OPTIONS, `Не больше ${MAX_OPTIONS} вариантов`)
  .refine((list) => new Set(list.map((o) => o.toLowerCase())).size === list.length, "Варианты не должны повторяться");
const type = z.enum(FIELD_TYPES, { error: "Выберите тип поля" });

export const fieldCreateSchema = z.object({
  key: z
    .string({ error: "Введите ключ" })
    .trim()
    .min(1, "Введите ключ")
    .max(FIELD_KEY_MAX, `Не больше ${FIELD_KEY_MAX} символов`)
    .regex(FIELD_KEY_PATTERN, "Только латинские строчные буквы, цифры и «_», первой — буква"),
  label,
  type,
  options: options.default([]),
  description: description.default(""),
});
export type FieldCreateInput = z.output<typeof fieldCreateSchema>;

/** The key is not here: it is fixed once the field exists (the service answers a key with a field message). */
export const fieldUpdateSchema = z
  .object({ label, type, options, description, key: z.unknown() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Нет полей для изменения");
export type FieldUpdateInput = z.output<typeof fieldUpdateSchema>;

export const fieldOrderSchema = z.object({
  ids: z.array(id, { error: "Ожидается список полей" }).min(1, "Пустой список").max(MAX_FIELDS),
});

export const fieldValuesSchema = z.object({
  /** { [field key]: value }; null or "" clears the value; keys not given stay as they are. */
  values: z.record(z.string().max(FIELD_KEY_MAX), z.unknown(), { error: "Ожидается объект значений" }),
});

const tagName = z.string().trim().min(1, "Введите название тега").max(50, "Не больше 50 символов");
const tagColor = z.enum(TAG_COLORS, { error: "Выберите цвет из палитры" });
export const tagCreateSchema = z.object({ name: tagName, color: tagColor.default(TAG_COLORS[0]) });
export const tagUpdateSchema = z
  .object({ name: tagName, color: tagColor })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Нет полей для изменения");

export const contactTagsSchema = z.object({
  tagIds: z.array(id, { error: "Ожидается список тегов" }).max(100, "Не больше 100 тегов у контакта"),
});
