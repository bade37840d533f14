import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../worker/db/client";
import { setIngestJsonEachForTests } from "../../worker/features/inbox/ingest";
import { api } from "./helpers";
import { createChannel, incoming, ingest, joinedSocket, ownerWithAccount } from "./inbox-helpers";

const db = () => getDb(env.DB);

describe("ingestIncoming", () => {
  it("creates the contact, the thread and the message, and updates the thread's last message and unread count", async () => {
    const { accountId } = await ownerWithAccount();
    const channelId = await createChannel(accountId);
    const [r1, r2] = await ingest([
      incoming(accountId, channelId, "100", "Здравствуйте!", {}, { name: "Иван Петров", platformUsername: "ivan_p" }),
      // no name in the second update: the known name stays
      incoming(accountId, channelId, "100", "Есть вопрос", {}, { name: "" }),
    ]);
    expect(r1.duplicate).toBe(false);
    const a = r1 as any, b = r2 as any;
    expect(a.newContact).toBe(true);
    expect(a.newThread).toBe(true);
    expect(b.contactId).toBe(a.contactId);
    expect(b.threadId).toBe(a.threadId);
    const thread = await db().select().from(schema.threads).where(eq(schema.threads.id, a.threadId)).get();
    expect(thread).toMatchObject({ lastMessage: "Есть вопрос", lastMessageType: "text", unreadCount: 2, platform: "TELEGRAM", isTest: false, channelId });
    expect(thread!.searchText).toContain("иван петров");
    expect(thread!.searchText).toContain("есть вопрос");
    const contact = await db().select().from(schema.contacts).where(eq(schema.contacts.id, a.contactId)).get();
    expect(contact).toMatchObject({ name: "Иван Петров", platformUsername: "ivan_p", platformUserId: "100" });
    expect(a.message).toMatchObject({ messageType: "text", messageDirection: "incoming", content: "Здравствуйте!", isSystem: false, contact: { contactId: a.contactId } });
  });

  it("is idempotent on dedupeKey: a repeat returns duplicate and changes nothing", async () => {
    const { accountId } = await ownerWithAccount();
    const item = incoming(accountId, null, "7", "один раз");
    const [first] = await ingest([item]);
    const before = await db().select().from(schema.threads).where(eq(schema.threads.id, (first as any).threadId)).get();
    const [again, inBatchA, inBatchB] = await ingest([item, incoming(accountId, null, "7", "x", { dedupeKey: "same" }), incoming(accountId, null, "7", "y", { dedupeKey: "same" })]);
    expect(again).toEqual({ dedupeKey: item.message.dedupeKey, duplicate: true });
    expect(inBatchA.duplicate).toBe(false);
    expect(inBatchB.duplicate).toBe(true);
    const rows = await db().select().from(schema.messages).where(eq(schema.messages.accountId, accountId)).all();
    expect(rows.map((m) => m.content).sort()).toEqual(["x", "один раз"]);
    const after = await db().select().from(schema.threads).where(eq(schema.threads.id, before!.id)).get();
    expect(after!.unreadCount).toBe(2);
  });

  it("starts a new thread with AI on only on a channel with an assistant, per the account setting", async () => {
    const { token, accountId } = await ownerWithAccount();
    const withAssistant = await createChannel(accountId, { assistantId: "asst-1" });
    const without = await createChannel(accountId);
    const [a, b] = await ingest([incoming(accountId, withAssistant, "1", "a"), incoming(accountId, without, "2", "b")]);
    const ta = await db().select().from(schema.threads).where(eq(schema.threads.id, (a as any).threadId)).get();
    const tb = await db().select().from(schema.threads).where(eq(schema.threads.id, (b as any).threadId)).get();
    expect(ta).toMatchObject({ isGptActive: true, assistantId: "asst-1" });
    expect(tb).toMatchObject({ isGptActive: false, assistantId: null });
    const put = await api("PUT", `/accounts/${accountId}/settings`, { token, body: { inbox: { aiOnForNewThreads: false, soundOnNewMessage: true } } });
    expect(put.status).toBe(200);
    const [c] = await ingest([incoming(accountId, withAssistant, "3", "c")]);
    const tc = await db().select().from(schema.threads).where(eq(schema.threads.id, (c as any).threadId)).get();
    expect(tc!.isGptActive).toBe(false);
  });

  it("keeps one thread per contact and channel; a second channel is a second thread", async () => {
    const { accountId } = await ownerWithAccount();
    const ch1 = await createChannel(accountId);
    const ch2 = await createChannel(accountId);
    const [a, b, c] = await ingest([incoming(accountId, ch1, "9", "1"), incoming(accountId, ch2, "9", "2"), incoming(accountId, null, "9", "3")]);
    const [d] = await ingest([incoming(accountId, null, "9", "4")]);
    expect((a as any).contactId).toBe((b as any).contactId);
    expect(new Set([(a as any).threadId, (b as any).threadId, (c as any).threadId]).size).toBe(3);
    expect((d as any).threadId).toBe((c as any).threadId);
  });

  it("stores phone-typed outgoing messages as sent without counting them unread; rejects a foreign channel", async () => {
    const { accountId } = await ownerWithAccount();
    const other = await ownerWithAccount();
    const foreignChannel = await createChannel(other.accountId);
    const [out, rejected] = await ingest([incoming(accountId, null, "5", "с телефона", { direction: "outgoing" }), incoming(accountId, foreignChannel, "5", "x")]);
    expect((out as any).message).toMatchObject({ messageDirection: "outgoing", isSent: true, deliveryStatus: "sent", senderType: "operator" });
    const t = await db().select().from(schema.threads).where(eq(schema.threads.id, (out as any).threadId)).get();
    expect(t!.unreadCount).toBe(0);
    expect(rejected).toMatchObject({ duplicate: false, rejected: "CHANNEL_NOT_FOUND" });
    const foreign = await db().select().from(schema.messages).where(and(eq(schema.messages.accountId, other.accountId))).all();
    expect(foreign).toHaveLength(0);
  });

  it("pushes one message frame per message, in commit order, carrying its contact and thread as committed", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { socket } = await joinedSocket(token, accountId);
    await ingest([incoming(accountId, null, "p", "первое"), incoming(accountId, null, "q", "второе")]);
    await socket.waitFor((f) => f.event === "message", 2);
    await new Promise((r) => setTimeout(r, 200));
    const pushed = socket.frames.filter((f) => f.seq);
    expect(pushed.map((f) => [f.event, f.data.content])).toEqual([
      ["message", "первое"],
      ["message", "второе"],
    ]);
    // The frame is enough for the lists: the contact with its thread's new last message and unread count.
    for (const f of pushed) {
      expect(f.data.contact.thread).toMatchObject({ threadId: f.data.threadId, lastMessage: f.data.content, unreadCount: 1 });
      expect(f.data.thread).toBeUndefined(); // the thread comes once, inside the contact
    }
    expect(pushed[1]!.seq! - pushed[0]!.seq!).toBe(1);
    socket.close();
  });

  it("a customer's message reopens a closed or archived conversation; a pending one and a phone-typed reply leave the status alone", async () => {
    const { token, accountId } = await ownerWithAccount();
    const channelId = await createChannel(accountId);
    const first = await ingest([
      incoming(accountId, channelId, "c1", "Вопрос"),
      incoming(accountId, channelId, "c2", "Вопрос"),
      incoming(accountId, channelId, "c3", "Вопрос"),
      incoming(accountId, channelId, "c4", "Вопрос"),
    ]);
    const [closed, archived, pending, phone] = first.map((r) => (r as any).threadId as string);
    const setStatus = (id: string, status: string) => env.DB.prepare("UPDATE threads SET status = ? WHERE id = ?").bind(status, id).run();
    await setStatus(closed!, "closed");
    await setStatus(archived!, "archived");
    await setStatus(pending!, "pending");
    await setStatus(phone!, "closed");
    const count = async (status: string) =>
      Number((await env.DB.prepare("SELECT coalesce(sum(n), 0) AS n FROM thread_counts WHERE account_id = ? AND status = ?").bind(accountId, status).first<{ n: number }>())!.n);
    expect([await count("active"), await count("closed")]).toEqual([0, 2]);

    const { socket } = await joinedSocket(token, accountId);
    await ingest([
      incoming(accountId, channelId, "c1", "Я снова здесь"),
      incoming(accountId, channelId, "c2", "И я"),
      incoming(accountId, channelId, "c3", "Жду ответа"),
      incoming(accountId, channelId, "c4", "Ответ с телефона", { direction: "outgoing" }),
    ]);
    const status = async (id: string) => (await db().select({ s: schema.threads.status }).from(schema.threads).where(eq(schema.threads.id, id)).get())!.s;
    expect([await status(closed!), await status(archived!), await status(pending!), await status(phone!)]).toEqual(["active", "active", "pending", "closed"]);
    expect([await count("active"), await count("closed"), await count("archived"), await count("pending")]).toEqual([2, 1, 0, 1]);
    // The frames carry the reopened conversation: the operators' lists move it back under «Активные».
    await socket.waitFor((f) => f.event === "message", 4);
    const byThread = new Map(socket.frames.filter((f) => f.event === "message").map((f) => [f.data.threadId, f.data.contact.thread.status]));
    expect([byThread.get(closed), byThread.get(archived), byThread.get(pending), byThread.get(phone)]).toEqual(["active", "active", "pending", "closed"]);
    socket.close();
  });

  it("a burst in one thread: each frame shows the thread as it was right after its own message", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { socket } = await joinedSocket(token, accountId);
    const channelId = await createChannel(accountId);
    await ingest([
      incoming(accountId, channelId, "b", "раз", { createdAt: 1_000 }),
      incoming(accountId, channelId, "b", "ответ с телефона", { direction: "outgoing", createdAt: 2_000 }),
      incoming(accountId, channelId, "b", "два", { createdAt: 3_000 }),
      incoming(accountId, channelId, "b", "три", { createdAt: 4_000 }),
    ]);
    const frames = await socket.waitFor((f) => f.event === "message", 4);
    expect(frames.map((f) => [f.data.content, f.data.contact.thread.lastMessage, f.data.contact.thread.unreadCount, f.data.contact.thread.lastIncomingAt])).toEqual([
      ["раз", "раз", 1, 1_000],
      ["ответ с телефона", "ответ с телефона", 1, 1_000],
      ["два", "два", 2, 3_000],
      ["три", "три", 3, 4_000],
    ]);
    const thread = await db().select().from(schema.threads).where(eq(schema.threads.accountId, accountId)).get();
    expect(thread).toMatchObject({ lastMessage: "три", unreadCount: 3, lastIncomingAt: 4_000, lastMessageAt: 4_000 });
    socket.close();
  });

  it("a batch larger than one JSON parameter (long messages) is written in parts, all in one commit", async () => {
    const { accountId } = await ownerWithAccount();
    const channelId = await createChannel(accountId);
    // 14 messages of 90 000 characters: about 1.3 M characters of message rows, three parts of ≤ 600 000.
    const items = Array.from({ length: 14 }, (_, i) => incoming(accountId, channelId, `long-${i % 3}`, `${i}:${"ж".repeat(90_000)}`, { createdAt: 10_000 + i }));
    const results = await ingest(items);
    expect(results.every((r) => r.duplicate === false && !r.rejected)).toBe(true);
    const rows = await env.DB.prepare("SELECT count(*) AS n, sum(length(content)) AS chars FROM messages WHERE account_id = ?").bind(accountId).first<{ n: number; chars: number }>();
    expect(rows!.n).toBe(14);
    expect(rows!.chars).toBe(items.reduce((s, it) => s + it.message.content!.length, 0));
    const threads = await env.DB.prepare("SELECT unread_count, substr(last_message, 1, 3) AS head FROM threads WHERE account_id = ? ORDER BY unread_count DESC, head").bind(accountId).all<{ unread_count: number; head: string }>();
    // Users long-0 (messages 0, 3, 6, 9, 12), long-1 (1, 4, 7, 10, 13), long-2 (2, 5, 8, 11): the last message of each wins.
    expect(threads.results).toEqual([
      { unread_count: 5, head: "12:" },
      { unread_count: 5, head: "13:" },
      { unread_count: 4, head: "11:" },
    ]);
  });

  it("the json_each fallback (a D1 without JSONB) writes the same rows", async () => {
    const { accountId } = await ownerWithAccount();
    const channelId = await createChannel(accountId);
    setIngestJsonEachForTests("json_each");
    try {
      const [a, , c] = await ingest([
        incoming(accountId, channelId, "fb", "первое", { createdAt: 1_000 }, { name: "Фолбэк" }),
        incoming(accountId, channelId, "fb", "второе", { createdAt: 2_000 }),
        incoming(accountId, channelId, "fb2", "другое", { createdAt: 3_000 }),
      ]);
      expect(a).toMatchObject({ duplicate: false, newContact: true, newThread: true });
      expect(c).toMatchObject({ duplicate: false, newContact: true });
      const threads = await env.DB.prepare("SELECT last_message, unread_count, search_text FROM threads WHERE account_id = ? ORDER BY last_message").bind(accountId).all();
      expect(threads.results).toEqual([
        { last_message: "второе", unread_count: 2, search_text: "клиент fb\n\nвторое" },
        { last_message: "другое", unread_count: 1, search_text: "клиент fb2\n\nдругое" },
      ]);
      const [again] = await ingest([{ ...incoming(accountId, channelId, "fb", "x"), message: { ...incoming(accountId, channelId, "fb", "x").message, dedupeKey: (a as any).dedupeKey } }]);
      expect(again).toEqual({ dedupeKey: (a as any).dedupeKey, duplicate: true });
    } finally {
      setIngestJsonEachForTests("jsonb_each");
    }
  });

  it("ingests 300 messages over 60 contacts in batches of 100 with exact counts", async () => {
    const { accountId } = await ownerWithAccount();
    const channelId = await createChannel(accountId);
    const items = Array.from({ length: 300 }, (_, i) => incoming(accountId, channelId, `bulk-${i % 60}`, `сообщение ${i}`));
    const started = Date.now();
    for (let i = 0; i < items.length; i += 100) await ingest(items.slice(i, i + 100));
    const ms = Date.now() - started;
    const count = await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE account_id = ?").bind(accountId).first<{ n: number }>();
    expect(count!.n).toBe(300);
    const threads = await env.DB.prepare("SELECT sum(unread_count) AS u, count(*) AS n FROM threads WHERE account_id = ?").bind(accountId).first<{ u: number; n: number }>();
    expect(threads).toEqual({ u: 300, n: 60 });
    console.log(`ingest: 300 messages in ${ms} ms`);
  });

  it("a burst in one thread: the search follows its last message (the thread's search text is written once, after it)", async () => {
    const { accountId, token } = await ownerWithAccount();
    const channelId = await createChannel(accountId);
    const search = async (q: string) =>
      ((await api("GET", `/accounts/${accountId}/contacts/chat-contacts?q=${encodeURIComponent(q)}`, { token })).body as any).data.map((c: any) => c.thread.lastMessage);
    await ingest([
      incoming(accountId, channelId, "burst", "Первое: доставкавмурманск", {}, { name: "Ольга" }),
      incoming(accountId, channelId, "burst", "Второе", {}, { name: "Ольга" }),
      incoming(accountId, channelId, "burst", "Третье: самовывозсклада", {}, { name: "Ольга" }),
    ]);
    const thread = await db().select().from(schema.threads).where(eq(schema.threads.accountId, accountId)).get();
    expect(thread!.searchText).toBe("ольга\n\nтретье: самовывозсклада");
    expect(await search("самовывозсклада")).toEqual(["Третье: самовывозсклада"]);
    expect(await search("доставкавмурманск")).toEqual([]);
    // the next batch moves it on; the contact's name stays searchable
    await ingest([incoming(accountId, channelId, "burst", "Четвёртое: оплатакартой", {}, { name: "Ольга" })]);
    expect(await search("оплатакартой")).toEqual(["Четвёртое: оплатакартой"]);
    expect(await search("самовывозсклада")).toEqual([]);
    expect(await search("ольга")).toEqual(["Четвёртое: оплатакартой"]);
  });

  it("rejects an invalid item with a 400 AppError", async () => {
    const { accountId } = await ownerWithAccount();
    await expect(ingest([{ ...incoming(accountId, null, "z", "x"), platform: "ICQ" as any }])).rejects.toMatchObject({ status: 400 });
  });
});
