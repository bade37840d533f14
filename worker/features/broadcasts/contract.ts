// @shared-with-spa: the broadcast's states, limits, pacing defaults and the text renderer, used by the pump and by the composer's preview; no bindings, no server imports.

/** A broadcast's life: draft → scheduled → sending ⇄ paused → completed; cancelled or failed end it early. */
export const BROADCAST_STATUSES = ["draft", "scheduled", "sending", "paused", "completed", "cancelled", "failed"] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];
/** States in which the broadcast can still change course (pause, resume, cancel). */
export const LIVE_STATUSES: readonly BroadcastStatus[] = ["scheduled", "sending", "paused"];

/**
 * One recipient's state. `queued`: handed to the outbound sender (its message row exists);
 * `sent` → `delivered` → `read` follow the channel's receipts; `failed` carries a reason;
 * `skipped`: never sent (unsubscribed meanwhile, outside Instagram's 24-hour window, cancelled).
 */
export const RECIPIENT_STATES = ["queued", "sent", "delivered", "read", "failed", "skipped"] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

export const MAX_BUTTONS = 10;
export const MAX_BUTTON_LABEL = 64;
export const MAX_BROADCAST_TEXT = 4096;
export const MAX_BROADCAST_NAME = 200;

/** A button under the message: a link (url) or a reply button whose press comes back as the contact's message. */
export interface BroadcastButton {
  label: string;
  url?: string;
  /** A reply button that starts this published flow (of the same account) for the contact who presses it. */
  flowId?: string;
}

/** Pacing per platform. Telegram and Instagram: sends per second per bot/page; WhatsApp: a random pause between sends per instance. */
export interface BroadcastPacing {
  /** Sends per second; `null` = no pacing of ours (the sender still obeys the messenger's 429 and retry_after). */
  perSecond?: number | null;
  /** WhatsApp: the pause between two sends is drawn from [minDelaySec, maxDelaySec]. */
  minDelaySec?: number;
  maxDelaySec?: number;
}

export const PACING_DEFAULTS: Record<"TELEGRAM" | "WHATSAPP" | "INSTAGRAM", BroadcastPacing> = {
  // Telegram allows about 30 messages a second per bot; 25 keeps room for the bot's live replies.
  TELEGRAM: { perSecond: 25 },
  // Green API bans bulk senders: one message every 5–15 s, with jitter, per instance.
  WHATSAPP: { minDelaySec: 5, maxDelaySec: 15 },
  INSTAGRAM: { perSecond: 10 },
};
export const PACING_LIMITS = { perSecondMax: 30, minDelaySecMin: 1, maxDelaySecMax: 600 } as const;

/** Instagram lets a business write only inside 24 hours of the contact's last message. */
export const INSTAGRAM_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The values a message's variables are filled from: the contact's name and its custom fields by key. */
export type VarValue = string | number | boolean | string[] | null | undefined;
export interface BroadcastVars {
  name?: string | null;
  fields?: Record<string, VarValue>;
}

const VARIABLE = /\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g;

/** The variable names a text uses, in order of first use (`{{name}}`, `{{city}}`…). */
export function textVariables(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(VARIABLE)) seen.add(m[1]!);
  return [...seen];
}

function shown(v: VarValue): string {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) return v.join(", ");
  if (typeof v === "boolean") return v ? "да" : "нет";
  return String(v);
}

/** Fills `{{name}}` and `{{<field key>}}`; a variable without a value becomes empty text (never the braces). */
export function renderBroadcastText(text: string, vars: BroadcastVars): string {
  return text
    .replace(VARIABLE, (_all, key: string) => (key === "name" ? (vars.name ?? "").trim() : shown(vars.fields?.[key])))
    .replace(/[ \t]+\n/g, "\n")
    .trim();
}

/** Where the channel has no buttons: the buttons become a numbered list under the text ("1. Label — url"). */
export function withNumberedButtons(text: string, buttons: readonly BroadcastButton[]): string {
  if (!buttons.length) return text;
  const list = buttons.map((b, i) => `${i + 1}. ${b.label}${b.url ? ` — ${b.url}` : ""}`).join("\n");
  return `${text}\n\n${list}`;
}

/** Whether the platform shows real buttons (Telegram's inline keyboard); elsewhere they are a numbered list. */
export const hasNativeButtons = (platform: string) => platform === "TELEGRAM";

/** Per-state recipient counts of a broadcast, plus button clicks. */
export interface BroadcastCounts {
  total: number;
  queued: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  skipped: number;
  clicks: number;
}

/** `GET …/broadcasts/{id}/stats` and the room's `broadcast` event. */
export interface BroadcastStatsDto {
  broadcastId: string;
  status: BroadcastStatus;
  pausedReason: string | null;
  counts: BroadcastCounts;
  updatedAt: number;
}
