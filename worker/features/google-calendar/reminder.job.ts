import type { Env } from "../../env";
import { createLogger } from "../../lib/logger";
import { enqueueJob, type JobOf } from "../jobs/jobs";
import { insertMessageStatement, lastMessageFields, messageRow, threadFollowStatement } from "../inbox/message-writer";
import { publishSafe } from "../inbox/realtime";
import { rowToContact, rowToMessage, rowToThread } from "../inbox/rows";
import { serializeMessage } from "../inbox/serialize";
import { enqueueSend } from "../outbound/outbound";
import { zonedIso } from "./slots";

/**
 * The reminder N hours before a booking: a `booking-reminder` job, queued again in hops of at most
 * 12 hours (the queue's longest delay) until due; then the booking's row is claimed
 * (`reminder_sent_at` set only where it is empty and the booking still stands) and one outgoing
 * message with the dedupe key `booking-reminder:<id>` goes to the customer's thread through the one
 * outbound sender. A redelivered job finds the claim taken and sends nothing: exactly once.
 */
const MAX_DELAY_SECONDS = 12 * 3600;
const log = createLogger({ component: "booking-reminder" });

export async function scheduleReminder(env: Env, r: { accountId: string; bookingId: string; dueAt: number }): Promise<void> {
  const seconds = Math.max(0, Math.ceil((r.dueAt - Date.now()) / 1000));
  await enqueueJob(env, { kind: "booking-reminder", ...r }, { delaySeconds: Math.min(seconds, MAX_DELAY_SECONDS) });
}

export function reminderText(startLocal: string): string {
  const [date, time] = startLocal.slice(0, 16).split("T");
  const [y, m, d] = date!.split("-");
  return `Напоминаем о вашей записи ${d}.${m}.${y} в ${time}. Если планы изменились, напишите нам.`;
}

export async function runBookingReminder(env: Env, job: JobOf<"booking-reminder">, now = Date.now()): Promise<void> {
  if (job.dueAt - now > 1000) return scheduleReminder(env, job);
  const b = await env.DB.prepare(
    `SELECT b.id, b.start_at, b.timezone, b.contact_id, COALESCE(b.thread_id, (SELECT t.id FROM threads t WHERE t.account_id = b.account_id AND t.contact_id = b.contact_id ORDER BY t.last_message_at DESC LIMIT 1)) AS thread_id
     FROM calendar_bookings b WHERE b.id = ?1 AND b.account_id = ?2`,
  )
    .bind(job.bookingId, job.accountId)
    .first<{ id: string; start_at: number; timezone: string; contact_id: string | null; thread_id: string | null }>();
  if (!b || !b.contact_id || !b.thread_id) return;
  const content = reminderText(zonedIso(b.timezone, b.start_at));
  const dedupeKey = `booking-reminder:${b.id}`;
  const row = messageRow({ type: "text", direction: "outgoing", content, metadata: { source: "booking-reminder", bookingId: b.id }, senderType: "assistant", delivery: "pending", dedupeKey, createdAt: now });
  const at = { accountId: job.accountId, threadId: b.thread_id, contactId: b.contact_id };
  // One transaction: the message only while the booking stands and has no reminder, and the mark.
  const [ins, , th, c] = await env.DB.batch<Record<string, unknown>>([
    insertMessageStatement(env.DB, at, row, (n) => ({
      sql: `AND EXISTS (SELECT 1 FROM calendar_bookings WHERE id = ?${n} AND status = 'booked' AND reminder_sent_at IS NULL AND start_at > ?${n + 1})`,
      params: [b.id, now],
    })),
    env.DB.prepare("UPDATE calendar_bookings SET reminder_sent_at = ?2 WHERE id = ?1 AND reminder_sent_at IS NULL AND EXISTS (SELECT 1 FROM messages WHERE id = ?3)").bind(b.id, now, row.id),
    threadFollowStatement(env.DB, job.accountId, b.thread_id, { last: lastMessageFields({ type: "text", content }, now), onlyIfInserted: [String(row.id)] }),
    env.DB.prepare("SELECT * FROM contacts WHERE id = ? AND account_id = ?").bind(b.contact_id, job.accountId),
  ]);
  const m = ins!.results[0];
  if (!m) {
    // A repeat: the message exists (or the booking was cancelled); a send lost after the commit goes again (the sender is idempotent per message).
    const prior = await env.DB.prepare("SELECT id FROM messages WHERE account_id = ? AND dedupe_key = ? AND delivery_status = 'pending'").bind(job.accountId, dedupeKey).first<{ id: string }>();
    if (prior) await enqueueSend(env, { accountId: job.accountId, messageId: prior.id });
    return log.debug("reminder not sent again", { bookingId: b.id });
  }
  await publishSafe(env, job.accountId, [{ event: "message", data: serializeMessage(rowToMessage(m), c!.results[0] ? rowToContact(c!.results[0]) : null, th!.results[0] ? rowToThread(th!.results[0]) : null) }]);
  await enqueueSend(env, { accountId: job.accountId, messageId: String(m.id) });
}

/** A due reminder counts as lost when it is still unsent this long after its time (its job runs at the time itself). */
export const REMINDER_GRACE_MS = 5 * 60_000;

/**
 * The cron's safety net: reminders that fell due over the grace ago and were never sent (their
 * queued job dropped, or dead-lettered after its retries), for bookings that stand and have not
 * begun, are run now through the same exactly-once path (the message's insert is guarded on
 * `reminder_sent_at IS NULL`, so a job arriving late as well sends nothing the second time).
 */
export async function sweepBookingReminders(env: Env, opts: { now?: number; limit?: number } = {}): Promise<number> {
  const now = opts.now ?? Date.now();
  const due = await env.DB.prepare(
    `SELECT id, account_id, reminder_at FROM calendar_bookings
     WHERE status = 'booked' AND reminder_sent_at IS NULL AND reminder_at IS NOT NULL AND reminder_at <= ?1 AND start_at > ?2 AND contact_id IS NOT NULL
     ORDER BY reminder_at LIMIT ?3`,
  )
    .bind(now - REMINDER_GRACE_MS, now, opts.limit ?? 200)
    .all<{ id: string; account_id: string; reminder_at: number }>();
  let sent = 0;
  for (const b of due.results) {
    try {
      await runBookingReminder(env, { kind: "booking-reminder", accountId: b.account_id, bookingId: b.id, dueAt: b.reminder_at }, now);
      sent++;
    } catch (error) {
      log.error("could not send a lost booking reminder", { error, bookingId: b.id });
    }
  }
  if (sent) log.warn("sent booking reminders whose jobs were lost", { sent });
  return sent;
}
