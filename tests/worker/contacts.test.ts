import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../worker/db/client";
import { readTable } from "../../worker/features/contact-import/import-format";
import { addMember, api, BASE, registerUser } from "./helpers";
import { createChannel, incoming, ingest, joinedSocket, ownerWithAccount } from "./inbox-helpers";
import { SELF } from "cloudflare:test";

async function seedInbox(accountId: string) {
  const tg = await createChannel(accountId, { platform: "TELEGRAM", assistantId: "a1" });
  const wa = await createChannel(accountId, { platform: "WHATSAPP" });
  const out = [];
  out.push(...(await ingest([incoming(accountId, tg, "1", "Хочу купить диван", {}, { name: "Мария Иванова", platformUsername: "masha" })])));
  out.push(...(await ingest([{ ...incoming(accountId, wa, "2", "Когда доставка?", {}, { name: "Олег", phone: "+79990001122" }), platform: "WHATSAPP" }])));
  out.push(...(await ingest([incoming(accountId, tg, "3", "ПРИВЕТ, ДИВАН есть?", {}, { name: "Anna" })])));
  out.push(...(await ingest([incoming(accountId, null, "test-1", "тест", {}, { name: "Тестовый", isTestContact: true })])));
  return out as any[];
}

describe("GET /accounts/:id/contacts/chat-contacts", () => {
  it("lists contacts with their thread, newest first, 30 a page, in the paged shape", async () => {
    const { token, accountId } = await ownerWithAccount();
    const seeded = await seedInbox(accountId);
    const res = await api("GET", `/accounts/${accountId}/contacts/chat-contacts`, { token });
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 3, limit: 30, page: 1, lastPage: 1 });
    expect(res.body.data.map((c: any) => c.name)).toEqual(["Anna", "Олег", "Мария Иванова"]);
    const anna = res.body.data[0];
    expect(Object.keys(anna)).toEqual(expect.arrayContaining(["contactId", "name", "platformUsername", "platform", "avatar", "status", "about", "isTestContact", "thread"]));
    expect(anna.thread).toMatchObject({ threadId: seeded[2].threadId, status: "active", gptStatus: "COMPLETED", isGptActive: true, lastMessage: "ПРИВЕТ, ДИВАН есть?", lastMessageType: "text", unreadCount: 1 });
    const tests = await api("GET", `/accounts/${accountId}/contacts/chat-contacts?isTestContact=true`, { token });
    expect(tests.body.data.map((c: any) => c.name)).toEqual(["Тестовый"]);
  });

  it("searches name, username and last message case-insensitively, Cyrillic included; filters status, platform, AI", async () => {
    const { token, accountId } = await ownerWithAccount();
    const seeded = await seedInbox(accountId);
    const q = async (qs: string) => (await api("GET", `/accounts/${accountId}/contacts/chat-contacts?${qs}`, { token })).body.data.map((c: any) => c.name).sort();
    expect(await q(`q=${encodeURIComponent("ДиВаН")}`)).toEqual(["Anna", "Мария Иванова"]);
    expect(await q(`q=${encodeURIComponent("МАША")}`)).toEqual([]);
    expect(await q("q=MASHA")).toEqual(["Мария Иванова"]);
    expect(await q(`q=${encodeURIComponent("олег")}`)).toEqual(["Олег"]);
    expect(await q("platform=WHATSAPP")).toEqual(["Олег"]);
    expect(await q("isGptActive=false")).toEqual(["Олег"]);
    await api("PUT", `/accounts/${accountId}/contacts/threads/${seeded[0].threadId}/set-status`, { token, body: { status: "closed" } });
    expect(await q("status=closed")).toEqual(["Мария Иванова"]);
    // the index follows the last message: the new text is found, the replaced one no longer is
    await ingest([{ ...incoming(accountId, seeded[1].message.contact.thread.channelId, "2", "Можно самовывоз?", {}, { name: "" }), platform: "WHATSAPP" }]);
    expect(await q(`q=${encodeURIComponent("САМОВЫВОЗ")}`)).toEqual(["Олег"]);
    expect(await q(`q=${encodeURIComponent("доставка")}`)).toEqual([]);
    expect(await q(`q=${encodeURIComponent("ол")}`)).toEqual(["Олег"]);
    const paging = await api("GET", `/accounts/${accountId}/contacts/chat-contacts?limit=2&page=2`, { token });
    expect(paging.body.meta).toEqual({ total: 3, limit: 2, page: 2, lastPage: 2 });
    expect(paging.body.data).toHaveLength(1);
  });

  it("search within the account's own rowid range: another account's and test threads stay out; many matches page like few", async () => {
    const a = await ownerWithAccount();
    const b = await ownerWithAccount();
    const chA = await createChannel(a.accountId);
    const chB = await createChannel(b.accountId);
    // 230 matching threads in A (the index walk), 3 in B (row reads), one test chat of A
    const many = Array.from({ length: 240 }, (_, i) => incoming(a.accountId, chA, `m${i}`, i < 230 ? `Нужен самовывоз №${i}` : `Просто вопрос ${i}`, {}, { name: `Клиент ${i}` }));
    for (let i = 0; i < many.length; i += 80) await ingest(many.slice(i, i + 80));
    await ingest([0, 1, 2].map((i) => incoming(b.accountId, chB, `b${i}`, `Самовывоз в субботу ${i}`, {}, { name: `Покупатель ${i}` })));
    await ingest([incoming(a.accountId, null, "t1", "тестовый самовывоз", {}, { name: "Тест", isTestContact: true })]);
    // every thread's rowid lies in its account's range, test threads in the upper half
    const ranges = await env.DB.prepare(
      `SELECT a.id AS account, t.is_test AS test, min(t.rowid) >= a.search_slot * 4294967296 + t.is_test * 2147483648 AND max(t.rowid) < a.search_slot * 4294967296 + t.is_test * 2147483648 + 2147483648 AS inside
       FROM threads t JOIN accounts a ON a.id = t.account_id WHERE a.id IN (?, ?) GROUP BY a.id, t.is_test`,
    )
      .bind(a.accountId, b.accountId)
      .all<{ inside: number }>();
    expect(ranges.results).toHaveLength(3);
    expect(ranges.results.every((r) => r.inside === 1)).toBe(true);
    const search = async (who: typeof a, qs: string) => (await api("GET", `/accounts/${who.accountId}/contacts/chat-contacts?${qs}`, { token: who.token })).body;
    const pageA = await search(a, `q=${encodeURIComponent("САМОВЫВОЗ")}&limit=30&page=2`);
    expect(pageA.meta).toEqual({ total: 230, limit: 30, page: 2, lastPage: 8 });
    // newest first: page 2 holds matches 199…170 (each batch commits after the one before)
    expect(pageA.data.map((c: any) => c.thread.lastMessage)).toEqual(Array.from({ length: 30 }, (_, k) => `Нужен самовывоз №${199 - k}`));
    const pageB = await search(b, `q=${encodeURIComponent("самовывоз")}`);
    expect(pageB.meta.total).toBe(3);
    expect(pageB.data.map((c: any) => c.name)).toEqual(["Покупатель 2", "Покупатель 1", "Покупатель 0"]);
    const tests = await search(a, `q=${encodeURIComponent("самовывоз")}&isTestContact=true`);
    expect(tests.data.map((c: any) => c.name)).toEqual(["Тест"]);
    expect(tests.meta.total).toBe(1);
    // past the last page: no rows, the total still right
    const past = await search(a, `q=${encodeURIComponent("самовывоз")}&page=9`);
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(230);
    // a thread created after the migration lands in its range and is found at once
    await ingest([incoming(b.accountId, chB, "b-new", "И ещё самовывоз", {}, { name: "Новый" })]);
    expect((await search(b, `q=${encodeURIComponent("самовывоз")}`)).data[0].name).toBe("Новый");
  });

  it("totals follow every filter through status changes, AI switches and deletions (trigger-kept counts)", async () => {
    const { token, accountId } = await ownerWithAccount();
    const seeded = await seedInbox(accountId);
    const total = async (qs: string) => {
      const res = await api("GET", `/accounts/${accountId}/contacts/chat-contacts?limit=1&${qs}`, { token });
      expect(res.status, qs).toBe(200);
      // the total must agree with what the full listing returns for the same filters
      const all = await api("GET", `/accounts/${accountId}/contacts/chat-contacts?limit=100&${qs}`, { token });
      expect(res.body.meta.total, qs).toBe(all.body.data.length);
      return res.body.meta.total as number;
    };
    expect(await total(""), "all").toBe(3);
    expect(await total("isTestContact=true"), "isTestContact=true").toBe(1);
    expect(await total("platform=TELEGRAM"), "platform=TELEGRAM").toBe(2);
    expect(await total("status=active&platform=TELEGRAM&isGptActive=true"), "status=active&platform=TELEGRAM&isGptActive=true").toBe(2);
    await api("PUT", `/accounts/${accountId}/contacts/threads/${seeded[0].threadId}/set-status`, { token, body: { status: "closed" } });
    await api("PATCH", `/accounts/${accountId}/contacts/threads/${seeded[2].threadId}`, { token, body: { isGptActive: false } });
    expect(await total("status=closed"), "status=closed").toBe(1);
    expect(await total("status=active"), "status=active").toBe(2);
    expect(await total("isGptActive=false"), "isGptActive=false").toBe(2);
    expect(await total("platform=TELEGRAM&isGptActive=true"), "platform=TELEGRAM&isGptActive=true").toBe(1);
    expect(await total("status=active&platform=TELEGRAM&isGptActive=true"), "active TELEGRAM AI").toBe(0);
    // the same status again changes nothing
    await api("PUT", `/accounts/${accountId}/contacts/threads/${seeded[0].threadId}/set-status`, { token, body: { status: "closed" } });
    expect(await total("status=closed"), "status=closed").toBe(1);
    expect((await api("DELETE", `/accounts/${accountId}/contacts/${seeded[0].message.contact.contactId}`, { token })).status).toBe(200);
    expect(await total(""), "all").toBe(2);
    expect(await total("status=closed"), "status=closed").toBe(0);
    // another account's threads never count here
    const other = await ownerWithAccount();
    await seedInbox(other.accountId);
    expect(await total(""), "all").toBe(2);
  });

  it("rejects bad query values with 400 and field errors", async () => {
    const { token, accountId } = await ownerWithAccount();
    for (const qs of ["status=deleted", "platform=ICQ", "page=0", "limit=500", "isGptActive=yes"]) {
      const res = await api("GET", `/accounts/${accountId}/contacts/chat-contacts?${qs}`, { token });
      expect(res.status, qs).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(Object.keys(res.body.details.fields)).toHaveLength(1);
    }
  });
});

describe("contacts table, count, profile, delete", () => {
  it("lists with search, filters and sorting; counts active contacts; shows a profile with threads", async () => {
    const { token, accountId } = await ownerWithAccount();
    const seeded = await seedInbox(accountId);
    const list = await api("GET", `/accounts/${accountId}/contacts?sortBy=name&sortDir=asc`, { token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: any) => c.name)).toEqual(["Anna", "Мария Иванова", "Олег"]);
    expect(list.body.meta.total).toBe(3);
    const byPhone = await api("GET", `/accounts/${accountId}/contacts?q=79990001122`, { token });
    expect(byPhone.body.data.map((c: any) => c.name)).toEqual(["Олег"]);
    const bad = await api("GET", `/accounts/${accountId}/contacts?sortBy=password`, { token });
    expect(bad.status).toBe(400);
    await api("PUT", `/accounts/${accountId}/contacts/threads/${seeded[1].threadId}/set-status`, { token, body: { status: "archived" } });
    const count = await api("GET", `/accounts/${accountId}/contacts/count/active`, { token });
    expect(count.body).toEqual({ count: 2, total: 3 });
    const profile = await api("GET", `/accounts/${accountId}/contacts/${seeded[0].contactId}`, { token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ contactId: seeded[0].contactId, name: "Мария Иванова", customFields: {} });
    expect(profile.body.threads).toHaveLength(1);
    expect(profile.body.threads[0].channel).toMatchObject({ platform: "TELEGRAM" });
  });

  it("deletes a contact with its messages and media, pushes deleteContact; operators may not delete", async () => {
    const { token, accountId } = await ownerWithAccount();
    const [r] = await seedInbox(accountId);
    const operator = await addMember(token, accountId, "operator");
    const form = new FormData();
    form.set("content", "файл");
    form.append("files", new File([new Uint8Array([1, 2, 3])], "счёт.pdf", { type: "application/pdf" }));
    const post = await SELF.fetch(`${BASE}/api/accounts/${accountId}/contacts/${r.contactId}/messages`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    expect(post.status).toBe(201);
    const key = (await getDb(env.DB).select().from(schema.messages).where(eq(schema.messages.contactId, r.contactId)).all()).find((m) => m.payloadUrl)!.payloadUrl!;
    expect(await env.MEDIA.head(key)).not.toBeNull();
    const denied = await api("DELETE", `/accounts/${accountId}/contacts/${r.contactId}`, { token: operator.token });
    expect(denied.status).toBe(403);
    const { socket } = await joinedSocket(operator.token, accountId);
    const del = await api("DELETE", `/accounts/${accountId}/contacts/${r.contactId}`, { token });
    expect(del.status).toBe(200);
    expect(del.body.deletedFiles).toBe(1);
    const [pushed] = await socket.waitFor((f) => f.event === "deleteContact");
    expect(pushed.data).toEqual({ contactId: r.contactId });
    expect(await getDb(env.DB).select().from(schema.messages).where(eq(schema.messages.contactId, r.contactId)).all()).toHaveLength(0);
    expect(await getDb(env.DB).select().from(schema.threads).where(eq(schema.threads.contactId, r.contactId)).all()).toHaveLength(0);
    expect(await env.MEDIA.head(key)).toBeNull();
    const again = await api("DELETE", `/accounts/${accountId}/contacts/${r.contactId}`, { token });
    expect(again.status).toBe(404);
    socket.close();
  });
});

describe("thread status and AI switch", () => {
  it("changes status and isGptActive, pushes updateContact, validates input", async () => {
    const { token, accountId } = await ownerWithAccount();
    const [r] = await seedInbox(accountId);
    const operator = await addMember(token, accountId, "operator");
    const { socket } = await joinedSocket(token, accountId);
    const st = await api("PUT", `/accounts/${accountId}/contacts/threads/${r.threadId}/set-status`, { token: operator.token, body: { status: "pending" } });
    expect(st.status).toBe(200);
    expect(st.body.thread.status).toBe("pending");
    await socket.waitFor((f) => f.event === "updateContact" && f.data.thread.status === "pending");
    const ai = await api("PATCH", `/accounts/${accountId}/contacts/threads/${r.threadId}`, { token: operator.token, body: { isGptActive: false } });
    expect(ai.status).toBe(200);
    expect(ai.body.thread.isGptActive).toBe(false);
    await socket.waitFor((f) => f.event === "updateContact" && f.data.thread.isGptActive === false);
    const row = await getDb(env.DB).select().from(schema.threads).where(eq(schema.threads.id, r.threadId)).get();
    expect(row).toMatchObject({ status: "pending", isGptActive: false });
    expect((await api("PUT", `/accounts/${accountId}/contacts/threads/${r.threadId}/set-status`, { token, body: { status: "deleted" } })).status).toBe(400);
    expect((await api("PATCH", `/accounts/${accountId}/contacts/threads/${r.threadId}`, { token, body: { isGptActive: "yes" } })).status).toBe(400);
    expect((await api("PATCH", `/accounts/${accountId}/contacts/threads/${r.threadId}`, { token, raw: "{oops" })).status).toBe(400);
    expect((await api("PATCH", `/accounts/${accountId}/contacts/threads/nope`, { token, body: { isGptActive: true } })).status).toBe(404);
    socket.close();
  });
});

describe("export", () => {
  it("exports CSV with custom field columns and XLSX that opens as a zip workbook", async () => {
    const { token, accountId } = await ownerWithAccount();
    const [r] = await seedInbox(accountId);
    // Custom field columns come from the account's field definitions (headed by label), values from contact_field_values.
    for (const body of [{ key: "city", label: "Город", type: "text" }, { key: "orders", label: "Заказов", type: "number" }]) {
      expect((await api("POST", `/accounts/${accountId}/custom-fields`, { token, body })).status).toBe(201);
    }
    expect((await api("PUT", `/accounts/${accountId}/contacts/${r.contactId}/fields`, { token, body: { values: { city: "Казань", orders: 3 } } })).status).toBe(200);
    const csv = await SELF.fetch(`${BASE}/api/accounts/${accountId}/contacts/export?format=csv`, { headers: { authorization: `Bearer ${token}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toMatch(/attachment; filename="contacts-.*\.csv"/);
    const text = await csv.text();
    const lines = text.replace(/^\ufeff/, "").trim().split("\r\n");
    expect(lines[0]).toBe("ID;Имя;Платформа;Имя пользователя;ID на платформе;Телефон;Статус;О контакте;Первое обращение;Последняя активность;Создан;Город;Заказов;Теги");
    expect(lines).toHaveLength(4);
    const maria = lines.find((l) => l.includes("Мария Иванова"))!;
    expect(maria.endsWith(";Казань;3;")).toBe(true);
    const xlsx = await SELF.fetch(`${BASE}/api/accounts/${accountId}/contacts/export?format=xlsx`, { headers: { authorization: `Bearer ${token}` } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const bytes = new Uint8Array(await xlsx.arrayBuffer());
    expect([...bytes.slice(0, 2)]).toEqual([0x50, 0x4b]); // "PK": a zip container
    const asText = new TextDecoder("latin1").decode(bytes);
    expect(asText).toContain("xl/worksheets/sheet1.xml");
    expect((await api("GET", `/accounts/${accountId}/contacts/export?format=pdf`, { token })).status).toBe(400);
  });
});

describe("large export", () => {
  it("an XLSX of 3 000 contacts (a sheet far over fflate's 160 kB in-thread limit) is built in the Worker and reads back whole", async () => {
    const { token, accountId } = await ownerWithAccount();
    const now = Date.now();
    const stmts = Array.from({ length: 3000 }, (_, i) =>
      env.DB.prepare("INSERT INTO contacts (id, account_id, platform, platform_user_id, name, first_seen_at, last_seen_at, created_at, updated_at) VALUES (?, ?, 'TELEGRAM', ?, ?, ?, ?, ?, ?)").bind(
        `bigexp${String(i).padStart(6, "0")}${accountId.slice(0, 6)}`, accountId, `tg-big-${i}`, `Клиент номер ${i} с довольно длинным именем`, now, now, now + i, now,
      ),
    );
    for (let i = 0; i < stmts.length; i += 500) await env.DB.batch(stmts.slice(i, i + 500));
    const xlsx = await SELF.fetch(`${BASE}/api/accounts/${accountId}/contacts/export?format=xlsx`, { headers: { authorization: `Bearer ${token}` } });
    expect(xlsx.status).toBe(200);
    const table = await readTable(await xlsx.arrayBuffer(), "xlsx");
    expect(table.rows).toHaveLength(3000);
    expect(table.header.slice(0, 2)).toEqual(["ID", "Имя"]);
    expect(table.rows.map((r) => r.cells[1])).toContain("Клиент номер 2999 с довольно длинным именем");
  });
});

describe("tenancy", () => {
  it("another account's member gets 404 on every contacts route; anonymous gets 401", async () => {
    const { token, accountId } = await ownerWithAccount();
    const [r] = await seedInbox(accountId);
    const stranger = await ownerWithAccount("Чужой");
    const paths: [string, string, unknown?][] = [
      ["GET", `/accounts/${accountId}/contacts/chat-contacts`],
      ["GET", `/accounts/${accountId}/contacts`],
      ["GET", `/accounts/${accountId}/contacts/count/active`],
      ["GET", `/accounts/${accountId}/contacts/export`],
      ["GET", `/accounts/${accountId}/contacts/${r.contactId}`],
      ["DELETE", `/accounts/${accountId}/contacts/${r.contactId}`],
      ["GET", `/accounts/${accountId}/contacts/${r.contactId}/messages`],
      ["POST", `/accounts/${accountId}/contacts/${r.contactId}/messages`, { content: "взлом" }],
      ["DELETE", `/accounts/${accountId}/contacts/${r.contactId}/messages`],
      ["PUT", `/accounts/${accountId}/contacts/threads/${r.threadId}/set-status`, { status: "closed" }],
      ["PATCH", `/accounts/${accountId}/contacts/threads/${r.threadId}`, { isGptActive: false }],
      ["GET", `/accounts/${accountId}/contacts/test-bot/messages`],
      ["POST", `/accounts/${accountId}/contacts/test-bot/messages`, { content: "x" }],
      ["GET", `/accounts/${accountId}/media/2026-01/x/file.pdf`],
    ];
    for (const [method, path, body] of paths) {
      expect((await api(method, path, { token: stranger.token, body })).status, `${method} ${path}`).toBe(404);
      expect((await api(method, path, { body })).status, `anon ${method} ${path}`).toBe(401);
    }
    // the stranger's own account does not see the other account's thread/contact ids either
    expect((await api("PATCH", `/accounts/${stranger.accountId}/contacts/threads/${r.threadId}`, { token: stranger.token, body: { isGptActive: false } })).status).toBe(404);
    expect((await api("GET", `/accounts/${stranger.accountId}/contacts/${r.contactId}/messages`, { token: stranger.token })).status).toBe(404);
    expect((await api("DELETE", `/accounts/${stranger.accountId}/contacts/${r.contactId}`, { token: stranger.token })).status).toBe(404);
    const row = await getDb(env.DB).select().from(schema.threads).where(eq(schema.threads.id, r.threadId)).get();
    expect(row).toMatchObject({ status: "active", isGptActive: true });
    const user = await registerUser();
    expect((await api("GET", `/accounts/${accountId}/contacts/chat-contacts`, { token: user.token })).status).toBe(404);
  });
});
