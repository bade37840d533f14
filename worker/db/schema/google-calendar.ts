import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accountRef } from "./accounts";
import { timestamps } from "./columns";
import { contacts } from "./inbox";

/** One weekday of the working hours (index 0 is Monday): on, and the wall-clock "HH:MM" from and to. */
export interface WorkingDay {
  on: boolean;
  from: string;
  to: string;
}

/** The booking settings of an account's Google Calendar (features/google-calendar). */
export interface BookingSettings {
  /** IANA zone of the working hours (Europe/Moscow…). */
  timezone: string;
  workingHours: WorkingDay[];
  slotMinutes: number;
  bufferMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  /** Hours before the start when the customer is reminded (0: no reminder). */
  reminderHours: number;
}

export const GCAL_STATUSES = ["disconnected", "connected", "error"] as const;
export type GcalStatus = (typeof GCAL_STATUSES)[number];

/**
 * The Google Calendar of an account (one per account). Tokens are AES-GCM sealed with
 * ENCRYPTION_KEY (lib/crypto); a disconnect clears them and keeps the settings for a reconnect.
 * `status` "error" with `lastErrorCode` "invalid_grant" is the "reconnect" state.
 */
export const googleCalendarConnections = sqliteTable("google_calendar_connections", {
  accountId: accountRef().primaryKey(),
  status: text("status", { enum: GCAL_STATUSES }).notNull().default("disconnected"),
  refreshTokenEnc: text("refresh_token_enc"),
  accessTokenEnc: text("access_token_enc"),
  accessExpiresAt: integer("access_expires_at"),
  scope: text("scope"),
  calendarId: text("calendar_id"),
  calendarSummary: text("calendar_summary"),
  settings: text("settings", { mode: "json" }).$type<BookingSettings>(),
  lastErrorCode: text("last_error_code"),
  lastError: text("last_error"),
  lastErrorAt: integer("last_error_at"),
  lastWorkedAt: integer("last_worked_at"),
  connectedAt: integer("connected_at"),
  ...timestamps(),
});

export const BOOKING_STATUSES = ["pending", "booked", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_SOURCES = ["assistant", "flow", "api"] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

/**
 * A time booked in the account's calendar. `eventId` is the Google event's id chosen by us
 * (deterministic, so a retried insert answers 409 instead of making a second event). At most one
 * live (pending or booked) booking per calendar and start: the partial unique index.
 */
export const calendarBookings = sqliteTable(
  "calendar_bookings",
  {
    id: text("id").primaryKey(),
    accountId: accountRef(),
    contactId: text("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    threadId: text("thread_id"),
    calendarId: text("calendar_id").notNull(),
    eventId: text("event_id").notNull(),
    startAt: integer("start_at").notNull(),
    endAt: integer("end_at").notNull(),
    /** The customer's zone the time was shown in. */
    timezone: text("timezone").notNull(),
    summary: text("summary").notNull(),
    status: text("status", { enum: BOOKING_STATUSES }).notNull(),
    source: text("source", { enum: BOOKING_SOURCES }).notNull(),
    reminderAt: integer("reminder_at"),
    reminderSentAt: integer("reminder_sent_at"),
    cancelledAt: integer("cancelled_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("calendar_bookings_event_uq").on(t.accountId, t.eventId),
    uniqueIndex("calendar_bookings_live_slot_uq").on(t.accountId, t.calendarId, t.startAt).where(sql`status <> 'cancelled'`),
    index("calendar_bookings_account_start_idx").on(t.accountId, t.startAt),
    index("calendar_bookings_contact_idx").on(t.contactId),
    // The cron's sweep of reminders whose job was lost (reminder.job.ts): only the unsent ones of standing bookings.
    index("calendar_bookings_reminder_due_idx").on(t.reminderAt).where(sql`status = 'booked' AND reminder_sent_at IS NULL`),
  ],
);

export type CalendarBooking = typeof calendarBookings.$inferSelect;
