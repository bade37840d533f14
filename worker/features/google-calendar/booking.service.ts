import { and, asc, count, desc, eq, gt, lte, ne, type SQL } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { BookingSettings, BookingSource, CalendarBooking } from "../../db/schema/google-calendar";
import type { Env } from "../../env";
import { sha256Hex } from "../../lib/crypto";
import { AppError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { createLogger } from "../../lib/logger";
import { paged } from "../../lib/validation";
import { emitWebhookEvent } from "../outgoing-webhooks/emit";
import { accessToken, DEFAULT_SETTINGS, googleFailure, recordWorked } from "./connection.service";
import { deleteEvent, freeBusy, insertEvent } from "./google-client";
import { scheduleReminder } from "./reminder.job";
import { freeSlots, type Interval, zonedIso } from "./slots";

/**
 * Free slots and bookings, one service for the assistant's tools, the flows' booking step and the
 * API. Booking: our own row first (a partial unique index allows one live booking per calendar and
 * start), freeBusy re-checked just before, then `events.insert` with a deterministic id, so a
 * repeated call never makes a second event (Google answers 409, taken as "already booked").
 */
const log = createLogger({ component: "google-calendar" });
const MIN = 60_000;
const DAY = 86_400_000;
/** freeBusy refuses windows longer than about 90 days. */
export const MAX_WINDOW_DAYS = 62;

export interface Slot {
  start: string;
  end: string;
  startUtc: string;
}

export interface SlotsAnswer {
  timezone: string;
  customerTimezone: string;
  slots: Slot[];
}

async function ready(env: Env, accountId: string) {
  const { token, connection } = await accessToken(env, accountId);
  if (!connection.calendarId) throw new AppError(409, "GOOGLE_CALENDAR_NOT_CHOSEN", "Календарь для записи не выбран: выберите его в настройках Google Календаря");
  const settings = connection.settings ?? DEFAULT_SETTINGS("Europe/Moscow");
  return { token, calendarId: connection.calendarId, settings };
}

/** Free slots in [from, to) (defaults: now → the horizon), shown in the customer's zone. */
export async function findSlots(env: Env, accountId: string, q: { from?: number; to?: number; timezone?: string; limit?: number }, now = Date.now()): Promise<SlotsAnswer> {
  const { token, calendarId, settings } = await ready(env, accountId);
  const from = Math.max(q.from ?? now, now);
  const to = Math.min(q.to ?? now + settings.horizonDays * DAY, from + MAX_WINDOW_DAYS * DAY, now + settings.horizonDays * DAY);
  const customerTimezone = q.timezone ?? settings.timezone;
  if (to <= from) return { timezone: settings.timezone, customerTimezone, slots: [] };
  let busy: Interval[];
  try {
    busy = await freeBusy(env, token, calendarId, from - settings.bufferMinutes * MIN, to + settings.bufferMinutes * MIN);
  } catch (e) {
    throw googleFailure(e);
  }
  await recordWorked(env, accountId);
  const slots = freeSlots(settings, busy, from, to, now, q.limit ?? 200);
  return { timezone: settings.timezone, customerTimezone, slots: slots.map((s) => slotView(s, customerTimezone)) };
}

const slotView = (s: Interval, tz: string): Slot => ({ start: zonedIso(tz, s.start), end: zonedIso(tz, s.end), startUtc: new Date(s.start).toISOString() });

/** The deterministic Google event id of a booking attempt (base32hex: hex digits are a subset). */
async function eventIdFor(accountId: string, calendarId: string, start: number, contactId: string | null, generation: number): Promise<string> {
  return `as${(await sha256Hex(`${accountId}|${calendarId}|${start}|${contactId ?? ""}|${generation}`)).slice(0, 40)}`;
}

export interface BookInput {
  start: number;
  contactId?: string | null;
  threadId?: string | null;
  timezone?: string;
  summary?: string;
  source: BookingSource;
}

export type BookOutcome = { ok: true; alreadyBooked: boolean; booking: BookingDto } | { ok: false; reason: "slot_taken" | "outside_hours"; message: string };

function isSlotOfRules(settings: BookingSettings, start: number, now: number): boolean {
  return freeSlots(settings, [], start, start + settings.slotMinutes * MIN, now, 1).some((s) => s.start === start);
}

async function liveBookingAt(env: Env, accountId: string, calendarId: string, start: number) {
  const t = schema.calendarBookings;
  return getDb(env.DB)
    .select()
    .from(t)
    .where(and(eq(t.accountId, accountId), eq(t.calendarId, calendarId), eq(t.startAt, start), ne(t.status, "cancelled")))
    .get();
}

async function contactName(env: Env, accountId: string, contactId: string | null | undefined): Promise<string | null> {
  if (!contactId) return null;
  const c = await env.DB.prepare("SELECT name FROM contacts WHERE id = ? AND account_id = ?").bind(contactId, accountId).first<{ name: string }>();
  if (!c) throw notFound("Контакт не найден", "CONTACT_NOT_FOUND");
  return c.name;
}

/** The pending row of this attempt: a new one, or the one a crashed earlier attempt of the same contact left. */
async function claimSlot(env: Env, accountId: string, calendarId: string, settings: BookingSettings, input: BookInput, summary: string, now: number) {
  const existing = await liveBookingAt(env, accountId, calendarId, input.start);
  if (existing) return { existing };
  const contactId = input.contactId ?? null;
  const gen = await env.DB.prepare("SELECT COUNT(*) AS n FROM calendar_bookings WHERE account_id = ?1 AND calendar_id = ?2 AND start_at = ?3 AND status = 'cancelled' AND contact_id IS ?4")
    .bind(accountId, calendarId, input.start, contactId)
    .first<{ n: number }>();
  const row: CalendarBooking = {
    id: newId(),
    accountId,
    contactId,
    threadId: input.threadId ?? null,
    calendarId,
    eventId: await eventIdFor(accountId, calendarId, input.start, contactId, gen?.n ?? 0),
    startAt: input.start,
    endAt: input.start + settings.slotMinutes * MIN,
    timezone: input.timezone ?? settings.timezone,
    summary,
    status: "pending",
    source: input.source,
    reminderAt: settings.reminderHours > 0 ? input.start - settings.reminderHours * 3_600_000 : null,
    reminderSentAt: null,
    cancelledAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const inserted = await getDb(env.DB).insert(schema.calendarBookings).values(row).onConflictDoNothing().returning().get();
  if (inserted) return { row: inserted };
  return { existing: await liveBookingAt(env, accountId, calendarId, input.start) };
}

/** Books a slot (see the module comment); `slot_taken` when someone else holds it or the calendar is busy then. */
export async function bookSlot(env: Env, accountId: string, input: BookInput, now = Date.now()): Promise<BookOutcome> {
  const { token, calendarId, settings } = await ready(env, accountId);
  const taken = { ok: false as const, reason: "slot_taken" as const, message: "Это время уже занято: выберите другое" };
  if (!isSlotOfRules(settings, input.start, now)) return { ok: false, reason: "outside_hours", message: "Это время вне рабочих часов или слишком близко: выберите один из свободных слотов" };
  const name = await contactName(env, accountId, input.contactId);
  const summary = input.summary?.trim() || `Запись: ${name ?? "клиент"}`;
  const claim = await claimSlot(env, accountId, calendarId, settings, input, summary, now);
  let row = claim.row;
  if (!row) {
    const ex = claim.existing;
    if (!ex || ex.contactId !== (input.contactId ?? null)) return taken;
    if (ex.status === "booked") return { ok: true, alreadyBooked: true, booking: bookingDto(ex) };
    row = ex;
  }
  try {
    if (claim.row) {
      const busy = await freeBusy(env, token, calendarId, row.startAt - settings.bufferMinutes * MIN, row.endAt + settings.bufferMinutes * MIN);
      if (busy.some((b) => b.start < row!.endAt + settings.bufferMinutes * MIN && b.end > row!.startAt - settings.bufferMinutes * MIN)) {
        await env.DB.prepare("DELETE FROM calendar_bookings WHERE id = ? AND status = 'pending'").bind(row.id).run();
        return taken;
      }
    }
    const outcome = await insertEvent(env, token, calendarId, {
      id: row.eventId,
      summary,
      description: `Запись через Assistly${name ? ` · ${name}` : ""}`,
      start: { dateTime: zonedIso(settings.timezone, row.startAt), timeZone: settings.timezone },
      end: { dateTime: zonedIso(settings.timezone, row.endAt), timeZone: settings.timezone },
      extendedProperties: { private: { bookingId: row.id, accountId } },
    });
    if (outcome === "duplicate") log.info("event existed already: taken as booked", { accountId, bookingId: row.id });
  } catch (e) {
    await env.DB.prepare("DELETE FROM calendar_bookings WHERE id = ? AND status = 'pending'").bind(row.id).run();
    throw googleFailure(e);
  }
  const booked = await getDb(env.DB).update(schema.calendarBookings).set({ status: "booked", updatedAt: Date.now() }).where(eq(schema.calendarBookings.id, row.id)).returning().get();
  const dto = bookingDto(booked ?? { ...row, status: "booked" });
  await recordWorked(env, accountId);
  await emitWebhookEvent(env, accountId, "booking.created", dto);
  if (dto.reminderAt && dto.reminderAt > Date.now()) await scheduleReminder(env, { accountId, bookingId: dto.id, dueAt: dto.reminderAt });
  return { ok: true, alreadyBooked: false, booking: dto };
}

/** Cancels a booking (the event deleted at Google; one already gone counts as deleted). A cancelled one answers as it is. */
export async function cancelBooking(env: Env, accountId: string, bookingId: string, opts: { contactId?: string } = {}): Promise<BookingDto> {
  const t = schema.calendarBookings;
  const row = await getDb(env.DB).select().from(t).where(and(eq(t.id, bookingId), eq(t.accountId, accountId))).get();
  if (!row || (opts.contactId && row.contactId !== opts.contactId)) throw notFound("Запись не найдена", "BOOKING_NOT_FOUND");
  if (row.status === "cancelled") return bookingDto(row);
  const { token } = await accessToken(env, accountId);
  try {
    await deleteEvent(env, token, row.calendarId, row.eventId);
  } catch (e) {
    throw googleFailure(e);
  }
  const now = Date.now();
  const done = await getDb(env.DB).update(t).set({ status: "cancelled", cancelledAt: now, updatedAt: now }).where(and(eq(t.id, row.id), ne(t.status, "cancelled"))).returning().get();
  const dto = bookingDto(done ?? { ...row, status: "cancelled", cancelledAt: now });
  if (done) await emitWebhookEvent(env, accountId, "booking.cancelled", dto);
  return dto;
}

export type BookingDto = ReturnType<typeof bookingDto>;

export function bookingDto(b: CalendarBooking, contact?: { name: string } | null) {
  return {
    id: b.id,
    contactId: b.contactId,
    contactName: contact?.name ?? null,
    threadId: b.threadId,
    calendarId: b.calendarId,
    eventId: b.eventId,
    start: new Date(b.startAt).toISOString(),
    end: new Date(b.endAt).toISOString(),
    startLocal: zonedIso(b.timezone, b.startAt),
    timezone: b.timezone,
    summary: b.summary,
    status: b.status,
    source: b.source,
    reminderAt: b.reminderAt,
    reminderSentAt: b.reminderSentAt,
    cancelledAt: b.cancelledAt,
    createdAt: b.createdAt,
  };
}

/** Bookings: the upcoming soonest first, the past and all newest first; pending attempts are not shown. */
export async function listBookings(env: Env, accountId: string, q: { page: number; limit: number; contactId?: string; status?: "booked" | "cancelled"; when?: "upcoming" | "past" | "all" }, now = Date.now()) {
  const t = schema.calendarBookings;
  const conds: SQL[] = [eq(t.accountId, accountId), ne(t.status, "pending")];
  if (q.contactId) conds.push(eq(t.contactId, q.contactId));
  if (q.status) conds.push(eq(t.status, q.status));
  if (q.when === "upcoming") conds.push(gt(t.endAt, now));
  if (q.when === "past") conds.push(lte(t.endAt, now));
  const where = and(...conds);
  const db = getDb(env.DB);
  const [rows, total] = await Promise.all([
    db
      .select({ b: t, name: schema.contacts.name })
      .from(t)
      .leftJoin(schema.contacts, eq(schema.contacts.id, t.contactId))
      .where(where)
      .orderBy(q.when === "upcoming" ? asc(t.startAt) : desc(t.startAt))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db.select({ n: count() }).from(t).where(where).get(),
  ]);
  return paged(
    rows.map((r) => bookingDto(r.b, r.name ? { name: r.name } : null)),
    total?.n ?? 0,
    q.page,
    q.limit,
  );
}
