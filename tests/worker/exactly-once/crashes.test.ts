import { sweepIngestOutbox } from "../../../worker/features/inbox/ingest-outbox";
import { afterEach, describe, expect, it } from "vitest";
import { LEASE_MS } from "../../../worker/ai/runner";
import { armFault, faultsThrown, resetFaults } from "../../../worker/lib/faults";
import { tgTextUpdate } from "../../fakes/telegram";
import { modelRequests } from "../ai-helpers";
import { connectTelegram, fakeRequests, tgBase, tgWebhook } from "../channel-helpers";
import { api, env } from "../helpers";
import { accountWithAssistant, runsOf, runsSettled, sleep, threadsWithMessages, waitUntil } from "./helpers";

/**
 * Crashes at the inbound, runner and sender steps (issue #22): the seam (worker/lib/faults.ts)
 * throws at a named point as if the isolate died there; the queues redeliver for real, and each
 * test checks one stored message, one room frame, one reply and one send (or a send marked
 * "possibly delivered" where the messenger cannot tell us whether it got it).
 */
afterEach(() => resetFaults());

async function telegramAccount(debounceSeconds = 0) {
  const ctx = await accountWithAssistant({ debounceSeconds, reply: "Ответ ассистента." });
  const tg = await connectTelegram(ctx.token, ctx.accountId, undefined, { assistantId: ctx.assistantId });
  const chat = 630000 + Math.floor(Math.random() * 100000);
  return { ...ctx, ...tg, chat, sends: async () => (await fakeRequests(tgBase(), (r) => r.path === `/bot${tg.bot}/sendMessage` && String(r.body?.chat_id) === String(chat))).length };
}

describe("exactly once through crashes", () => {
  it("ingest.afterCommit: the redelivered webhook pushes the stored message once and its claimed turn answers once", async () => {
    const ctx = await telegramAccount();
    armFault("ingest.afterCommit");
    const res = await tgWebhook(ctx.accountId, ctx.secret, tgTextUpdate(Math.floor(Math.random() * 1e8), ctx.chat, `Есть доставка? ${ctx.scope}`));
    expect(res.status).toBe(200);
    await waitUntil(async () => (await ctx.sends()) > 0, 30_000, "the reply's send after the redelivery");
    expect(faultsThrown("ingest.afterCommit")).toBe(1);
    await runsSettled(ctx.accountId, 1);
    await sleep(1500);
    const [t] = await threadsWithMessages(ctx.accountId);
    const incoming = t!.messages.filter((m) => m.direction === "incoming");
    expect(incoming).toHaveLength(1);
    expect(ctx.socket.frames.filter((f) => f.event === "message" && f.data.messageId === incoming[0]!.id)).toHaveLength(1);
    expect(t!.messages.filter((m) => m.senderType === "assistant").map((m) => [m.content, m.deliveryStatus])).toEqual([["Ответ ассистента.", "sent"]]);
    expect(await ctx.sends()).toBe(1);
    expect(await runsOf(ctx.accountId)).toHaveLength(1);
    const outbox = await env.DB.prepare("SELECT count(*) AS n FROM ingest_outbox WHERE account_id = ?").bind(ctx.accountId).first<{ n: number }>();
    expect(outbox!.n).toBe(0);
    ctx.socket.close();
  });

  it("the cron's sweep drops outbox rows a dead-lettered queue message left (older than a day), and only those", async () => {
    const ctx = await telegramAccount(1);
    const insert = (source: string, at: number) =>
      env.DB.prepare("INSERT INTO ingest_outbox (account_id, source, message_ids, created_at) VALUES (?, ?, '[]', ?)").bind(ctx.accountId, source, at).run();
    await insert("dead-lettered", Date.now() - 25 * 3600_000);
    await insert("in-flight", Date.now() - 60_000);
    expect(await sweepIngestOutbox(env as never)).toBeGreaterThanOrEqual(1);
    const left = await env.DB.prepare("SELECT source FROM ingest_outbox WHERE account_id = ?").bind(ctx.accountId).all<{ source: string }>();
    expect(left.results.map((r) => r.source)).toEqual(["in-flight"]);
    await env.DB.prepare("DELETE FROM ingest_outbox WHERE account_id = ?").bind(ctx.accountId).run();
    ctx.socket.close();
  });

  it("ingest.afterCommit with a burst: three messages of one thread in one webhook batch, each pushed once, one reply", async () => {
    const ctx = await telegramAccount(1);
    armFault("ingest.afterCommit");
    const base = Math.floor(Date.now() / 1000) - 30;
    const first = Math.floor(Math.random() * 1e8);
    const answers = await Promise.all([0, 1, 2].map((k) => tgWebhook(ctx.accountId, ctx.secret, tgTextUpdate(first + k, ctx.chat, `Вопрос ${k + 1} ${ctx.scope}`, { date: base + k }))));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    await waitUntil(async () => (await ctx.sends()) > 0, 30_000, "the burst's reply sent");
    expect(faultsThrown("ingest.afterCommit")).toBe(1);
    await runsSettled(ctx.accountId, 1);
    await sleep(2500);
    const [t] = await threadsWithMessages(ctx.accountId);
    const incoming = t!.messages.filter((m) => m.direction === "incoming");
    expect(incoming.map((m) => m.content)).toEqual([1, 2, 3].map((k) => `Вопрос ${k} ${ctx.scope}`));
    for (const m of incoming) expect(ctx.socket.frames.filter((f) => f.event === "message" && f.data.messageId === m.id)).toHaveLength(1);
    expect(t!.messages.filter((m) => m.senderType === "assistant")).toHaveLength(1);
    expect(await ctx.sends()).toBe(1);
    ctx.socket.close();
  });

  it("runner.afterModel: the dead turn's claim runs out, the watchdog answers once, and the first answer was never sent", async () => {
    const ctx = await telegramAccount();
    armFault("runner.afterModel");
    await tgWebhook(ctx.accountId, ctx.secret, tgTextUpdate(Math.floor(Math.random() * 1e8), ctx.chat, `Сколько стоит? ${ctx.scope}`));
    await waitUntil(async () => faultsThrown("runner.afterModel") === 1, 20_000, "the crash after the model answered");
    await sleep(500);
    const [run] = await runsOf(ctx.accountId);
    // The isolate "died": the run is still held, nothing was committed or sent.
    expect(run!.status).toBe("running");
    expect((await threadsWithMessages(ctx.accountId))[0]!.messages.filter((m) => m.senderType === "assistant")).toHaveLength(0);
    expect(await ctx.sends()).toBe(0);
    // Five minutes later the lease has run out and the watchdog queued with the turn comes.
    await env.DB.prepare("UPDATE assistant_runs SET claimed_at = claimed_at - ? WHERE id = ?").bind(LEASE_MS + 1000, run!.id).run();
    await env.AI_QUEUE.send({ kind: "run", runId: run!.id, accountId: ctx.accountId, reason: "watchdog" });
    await waitUntil(async () => (await ctx.sends()) > 0, 20_000, "the watchdog's reply sent");
    const [settled] = await runsSettled(ctx.accountId, 1);
    expect(settled!.status).toBe("done");
    await sleep(1000);
    const replies = (await threadsWithMessages(ctx.accountId))[0]!.messages.filter((m) => m.senderType === "assistant");
    expect(replies.map((m) => m.deliveryStatus)).toEqual(["sent"]);
    expect(await ctx.sends()).toBe(1);
    expect(await modelRequests(ctx.scope)).toHaveLength(2);
    ctx.socket.close();
  });

  it("sender.afterAccepted: the messenger got the send, the redelivery does not send again and marks it possibly delivered", async () => {
    const ctx = await telegramAccount();
    // The customer writes with the AI off, an operator answers.
    await tgWebhook(ctx.accountId, ctx.secret, tgTextUpdate(Math.floor(Math.random() * 1e8), ctx.chat, `Здравствуйте ${ctx.scope}`));
    const [t0] = await waitUntil(async () => {
      const all = await threadsWithMessages(ctx.accountId);
      return all[0]?.messages.some((m) => m.senderType === "assistant" && m.platformMessageId) ? all : null;
    }, 20_000, "the assistant's first reply");
    armFault("sender.afterAccepted");
    const reply = await api("POST", `/accounts/${ctx.accountId}/contacts/${t0!.thread.contactId}/messages`, { token: ctx.token, body: { content: "Оператор на связи" } });
    expect(reply.status).toBe(201);
    const operatorSends = async () => (await fakeRequests(tgBase(), (r) => r.path === `/bot${ctx.bot}/sendMessage` && r.body?.text === "Оператор на связи")).length;
    const marked = await waitUntil(async () => {
      const m = (await threadsWithMessages(ctx.accountId))[0]!.messages.find((x) => x.content === "Оператор на связи");
      return m?.deliveryStatus === "failed" ? m : null;
    }, 30_000, "the send marked after the redelivery");
    expect(faultsThrown("sender.afterAccepted")).toBe(1);
    expect(marked.metadata).toMatchObject({ deliveryErrorCode: "POSSIBLY_DELIVERED" });
    expect(String(marked.metadata.deliveryError)).toMatch(/возможно, клиент его получил/);
    await ctx.socket.waitFor((f) => f.event === "message" && f.data.messageId === marked.id && f.data.metadata?.deliveryErrorCode === "POSSIBLY_DELIVERED", 1, 5000);
    await sleep(1500);
    expect(await operatorSends()).toBe(1);
    ctx.socket.close();
  });

  it("sender: a handled failure (Telegram answers 500 once) gives the claim back, so the retry sends", async () => {
    const ctx = await telegramAccount();
    await tgWebhook(ctx.accountId, ctx.secret, tgTextUpdate(Math.floor(Math.random() * 1e8), ctx.chat, `Привет ${ctx.scope}`));
    const [t0] = await waitUntil(async () => {
      const all = await threadsWithMessages(ctx.accountId);
      return all[0]?.messages.some((m) => m.senderType === "assistant" && m.platformMessageId) ? all : null;
    }, 20_000, "the assistant's first reply");
    // Telegram refuses once with a 500: a handled failure gives the claim back.
    await fetch(`${tgBase()}/__script`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify([{ match: `/bot${ctx.bot}/sendMessage`, status: 500, body: { ok: false, error_code: 500, description: "Internal Server Error" }, times: 1 }]) });
    const reply = await api("POST", `/accounts/${ctx.accountId}/contacts/${t0!.thread.contactId}/messages`, { token: ctx.token, body: { content: "Второй ответ" } });
    expect(reply.status).toBe(201);
    const sent = await waitUntil(async () => {
      const m = (await threadsWithMessages(ctx.accountId))[0]!.messages.find((x) => x.content === "Второй ответ");
      return m?.deliveryStatus === "sent" ? m : null;
    }, 30_000, "the retried send");
    expect(sent.metadata).not.toHaveProperty("sending");
    ctx.socket.close();
  });
});
