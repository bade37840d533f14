import type { Env } from "../../env";
import { publishSafe } from "../inbox/realtime";
import { rowToMessage } from "../inbox/rows";
import { serializeMessage } from "../inbox/serialize";

/**
 * The claim of a live send (issue #22: "after the messenger accepted a send, before its delivery
 * state is written"). Before the messenger is called, the message records which queue message is
 * sending it (`metadata.sending`); the platform id, written after the call, removes it, and so does
 * a failure the sender handled. A claim still there when the SAME queue message comes again means
 * its holder died during or right after the call: the messenger may have the message, and no
 * messenger here lets us ask, so it is not sent again but marked "possibly delivered" for the
 * operator (failed, code POSSIBLY_DELIVERED, with the sentence below). A claim of another queue
 * message (the same send queued twice) is left to that message's own redelivery.
 * Broadcast sends have their own claim (broadcasts/sender-hooks.ts).
 */
export type SendClaim = "claimed" | "done" | "possibly" | "held";

export const POSSIBLY_DELIVERED = "POSSIBLY_DELIVERED";
export const POSSIBLY_DELIVERED_REASON =
  "Отправка прервалась после того, как сообщение ушло в мессенджер: возможно, клиент его получил. Проверьте переписку в мессенджере, прежде чем отправлять снова.";

export async function claimSend(env: Env, accountId: string, messageId: string, holder: string): Promise<SendClaim> {
  const claimed = await env.DB.prepare(
    `UPDATE messages SET metadata = json_set(metadata, '$.sending', json_object('q', ?1, 'at', ?2))
     WHERE id = ?3 AND account_id = ?4 AND platform_message_id IS NULL AND coalesce(delivery_status, 'pending') = 'pending'
       AND json_extract(metadata, '$.sending') IS NULL
     RETURNING id`,
  )
    .bind(holder, Date.now(), messageId, accountId)
    .first();
  if (claimed) return "claimed";
  const row = await env.DB.prepare(
    "SELECT platform_message_id AS p, coalesce(delivery_status, 'pending') AS s, json_extract(metadata, '$.sending.q') AS q FROM messages WHERE id = ?1 AND account_id = ?2",
  )
    .bind(messageId, accountId)
    .first<{ p: string | null; s: string; q: string | null }>();
  if (!row || row.p || row.s !== "pending") return "done";
  if (row.q !== holder) return "held";
  await markPossiblyDelivered(env, accountId, messageId);
  return "possibly";
}

/** A send that ended in a handled failure gives its claim back (the retry claims again). */
export async function releaseSend(env: Env, accountId: string, messageId: string): Promise<void> {
  await env.DB.prepare("UPDATE messages SET metadata = json_remove(metadata, '$.sending') WHERE id = ?1 AND account_id = ?2 AND platform_message_id IS NULL")
    .bind(messageId, accountId)
    .run();
}

async function markPossiblyDelivered(env: Env, accountId: string, messageId: string): Promise<void> {
  const row = await env.DB.prepare(
    `UPDATE messages SET delivery_status = 'failed',
       metadata = json_set(json_remove(metadata, '$.sending'), '$.deliveryError', ?1, '$.deliveryErrorCode', ?2), updated_at = ?3
     WHERE id = ?4 AND account_id = ?5 AND platform_message_id IS NULL RETURNING *`,
  )
    .bind(POSSIBLY_DELIVERED_REASON, POSSIBLY_DELIVERED, Date.now(), messageId, accountId)
    .first<Record<string, unknown>>();
  if (row) await publishSafe(env, accountId, [{ event: "message", data: serializeMessage(rowToMessage(row)) }]);
}
