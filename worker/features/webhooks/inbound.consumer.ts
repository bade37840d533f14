import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { ChannelAdapter, WebhookParts } from "../../channels/adapter";
import { CHANNELS, MESSENGER_PLATFORMS } from "../../channels/registry";
import { type CommentInfo, type DeliveryUpdate, type InboundEvent, type IncomingItem, type MediaRef, SendError } from "../../channels/types";
import { getDb, schema } from "../../db/client";
import { inJson } from "../../db/queries";
import type { Channel } from "../../db/schema/inbox";
import type { Env } from "../../env";
import { faultPoint, InjectedFault } from "../../lib/faults";
import { createLogger } from "../../lib/logger";
import { storeDeadLetter } from "../admin-dlq/dead-letters.service";
import { onButtonPresses } from "../broadcasts/button-press";
import { botBlockChanged } from "../broadcasts/bot-block";
import { broadcastReceipts } from "../broadcasts/sender-hooks";
import { type IngestResult, ingestIncoming } from "../inbox/ingest";
import { storeMedia } from "../inbox/media";
import { publishSafe, type RoomEventInput } from "../inbox/realtime";
import { rowToChannel, rowToMessage, rowToThread } from "../inbox/rows";
import { serializeContact, serializeMessage } from "../inbox/serialize";
import { isConnected, isStored, openCredentials } from "../channels/channels.service";
import { recordComments } from "../channels/comments.service";
import { startCommentFlows } from "../flows/runtime/comment-trigger";
import { pauseThreadFlow } from "../flows/runtime/control";
import { recordWhatsappState } from "../channels/whatsapp.service";
import { channelExternalKey, channelIdKey, channelMemoGeneration, channelMemoTtl, recallChannels, rememberChannels } from "./channel-memo";

/** Mirrors `max_retries` of the inbound consumer in wrangler.toml (+1 for the first delivery). */
export const INBOUND_MAX_ATTEMPTS = 6;
const log = createLogger({ component: "inbound" });

const queueMessageSchema = z.object({
  kind: z.literal("webhook"),
  platform: z.enum(MESSENGER_PLATFORMS),
  accountId: z.string().max(64).optional(),
  channelId: z.string().max(64).optional(),
  receivedAt: z.number(),
  body: z.string(),
});

type MessageEvent = Extract<InboundEvent, { kind: "message" }>;

/** One queue message on its way through the stages. */
interface Work {
  msg: Message<unknown>;
  adapter: ChannelAdapter;
  json: unknown;
  /** App-scoped webhooks: the body's parts by channel. */
  split?: WebhookParts;
  accountId?: string;
  channelId?: string;
  events: { ev: InboundEvent; channel: Channel }[];
  /** Set when this queue message must be retried (transient failure). */
  failed?: string;
  /** Status updates that found no message yet (the send is still being recorded): retried a few times. */
  unmatched?: number;
  /** Instagram echoes held back while a send to that customer is still being recorded. */
  heldEchoes?: number;
}

/** A message event of the batch with the work it came from. */
interface Entry {
  w: Work;
  ev: MessageEvent;
  channel: Channel;
}

/**
 * The inbound consumer: verified webhook bodies → inbox events, in stages (README's diagram):
 * decode → channels → parse → echoes → media → ingest (which writes, fans out to the room and
 * hands new messages to the handler chain) → after-effects → delivery and instance states → settle.
 * One ingest call (two D1 round trips) for the whole batch; media downloaded to R2 first.
 * Unsupported updates are acknowledged and logged; bodies that can never be processed go to the
 * dead letters at once; transient failures retry with backoff.
 */
export async function consumeInbound(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const started = Date.now();
  try {
    const works = await decode(env, batch.messages);
    if (!works.length) return;
    const active = await parse(env, works, await loadChannels(env, works));
    await settleEchoes(env, active);
    await fetchMedia(env, active);
    const stored = await ingest(env, active);
    await afterEffects(env, stored);
    await applyStates(env, active);
    faultPoint(env, "inbound.beforeAck");
    await settle(env, active);
  } finally {
    // A line per batch only when it was slow: the platform records every queue invocation, and a
    // console line per batch costs the Worker thread the webhooks are answered on.
    const ms = Date.now() - started;
    if (ms >= 1000) log.info("inbound batch", { messages: batch.messages.length, ms });
    else log.debug("inbound batch", { messages: batch.messages.length, ms });
  }
}

/** Stage 1: queue messages → works; malformed messages and bodies that are not JSON are dead-lettered. */
async function decode(env: Env, messages: readonly Message<unknown>[]): Promise<Work[]> {
  const works: Work[] = [];
  for (const msg of messages) {
    const parsed = queueMessageSchema.safeParse(msg.body);
    if (!parsed.success) {
      await poison(env, msg, "Некорректное сообщение очереди");
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(parsed.data.body);
    } catch {
      await poison(env, msg, "Тело вебхука — не JSON");
      continue;
    }
    const adapter = CHANNELS[parsed.data.platform];
    let split: WebhookParts | undefined;
    try {
      split = adapter.split?.(json);
    } catch (error) {
      await poison(env, msg, `Ошибка разбора: ${(error as Error).message}`);
      continue;
    }
    works.push({ msg, adapter, json, split, channelId: parsed.data.channelId, accountId: parsed.data.accountId, events: [] });
  }
  return works;
}

interface ChannelIndex {
  byId: Map<string, Channel>;
  /** App-scoped webhooks' channels: platform → external id → channel. */
  byExternal: Map<string, Map<string, Channel>>;
}

/**
 * Stage 2: every channel the batch names, in one statement (no query builder on the hot path):
 * by id for channel-scoped webhooks, by platform and external id for the parts of app-scoped ones
 * (`?2` is `{ platform: [externalId…] }`; the JSON is the outer loop of the join). A batch whose
 * channels this isolate read within CHANNEL_CACHE_MS takes them from its memo (channel-memo.ts).
 */
async function loadChannels(env: Env, works: Work[]): Promise<ChannelIndex> {
  const ids = new Set<string>();
  const external: Record<string, Set<string>> = {};
  const keys: string[] = [];
  for (const w of works) {
    if (w.channelId && !ids.has(w.channelId)) {
      ids.add(w.channelId);
      keys.push(channelIdKey(w.channelId));
    }
    if (!w.split || !("parts" in w.split)) continue;
    const set = (external[w.adapter.platform] ??= new Set());
    for (const part of w.split.parts) {
      if (!part.externalId || set.has(part.externalId)) continue;
      set.add(part.externalId);
      keys.push(channelExternalKey(w.adapter.platform, part.externalId));
    }
  }
  const ttl = channelMemoTtl(env.CHANNEL_CACHE_MS);
  const now = Date.now();
  let raw = ttl > 0 ? recallChannels(keys, now) : null;
  if (!raw) {
    const readAt = channelMemoGeneration();
    raw = (
      await env.DB.prepare(
        `SELECT * FROM channels WHERE id IN (SELECT value FROM json_each(?1))
       UNION ALL SELECT c.* FROM json_each(?2) p CROSS JOIN json_each(p.value) e CROSS JOIN channels c
         WHERE c.platform = p.key AND c.external_id = e.value AND c.id NOT IN (SELECT value FROM json_each(?1))`,
      )
        .bind(JSON.stringify([...ids]), JSON.stringify(external, (_k, v: unknown) => (v instanceof Set ? [...v] : v)))
        .all<Record<string, unknown>>()
    ).results;
    if (ttl > 0) rememberChannels(raw, now + ttl, readAt);
  }
  const rows = raw.map(rowToChannel);
  const index: ChannelIndex = { byId: new Map(), byExternal: new Map() };
  for (const c of rows) {
    index.byId.set(c.id, c);
    let m = index.byExternal.get(c.platform);
    if (!m) index.byExternal.set(c.platform, (m = new Map()));
    m.set(c.externalId, c);
  }
  return index;
}

/** Whether the channel takes webhooks now (connected and switched on). */
function takesWebhooks(ch: Channel | undefined): ch is Channel {
  return !!ch && isConnected(ch) && ch.enabled;
}

/**
 * Stage 3: each work's body → inbox events through its channel's adapter. A body the parser chokes
 * on is dead-lettered (retries will not make it better) and leaves the batch.
 */
async function parse(env: Env, works: Work[], channels: ChannelIndex): Promise<Work[]> {
  const active: Work[] = [];
  // Reused across works: the adapters append here, so no array is made per message.
  const scratch: InboundEvent[] = [];
  for (const w of works) {
    const platform = w.adapter.platform;
    try {
      scratch.length = 0;
      const split = w.split;
      if (!split) {
        const ch = w.channelId ? channels.byId.get(w.channelId) : undefined;
        if (takesWebhooks(ch) && ch.accountId === w.accountId) collect(w, ch, w.json, scratch);
        else log.info("ignored webhook", { platform, reason: ch?.enabled === false ? "channel switched off" : "channel gone", channelId: w.channelId });
      } else if ("ignored" in split) log.info("ignored webhook", { platform, reason: split.ignored });
      else {
        const byExternal = channels.byExternal.get(platform);
        for (const part of split.parts) {
          const ch = part.externalId ? byExternal?.get(part.externalId) : undefined;
          if (takesWebhooks(ch)) collect(w, ch, part.body, scratch);
          else log.info("ignored webhook", { platform, reason: "no connected, enabled channel", externalId: part.externalId });
        }
      }
    } catch (error) {
      await poison(env, w.msg, `Ошибка разбора: ${(error as Error).message}`);
      continue;
    }
    for (const { ev } of w.events) if (ev.kind === "ignored") log.info("ignored update", { platform, reason: ev.reason });
    active.push(w);
  }
  return active;
}

function collect(w: Work, ch: Channel, part: unknown, scratch: InboundEvent[]) {
  const from = scratch.length;
  w.adapter.parse(part, ch, scratch);
  for (let i = from; i < scratch.length; i++) w.events.push({ ev: scratch[i]!, channel: ch });
}

/** Stage 5: attachments to R2, a few at a time, outside the write transaction. */
async function fetchMedia(env: Env, works: Work[]) {
  await mapLimit(
    works.flatMap((w) => w.events.filter((e) => e.ev.kind === "message" && e.ev.media).map((e) => ({ w, e }))),
    6,
    async ({ w, e }) => {
      if (w.failed) return;
      const ev = e.ev as MessageEvent;
      try {
        const stored = await downloadToR2(env, w.adapter, e.channel, ev.media!, ev.item);
        ev.item.message.payloadUrl = stored.key;
        ev.item.message.fileSize = stored.size;
      } catch (error) {
        if (error instanceof SendError && error.kind !== "permanent") w.failed = `Не удалось скачать файл: ${error.message}`;
        else ev.item.message.metadata = { ...ev.item.message.metadata, isAttachmentDeleted: true, mediaError: String((error as Error).message).slice(0, 300) };
      }
    },
  );
}

/**
 * Stage 6: one ingest for every message of the batch, ordered by the platform's own time (ingest
 * commits, fans out to the room and runs the handler chain). Should the batch fail, each message
 * is tried alone so one bad message does not hold back the rest.
 */
async function ingest(env: Env, works: Work[]): Promise<{ entries: Entry[]; results: IngestResult[] }> {
  const entries = works.filter((w) => !w.failed).flatMap((w) => w.events.filter((e) => e.ev.kind === "message").map((e) => ({ w, ev: e.ev as MessageEvent, channel: e.channel })));
  entries.sort((a, b) => (a.ev.item.message.createdAt ?? 0) - (b.ev.item.message.createdAt ?? 0) || seqOf(a.ev.item) - seqOf(b.ev.item));
  if (!entries.length) return { entries, results: [] };
  // Each message's queue message: a redelivery of it finishes what a crash after the commit left undone (ingest-outbox.ts).
  const sourceOf = (e: Entry) => e.w.msg.id;
  try {
    return { entries, results: await ingestIncoming(env, entries.map((e) => e.ev.item), { sources: entries.map(sourceOf) }) };
  } catch (error) {
    // An injected crash is the isolate dying: nothing after it runs, the queue redelivers the batch.
    if (error instanceof InjectedFault) throw error;
    log.warn("batch ingest failed, retrying message by message", { error, messages: entries.length });
  }
  const results: IngestResult[] = [];
  for (const e of entries) {
    try {
      results.push((await ingestIncoming(env, [e.ev.item], { sources: [sourceOf(e)] }))[0]!);
    } catch (err) {
      if (err instanceof InjectedFault) throw err;
      e.w.failed = `Ошибка записи: ${(err as Error).message}`;
      results.push({ dedupeKey: e.ev.item.message.dedupeKey, duplicate: false, rejected: "FAILED" });
    }
  }
  return { entries, results };
}

/** Stage 7: after-effects of stored messages: comments, AI paused by a person on the phone, comment threads' AI flag. */
async function afterEffects(env: Env, { entries, results }: { entries: Entry[]; results: IngestResult[] }) {
  const pause: { accountId: string; threadId: string }[] = [];
  const aiOff: { accountId: string; threadId: string }[] = [];
  const comments: { accountId: string; channelId: string; info: CommentInfo; dedupeKey: string; result: IngestResult }[] = [];
  const presses: Parameters<typeof onButtonPresses>[1] = [];
  entries.forEach((e, i) => {
    const r = results[i];
    if (!r || e.w.failed) return;
    if (r.duplicate === false && r.rejected) {
      if (r.rejected !== "FAILED") log.info("message rejected by ingest", { reason: r.rejected, dedupeKey: r.dedupeKey });
      return;
    }
    if (e.ev.comment) comments.push({ accountId: e.ev.item.accountId, channelId: e.channel.id, info: e.ev.comment, dedupeKey: r.dedupeKey, result: r });
    if (!isStored(r)) return;
    if (e.ev.buttonPress) presses.push({ channel: e.channel, contactId: r.contactId, press: e.ev.buttonPress });
    if (e.ev.pauseAi) pause.push({ accountId: r.accountId, threadId: r.threadId });
    if (e.ev.comment && r.newThread && (e.channel.state as Record<string, unknown>).commentsAutoReply !== true) aiOff.push({ accountId: r.accountId, threadId: r.threadId });
  });
  if (presses.length) await onButtonPresses(env, presses);
  try {
    if (comments.length) await recordComments(env, comments);
    // Instagram comment keywords of published flows: the private reply, then the flow in the DM thread.
    if (comments.length) await startCommentFlows(env, comments.filter((c) => isStored(c.result)));
    if (pause.length || aiOff.length) await switchAiOff(env, [...pause, ...aiOff], new Set(pause.map((p) => p.threadId)));
    // A person answering from the phone or the Instagram app takes over like an operator's reply: the thread's flow pauses.
    for (const p of pause) await pauseThreadFlow(env, p.accountId, p.threadId, "operator");
  } catch (error) {
    log.error("after-effects failed", { error });
    for (const c of comments) for (const e of entries) if (e.ev.item.message.dedupeKey === c.dedupeKey) e.w.failed = `Ошибка записи комментария: ${(error as Error).message}`;
  }
}

/** Stage 8: delivery states of our sends and the connection's own state (a WhatsApp instance's). */
async function applyStates(env: Env, works: Work[]) {
  const db = getDb(env.DB);
  for (const w of works) {
    if (w.failed) continue;
    try {
      const statuses = w.events.filter((e) => e.ev.kind === "status" || e.ev.kind === "read");
      if (statuses.length) {
        const matched = await applyDeliveryUpdates(env, statuses);
        w.unmatched = (w.unmatched ?? 0) + statuses.length - matched;
      }
      for (const e of w.events) {
        if (e.ev.kind === "unsubscribed" || e.ev.kind === "unblocked") {
          await botBlockChanged(env, e.channel, { platformUserId: e.ev.contactPlatformUserId, blocked: e.ev.kind === "unsubscribed", dedupeKey: e.ev.dedupeKey });
        }
        if (e.ev.kind !== "state") continue;
        // Only WhatsApp instances report a state of their own today.
        const fresh = (await db.select().from(schema.channels).where(eq(schema.channels.id, e.channel.id)).get()) ?? e.channel;
        await recordWhatsappState(env, fresh, e.ev.stateInstance, e.ev.wid ? { wid: e.ev.wid } : {});
      }
    } catch (error) {
      w.failed = `Ошибка обновления статуса: ${(error as Error).message}`;
    }
  }
}

/** Stage 9: acknowledge, retry with backoff, or dead-letter after the last attempt. */
async function settle(env: Env, works: Work[]) {
  for (const w of works) {
    if (w.failed) {
      if (w.msg.attempts >= INBOUND_MAX_ATTEMPTS) await poison(env, w.msg, w.failed);
      else w.msg.retry({ delaySeconds: backoffSeconds(w.msg.attempts) });
    } else if ((w.unmatched || w.heldEchoes) && w.msg.attempts < ECHO_ATTEMPTS) {
      // A status or an echo can overtake the recording of our own send: look again shortly.
      w.msg.retry({ delaySeconds: 2 });
    } else w.msg.ack();
  }
}

/** Deliveries of one webhook during which an echo may wait for our send's mid to be recorded. */
const ECHO_ATTEMPTS = 4;

/**
 * Stage 4, Instagram echoes: the business account's own messages. One that carries the mid of a message we
 * have (our send, or an earlier delivery of this echo) is dropped; the rest were typed by a person in
 * the Instagram app and go through ingest like WhatsApp's phone messages (stored as the operator's,
 * the thread's AI paused by `pauseAi`). While a send to that customer has no mid yet, the echo may
 * be its own and waits for a redelivery, at most ECHO_ATTEMPTS deliveries.
 */
async function settleEchoes(env: Env, works: Work[]) {
  const echoes = works.flatMap((w) => w.events.filter((e) => e.ev.kind === "message" && e.ev.echo).map((e) => ({ w, e, item: (e.ev as MessageEvent).item })));
  if (!echoes.length) return;
  const known = await env.DB.prepare(
    `SELECT m.account_id AS a, m.platform_message_id AS p FROM json_each(?1) j
     JOIN messages m ON m.account_id = j.value ->> 'a' AND m.platform_message_id = j.value ->> 'p'`,
  )
    .bind(JSON.stringify(echoes.map((x) => ({ a: x.item.accountId, p: x.item.message.platformMessageId }))))
    .all<{ a: string; p: string }>();
  const knownKeys = new Set(known.results.map((r) => `${r.a}\n${r.p}`));
  const drop = new Set<unknown>();
  for (const x of echoes) {
    if (knownKeys.has(`${x.item.accountId}\n${x.item.message.platformMessageId}`)) {
      drop.add(x.e);
      continue;
    }
    if (x.w.msg.attempts >= ECHO_ATTEMPTS) continue;
    const inFlight = await env.DB.prepare(
      `SELECT 1 FROM messages m JOIN contacts c ON c.id = m.contact_id JOIN threads t ON t.id = m.thread_id
       WHERE m.account_id = ?1 AND t.channel_id = ?2 AND c.platform_user_id = ?3 AND m.direction = 'outgoing'
         AND m.platform_message_id IS NULL AND coalesce(m.delivery_status, 'pending') = 'pending' AND m.created_at > ?4 LIMIT 1`,
    )
      .bind(x.item.accountId, x.e.channel.id, x.item.contact.platformUserId, Date.now() - 10 * 60_000)
      .first();
    if (inFlight) {
      drop.add(x.e);
      x.w.heldEchoes = (x.w.heldEchoes ?? 0) + 1;
    }
  }
  for (const w of works) if (drop.size) w.events = w.events.filter((e) => !drop.has(e));
}

export function backoffSeconds(attempts: number): number {
  return Math.min(300, 2 ** Math.max(1, attempts));
}

async function poison(env: Env, msg: Message<unknown>, error: string) {
  try {
    await storeDeadLetter(env, { queue: "inbound", body: msg.body, error, attempts: msg.attempts });
    msg.ack();
  } catch (e) {
    log.error("dead letter failed", { error: e });
    msg.retry({ delaySeconds: 30 });
  }
}

function seqOf(item: IncomingItem): number {
  const u = (item.message.metadata as Record<string, unknown> | undefined)?.updateId;
  return typeof u === "number" ? u : 0;
}

async function mapLimit<T>(items: T[], limit: number, fn: (x: T) => Promise<void>) {
  let i = 0;
  const run = async () => {
    while (i < items.length) await fn(items[i++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
}

const MAX_MEDIA_BYTES = 50 * 1024 * 1024;

async function downloadToR2(env: Env, adapter: ChannelAdapter, ch: Channel, media: MediaRef, item: IncomingItem) {
  const url = await adapter.mediaUrl(media, { env, externalId: ch.externalId, creds: () => openCredentials(env, ch) });
  let res: Response;
  try {
    res = await fetch(url);
  } catch (e) {
    throw new SendError(`Файл недоступен: ${(e as Error).message}`, "transient");
  }
  if (!res.ok) throw new SendError(`Файл недоступен: HTTP ${res.status}`, res.status >= 500 || res.status === 429 ? "transient" : "permanent", res.status);
  const len = Number(res.headers.get("content-length") ?? 0);
  if (len > MAX_MEDIA_BYTES) throw new SendError("Файл слишком большой", "permanent");
  const bytes = await res.arrayBuffer();
  const mimeType = item.message.mimeType || res.headers.get("content-type")?.split(";")[0] || "application/octet-stream";
  item.message.mimeType = mimeType;
  const fileName = item.message.fileName || url.split("?")[0]!.split("/").pop() || "file";
  item.message.fileName = fileName;
  // The account id is part of the key: media is served to that account's members only.
  return storeMedia(env, item.accountId, bytes, { fileName, mimeType });
}

const RANK: Record<string, number> = { pending: 0, failed: 0, sent: 1, delivered: 2, read: 3 };

/** Writes delivery states reported by the channel (never backwards) and pushes the changed messages. */
async function applyDeliveryUpdates(env: Env, updates: { ev: InboundEvent; channel: Channel }[]): Promise<number> {
  let matched = 0;
  const now = Date.now();
  for (const { ev, channel } of updates) {
    const accountId = channel.accountId;
    let rows: Record<string, unknown>[] = [];
    if (ev.kind === "status") {
      const rank = RANK[ev.status]!;
      const failed = ev.status === "failed";
      const r = await env.DB.prepare(
        `UPDATE messages SET delivery_status = ?1, is_sent = CASE WHEN ?2 >= 1 THEN 1 ELSE is_sent END, is_delivered = CASE WHEN ?2 >= 2 THEN 1 ELSE is_delivered END,
           is_read = CASE WHEN ?2 >= 3 THEN 1 ELSE is_read END, updated_at = ?3,
           metadata = CASE WHEN ?4 THEN json_set(metadata, '$.deliveryError', ?5, '$.deliveryErrorCode', 'DELIVERY_FAILED', '$.deliveryErrorDetail', ?5) ELSE metadata END
         WHERE account_id = ?6 AND platform_message_id = ?7 AND direction = 'outgoing'
           AND (CASE coalesce(delivery_status, 'pending') WHEN 'read' THEN 3 WHEN 'delivered' THEN 2 WHEN 'sent' THEN 1 ELSE 0 END) < (CASE WHEN ?4 THEN 2 ELSE ?2 END)
           AND NOT (?4 AND delivery_status = 'failed')
         RETURNING *`,
      )
        .bind(ev.status as DeliveryUpdate, rank, now, failed ? 1 : 0, ev.error ?? null, accountId, ev.platformMessageId)
        .all<Record<string, unknown>>();
      rows = r.results;
      if (!rows.length) {
        const exists = await env.DB.prepare("SELECT 1 FROM messages WHERE account_id = ?1 AND platform_message_id = ?2 LIMIT 1").bind(accountId, ev.platformMessageId).first();
        if (exists) matched++;
      } else matched++;
    } else if (ev.kind === "read") {
      // The contact by its platform id, its thread on this channel, that thread's messages up to the
      // watermark by the thread's index (`+account_id`: SQLite otherwise walked every message and
      // thread of the account per read receipt: issue 23, tests/worker/hot-path-reads.test.ts).
      const r = await env.DB.prepare(
        `UPDATE messages SET delivery_status = 'read', is_sent = 1, is_delivered = 1, is_read = 1, updated_at = ?1
         WHERE +account_id = ?2 AND direction = 'outgoing' AND created_at <= ?3 AND delivery_status IN ('sent', 'delivered')
           AND thread_id IN (SELECT t.id FROM contacts c CROSS JOIN threads t ON t.contact_id = c.id AND t.account_id = c.account_id AND t.channel_id = ?4
                             WHERE c.account_id = ?2 AND c.platform = (SELECT ch.platform FROM channels ch WHERE ch.id = ?4) AND c.platform_user_id = ?5)
         RETURNING *`,
      )
        .bind(now, accountId, ev.watermark, channel.id, ev.contactPlatformUserId)
        .all<Record<string, unknown>>();
      rows = r.results;
      matched++;
    }
    if (rows.length) await publishSafe(env, accountId, rows.map((row) => ({ event: "message", data: serializeMessage(rowToMessage(row)) }) satisfies RoomEventInput));
    await broadcastReceipts(env, rows);
  }
  return matched;
}

/** A person wrote from the phone (or a comment thread without auto-reply): the thread's AI goes off. */
async function switchAiOff(env: Env, list: { accountId: string; threadId: string }[], announce: Set<string>) {
  const db = getDb(env.DB);
  const byAccount = new Map<string, string[]>();
  for (const x of list) byAccount.set(x.accountId, [...(byAccount.get(x.accountId) ?? []), x.threadId]);
  for (const [accountId, threadIds] of byAccount) {
    // The ids as one JSON parameter: a batch of 100 messages may name 100 threads, over D1's 100 bound parameters.
    const rows = await env.DB.prepare(
      "UPDATE threads SET is_gpt_active = 0, updated_at = ?1 WHERE +account_id = ?2 AND is_gpt_active = 1 AND id IN (SELECT value FROM json_each(?3)) RETURNING *",
    )
      .bind(Date.now(), accountId, JSON.stringify([...new Set(threadIds)]))
      .all<Record<string, unknown>>();
    const threads = rows.results.map(rowToThread);
    if (!threads.length) continue;
    const contacts = await db
      .select()
      .from(schema.contacts)
      .where(and(eq(schema.contacts.accountId, accountId), inJson(schema.contacts.id, [...new Set(threads.map((t) => t.contactId))])))
      .all();
    const cById = new Map(contacts.map((c) => [c.id, c]));
    const events: RoomEventInput[] = threads.flatMap((t) => {
      const c = cById.get(t.contactId);
      return c ? [{ event: "updateContact" as const, data: serializeContact(c, t), webhooks: ["thread.ai_toggled" as const] }] : [];
    });
    if (announce.size) log.info("AI paused: a person answered from the phone", { accountId, threads: threads.filter((t) => announce.has(t.id)).map((t) => t.id) });
    await publishSafe(env, accountId, events);
  }
}
