import { env, SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../worker/db/client";
import { telegramFileBytes, tgTextUpdate } from "../fakes/telegram";
import { botToken, connectTelegram, countMessages, fakeRequests, sleep, tgBase, tgWebhook, threadMessages, waitFor } from "./channel-helpers";
import { addMember, api, BASE } from "./helpers";
import { joinedSocket, ownerWithAccount } from "./inbox-helpers";

/**
 * Telegram end to end through the real Worker: connect (getMe + setWebhook against the fake Bot
 * API), webhook → inbound queue (the real queue and its consumer, awaited by polling) → contact,
 * thread, message → room event on a socket → operator reply → outbound queue → exactly one send.
 */
describe("Telegram: connecting", () => {
  it("checks the token with getMe, registers the webhook with a secret and never returns the token", async () => {
    const { token, accountId } = await ownerWithAccount();
    const bad = await api("PUT", `/accounts/${accountId}/platform-telegram`, { token, body: { botToken: "not-a-token" } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields.botToken[0]).toMatch(/формат/);
    const refused = await api("PUT", `/accounts/${accountId}/platform-telegram`, { token, body: { botToken: botToken("invalid") } });
    expect(refused.status).toBe(400);
    expect(refused.body.details.fields.botToken[0]).toMatch(/не принял/);

    const { bot, botId, secret, state } = await connectTelegram(token, accountId);
    expect(state).toMatchObject({ connected: true, enabled: true, botId, botUsername: `shop${botId}_bot` });
    expect(JSON.stringify(state)).not.toContain(bot.split(":")[1]);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{20,256}$/);
    const set = (await fakeRequests(tgBase(), (r) => r.path === `/bot${bot}/setWebhook`))[0]!;
    expect(set.body.url).toBe(`${BASE}/api/webhooks/telegram/${accountId}`);

    // Sealed at rest: neither the token nor the secret is stored in clear.
    const row = await getDb(env.DB).select().from(schema.channels).where(eq(schema.channels.accountId, accountId)).get();
    expect(row!.credentials).not.toContain(bot.split(":")[1]);
    expect(row!.webhookSecretHash).not.toBe(secret);

    const got = await api("GET", `/accounts/${accountId}/platform-telegram`, { token });
    expect(got.status).toBe(200);
    expect(got.body.webhook).toMatchObject({ url: `${BASE}/api/webhooks/telegram/${accountId}`, healthy: true, checked: true });
    expect(JSON.stringify(got.body)).not.toContain(bot.split(":")[1]);
  });

  it("operators read the state but cannot connect; other accounts see nothing", async () => {
    const { token, accountId } = await ownerWithAccount();
    await connectTelegram(token, accountId);
    const op = await addMember(token, accountId, "operator");
    expect((await api("GET", `/accounts/${accountId}/platform-telegram`, { token: op.token })).status).toBe(200);
    expect((await api("PUT", `/accounts/${accountId}/platform-telegram`, { token: op.token, body: { botToken: botToken() } })).status).toBe(403);
    expect((await api("POST", `/accounts/${accountId}/platform-telegram/toggle`, { token: op.token, body: {} })).status).toBe(403);
    const stranger = await ownerWithAccount("Чужой");
    expect((await api("GET", `/accounts/${accountId}/platform-telegram`, { token: stranger.token })).status).toBe(404);
    expect((await api("DELETE", `/accounts/${accountId}/platform-telegram`, { token: stranger.token })).status).toBe(404);
  });

  it("the same bot cannot serve two accounts", async () => {
    const a = await ownerWithAccount();
    const b = await ownerWithAccount();
    const { bot } = await connectTelegram(a.token, a.accountId);
    const res = await api("PUT", `/accounts/${b.accountId}/platform-telegram`, { token: b.token, body: { botToken: bot } });
    expect(res.status).toBe(409);
  });
});

describe("Telegram: inbound and outbound", () => {
  it("a forged or missing secret is refused and stores nothing", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { secret } = await connectTelegram(token, accountId);
    const forged = await tgWebhook(accountId, secret.slice(0, -2) + "xx", tgTextUpdate(1, 501, "подделка"));
    expect(forged.status).toBe(401);
    const missing = await tgWebhook(accountId, null, tgTextUpdate(2, 501, "без секрета"));
    expect(missing.status).toBe(401);
    const unknownAccount = await tgWebhook("no-such-account", secret, tgTextUpdate(3, 501, "мимо"));
    expect(unknownAccount.status).toBe(401);
    // A valid one afterwards proves the queue is alive, then nothing else appeared.
    expect((await tgWebhook(accountId, secret, tgTextUpdate(4, 501, "настоящее"))).status).toBe(200);
    await waitFor(async () => (await countMessages(accountId)) === 1, 10_000, "the valid message");
    await sleep(300);
    const msgs = await threadMessages(accountId);
    expect(msgs.map((m) => m.content)).toEqual(["настоящее"]);
  });

  it("webhook → contact, thread, message → socket event → operator reply → the bot sends exactly once", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { bot, botId, secret } = await connectTelegram(token, accountId);
    const { socket } = await joinedSocket(token, accountId);
    const chatId = 880000 + Math.floor(Math.random() * 1000);
    const res = await tgWebhook(accountId, secret, tgTextUpdate(10, chatId, "Здравствуйте, есть доставка?", { firstName: "Анна", username: "anna_k" }));
    expect(res.status).toBe(200);
    const [frame] = await socket.waitFor((f) => f.event === "message" && f.data.content === "Здравствуйте, есть доставка?", 1, 10_000);
    expect(frame.data).toMatchObject({ messageType: "text", messageDirection: "incoming", contact: { name: "Анна", platformUsername: "anna_k", platform: "TELEGRAM" } });
    const contact = await getDb(env.DB).select().from(schema.contacts).where(and(eq(schema.contacts.accountId, accountId), eq(schema.contacts.platformUserId, String(chatId)))).get();
    expect(contact).toBeTruthy();
    const msg = (await threadMessages(accountId))[0]!;
    expect(msg.dedupeKey).toBe(`tg:${botId}:10`);

    const reply = await api("POST", `/accounts/${accountId}/contacts/${contact!.id}/messages`, { token, body: { content: "Да, доставляем по всей России" } });
    expect(reply.status).toBe(201);
    const sends = await waitFor(async () => {
      const r = await fakeRequests(tgBase(), (x) => x.path === `/bot${bot}/sendMessage`);
      return r.length ? r : null;
    }, 10_000, "the send");
    const sent = await waitFor(async () => {
      const m = (await threadMessages(accountId)).find((x) => x.direction === "outgoing");
      return m?.deliveryStatus === "sent" ? m : null;
    }, 10_000, "delivery state sent");
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body).toMatchObject({ chat_id: String(chatId), text: "Да, доставляем по всей России" });
    expect(sent.platformMessageId).toMatch(/^\d+$/);
    expect(sent.isSent).toBe(true);
    await socket.waitFor((f) => f.event === "message" && f.data.messageId === sent.id && f.data.deliveryStatus === "sent", 1, 5000);
    await sleep(500);
    expect(await fakeRequests(tgBase(), (x) => x.path === `/bot${bot}/sendMessage`)).toHaveLength(1);
    socket.close();
  });

  it("the same update five times and updates out of order → one message each, in order", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { secret } = await connectTelegram(token, accountId);
    const chat = 770001;
    const base = Math.floor(Date.now() / 1000) - 60;
    const u = (id: number) => tgTextUpdate(id, chat, `сообщение ${id}`, { date: base + id });
    const order = [103, 101, 103, 102, 101, 103, 104, 102, 103, 101, 103, 104];
    const answers = await Promise.all(order.map((id) => tgWebhook(accountId, secret, u(id))));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    await waitFor(async () => (await countMessages(accountId)) >= 4, 10_000, "four messages");
    await sleep(500);
    const msgs = await threadMessages(accountId);
    expect(msgs.map((m) => m.content)).toEqual(["сообщение 101", "сообщение 102", "сообщение 103", "сообщение 104"]);
    const thread = await getDb(env.DB).select().from(schema.threads).where(eq(schema.threads.accountId, accountId)).all();
    expect(thread).toHaveLength(1);
    expect(thread[0]!.lastMessage).toBe("сообщение 104");
  });

  it("media: a photo is downloaded through getFile, stored in R2 and served to members only", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { secret } = await connectTelegram(token, accountId);
    const update = {
      update_id: 50,
      message: {
        message_id: 9,
        date: Math.floor(Date.now() / 1000),
        chat: { id: 4242, type: "private", first_name: "Олег" },
        from: { id: 4242, is_bot: false, first_name: "Олег" },
        caption: "Вот такой диван нужен",
        photo: [
          { file_id: "small-id", width: 90, height: 90, file_size: 10 },
          { file_id: "big-photo-id", width: 800, height: 600, file_size: 30 },
        ],
      },
    };
    expect((await tgWebhook(accountId, secret, update)).status).toBe(200);
    const m = await waitFor(async () => (await threadMessages(accountId))[0], 10_000, "photo message");
    expect(m).toMatchObject({ type: "image", content: "Вот такой диван нужен", mimeType: "image/jpeg" });
    expect(m.payloadUrl).toMatch(new RegExp(`^accounts/${accountId}/`));
    const url = `/api/accounts/${accountId}/media/${m.payloadUrl!.slice(`accounts/${accountId}/`.length)}`;
    const served = await SELF.fetch(`${BASE}${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(served.status).toBe(200);
    expect(await served.text()).toBe(telegramFileBytes("big-photo-id"));
    const stranger = await ownerWithAccount("Чужой");
    expect((await SELF.fetch(`${BASE}${url}`, { headers: { authorization: `Bearer ${stranger.token}` } })).status).toBe(404);
  });

  it("contact cards and locations become messages; unsupported updates are acknowledged and ignored", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { secret } = await connectTelegram(token, accountId);
    const now = Math.floor(Date.now() / 1000);
    const from = { id: 3131, is_bot: false, first_name: "Пётр" };
    const chat = { id: 3131, type: "private", first_name: "Пётр" };
    await tgWebhook(accountId, secret, { update_id: 1, message: { message_id: 1, date: now, chat, from, contact: { phone_number: "+79001234567", first_name: "Мама" } } });
    await tgWebhook(accountId, secret, { update_id: 2, message: { message_id: 2, date: now + 1, chat, from, location: { latitude: 55.75, longitude: 37.61 } } });
    expect((await tgWebhook(accountId, secret, { update_id: 3, callback_query: { id: "x" } })).status).toBe(200);
    expect((await tgWebhook(accountId, secret, { update_id: 4, message: { message_id: 4, date: now, chat: { id: -100, type: "group" }, from, text: "в группе" } })).status).toBe(200);
    await waitFor(async () => (await countMessages(accountId)) >= 2, 10_000, "two messages");
    await sleep(400);
    const msgs = await threadMessages(accountId);
    expect(msgs).toHaveLength(2);
    expect(msgs[0]).toMatchObject({ type: "contact", metadata: { contacts: [{ name: "Мама", tel: ["+79001234567"] }] } });
    expect(msgs[1]).toMatchObject({ type: "text", content: "Геопозиция: 55.75, 37.61" });
  });

  it("switched off: updates are acknowledged and dropped, history stays; disconnect deletes the webhook", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { bot, secret } = await connectTelegram(token, accountId);
    await tgWebhook(accountId, secret, tgTextUpdate(1, 600, "до выключения"));
    await waitFor(async () => (await countMessages(accountId)) === 1, 10_000, "first message");
    const off = await api("POST", `/accounts/${accountId}/platform-telegram/toggle`, { token, body: { enabled: false } });
    expect(off.body.enabled).toBe(false);
    expect((await tgWebhook(accountId, secret, tgTextUpdate(2, 600, "во время выключения"))).status).toBe(200);
    await sleep(500);
    expect(await countMessages(accountId)).toBe(1);
    const on = await api("POST", `/accounts/${accountId}/platform-telegram/toggle`, { token });
    expect(on.body.enabled).toBe(true);
    const del = await api("DELETE", `/accounts/${accountId}/platform-telegram`, { token });
    expect(del.status).toBe(200);
    expect(await fakeRequests(tgBase(), (r) => r.path === `/bot${bot}/deleteWebhook`)).toHaveLength(1);
    expect((await tgWebhook(accountId, secret, tgTextUpdate(3, 600, "после отключения"))).status).toBe(401);
    expect((await api("GET", `/accounts/${accountId}/platform-telegram`, { token })).body.connected).toBe(false);
    expect(await countMessages(accountId)).toBe(1);
  });
});
