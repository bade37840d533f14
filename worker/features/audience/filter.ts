import { z } from "zod";
import { PLATFORMS, SUBSCRIPTIONS } from "../../db/schema/inbox";

/**
 * The one audience filter model: the contacts list, bulk actions, export, segments and broadcast
 * audiences all take it. The SPA imports its types (`import type`). Every part is optional; parts
 * combine with AND. In a query string it travels as one compact JSON parameter `filter`.
 *
 * - channels: the contact's platform is one of these;
 * - tags: `any` (carries at least one), `all` (carries every one), `none` (carries none of them);
 * - fields: conditions on custom field values by key. `equals`/`greater`/`less` take a value in the
 *   field's own format (a number, `YYYY-MM-DD` for dates, true/false…); numbers, dates, date-times
 *   and booleans compare as numbers; `contains` applies to text-like fields (a multiselect: has the
 *   option); `isSet`/`isNotSet` take no value;
 * - lastActivity: last seen at or after `from` and before `to` (ISO date-times);
 * - subscription: subscribed, unsubscribed or blocked;
 * - q: the contacts table's text search (name, username, phone, platform id).
 */
export const FIELD_OPS = ["equals", "contains", "greater", "less", "isSet", "isNotSet"] as const;
export type FieldOp = (typeof FIELD_OPS)[number];

// Bound parameters stay under D1's 100 a statement even with every part at its maximum ("all" binds two per tag).
export const MAX_FILTER_TAGS = 20;
export const MAX_FILTER_FIELDS = 10;

const id = z.string().trim().min(1).max(64);
const tagList = z.array(id).min(1, "Выберите хотя бы один тег").max(MAX_FILTER_TAGS, `Не больше ${MAX_FILTER_TAGS} тегов`);
const instant = z
  .string()
  .trim()
  .refine((s) => Number.isFinite(Date.parse(s)), "Введите дату и время, например 2026-05-01T14:30:00Z");

export const fieldCondition = z
  .object({
    key: z.string().trim().min(1, "Выберите поле").max(64),
    op: z.enum(FIELD_OPS, { error: "Условие: equals, contains, greater, less, isSet или isNotSet" }),
    value: z.union([z.string().max(2000, "Не больше 2000 символов"), z.number(), z.boolean()]).optional(),
  })
  .refine((c) => c.op === "isSet" || c.op === "isNotSet" || (c.value !== undefined && c.value !== ""), { message: "Укажите значение", path: ["value"] });

export const audienceFilter = z.object({
  channels: z.array(z.enum(PLATFORMS, { error: "Канал: TELEGRAM, WHATSAPP, INSTAGRAM или WEBCHAT" })).max(PLATFORMS.length).optional(),
  tags: z.object({ any: tagList.optional(), all: tagList.optional(), none: tagList.optional() }).optional(),
  fields: z.array(fieldCondition).max(MAX_FILTER_FIELDS, `Не больше ${MAX_FILTER_FIELDS} условий по полям`).optional(),
  lastActivity: z.object({ from: instant.optional(), to: instant.optional() }).optional(),
  subscription: z.enum(SUBSCRIPTIONS, { error: "Подписка: subscribed, unsubscribed или blocked" }).optional(),
  q: z.string().trim().max(100, "Не больше 100 символов").optional(),
});
/** The filter as the API takes it and a segment stores it. */
export type AudienceFilter = z.output<typeof audienceFilter>;

/** `?filter=<JSON>` in a query string: parsed, then checked by the schema (a bad one is a 400 on `filter`). */
export const filterParam = z
  .string()
  .max(8000, "Слишком длинный фильтр")
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "Фильтр должен быть JSON-объектом" });
      return z.NEVER;
    }
  })
  .pipe(audienceFilter);
