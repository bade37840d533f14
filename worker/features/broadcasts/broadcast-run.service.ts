import { and, eq, inArray } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { Broadcast } from "../../db/schema/broadcasts";
import type { Env } from "../../env";
import { AppError, conflict } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { zonedToUtc } from "../../lib/zoned-time";
import { reserveQuotaOrThrow, settleQuota } from "../broadcast-quota/quota";
import { enqueueJob } from "../jobs/jobs";
import { publishSafe } from "../inbox/realtime";
import { countOnChannel, materializeRecipients } from "./audience-sql";
import { type PulledMessage, restorePulledPreviews } from "./pulled-preview";
import { broadcastRow, channelOf, channelProblem, compileAudience, getBroadcast, statsDto } from "./broadcasts.service";
import { assertNotBlocked } from "../accounts/accounts.service";
import { type BroadcastStatus, MAX_BUTTONS } from "./contract";

const { broadcasts } = schema;

/** Queues cap a message's delay at 12 hours: a later start is reached in hops of at most this. */
export const MAX_DELAY_SECONDS = 12 * 60 * 60;

/** Schedules the broadcast's next tick and records when it is due (a tick of a superseded chain then stops). */
export async function nextTick(env: Env, b: Pick<Broadcast, "id" | "accountId">, delaySeconds: number): Promise<void> {
  const delay = Math.max(0, Math.min(MAX_DELAY_SECONDS, Math.ceil(delaySeconds)));
  await env.DB.prepare("UPDATE broadcasts SET next_tick_at = ? WHERE id = ?").bind(Date.now() + delay * 1000, b.id).run();
  await enqueueJob(env, { kind: "broadcast-tick", accountId: b.accountId, broadcastId: b.id }, { delaySeconds: delay || undefined });
}

function fieldError(field: string, message: string, code = "VALIDATION_ERROR"): AppError {
  return new AppError(400, code, message, { fields: { [field]: [message] } });
}

/** The stats frame of the room (`broadcast`), read fresh from the row. */
export async function publishStats(env: Env, accountId: string, broadcastId: string): Promise<void> {
  const row = await getDb(env.DB)
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.accountId, accountId)))
    .get();
  if (row) await publishSafe(env, accountId, [{ event: "broadcast", data: statsDto(row) }]);
}

/** A local "YYYY-MM-DDTHH:mm" in the account's time zone → the instant. */
async function startInstant(env: Env, accountId: string, at: string): Promise<number> {
  const acc = await getDb(env.DB).select({ tz: schema.accounts.timezone }).from(schema.accounts).where(eq(schema.accounts.id, accountId)).get();
  const [d, t] = at.split("T") as [string, string];
  const [y, mo, day] = d.split("-").map(Number) as [number, number, number];
  const [h, mi, s] = t.split(":").map(Number) as [number, number, number | undefined];
  return zonedToUtc(acc?.tz ?? "Europe/Moscow", y, mo, day, h, mi, s ?? 0);
}

/** What a start needs that the draft's own validation could not know: the channel's state now, a non-empty audience. */
async function checkStartable(env: Env, b: Broadcast) {
  if (!b.channelId) throw fieldError("channelId", "Выберите канал рассылки");
  const ch = await channelOf(env, b.accountId, b.channelId);
  const problem = channelProblem(ch);
  if (problem) throw fieldError("channelId", problem, "CHANNEL_NOT_READY");
  if (!b.message.text.trim() && !b.message.media) throw fieldError("content.text", "Введите текст сообщения или прикрепите файл");
  if ((b.message.buttons ?? []).length > MAX_BUTTONS) throw fieldError("content.buttons", `Не больше ${MAX_BUTTONS} кнопок`);
  const audience = await compileAudience(env, b.accountId, b.audience);
  const n = await countOnChannel(env, audience, ch);
  if (n === 0) throw fieldError("audience", "В аудитории нет получателей на этом канале: отписанные, заблокированные и тестовые контакты не считаются", "AUDIENCE_EMPTY");
  return { ch, audience, n };
}

/**
 * Start now, or at a local date-time of the account (→ `scheduled`). The recipients are reserved
 * here for the audience counted on the broadcast's channel, from the plan's included ones first and
 * then from packages (a refusal beyond both is the 400 with the numbers, saying to buy a package);
 * sending now materializes the recipients at once, a scheduled start when its first tick comes.
 */
export async function startBroadcast(env: Env, accountId: string, broadcastId: string, body: { at?: string }) {
  const b = await broadcastRow(env, accountId, broadcastId);
  await assertNotBlocked(env, accountId);
  if (b.status !== "draft") throw conflict("Рассылка уже запущена", "BROADCAST_NOT_DRAFT");
  const now = Date.now();
  const at = body.at ? await startInstant(env, accountId, body.at) : null;
  if (at !== null && at < now - 60_000) throw fieldError("at", "Это время уже прошло: выберите время в будущем");
  const scheduled = at !== null && at > now + 5_000;
  const { ch, audience, n } = await checkStartable(env, b);
  const reserved = await reserveQuotaOrThrow(getDb(env.DB), accountId, broadcastId, n);
  const total = scheduled ? 0 : await materializeRecipients(env, broadcastId, audience, ch, reserved);
  const flipped = await getDb(env.DB)
    .update(broadcasts)
    .set({
      status: scheduled ? "scheduled" : "sending",
      scheduledAt: scheduled ? at : null,
      startedAt: scheduled ? null : now,
      quotaReserved: reserved,
      total,
      pausedReason: null,
      updatedAt: Date.now(),
    })
    .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.accountId, accountId), eq(broadcasts.status, "draft")))
    .returning({ id: broadcasts.id });
  if (!flipped.length) throw conflict("Рассылка уже запущена", "BROADCAST_NOT_DRAFT");
  await nextTick(env, { id: broadcastId, accountId }, scheduled ? (at! - now) / 1000 : 0);
  await publishStats(env, accountId, broadcastId);
  return getBroadcast(env, accountId, broadcastId);
}

/**
 * Messages handed to the sender but not claimed by it yet go back (their rows are removed): to
 * "not sent yet" on pause, to `skipped` on cancel. A send already claimed goes out. Threads that
 * showed a taken-back message as their last one show their newest remaining message again.
 */
async function pullBack(env: Env, accountId: string, broadcastId: string, to: "pending" | "skipped") {
  const now = Date.now();
  const set = to === "skipped" ? "state = 'skipped', error = 'Рассылка отменена до отправки'" : "state = NULL";
  // One transaction: the unclaimed pending messages go, then the recipients whose message is gone.
  // The messages by their ids (`+`: SQLite otherwise walked the account's messages without a platform id).
  const [deleted] = await env.DB.batch<PulledMessage>([
    env.DB.prepare(
      `DELETE FROM messages WHERE +account_id = ?2 AND delivery_status = 'pending' AND +platform_message_id IS NULL AND id IN (
         SELECT r.message_id FROM broadcast_recipients r WHERE r.broadcast_id = ?1 AND r.state = 'queued' AND r.claimed_at IS NULL)
       RETURNING thread_id, created_at`,
    ).bind(broadcastId, accountId),
    env.DB.prepare(
      `UPDATE broadcast_recipients SET ${set}, message_id = NULL, updated_at = ?2
       WHERE broadcast_id = ?1 AND state = 'queued' AND claimed_at IS NULL AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = broadcast_recipients.message_id)`,
    ).bind(broadcastId, now),
  ]);
  await restorePulledPreviews(env, accountId, deleted?.results ?? []);
  if (to === "skipped") {
    await env.DB.prepare("UPDATE broadcast_recipients SET state = 'skipped', error = 'Рассылка отменена до отправки', updated_at = ?2 WHERE broadcast_id = ?1 AND state IS NULL")
      .bind(broadcastId, now)
      .run();
  }
}

async function transition(env: Env, accountId: string, broadcastId: string, from: BroadcastStatus[], set: Partial<Broadcast>, refusal: string) {
  const res = await getDb(env.DB)
    .update(broadcasts)
    .set({ ...set, updatedAt: Date.now() })
    .where(and(eq(broadcasts.id, broadcastId), eq(broadcasts.accountId, accountId), inArray(broadcasts.status, from)))
    .returning({ id: broadcasts.id });
  if (!res.length) {
    await broadcastRow(env, accountId, broadcastId); // 404 first
    throw conflict(refusal, "BROADCAST_WRONG_STATUS");
  }
}

/** Pause: the pump stops at its next tick and what the sender has not taken yet goes back. */
export async function pauseBroadcast(env: Env, accountId: string, broadcastId: string, reason: string | null = null) {
  await transition(env, accountId, broadcastId, ["sending", "scheduled"], { status: "paused", pausedReason: reason }, "Поставить на паузу можно только идущую или запланированную рассылку");
  await pullBack(env, accountId, broadcastId, "pending");
  await refreshCounts(env, broadcastId);
  await publishStats(env, accountId, broadcastId);
  return getBroadcast(env, accountId, broadcastId);
}

/**
 * The channel itself stopped (WhatsApp's `yellowCard`): every broadcast sending or scheduled on it
 * is paused with the reason, and what the sender has not taken yet goes back.
 */
export async function pauseChannelBroadcasts(env: Env, channelId: string, reason: string): Promise<number> {
  const rows = await env.DB.prepare("UPDATE broadcasts SET status = 'paused', paused_reason = ?1, updated_at = ?2 WHERE channel_id = ?3 AND status IN ('sending', 'scheduled') RETURNING id, account_id")
    .bind(reason, Date.now(), channelId)
    .all<{ id: string; account_id: string }>();
  for (const b of rows.results) {
    await pullBack(env, b.account_id, b.id, "pending");
    await refreshCounts(env, b.id);
    await publishStats(env, b.account_id, b.id);
  }
  return rows.results.length;
}

/** Resume: back to sending (or to scheduled when its time has not come), and the pump goes on. */
export async function resumeBroadcast(env: Env, accountId: string, broadcastId: string) {
  const b = await broadcastRow(env, accountId, broadcastId);
  if (b.status !== "paused") throw conflict("Продолжить можно только рассылку на паузе", "BROADCAST_WRONG_STATUS");
  await assertNotBlocked(env, accountId);
  if (b.channelId) {
    const problem = channelProblem(await channelOf(env, accountId, b.channelId));
    if (problem) throw fieldError("channelId", problem, "CHANNEL_NOT_READY");
  }
  // Never started (paused while scheduled): back to scheduled, so its first tick materializes the recipients.
  const wait = b.startedAt === null && b.scheduledAt !== null ? b.scheduledAt - Date.now() : 0;
  await transition(env, accountId, broadcastId, ["paused"], { status: b.startedAt === null ? "scheduled" : "sending", pausedReason: null }, "Продолжить можно только рассылку на паузе");
  await nextTick(env, { id: broadcastId, accountId }, wait > 0 ? wait / 1000 : 0);
  await publishStats(env, accountId, broadcastId);
  return getBroadcast(env, accountId, broadcastId);
}

/** Cancel: nobody else gets it; the unused quota is released at once. */
export async function cancelBroadcast(env: Env, accountId: string, broadcastId: string) {
  await transition(env, accountId, broadcastId, ["scheduled", "sending", "paused"], { status: "cancelled", completedAt: Date.now() }, "Отменить можно только запланированную, идущую или приостановленную рассылку");
  await pullBack(env, accountId, broadcastId, "skipped");
  await finish(env, accountId, broadcastId);
  await publishStats(env, accountId, broadcastId);
  return getBroadcast(env, accountId, broadcastId);
}

/** Recounts the per-state counts from the recipients (one grouped read, one update). */
export async function refreshCounts(env: Env, broadcastId: string, now = Date.now()): Promise<void> {
  await env.DB.prepare(
    `UPDATE broadcasts SET
       total = (SELECT count(*) FROM broadcast_recipients WHERE broadcast_id = ?1),
       queued = (SELECT count(*) FROM broadcast_recipients WHERE broadcast_id = ?1 AND state = 'queued'),
       sent = (SELECT count(*) FROM broadcast_recipients WHERE broadcast_id = ?1 AND state = 'sent'),
       delivered = (SELECT count(*) FROM broadcast_recipients WHERE broadcast_id = ?1 AND state = 'delivered'),
       read = (SELECT count(*) FROM broadcast_recipients WHERE broadcast_id = ?1 AND state = 'read'),
       failed = (SELECT count(*) FROM broadcast_recipients WHERE broadcast_id = ?1 AND state = 'failed'),
       skipped = (SELECT count(*) FROM broadcast_recipients WHERE broadcast_id = ?1 AND state = 'skipped'),
       clicks = (SELECT count(*) FROM broadcast_recipients WHERE broadcast_id = ?1 AND clicked_at IS NOT NULL),
       updated_at = ?2
     WHERE id = ?1`,
  )
    .bind(broadcastId, now)
    .run();
}

/**
 * The end of a broadcast (completed or cancelled): counts settled, the quota settled (what went
 * out or is still on its way is spent: the plan's part as its usage counted it, the rest from
 * packages; what is left of the reservation is released) and the usage event recorded once.
 */
export async function finish(env: Env, accountId: string, broadcastId: string): Promise<void> {
  await refreshCounts(env, broadcastId);
  const b = await broadcastRow(env, accountId, broadcastId);
  const used = b.queued + b.sent + b.delivered + b.read;
  const settled = await settleQuota(getDb(env.DB), accountId, broadcastId, used);
  if (!settled.alreadySettled && settled.used > 0) {
    const now = Date.now();
    await getDb(env.DB)
      .insert(schema.usageEvents)
      .values({
        id: newId(),
        accountId,
        kind: "broadcast_recipients",
        quantity: settled.used,
        day: new Date(now).toISOString().slice(0, 10),
        ref: broadcastId,
        meta: { channelId: b.channelId, plan: settled.plan, packages: settled.packages },
        createdAt: now,
      });
  }
}
