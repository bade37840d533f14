// @shared-with-spa: pure code the SPA imports at run time (unit names and money formatting); no bindings, no server imports.
/**
 * The one vocabulary of billing units: plan `included`/`overage` keys, `usage_daily.metric` and the
 * API's usage fields are these names.
 */
export const CONSUMABLES = ["aiReplies", "messagesIn", "messagesOut", "broadcastRecipients"] as const;
export type Consumable = (typeof CONSUMABLES)[number];
export const CAPS = ["assistants", "channels", "seats"] as const;
export type Cap = (typeof CAPS)[number];
export const UNITS = [...CONSUMABLES, ...CAPS] as const;
export type Unit = (typeof UNITS)[number];
/** Metered but not limited or priced: model tokens per model. */
export const TOKEN_METRICS = ["tokensIn", "tokensOut"] as const;
export const METRICS = [...CONSUMABLES, ...TOKEN_METRICS] as const;
export type Metric = (typeof METRICS)[number];

/** Russian names (genitive plural after a number: "использовано 10 из 100 …"). */
export const UNIT_LABELS: Record<Unit, string> = {
  aiReplies: "ответов ИИ",
  messagesIn: "входящих сообщений",
  messagesOut: "исходящих сообщений",
  broadcastRecipients: "получателей рассылок",
  assistants: "ассистентов",
  channels: "подключённых каналов",
  seats: "мест операторов",
};

/** 199000 → "1 990 ₽", 150 → "1,50 ₽" (ru-RU). */
export function formatRub(kopecks: number): string {
  const whole = kopecks % 100 === 0;
  return `${(kopecks / 100).toLocaleString("ru-RU", { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })} ₽`;
}
