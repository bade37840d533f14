import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AccountRoom } from "../../durable-objects/account-room/room";
import { executeRun, MAX_TOOL_STEPS } from "../../worker/ai/runner";
import { getDb, schema } from "../../worker/db/client";
import { tgTextUpdate } from "../fakes/telegram";
import { modelRequests, scopeToken, scriptModel, sleep, waitFor } from "./ai-helpers";
import { connectTelegram, fakeRequests, tgBase, tgWebhook } from "./channel-helpers";
import { api, env, lastMailTo } from "./helpers";
import { createChannel, incoming, ingest, joinedSocket, ownerWithAccount } from "./inbox-helpers";

/**
 * The assistant runner against the OpenAI fake: messages enter through the real ingestion (or a
 * real Telegram webhook), the chain schedules the turn, replies go out through the outbound queue.
 * Every conversation carries a unique scope token so the fake's script belongs to this test only.
 */
async function setup(assistant: Record<string, unknown> = {}) {
  const owner = await ownerWithAccount();
  const a = await api("POST", `/accounts/${owner.accountId}/assistants`, {
    token: owner.token,
    body: { name: "Ассистент магазина", instructions: "Ты — консультант магазина «Уют».", knowledge: "Доставка по Москве — 300 ₽.", ...assistant },
  });
  if (a.status !== 201) throw new Error(JSON.stringify(a.body));
  const channelId = await createChannel(owner.accountId, { assistantId: a.body.assistantId });
  return { ...owner, assistantId: a.body.assistantId as string, channelId };
}

type Ctx = Awaited<ReturnType<typeof setup>>;

async function say(ctx: Ctx, user: string, text: string) {
  const [r] = await ingest([incoming(ctx.accountId, ctx.channelId, user, text)]);
  if (!r || r.duplicate || r.rejected !== undefined) throw new Error(`not ingested: ${JSON.stringify(r)}`);
  return r;
}

const db = () => getDb(env.DB);
const roomStub = (accountId: string) => (env.AccountRoom as unknown as DurableObjectNamespace<AccountRoom>).getByName(accountId);
const messagesOf = (accountId: string, threadId: string) =>
  db().select().from(schema.messages).where(and(eq(schema.messages.accountId, accountId), eq(schema.messages.threadId, threadId))).orderBy(asc(schema.messages.createdAt), asc(schema.messages.id)).all();
const runsOf = (threadId: string) => db().select().from(schema.assistantRuns).where(eq(schema.assistantRuns.threadId, threadId)).orderBy(asc(schema.assistantRuns.triggerAt)).all();
const replies = async (accountId: string, threadId: string) => (await messagesOf(accountId, threadId)).filter((m) => m.senderType === "assistant" && m.type === "text");
const settled = (threadId: string, n = 1, ms = 15_000) =>
  waitFor(async () => {
    const runs = await runsOf(threadId);
    return runs.length >= n && runs.every((r) => !["pending", "running"].includes(r.status)) ? runs : null;
  }, ms);

describe("assistant runner", () => {
  it("answers a Telegram customer end to end: webhook → model → reply sent once through the bot", async () => {
    const owner = await ownerWithAccount();
    const a = await api("POST", `/accounts/${owner.accountId}/assistants`, { token: owner.token, body: { name: "Бот", knowledge: "Доставка по Москве — 300 ₽." } });
    const { bot, secret } = await connectTelegram(owner.token, owner.accountId, undefined, { assistantId: a.body.assistantId });
    const scope = scopeToken("tg");
    await scriptModel(scope, [{ content: "Доставка по Москве стоит 300 ₽." }]);
    const chatId = 500000 + Math.floor(Math.random() * 100000);
    const res = await tgWebhook(owner.accountId, secret, tgTextUpdate(chatId, chatId, `Сколько стоит доставка? ${scope}`));
    expect(res.status).toBe(200);
    const sends = await waitFor(async () => {
      const r = await fakeRequests(tgBase(), (q) => q.path === `/bot${bot}/sendMessage` && String(q.body?.chat_id) === String(chatId));
      return r.length ? r : null;
    }, 15_000);
    expect(sends[0]!.body.text).toBe("Доставка по Москве стоит 300 ₽.");
    const req = (await modelRequests(scope))[0]!.body;
    expect(req.model).toBe("gpt-4.1-mini");
    expect(req.messages[0].content).toContain("Доставка по Москве — 300 ₽.");
    expect(req.messages.at(-1)).toEqual({ role: "user", content: `Сколько стоит доставка? ${scope}` });
    const reply = await waitFor(async () => {
      const m = await db().select().from(schema.messages).where(and(eq(schema.messages.accountId, owner.accountId), eq(schema.messages.senderType, "assistant"))).get();
      return m?.deliveryStatus === "sent" ? m : null;
    });
    expect(reply).toMatchObject({ direction: "outgoing", type: "text", content: "Доставка по Москве стоит 300 ₽." });
    const thread = await db().select().from(schema.threads).where(eq(schema.threads.id, reply.threadId)).get();
    expect(thread).toMatchObject({ gptStatus: "COMPLETED", lastMessage: "Доставка по Москве стоит 300 ₽." });
    await sleep(500);
    expect(await fakeRequests(tgBase(), (q) => q.path === `/bot${bot}/sendMessage` && String(q.body?.chat_id) === String(chatId))).toHaveLength(1);
    // tokens per account, assistant and day + a usage event
    const usage = await env.DB.prepare("SELECT requests, total_tokens FROM assistant_token_usage WHERE account_id = ?").bind(owner.accountId).first<{ requests: number; total_tokens: number }>();
    expect(usage).toMatchObject({ requests: 1 });
    expect(usage!.total_tokens).toBeGreaterThan(0);
    // the run settled with its reply and its timings (written in the same batch as the tokens)
    const [run] = await settled(reply.threadId);
    expect(run).toMatchObject({ status: "done", replyMessageId: reply.id });
    expect(run!.timings).toMatchObject({ claimedAt: expect.any(Number), committedAt: expect.any(Number), replyCommittedAt: expect.any(Number) });
  });

  it("runs several tool steps and stores every call and result with §3 metadata", async () => {
    const ctx = await setup();
    const scope = scopeToken("tools");
    await scriptModel(scope, [
      { toolCalls: [{ id: "call_time", name: "get_current_datetime", arguments: "{}" }] },
      { toolCalls: [{ id: "call_fact", name: "save_contact_fact", arguments: JSON.stringify({ fact: "Клиента зовут Ольга" }) }] },
      { content: "Ольга, сейчас мы открыты, заказ примем." },
    ]);
    const r = await say(ctx, "olga", `Меня зовут Ольга, вы сейчас работаете? ${scope}`);
    await settled(r.threadId);
    const msgs = await messagesOf(ctx.accountId, r.threadId);
    expect(msgs.map((m) => [m.type, m.direction])).toEqual([
      ["text", "incoming"],
      ["tool_call", "outgoing"],
      ["tool_result", "outgoing"],
      ["tool_call", "outgoing"],
      ["tool_result", "outgoing"],
      ["text", "outgoing"],
    ]);
    expect(msgs[1]!.metadata.tool_calls).toEqual([{ id: "call_time", type: "function", function: { name: "get_current_datetime", arguments: "{}" } }]);
    expect(msgs[2]!.metadata.tool_call_id).toBe("call_time");
    expect(JSON.parse(msgs[2]!.content)).toMatchObject({ timezone: "Europe/Moscow", weekday: expect.any(String), time: expect.stringMatching(/^\d\d:\d\d$/) });
    expect(msgs[4]!.metadata.tool_call_id).toBe("call_fact");
    expect(msgs[5]!.content).toBe("Ольга, сейчас мы открыты, заказ примем.");
    const contact = await db().select().from(schema.contacts).where(eq(schema.contacts.id, r.contactId)).get();
    expect(contact!.facts).toEqual(["Клиента зовут Ольга"]);

    const reqs = await modelRequests(scope);
    expect(reqs).toHaveLength(3);
    const third = reqs[2]!.body.messages;
    expect(third.filter((m: any) => m.role === "tool").map((m: any) => m.tool_call_id)).toEqual(["call_time", "call_fact"]);
    expect(third.find((m: any) => m.tool_calls?.[0]?.id === "call_fact").tool_calls[0].function.name).toBe("save_contact_fact");

    // the next turn knows the saved fact and sees the earlier tool exchange as history
    await scriptModel(scope, [{ content: "Конечно." }]);
    const r2 = await say(ctx, "olga", `А доставка есть? ${scope}`);
    await settled(r2.threadId, 2);
    const next = (await modelRequests(scope))[3]!.body.messages;
    expect(next[0].content).toContain("Клиента зовут Ольга");
    expect(next.some((m: any) => m.role === "tool" && m.tool_call_id === "call_fact")).toBe(true);
  });

  it("answers invalid tool arguments to the model as errors and goes on", async () => {
    const ctx = await setup();
    const scope = scopeToken("badargs");
    await scriptModel(scope, [
      { toolCalls: [{ id: "c1", name: "save_contact_fact", arguments: "{oops" }] },
      { toolCalls: [{ id: "c2", name: "save_contact_fact", arguments: JSON.stringify({ fact: "" }) }] },
      { toolCalls: [{ id: "c3", name: "drop_database", arguments: "{}" }] },
      { content: "Готово." },
    ]);
    const r = await say(ctx, "u1", `Запомни меня ${scope}`);
    await settled(r.threadId);
    const results = (await messagesOf(ctx.accountId, r.threadId)).filter((m) => m.type === "tool_result");
    expect(results.map((m) => m.metadata.ok)).toEqual([false, false, false]);
    expect(JSON.parse(results[0]!.content).error).toMatch(/корректным JSON/);
    expect(JSON.parse(results[1]!.content)).toMatchObject({ error: "Некорректные аргументы", issues: [expect.stringMatching(/^fact:/)] });
    expect(JSON.parse(results[2]!.content).error).toMatch(/Неизвестный инструмент/);
    const reqs = await modelRequests(scope);
    expect(reqs).toHaveLength(4);
    expect(reqs[1]!.body.messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: "c1" });
    expect((await replies(ctx.accountId, r.threadId)).map((m) => m.content)).toEqual(["Готово."]);
    const contact = await db().select().from(schema.contacts).where(eq(schema.contacts.id, r.contactId)).get();
    expect(contact!.facts).toEqual([]);
  });

  it("stops a model that keeps calling tools after a bounded number of steps", async () => {
    const ctx = await setup();
    const scope = scopeToken("loop");
    await scriptModel(scope, [{ toolCalls: [{ name: "get_current_datetime", arguments: "{}" }] }], { repeatLast: true });
    const r = await say(ctx, "u1", `Который час? ${scope}`);
    const [run] = await settled(r.threadId);
    const reqs = await modelRequests(scope);
    expect(reqs).toHaveLength(MAX_TOOL_STEPS + 1);
    expect(reqs.at(-1)!.body.tool_choice).toBe("none");
    expect(run!.status).toBe("failed");
    expect(await replies(ctx.accountId, r.threadId)).toHaveLength(0);
  });

  it("retries a 429 after the retry-after the provider asked for, then answers", async () => {
    const ctx = await setup();
    const scope = scopeToken("rl");
    await scriptModel(scope, [
      { status: 429, headers: { "retry-after": "1" }, body: { error: { message: "Rate limit reached", type: "rate_limit_exceeded" } } },
      { content: "Извините за ожидание! Доставка — 300 ₽." },
    ]);
    const r = await say(ctx, "u1", `Доставка? ${scope}`);
    const [run] = await settled(r.threadId);
    expect(run!.status).toBe("done");
    const reqs = await modelRequests(scope);
    expect(reqs).toHaveLength(2);
    expect(reqs[1]!.at - reqs[0]!.at).toBeGreaterThanOrEqual(950);
    expect((await replies(ctx.accountId, r.threadId)).map((m) => m.content)).toEqual(["Извините за ожидание! Доставка — 300 ₽."]);
  });

  it("after 500s that never end: a system note for the operators, no reply, the customer's message kept", async () => {
    const ctx = await setup();
    const { socket } = await joinedSocket(ctx.token, ctx.accountId);
    const scope = scopeToken("down");
    await scriptModel(scope, [{ status: 500, body: { error: { message: "The server had an error", type: "server_error" } } }], { repeatLast: true });
    const r = await say(ctx, "u1", `Есть кто? ${scope}`);
    const [run] = await settled(r.threadId, 1, 25_000);
    expect(run!.status).toBe("failed");
    expect(await modelRequests(scope)).toHaveLength(5); // first try + 4 retries with backoff
    const msgs = await messagesOf(ctx.accountId, r.threadId);
    expect(msgs.map((m) => [m.direction, m.senderType])).toEqual([
      ["incoming", "contact"],
      ["system", "system"],
    ]);
    expect(msgs[0]!.content).toBe(`Есть кто? ${scope}`);
    expect(msgs[1]!.content).toMatch(/Ассистент не смог ответить клиенту: Модель ответила ошибкой 500/);
    await socket.waitFor((f) => f.event === "message" && f.data.messageId === msgs[1]!.id);
    const thread = await db().select().from(schema.threads).where(eq(schema.threads.id, r.threadId)).get();
    expect(thread!.gptStatus).toBe("COMPLETED");
    const mail = await lastMailTo(ctx.email);
    expect(mail.mail.subject).toMatch(/Ассистент не ответил клиенту/);
    socket.close();
  });

  it("stays silent when the thread's AI is off, also when it is switched off during the debounce", async () => {
    const ctx = await setup({ debounceSeconds: 1 });
    const scope = scopeToken("off");
    await scriptModel(scope, [{ content: "Не должно прийти" }], { repeatLast: true });
    const r = await say(ctx, "u1", `Первое ${scope}`);
    // switched off while the debounce runs: the turn is skipped when it fires
    const off = await api("PATCH", `/accounts/${ctx.accountId}/contacts/threads/${r.threadId}`, { token: ctx.token, body: { isGptActive: false } });
    expect(off.status).toBe(200);
    const [run] = await settled(r.threadId, 1, 10_000);
    expect(run!.status).toBe("skipped");
    // already off when the message arrives: no turn at all
    await say(ctx, "u1", `Второе ${scope}`);
    await sleep(1500);
    expect(await runsOf(r.threadId)).toHaveLength(1);
    expect(await modelRequests(scope)).toHaveLength(0);
    expect(await replies(ctx.accountId, r.threadId)).toHaveLength(0);
  });

  it("an account whose only assistant is switched off: no run, no model request; switched on again, it answers", async () => {
    const ctx = await setup();
    const off = await api("PATCH", `/accounts/${ctx.accountId}/assistants/${ctx.assistantId}`, { token: ctx.token, body: { isActive: false } });
    expect(off.status).toBe(200);
    const scope = scopeToken("inactive");
    await scriptModel(scope, [{ content: "Снова на связи!" }]);
    const r = await say(ctx, "u1", `Есть кто? ${scope}`);
    await sleep(1500);
    expect(await runsOf(r.threadId)).toHaveLength(0);
    expect(await modelRequests(scope)).toHaveLength(0);
    expect((await db().select().from(schema.threads).where(eq(schema.threads.id, r.threadId)).get())!.gptStatus).toBe("COMPLETED");
    const on = await api("PATCH", `/accounts/${ctx.accountId}/assistants/${ctx.assistantId}`, { token: ctx.token, body: { isActive: true } });
    expect(on.status).toBe(200);
    await say(ctx, "u1", `А теперь? ${scope}`);
    const [run] = await settled(r.threadId);
    expect(run!.status).toBe("done");
    expect((await replies(ctx.accountId, r.threadId)).map((m) => m.content)).toEqual(["Снова на связи!"]);
  });

  it("stays silent inside the account's downtime schedule", async () => {
    const ctx = await setup();
    const all = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: "00:00", to: "24:00" }));
    const d = await api("PUT", `/accounts/${ctx.accountId}/settings/downtime`, { token: ctx.token, body: { enabled: true, intervals: all } });
    expect(d.status).toBe(200);
    const scope = scopeToken("dt");
    const r = await say(ctx, "u1", `Ночью пишу ${scope}`);
    await sleep(1500);
    expect(await modelRequests(scope)).toHaveLength(0);
    expect((await runsOf(r.threadId)).map((x) => [x.status, x.error])).toEqual([["skipped", "downtime"]]);
    expect(await replies(ctx.accountId, r.threadId)).toHaveLength(0);
    // nobody is typing: no waiting state, no deadline in the room
    expect((await db().select().from(schema.threads).where(eq(schema.threads.id, r.threadId)).get())!.gptStatus).toBe("COMPLETED");
    expect((await roomStub(ctx.accountId).state()).waiting).toEqual([]);
    // back outside the schedule: answered again
    await api("PUT", `/accounts/${ctx.accountId}/settings/downtime`, { token: ctx.token, body: { enabled: false, intervals: all } });
    await scriptModel(scope, [{ content: "Доброе утро!" }]);
    await say(ctx, "u1", `Утром пишу ${scope}`);
    await settled(r.threadId, 2);
    expect((await replies(ctx.accountId, r.threadId)).map((m) => m.content)).toEqual(["Доброе утро!"]);
  });

  it("debounce: a burst of messages is answered once, together, after the pause", async () => {
    const ctx = await setup({ debounceSeconds: 2 });
    const scope = scopeToken("burst");
    await scriptModel(scope, [{ content: "Отвечаю на все три вопроса сразу." }, { content: "Лишний ответ" }]);
    const r1 = await say(ctx, "u1", `Здравствуйте ${scope}`);
    await sleep(300);
    await say(ctx, "u1", "Есть доставка?");
    await sleep(300);
    const last = await say(ctx, "u1", "И сколько стоит?");
    const lastAt = Date.now();
    const runs = await settled(r1.threadId, 3, 15_000);
    expect(runs.map((r) => r.status)).toEqual(["superseded", "superseded", "done"]);
    const reqs = await modelRequests(scope);
    expect(reqs).toHaveLength(1);
    expect(reqs[0]!.at - lastAt).toBeGreaterThanOrEqual(1500);
    const users = reqs[0]!.body.messages.filter((m: any) => m.role === "user").map((m: any) => m.content);
    expect(users).toEqual([`Здравствуйте ${scope}`, "Есть доставка?", "И сколько стоит?"]);
    expect((await replies(ctx.accountId, r1.threadId)).map((m) => m.content)).toEqual(["Отвечаю на все три вопроса сразу."]);
    expect(runs[2]!.triggerMessageId).toBe(last.messageId);
  });

  it("without debounce: a message arriving while the model thinks supersedes the pending reply; the newest turn answers both", async () => {
    const ctx = await setup();
    const scope = scopeToken("race");
    await scriptModel(scope, [{ content: "Ответ только на первое", delayMs: 1000 }, { content: "Ответ на оба сообщения" }]);
    const r1 = await say(ctx, "u1", `Первое ${scope}`);
    await sleep(300);
    await say(ctx, "u1", "Второе");
    const runs = await settled(r1.threadId, 2);
    expect(runs.map((r) => r.status)).toEqual(["superseded", "done"]);
    expect((await replies(ctx.accountId, r1.threadId)).map((m) => m.content)).toEqual(["Ответ на оба сообщения"]);
    const reqs = await modelRequests(scope);
    expect(reqs.at(-1)!.body.messages.filter((m: any) => m.role === "user").map((m: any) => m.content)).toEqual([`Первое ${scope}`, "Второе"]);
  });

  it("drops the reply when an operator switches the thread's AI off while the model thinks", async () => {
    const ctx = await setup();
    const scope = scopeToken("mid");
    await scriptModel(scope, [{ content: "Поздний ответ", delayMs: 1000 }]);
    const r = await say(ctx, "u1", `Вопрос ${scope}`);
    await waitFor(async () => (await modelRequests(scope)).length > 0);
    await api("PATCH", `/accounts/${ctx.accountId}/contacts/threads/${r.threadId}`, { token: ctx.token, body: { isGptActive: false } });
    const [run] = await settled(r.threadId);
    expect([run!.status, run!.error]).toEqual(["skipped", "ai switched off during the turn"]);
    expect(await replies(ctx.accountId, r.threadId)).toHaveLength(0);
    const thread = await db().select().from(schema.threads).where(eq(schema.threads.id, r.threadId)).get();
    expect(thread!.gptStatus).toBe("COMPLETED");
  });

  it("redelivery: the same turn delivered again (queue, watchdog, a second ingestion) answers once", async () => {
    const ctx = await setup({ debounceSeconds: 1 });
    const scope = scopeToken("redeliver");
    await scriptModel(scope, [{ content: "Единственный ответ.", delayMs: 300 }, { content: "Второй ответ — ошибка" }], { repeatLast: true });
    const item = incoming(ctx.accountId, ctx.channelId, "u1", `Вопрос ${scope}`);
    const [r] = await ingest([item]);
    if (!r || r.duplicate || r.rejected !== undefined) throw new Error("not ingested");
    const [pending] = await runsOf(r.threadId);
    // the queue delivers the same run three times at once, and the webhook is retried
    const msg = { kind: "run", runId: pending!.id, accountId: ctx.accountId, reason: "retry" };
    await Promise.all([env.AI_QUEUE.send(msg, { delaySeconds: 1 }), env.AI_QUEUE.send(msg, { delaySeconds: 1 })]);
    const [dup] = await ingest([item]);
    expect(dup!.duplicate).toBe(true);
    const [run] = await settled(r.threadId, 1, 15_000);
    expect(run!.status).toBe("done");
    // a late redelivery after the answer: nothing happens
    expect((await executeRun(env, pending!.id)).status).toBe("settled");
    await env.AI_QUEUE.send(msg);
    await sleep(1500);
    expect(await modelRequests(scope)).toHaveLength(1);
    expect((await replies(ctx.accountId, r.threadId)).map((m) => m.content)).toEqual(["Единственный ответ."]);
    expect(await runsOf(r.threadId)).toHaveLength(1);
  });

  it("sets the waiting state while the model thinks and clears it with the reply", async () => {
    const ctx = await setup();
    const { socket } = await joinedSocket(ctx.token, ctx.accountId);
    const scope = scopeToken("wait");
    await scriptModel(scope, [{ content: "Готово, подумал.", delayMs: 800 }]);
    const r = await say(ctx, "u1", `Подумай ${scope}`);
    const [waiting] = await socket.waitFor((f) => f.event === "updateContact" && f.data.thread?.threadId === r.threadId && f.data.thread.gptStatus === "WAITING_RESPONSE");
    // Set in the commit that stored the message: its own frame already shows it, the update follows it directly.
    const [incomingFrame] = await socket.waitFor((f) => f.event === "message" && f.data.messageId === r.messageId);
    expect(incomingFrame!.data.contact.thread.gptStatus).toBe("WAITING_RESPONSE");
    expect(waiting!.seq).toBe(incomingFrame!.seq! + 1);
    const mid = await db().select().from(schema.threads).where(eq(schema.threads.id, r.threadId)).get();
    expect(mid!.gptStatus).toBe("WAITING_RESPONSE");
    const room = roomStub(ctx.accountId);
    expect((await room.state()).waiting.map((w) => w.threadId)).toEqual([r.threadId]);
    const [reply] = await socket.waitFor((f) => f.event === "message" && f.data.senderType === "assistant" && f.data.threadId === r.threadId, 1, 10_000);
    const [done] = await socket.waitFor((f) => f.event === "updateContact" && f.data.thread?.threadId === r.threadId && f.data.thread.gptStatus === "COMPLETED" && f.seq! > waiting!.seq!, 1, 10_000);
    expect(reply!.data.content).toBe("Готово, подумал.");
    // The reply's commit ends the waiting state: its frame says COMPLETED and the update comes with it.
    expect(reply!.data.contact.thread.gptStatus).toBe("COMPLETED");
    expect(done!.seq!).toBe(reply!.seq! + 1);
    const after = await db().select().from(schema.threads).where(eq(schema.threads.id, r.threadId)).get();
    expect(after!.gptStatus).toBe("COMPLETED");
    expect((await room.state()).waiting).toEqual([]);
    socket.close();
  });

  it("hands off to an operator on a keyword without asking the model, and mails the team", async () => {
    const ctx = await setup({ handoffKeywords: ["жалоба"], handoffMessage: "Передаю ваш вопрос оператору." });
    const scope = scopeToken("kw");
    await scriptModel(scope, [{ content: "Не должно прийти" }], { repeatLast: true });
    const r = await say(ctx, "u1", `У меня ЖАЛОБА на курьера ${scope}`);
    await settled(r.threadId);
    expect(await modelRequests(scope)).toHaveLength(0);
    const msgs = await messagesOf(ctx.accountId, r.threadId);
    expect(msgs.map((m) => [m.direction, m.content.replace(scope, "")])).toEqual([
      ["incoming", "У меня ЖАЛОБА на курьера "],
      ["system", "Ассистент передал диалог оператору. Причина: ключевое слово «жалоба»"],
      ["outgoing", "Передаю ваш вопрос оператору."],
    ]);
    // What the note says, for another interface language to tell it (web/features/chat/system-note.ts).
    expect(msgs[1]!.metadata).toMatchObject({ event: "handoff", source: "keyword", keyword: "жалоба" });
    const thread = await db().select().from(schema.threads).where(eq(schema.threads.id, r.threadId)).get();
    expect(thread!.isGptActive).toBe(false);
    // The thread waits for an operator (the contact panel says so, the mail's «?status=pending» lists it).
    expect(thread!.status).toBe("pending");
    const mail = await lastMailTo(ctx.email);
    expect(mail.mail.subject).toMatch(/ждёт оператора/);
    // The link opens this conversation in the inbox (the SPA's /apps/chat?c=…&t=…).
    expect(mail.mail.text).toContain(`/${ctx.accountId}/apps/chat?c=${r.contactId}&t=${r.threadId}`);
    // the operator now owns the thread: the next message is not answered
    await say(ctx, "u1", `Ау ${scope}`);
    await sleep(1000);
    expect(await runsOf(r.threadId)).toHaveLength(1);
    // An operator answers: the thread no longer waits for one.
    const reply = await api("POST", `/accounts/${ctx.accountId}/contacts/${r.contactId}/messages`, { token: ctx.token, body: { content: "Здравствуйте, я оператор" } });
    expect(reply.status).toBeLessThan(300);
    expect((reply.body.contact as { thread: { status: string } }).thread.status).toBe("active");
    expect((await db().select().from(schema.threads).where(eq(schema.threads.id, r.threadId)).get())!.status).toBe("active");
  });

  it("a burst of hand-offs mails the team five times, then once in summary, then not until the window is over", async () => {
    const ctx = await setup({ handoffKeywords: ["оператор"], handoffMessage: "Зову оператора." });
    const scope = scopeToken("burst");
    await scriptModel(scope, [{ content: "Не должно прийти" }], { repeatLast: true });
    const mailsTo = async () => (await api("GET", `/dev/outbox?to=${encodeURIComponent(ctx.email)}&limit=50`)).body.data as { subject: string; text: string }[];
    const before = (await mailsTo()).length;
    for (let i = 0; i < 8; i++) {
      const r = await say(ctx, `burst-${i}`, `Позовите оператора ${scope}`);
      await settled(r.threadId);
    }
    await sleep(300);
    const mails = (await mailsTo()).slice(0, (await mailsTo()).length - before).reverse();
    expect(mails.map((m) => (/ждёт оператора/.test(m.subject) ? "one" : m.subject))).toEqual(["one", "one", "one", "one", "one", "Несколько клиентов ждут оператора"]);
    expect(mails[5]!.text).toContain("следующие уведомления придут не раньше");
    expect(mails[5]!.text).toContain(`/${ctx.accountId}/apps/chat?status=pending`);

    // The window over, a hand-off is mailed again.
    await env.DB.prepare("UPDATE operator_mail_windows SET window_start = window_start - ?1 WHERE account_id = ?2").bind(16 * 60_000, ctx.accountId).run();
    const r = await say(ctx, "burst-late", `Позовите оператора ${scope}`);
    await settled(r.threadId);
    await sleep(300);
    const latest = (await mailsTo())[0]!;
    expect(latest.subject).toMatch(/ждёт оператора/);
    expect(latest.text).toContain(`c=${r.contactId}`);
  });
});
