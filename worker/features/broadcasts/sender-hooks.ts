import type { Message } from "../../db/schema/inbox";
import type { Env } from "../../env";
import { type PulledMessage, restorePulledPreviews } from "./pulled-preview";

/**
 * What the one outbound sender does for a broadcast's message (metadata.broadcastId), kept here so
 * the sender changes by a few calls. The recipient row is the broadcast's truth; the sender moves it.
 */

/**
 * How long a sender's claim on a recipient holds. A claim older than this whose send never reported
 * back belongs to a Worker that died mid-send: whether the messenger took the message is unknown,
 * so the recipient is marked failed with that reason and the message is NOT sent again (a broadcast
 * sends nobody twice; at most once for the one message that was in flight).
 */
export const CLAIM_LEASE_MS = 60_000;
export const INTERRUPTED_REASON = "Отправка прервалась на стороне сервера: неизвестно, дошло ли сообщение, поэтому повторно оно не отправлялось";

/** The broadcast a message belongs to (a test send is no broadcast's message). */
export function broadcastOf(m: Pick<Message, "metadata">): string | null {
  const meta = (m.metadata ?? {}) as Record<string, unknown>;
  return typeof meta.broadcastId === "string" && meta.broadcastTest !== true ? meta.broadcastId : null;
}

/**
 * A broadcast message's send pace: a paced one (`broadcastPace` sends a second, set by the pump)
 * takes the channel's slots at that pace, at least the channel's own gap, so a window handed out
 * at once (or a backlog in the queue) still leaves at no more than the pace; live replies share
 * the same slots. Pacing off: no slots (the messenger's 429 and retry_after still apply).
 */
export function broadcastPace(m: Pick<Message, "metadata">, channelMs: number): { channelMs: number; chatMs: number } {
  const pace = ((m.metadata ?? {}) as Record<string, unknown>).broadcastPace;
  return typeof pace === "number" && pace > 0 ? { channelMs: Math.max(channelMs, Math.ceil(1000 / pace)), chatMs: 0 } : { channelMs: 0, chatMs: 0 };
}

/**
 * Right before the messenger is called: the sender claims the recipient (one guarded UPDATE), so
 * two deliveries of one queue message, or a re-enqueued one, never both send. `send`: go on;
 * `skip`: acknowledge without sending (already sent, pulled back by a pause or a cancel);
 * `busy`: another delivery holds the claim now, look again later.
 */
export async function claimBroadcastSend(env: Env, broadcastId: string, messageId: string, now = Date.now()): Promise<"send" | "skip" | "busy"> {
  const claimed = await env.DB.prepare(
    `UPDATE broadcast_recipients SET claimed_at = ?3 WHERE broadcast_id = ?1 AND message_id = ?2 AND state = 'queued'
       AND claimed_at IS NULL AND EXISTS (SELECT 1 FROM broadcasts b WHERE b.id = ?1 AND b.status = 'sending') RETURNING 1 AS ok`,
  )
    .bind(broadcastId, messageId, now)
    .first();
  if (claimed) return "send";
  const row = await env.DB.prepare(
    "SELECT r.state, r.claimed_at, b.status, b.account_id FROM broadcast_recipients r JOIN broadcasts b ON b.id = r.broadcast_id WHERE r.broadcast_id = ?1 AND r.message_id = ?2",
  )
    .bind(broadcastId, messageId)
    .first<{ state: string | null; claimed_at: number | null; status: string; account_id: string }>();
  if (!row || row.state !== "queued") return "skip";
  if (row.claimed_at !== null && row.claimed_at >= now - CLAIM_LEASE_MS) return "busy";
  if (row.claimed_at !== null) {
    // The claim's holder died mid-send: at most once, so failed with the reason, never sent again.
    await env.DB.batch([
      env.DB.prepare("UPDATE broadcast_recipients SET state = 'failed', error = ?3, updated_at = ?4 WHERE broadcast_id = ?1 AND message_id = ?2 AND state = 'queued'").bind(broadcastId, messageId, INTERRUPTED_REASON, now),
      env.DB.prepare(
        `UPDATE messages SET delivery_status = 'failed', metadata = json_set(metadata, '$.deliveryError', ?3, '$.deliveryErrorCode', 'SEND_INTERRUPTED'), updated_at = ?4
         WHERE id = ?1 AND account_id = ?2 AND platform_message_id IS NULL`,
      ).bind(messageId, row.account_id, INTERRUPTED_REASON, now),
    ]);
    return "skip";
  }
  // Queued but the broadcast stopped (a pause or cancel pulled everything else back): this one goes back too.
  const to = row.status === "cancelled" ? "state = 'skipped', error = 'Рассылка отменена до отправки'" : "state = NULL";
  const [, deleted] = await env.DB.batch<PulledMessage>([
    env.DB.prepare(`UPDATE broadcast_recipients SET ${to}, message_id = NULL, updated_at = ?3 WHERE broadcast_id = ?1 AND message_id = ?2 AND state = 'queued'`).bind(broadcastId, messageId, now),
    env.DB.prepare("DELETE FROM messages WHERE id = ?1 AND account_id = ?2 AND platform_message_id IS NULL RETURNING thread_id, created_at").bind(messageId, row.account_id),
  ]);
  await restorePulledPreviews(env, row.account_id, deleted?.results ?? []);
  return "skip";
}

/** The send failed for now (it will be retried): the claim is given up so the retry can take it. */
export async function releaseBroadcastClaim(env: Env, broadcastId: string, messageId: string): Promise<void> {
  await env.DB.prepare("UPDATE broadcast_recipients SET claimed_at = NULL WHERE broadcast_id = ?1 AND message_id = ?2 AND state = 'queued'").bind(broadcastId, messageId).run();
}

/** The messenger took it: the recipient's `sent`, for the sender's own transaction with the platform id. */
export function sentStatement(env: Env, broadcastId: string, messageId: string, now = Date.now()): D1PreparedStatement {
  return env.DB.prepare("UPDATE broadcast_recipients SET state = 'sent', updated_at = ?3 WHERE broadcast_id = ?1 AND message_id = ?2 AND state = 'queued'").bind(broadcastId, messageId, now);
}

/** The message failed for good (refused, channel gone, out of attempts): the recipient keeps the reason. */
export async function broadcastFailed(env: Env, messageId: string, reason: string): Promise<void> {
  await env.DB.prepare("UPDATE broadcast_recipients SET state = 'failed', error = ?2, updated_at = ?3 WHERE message_id = ?1 AND state = 'queued'").bind(messageId, reason, Date.now()).run();
}

/**
 * Delivery receipts (WhatsApp, Instagram; the existing `status` and `read` events): recipients
 * follow their broadcast messages (given as the updated message rows) to delivered or read, never
 * back; a failure reported after sending fails the recipient with the messenger's reason.
 */
export async function broadcastReceipts(env: Env, rows: Record<string, unknown>[]): Promise<void> {
  const picked = rows
    .filter((r) => String(r.metadata ?? "").includes('"broadcastId"'))
    .map((r) => ({ id: String(r.id), status: String(r.delivery_status), error: String(r.metadata ?? "") }))
    .filter((r) => ["delivered", "read", "failed"].includes(r.status));
  if (!picked.length) return;
  await env.DB.prepare(
    `UPDATE broadcast_recipients SET updated_at = ?2,
       state = (SELECT j.value ->> 'status' FROM json_each(?1) j WHERE j.value ->> 'id' = broadcast_recipients.message_id),
       error = CASE WHEN (SELECT j.value ->> 'status' FROM json_each(?1) j WHERE j.value ->> 'id' = broadcast_recipients.message_id) = 'failed'
         THEN (SELECT json_extract(m.metadata, '$.deliveryError') FROM messages m WHERE m.id = broadcast_recipients.message_id) ELSE error END
     WHERE message_id IN (SELECT j.value ->> 'id' FROM json_each(?1) j)
       AND (CASE state WHEN 'read' THEN 3 WHEN 'delivered' THEN 2 WHEN 'failed' THEN 9 ELSE 1 END)
         < (CASE (SELECT j.value ->> 'status' FROM json_each(?1) j WHERE j.value ->> 'id' = broadcast_recipients.message_id) WHEN 'read' THEN 3 WHEN 'delivered' THEN 2 ELSE 4 END)`,
  )
    .bind(JSON.stringify(picked.map(({ id, status }) => ({ id, status }))), Date.now())
    .run();
}

/** The messenger said the person blocked the bot or is gone: no more broadcasts for this contact (INTEGRATIONS §5). */
export async function unsubscribeGone(env: Env, accountId: string, contactId: string): Promise<void> {
  await env.DB.prepare("UPDATE contacts SET subscription = 'unsubscribed', updated_at = ?3 WHERE id = ?1 AND account_id = ?2 AND subscription = 'subscribed'")
    .bind(contactId, accountId, Date.now())
    .run();
}

export const RECIPIENT_GONE_REASON = "Контакт заблокировал бота или удалил аккаунт: он отписан от рассылок";
