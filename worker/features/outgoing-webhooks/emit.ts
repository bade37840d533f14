import type { Env } from "../../env";
import { newId } from "../../lib/ids";
import { createLogger } from "../../lib/logger";
import type { RoomEvent, RoomEventData } from "../../../durable-objects/account-room/protocol";
import type { WebhookEventType } from "./catalogue";
import type { WebhookQueueMessage } from "./outgoing-webhooks.schemas";

/**
 * The seam between the room and outgoing webhooks: realtime.ts hands every batch of room events it
 * publishes to `enqueueWebhookEvents`, so whatever reaches the operators' sockets also reaches the
 * account's endpoints, from the same commit and in the same order. Some webhook events follow from
 * the room event alone (a deleted contact, a WhatsApp state); the rest are named by the producer on
 * the room event (`webhooks`), because a room frame does not say whether a message is new or a
 * thread's status changed.
 *
 * One event for the room, its data checked against the socket contract; `webhooks` names the
 * outgoing webhook events this room event also is, when the frame alone does not say. Defined
 * here, not in inbox/realtime.ts (which publishes it), so the two do not import each other.
 */
export type RoomEventInput = { [E in RoomEvent]: { event: E; data: RoomEventData[E]; webhooks?: WebhookTag[] } }[RoomEvent];
export type WebhookTag = WebhookEventType | { type: WebhookEventType; data: unknown };

export interface WebhookEvent {
  id: string;
  type: string;
  timestamp: number;
  data: unknown;
}

function isTestData(data: unknown): boolean {
  const d = data as { isTestContact?: boolean; contact?: { isTestContact?: boolean } } | null;
  return d?.isTestContact === true || d?.contact?.isTestContact === true;
}

/** The webhook events (without ids yet) a batch of room events stands for, in the batch's order. Test chats have none. */
export function webhookEventsOf(events: RoomEventInput[]): { type: string; data: unknown }[] {
  const out: { type: string; data: unknown }[] = [];
  const add = (type: string, data: unknown) => out.push({ type, data });
  for (const e of events) {
    if (isTestData(e.data)) continue;
    if (e.event === "deleteContact") add("contact.deleted", e.data);
    // channel.state_changed of every platform comes from the channels' own write (emitWebhookEvent).
    if (e.event === "core::whatsappStateChanged") add("whatsapp.state_changed", e.data);
    for (const tag of e.webhooks ?? []) {
      if (typeof tag === "string") add(tag, e.data);
      else add(tag.type, tag.data);
    }
  }
  return out;
}

/**
 * Which event types an account's enabled endpoints want, remembered per isolate for a few seconds:
 * the ingest path publishes on every batch and most accounts have no endpoint, so a D1 read per
 * publish would be paid for nothing. Endpoint writes clear the memo of their isolate; another isolate
 * may miss an endpoint's first seconds (as long as the session memo).
 */
const MEMO_MS = 5_000;
const memo = new Map<string, { types: Set<string>; until: number }>();

export function forgetWebhookSubscriptions(accountId: string) {
  memo.delete(accountId);
}

async function subscribedTypes(env: Env, accountId: string): Promise<Set<string>> {
  const hit = memo.get(accountId);
  const now = Date.now();
  if (hit && hit.until > now) return hit.types;
  const rows = await env.DB.prepare("SELECT DISTINCT j.value AS type FROM webhook_endpoints e, json_each(e.events) j WHERE e.account_id = ?1 AND e.enabled = 1")
    .bind(accountId)
    .all<{ type: string }>();
  const types = new Set(rows.results.map((r) => r.type));
  memo.set(accountId, { types, until: now + MEMO_MS });
  if (memo.size > 10_000) memo.delete(memo.keys().next().value!);
  return types;
}

/**
 * Features that act on the same events inside the platform (Bitrix24 makes a lead on contact.created
 * and thread.handoff) register here; a listener never throws into the publisher.
 */
export type WebhookEventListener = (env: Env, accountId: string, events: { type: string; data: unknown }[]) => Promise<void>;
const listeners: WebhookEventListener[] = [];
export function onWebhookEvents(listener: WebhookEventListener): void {
  listeners.push(listener);
}

/** Never throws: the data is committed and pushed already; a lost enqueue is logged. */
export async function enqueueWebhookEvents(env: Env, accountId: string, events: RoomEventInput[]): Promise<void> {
  const all = webhookEventsOf(events);
  if (!all.length) return;
  await Promise.all([
    queueEvents(env, accountId, all, events.length),
    ...listeners.map((l) => l(env, accountId, all).catch((error) => createLogger({ accountId, component: "webhooks" }).error("webhook event listener failed", { error }))),
  ]);
}

async function queueEvents(env: Env, accountId: string, all: { type: string; data: unknown }[], roomEvents: number): Promise<void> {
  try {
    const types = await subscribedTypes(env, accountId);
    // Ids only for what some endpoint wants: most accounts have none, and ingest publishes on every batch.
    const now = Date.now();
    const wanted: WebhookEvent[] = all.filter((e) => types.has(e.type)).map((e) => ({ id: `evt_${newId()}`, type: e.type, timestamp: now, data: e.data }));
    if (!wanted.length) return;
    // A queue message holds 128 KB and a batch 256 KB: a big ingest batch goes as several of each.
    const messages: MessageSendRequest<WebhookQueueMessage>[][] = [[]];
    let part: WebhookEvent[] = [];
    let size = 0;
    let batchSize = 0;
    const flush = () => {
      if (!part.length) return;
      if (messages.at(-1)!.length && batchSize + size > 200_000) (messages.push([]), (batchSize = 0));
      messages.at(-1)!.push({ body: { kind: "emit", accountId, events: part }, contentType: "json" });
      batchSize += size;
      part = [];
      size = 0;
    };
    for (const e of wanted) {
      const n = JSON.stringify(e.data ?? null).length * 3;
      if (part.length && size + n > 96_000) flush();
      part.push(e);
      size += n + 200;
    }
    flush();
    for (const batch of messages) await env.WEBHOOKS_QUEUE.sendBatch(batch);
  } catch (error) {
    createLogger({ accountId, component: "webhooks" }).error("webhook events not queued", { error, events: all.length, roomEvents });
  }
}

/**
 * For a change that has no room frame (a Telegram or Instagram channel connected, switched or
 * disconnected): the same queue path, called from the one place that writes the change.
 */
export async function emitWebhookEvent(env: Env, accountId: string, type: WebhookEventType, data: unknown): Promise<void> {
  await queueEvents(env, accountId, [{ type, data }], 0);
}
