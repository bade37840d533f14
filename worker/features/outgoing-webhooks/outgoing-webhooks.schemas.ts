import { z } from "zod";
import { pageQuery } from "../../lib/validation";
import { WEBHOOK_EVENT_TYPE_NAMES } from "./catalogue";

// The URL's own rules (https, no local names, port 443) need the environment: the service applies them.
const url = z.string().trim().min(1, "Укажите адрес").max(2000, "Не больше 2000 символов");
const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPE_NAMES, { error: "Неизвестный тип события" }))
  .min(1, "Выберите хотя бы одно событие")
  .max(WEBHOOK_EVENT_TYPE_NAMES.length)
  .transform((list) => [...new Set(list)]);
const description = z.string().trim().max(300, "Не больше 300 символов");

export const endpointCreateSchema = z.object({
  url,
  events,
  description: description.default(""),
  enabled: z.boolean().default(true),
});

export const endpointUpdateSchema = z
  .object({ url, events, description, enabled: z.boolean() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Нет полей для изменения");

export const deliveriesQuery = pageQuery(20, 100).extend({
  status: z.enum(["pending", "sending", "succeeded", "failed", "uncertain"]).optional(),
});

/** Queue messages of the webhooks queue. */
export const webhookQueueMessage = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("emit"),
    accountId: z.string().min(1),
    events: z.array(z.object({ id: z.string().min(1), type: z.string().min(1), timestamp: z.number().int(), data: z.unknown() })).min(1),
  }),
  z.object({ kind: z.literal("deliver"), accountId: z.string().min(1), deliveryId: z.string().min(1) }),
]);
export type WebhookQueueMessage = z.infer<typeof webhookQueueMessage>;
