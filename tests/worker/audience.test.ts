import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addMember, api, BASE } from "./helpers";
import { ownerWithAccount } from "./inbox-helpers";

type Seed = { name: string; platform?: "TELEGRAM" | "WHATSAPP" | "INSTAGRAM"; lastSeenAt?: number; subscription?: string; test?: boolean };

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 4, 1);

/** Contacts straight into D1 (one batch); answers their ids by name. */
async function seedContacts(accountId: string, seeds: Seed[]): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const stmts = seeds.map((s, i) => {
    const id = `${accountId.slice(0, 8)}-${i}-${crypto.randomUUID().slice(0, 8)}`;
    ids[s.name] = id;
    const seen = s.lastSeenAt ?? T0;
    return env.DB.prepare(
      "INSERT INTO contacts (id, account_id, platform, platform_user_id, name, search_text, is_test_contact, subscription, first_seen_at, last_seen_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ).bind(id, accountId, s.platform ?? "TELEGRAM", `p${i}`, s.name, s.name.toLowerCase(), s.test ? 1 : 0, s.subscription ?? "subscribed", seen, seen, T0 + i, T0 + i);
  });
  await env.DB.batch(stmts);
  return ids;
}

async function created(res: { status: number; body: any }, what: string) {
  if (res.status !== 201) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * An account with: fields city (text), age (number), visit (date), vip (boolean), interests
 * (multiselect); tags "vip" and "new"; contacts Анна (TG, vip+new, Казань, 30), Борис (WA, vip,
 * Москва, 45), Вера (IG, new, 20, unsubscribed), Глеб (TG, none, blocked), Дина (TG, test contact).
 */
async function audienceAccount() {
  const { token, accountId } = await ownerWithAccount();
  const field = (body: object) => api("POST", `/accounts/${accountId}/custom-fields`, { token, body }).then((r) => created(r, "field"));
  await field({ key: "city", label: "Город", type: "text" });
  await field({ key: "age", label: "Возраст", type: "number" });
  await field({ key: "visit", label: "Визит", type: "date" });
  await field({ key: "vip", label: "VIP", type: "boolean" });
  await field({ key: "interests", label: "Интересы", type: "multiselect", options: ["диваны", "кресла"] });
  const vip = await created(await api("POST", `/accounts/${accountId}/tags`, { token, body: { name: "vip" } }), "tag");
  const fresh = await created(await api("POST", `/accounts/${accountId}/tags`, { token, body: { name: "new" } }), "tag");
  const ids = await seedContacts(accountId, [
    { name: "Анна", platform: "TELEGRAM", lastSeenAt: T0 + 10 * DAY },
    { name: "Борис", platform: "WHATSAPP", lastSeenAt: T0 + 2 * DAY },
    { name: "Вера", platform: "INSTAGRAM", subscription: "unsubscribed" },
    { name: "Глеб", platform: "TELEGRAM", subscription: "blocked" },
    { name: "Дина", platform: "TELEGRAM", test: true },
  ]);
  const put = async (name: string, values: object, tagIds: string[]) => {
    expect((await api("PUT", `/accounts/${accountId}/contacts/${ids[name]}/fields`, { token, body: { values } })).status).toBe(200);
    expect((await api("PUT", `/accounts/${accountId}/contacts/${ids[name]}/tags`, { token, body: { tagIds } })).status).toBe(200);
  };
  await put("Анна", { city: "Казань", age: 30, visit: "2026-05-03", vip: true, interests: ["диваны", "кресла"] }, [vip.tagId, fresh.tagId]);
  await put("Борис", { city: "Москва", age: 45, visit: "2026-04-20", vip: false, interests: ["кресла"] }, [vip.tagId]);
  await put("Вера", { age: 20 }, [fresh.tagId]);
  return { token, accountId, ids, vip: vip.tagId as string, fresh: fresh.tagId as string };
}

const listNames = async (token: string, accountId: string, filter: object, extra = "") => {
  const res = await api("GET", `/accounts/${accountId}/contacts?filter=${encodeURIComponent(JSON.stringify(filter))}&sortBy=name&sortDir=asc${extra}`, { token });
  if (res.status !== 200) throw new Error(`list: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.map((c: any) => c.name);
};

describe("audience filter on the contacts list", () => {
  it("applies each condition type; answers tags and field values for the column chooser", async () => {
    const { token, accountId, vip, fresh } = await audienceAccount();
    const names = (f: object) => listNames(token, accountId, f);
    expect(await names({})).toEqual(["Анна", "Борис", "Вера", "Глеб"]);
    expect(await names({ channels: ["TELEGRAM"] })).toEqual(["Анна", "Глеб"]);
    expect(await names({ channels: ["WHATSAPP", "INSTAGRAM"] })).toEqual(["Борис", "Вера"]);
    expect(await names({ tags: { any: [vip, fresh] } })).toEqual(["Анна", "Борис", "Вера"]);
    expect(await names({ tags: { all: [vip, fresh] } })).toEqual(["Анна"]);
    expect(await names({ tags: { none: [vip] } })).toEqual(["Вера", "Глеб"]);
    expect(await names({ fields: [{ key: "city", op: "equals", value: "Казань" }] })).toEqual(["Анна"]);
    expect(await names({ fields: [{ key: "city", op: "contains", value: "оск" }] })).toEqual(["Борис"]);
    expect(await names({ fields: [{ key: "city", op: "contains", value: "КАЗ" }] })).toEqual([]);
    expect(await names({ fields: [{ key: "age", op: "greater", value: 25 }] })).toEqual(["Анна", "Борис"]);
    expect(await names({ fields: [{ key: "age", op: "less", value: "30" }] })).toEqual(["Вера"]);
    expect(await names({ fields: [{ key: "age", op: "equals", value: 45 }] })).toEqual(["Борис"]);
    expect(await names({ fields: [{ key: "visit", op: "greater", value: "2026-05-01" }] })).toEqual(["Анна"]);
    expect(await names({ fields: [{ key: "visit", op: "less", value: "2026-05-01" }] })).toEqual(["Борис"]);
    expect(await names({ fields: [{ key: "vip", op: "equals", value: true }] })).toEqual(["Анна"]);
    expect(await names({ fields: [{ key: "interests", op: "contains", value: "кресла" }] })).toEqual(["Анна", "Борис"]);
    expect(await names({ fields: [{ key: "interests", op: "equals", value: "диваны" }] })).toEqual(["Анна"]);
    expect(await names({ fields: [{ key: "city", op: "isSet" }] })).toEqual(["Анна", "Борис"]);
    expect(await names({ fields: [{ key: "city", op: "isNotSet" }] })).toEqual(["Вера", "Глеб"]);
    expect(await names({ lastActivity: { from: new Date(T0 + DAY).toISOString() } })).toEqual(["Анна", "Борис"]);
    expect(await names({ lastActivity: { from: new Date(T0 + DAY).toISOString(), to: new Date(T0 + 5 * DAY).toISOString() } })).toEqual(["Борис"]);
    expect(await names({ subscription: "subscribed" })).toEqual(["Анна", "Борис"]);
    expect(await names({ subscription: "unsubscribed" })).toEqual(["Вера"]);
    expect(await names({ subscription: "blocked" })).toEqual(["Глеб"]);
    expect(await names({ q: "бор" })).toEqual(["Борис"]);
    expect(await names({ tags: { any: [vip] }, fields: [{ key: "age", op: "greater", value: 40 }] })).toEqual(["Борис"]);

    const page = await api("GET", `/accounts/${accountId}/contacts?sortBy=name&sortDir=asc&limit=5`, { token });
    expect(page.body.meta).toEqual({ total: 4, limit: 5, page: 1, lastPage: 1 });
    const anna = page.body.data[0];
    expect(anna.tags.map((t: any) => t.name)).toEqual(["new", "vip"]);
    expect(anna.fieldValues).toEqual({ city: "Казань", age: 30, visit: "2026-05-03", vip: true, interests: ["диваны", "кресла"] });
    expect(anna.subscription).toBe("subscribed");
    expect(page.body.data[3]).toMatchObject({ name: "Глеб", tags: [], fieldValues: {}, subscription: "blocked" });
  });

  it("rejects a page size outside §2.13, a malformed filter, and a condition that does not fit the field's type, with field messages", async () => {
    const { token, accountId } = await audienceAccount();
    const get = (qs: string) => api("GET", `/accounts/${accountId}/contacts?${qs}`, { token });
    const size = await get("limit=7");
    expect(size.status).toBe(400);
    expect(size.body.details.fields.limit[0]).toBe("Размер страницы: 5, 10, 20, 25, 50, 100");
    expect((await get("limit=25")).status).toBe(200);
    const notJson = await get("filter=%7Bnope");
    expect(notJson.status).toBe(400);
    expect(notJson.body.details.fields.filter[0]).toBe("Фильтр должен быть JSON-объектом");
    const contains = await get(`filter=${encodeURIComponent(JSON.stringify({ fields: [{ key: "age", op: "contains", value: "3" }] }))}`);
    expect(contains.status).toBe(400);
    expect(contains.body.details.fields["filter.fields.0.value"]).toEqual(["«Содержит» подходит только для текстовых полей"]);
    const badDate = await get(`filter=${encodeURIComponent(JSON.stringify({ fields: [{ key: "visit", op: "greater", value: "вчера" }] }))}`);
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toBe("Проверьте фильтр — Введите дату в формате ГГГГ-ММ-ДД");
  });

  it("a filter naming another account's tag or field is a 400, never the other account's rows", async () => {
    const mine = await audienceAccount();
    const other = await audienceAccount();
    const get = (f: object) => api("GET", `/accounts/${mine.accountId}/contacts?filter=${encodeURIComponent(JSON.stringify(f))}`, { token: mine.token });
    const tag = await get({ tags: { any: [other.vip] } });
    expect(tag.status).toBe(400);
    expect(tag.body.details.fields["filter.tags.any"]).toEqual(["Такого тега нет в аккаунте"]);
    const field = await get({ fields: [{ key: "nope", op: "isSet" }] });
    expect(field.status).toBe(400);
    expect(field.body.details.fields["filter.fields.0.key"]).toEqual(["Такого поля нет в аккаунте"]);
    const seg = await api("POST", `/accounts/${mine.accountId}/segments`, { token: mine.token, body: { name: "Чужой", filter: { tags: { all: [other.fresh] } } } });
    expect(seg.status).toBe(400);
    expect((await api("GET", `/accounts/${mine.accountId}/segments`, { token: mine.token })).body.data).toEqual([]);
  });
});

describe("segments", () => {
  it("saves a filter; its live count is per channel and leaves out unsubscribed, blocked, test and other accounts' contacts", async () => {
    const { token, accountId, vip, fresh } = await audienceAccount();
    await audienceAccount(); // another account with the same shape must not add to the counts
    const save = await api("POST", `/accounts/${accountId}/segments`, { token, body: { name: "Все с тегами", filter: { tags: { any: [vip, fresh] } } } });
    expect(save.status).toBe(201);
    expect(save.body).toMatchObject({ name: "Все с тегами", filter: { tags: { any: [vip, fresh] } }, message: "Сегмент сохранён" });
    const id = save.body.segmentId;
    // Вера (Instagram) carries "new" but is unsubscribed: not counted.
    expect((await api("GET", `/accounts/${accountId}/segments/${id}/count`, { token })).body).toEqual({ total: 2, byChannel: { telegram: 1, whatsapp: 1, instagram: 0 } });
    const all = await api("POST", `/accounts/${accountId}/segments`, { token, body: { name: "Все", filter: {} } });
    // Глеб is blocked, Дина a test contact.
    expect((await api("GET", `/accounts/${accountId}/segments/${all.body.segmentId}/count`, { token })).body).toEqual({ total: 2, byChannel: { telegram: 1, whatsapp: 1, instagram: 0 } });

    // The same count for a filter that is not saved; a bad one is a 400 on `filter`.
    const inline = encodeURIComponent(JSON.stringify({ tags: { any: [vip, fresh] } }));
    expect((await api("GET", `/accounts/${accountId}/audience/count?filter=${inline}`, { token })).body).toEqual({ total: 2, byChannel: { telegram: 1, whatsapp: 1, instagram: 0 } });
    expect((await api("GET", `/accounts/${accountId}/audience/count`, { token })).body.total).toBe(2);
    const bad = await api("GET", `/accounts/${accountId}/audience/count?filter=${encodeURIComponent("{nope")}`, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields.filter).toEqual(["Фильтр должен быть JSON-объектом"]);

    const patched = await api("PATCH", `/accounts/${accountId}/segments/${id}`, { token, body: { filter: { tags: { any: [vip] }, fields: [{ key: "age", op: "greater", value: 40 }] } } });
    expect(patched.status).toBe(200);
    expect((await api("GET", `/accounts/${accountId}/segments/${id}/count`, { token })).body).toEqual({ total: 1, byChannel: { telegram: 0, whatsapp: 1, instagram: 0 } });
    expect((await api("GET", `/accounts/${accountId}/segments`, { token })).body.data.map((s: any) => s.name)).toEqual(["Все", "Все с тегами"]);
    expect((await api("DELETE", `/accounts/${accountId}/segments/${id}`, { token })).status).toBe(200);
    expect((await api("GET", `/accounts/${accountId}/segments/${id}`, { token })).status).toBe(404);
    expect((await api("POST", `/accounts/${accountId}/segments`, { token, body: { name: " ", filter: {} } })).body.details.fields.name).toEqual(["Введите название"]);
  });

  it("operators read segments and their counts but cannot change them", async () => {
    const { token, accountId } = await audienceAccount();
    const seg = await api("POST", `/accounts/${accountId}/segments`, { token, body: { name: "Все", filter: {} } });
    const op = await addMember(token, accountId, "operator");
    expect((await api("GET", `/accounts/${accountId}/segments`, { token: op.token })).body.data).toHaveLength(1);
    expect((await api("GET", `/accounts/${accountId}/segments/${seg.body.segmentId}/count`, { token: op.token })).body.total).toBe(2);
    expect((await api("POST", `/accounts/${accountId}/segments`, { token: op.token, body: { name: "Мой", filter: {} } })).status).toBe(403);
    expect((await api("PATCH", `/accounts/${accountId}/segments/${seg.body.segmentId}`, { token: op.token, body: { name: "Другое" } })).status).toBe(403);
    expect((await api("DELETE", `/accounts/${accountId}/segments/${seg.body.segmentId}`, { token: op.token })).status).toBe(403);
  });
});

describe("bulk actions", () => {
  it("tags and untags the given ids and everything a filter matches, answering the number affected", async () => {
    const { token, accountId, ids, vip, fresh } = await audienceAccount();
    const bulk = (body: object) => api("POST", `/accounts/${accountId}/contacts/bulk`, { token, body });
    const tagged = await bulk({ action: "tag", tagId: fresh, ids: [ids["Борис"], ids["Глеб"], ids["Анна"]] });
    expect(tagged.status).toBe(200);
    expect(tagged.body.affected).toBe(2); // Анна already had it
    expect(await listNames(token, accountId, { tags: { all: [fresh] } })).toEqual(["Анна", "Борис", "Вера", "Глеб"]);
    const untagged = await bulk({ action: "untag", tagId: fresh, filter: { channels: ["TELEGRAM"] } });
    expect(untagged.body.affected).toBe(2);
    expect(await listNames(token, accountId, { tags: { any: [fresh] } })).toEqual(["Борис", "Вера"]);
    const byFilter = await bulk({ action: "tag", tagId: vip, filter: { fields: [{ key: "age", op: "less", value: 25 }] } });
    expect(byFilter.body.affected).toBe(1);
    expect(await listNames(token, accountId, { tags: { any: [vip] } })).toEqual(["Анна", "Борис", "Вера"]);
    // a test contact is out of reach of a filter
    expect((await bulk({ action: "tag", tagId: vip, ids: [ids["Дина"]] })).body.affected).toBe(0);
  });

  it("ids or tags of another account change nothing; bad bodies are 400 with field messages", async () => {
    const mine = await audienceAccount();
    const other = await audienceAccount();
    const bulk = (body: object) => api("POST", `/accounts/${mine.accountId}/contacts/bulk`, { token: mine.token, body });
    expect((await bulk({ action: "delete", ids: [other.ids["Анна"]] })).body.affected).toBe(0);
    expect((await bulk({ action: "tag", tagId: mine.vip, ids: [other.ids["Вера"]] })).body.affected).toBe(0);
    expect((await bulk({ action: "tag", tagId: other.vip, ids: [mine.ids["Вера"]] })).status).toBe(404);
    expect(await listNames(other.token, other.accountId, {})).toEqual(["Анна", "Борис", "Вера", "Глеб"]);
    const neither = await bulk({ action: "delete" });
    expect(neither.status).toBe(400);
    expect(neither.body.details.fields.ids).toEqual(["Выберите контакты или задайте фильтр"]);
    expect((await bulk({ action: "tag", ids: [mine.ids["Анна"]] })).body.details.fields.tagId).toEqual(["Выберите тег"]);
  });

  it("deletes by ids and by filter (admins and owners); operators tag but may not delete", async () => {
    const { token, accountId, ids, fresh } = await audienceAccount();
    const op = await addMember(token, accountId, "operator");
    const asOp = (body: object) => api("POST", `/accounts/${accountId}/contacts/bulk`, { token: op.token, body });
    expect((await asOp({ action: "tag", tagId: fresh, ids: [ids["Глеб"]] })).body.affected).toBe(1);
    const refused = await asOp({ action: "delete", ids: [ids["Глеб"]] });
    expect(refused.status).toBe(403);
    expect(await listNames(token, accountId, {})).toEqual(["Анна", "Борис", "Вера", "Глеб"]);
    const admin = await addMember(token, accountId, "admin");
    const byIds = await api("POST", `/accounts/${accountId}/contacts/bulk`, { token: admin.token, body: { action: "delete", ids: [ids["Глеб"]] } });
    expect(byIds.body).toMatchObject({ affected: 1, message: "Удалено контактов: 1" });
    const byFilter = await api("POST", `/accounts/${accountId}/contacts/bulk`, { token, body: { action: "delete", filter: { subscription: "subscribed" } } });
    expect(byFilter.body.affected).toBe(2);
    expect(await listNames(token, accountId, {})).toEqual(["Вера"]);
    // their tags and values went with them
    const left = await env.DB.prepare("SELECT count(*) AS n FROM contact_field_values WHERE account_id = ?").bind(accountId).first<{ n: number }>();
    expect(left?.n).toBe(1);
  });
});

describe("broadcast subscription", () => {
  const subscriptions = async (token: string, accountId: string) => {
    const res = await api("GET", `/accounts/${accountId}/contacts?sortBy=name&sortDir=asc`, { token });
    return Object.fromEntries(res.body.data.map((c: any) => [c.name, c.subscription]));
  };
  const reach = async (token: string, accountId: string) => (await api("GET", `/accounts/${accountId}/audience/count`, { token })).body.total;

  it("one contact's switch: operators too; the profile says it and the audience follows; other accounts' contacts are not found", async () => {
    const { token, accountId, ids } = await audienceAccount();
    const other = await audienceAccount();
    const op = await addMember(token, accountId, "operator");
    const put = (who: string, contactId: string, subscription: unknown, acc = accountId) => api("PUT", `/accounts/${acc}/contacts/${contactId}/subscription`, { token: who, body: { subscription } });
    expect(await reach(token, accountId)).toBe(2);
    const off = await put(op.token, ids["Анна"], "unsubscribed");
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ subscription: "unsubscribed", changed: true, message: "Контакт отписан от рассылок" });
    expect((await api("GET", `/accounts/${accountId}/contacts/${ids["Анна"]}`, { token })).body.subscription).toBe("unsubscribed");
    expect(await reach(token, accountId)).toBe(1);
    const on = await put(token, ids["Вера"], "subscribed");
    expect(on.body).toMatchObject({ subscription: "subscribed", changed: true, message: "Контакт подписан на рассылки" });
    expect((await put(token, ids["Вера"], "subscribed")).body.changed).toBe(false);
    expect(await subscriptions(token, accountId)).toEqual({ Анна: "unsubscribed", Борис: "subscribed", Вера: "subscribed", Глеб: "blocked" });
    // Another account's contact through this account, or this account's through a foreign token: nothing changes.
    expect((await put(token, other.ids["Борис"], "unsubscribed")).status).toBe(404);
    expect((await put(token, ids["Борис"], "unsubscribed", other.accountId)).status).toBe(404);
    expect((await subscriptions(other.token, other.accountId))["Борис"]).toBe("subscribed");
    const bad = await put(token, ids["Борис"], "maybe");
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields.subscription).toEqual(["Подписка: subscribed, unsubscribed или blocked"]);
  });

  it("in bulk, by ids or by filter (admins and owners): unsubscribing leaves the blocked blocked, subscribing brings both back; operators may not", async () => {
    const { token, accountId, ids } = await audienceAccount();
    const other = await audienceAccount();
    const op = await addMember(token, accountId, "operator");
    const bulk = (who: string, body: object) => api("POST", `/accounts/${accountId}/contacts/bulk`, { token: who, body });
    expect((await bulk(op.token, { action: "unsubscribe", ids: [ids["Анна"]] })).status).toBe(403);
    expect((await bulk(op.token, { action: "subscribe", ids: [ids["Вера"]] })).status).toBe(403);
    const off = await bulk(token, { action: "unsubscribe", ids: [ids["Анна"], ids["Вера"], ids["Глеб"], other.ids["Борис"]] });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ affected: 1, message: "Отписано от рассылок контактов: 1" });
    expect(await subscriptions(token, accountId)).toEqual({ Анна: "unsubscribed", Борис: "subscribed", Вера: "unsubscribed", Глеб: "blocked" });
    expect((await subscriptions(other.token, other.accountId))["Борис"]).toBe("subscribed");
    const admin = await addMember(token, accountId, "admin");
    const on = await bulk(admin.token, { action: "subscribe", filter: { channels: ["TELEGRAM", "INSTAGRAM"] } });
    expect(on.body).toMatchObject({ affected: 3, message: "Подписано на рассылки контактов: 3" });
    expect(await subscriptions(token, accountId)).toEqual({ Анна: "subscribed", Борис: "subscribed", Вера: "subscribed", Глеб: "subscribed" });
    expect(await reach(token, accountId)).toBe(4);
  });
});

describe("export of the filtered set", () => {
  it("writes CSV with a BOM, the standard columns, a column per custom field and the tags", async () => {
    const { token, accountId, vip } = await audienceAccount();
    const filter = encodeURIComponent(JSON.stringify({ tags: { any: [vip] } }));
    const res = await SELF.fetch(`${BASE}/api/accounts/${accountId}/contacts/export?format=csv&filter=${filter}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM Excel needs for UTF-8
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(lines[0]).toBe("ID;Имя;Платформа;Имя пользователя;ID на платформе;Телефон;Статус;О контакте;Первое обращение;Последняя активность;Создан;Город;Возраст;Визит;VIP;Интересы;Теги");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(";Анна;Telegram;");
    expect(lines[1].split(";Анна;")[1]).toMatch(/;Казань;30;03\.05\.2026;да;"диваны, кресла";"new, vip"$/);
    expect(lines[2].split(";Борис;")[1]).toMatch(/;Москва;45;20\.04\.2026;нет;кресла;vip$/);
    const bad = await api("GET", `/accounts/${accountId}/contacts/export?filter=${encodeURIComponent(JSON.stringify({ fields: [{ key: "x", op: "isSet" }] }))}`, { token });
    expect(bad.status).toBe(400);
  });
});

describe("query plans", () => {
  it("counts a tag plus a field condition from the indexes, without scanning the account's contacts", async () => {
    const { accountId, vip } = await audienceAccount();
    const { compileFilter, countSql, reachable } = await import("../../worker/features/audience/compile");
    const f = reachable(await compileFilter(env as never, accountId, { tags: { any: [vip] }, fields: [{ key: "age", op: "greater", value: 25 }] }));
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${countSql(f)}`)
      .bind(...f.args)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join("\n");
    // no full scan of the contacts, the tag links or the values: every table is searched by an index
    expect(details).not.toMatch(/SCAN (c|ct|v)\b/);
    expect(details).toMatch(/contact_tags_account_tag_idx|contact_field_values_num_idx/);
  });
});
