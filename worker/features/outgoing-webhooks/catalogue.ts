/**
 * The catalogue of outgoing webhook event types: the event-types route, the endpoints' validation,
 * the emitter and the SPA's event picker all read this one list. Later features add their lines
 * here (and a `webhooks.types.<type with _>` label in the SPA's settings namespace).
 * No imports: the SPA may load this file too.
 */
export const WEBHOOK_EVENT_AREAS = ["messages", "contacts", "threads", "channels", "crm", "bookings"] as const;
export type WebhookEventArea = (typeof WEBHOOK_EVENT_AREAS)[number];

export const WEBHOOK_EVENT_TYPES = [
  { type: "message.received", area: "messages", description: "Входящее сообщение от клиента" },
  { type: "message.sent", area: "messages", description: "Исходящее сообщение (оператор или ассистент) отправлено в мессенджер" },
  { type: "contact.created", area: "contacts", description: "Новый контакт" },
  { type: "contact.updated", area: "contacts", description: "Данные контакта изменены" },
  { type: "contact.deleted", area: "contacts", description: "Контакт удалён" },
  { type: "thread.status_changed", area: "threads", description: "Изменён статус диалога" },
  { type: "thread.ai_toggled", area: "threads", description: "ИИ включён или выключен в диалоге" },
  { type: "thread.handoff", area: "threads", description: "Ассистент передал диалог оператору" },
  { type: "channel.state_changed", area: "channels", description: "Канал подключён, отключён, включён или выключен" },
  { type: "whatsapp.state_changed", area: "channels", description: "Изменилось состояние WhatsApp-инстанса" },
  { type: "lead.created", area: "crm", description: "В CRM (Bitrix24) создан лид или сделка для контакта" },
  { type: "lead.failed", area: "crm", description: "Лид или сделку в CRM (Bitrix24) создать не удалось" },
  { type: "booking.created", area: "bookings", description: "Клиент записан на время в Google Календаре" },
  { type: "booking.cancelled", area: "bookings", description: "Запись в Google Календаре отменена" },
] as const satisfies readonly { type: string; area: WebhookEventArea; description: string }[];

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]["type"];
export const WEBHOOK_EVENT_TYPE_NAMES = WEBHOOK_EVENT_TYPES.map((e) => e.type) as [WebhookEventType, ...WebhookEventType[]];

/** The event "send test event" posts; not subscribable, always delivered to the endpoint asked. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
