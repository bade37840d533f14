import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { channelAdapter } from "../../channels/registry";
import { type OutgoingPayload, SendError } from "../../channels/types";
import { getDb, schema } from "../../db/client";
import type { Channel, Contact, Message, Thread } from "../../db/schema/inbox";
import type { Env } from "../../env";
import { newId } from "../../lib/ids";
import { publicMediaUrl } from "../../lib/signed-url";
import { faultPoint, InjectedFault } from "../../lib/faults";
import { createLogger } from "../../lib/logger";
import { storeDeadLetter } from "../admin-dlq/dead-letters.service";
import { publishSafe, type RoomEventInput } from "../inbox/realtime";
import { rowToMessage } from "../inbox/rows";
import { serializeMessage } from "../inbox/serialize";
import { outboundMessageSchema, type OutboundMessage } from "../outbound/outbound";
import * as bc from "../broadcasts/sender-hooks";
import { isConnected, openCredentials } from "./channels.service";
import { claimSend, releaseSend } from "./send-claim";

/** Mirrors `max_retries` of the outbound consumer in wrangler.toml (+1 for the first delivery). */
export const OUTBOUND_MAX_ATTEMPTS = 9;
/** Longer waits than this go back to the queue with a delay instead of holding the consumer. */
const MAX_INLINE_WAIT_MS = 30_000;


const log = createLogger({ component: "outbound" });

type Outcome = { kind: "ack" } | { kind: "retry"; delaySeconds: number };

interface Item {
  msg: QueueMessage;
  q?: OutboundMessage;
  outcome?: Outcome;
  ready?: Ready;
}
type QueueMessage = MessageBatch<unknown>["messages"][number];

/**
 * The one sender: every outgoing message (operator, assistant, flow, broadcast) goes through here.
 * A batch is loaded at once, its send slots are reserved in batch order (so a chat's messages keep
 * their order and every invocation shares the channel's budget), then the sends run concurrently,
 * each at its own slot: the pace is the channel's limit, not the time one send takes.
 */
export async function consumeOutbound(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const seen = new Set<string>();
  // The batch's messages, threads, contacts and channels in two statements per account (not two per message).
  const preloaded = await loadAll(
    env,
    batch.messages.flatMap((m) => {
      const p = outboundMessageSchema.safeParse(m.body);
      return p.success ? [p.data] : [];
    }),
  ).catch((error) => (log.error("batch load failed, loading one by one", { error }), null));
  const items: Item[] = await Promise.all(
    batch.messages.map(async (msg): Promise<Item> => {
      const parsed = outboundMessageSchema.safeParse(msg.body);
      if (!parsed.success) {
        await storeDeadLetter(env, { queue: "outbound", body: msg.body, error: "Некорректное сообщение очереди", attempts: msg.attempts });
        return { msg, outcome: { kind: "ack" } };
      }
      const q = parsed.data;
      // The same message twice in one batch: the first one sends (and retries if it must).
      if (seen.has(q.messageId)) return { msg, q, outcome: { kind: "ack" } };
      seen.add(q.messageId);
      try {
        const r = await prepare(env, q, msg.attempts, preloaded);
        return "ready" in r ? { msg, q, ready: r.ready } : { msg, q, outcome: r.outcome };
      } catch (error) {
        log.error("send crashed", { error, messageId: q.messageId });
        return { msg, q, outcome: await transientOutcome(env, q, msg.attempts, `Внутренняя ошибка: ${(error as Error).message}`) };
      }
    }),
  );
  // Slots are reserved one after another in batch order; each send starts as soon as its slot is
  // known (a send that waited for the whole batch's reservations would find its slot in the past).
  const sends: Promise<void>[] = [];
  // Broadcast messages' frames are published once per batch (one room call instead of fifty).
  const deferred: Deferred = [];
  for (const it of items) {
    if (!it.ready) continue;
    const ready = it.ready;
    let slot: number;
    try {
      slot = await reserveSlot(env, ready.l.channel.id, ready.l.contact.platformUserId, ready.pace);
    } catch (error) {
      log.error("slot reservation failed", { error, messageId: it.q!.messageId });
      it.outcome = await transientOutcome(env, it.q!, it.msg.attempts, `Внутренняя ошибка: ${(error as Error).message}`);
      continue;
    }
    sends.push(
      sendAt(env, it.q!, it.msg.attempts, ready, slot, deferred, it.msg.id).then(
        (outcome) => void (it.outcome = outcome),
        async (error) => {
          // An injected crash is the isolate dying: the batch is not settled, the queue redelivers it.
          if (error instanceof InjectedFault) throw error;
          log.error("send crashed", { error, messageId: it.q!.messageId });
          it.outcome = await transientOutcome(env, it.q!, it.msg.attempts, `Внутренняя ошибка: ${(error as Error).message}`);
        },
      ),
    );
  }
  await Promise.all(sends);
  await publishDeferred(env, deferred);
  for (const it of items) {
    const outcome = it.outcome ?? { kind: "ack" };
    if (outcome.kind === "ack") it.msg.ack();
    else it.msg.retry({ delaySeconds: outcome.delaySeconds });
  }
}

interface Loaded {
  message: Message;
  thread: Thread;
  contact: Contact;
  channel: Channel | null;
}

/** Every message of a batch with its thread, contact and channel: keyed by message id (absent: gone). */
async function loadAll(env: Env, qs: OutboundMessage[]): Promise<Map<string, Loaded>> {
  const db = getDb(env.DB);
  const out = new Map<string, Loaded>();
  const byAccount = new Map<string, string[]>();
  for (const q of qs) byAccount.set(q.accountId, [...(byAccount.get(q.accountId) ?? []), q.messageId]);
  for (const [accountId, ids] of byAccount) {
    const rows = await db
      .select({ message: schema.messages, thread: schema.threads, contact: schema.contacts })
      .from(schema.messages)
      .innerJoin(schema.threads, eq(schema.threads.id, schema.messages.threadId))
      .innerJoin(schema.contacts, eq(schema.contacts.id, schema.messages.contactId))
      // `+account_id`: no index on the account for this lookup. Without it SQLite's planner (no table
      // statistics) took messages_platform_id_idx on account_id for a batch of ids and walked every
      // message of the account per batch (21 206 rows read for 50 returned in bench/cost.mjs); by the
      // primary key it reads the batch's rows.
      .where(and(inArray(schema.messages.id, [...new Set(ids)]), sql`+${schema.messages.accountId} = ${accountId}`))
      .all();
    const channelIds = [...new Set(rows.flatMap((r) => (r.thread.channelId ? [r.thread.channelId] : [])))];
    const channels = channelIds.length
      ? await db.select().from(schema.channels).where(and(inArray(schema.channels.id, channelIds), eq(schema.channels.accountId, accountId))).all()
      : [];
    const byId = new Map(channels.map((c) => [c.id, c]));
    for (const r of rows) out.set(r.message.id, { ...r, channel: r.thread.channelId ? (byId.get(r.thread.channelId) ?? null) : null });
  }
  return out;
}

async function load(env: Env, m: OutboundMessage): Promise<Loaded | null> {
  const db = getDb(env.DB);
  const row = await db
    .select({ message: schema.messages, thread: schema.threads, contact: schema.contacts })
    .from(schema.messages)
    .innerJoin(schema.threads, eq(schema.threads.id, schema.messages.threadId))
    .innerJoin(schema.contacts, eq(schema.contacts.id, schema.messages.contactId))
    .where(and(eq(schema.messages.id, m.messageId), eq(schema.messages.accountId, m.accountId)))
    .get();
  if (!row) return null;
  const channel = row.thread.channelId
    ? ((await db
        .select()
        .from(schema.channels)
        .where(and(eq(schema.channels.id, row.thread.channelId), eq(schema.channels.accountId, m.accountId)))
        .get()) ?? null)
    : null;
  return { ...row, channel };
}

/** Whether a reply may go out on this thread now; the reason in Russian when not (the UI shows it). */
export function replyWindow(platform: Channel["platform"] | null, thread: Pick<Thread, "kind" | "lastIncomingAt">, now = Date.now()): { open: true } | { open: false; code: string; reason: string } {
  const w = channelAdapter(platform)?.limits.replyWindow;
  if (w && thread.kind === "dm" && (!thread.lastIncomingAt || now - thread.lastIncomingAt > w.ms)) return { open: false, code: w.code, reason: w.reason };
  return { open: true };
}

const WINDOW_MS = 1000;
/** This isolate's recent send times per channel (at most one window's worth). */
const recentSends = new Map<string, number[]>();

/**
 * Keeps this isolate under the channel's rate in every sliding second (1000 / channelMs sends):
 * timers that fire together after a stall (GC, a busy machine) would otherwise release a burst of
 * overdue slots, while a late send may still catch up within the limit.
 */
async function spaced(channelId: string, channelMs: number) {
  if (!channelMs) return;
  const perSecond = Math.max(1, Math.floor(1000 / channelMs));
  for (;;) {
    const now = Date.now();
    const times = (recentSends.get(channelId) ?? []).filter((t) => now - t < WINDOW_MS);
    recentSends.set(channelId, times);
    if (times.length < perSecond) {
      times.push(now);
      break;
    }
    await new Promise((r) => setTimeout(r, times[0]! + WINDOW_MS - now));
  }
  if (recentSends.size > 1000) recentSends.delete(recentSends.keys().next().value!);
}

interface Ready {
  l: Loaded & { channel: Channel };
  pace: { channelMs: number; chatMs: number };
}

/** Loads the message and decides whether it goes out at all (idempotency, test chats, channel state, reply window). */
async function prepare(env: Env, q: OutboundMessage, attempts: number, preloaded: Map<string, Loaded> | null = null): Promise<{ outcome: Outcome } | { ready: Ready }> {
  const l = preloaded ? (preloaded.get(q.messageId) ?? null) : await load(env, q);
  if (!l) {
    log.info("message gone, nothing to send", { messageId: q.messageId });
    return { outcome: { kind: "ack" } };
  }
  const { message, thread, contact, channel } = l;
  // Idempotent on the message id: a platform id or a final state means it went out (or never will).
  if (message.direction !== "outgoing" || message.platformMessageId || (message.deliveryStatus && message.deliveryStatus !== "pending")) return { outcome: { kind: "ack" } };
  // Test chats are answered in the app only: they never reach a messenger.
  if (contact.isTestContact || contact.platform === "WEBCHAT" || !thread.channelId) return { outcome: { kind: "ack" } };
  if (!isConnected(channel)) return { outcome: await fail(env, q, message, "Канал отключён: сообщение не отправлено", "CHANNEL_DISCONNECTED", attempts) };
  if (!channel.enabled) return { outcome: await fail(env, q, message, "Канал выключен: сообщение не отправлено", "CHANNEL_DISABLED", attempts) };
  const meta = (message.metadata ?? {}) as Record<string, unknown>;
  if (!meta.privateReplyToCommentId) {
    const w = replyWindow(channel.platform, thread);
    if (!w.open) return { outcome: await fail(env, q, message, w.reason, w.code, attempts) };
  }
  // A broadcast's message takes slots at the broadcast's own pace (none when its pacing is off); the
  // pump hands out about one second's worth at a time, so live replies never wait behind thousands.
  const own = channelAdapter(channel.platform)?.limits.pacing ?? { channelMs: 0, chatMs: 0 };
  return { ready: { l: { ...l, channel }, pace: bc.broadcastOf(message) ? bc.broadcastPace(message, own.channelMs) : own } };
}

/** Waits for the reserved slot (or sends the message back to the queue when it is far off), then delivers. */
type Deferred = { accountId: string; event: RoomEventInput }[];

/** The batch's broadcast frames, one publish per account in the order they were sent. */
async function publishDeferred(env: Env, deferred: Deferred): Promise<void> {
  const byAccount = new Map<string, RoomEventInput[]>();
  for (const d of deferred) byAccount.set(d.accountId, [...(byAccount.get(d.accountId) ?? []), d.event]);
  await Promise.all([...byAccount].map(([accountId, events]) => publishSafe(env, accountId, events)));
}

async function sendAt(env: Env, q: OutboundMessage, attempts: number, ready: Ready, slot: number, deferred: Deferred, holder: string): Promise<Outcome> {
  const { message, thread, contact, channel } = ready.l;
  const wait = slot - Date.now();
  if (wait > MAX_INLINE_WAIT_MS) return { kind: "retry", delaySeconds: Math.ceil(wait / 1000) };
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  await spaced(channel.id, ready.pace.channelMs);
  // A broadcast's message: claimed right before the call, so two deliveries of it never both send.
  const broadcastId = bc.broadcastOf(message);
  if (broadcastId) {
    const claim = await bc.claimBroadcastSend(env, broadcastId, message.id);
    if (claim === "skip") return { kind: "ack" };
    if (claim === "busy") return { kind: "retry", delaySeconds: Math.ceil(bc.CLAIM_LEASE_MS / 1000) };
  } else if ((await claimSend(env, q.accountId, message.id, holder)) !== "claimed") return { kind: "ack" };

  try {
    const payload = await payloadOf(env, message, channelAdapter(channel.platform)?.limits.attachmentsByUrl === true);
    const { platformMessageId } = await deliver(env, channel, thread, contact, message, payload);
    faultPoint(env, "sender.afterAccepted");
    const now = Date.now();
    // Recorded before the queue message is acknowledged: a redelivery finds the platform id and stops.
    // One transaction: the platform id (a redelivery then finds it and stops) and a broadcast recipient's `sent`.
    const [written] = await env.DB.batch<Record<string, unknown>>([
      env.DB.prepare(
        `UPDATE messages SET platform_message_id = ?1, is_sent = 1,
           delivery_status = CASE WHEN coalesce(delivery_status, 'pending') IN ('pending', 'failed') THEN 'sent' ELSE delivery_status END,
           metadata = json_remove(metadata, '$.deliveryError', '$.deliveryErrorCode', '$.deliveryErrorDetail', '$.deliveryErrorAttempts', '$.sending'), updated_at = ?2
         WHERE id = ?3 AND account_id = ?4 RETURNING *`,
      ).bind(platformMessageId, now, message.id, q.accountId),
      ...(broadcastId ? [bc.sentStatement(env, broadcastId, message.id, now)] : []),
      attemptStatement(env, q, channel.id, attempts, "sent", null, null),
    ]);
    const updated = written!.results[0];
    if (updated) {
      const event: RoomEventInput = { event: "message", data: serializeMessage(rowToMessage(updated)), webhooks: ["message.sent"] };
      // A live reply shows at once; a broadcast's sends (many at a time) go out with the batch's one publish.
      if (broadcastId) deferred.push({ accountId: q.accountId, event });
      else await publishSafe(env, q.accountId, [event]);
    }
    return { kind: "ack" };
  } catch (e) {
    if (e instanceof InjectedFault) throw e;
    const err = e instanceof SendError ? e : new SendError((e as Error).message, "transient");
    if (err.code === "UNCERTAIN") {
      // No answer at all: the messenger may have taken it. Not sent again (at most once), marked for the operator.
      await attempt(env, q, channel.id, attempts, "failed", null, err.message);
      await markFailed(env, q.accountId, message.id, UNCERTAIN_REASON, "SEND_UNCERTAIN", { detail: err.message });
      return { kind: "ack" };
    }
    if (broadcastId && err.kind !== "permanent") await bc.releaseBroadcastClaim(env, broadcastId, message.id);
    if (!broadcastId) await releaseSend(env, q.accountId, message.id);
    if (err.kind === "rate_limited") {
      const ra = Math.max(1, Math.ceil(err.retryAfter ?? 1));
      // Everyone sending through this channel waits too.
      await env.DB.prepare("UPDATE send_slots SET next_at = max(next_at, ?1) WHERE key = ?2").bind(Date.now() + ra * 1000, `ch:${channel.id}`).run();
      await attempt(env, q, channel.id, attempts, "rate_limited", err.httpStatus ?? 429, err.message);
      return { kind: "retry", delaySeconds: ra };
    }
    if (err.kind === "transient") {
      await attempt(env, q, channel.id, attempts, "retry", err.httpStatus ?? null, err.message);
      return transientOutcome(env, q, attempts, err.message, message);
    }
    await attempt(env, q, channel.id, attempts, "failed", err.httpStatus ?? null, err.message);
    if (err.code === "RECIPIENT_GONE") {
      await bc.unsubscribeGone(env, q.accountId, contact.id);
      return fail(env, q, message, `${bc.RECIPIENT_GONE_REASON} (${err.message})`, "RECIPIENT_GONE", attempts, { detail: err.message });
    }
    return fail(env, q, message, `Мессенджер отклонил сообщение: ${err.message}`, "SEND_REJECTED", attempts, { detail: err.message });
  }
}

/** The reason of a send whose connection failed without an answer (SEND_UNCERTAIN): shown in the chat and the broadcast's recipients. */
export const UNCERTAIN_REASON = "Связь с мессенджером оборвалась во время отправки: неизвестно, дошло ли сообщение, поэтому повторно оно не отправлялось. Проверьте чат в мессенджере и при необходимости отправьте снова";

export function outboundBackoffSeconds(attempts: number): number {
  return Math.min(600, 2 ** Math.max(1, attempts));
}

async function transientOutcome(env: Env, q: OutboundMessage, attempts: number, error: string, message?: Message): Promise<Outcome> {
  if (attempts < OUTBOUND_MAX_ATTEMPTS) return { kind: "retry", delaySeconds: outboundBackoffSeconds(attempts) };
  await storeDeadLetter(env, { queue: "outbound", body: q, error, attempts });
  if (message) await markFailed(env, q.accountId, message.id, `Не удалось отправить после ${attempts} попыток: ${error}`, "SEND_FAILED", { detail: error, attempts });
  return { kind: "ack" };
}

async function fail(env: Env, q: OutboundMessage, message: Message, reason: string, code: string, attempts: number, extra: FailureExtra = {}): Promise<Outcome> {
  await markFailed(env, q.accountId, message.id, reason, code, extra);
  await attempt(env, q, null, attempts, "failed", null, reason);
  return { kind: "ack" };
}

/**
 * What a failed send's metadata carries besides the Russian sentence (`deliveryError`, kept for old
 * clients, the broadcast's recipient row and the log): `deliveryErrorCode`, which the SPA tells in
 * the operator's language (web/features/chat/delivery-reason.ts), the messenger's raw answer
 * (`deliveryErrorDetail`) and, for SEND_FAILED, the number of attempts (`deliveryErrorAttempts`).
 */
type FailureExtra = { detail?: string | null; attempts?: number };

async function markFailed(env: Env, accountId: string, messageId: string, reason: string, code: string, extra: FailureExtra = {}) {
  const row = await env.DB.prepare(
    `UPDATE messages SET delivery_status = 'failed',
       metadata = json_set(metadata, '$.deliveryError', ?1, '$.deliveryErrorCode', ?2, '$.deliveryErrorDetail', ?6, '$.deliveryErrorAttempts', ?7), updated_at = ?3
     WHERE id = ?4 AND account_id = ?5 AND platform_message_id IS NULL RETURNING *`,
  )
    .bind(reason, code, Date.now(), messageId, accountId, extra.detail?.slice(0, 1000) ?? null, extra.attempts ?? null)
    .first<Record<string, unknown>>();
  if (!row) return;
  const m = rowToMessage(row);
  if (bc.broadcastOf(m)) await bc.broadcastFailed(env, m.id, reason);
  await publishSafe(env, accountId, [{ event: "message", data: serializeMessage(m) }]);
}

type AttemptOutcome = "sent" | "rate_limited" | "retry" | "failed";

async function attempt(env: Env, q: OutboundMessage, channelId: string | null, n: number, outcome: AttemptOutcome, httpStatus: number | null, error: string | null) {
  await attemptStatement(env, q, channelId, n, outcome, httpStatus, error).run();
}

/** The attempt's row as a statement, for a batch that records it with the send's own writes. */
function attemptStatement(env: Env, q: OutboundMessage, channelId: string | null, n: number, outcome: AttemptOutcome, httpStatus: number | null, error: string | null): D1PreparedStatement {
  return env.DB.prepare(
    "INSERT INTO outbound_attempts (id, account_id, message_id, channel_id, attempt, outcome, http_status, error, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  ).bind(newId(), q.accountId, q.messageId, channelId, n, outcome, httpStatus, error?.slice(0, 1000) ?? null, Date.now());
}

/**
 * Reserves the next send time for this channel and chat atomically (one D1 transaction), so
 * concurrent consumer invocations share one budget: slot = max(now, channel next, chat next).
 */
export async function reserveSlot(env: Env, channelId: string, chatId: string, pace: { channelMs: number; chatMs: number }): Promise<number> {
  if (!pace.channelMs && !pace.chatMs) return Date.now();
  const now = Date.now();
  const chKey = `ch:${channelId}`;
  const chatKey = `chat:${channelId}:${chatId}`;
  const res = await env.DB.batch<{ slot: number }>([
    env.DB.prepare("INSERT OR IGNORE INTO send_slots (key, next_at) VALUES (?1, 0), (?2, 0)").bind(chKey, chatKey),
    env.DB.prepare(
      `UPDATE send_slots SET next_at = max(?1, next_at, (SELECT next_at FROM send_slots WHERE key = ?3)) + ?4 WHERE key = ?2 RETURNING next_at - ?4 AS slot`,
    ).bind(now, chKey, chatKey, pace.channelMs),
    env.DB.prepare(`UPDATE send_slots SET next_at = (SELECT next_at FROM send_slots WHERE key = ?1) - ?3 + ?4 WHERE key = ?2`).bind(chKey, chatKey, pace.channelMs, pace.chatMs),
  ]);
  return Number(res[1]!.results[0]!.slot);
}

async function payloadOf(env: Env, m: Message, byUrl: boolean): Promise<OutgoingPayload> {
  const payload: OutgoingPayload = { type: m.type, content: m.content };
  if (m.payloadUrl && ["image", "video", "audio", "document"].includes(m.type)) {
    if (m.payloadUrl.startsWith(`accounts/${m.accountId}/`) && byUrl) {
      // A platform that takes attachments by public URL only gets a file of ours as a short-lived signed link.
      if (!(await env.MEDIA.head(m.payloadUrl))) throw new SendError("Файл вложения не найден", "permanent");
      payload.fileUrl = await publicMediaUrl(env, m.accountId, m.payloadUrl);
    } else if (m.payloadUrl.startsWith(`accounts/${m.accountId}/`)) {
      const obj = await env.MEDIA.get(m.payloadUrl);
      if (!obj) throw new SendError("Файл вложения не найден", "permanent");
      payload.file = { bytes: await obj.arrayBuffer(), fileName: m.fileName ?? obj.customMetadata?.fileName ?? "file", mimeType: m.mimeType ?? obj.httpMetadata?.contentType ?? "application/octet-stream" };
    } else if (/^https?:\/\//.test(m.payloadUrl)) payload.fileUrl = m.payloadUrl;
  }
  return payload;
}

function deliver(env: Env, channel: Channel, thread: Thread, contact: Contact, message: Message, payload: OutgoingPayload) {
  const adapter = channelAdapter(channel.platform);
  if (!adapter) throw new SendError(`Канал ${channel.platform} не отправляет сообщения`, "permanent");
  return adapter.send({
    env,
    externalId: channel.externalId,
    creds: () => openCredentials(env, channel),
    chatId: contact.platformUserId,
    threadKind: thread.kind,
    metadata: (message.metadata ?? {}) as Record<string, unknown>,
    messageId: message.id,
    payload,
    lastIncomingId: () => lastCommentId(env, thread),
  });
}

async function lastCommentId(env: Env, thread: Thread): Promise<string | null> {
  const row = await getDb(env.DB)
    .select({ id: schema.messages.platformMessageId })
    .from(schema.messages)
    .where(and(eq(schema.messages.threadId, thread.id), eq(schema.messages.accountId, thread.accountId), eq(schema.messages.direction, "incoming")))
    .orderBy(desc(schema.messages.createdAt))
    .get();
  return row?.id ?? null;
}
