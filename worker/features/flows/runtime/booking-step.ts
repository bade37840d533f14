import { choiceOf } from "./answers";
import type { BookingResult, BookingWait, Effect, FieldValue, OfferedSlot, RtStep, TurnContext } from "./types";

/**
 * The booking step, pure like the rest of the engine (engine.ts applies what these return). The
 * calendar's I/O happens after the turn's commit (worker/features/google-calendar/flow-booking.ts,
 * the same service as the assistant's tools), whose answer comes back as a `booking` input keyed
 * by the step's visit:
 *   enter → wait `loading` + effect `offer` → slots: the step's text with the slots as buttons,
 *   wait `choose` → a choice: wait `booking` + effect `book` → booked: the time saved, the
 *   confirmation, output `booked`; taken meanwhile: the fresh slots offered again; no slots, not
 *   connected, failed, or the retries used up: output `failed`.
 */

export const BOOKING_DEFAULTS = {
  bookedText: "Готово! Вы записаны на {{slot}}.",
  takenText: "Это время только что заняли. Выберите другое:",
  noSlotsText: "Свободного времени для записи сейчас нет. Мы свяжемся с вами.",
  failedText: "Не получилось записать вас: попробуйте позже или напишите нам.",
  errorText: "Выберите время кнопкой или номером из списка",
} as const;

/** What the engine does with the step: send texts (with slot buttons), rest in a wait, or leave by an output. */
export interface BookingOutcome {
  sends: { text: string; slots?: OfferedSlot[] }[];
  effects: Effect[];
  wait?: BookingWait;
  retries?: number;
  vars?: Record<string, string>;
  follow?: "booked" | "failed";
}

type Cfg = Record<string, unknown>;
const text = (cfg: Cfg, key: keyof typeof BOOKING_DEFAULTS | "text", fallback = "") => String(cfg[key] ?? "").trim() || fallback;

function request(step: RtStep, ctx: TurnContext) {
  const cfg = step.flowConfig;
  return {
    stepId: step.flowStepId,
    count: Math.min(10, Math.max(1, Number(cfg.slots) || 6)),
    days: Math.min(60, Math.max(1, Number(cfg.days) || 7)),
    ...(cfg.zone === "account" ? { timezone: ctx.timezone } : {}),
  };
}

/** Entering the step: ask the calendar for free slots (after the commit) and wait for its answer. */
export function enterBooking(step: RtStep, ctx: TurnContext): BookingOutcome {
  const key = `${step.flowStepId}:${ctx.now}`;
  return {
    sends: [],
    effects: [{ type: "booking", op: "offer", key, ...request(step, ctx) }],
    wait: { kind: "booking", stepId: step.flowStepId, phase: "loading", key, slots: [] },
  };
}

/** The customer's message while the slots are offered: a slot (button, number or label) is booked; anything else re-asks. */
export function bookingChoice(step: RtStep, wait: BookingWait, input: { text: string; buttonData?: string | null }, retries: number, ctx: TurnContext): BookingOutcome | null {
  if (wait.phase !== "choose") return null;
  const hit = choiceOf(wait.slots, input.text, input.buttonData);
  if (hit) {
    return { sends: [], effects: [{ type: "booking", op: "book", key: wait.key, start: hit.start, ...request(step, ctx) }], wait: { ...wait, phase: "booking" } };
  }
  const tries = retries + 1;
  if (tries > Math.max(0, Number(step.flowConfig.maxRetries ?? 2))) return { sends: [], effects: [], follow: "failed" };
  return { sends: [{ text: text(step.flowConfig, "errorText", BOOKING_DEFAULTS.errorText), slots: wait.slots }], effects: [], wait, retries: tries };
}

/** The value a custom field of this type stores for the booked time. */
function savedValue(def: { type: string } | undefined, r: Extract<BookingResult, { status: "booked" }>): FieldValue {
  if (def?.type === "date") return r.date;
  if (def?.type === "datetime") return r.local;
  return r.label;
}

/** The calendar's answer for this visit of the step (a stale one, for an earlier visit, is null). */
export function bookingAnswer(step: RtStep, wait: BookingWait, key: string, r: BookingResult, vars: Record<string, string>, ctx: TurnContext): BookingOutcome | null {
  if (wait.key !== key) return null;
  const cfg = step.flowConfig;
  if (r.status === "slots" || r.status === "taken") {
    if (r.status === "slots" && wait.phase !== "loading") return null;
    if (r.status === "taken" && wait.phase !== "booking") return null;
    const intro = r.status === "slots" ? text(cfg, "text") : text(cfg, "takenText", BOOKING_DEFAULTS.takenText);
    return { sends: [{ text: intro, slots: r.slots }], effects: [], wait: { ...wait, phase: "choose", slots: r.slots }, retries: 0 };
  }
  if (r.status === "failed") {
    const fallback = r.reason === "noSlots" ? BOOKING_DEFAULTS.noSlotsText : BOOKING_DEFAULTS.failedText;
    return { sends: [{ text: r.reason === "noSlots" ? text(cfg, "noSlotsText", fallback) : fallback }], effects: [], follow: "failed" };
  }
  if (wait.phase !== "booking") return null;
  const saveTo = cfg.saveTo as { kind: "field"; key: string } | { kind: "variable"; name: string } | undefined;
  const effects: Effect[] = [];
  let next = vars;
  if (saveTo?.kind === "field") {
    const value = savedValue(ctx.fieldDefs.get(saveTo.key), r);
    effects.push({ type: "saveField", key: saveTo.key, value });
    ctx.contact.fields[saveTo.key] = value;
  } else if (saveTo?.kind === "variable") next = { ...vars, [saveTo.name]: r.label };
  const confirm = text(cfg, "bookedText", BOOKING_DEFAULTS.bookedText).replace(/\{\{\s*slot\s*\}\}/g, r.label);
  return { sends: [{ text: confirm }], effects, vars: next, follow: "booked" };
}
