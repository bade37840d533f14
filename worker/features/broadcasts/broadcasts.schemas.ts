import { z } from "zod";
import { pageQuery } from "../../lib/validation";
import { audienceFilter, filterParam } from "../audience/filter";
import { BROADCAST_STATUSES, MAX_BROADCAST_NAME, MAX_BROADCAST_TEXT, MAX_BUTTON_LABEL, MAX_BUTTONS, PACING_LIMITS, RECIPIENT_STATES } from "./contract";

const id = z.string().trim().min(1).max(64);

const button = z.object({
  label: z.string().trim().min(1, "Введите текст кнопки").max(MAX_BUTTON_LABEL, `Не больше ${MAX_BUTTON_LABEL} символов`),
  url: z
    .string()
    .trim()
    .max(2000, "Не больше 2000 символов")
    .refine((u) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(u), "Введите ссылку, начинающуюся с http:// или https://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** A reply button may start a published flow of the account (checked by the service). */
  flowId: id.optional(),
}).refine((b) => !(b.url && b.flowId), { message: "Кнопка со ссылкой не может запускать сценарий", path: ["flowId"] });

const media = z.object({
  key: z.string().trim().min(1, "Загрузите файл").max(500),
  type: z.enum(["image", "video", "document"], { error: "Тип файла: image, video или document" }),
  fileName: z.string().trim().min(1).max(255),
  mimeType: z.string().trim().min(1).max(200),
});

export const messageSchema = z
  .object({
    text: z.string().max(MAX_BROADCAST_TEXT, `Не больше ${MAX_BROADCAST_TEXT} символов`).default(""),
    media: media.nullish(),
    buttons: z.array(button).max(MAX_BUTTONS, `Не больше ${MAX_BUTTONS} кнопок`).default([]),
  })
  .refine((m) => m.text.trim().length > 0 || !!m.media, { message: "Введите текст сообщения или прикрепите файл", path: ["text"] });

export const audienceSchema = z.union([z.object({ segmentId: id }).strict(), z.object({ filter: audienceFilter }).strict()], {
  error: "Выберите сегмент или задайте фильтр",
});

export const pacingSchema = z
  .object({
    perSecond: z.number().int().min(1, "Не меньше 1 в секунду").max(PACING_LIMITS.perSecondMax, `Не больше ${PACING_LIMITS.perSecondMax} в секунду`).nullable().optional(),
    minDelaySec: z.number().int().min(PACING_LIMITS.minDelaySecMin, `Не меньше ${PACING_LIMITS.minDelaySecMin} с`).max(PACING_LIMITS.maxDelaySecMax).optional(),
    maxDelaySec: z.number().int().min(PACING_LIMITS.minDelaySecMin).max(PACING_LIMITS.maxDelaySecMax, `Не больше ${PACING_LIMITS.maxDelaySecMax} с`).optional(),
  })
  .refine((p) => p.minDelaySec === undefined || p.maxDelaySec === undefined || p.minDelaySec <= p.maxDelaySec, {
    message: "Наибольшая пауза не может быть меньше наименьшей",
    path: ["maxDelaySec"],
  });

const name = z.string().trim().min(1, "Введите название").max(MAX_BROADCAST_NAME, `Не больше ${MAX_BROADCAST_NAME} символов`);

/**
 * A draft may be saved before any messenger is connected: without `channelId` it has none (and no
 * pacing of a platform) until one is chosen. Starting and the test send require it (run and test services).
 */
export const broadcastCreate = z.object({
  name,
  channelId: id.optional(),
  audience: audienceSchema,
  content: messageSchema,
  pacing: pacingSchema.optional(),
});
export type BroadcastCreate = z.output<typeof broadcastCreate>;

export const broadcastUpdate = z.object({
  name: name.optional(),
  channelId: id.optional(),
  audience: audienceSchema.optional(),
  content: messageSchema.optional(),
  pacing: pacingSchema.optional(),
});
export type BroadcastUpdate = z.output<typeof broadcastUpdate>;

/** `at`: a local date-time in the account's time zone (`2026-12-01T10:00`); absent = now. */
export const startBody = z.object({
  at: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "Введите дату и время, например 2026-12-01T10:00")
    .optional(),
});

export const broadcastParam = z.object({ accountId: id, broadcastId: id });

export const listQuery = pageQuery(20, 100).extend({
  status: z.enum(BROADCAST_STATUSES, { error: "Неизвестный статус" }).optional(),
});

export const recipientsQuery = pageQuery(50, 200).extend({
  state: z.enum([...RECIPIENT_STATES, "pending"] as const, { error: "Неизвестное состояние" }).optional(),
});

export const exportQuery = z.object({ format: z.enum(["csv", "xlsx"], { error: "Формат: csv или xlsx" }).default("csv") });

/** `GET …/broadcast-audience?channelId=…&segmentId=…` or `&filter=<JSON>`: the composer's count on one channel. */
export const audiencePreviewQuery = z
  .object({ channelId: id, segmentId: id.optional(), filter: filterParam.optional() })
  .refine((q) => !(q.segmentId && q.filter), { message: "Выберите сегмент или задайте фильтр", path: ["segmentId"] });
