import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import worker from "../../../worker/index";
import { getDb, schema } from "../../../worker/db/client";
import { orderedId } from "../../../worker/features/inbox/rows";
import { api } from "../helpers";

/** Helpers of the senders' part of the exactly-once suite (crash-senders, remote-faults, order). */

const fakeUrls = () => JSON.parse((env as unknown as { FAKE_URLS: string }).FAKE_URLS) as Record<string, string>;
const receiverUrl = () => fakeUrls().WEBHOOK_RECEIVER_URL!;

export interface ReceivedHook {
  path: string;
  headers: Record<string, string>;
  body: any;
  verified: boolean;
}

/** What the webhook receiver fake got on a path, in order. */
export async function hookRequests(path: string): Promise<ReceivedHook[]> {
  const all = (await (await fetch(`${receiverUrl()}/__requests`)).json()) as ReceivedHook[];
  return all.filter((r) => r.path === path);
}

let seq = 0;
/** An outgoing-webhook endpoint on its own receiver path (the receiver told its secret). */
export async function hookEndpoint(token: string, accountId: string, events: string[] = ["message.received"]) {
  const path = `/eo-senders/${Date.now().toString(36)}-${++seq}`;
  const res = await api("POST", `/accounts/${accountId}/webhooks`, { token, body: { url: `${receiverUrl()}${path}`, events, description: "CRM" } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await fetch(`${receiverUrl()}/__secrets`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ path, secrets: [res.body.secret] }) });
  return { id: res.body.id as string, path };
}

/** An outgoing message stored the way every producer does (pending), not enqueued: the test hands it to the sender. */
export async function pendingOutgoing(accountId: string, threadId: string, contactId: string, content: string): Promise<string> {
  const id = orderedId();
  const now = Date.now();
  await getDb(env.DB).insert(schema.messages).values({ id, accountId, threadId, contactId, type: "text", direction: "outgoing", content, deliveryStatus: "pending", senderType: "operator", createdAt: now, updatedAt: now });
  return id;
}

/** One delivery of the outbound queue message of `messageId` (attempt `attempts`): what the consumer acked, retried, and with which delay. */
export async function sendOnce(accountId: string, messageId: string, attempts: number) {
  const batch = createMessageBatch("assistly-outbound", [{ id: `eo-${messageId}-${attempts}`, timestamp: new Date(), attempts, body: { kind: "send", accountId, messageId } }]);
  const delays: (number | undefined)[] = [];
  for (const m of batch.messages) {
    const orig = m.retry.bind(m);
    Object.defineProperty(m, "retry", { value: (o?: QueueRetryOptions) => (delays.push(o?.delaySeconds), orig(o)) });
  }
  const ctx = createExecutionContext();
  await worker.queue!(batch as MessageBatch<unknown>, env, ctx);
  const r = await getQueueResult(batch, ctx);
  return { acked: r.explicitAcks.length === 1, retried: r.retryMessages.length === 1, delays };
}

export const messageRow = (id: string) => getDb(env.DB).select().from(schema.messages).where(eq(schema.messages.id, id)).get();
