import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import { createLogger } from "../../lib/logger";
import type { BookingResult, Effect, OfferedSlot } from "../flows/runtime/types";
import { bookSlot, findSlots } from "./booking.service";
import { zonedIso } from "./slots";

/**
 * The flows' booking step's calendar work, after its turn's commit (flows/runtime/turn.ts runs it
 * as an after-effect, and the outbox sweeper may run it again): the free slots of the account's
 * calendar, or the booking of the chosen one, through the same service as the assistant's tools
 * (freeBusy re-checked, a deterministic event id, source "flow"). The answer goes back to the run
 * as its next turn (`booking` input, keyed by the turn), so a repeat books nothing twice: the same
 * contact and start answers "already booked" with the same booking.
 */
const log = createLogger({ component: "flow-booking" });
const DAY = 86_400_000;
const WEEKDAYS = ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"];

type BookingEffect = Extract<Effect, { type: "booking" }>;

/** "Вт 10.03, 15:00" from a local RFC 3339 time ("2026-03-10T15:00:00+03:00"). */
export function slotLabel(local: string): string {
  const [y, m, d] = local.slice(0, 10).split("-").map(Number) as [number, number, number];
  const weekday = WEEKDAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7];
  return `${weekday} ${local.slice(8, 10)}.${local.slice(5, 7)}, ${local.slice(11, 16)}`;
}

/** "10.03.2026 в 15:00". */
function fullLabel(local: string): string {
  return `${local.slice(8, 10)}.${local.slice(5, 7)}.${local.slice(0, 4)} в ${local.slice(11, 16)}`;
}

/** A slot's button id: its start in minutes, base 36 (stable across offers, so an old button never picks another time). */
const slotId = (start: number) => `t${Math.round(start / 60_000).toString(36)}`;

async function offered(env: Env, accountId: string, e: BookingEffect, now: number): Promise<OfferedSlot[]> {
  const r = await findSlots(env, accountId, { from: now, to: now + e.days * DAY, timezone: e.timezone, limit: e.count }, now);
  return r.slots.slice(0, e.count).map((s) => {
    const start = Date.parse(s.startUtc);
    return { id: slotId(start), label: slotLabel(s.start), start };
  });
}

function failure(e: unknown, accountId: string): BookingResult {
  if (e instanceof AppError && (e.code === "GOOGLE_NOT_CONNECTED" || e.code === "GOOGLE_CALENDAR_NOT_CHOSEN" || e.code === "GOOGLE_RECONNECT")) return { status: "failed", reason: "notConnected" };
  log.warn("the flow's booking step could not reach the calendar", { error: e, accountId });
  return { status: "failed", reason: "failed" };
}

/** Runs the step's calendar call and answers what the run goes on with. */
export async function flowBookingResult(env: Env, t: { accountId: string; contactId: string; threadId: string }, e: BookingEffect, now = Date.now()): Promise<BookingResult> {
  try {
    if (e.op === "offer") {
      const slots = await offered(env, t.accountId, e, now);
      return slots.length ? { status: "slots", slots } : { status: "failed", reason: "noSlots" };
    }
    const r = await bookSlot(env, t.accountId, { start: e.start, contactId: t.contactId, threadId: t.threadId, timezone: e.timezone, source: "flow" }, now);
    if (r.ok) {
      const local = zonedIso(e.timezone ?? r.booking.timezone, Date.parse(r.booking.start));
      return { status: "booked", bookingId: r.booking.id, label: fullLabel(local), date: local.slice(0, 10), local };
    }
    // Taken meanwhile (another customer, or busy in Google now): fresh slots instead.
    const slots = await offered(env, t.accountId, e, now);
    return slots.length ? { status: "taken", slots } : { status: "failed", reason: "noSlots" };
  } catch (err) {
    return failure(err, t.accountId);
  }
}
