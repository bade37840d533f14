import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../worker/db/client";
import type { Env } from "../../worker/env";
import { runBroadcastTick } from "../../worker/features/broadcasts/broadcast.jobs";
import { YELLOW_CARD_REASON } from "../../worker/features/broadcasts/broadcasts.service";
import { handOutWindow } from "../../worker/features/broadcasts/pump";
import { waIncomingText } from "../fakes/greenapi";
import { tgCallbackUpdate, tgTextUpdate } from "../fakes/telegram";
import { modelRequests, scopeToken, scriptModel } from "./ai-helpers";
import { bcBody, bcSetup, grantQuota, sendsPerChat } from "./broadcast-helpers";
import { connectTelegram, connectWhatsapp, fakeRequests, greenBase, sleep, tgBase, tgWebhook, waitFor, waWebhook } from "./channel-helpers";
import { api } from "./helpers";
import { joinedSocket, ownerWithAccount } from "./inbox-helpers";

/** Broadcasts meeting the messengers: reply buttons and replies, WhatsApp receipts and yellowCard, the room, a tick that died (#15). */

async function until(token: string, accountId: string, id: string, status: string, ms = 25_000) {
  return waitFor(
    async () => {
      const r = await api("GET", `/accounts/${accountId}/broadcasts/${id}`, { token });
      return r.body.status === status ? r.body : null;
    },
    ms,
    `broadcast ${status}`,
  );
}

const recipientsOf = (id: string) => getDb(env.DB).select().from(schema.broadcastRecipients).where(eq(schema.broadcastRecipients.broadcastId, id)).all();

describe("broadcasts: Telegram buttons and replies", () => {
  it("a reply button's press is the contact's message with the label in the same thread (the AI answers), counted as a click and answered; a reply too", async () => {
    const owner = await ownerWithAccount();
    const a = await api("POST", `/accounts/${owner.accountId}/assistants`, { token: owner.token, body: { name: "Бот" } });
    const tg = await connectTelegram(owner.token, owner.accountId, undefined, { assistantId: a.body.assistantId });
    const channel = await getDb(env.DB).select().from(schema.channels).where(eq(schema.channels.accountId, owner.accountId)).get();
    await grantQuota(owner.accountId, 10);
    const scope = scopeToken("bc");
    await scriptModel(scope, [{ content: "Здравствуйте!" }], { repeatLast: true });
    const chatId = 700000 + Math.floor(Math.random() * 100000);
    await tgWebhook(owner.accountId, tg.secret, tgTextUpdate(1, chatId, `Привет ${scope}`));
    const thread = await waitFor(async () => getDb(env.DB).select().from(schema.threads).where(eq(schema.threads.accountId, owner.accountId)).get(), 10_000, "thread");
    await waitFor(async () => ((await modelRequests(scope)).length ? true : null), 15_000, "first AI turn");

    const created = await api("POST", `/accounts/${owner.accountId}/broadcasts`, {
      token: owner.token,
      body: bcBody({ channelId: channel!.id }, { pacing: { perSecond: null }, content: { text: "Запись на субботу открыта", buttons: [{ label: "Записаться" }, { label: "Сайт", url: "https://shop.example" }] } }),
    });
    const id = created.body.broadcastId as string;
    await api("POST", `/accounts/${owner.accountId}/broadcasts/${id}/start`, { token: owner.token, body: {} });
    await until(owner.token, owner.accountId, id, "completed");
    const sent = (await sendsPerChat(tg.bot)).calls.find((c) => c.body.text === "Запись на субботу открыта")!;
    const keyboard = sent.body.reply_markup.inline_keyboard;
    expect(keyboard[0][0]).toEqual({ text: "Записаться", callback_data: `bc:${id}:0` });

    await tgWebhook(owner.accountId, tg.secret, tgCallbackUpdate(2, chatId, `bc:${id}:0`, keyboard));
    const pressed = await waitFor(async () => {
      const rows = await getDb(env.DB).select().from(schema.messages).where(and(eq(schema.messages.accountId, owner.accountId), eq(schema.messages.content, "Записаться"))).all();
      return rows[0] ?? null;
    }, 10_000, "the press as a message");
    expect(pressed).toMatchObject({ direction: "incoming", threadId: thread!.id, senderType: "contact" });
    await waitFor(async () => ((await recipientsOf(id))[0]?.clickedAt ? true : null), 10_000, "the click");
    expect((await api("GET", `/accounts/${owner.accountId}/broadcasts/${id}/stats`, { token: owner.token })).body.counts.clicks).toBe(1);
    const answers = await fakeRequests(tgBase(), (r) => r.path === `/bot${tg.bot}/answerCallbackQuery`);
    expect(answers.map((r) => r.body.callback_query_id)).toEqual(["cq2"]);

    // A typed reply to the broadcast is an ordinary incoming message in the same thread, and the AI is asked.
    // (Telegram dates are whole seconds: the reply comes a second later than the press, as a person's would.)
    await sleep(1000);
    await tgWebhook(owner.accountId, tg.secret, tgTextUpdate(3, chatId, `А во сколько? ${scope}`, { date: Math.ceil(Date.now() / 1000) }));
    const asked = await waitFor(async () => {
      const reqs = await modelRequests(scope);
      return reqs.find((r) => r.body.messages.some((m: { role: string; content: string }) => m.role === "user" && m.content === `А во сколько? ${scope}`)) ?? null;
    }, 20_000, "the AI asked about the reply");
    expect(JSON.stringify(asked.body.messages)).toContain("Запись на субботу открыта");
    const threads = await getDb(env.DB).select().from(schema.threads).where(eq(schema.threads.accountId, owner.accountId)).all();
    expect(threads).toHaveLength(1);
  });
});

describe("broadcasts: a person blocking the bot", () => {
  it("Telegram's my_chat_member \"kicked\" unsubscribes the contact before any send fails (the audience shrinks) and says so in the chat; unblocking says so too", async () => {
    const owner = await ownerWithAccount();
    const tg = await connectTelegram(owner.token, owner.accountId);
    const channel = await getDb(env.DB).select().from(schema.channels).where(eq(schema.channels.accountId, owner.accountId)).get();
    const chatId = 710000 + Math.floor(Math.random() * 100000);
    await tgWebhook(owner.accountId, tg.secret, tgTextUpdate(1, chatId, "Здравствуйте"));
    const contact = await waitFor(async () => getDb(env.DB).select().from(schema.contacts).where(eq(schema.contacts.accountId, owner.accountId)).get(), 10_000, "contact");
    const count = async () => (await api("GET", `/accounts/${owner.accountId}/broadcast-audience?channelId=${channel!.id}`, { token: owner.token })).body.count;
    expect(await count()).toBe(1);
    const kicked = { update_id: 2, my_chat_member: { chat: { id: chatId, type: "private", first_name: "Иван" }, from: { id: chatId, is_bot: false, first_name: "Иван" }, date: Math.floor(Date.now() / 1000), old_chat_member: { status: "member", user: { id: 1, is_bot: true, first_name: "Бот" } }, new_chat_member: { status: "kicked", user: { id: 1, is_bot: true, first_name: "Бот" }, until_date: 0 } } };
    expect((await tgWebhook(owner.accountId, tg.secret, kicked)).status).toBe(200);
    await waitFor(async () => ((await getDb(env.DB).select().from(schema.contacts).where(eq(schema.contacts.id, contact!.id)).get())!.subscription === "unsubscribed" ? true : null), 10_000, "unsubscribed");
    expect(await count()).toBe(0);

    // The chat says so: a system line in the contact's conversation (once, however often the update comes), shown as the thread's last message.
    const notes = () => getDb(env.DB).select().from(schema.messages).where(and(eq(schema.messages.contactId, contact!.id), eq(schema.messages.direction, "system"))).all();
    const blocked = await waitFor(async () => ((await notes()).length ? await notes() : null), 10_000, "the block note");
    expect(blocked.map((m) => [m.content, m.isSystem, (m.metadata as Record<string, unknown>).event])).toEqual([["Клиент заблокировал бота — рассылки ему не отправляются", true, "bot_blocked"]]);
    const listed = await api("GET", `/accounts/${owner.accountId}/contacts/${contact!.id}/messages`, { token: owner.token });
    expect(JSON.stringify(listed.body)).toContain("Клиент заблокировал бота — рассылки ему не отправляются");
    expect((await getDb(env.DB).select().from(schema.threads).where(eq(schema.threads.contactId, contact!.id)).get())!.lastMessage).toBe("Клиент заблокировал бота — рассылки ему не отправляются");
    await tgWebhook(owner.accountId, tg.secret, kicked);
    await sleep(1500);
    expect(await notes()).toHaveLength(1);

    // Unblocking writes its own line; the contact stays unsubscribed until they (or an operator for them) say otherwise.
    const unblocked = { ...kicked, update_id: 3, my_chat_member: { ...kicked.my_chat_member, old_chat_member: kicked.my_chat_member.new_chat_member, new_chat_member: { status: "member", user: { id: 1, is_bot: true, first_name: "Бот" } } } };
    await tgWebhook(owner.accountId, tg.secret, unblocked);
    const both = await waitFor(async () => ((await notes()).length === 2 ? await notes() : null), 10_000, "the unblock note");
    expect(both.map((m) => (m.metadata as Record<string, unknown>).event).sort()).toEqual(["bot_blocked", "bot_unblocked"]);
    expect(both.find((m) => (m.metadata as Record<string, unknown>).event === "bot_unblocked")!.content).toBe(
      "Клиент разблокировал бота, но по-прежнему отписан от рассылок. Если он согласен их получать, включите подписку в карточке контакта",
    );
    expect((await getDb(env.DB).select().from(schema.contacts).where(eq(schema.contacts.id, contact!.id)).get())!.subscription).toBe("unsubscribed");
    expect(await count()).toBe(0);
  });
});

describe("broadcasts: WhatsApp", () => {
  async function waSetup() {
    const owner = await ownerWithAccount();
    const wa = await connectWhatsapp(owner.token, owner.accountId);
    const channel = await getDb(env.DB).select().from(schema.channels).where(eq(schema.channels.accountId, owner.accountId)).get();
    const phones = [0, 1].map(() => `7900${Math.floor(1000000 + Math.random() * 8999999)}`);
    for (const [i, phone] of phones.entries()) await waWebhook(owner.accountId, wa.webhookToken, waIncomingText(wa.idInstance, `IN-${i}-${phone}`, phone, "Здравствуйте"));
    await waitFor(async () => ((await getDb(env.DB).$count(schema.contacts, eq(schema.contacts.accountId, owner.accountId))) === 2 ? true : null), 10_000, "contacts");
    await grantQuota(owner.accountId, 20);
    return { ...owner, ...wa, channelId: channel!.id, phones };
  }

  it("buttons become a numbered list, one message per pause, and receipts move recipients to delivered and read", async () => {
    const s = await waSetup();
    const created = await api("POST", `/accounts/${s.accountId}/broadcasts`, {
      token: s.token,
      body: bcBody(s, { pacing: { minDelaySec: 1, maxDelaySec: 1 }, content: { text: "Новая коллекция, {{name}}", buttons: [{ label: "Каталог", url: "https://shop.example/c" }, { label: "Позвоните мне" }] } }),
    });
    expect(created.body.pacing).toEqual({ minDelaySec: 1, maxDelaySec: 1 });
    const id = created.body.broadcastId as string;
    await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/start`, { token: s.token, body: {} });
    await until(s.token, s.accountId, id, "completed");
    const sends = await fakeRequests(greenBase(), (r) => r.path === `/waInstance${s.idInstance}/sendMessage/${s.apiToken}`);
    expect(sends).toHaveLength(2);
    expect(sends[0]!.body.message).toMatch(/^Новая коллекция, Мария\n\n1\. Каталог — http:\/\/app\.test\/api\/b\/\S+\n2\. Позвоните мне$/);
    // One at a time: the pump hands out the second message at least the configured pause after the first.
    const handedOut = (await env.DB.prepare("SELECT created_at AS at FROM messages WHERE account_id = ? AND direction = 'outgoing' ORDER BY created_at").bind(s.accountId).all<{ at: number }>()).results;
    expect(handedOut).toHaveLength(2);
    expect(handedOut[1]!.at - handedOut[0]!.at).toBeGreaterThanOrEqual(1000);

    const rec = (await recipientsOf(id))[0]!;
    const msg = await getDb(env.DB).select().from(schema.messages).where(eq(schema.messages.id, rec.messageId!)).get();
    for (const status of ["delivered", "read"]) {
      await waWebhook(s.accountId, s.webhookToken, { typeWebhook: "outgoingMessageStatus", instanceData: { idInstance: Number(s.idInstance) }, timestamp: Math.floor(Date.now() / 1000), idMessage: msg!.platformMessageId, status, sendByApi: true });
    }
    await waitFor(async () => ((await recipientsOf(id)).find((r) => r.contactId === rec.contactId)!.state === "read" ? true : null), 10_000, "read");
    const stats = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}/stats`, { token: s.token });
    expect(stats.body.counts).toMatchObject({ total: 2, sent: 1, read: 1 });
  });

  it("yellowCard pauses every sending broadcast of the instance with the reason; it cannot resume until the number recovers", async () => {
    const s = await waSetup();
    const created = await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: s.token, body: bcBody(s, { pacing: { minDelaySec: 60, maxDelaySec: 60 } }) });
    const id = created.body.broadcastId as string;
    await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/start`, { token: s.token, body: {} });
    await waitFor(async () => ((await fakeRequests(greenBase(), (r) => r.path.startsWith(`/waInstance${s.idInstance}/sendMessage/`))).length === 1 ? true : null), 10_000, "first send");
    const { socket } = await joinedSocket(s.token, s.accountId);
    await waWebhook(s.accountId, s.webhookToken, { typeWebhook: "stateInstanceChanged", instanceData: { idInstance: Number(s.idInstance) }, timestamp: Math.floor(Date.now() / 1000), stateInstance: "yellowCard" });
    const [frame] = await socket.waitFor((f) => f.event === "broadcast" && f.data.status === "paused", 1, 10_000);
    expect(frame!.data).toMatchObject({ broadcastId: id, pausedReason: YELLOW_CARD_REASON, counts: { total: 2 } });
    const b = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token });
    expect(b.body).toMatchObject({ status: "paused", pausedReason: YELLOW_CARD_REASON });
    const resume = await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/resume`, { token: s.token });
    expect(resume.status).toBe(400);
    expect(resume.body.message).toBe(YELLOW_CARD_REASON);
    socket.close();
  });
});

describe("broadcasts: the room and a tick that died", () => {
  it("each tick publishes one `broadcast` frame with the counts; the last one says completed", async () => {
    const s = await bcSetup({ contacts: 4, quota: 10 });
    const { socket } = await joinedSocket(s.token, s.accountId);
    const created = await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: s.token, body: bcBody(s, { pacing: { perSecond: null } }) });
    const id = created.body.broadcastId as string;
    await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/start`, { token: s.token, body: {} });
    const [done] = await socket.waitFor((f) => f.event === "broadcast" && f.data.status === "completed", 1, 20_000);
    expect(done!.data).toEqual({ broadcastId: id, status: "completed", pausedReason: null, counts: { total: 4, queued: 0, sent: 4, delivered: 0, read: 0, failed: 0, skipped: 0, clicks: 0 }, updatedAt: expect.any(Number) });
    const frames = socket.frames.filter((f) => f.event === "broadcast" && f.data.broadcastId === id);
    // start + a few ticks, never one per recipient's send
    expect(frames.length).toBeLessThanOrEqual(8);
    socket.close();
  });

  it("a tick that died after storing its window but before enqueueing resumes from the table: everyone gets exactly one message", async () => {
    const s = await bcSetup({ contacts: 3, quota: 10 });
    const created = await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: s.token, body: bcBody(s, { pacing: { perSecond: null } }) });
    const id = created.body.broadcastId as string;
    // Scheduled far away: recipients are materialized by hand below, no tick runs meanwhile.
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 16);
    await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/start`, { token: s.token, body: { at } });
    const now = Date.now();
    await env.DB.prepare("INSERT INTO broadcast_recipients (broadcast_id, contact_id, account_id, thread_id, created_at, updated_at) SELECT ?, contact_id, account_id, id, ?, ? FROM threads WHERE account_id = ? AND channel_id = ?")
      .bind(id, now, now, s.accountId, s.channelId)
      .run();
    await env.DB.prepare("UPDATE broadcasts SET status = 'sending', started_at = ? WHERE id = ?").bind(now, id).run();
    const row = await getDb(env.DB).select().from(schema.broadcasts).where(eq(schema.broadcasts.id, id)).get();
    const channel = await getDb(env.DB).select().from(schema.channels).where(eq(schema.channels.id, s.channelId)).get();
    // The Worker dies right after the window's transaction: the queue never hears of these messages.
    const dying = { ...env, OUTBOUND_QUEUE: { sendBatch: () => Promise.reject(new Error("worker died")), send: () => Promise.reject(new Error("worker died")) } } as unknown as Env;
    await expect(handOutWindow(dying, row!, channel!, 500)).rejects.toThrow("worker died");
    expect((await recipientsOf(id)).every((r) => r.state === "queued" && r.messageId)).toBe(true);
    // The retried tick hands out nothing new (no second message row) and, once the messages are overdue, enqueues them again.
    await runBroadcastTick(env as unknown as Env, { kind: "broadcast-tick", accountId: s.accountId, broadcastId: id });
    await sleep(1500);
    expect((await sendsPerChat(s.bot)).calls).toHaveLength(0);
    await env.DB.prepare("UPDATE broadcast_recipients SET updated_at = ? WHERE broadcast_id = ?").bind(Date.now() - 10 * 60_000, id).run();
    await env.DB.prepare("UPDATE broadcasts SET next_tick_at = 0 WHERE id = ?").bind(id).run();
    await runBroadcastTick(env as unknown as Env, { kind: "broadcast-tick", accountId: s.accountId, broadcastId: id });
    await until(s.token, s.accountId, id, "completed");
    const { per } = await sendsPerChat(s.bot);
    expect(per.size).toBe(3);
    expect([...per.values()].every((n) => n === 1)).toBe(true);
    const outgoing = await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE account_id = ? AND direction = 'outgoing'").bind(s.accountId).first<{ n: number }>();
    expect(outgoing!.n).toBe(3);
  });
});
