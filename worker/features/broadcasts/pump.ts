import type { Broadcast } from "../../db/schema/broadcasts";
import type { Channel } from "../../db/schema/inbox";
import type { Env } from "../../env";
import { tagsAndValues } from "../audience/audience.service";
import { messageColumnsFromJson, messageRow, MESSAGE_VALUE_COLUMNS } from "../inbox/message-writer";
import { previewOf } from "../inbox/serialize";
import { enqueueSends } from "../outbound/outbound";
import { faultPoint } from "../../lib/faults";
import { clickUrl } from "./clicks";
import { type BroadcastButton, hasNativeButtons, INSTAGRAM_WINDOW_MS, PACING_DEFAULTS, renderBroadcastText, withNumberedButtons } from "./contract";

/** Recipients per tick when pacing is off: one D1 transaction each, the next tick at once. */
export const UNPACED_WINDOW = 500;

/** A late tick catches up at most this many seconds' worth of recipients (the sender's slots spread them). */
const MAX_CATCH_UP_SECONDS = 3;

/**
 * How many recipients this tick takes and when the next one runs. A paced window is the pace times
 * the seconds since the previous tick was due to start the wait (`sinceMs`): a tick that ran late
 * (its own work, the queue's delay) takes the missed share too, so the broadcast keeps its rate
 * instead of drifting below it; the sender's slots (`broadcastPace` on each message) keep every
 * second at or under the pace, so a catch-up never turns into a burst.
 */
export function windowPlan(pacing: Broadcast["pacing"], platform: Channel["platform"], rand = Math.random, sinceMs = 1000): { size: number; delaySeconds: number } {
  if (platform === "WHATSAPP") {
    const d = PACING_DEFAULTS.WHATSAPP;
    const min = pacing.minDelaySec ?? d.minDelaySec!;
    const max = Math.max(min, pacing.maxDelaySec ?? d.maxDelaySec!);
    return { size: 1, delaySeconds: min + Math.floor(rand() * (max - min + 1)) };
  }
  const perSecond = pacedRate(pacing, platform);
  if (perSecond === null) return { size: UNPACED_WINDOW, delaySeconds: 0 };
  const seconds = Math.min(MAX_CATCH_UP_SECONDS, Math.max(1, sinceMs / 1000));
  return { size: Math.max(1, Math.round(perSecond * seconds)), delaySeconds: 1 };
}

/** Sends per second of a Telegram or Instagram broadcast; `null` when its pacing is off (WhatsApp paces by delays). */
export function pacedRate(pacing: Broadcast["pacing"], platform: Channel["platform"]): number | null {
  if (platform === "WHATSAPP" || pacing.perSecond === null) return null;
  const def = PACING_DEFAULTS[platform as "TELEGRAM" | "INSTAGRAM"]?.perSecond ?? 25;
  return Math.max(1, pacing.perSecond ?? def ?? 25);
}

/** The key that makes a broadcast's message to a contact unique (messages' (account, dedupe_key) index). */
export const broadcastDedupeKey = (broadcastId: string, contactId: string) => `bc:${broadcastId}:${contactId}`;

interface WindowRow {
  contact_id: string;
  thread_id: string;
  name: string;
  subscription: string;
  last_incoming_at: number | null;
}

const SKIP_UNSUBSCRIBED = "Контакт отписался от рассылок до отправки";
const SKIP_INSTAGRAM =
  "Instagram: контакт не писал больше 24 часов, а писать ему можно только в течение суток после его последнего сообщения";

/** A button in the message's metadata: a tracked link, or `data` (Telegram's callback_data) for a reply button. */
export type SentButton = BroadcastButton & { data?: string };

/** The buttons as the message carries them: tracked links, and reply buttons whose press comes back as a message. */
async function buttonsFor(env: Env, b: Broadcast, contactId: string): Promise<SentButton[]> {
  return Promise.all(
    (b.message.buttons ?? []).map(async (btn, i) => (btn.url ? { label: btn.label, url: await clickUrl(env, b.id, contactId, i) } : { label: btn.label, data: `bc:${b.id}:${i}` })),
  );
}

/** One recipient's message row (with the recipient's contact and thread for the set-based insert). */
async function rowFor(env: Env, b: Broadcast, ch: Channel, r: WindowRow, fields: Record<string, unknown> | undefined, now: number) {
  const text = renderBroadcastText(b.message.text, { name: r.name, fields: fields as never });
  const buttons = await buttonsFor(env, b, r.contact_id);
  const native = hasNativeButtons(ch.platform);
  const content = native ? text : withNumberedButtons(text, buttons.map((x) => ({ label: x.label, url: x.url })));
  const media = b.message.media ?? null;
  const pace = pacedRate(b.pacing, ch.platform);
  const row = messageRow({
    type: media ? media.type : "text",
    direction: "outgoing",
    content,
    payloadUrl: media?.key ?? null,
    fileName: media?.fileName ?? null,
    mimeType: media?.mimeType ?? null,
    metadata: { broadcastId: b.id, ...(pace ? { broadcastPace: pace } : {}), ...(native && buttons.length ? { buttons } : {}) },
    senderType: "operator",
    senderUserId: b.createdBy,
    dedupeKey: broadcastDedupeKey(b.id, r.contact_id),
    delivery: "pending",
    createdAt: now,
  });
  return { ...row, contact_id: r.contact_id, thread_id: r.thread_id, preview: previewOf({ type: row.type as never, content, fileName: media?.fileName }) };
}

/** D1 takes at most 2 MB in one value: the window's rows travel as JSON parameters of at most this many characters. */
const JSON_CHUNK = 600_000;

export function jsonChunks(rows: object[]): string[] {
  const out: string[] = [];
  let part: string[] = [];
  let size = 0;
  for (const r of rows) {
    const one = JSON.stringify(r);
    if (part.length && size + one.length > JSON_CHUNK) out.push(`[${part.join(",")}]`), (part = []), (size = 0);
    part.push(one);
    size += one.length + 1;
  }
  if (part.length) out.push(`[${part.join(",")}]`);
  return out;
}

/**
 * A chunk of the window's messages: inserted only for recipients still without a state (the dedupe
 * key `bc:<broadcast>:<contact>` is unique too), and those recipients `queued` with the message id;
 * the update answers which ones (the sends to enqueue). CROSS JOIN keeps the window's list outside:
 * with a plain JOIN SQLite walked the broadcast's every unsent recipient and, for each, the whole
 * window's JSON (recipients × window rows per window: quadratic in the broadcast's size).
 */
function windowInserts(env: Env, b: Broadcast, json: string, now: number): D1PreparedStatement[] {
  return [
    env.DB.prepare(
      `INSERT INTO messages (account_id, thread_id, contact_id, ${MESSAGE_VALUE_COLUMNS.join(", ")})
       SELECT ?1, r.thread_id, r.contact_id, ${messageColumnsFromJson("j")}
       FROM json_each(?2) j CROSS JOIN broadcast_recipients r ON r.broadcast_id = ?3 AND r.contact_id = j.value ->> 'contact_id' AND r.state IS NULL
       WHERE 1 ON CONFLICT DO NOTHING`,
    ).bind(b.accountId, json, b.id),
    env.DB.prepare(
      `UPDATE broadcast_recipients SET state = 'queued', claimed_at = NULL, updated_at = ?3,
         message_id = (SELECT m.id FROM messages m WHERE m.account_id = ?1 AND m.dedupe_key = 'bc:' || ?2 || ':' || broadcast_recipients.contact_id)
       WHERE broadcast_id = ?2 AND state IS NULL AND contact_id IN (SELECT j.value ->> 'contact_id' FROM json_each(?4) j)
         AND EXISTS (SELECT 1 FROM messages m WHERE m.account_id = ?1 AND m.dedupe_key = 'bc:' || ?2 || ':' || broadcast_recipients.contact_id AND m.delivery_status = 'pending')
       RETURNING contact_id, message_id`,
    ).bind(b.accountId, b.id, now, json),
  ];
}

/**
 * Hands the next window of not-yet-sent recipients to the sender. In ONE D1 transaction: the
 * outgoing messages are inserted (only for recipients still unsent; the dedupe key makes a second
 * insert for a contact impossible), those recipients become `queued` with their message id, the
 * skipped ones get their reason, and the threads show the new last message. Then the sends are
 * enqueued. Answers how many recipients it handled.
 */
export async function handOutWindow(env: Env, b: Broadcast, ch: Channel, size: number): Promise<number> {
  const picked = await env.DB.prepare(
    `SELECT r.contact_id, r.thread_id, c.name, c.subscription, t.last_incoming_at FROM broadcast_recipients r
     JOIN contacts c ON c.id = r.contact_id JOIN threads t ON t.id = r.thread_id
     WHERE r.broadcast_id = ? AND r.state IS NULL ORDER BY r.contact_id LIMIT ?`,
  )
    .bind(b.id, size)
    .all<WindowRow>();
  const window = picked.results;
  if (!window.length) return 0;
  const now = Date.now();
  const skipped: { contact_id: string; reason: string }[] = [];
  const toSend: WindowRow[] = [];
  for (const r of window) {
    if (r.subscription !== "subscribed") skipped.push({ contact_id: r.contact_id, reason: SKIP_UNSUBSCRIBED });
    else if (ch.platform === "INSTAGRAM" && (!r.last_incoming_at || now - r.last_incoming_at > INSTAGRAM_WINDOW_MS)) skipped.push({ contact_id: r.contact_id, reason: SKIP_INSTAGRAM });
    else toSend.push(r);
  }
  const { values } = await tagsAndValues(env, b.accountId, toSend.map((r) => r.contact_id));
  const rows = await Promise.all(toSend.map((r) => rowFor(env, b, ch, r, values.get(r.contact_id), now)));
  const statements: D1PreparedStatement[] = [];
  for (const json of jsonChunks(rows)) statements.push(...windowInserts(env, b, json, now));
  const queuedAt = statements.length;
  statements.push(
    env.DB.prepare(
      `UPDATE broadcast_recipients SET state = 'skipped', error = (SELECT j.value ->> 'reason' FROM json_each(?2) j WHERE j.value ->> 'contact_id' = broadcast_recipients.contact_id), updated_at = ?3
       WHERE broadcast_id = ?1 AND state IS NULL AND contact_id IN (SELECT j.value ->> 'contact_id' FROM json_each(?2) j)`,
    ).bind(b.id, JSON.stringify(skipped), now),
    env.DB.prepare(
      // Each window thread by its id (`+account_id`: SQLite otherwise walked the account's threads, and
      // scanned the window's JSON once per thread for each column).
      `UPDATE threads SET last_message = j.value ->> 'preview', last_message_type = j.value ->> 'type', last_message_at = ?2, updated_at = ?2
       FROM json_each(?1) j WHERE +threads.account_id = ?3 AND threads.id = j.value ->> 'thread_id'`,
    ).bind(JSON.stringify(rows.map((r) => ({ thread_id: r.thread_id, preview: r.preview, type: r.type }))), now, b.accountId),
  );
  const results = await env.DB.batch<{ contact_id: string; message_id: string }>(statements);
  const queued = results.slice(0, queuedAt).flatMap((r) => r.results);
  const sends = queued.filter((r) => r.message_id).map((r) => ({ accountId: b.accountId, messageId: r.message_id }));
  if (sends.length) await enqueueSends(env, sends);
  // The window's sends are on the queue; the broadcast's counts and next tick are not written yet.
  faultPoint(env, "broadcast.afterRecipient");
  return window.length;
}

/**
 * When nothing is left to hand out: recipients whose message reached a final state without the
 * sender's recipient update (a Worker died in between) take the message's state; messages that
 * were stored but never reached the queue (a tick died between its transaction and the enqueue)
 * are enqueued again: the sender's claim makes a second delivery of one message harmless.
 * Answers how many recipients are still unsent or on their way.
 */
export async function drain(env: Env, b: Broadcast, now = Date.now()): Promise<number> {
  const [, , , orphans, left] = await env.DB.batch<{ message_id?: string; n?: number }>([
    env.DB.prepare(
      `UPDATE broadcast_recipients SET updated_at = ?2,
         state = (SELECT CASE m.delivery_status WHEN 'failed' THEN 'failed' WHEN 'delivered' THEN 'delivered' WHEN 'read' THEN 'read' ELSE 'sent' END FROM messages m WHERE m.id = broadcast_recipients.message_id),
         error = (SELECT json_extract(m.metadata, '$.deliveryError') FROM messages m WHERE m.id = broadcast_recipients.message_id)
       WHERE broadcast_id = ?1 AND state = 'queued'
         AND EXISTS (SELECT 1 FROM messages m WHERE m.id = broadcast_recipients.message_id AND (m.delivery_status <> 'pending' OR m.platform_message_id IS NOT NULL))`,
    ).bind(b.id, now),
    env.DB.prepare(
      `UPDATE broadcast_recipients SET state = 'skipped', error = 'Сообщение удалено до отправки', updated_at = ?2
       WHERE broadcast_id = ?1 AND state = 'queued' AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = broadcast_recipients.message_id)`,
    ).bind(b.id, now),
    env.DB.prepare(
      `UPDATE broadcast_recipients SET updated_at = ?2 WHERE broadcast_id = ?1 AND state = 'queued' AND updated_at < ?3 AND (claimed_at IS NULL OR claimed_at < ?4)`,
    ).bind(b.id, now, now - ORPHAN_AFTER_MS, now - ORPHAN_AFTER_MS * 5),
    env.DB.prepare(`SELECT message_id FROM broadcast_recipients WHERE broadcast_id = ?1 AND state = 'queued' AND updated_at = ?2 LIMIT 1000`).bind(b.id, now),
    env.DB.prepare(`SELECT count(*) AS n FROM broadcast_recipients WHERE broadcast_id = ?1 AND (state IS NULL OR state = 'queued')`).bind(b.id),
  ]);
  const again = orphans!.results.filter((r) => r.message_id).map((r) => ({ accountId: b.accountId, messageId: r.message_id! }));
  if (again.length) await enqueueSends(env, again);
  return Number(left!.results[0]?.n ?? 0);
}

/** A queued message the sender has not taken for this long is enqueued again. */
export const ORPHAN_AFTER_MS = 2 * 60_000;
