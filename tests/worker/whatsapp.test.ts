import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../worker/db/client";
import { GREEN_PARTNER_TOKEN, waIncomingText } from "../fakes/greenapi";
import { scopeToken, scriptModel } from "./ai-helpers";
import { connectWhatsapp, countMessages, fakeRequests, greenBase, sleep, threadMessages, waitFor, waWebhook } from "./channel-helpers";
import { addMember, api, BASE } from "./helpers";
import { joinedSocket, ownerWithAccount } from "./inbox-helpers";

/**
 * WhatsApp through the fake Green API gateway, end to end through the real Worker, the real
 * inbound/outbound queues (awaited by polling D1 and the fake) and the account's room.
 */
const wa = (accountId: string, path = "") => `/accounts/${accountId}/platform-whatsapp${path}`;

describe("WhatsApp: the instance lifecycle (every call of §7.2)", () => {
  it("create-instance through the partner API sets our webhook with a per-instance token", async () => {
    const { token, accountId } = await ownerWithAccount();
    const before = await api("GET", wa(accountId, "/settings"), { token });
    expect(before.body).toMatchObject({ connected: false });
    const { idInstance, webhookToken, settings, apiToken } = await connectWhatsapp(token, accountId);
    expect(settings).toMatchObject({ connected: true, enabled: true, idInstance, stateInstance: "notAuthorized", createdViaPartner: true });
    expect(JSON.stringify(settings)).not.toContain(apiToken);
    expect(await fakeRequests(greenBase(), (r) => r.path === `/partner/createInstance/${GREEN_PARTNER_TOKEN}`)).not.toHaveLength(0);
    const set = (await fakeRequests(greenBase(), (r) => r.path === `/waInstance${idInstance}/setSettings/${apiToken}`))[0]!;
    expect(set.body).toMatchObject({ webhookUrl: `${BASE}/api/webhooks/whatsapp/${accountId}`, incomingWebhook: "yes", outgoingWebhook: "yes", outgoingMessageWebhook: "yes", stateWebhook: "yes" });
    expect(webhookToken.length).toBeGreaterThanOrEqual(32);
    // A second instance on the same account is refused until the first is deleted.
    expect((await api("POST", wa(accountId, "/create-instance"), { token, body: {} })).status).toBe(409);
  });

  it("connects an existing instance by id and token", async () => {
    const { token, accountId } = await ownerWithAccount();
    const id = String(5500000000 + Math.floor(Math.random() * 1e6));
    const half = await api("POST", wa(accountId, "/create-instance"), { token, body: { idInstance: id } });
    expect(half.status).toBe(400);
    const res = await api("POST", wa(accountId, "/create-instance"), { token, body: { idInstance: id, apiTokenInstance: "existing-token-0123456789" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ idInstance: id, createdViaPartner: false, tokenHint: expect.stringMatching(/6789$/) });
  });

  it("QR code, phone pairing code with the §5 phone rules, state polling, reboot, logout, settings, delete", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { idInstance, apiToken } = await connectWhatsapp(token, accountId);
    const { socket } = await joinedSocket(token, accountId);

    const qr = await api("GET", wa(accountId, "/get-qr-code"), { token });
    expect(qr.body).toMatchObject({ type: "qrCode", refreshAfterMs: 20_000 });
    expect(qr.body.message).toMatch(/^iVBOR/);

    const empty = await api("POST", wa(accountId, "/connect-by-phone-code"), { token, body: { phoneNumber: "" } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Требуется номер телефона");
    const invalid = await api("POST", wa(accountId, "/connect-by-phone-code"), { token, body: { phoneNumber: "12-3" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details.fields.phoneNumber[0]).toBe("Неверный формат телефона: 12-3");
    const code = await api("POST", wa(accountId, "/connect-by-phone-code"), { token, body: { phoneNumber: "8 (900) 123-45-67" } });
    expect(code.status).toBe(200);
    expect(code.body).toMatchObject({ code: "ABCD1234", phoneNumber: "+7 900 123 45 67" });
    const asked = await fakeRequests(greenBase(), (r) => r.path === `/waInstance${idInstance}/getAuthorizationCode/${apiToken}`);
    expect(asked[0]!.body).toEqual({ phoneNumber: 79001234567 });

    // Polled while connecting: the gateway now says authorized → pushed to the page.
    await fetch(`${greenBase()}/__state`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ idInstance, stateInstance: "authorized" }) });
    const st = await api("GET", wa(accountId, "/instance-state"), { token });
    expect(st.body.stateInstance).toBe("authorized");
    await socket.waitFor((f) => f.event === "core::whatsappStateChanged" && f.data.stateInstance === "authorized", 1, 5000);
    expect((await api("GET", wa(accountId, "/get-qr-code"), { token })).body.type).toBe("alreadyLogged");

    const is = await api("PUT", wa(accountId, "/instance-settings"), { token, body: { delaySendMessagesMilliseconds: 1500, markIncomingMessagesReaded: "yes" } });
    expect(is.status).toBe(200);
    expect((await api("PUT", wa(accountId, "/instance-settings"), { token, body: { delaySendMessagesMilliseconds: 10 } })).status).toBe(400);
    expect((await api("GET", wa(accountId, "/instance-settings"), { token })).body).toMatchObject({ delaySendMessagesMilliseconds: 1500, markIncomingMessagesReaded: "yes" });

    expect((await api("POST", wa(accountId, "/reboot"), { token })).body).toEqual({ isReboot: true });
    expect((await api("POST", wa(accountId, "/logout"), { token })).body).toEqual({ isLogout: true });
    expect((await api("GET", wa(accountId, "/settings"), { token })).body.stateInstance).toBe("notAuthorized");

    const toggled = await api("POST", wa(accountId, "/toggle"), { token, body: { enabled: false } });
    expect(toggled.body.enabled).toBe(false);
    await socket.waitFor((f) => f.event === "core::whatsappStateChanged" && f.data.enabled === false, 1, 5000);
    const put = await api("PUT", wa(accountId), { token, body: { enabled: true, assistantId: "nope" } });
    expect(put.status).toBe(400);

    const del = await api("DELETE", wa(accountId), { token });
    expect(del.status).toBe(200);
    expect(await fakeRequests(greenBase(), (r) => r.path === `/partner/deleteInstanceAccount/${GREEN_PARTNER_TOKEN}` && String(r.body.idInstance) === idInstance)).toHaveLength(1);
    expect((await api("GET", wa(accountId, "/settings"), { token })).body.connected).toBe(false);
    expect((await api("GET", wa(accountId, "/instance-state"), { token })).status).toBe(404);
    socket.close();
  });

  it("operators may read the settings only; strangers get 404", async () => {
    const { token, accountId } = await ownerWithAccount();
    await connectWhatsapp(token, accountId);
    const op = await addMember(token, accountId, "operator");
    expect((await api("GET", wa(accountId, "/settings"), { token: op.token })).status).toBe(200);
    expect((await api("POST", wa(accountId, "/reboot"), { token: op.token })).status).toBe(403);
    expect((await api("DELETE", wa(accountId), { token: op.token })).status).toBe(403);
    const stranger = await ownerWithAccount("Чужой");
    expect((await api("GET", wa(accountId, "/settings"), { token: stranger.token })).status).toBe(404);
  });
});

describe("WhatsApp: messages", () => {
  it("a forged or missing bearer token is refused and stores nothing", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { idInstance, webhookToken } = await connectWhatsapp(token, accountId);
    expect((await waWebhook(accountId, "forged-token", waIncomingText(idInstance, "F1", "79005550001", "подделка"))).status).toBe(401);
    expect((await waWebhook(accountId, null, waIncomingText(idInstance, "F2", "79005550001", "без токена"))).status).toBe(401);
    expect((await waWebhook(accountId, webhookToken, waIncomingText(idInstance, "OK1", "79005550001", "настоящее"))).status).toBe(200);
    await waitFor(async () => (await countMessages(accountId)) === 1, 10_000, "the real message");
    await sleep(300);
    expect((await threadMessages(accountId)).map((m) => m.content)).toEqual(["настоящее"]);
  });

  it("webhook → message → socket → the assistant answers → exactly one send → delivered → read", async () => {
    const { token, accountId } = await ownerWithAccount();
    const created = await api("POST", `/accounts/${accountId}/assistants`, { token, body: { name: "Консультант" } });
    expect(created.status).toBe(201);
    const { idInstance, webhookToken, apiToken } = await connectWhatsapp(token, accountId);
    const { socket } = await joinedSocket(token, accountId);
    const scope = scopeToken("wa");
    await scriptModel(scope, [{ content: "Здравствуйте! Да, диван есть в наличии." }]);
    const phone = `7900${Math.floor(1000000 + Math.random() * 8999999)}`;
    const res = await waWebhook(accountId, webhookToken, waIncomingText(idInstance, `IN-${scope}`, phone, `Есть диван? ${scope}`, { senderName: "Мария" }));
    expect(res.status).toBe(200);
    await socket.waitFor((f) => f.event === "message" && f.data.messageDirection === "incoming" && f.data.content.includes(scope), 1, 10_000);
    const thread = await getDb(env.DB).select().from(schema.threads).where(eq(schema.threads.accountId, accountId)).get();
    expect(thread).toMatchObject({ isGptActive: true, assistantId: created.body.assistantId ?? created.body.id });

    const sends = await waitFor(async () => {
      const r = await fakeRequests(greenBase(), (x) => x.path === `/waInstance${idInstance}/sendMessage/${apiToken}`);
      return r.length ? r : null;
    }, 15_000, "the assistant's send");
    expect(sends[0]!.body).toEqual({ chatId: `${phone}@c.us`, message: "Здравствуйте! Да, диван есть в наличии." });
    const out = await waitFor(async () => (await threadMessages(accountId)).find((m) => m.direction === "outgoing" && m.platformMessageId), 10_000, "recorded send");
    expect(out.senderType).toBe("assistant");

    // The gateway reports delivery and reading.
    for (const status of ["delivered", "read"]) {
      await waWebhook(accountId, webhookToken, { typeWebhook: "outgoingMessageStatus", instanceData: { idInstance: Number(idInstance) }, timestamp: Math.floor(Date.now() / 1000), idMessage: out.platformMessageId, status, chatId: `${phone}@c.us`, sendByApi: true });
    }
    await socket.waitFor((f) => f.event === "message" && f.data.messageId === out.id && f.data.deliveryStatus === "read", 1, 10_000);
    const final = (await threadMessages(accountId)).find((m) => m.id === out.id)!;
    expect(final).toMatchObject({ deliveryStatus: "read", isSent: true, isDelivered: true, isRead: true });
    // A late "delivered" never goes backwards.
    await waWebhook(accountId, webhookToken, { typeWebhook: "outgoingMessageStatus", instanceData: { idInstance: Number(idInstance) }, timestamp: 1, idMessage: out.platformMessageId, status: "delivered" });
    // Our own send echoed back is not a new message.
    await waWebhook(accountId, webhookToken, { ...waIncomingText(idInstance, out.platformMessageId!, phone, "Здравствуйте! Да, диван есть в наличии."), typeWebhook: "outgoingAPIMessageReceived" });
    await sleep(800);
    expect((await threadMessages(accountId)).find((m) => m.id === out.id)!.deliveryStatus).toBe("read");
    expect(await countMessages(accountId)).toBe(2);
    expect(await fakeRequests(greenBase(), (x) => x.path === `/waInstance${idInstance}/sendMessage/${apiToken}`)).toHaveLength(1);
    socket.close();
  });

  it("a person typing on the phone is stored as ours and pauses the AI of that thread", async () => {
    const { token, accountId } = await ownerWithAccount();
    await api("POST", `/accounts/${accountId}/assistants`, { token, body: { name: "Консультант" } });
    const { idInstance, webhookToken } = await connectWhatsapp(token, accountId);
    const phone = "79007770011";
    await waWebhook(accountId, webhookToken, waIncomingText(idInstance, "P1", phone, "Алло"));
    await waitFor(async () => (await countMessages(accountId)) >= 1, 10_000, "incoming");
    const { socket } = await joinedSocket(token, accountId);
    await waWebhook(accountId, webhookToken, { ...waIncomingText(idInstance, "P2", phone, "Сейчас перезвоню, Мария"), typeWebhook: "outgoingMessageReceived" });
    await socket.waitFor((f) => f.event === "updateContact" && f.data.thread?.isGptActive === false, 1, 10_000);
    const mine = (await threadMessages(accountId)).find((m) => m.dedupeKey === `wa:${idInstance}:P2`)!;
    expect(mine).toMatchObject({ direction: "outgoing", senderType: "operator", content: "Сейчас перезвоню, Мария", metadata: { fromPhone: true } });
    const thread = await getDb(env.DB).select().from(schema.threads).where(eq(schema.threads.id, mine.threadId)).get();
    expect(thread!.isGptActive).toBe(false);
    socket.close();
  });

  it("calls, images, contact cards and locations; the state change webhook is pushed to the page", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { idInstance, webhookToken } = await connectWhatsapp(token, accountId);
    const { socket } = await joinedSocket(token, accountId);
    const phone = "79001112233";
    const base = { instanceData: { idInstance: Number(idInstance), wid: "79990001122@c.us", typeInstance: "whatsapp" }, senderData: { chatId: `${phone}@c.us`, sender: `${phone}@c.us`, chatName: "Олег", senderName: "Олег" } };
    const t0 = Math.floor(Date.now() / 1000);
    await waWebhook(accountId, webhookToken, { typeWebhook: "incomingCall", instanceData: base.instanceData, timestamp: t0, from: `${phone}@c.us`, status: "offer", idMessage: "CALL1" });
    await waWebhook(accountId, webhookToken, { typeWebhook: "incomingCall", instanceData: base.instanceData, timestamp: t0 + 1, from: `${phone}@c.us`, status: "missed", idMessage: "CALL1" });
    await waWebhook(accountId, webhookToken, {
      ...base,
      typeWebhook: "incomingMessageReceived",
      timestamp: t0 + 2,
      idMessage: "IMG1",
      messageData: { typeMessage: "imageMessage", fileMessageData: { downloadUrl: `${greenBase()}/download/sofa.jpg`, caption: "Вот такой", fileName: "sofa.jpg", mimeType: "image/jpeg" } },
    });
    await waWebhook(accountId, webhookToken, {
      ...base,
      typeWebhook: "incomingMessageReceived",
      timestamp: t0 + 3,
      idMessage: "VC1",
      messageData: { typeMessage: "contactMessage", contactMessageData: { displayName: "Сервис", vcard: "BEGIN:VCARD\nVERSION:3.0\nFN:Сервис\nTEL;type=CELL:+7 495 000-00-00\nEND:VCARD" } },
    });
    await waWebhook(accountId, webhookToken, { ...base, typeWebhook: "incomingMessageReceived", timestamp: t0 + 4, idMessage: "LOC1", messageData: { typeMessage: "locationMessage", locationMessageData: { nameLocation: "Офис", address: "Тверская, 1", latitude: 55.7, longitude: 37.6 } } });
    await waWebhook(accountId, webhookToken, { ...base, typeWebhook: "incomingMessageReceived", timestamp: t0 + 5, idMessage: "POLL1", messageData: { typeMessage: "pollMessage" } });
    await waitFor(async () => (await countMessages(accountId)) >= 4, 10_000, "four messages");
    await sleep(400);
    const msgs = await threadMessages(accountId);
    expect(msgs.map((m) => m.type)).toEqual(["incomingCall", "image", "contact", "text"]);
    expect(msgs[0]).toMatchObject({ content: "Пропущенный звонок", metadata: { status: "missed" } });
    expect(msgs[1]).toMatchObject({ content: "Вот такой", fileName: "sofa.jpg" });
    const stored = await env.MEDIA.get(msgs[1]!.payloadUrl!);
    expect(await stored!.text()).toBe("green-file:sofa.jpg");
    expect(msgs[2]!.metadata).toMatchObject({ contacts: [{ name: "Сервис", tel: ["+7 495 000-00-00"] }] });
    expect(msgs[3]!.content).toBe("Офис, Тверская, 1. Геопозиция: 55.7, 37.6");

    await waWebhook(accountId, webhookToken, { typeWebhook: "stateInstanceChanged", instanceData: base.instanceData, timestamp: t0 + 6, stateInstance: "yellowCard" });
    const [ev] = await socket.waitFor((f) => f.event === "core::whatsappStateChanged" && f.data.stateInstance === "yellowCard", 1, 10_000);
    expect(ev.data).toMatchObject({ connected: true, idInstance, phone: "+79990001122" });
    expect((await api("GET", wa(accountId, "/settings"), { token })).body.stateInstance).toBe("yellowCard");
    socket.close();
  });
});
