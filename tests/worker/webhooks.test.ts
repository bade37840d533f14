import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { getDb, schema } from "../../worker/db/client";
import { checkPhone } from "../../worker/lib/phone";
import { tgTextUpdate } from "../fakes/telegram";
import { adminToken, connectTelegram, countMessages, fakeScript, sleep, tgBase, tgWebhook, threadMessages, waitFor } from "./channel-helpers";
import { api } from "./helpers";
import { ownerWithAccount } from "./inbox-helpers";

/**
 * The inbound consumer and the dead-letter path. Batches are driven directly with
 * createMessageBatch/getQueueResult where the ack/retry decision is the point; the real queue otherwise.
 */
async function runInbound(messages: { body: unknown; attempts?: number }[]) {
  const batch = createMessageBatch(
    "assistly-inbound",
    messages.map((m, i) => ({ id: `in-${i}-${Math.random()}`, timestamp: new Date(), attempts: m.attempts ?? 1, body: m.body })),
  );
  const ctx = createExecutionContext();
  await worker.queue!(batch as MessageBatch<unknown>, env, ctx);
  return { batch, result: await getQueueResult(batch, ctx) };
}

const deadLettersOf = (accountId: string) => getDb(env.DB).select().from(schema.deadLetters).where(eq(schema.deadLetters.accountId, accountId)).all();

describe("inbound consumer", () => {
  it("one batch with repeats and several chats: each message once, per-chat order kept, all acknowledged", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { secret: _secret, state } = await connectTelegram(token, accountId);
    const ch = await getDb(env.DB).select().from(schema.channels).where(eq(schema.channels.accountId, accountId)).get();
    const t = Math.floor(Date.now() / 1000) - 100;
    const body = (id: number, chat: number) => ({ kind: "webhook", platform: "TELEGRAM", accountId, channelId: ch!.id, receivedAt: Date.now(), body: JSON.stringify(tgTextUpdate(id, chat, `m${id}`, { date: t + id })) });
    const order = [5, 3, 4, 3, 1, 2, 5, 1];
    const { batch, result } = await runInbound(order.map((id) => ({ body: body(id, id % 2 ? 111 : 222) })));
    expect(result.explicitAcks.sort()).toEqual(batch.messages.map((m) => m.id).sort());
    const msgs = await threadMessages(accountId);
    expect(msgs).toHaveLength(5);
    const byThread = new Map<string, string[]>();
    for (const m of msgs) byThread.set(m.threadId, [...(byThread.get(m.threadId) ?? []), m.content]);
    expect([...byThread.values()].map((v) => v.join(",")).sort()).toEqual(["m1,m3,m5", "m2,m4"]);
    // Replaying the same batch changes nothing.
    await runInbound(order.map((id) => ({ body: body(id, id % 2 ? 111 : 222) })));
    expect(await countMessages(accountId)).toBe(5);
    expect(state.connected).toBe(true);
  });

  it("a body that is not JSON goes straight to the dead letters (no retries); admins see and replay it", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { secret } = await connectTelegram(token, accountId);
    const res = await tgWebhook(accountId, secret, "{ this is not json");
    expect(res.status).toBe(200);
    const [dl] = await waitFor(async () => {
      const r = await deadLettersOf(accountId);
      return r.length ? r : null;
    }, 10_000, "dead letter");
    expect(dl).toMatchObject({ queue: "inbound", platform: "TELEGRAM", error: "Тело вебхука — не JSON", replayCount: 0 });
    const admin = await adminToken();
    const page = await api("GET", `/admin/dead-letters?queue=inbound&accountId=${accountId}`, { token: admin });
    expect(page.body).toMatchObject({ meta: { total: 1, page: 1 } });
    expect((await api("GET", `/admin/dead-letters/${dl!.id}`, { token })).status).toBe(403);
    expect((await api("GET", `/admin/dead-letters/nope`, { token: admin })).status).toBe(404);
    const replayed = await api("POST", `/admin/dead-letters/${dl!.id}/replay`, { token: admin });
    expect(replayed.body).toMatchObject({ replayCount: 1, replayedAt: expect.any(Number) });
    // Still poison: a new dead letter, still no message.
    await waitFor(async () => ((await deadLettersOf(accountId)).length === 2 ? true : null), 10_000, "second dead letter");
    expect(await countMessages(accountId)).toBe(0);
    expect((await api("DELETE", `/admin/dead-letters/${dl!.id}`, { token: admin })).status).toBe(204);
    expect((await api("GET", `/admin/dead-letters?pending=true&accountId=${accountId}`, { token: admin })).body.meta.total).toBe(1);
  });

  it("a transient failure (media download 500) is retried with backoff, then dead-lettered after the last attempt", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { bot } = await connectTelegram(token, accountId);
    const ch = await getDb(env.DB).select().from(schema.channels).where(eq(schema.channels.accountId, accountId)).get();
    const update = { update_id: 7, message: { message_id: 7, date: Math.floor(Date.now() / 1000), chat: { id: 99, type: "private", first_name: "Ф" }, from: { id: 99, is_bot: false, first_name: "Ф" }, document: { file_id: "doc-1", file_name: "price.pdf", mime_type: "application/pdf" } } };
    const body = { kind: "webhook", platform: "TELEGRAM", accountId, channelId: ch!.id, receivedAt: Date.now(), body: JSON.stringify(update) };
    await fakeScript(tgBase(), [{ match: `/bot${bot}/getFile`, status: 500, body: { ok: false, error_code: 500, description: "Internal" }, times: 2 }]);
    const first = await runInbound([{ body, attempts: 1 }]);
    expect(first.result.retryMessages).toHaveLength(1);
    expect(await countMessages(accountId)).toBe(0);
    const last = await runInbound([{ body, attempts: 6 }]);
    expect(last.result.explicitAcks).toHaveLength(1);
    const [dl] = await deadLettersOf(accountId);
    expect(dl!.error).toMatch(/Не удалось скачать файл/);
    // The file is back: replaying the dead letter stores the document once.
    const admin = await adminToken();
    await api("POST", `/admin/dead-letters/${dl!.id}/replay`, { token: admin });
    const m = await waitFor(async () => (await threadMessages(accountId))[0], 10_000, "replayed document");
    expect(m).toMatchObject({ type: "document", fileName: "price.pdf", mimeType: "application/pdf" });
  });

  it("webhooks for a channel that is gone are acknowledged and dropped", async () => {
    const { token, accountId } = await ownerWithAccount();
    await connectTelegram(token, accountId);
    const { result, batch } = await runInbound([{ body: { kind: "webhook", platform: "TELEGRAM", accountId, channelId: "missing", receivedAt: Date.now(), body: JSON.stringify(tgTextUpdate(1, 1, "x")) } }]);
    expect(result.explicitAcks).toEqual([batch.messages[0]!.id]);
    await sleep(100);
    expect(await countMessages(accountId)).toBe(0);
  });

  it("the DLQ consumer keeps what the queues gave up on, by queue", async () => {
    const accountId = `acc-${Math.random().toString(36).slice(2)}`;
    const batch = createMessageBatch("assistly-dlq", [
      { id: "d1", timestamp: new Date(), attempts: 6, body: { kind: "webhook", platform: "WHATSAPP", accountId, receivedAt: 1, body: "{}" } },
      { id: "d2", timestamp: new Date(), attempts: 9, body: { kind: "send", accountId, messageId: "m1" } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue!(batch as MessageBatch<unknown>, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks.sort()).toEqual(["d1", "d2"]);
    const rows = await deadLettersOf(accountId);
    expect(rows.map((r) => [r.queue, r.attempts]).sort()).toEqual([["inbound", 6], ["outbound", 9]]);
  });
});

describe("phone helper (§5)", () => {
  it("gives the exact messages and the international format", () => {
    expect(checkPhone("")).toEqual({ ok: false, code: "required", error: "Требуется номер телефона" });
    expect(checkPhone("   ")).toEqual({ ok: false, code: "required", error: "Требуется номер телефона" });
    expect(checkPhone("abc")).toEqual({ ok: false, code: "invalid", error: "Неверный формат телефона: abc", cleaned: "+" });
    expect(checkPhone("+7 900 12")).toEqual({ ok: false, code: "invalid", error: "Неверный формат телефона: +7 900 12", cleaned: "+790012" });
    expect(checkPhone("8 (900) 123-45-67")).toEqual({ ok: true, international: "+7 900 123 45 67", e164: "+79001234567", digits: "79001234567" });
    expect(checkPhone("+1" + "2".repeat(18))).toMatchObject({ ok: false, error: expect.stringMatching(/^Неверный формат телефона/) });
    expect(checkPhone("7 (900) 123-45-67")).toEqual({ ok: true, international: "+7 900 123 45 67", e164: "+79001234567", digits: "79001234567" });
    expect(checkPhone("+44 20 7946 0958")).toMatchObject({ ok: true, international: "+44 20 7946 0958" });
  });
});
