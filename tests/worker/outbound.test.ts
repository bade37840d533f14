import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { getDb, schema } from "../../worker/db/client";
import { reserveSlot } from "../../worker/features/channels/outbound.consumer";
import { orderedId } from "../../worker/features/inbox/rows";
import { tgTextUpdate } from "../fakes/telegram";
import { adminToken, connectTelegram, countMessages, fakeRequests, fakeScript, tgBase, tgWebhook, threadMessages, waitFor } from "./channel-helpers";
import { api } from "./helpers";
import { joinedSocket, ownerWithAccount } from "./inbox-helpers";

/**
 * The outbound sender. Retries are driven two ways, said per test: the consumer called directly
 * with createMessageBatch/getQueueResult (to see each ack/retry decision), or the real queue awaited.
 */
const OUTBOUND = "assistly-outbound";

async function setup() {
  const owner = await ownerWithAccount();
  const tg = await connectTelegram(owner.token, owner.accountId);
  const chatId = 600000 + Math.floor(Math.random() * 100000);
  await tgWebhook(owner.accountId, tg.secret, tgTextUpdate(1, chatId, "Добрый день"));
  const incoming = await waitFor(async () => (await threadMessages(owner.accountId))[0], 10_000, "incoming");
  return { ...owner, ...tg, chatId, threadId: incoming.threadId, contactId: incoming.contactId };
}

/** An outgoing message stored the way every producer does (pending), without enqueueing it. */
async function pendingMessage(accountId: string, threadId: string, contactId: string, content: string) {
  const id = orderedId();
  const now = Date.now();
  await getDb(env.DB).insert(schema.messages).values({ id, accountId, threadId, contactId, type: "text", direction: "outgoing", content, deliveryStatus: "pending", senderType: "operator", createdAt: now, updatedAt: now });
  return id;
}

async function runOutbound(accountId: string, messageId: string, attempts: number) {
  const batch = createMessageBatch(OUTBOUND, [{ id: `q-${messageId}-${attempts}`, timestamp: new Date(), attempts, body: { kind: "send", accountId, messageId } }]);
  // getQueueResult does not report a retry's delay: record what the consumer asked for.
  const delays: (number | undefined)[] = [];
  for (const m of batch.messages) {
    const orig = m.retry.bind(m);
    Object.defineProperty(m, "retry", { value: (o?: QueueRetryOptions) => (delays.push(o?.delaySeconds), orig(o)) });
  }
  const ctx = createExecutionContext();
  await worker.queue!(batch as MessageBatch<unknown>, env, ctx);
  return { ...(await getQueueResult(batch, ctx)), delays };
}

const msgRow = (id: string) => getDb(env.DB).select().from(schema.messages).where(eq(schema.messages.id, id)).get();
const sendsOf = (bot: string) => fakeRequests(tgBase(), (r) => r.path === `/bot${bot}/sendMessage`);

describe("outbound: retries (consumer driven with createMessageBatch/getQueueResult)", () => {
  it("429 with retry_after → retried after that many seconds, then delivered once; a redelivery sends nothing", async () => {
    const s = await setup();
    const id = await pendingMessage(s.accountId, s.threadId, s.contactId, "Ответ после лимита");
    await fakeScript(tgBase(), [{ match: `/bot${s.bot}/sendMessage`, status: 429, body: { ok: false, error_code: 429, description: "Too Many Requests: retry after 1", parameters: { retry_after: 1 } } }]);
    const first = await runOutbound(s.accountId, id, 1);
    expect(first.retryMessages.map((m) => m.msgId)).toEqual([`q-${id}-1`]);
    expect(first.delays).toEqual([1]);
    expect((await msgRow(id))!.deliveryStatus).toBe("pending");
    const second = await runOutbound(s.accountId, id, 2);
    expect(second.explicitAcks).toEqual([`q-${id}-2`]);
    const sent = (await msgRow(id))!;
    expect(sent).toMatchObject({ deliveryStatus: "sent", isSent: true });
    expect(sent.platformMessageId).toMatch(/^\d+$/);
    const third = await runOutbound(s.accountId, id, 3);
    expect(third.explicitAcks).toHaveLength(1);
    const calls = await sendsOf(s.bot);
    expect(calls).toHaveLength(2); // the refused one and the delivered one
    const attempts = await getDb(env.DB).select().from(schema.outboundAttempts).where(eq(schema.outboundAttempts.messageId, id)).all();
    expect(attempts.map((a) => a.outcome).sort()).toEqual(["rate_limited", "sent"]);
  });

  it("500 → retried with backoff, then delivered once", async () => {
    const s = await setup();
    const id = await pendingMessage(s.accountId, s.threadId, s.contactId, "Ответ после сбоя");
    await fakeScript(tgBase(), [{ match: `/bot${s.bot}/sendMessage`, status: 500, body: { ok: false, error_code: 500, description: "Internal Server Error" } }]);
    const first = await runOutbound(s.accountId, id, 1);
    expect(first.retryMessages.map((m) => m.msgId)).toEqual([`q-${id}-1`]);
    expect(first.delays).toEqual([2]);
    const second = await runOutbound(s.accountId, id, 2);
    expect(second.explicitAcks).toHaveLength(1);
    expect((await msgRow(id))!.deliveryStatus).toBe("sent");
    expect(await sendsOf(s.bot)).toHaveLength(2);
  });

  it("a permanent refusal (blocked by the user) fails the message with the reason, no retry", async () => {
    const s = await setup();
    const id = await pendingMessage(s.accountId, s.threadId, s.contactId, "Не дойдёт");
    await fakeScript(tgBase(), [{ match: `/bot${s.bot}/sendMessage`, status: 403, body: { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" } }]);
    const r = await runOutbound(s.accountId, id, 1);
    expect(r.explicitAcks).toHaveLength(1);
    expect(r.retryMessages).toHaveLength(0);
    // The code tells the reason in the operator's language (web/features/chat/delivery-reason.ts); the messenger's own words go apart.
    expect((await msgRow(id))!).toMatchObject({
      deliveryStatus: "failed",
      metadata: { deliveryErrorCode: "RECIPIENT_GONE", deliveryErrorDetail: "Forbidden: bot was blocked by the user", deliveryError: expect.stringContaining("bot was blocked") },
    });
  });

  it("a refused send is not metered as an outgoing message (migration 0054); metered again when it leaves 'failed'", async () => {
    const s = await setup();
    const used = async () => {
      const usage = await api("GET", `/accounts/${s.accountId}/usage`, { token: s.token });
      const billing = await api("GET", `/accounts/${s.accountId}/billing`, { token: s.token });
      return { day: usage.body.totals.messagesOut as number, period: billing.body.units.find((u: { unit: string }) => u.unit === "messagesOut").used as number };
    };
    const before = await used();
    const id = await pendingMessage(s.accountId, s.threadId, s.contactId, "Не дойдёт");
    expect(await used()).toEqual({ day: before.day + 1, period: before.period + 1 });
    await fakeScript(tgBase(), [{ match: `/bot${s.bot}/sendMessage`, status: 403, body: { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" }, times: 1 }]);
    await runOutbound(s.accountId, id, 1);
    expect((await msgRow(id))!.deliveryStatus).toBe("failed");
    expect(await used()).toEqual(before);
    // Failing again takes nothing more; leaving 'failed' (a replay from the dead letters) meters it once more.
    const set = (status: string) => env.DB.prepare("UPDATE messages SET delivery_status = ? WHERE id = ?").bind(status, id).run();
    await set("failed");
    expect(await used()).toEqual(before);
    await set("pending");
    await set("sent");
    expect(await used()).toEqual({ day: before.day + 1, period: before.period + 1 });
  });

  it("a refused send's frame and row carry the reason's code and the messenger's raw answer, not only a Russian sentence", async () => {
    const s = await setup();
    const { socket } = await joinedSocket(s.token, s.accountId);
    const id = await pendingMessage(s.accountId, s.threadId, s.contactId, "Не дойдёт");
    await fakeScript(tgBase(), [{ match: `/bot${s.bot}/sendMessage`, status: 400, body: { ok: false, error_code: 400, description: "Bad Request: chat not found" } }]);
    await runOutbound(s.accountId, id, 1);
    const want = { deliveryErrorCode: "SEND_REJECTED", deliveryErrorDetail: "Bad Request: chat not found" };
    expect((await msgRow(id))!.metadata).toMatchObject(want);
    const [frame] = await socket.waitFor((f) => f.event === "message" && f.data.messageId === id && f.data.deliveryStatus === "failed", 1, 5000);
    expect(frame.data.metadata).toMatchObject(want);
    socket.close();
    // The last of the retries: SEND_FAILED with the number of attempts and the last answer.
    const lost = await pendingMessage(s.accountId, s.threadId, s.contactId, "Тоже не дойдёт");
    await fakeScript(tgBase(), [{ match: `/bot${s.bot}/sendMessage`, status: 502, body: { ok: false, error_code: 502, description: "Bad Gateway" } }]);
    await runOutbound(s.accountId, lost, 99);
    expect((await msgRow(lost))!.metadata).toMatchObject({ deliveryErrorCode: "SEND_FAILED", deliveryErrorDetail: "Bad Gateway", deliveryErrorAttempts: 99 });
  });

  it("after the last attempt the send goes to the dead letters, failed; an admin replays it and it is delivered", async () => {
    const s = await setup();
    const id = await pendingMessage(s.accountId, s.threadId, s.contactId, "Через DLQ");
    await fakeScript(tgBase(), [{ match: `/bot${s.bot}/sendMessage`, status: 502, body: { ok: false, error_code: 502, description: "Bad Gateway" } }]);
    const last = await runOutbound(s.accountId, id, 9);
    expect(last.explicitAcks).toHaveLength(1);
    expect((await msgRow(id))!.deliveryStatus).toBe("failed");
    const dl = await getDb(env.DB).select().from(schema.deadLetters).where(eq(schema.deadLetters.accountId, s.accountId)).all();
    expect(dl).toHaveLength(1);
    expect(dl[0]).toMatchObject({ queue: "outbound", body: { kind: "send", accountId: s.accountId, messageId: id }, error: "Bad Gateway", attempts: 9 });

    const admin = await adminToken();
    expect((await api("GET", "/admin/dead-letters", { token: s.token })).status).toBe(403);
    const list = await api("GET", `/admin/dead-letters?accountId=${s.accountId}`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data.map((d: { id: string }) => d.id)).toEqual([dl[0]!.id]);
    const replay = await api("POST", `/admin/dead-letters/${dl[0]!.id}/replay`, { token: admin });
    expect(replay.status).toBe(200);
    expect(replay.body.replayCount).toBe(1);
    // The real queue takes it from here.
    await waitFor(async () => ((await msgRow(id))!.deliveryStatus === "sent" ? true : null), 10_000, "replayed send");
    const ok = (await sendsOf(s.bot)).filter((r) => r.body.text === "Через DLQ");
    expect(ok).toHaveLength(2); // the 502 and the replayed success
  });

  it("test chats never reach a messenger; a disabled channel refuses clearly", async () => {
    const s = await setup();
    const db = getDb(env.DB);
    const now = Date.now();
    const contactId = orderedId();
    const threadId = orderedId();
    await db.insert(schema.contacts).values({ id: contactId, accountId: s.accountId, platform: "WEBCHAT", platformUserId: `test-${contactId}`, name: "Тест", isTestContact: true, firstSeenAt: now, lastSeenAt: now, createdAt: now, updatedAt: now });
    await db.insert(schema.threads).values({ id: threadId, accountId: s.accountId, contactId, channelId: null, createdAt: now, updatedAt: now } as typeof schema.threads.$inferInsert);
    // The text carries the contact's id, so only this message's requests count (other files use the same fake meanwhile).
    const testMsg = await pendingMessage(s.accountId, threadId, contactId, `Тестовый ответ ${contactId}`);
    expect((await runOutbound(s.accountId, testMsg, 1)).explicitAcks).toHaveLength(1);
    expect(await fakeRequests(tgBase(), (r) => r.rawBody.includes(contactId))).toEqual([]);

    await api("POST", `/accounts/${s.accountId}/platform-telegram/toggle`, { token: s.token, body: { enabled: false } });
    const off = await pendingMessage(s.accountId, s.threadId, s.contactId, "Канал выключен");
    await runOutbound(s.accountId, off, 1);
    expect((await msgRow(off))!).toMatchObject({ deliveryStatus: "failed", metadata: { deliveryErrorCode: "CHANNEL_DISABLED" } });
    expect(await sendsOf(s.bot)).toHaveLength(0);
  });

  it("a malformed queue message is kept as a dead letter, not retried", async () => {
    const batch = createMessageBatch(OUTBOUND, [{ id: "bad-1", timestamp: new Date(), attempts: 1, body: { kind: "nope" } }]);
    const ctx = createExecutionContext();
    await worker.queue!(batch as MessageBatch<unknown>, env, ctx);
    const r = await getQueueResult(batch, ctx);
    expect(r.explicitAcks).toEqual(["bad-1"]);
    const rows = await env.DB.prepare("SELECT body FROM dead_letters WHERE queue = 'outbound' AND body = ?").bind(JSON.stringify({ kind: "nope" })).all();
    expect(rows.results.length).toBeGreaterThanOrEqual(1);
  });
});

describe("outbound: through the real queue", () => {
  it("an operator reply failing with 500 once is retried by the queue and delivered exactly once", async () => {
    const s = await setup();
    await fakeScript(tgBase(), [{ match: `/bot${s.bot}/sendMessage`, status: 500, body: { ok: false, error_code: 500, description: "Internal Server Error" } }]);
    const reply = await api("POST", `/accounts/${s.accountId}/contacts/${s.contactId}/messages`, { token: s.token, body: { content: "Повторим" } });
    expect(reply.status).toBe(201);
    const m = await waitFor(async () => (await threadMessages(s.accountId)).find((x) => x.content === "Повторим" && x.deliveryStatus === "sent"), 15_000, "retried send");
    const calls = await sendsOf(s.bot);
    expect(calls).toHaveLength(2);
    expect(m.platformMessageId).toBeTruthy();
    expect(await countMessages(s.accountId)).toBe(2);
  });
});

describe("outbound: pacing", () => {
  it("one batch: a chat's messages go out in batch order, a message queued twice in the batch is sent once", async () => {
    const { accountId, threadId, contactId, bot } = await setup();
    const ids = [];
    for (const text of ["первое", "второе", "третье"]) ids.push(await pendingMessage(accountId, threadId, contactId, text));
    const bodies = [...ids, ids[1]!].map((messageId, i) => ({ id: `q-batch-${messageId}-${i}`, timestamp: new Date(), attempts: 1, body: { kind: "send", accountId, messageId } }));
    const batch = createMessageBatch(OUTBOUND, bodies);
    const ctx = createExecutionContext();
    await worker.queue!(batch as MessageBatch<unknown>, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toHaveLength(4);
    const sent = (await sendsOf(bot)).map((r: any) => r.body.text).filter((t: string) => ["первое", "второе", "третье"].includes(t));
    expect(sent).toEqual(["первое", "второе", "третье"]);
    for (const id of ids) expect((await msgRow(id))?.deliveryStatus).toBe("sent");
  });

  it("slots: one chat at most once a second, one bot at most ~30 a second, shared atomically", async () => {
    const ch = `pace-${Math.random()}`;
    const pace = { channelMs: 34, chatMs: 1000 };
    const a1 = await reserveSlot(env, ch, "chat-a", pace);
    const a2 = await reserveSlot(env, ch, "chat-a", pace);
    expect(a2 - a1).toBeGreaterThanOrEqual(1000);
    const slots = await Promise.all(Array.from({ length: 30 }, (_, i) => reserveSlot(env, ch, `chat-${i}`, pace)));
    const sorted = [...slots].sort((x, y) => x - y);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(34);
  });
});
