import { env, SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../worker/db/client";
import { igComment, igDm, META_VERIFY_TOKEN, metaSignature } from "../fakes/meta";
import { countMessages, fakeRequests, metaBase, sleep, threadMessages, waitFor } from "./channel-helpers";
import { addMember, api, BASE } from "./helpers";
import { joinedSocket, ownerWithAccount } from "./inbox-helpers";

/** Instagram DMs and comments through the fake Meta Graph API and signed webhooks, end to end. */
const ig = (accountId: string, path = "") => `/accounts/${accountId}/platform-instagram${path}`;

function igId() {
  return String(17841400000000000 + Math.floor(Math.random() * 1e9));
}

async function connect(token: string, accountId: string, extra: Record<string, unknown> = {}) {
  const id = igId();
  const res = await api("PUT", ig(accountId), { token, body: { instagramAccountId: id, accessToken: `EAAG-test-token-${id}`, ...extra } });
  if (res.status !== 200) throw new Error(`connect instagram: ${res.status} ${JSON.stringify(res.body)}`);
  return { id, state: res.body };
}

/** What Meta sends when the business account itself sent a DM (our API or a person in the app). */
function igEcho(igId: string, customer: string, mid: string, text: string) {
  return { object: "instagram", entry: [{ id: igId, time: Date.now(), messaging: [{ sender: { id: igId }, recipient: { id: customer }, timestamp: Date.now(), message: { mid, text, is_echo: true } }] }] };
}

async function post(body: unknown, signature?: string | null) {
  const raw = JSON.stringify(body);
  return SELF.fetch(`${BASE}/api/webhooks/instagram`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature === null ? {} : { "x-hub-signature-256": signature ?? metaSignature(raw) }) },
    body: raw,
  });
}

describe("Instagram: connecting and the webhook handshake", () => {
  it("answers the hub challenge only with the verify token", async () => {
    const ok = await SELF.fetch(`${BASE}/api/webhooks/instagram?hub.mode=subscribe&hub.verify_token=${META_VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    const bad = await SELF.fetch(`${BASE}/api/webhooks/instagram?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`);
    expect(bad.status).toBe(403);
  });

  it("checks the account with its token, subscribes to messages and comments, hides the token", async () => {
    const { token, accountId } = await ownerWithAccount();
    const bad = await api("PUT", ig(accountId), { token, body: { instagramAccountId: "abc", accessToken: "short" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details.fields).sort()).toEqual(["accessToken", "instagramAccountId"]);
    const refused = await api("PUT", ig(accountId), { token, body: { instagramAccountId: igId(), accessToken: "invalid-token-0123456789abc" } });
    expect(refused.status).toBe(400);
    const { id, state } = await connect(token, accountId);
    expect(state).toMatchObject({ connected: true, enabled: true, instagramAccountId: id, username: `shop_${id.slice(-4)}`, subscribedFields: ["messages", "comments"] });
    expect(JSON.stringify(state)).not.toContain(`EAAG-test-token-${id}`);
    const subs = await fakeRequests(metaBase(), (r) => r.path.includes(`/${id}/subscribed_apps`) && r.method === "POST");
    expect(new URL(subs[0]!.path, "http://x").searchParams.get("subscribed_fields")).toBe("messages,comments");
    const op = await addMember(token, accountId, "operator");
    expect((await api("GET", ig(accountId), { token: op.token })).body.connected).toBe(true);
    expect((await api("DELETE", ig(accountId), { token: op.token })).status).toBe(403);
    const off = await api("POST", ig(accountId, "/toggle"), { token, body: {} });
    expect(off.body.enabled).toBe(false);
    const del = await api("DELETE", ig(accountId), { token });
    expect(del.status).toBe(200);
    expect(await fakeRequests(metaBase(), (r) => r.path.includes(`/${id}/subscribed_apps`) && r.method === "DELETE")).toHaveLength(1);
  });
});

describe("Instagram: DMs", () => {
  it("a forged or missing signature is refused and stores nothing", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { id } = await connect(token, accountId);
    expect((await post(igDm(id, "9001", "mid.forged", "подделка"), "sha256=" + "0".repeat(64))).status).toBe(403);
    expect((await post(igDm(id, "9001", "mid.none", "без подписи"), null)).status).toBe(403);
    // Signed by another secret:
    expect((await post(igDm(id, "9001", "mid.other", "чужой секрет"), metaSignature(JSON.stringify(igDm(id, "9001", "mid.other", "чужой секрет")), "other-secret"))).status).toBe(403);
    const refused = await post(igDm(id, "9001", "mid.forged2", "подделка"), "sha256=" + "ab".repeat(32));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe("Неверная подпись X-Hub-Signature-256");
    // Over the 1 MB body limit: refused with the API's message, signed or not.
    const big = JSON.stringify({ ...igDm(id, "9001", "mid.big", "большое"), padding: "x".repeat(1024 * 1024) });
    const tooBig = await SELF.fetch(`${BASE}/api/webhooks/instagram`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": metaSignature(big) }, body: big });
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toContain("1 МБ");
    const ok = await post(igDm(id, "9001", "mid.real", "настоящее"));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("EVENT_RECEIVED");
    // The signature's hex digits in capitals are the same signature.
    const upper = JSON.stringify(igDm(id, "9001", "mid.upper", "заглавные"));
    const okUpper = await SELF.fetch(`${BASE}/api/webhooks/instagram`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": "sha256=" + metaSignature(upper).slice(7).toUpperCase() }, body: upper });
    expect(okUpper.status).toBe(200);
    await waitFor(async () => (await countMessages(accountId)) === 2, 10_000, "the real messages");
    await sleep(300);
    expect((await threadMessages(accountId)).map((m) => m.content).sort()).toEqual(["заглавные", "настоящее"]);
  });

  it("DM → socket → operator reply → one send; its echo ignored; duplicates once; the 24-hour window is enforced", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { id } = await connect(token, accountId);
    const { socket } = await joinedSocket(token, accountId);
    const sender = `${Math.floor(Math.random() * 1e15)}`;
    const mid = `mid.$${Math.random().toString(36).slice(2)}`;
    for (let i = 0; i < 5; i++) expect((await post(igDm(id, sender, mid, "Сколько стоит доставка?"))).status).toBe(200);
    await socket.waitFor((f) => f.event === "message" && f.data.content === "Сколько стоит доставка?", 1, 10_000);
    await sleep(500);
    expect(await countMessages(accountId)).toBe(1);
    const contact = await getDb(env.DB).select().from(schema.contacts).where(and(eq(schema.contacts.accountId, accountId), eq(schema.contacts.platformUserId, sender))).get();
    const reply = await api("POST", `/accounts/${accountId}/contacts/${contact!.id}/messages`, { token, body: { content: "Доставка бесплатная" } });
    expect(reply.status).toBe(201);
    const sends = await waitFor(async () => {
      const r = await fakeRequests(metaBase(), (x) => x.path.includes(`/${id}/messages`) && x.method === "POST");
      return r.length ? r : null;
    }, 10_000, "the DM send");
    expect(sends[0]!.body).toEqual({ recipient: { id: sender }, message: { text: "Доставка бесплатная" } });
    const out = await waitFor(async () => (await threadMessages(accountId)).find((m) => m.direction === "outgoing" && m.platformMessageId), 10_000, "recorded send");
    // Meta echoes our own send back: it is the message we have, not a second one.
    expect((await post(igEcho(id, sender, out.platformMessageId!, "Доставка бесплатная"))).status).toBe(200);
    await sleep(500);
    expect(await countMessages(accountId)).toBe(2);
    // Seen by the customer:
    await post({ object: "instagram", entry: [{ id, time: Date.now(), messaging: [{ sender: { id: sender }, recipient: { id }, timestamp: Date.now(), read: { mid: out.platformMessageId } }] }] });
    await socket.waitFor((f) => f.event === "message" && f.data.messageId === out.id && f.data.deliveryStatus === "read", 1, 10_000);

    // More than 24 hours after the customer's last message: refused with a clear reason, nothing sent.
    await getDb(env.DB).update(schema.threads).set({ lastIncomingAt: Date.now() - 25 * 3600 * 1000 }).where(eq(schema.threads.id, out.threadId));
    const late = await api("POST", `/accounts/${accountId}/contacts/${contact!.id}/messages`, { token, body: { content: "Вы ещё здесь?" } });
    expect(late.status).toBe(201);
    const failed = await waitFor(async () => (await threadMessages(accountId)).find((m) => m.content === "Вы ещё здесь?" && m.deliveryStatus === "failed"), 10_000, "refusal");
    expect(failed.metadata).toMatchObject({ deliveryErrorCode: "INSTAGRAM_WINDOW_CLOSED", deliveryError: expect.stringMatching(/24 час/) });
    await socket.waitFor((f) => f.event === "message" && f.data.messageId === failed.id && f.data.deliveryStatus === "failed", 1, 5000);
    expect(await fakeRequests(metaBase(), (x) => x.path.includes(`/${id}/messages`) && x.method === "POST")).toHaveLength(1);
    socket.close();
  });

  it("attachments are stored in R2", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { id } = await connect(token, accountId);
    const body = { object: "instagram", entry: [{ id, time: Date.now(), messaging: [{ sender: { id: "5151" }, recipient: { id }, timestamp: Date.now(), message: { mid: "mid.att1", attachments: [{ type: "image", payload: { url: `${metaBase()}/media/photo1.jpg` } }] } }] }] };
    await post(body);
    const m = await waitFor(async () => (await threadMessages(accountId))[0], 10_000, "attachment");
    expect(m.type).toBe("image");
    expect(await (await env.MEDIA.get(m.payloadUrl!))!.text()).toBe("meta-file:photo1.jpg");
  });
});

describe("Instagram: a person answering from the Instagram app", () => {
  async function threadOf(accountId: string, customer: string) {
    const db = getDb(env.DB);
    const c = await db.select().from(schema.contacts).where(and(eq(schema.contacts.accountId, accountId), eq(schema.contacts.platformUserId, customer))).get();
    return c ? db.select().from(schema.threads).where(and(eq(schema.threads.accountId, accountId), eq(schema.threads.contactId, c.id))).get() : undefined;
  }

  it("is stored as the operator's message, pauses the AI once, reaches the room once however often Meta redelivers; the AI's own echo changes nothing", async () => {
    const { token, accountId } = await ownerWithAccount();
    expect((await api("POST", `/accounts/${accountId}/assistants`, { token, body: { name: "Консультант" } })).status).toBe(201);
    const { id } = await connect(token, accountId);
    const { socket } = await joinedSocket(token, accountId);
    const customer = `${Math.floor(Math.random() * 1e15)}`;
    await post(igDm(id, customer, `mid.in-${customer}`, "Здравствуйте! Есть доставка в Казань?"));
    // The assistant answers; that send's echo is ours and must neither be stored again nor pause the AI.
    const ai = await waitFor(async () => (await threadMessages(accountId)).find((m) => m.direction === "outgoing" && m.senderType === "assistant" && m.platformMessageId), 15_000, "the AI's recorded send");
    for (let i = 0; i < 2; i++) expect((await post(igEcho(id, customer, ai.platformMessageId!, ai.content ?? ""))).status).toBe(200);
    await sleep(800);
    expect(await countMessages(accountId)).toBe(2);
    expect((await threadOf(accountId, customer))!.isGptActive).toBe(true);
    expect(socket.frames.filter((f) => f.event === "updateContact" && f.data.thread?.isGptActive === false)).toHaveLength(0);

    // A person types in the Instagram app: Meta delivers the echo three times (at least once).
    const mid = `mid.app-${customer}`;
    const text = "Это Ольга из магазина, сейчас уточню у склада";
    for (let i = 0; i < 3; i++) expect((await post(igEcho(id, customer, mid, text))).status).toBe(200);
    const [frame] = await socket.waitFor((f) => f.event === "message" && f.data.content === text, 1, 10_000);
    expect(frame!.data).toMatchObject({ messageDirection: "outgoing", senderType: "operator" });
    await socket.waitFor((f) => f.event === "updateContact" && f.data.thread?.isGptActive === false, 1, 10_000);
    await sleep(1500);
    const mine = (await threadMessages(accountId)).filter((m) => m.dedupeKey === `ig:${mid}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ direction: "outgoing", senderType: "operator", content: text, platformMessageId: mid, metadata: { fromPhone: true, fromApp: "instagram" } });
    expect((await threadOf(accountId, customer))!.isGptActive).toBe(false);
    expect(socket.frames.filter((f) => f.event === "message" && f.data.content === text)).toHaveLength(1);
    expect(socket.frames.filter((f) => f.event === "updateContact" && f.data.thread?.isGptActive === false)).toHaveLength(1);

    // Paused: the customer's next message gets no AI answer.
    const sendsBefore = (await fakeRequests(metaBase(), (x) => x.path.includes(`/${id}/messages`) && x.method === "POST")).length;
    await post(igDm(id, customer, `mid.in2-${customer}`, "Спасибо, жду"));
    await socket.waitFor((f) => f.event === "message" && f.data.content === "Спасибо, жду", 1, 10_000);
    await sleep(1500);
    expect((await fakeRequests(metaBase(), (x) => x.path.includes(`/${id}/messages`) && x.method === "POST")).length).toBe(sendsBefore);
    expect((await threadMessages(accountId)).filter((m) => m.senderType === "assistant")).toHaveLength(1);
    socket.close();
  });

  it("an echo that overtakes the recording of our send waits for it and is then dropped", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { id } = await connect(token, accountId);
    const customer = `${Math.floor(Math.random() * 1e15)}`;
    await post(igDm(id, customer, `mid.in-${customer}`, "Вопрос"));
    await waitFor(async () => (await threadOf(accountId, customer)) ?? null, 10_000, "the thread");
    // No assistant answers here (the operator's send below is the only one); the switch is on so a pause would show.
    const thread = (await threadOf(accountId, customer))!;
    await getDb(env.DB).update(schema.threads).set({ isGptActive: true }).where(eq(schema.threads.id, thread.id));
    // Meta is slow to accept our send: it stays pending without a mid.
    const { fakeScript } = await import("./channel-helpers");
    await fakeScript(metaBase(), [{ match: `/${id}/messages`, status: 500, body: { error: { message: "temporarily unavailable", code: 2 } }, times: 50 }]);
    const contact = await getDb(env.DB).select().from(schema.contacts).where(and(eq(schema.contacts.accountId, accountId), eq(schema.contacts.platformUserId, customer))).get();
    expect((await api("POST", `/accounts/${accountId}/contacts/${contact!.id}/messages`, { token, body: { content: "Минутку" } })).status).toBe(201);
    const pending = await waitFor(async () => (await threadMessages(accountId)).find((m) => m.content === "Минутку"), 5000, "the pending send");
    const before = await countMessages(accountId);
    // Its echo arrives first…
    await post(igEcho(id, customer, "mid.race", "Минутку"));
    await sleep(1000);
    expect(await countMessages(accountId)).toBe(before);
    // …then the sender records the mid; the held echo finds it on its next delivery and is dropped.
    await getDb(env.DB).update(schema.messages).set({ platformMessageId: "mid.race", deliveryStatus: "sent", isSent: true }).where(eq(schema.messages.id, pending.id));
    await sleep(6000);
    expect(await countMessages(accountId)).toBe(before);
    expect((await threadMessages(accountId)).filter((m) => m.platformMessageId === "mid.race")).toHaveLength(1);
    expect((await threadOf(accountId, customer))!.isGptActive).toBe(true);
  });
});

describe("Instagram: comments", () => {
  it("comments become their own thread per post, grouped by post newest first; public and private replies", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { id } = await connect(token, accountId);
    const from = { id: "77001", username: "olga_home" };
    await post(igComment(id, "c-1", "media-A", from, "Какая цена?"));
    await post(igComment(id, "c-1", "media-A", from, "Какая цена?")); // duplicate delivery
    await waitFor(async () => (await countMessages(accountId)) === 1, 10_000, "comment");
    await post(igComment(id, "c-2", "media-B", { id: "77002", username: "ivan" }, "Есть синий?"));
    await waitFor(async () => (await countMessages(accountId)) === 2, 10_000, "second comment");
    // Our own reply coming back as a comment is ignored.
    await post(igComment(id, "c-3", "media-A", { id, username: "shop" }, "Ответили в директ"));
    await sleep(400);
    expect(await countMessages(accountId)).toBe(2);

    const threads = await getDb(env.DB).select().from(schema.threads).where(eq(schema.threads.accountId, accountId)).all();
    expect(threads.map((t) => [t.kind, t.externalThreadId]).sort()).toEqual([["comments", "media-A"], ["comments", "media-B"]]);
    // Auto-reply is off for this account: comment threads start with the AI off.
    expect(threads.every((t) => !t.isGptActive)).toBe(true);

    const posts = await api("GET", `/accounts/${accountId}/instagram-comments/posts`, { token });
    expect(posts.body.meta.total).toBe(2);
    expect(posts.body.data[0]).toMatchObject({ mediaId: "media-B", commentsCount: 1, caption: "Пост media-B: новая коллекция", permalink: "https://www.instagram.com/p/media-B/" });
    const comments = await api("GET", `/accounts/${accountId}/instagram-comments/posts/media-A/comments`, { token });
    expect(comments.body.data).toHaveLength(1);
    expect(comments.body.data[0]).toMatchObject({ commentId: "c-1", text: "Какая цена?", fromUsername: "olga_home", canReplyPrivately: true, replies: [], privateReply: null });

    const pub = await api("POST", `/accounts/${accountId}/instagram-comments/c-1/reply`, { token, body: { text: "3 990 ₽", visibility: "public" } });
    expect(pub.status).toBe(201);
    const priv = await api("POST", `/accounts/${accountId}/instagram-comments/c-1/reply`, { token, body: { text: "Написали вам в директ", visibility: "private" } });
    expect(priv.status).toBe(201);
    const again = await api("POST", `/accounts/${accountId}/instagram-comments/c-1/reply`, { token, body: { text: "Ещё раз", visibility: "private" } });
    expect(again.status).toBe(409);
    const empty = await api("POST", `/accounts/${accountId}/instagram-comments/c-1/reply`, { token, body: { text: "  " } });
    expect(empty.status).toBe(400);

    const replies = await waitFor(async () => {
      const r = await fakeRequests(metaBase(), (x) => x.path.includes("/c-1/replies"));
      return r.length ? r : null;
    }, 10_000, "public reply");
    expect(replies[0]!.body).toEqual({ message: "3 990 ₽" });
    const dms = await waitFor(async () => {
      const r = await fakeRequests(metaBase(), (x) => x.path.includes(`/${id}/messages`) && x.body?.recipient?.comment_id === "c-1");
      return r.length ? r : null;
    }, 10_000, "private reply");
    expect(dms).toHaveLength(1);
    expect(dms[0]!.body.message).toEqual({ text: "Написали вам в директ" });
    const after = await waitFor(async () => {
      const r = await api("GET", `/accounts/${accountId}/instagram-comments/posts/media-A/comments`, { token });
      const c = r.body.data[0];
      return c.replies[0]?.deliveryStatus === "sent" && c.privateReply?.deliveryStatus === "sent" ? c : null;
    }, 10_000, "reply states");
    expect(after).toMatchObject({ canReplyPrivately: false, replies: [{ content: "3 990 ₽" }], privateReply: { content: "Написали вам в директ" } });

    const stranger = await ownerWithAccount("Чужой");
    expect((await api("GET", `/accounts/${accountId}/instagram-comments/posts`, { token: stranger.token })).status).toBe(404);
    expect((await api("GET", `/accounts/${stranger.accountId}/instagram-comments/posts`, { token: stranger.token })).body.meta.total).toBe(0);
  });

  it("with auto-reply on, the assistant answers a comment publicly", async () => {
    const { token, accountId } = await ownerWithAccount();
    const a = await api("POST", `/accounts/${accountId}/assistants`, { token, body: { name: "Комментатор" } });
    expect(a.status).toBe(201);
    const { id } = await connect(token, accountId, { commentsAutoReply: true });
    const { scopeToken, scriptModel } = await import("./ai-helpers");
    const scope = scopeToken("igc");
    await scriptModel(scope, [{ content: "Спасибо! Цена в директе." }]);
    await post(igComment(id, `c-${scope}`, "media-Z", { id: "88001", username: "katya" }, `Цена? ${scope}`));
    const replies = await waitFor(async () => {
      const r = await fakeRequests(metaBase(), (x) => x.path.includes(`/c-${scope}/replies`));
      return r.length ? r : null;
    }, 15_000, "assistant's public reply");
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toEqual({ message: "Спасибо! Цена в директе." });
  });
});

describe("Instagram: comment auto-reply is one setting", () => {
  it("the account setting and the channel's switch stay the same whichever is changed", async () => {
    const { token, accountId } = await ownerWithAccount();
    await api("PUT", `/accounts/${accountId}/settings`, { token, body: { comments: { autoReply: true } } });
    const { state } = await connect(token, accountId);
    expect(state.commentsAutoReply).toBe(true);
    const off = await api("PUT", `/accounts/${accountId}/settings`, { token, body: { comments: { autoReply: false } } });
    expect(off.status).toBe(200);
    expect((await api("GET", ig(accountId), { token })).body.commentsAutoReply).toBe(false);
    const on = await api("PATCH", ig(accountId, "/settings"), { token, body: { commentsAutoReply: true } });
    expect(on.body.commentsAutoReply).toBe(true);
    expect((await api("GET", `/accounts/${accountId}/settings`, { token })).body.comments.autoReply).toBe(true);
  });
});
