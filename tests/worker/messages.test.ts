import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../worker/db/client";
import type { Env } from "../../worker/env";
import { postOperatorMessage } from "../../worker/features/contacts/messages.service";
import { addMember, api, BASE } from "./helpers";
import { createChannel, incoming, ingest, joinedSocket, ownerWithAccount } from "./inbox-helpers";

describe("GET /accounts/:id/contacts/:contactId/messages", () => {
  it("pages newest first with a cursor that neither skips nor repeats while new messages arrive", async () => {
    const { token, accountId } = await ownerWithAccount();
    const items = Array.from({ length: 25 }, (_, i) => incoming(accountId, null, "u", `m${i}`));
    const stored = await ingest(items);
    const contactId = (stored[0] as any).contactId;
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { status: number; body: any } = await api("GET", `/accounts/${accountId}/contacts/${contactId}/messages?limit=7${cursor ? `&cursor=${cursor}` : ""}`, { token });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((m: any) => m.content));
      cursor = res.body.meta.nextCursor;
      expect(res.body.meta.hasMore).toBe(cursor !== null);
      // new messages keep arriving between pages
      await ingest([incoming(accountId, null, "u", `new${pages}`)]);
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `m${24 - i}`));
    const first = await api("GET", `/accounts/${accountId}/contacts/${contactId}/messages?limit=2`, { token });
    expect(first.body.data.map((m: any) => m.content)).toEqual(["new3", "new2"]);
    const m = first.body.data[0];
    expect(Object.keys(m)).toEqual(expect.arrayContaining(["messageId", "messageType", "messageDirection", "content", "createdAt", "payloadUrl", "fileName", "isSystem", "isRead", "isDelivered", "isSent", "metadata", "updatedAt"]));
  });

  it("marks the thread read on the first page and rejects a bad cursor with 400", async () => {
    const { token, accountId } = await ownerWithAccount();
    const [r] = await ingest([incoming(accountId, null, "r", "1"), incoming(accountId, null, "r", "2")]);
    const { socket } = await joinedSocket(token, accountId);
    await api("GET", `/accounts/${accountId}/contacts/${(r as any).contactId}/messages`, { token });
    const [upd] = await socket.waitFor((f) => f.event === "updateContact");
    expect(upd.data.thread.unreadCount).toBe(0);
    const bad = await api("GET", `/accounts/${accountId}/contacts/${(r as any).contactId}/messages?cursor=zzz`, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields.cursor).toBeDefined();
    expect((await api("GET", `/accounts/${accountId}/contacts/${(r as any).contactId}/messages?limit=0`, { token })).status).toBe(400);
    expect((await api("GET", `/accounts/${accountId}/contacts/unknown/messages`, { token })).status).toBe(404);
    socket.close();
  });
});

describe("POST /accounts/:id/contacts/:contactId/messages (operator reply)", () => {
  it("stores a pending outgoing message for a channel contact, pushes it, and moves the thread", async () => {
    const { token, accountId } = await ownerWithAccount();
    const channelId = await createChannel(accountId);
    const [r] = await ingest([incoming(accountId, channelId, "c", "Добрый день")]);
    const operator = await addMember(token, accountId, "operator");
    const { socket } = await joinedSocket(token, accountId);
    const res = await api("POST", `/accounts/${accountId}/contacts/${(r as any).contactId}/messages`, { token: operator.token, body: { content: "  Здравствуйте, чем помочь?  " } });
    expect(res.status).toBe(201);
    const m = res.body.data[0];
    expect(m).toMatchObject({ messageType: "text", messageDirection: "outgoing", content: "Здравствуйте, чем помочь?", deliveryStatus: "pending", isSent: false, senderType: "operator" });
    const [pushed] = await socket.waitFor((f) => f.event === "message" && f.data.messageId === m.messageId);
    expect(pushed.data.contact.thread.lastMessage).toBe("Здравствуйте, чем помочь?");
    const row = await getDb(env.DB).select().from(schema.messages).where(eq(schema.messages.id, m.messageId)).get();
    expect(row).toMatchObject({ direction: "outgoing", deliveryStatus: "pending", senderUserId: operator.user.id });
    socket.close();
  });

  it("is idempotent on clientMessageId and validates content", async () => {
    const { token, accountId } = await ownerWithAccount();
    const [r] = await ingest([incoming(accountId, null, "i", "x")]);
    const path = `/accounts/${accountId}/contacts/${(r as any).contactId}/messages`;
    const a = await api("POST", path, { token, body: { content: "один", clientMessageId: "k1" } });
    const b = await api("POST", path, { token, body: { content: "один", clientMessageId: "k1" } });
    expect(a.status).toBe(201);
    expect(b.body.data[0].messageId).toBe(a.body.data[0].messageId);
    const all = await getDb(env.DB).select().from(schema.messages).where(eq(schema.messages.contactId, (r as any).contactId)).all();
    expect(all.filter((m) => m.content === "один")).toHaveLength(1);
    expect((await api("POST", path, { token, body: { content: "   " } })).status).toBe(400);
    expect((await api("POST", path, { token, body: { content: "x".repeat(5000) } })).status).toBe(400);
    expect((await api("POST", path, { token, raw: "{bad json" })).status).toBe(400);
  });

  it("accepts attachments as multipart, serves them to members only, and a test contact's reply is sent at once", async () => {
    const { token, accountId } = await ownerWithAccount();
    const other = await ownerWithAccount();
    const [r] = await ingest([incoming(accountId, null, "t", "x", {}, { isTestContact: true })]);
    const form = new FormData();
    form.set("content", "Фото товара");
    form.append("files", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "диван.png", { type: "image/png" }));
    const res = await SELF.fetch(`${BASE}/api/accounts/${accountId}/contacts/${(r as any).contactId}/messages`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    expect(res.status).toBe(201);
    const body = (await res.json()) as any;
    const m = body.data[0];
    expect(m).toMatchObject({ messageType: "image", content: "Фото товара", fileName: "диван.png", deliveryStatus: "sent", isSent: true });
    expect(m.payloadUrl).toMatch(new RegExp(`^/api/accounts/${accountId}/media/`));
    const file = await SELF.fetch(`${BASE}${m.payloadUrl}`, { headers: { authorization: `Bearer ${token}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    // <img> tags: the same file through /api/media/ with the SPA's accessToken cookie, never a token in the URL
    const tagUrl = `${BASE}${m.payloadUrl.replace(`/api/accounts/${accountId}/media/`, `/api/media/${accountId}/`)}`;
    const viaCookie = await SELF.fetch(tagUrl, { headers: { cookie: `user=x; accessToken=${encodeURIComponent(token)}` } });
    expect(viaCookie.status).toBe(200);
    expect([...new Uint8Array(await viaCookie.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect((await SELF.fetch(`${tagUrl}?token=${token}`)).status).toBe(401);
    expect((await SELF.fetch(tagUrl, { headers: { cookie: "accessToken=forged-token" } })).status).toBe(401);
    const stranger = await SELF.fetch(`${BASE}${m.payloadUrl}`, { headers: { authorization: `Bearer ${other.token}` } });
    expect(stranger.status).toBe(404);
    const strangerCookie = await SELF.fetch(tagUrl, { headers: { cookie: `accessToken=${encodeURIComponent(other.token)}` } });
    expect(strangerCookie.status).toBe(404);
    const anon = await SELF.fetch(`${BASE}${m.payloadUrl}`);
    expect(anon.status).toBe(401);
    // another account's path cannot reach this file
    const crossPath = await SELF.fetch(`${BASE}${m.payloadUrl.replace(accountId, other.accountId)}`, { headers: { authorization: `Bearer ${other.token}` } });
    expect(crossPath.status).toBe(404);
  });
});

describe("an operator's reply shown while it is stored (#23)", () => {
  /** The message frames and take-backs of one message id, in arrival order. */
  const framesOf = (frames: { event: string; data: any }[], messageId: string) => frames.filter((f) => (f.event === "message" || f.event === "removeMessage") && f.data.messageId === messageId);
  /** A new account with one customer who wrote once: the owner's token and the customer's messages path. */
  async function customer(user: string, name?: string) {
    const owner = await ownerWithAccount();
    const { token, accountId } = owner;
    const [r] = await ingest([incoming(accountId, null, user, "Вопрос", {}, name ? { name } : {})]);
    const contactId = (r as any).contactId as string;
    return { token, accountId, userId: owner.user.id, contactId, threadId: (r as any).threadId as string, path: `/accounts/${accountId}/contacts/${contactId}/messages` };
  }

  /**
   * The env with a D1 whose next batch that writes a message commits and then throws, as when the
   * answer of a committed write is lost on its way back (the binding's "Network connection lost").
   */
  function answerLost(base: Env): Env {
    const sqlOf = new WeakMap<object, string>();
    let lost = false;
    const db = new Proxy(base.DB, {
      get(target, prop) {
        if (prop === "prepare")
          return (query: string) => {
            const stmt = target.prepare(query);
            const bind = stmt.bind.bind(stmt);
            stmt.bind = (...values: unknown[]) => {
              const bound = bind(...values);
              sqlOf.set(bound, query);
              return bound;
            };
            sqlOf.set(stmt, query);
            return stmt;
          };
        if (prop === "batch")
          return async (stmts: D1PreparedStatement[]) => {
            const out = await target.batch(stmts);
            if (!lost && stmts.some((st) => sqlOf.get(st)?.includes("INSERT INTO messages"))) {
              lost = true;
              throw new Error("D1_ERROR: Network connection lost.");
            }
            return out;
          };
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    return { ...base, DB: db };
  }

  it("a second reply to the same contact is pushed once, with the state the API then lists", async () => {
    const { token, accountId, path } = await customer("sf1");
    const { socket } = await joinedSocket(token, accountId);
    expect((await api("POST", path, { token, body: { content: "Первый ответ" } })).status).toBe(201);
    const second = await api("POST", path, { token, body: { content: "Второй ответ" } });
    expect(second.status).toBe(201);
    const id = second.body.data[0].messageId;
    await socket.waitFor((f) => f.event === "message" && f.data.messageId === id);
    await new Promise((done) => setTimeout(done, 200));
    const frames = framesOf(socket.frames, id);
    expect(frames.map((f) => f.event)).toEqual(["message"]);
    const listed = await api("GET", path, { token });
    expect(listed.body.data[0].messageId).toBe(id);
    expect(frames[0]!.data.createdAt).toBe(listed.body.data[0].createdAt);
    expect(frames[0]!.data.contact.thread.lastMessage).toBe("Второй ответ");
    expect(frames[0]!.data.contact.thread.unreadCount).toBe(0);
    expect(frames[0]!.data.contact.thread.updatedAt).toBe(second.body.contact.thread.updatedAt);
    socket.close();
  });

  it("when the customer wrote meanwhile, the reply is stored once and pushed again with the contact as committed", async () => {
    const { token, accountId, contactId, path } = await customer("sf2");
    expect((await api("POST", path, { token, body: { content: "Ответ" } })).status).toBe(201);
    // The customer writes again: the remembered contact is stale in what it shows.
    await ingest([incoming(accountId, null, "sf2", "Ещё вопрос")]);
    const { socket } = await joinedSocket(token, accountId);
    const res = await api("POST", path, { token, body: { content: "Ещё ответ" } });
    expect(res.status).toBe(201);
    const id = res.body.data[0].messageId;
    const [shown, again] = await socket.waitFor((f) => f.event === "message" && f.data.messageId === id, 2);
    expect(shown!.data.contact.updatedAt).toBeLessThan(res.body.contact.updatedAt);
    expect(again!.data.contact.updatedAt).toBe(res.body.contact.updatedAt);
    expect(again!.data.createdAt).toBe(shown!.data.createdAt);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE contact_id = ? AND content = 'Ещё ответ'").bind(contactId).first<{ n: number }>();
    expect(stored!.n).toBe(1);
    expect(framesOf(socket.frames, id).some((f) => f.event === "removeMessage")).toBe(false);
    socket.close();
  });

  it("a renamed contact or a newer thread: the reply is stored where a fresh read puts it, with the search text of the new name", async () => {
    const { token, accountId, contactId, threadId, path } = await customer("sf4", "Старое имя");
    expect((await api("POST", path, { token, body: { content: "Ответ" } })).status).toBe(201);
    await ingest([incoming(accountId, null, "sf4", "Ещё вопрос", {}, { name: "Всеволод Новиков" })]);
    const renamed = await api("POST", path, { token, body: { content: "Ответ новому имени" } });
    expect(renamed.status).toBe(201);
    const search = await api("GET", `/accounts/${accountId}/contacts/chat-contacts?q=${encodeURIComponent("всеволод")}`, { token });
    expect(search.body.data.map((c: any) => c.contactId)).toEqual([contactId]);
    expect(search.body.data[0].thread.lastMessage).toBe("Ответ новому имени");
    // A newer thread of the same contact (another conversation opened): a reply without threadId goes there.
    const newer = `thr-sf4-${Date.now()}`;
    await env.DB.prepare(
      "INSERT INTO threads (id, account_id, contact_id, channel_id, kind, external_thread_id, status, is_gpt_active, unread_count, search_text, platform, is_test, created_at, updated_at) SELECT ?, account_id, contact_id, channel_id, kind, 'other', status, is_gpt_active, 0, search_text, platform, is_test, created_at, ? FROM threads WHERE id = ?",
    )
      .bind(newer, Date.now() + 1000, threadId)
      .run();
    const { socket } = await joinedSocket(token, accountId);
    const res = await api("POST", path, { token, body: { content: "В новый диалог" } });
    expect(res.status).toBe(201);
    const id = res.body.data[0].messageId;
    const [shown, again] = await socket.waitFor((f) => f.event === "message" && f.data.messageId === id, 2);
    expect(shown!.data.threadId).toBe(threadId);
    expect(again!.data.threadId).toBe(newer);
    const stored = await env.DB.prepare("SELECT thread_id FROM messages WHERE contact_id = ? AND content = 'В новый диалог'").bind(contactId).all<{ thread_id: string }>();
    expect(stored.results.map((m) => m.thread_id)).toEqual([newer]);
    socket.close();
  });

  it("a reply D1 stored but whose answer was lost goes on as stored: answered, pushed, never taken back", async () => {
    const { token, accountId, userId, contactId } = await customer("sf5");
    const { socket } = await joinedSocket(token, accountId);
    // The first reply reads its target; the second is the remembered one, shown while it is stored.
    const ids: string[] = [];
    for (const content of ["Первый ответ", "Второй ответ"]) {
      const res = await postOperatorMessage(answerLost(env as unknown as Env), accountId, userId, contactId, { content });
      expect(res.data.map((m) => m.content)).toEqual([content]);
      ids.push(res.data[0]!.messageId);
      await socket.waitFor((f) => f.event === "message" && f.data.messageId === res.data[0]!.messageId);
    }
    await new Promise((done) => setTimeout(done, 200));
    expect(socket.frames.filter((f) => f.event === "removeMessage")).toEqual([]);
    const stored = await env.DB.prepare("SELECT id, content FROM messages WHERE contact_id = ? AND direction = 'outgoing' ORDER BY created_at, id").bind(contactId).all<{ id: string; content: string }>();
    expect(stored.results).toEqual([
      { id: ids[0], content: "Первый ответ" },
      { id: ids[1], content: "Второй ответ" },
    ]);
    const listed = await api("GET", `/accounts/${accountId}/contacts/${contactId}/messages`, { token });
    expect(listed.body.data.slice(0, 2).map((m: any) => m.content)).toEqual(["Второй ответ", "Первый ответ"]);
    socket.close();
  });

  it("a retried clientMessageId and a deleted contact take the shown message back", async () => {
    const { token, accountId, contactId, path } = await customer("sf3");
    const first = await api("POST", path, { token, body: { content: "Один раз", clientMessageId: "retry-1" } });
    const { socket } = await joinedSocket(token, accountId);
    const retried = await api("POST", path, { token, body: { content: "Один раз", clientMessageId: "retry-1" } });
    expect(retried.status).toBe(201);
    expect(retried.body.data[0].messageId).toBe(first.body.data[0].messageId);
    const [removed] = await socket.waitFor((f) => f.event === "removeMessage");
    expect(removed!.data.messageId).not.toBe(first.body.data[0].messageId);
    expect(removed!.data.contactId).toBe(contactId);
    expect(framesOf(socket.frames, removed!.data.messageId).map((f) => f.event)).toEqual(["message", "removeMessage"]);
    expect((await api("DELETE", `/accounts/${accountId}/contacts/${contactId}`, { token })).status).toBe(200);
    const gone = await api("POST", path, { token, body: { content: "Кому?" } });
    expect(gone.status).toBe(404);
    const [, taken] = await socket.waitFor((f) => f.event === "removeMessage", 2);
    expect(framesOf(socket.frames, taken!.data.messageId).map((f) => f.event)).toEqual(["message", "removeMessage"]);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE content = 'Кому?'").first<{ n: number }>();
    expect(left!.n).toBe(0);
    socket.close();
  });
});

describe("clearing a chat", () => {
  it("empties the messages, blanks the last message and pushes updateContact", async () => {
    const { token, accountId } = await ownerWithAccount();
    const [r] = await ingest([incoming(accountId, null, "z", "раз"), incoming(accountId, null, "z", "два")]);
    const operator = await addMember(token, accountId, "operator");
    const { socket } = await joinedSocket(token, accountId);
    const res = await api("DELETE", `/accounts/${accountId}/contacts/${(r as any).contactId}/messages`, { token: operator.token });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(2);
    const [upd] = await socket.waitFor((f) => f.event === "updateContact" && f.data.thread.lastMessage === null);
    expect(upd.data.thread.lastMessageType).toBeNull();
    const list = await api("GET", `/accounts/${accountId}/contacts/${(r as any).contactId}/messages`, { token });
    expect(list.body.data).toEqual([]);
    const chat = await api("GET", `/accounts/${accountId}/contacts/chat-contacts`, { token });
    expect(chat.body.data[0].thread.lastMessage).toBeNull();
    socket.close();
  });
});

describe("test bot (§7.4)", () => {
  it("POST writes as the member's test contact, GET lists that thread; other members have their own", async () => {
    const { token, accountId } = await ownerWithAccount();
    const empty = await api("GET", `/accounts/${accountId}/contacts/test-bot/messages`, { token });
    expect(empty.body).toMatchObject({ data: [], contact: null });
    const sent = await api("POST", `/accounts/${accountId}/contacts/test-bot/messages`, { token, body: { content: "Проверка бота" } });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ content: "Проверка бота", contact: { isTestContact: true, platform: "WEBCHAT" } });
    const list = await api("GET", `/accounts/${accountId}/contacts/test-bot/messages`, { token });
    expect(list.body.data.map((m: any) => m.messageId)).toEqual([sent.body.messageId]);
    const operator = await addMember(token, accountId, "operator");
    const theirs = await api("GET", `/accounts/${accountId}/contacts/test-bot/messages`, { token: operator.token });
    expect(theirs.body.data).toEqual([]);
    const chat = await api("GET", `/accounts/${accountId}/contacts/chat-contacts?isTestContact=true`, { token });
    expect(chat.body.data).toHaveLength(1);
    expect((await api("POST", `/accounts/${accountId}/contacts/test-bot/messages`, { token, body: { content: "" } })).status).toBe(400);
    expect((await api("POST", `/accounts/${accountId}/contacts/test-bot/messages`, { token, body: { content: "x", assistantId: "missing" } })).status).toBe(404);
  });
});
