import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../worker/db/client";
import { addMember, api } from "./helpers";
import { createChannel, incoming, ingest, ownerWithAccount } from "./inbox-helpers";

async function contactsOf(accountId: string, n: number): Promise<string[]> {
  const channel = await createChannel(accountId);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const [r] = (await ingest([incoming(accountId, channel, `u${i}`, "Здравствуйте")])) as any[];
    ids.push(r.contactId);
  }
  return ids;
}

async function createField(token: string, accountId: string, body: Record<string, unknown>) {
  const res = await api("POST", `/accounts/${accountId}/custom-fields`, { token, body });
  if (res.status !== 201) throw new Error(`create field: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { fieldId: string; key: string };
}

const profile = async (token: string, accountId: string, contactId: string) => (await api("GET", `/accounts/${accountId}/contacts/${contactId}`, { token })).body;

describe("custom field definitions", () => {
  it("creates, lists in order, edits; the key is a latin slug, unique, and fixed once created", async () => {
    const { token, accountId } = await ownerWithAccount();
    const city = await createField(token, accountId, { key: "city", label: "Город", type: "text", description: "Где живёт клиент" });
    const source = await createField(token, accountId, { key: "source", label: "Источник", type: "select", options: ["Сайт", "Instagram"] });
    const list = await api("GET", `/accounts/${accountId}/custom-fields`, { token });
    expect(list.body.data.map((f: any) => [f.key, f.label, f.type, f.options, f.position, f.contactCount])).toEqual([
      ["city", "Город", "text", [], 0, 0],
      ["source", "Источник", "select", ["Сайт", "Instagram"], 1, 0],
    ]);

    const badKey = await api("POST", `/accounts/${accountId}/custom-fields`, { token, body: { key: "Город", label: "Город", type: "text" } });
    expect(badKey.status).toBe(400);
    expect(badKey.body.details.fields.key[0]).toBe("Только латинские строчные буквы, цифры и «_», первой — буква");
    const taken = await api("POST", `/accounts/${accountId}/custom-fields`, { token, body: { key: "city", label: "Ещё город", type: "text" } });
    expect(taken.status).toBe(409);
    expect(taken.body.details.fields.key).toEqual(["Поле с таким ключом уже есть"]);
    const noOptions = await api("POST", `/accounts/${accountId}/custom-fields`, { token, body: { key: "size", label: "Размер", type: "multiselect" } });
    expect(noOptions.status).toBe(400);
    expect(noOptions.body.details.fields.options).toEqual(["Добавьте хотя бы один вариант"]);

    const rekey = await api("PATCH", `/accounts/${accountId}/custom-fields/${city.fieldId}`, { token, body: { key: "town" } });
    expect(rekey.status).toBe(400);
    expect(rekey.body.details.fields.key).toEqual(["Ключ нельзя изменить после создания поля"]);
    const edit = await api("PATCH", `/accounts/${accountId}/custom-fields/${source.fieldId}`, { token, body: { label: "Откуда пришёл", options: ["Сайт", "Instagram", "Реклама"] } });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ key: "source", label: "Откуда пришёл", options: ["Сайт", "Instagram", "Реклама"] });
    // the same key is free in another account
    const other = await ownerWithAccount();
    await createField(other.token, other.accountId, { key: "city", label: "Город", type: "text" });
  });

  it("reorders when the list names every field once", async () => {
    const { token, accountId } = await ownerWithAccount();
    const a = await createField(token, accountId, { key: "a", label: "А", type: "text" });
    const b = await createField(token, accountId, { key: "b", label: "Б", type: "number" });
    const c = await createField(token, accountId, { key: "c", label: "В", type: "boolean" });
    const res = await api("PUT", `/accounts/${accountId}/custom-fields/order`, { token, body: { ids: [c.fieldId, a.fieldId, b.fieldId] } });
    expect(res.status).toBe(200);
    const keys = async () => (await api("GET", `/accounts/${accountId}/custom-fields`, { token })).body.data.map((f: any) => f.key);
    expect(await keys()).toEqual(["c", "a", "b"]);
    const partial = await api("PUT", `/accounts/${accountId}/custom-fields/order`, { token, body: { ids: [a.fieldId, b.fieldId] } });
    expect(partial.status).toBe(400);
    expect(partial.body.details.fields.ids).toHaveLength(1);
    expect(await keys()).toEqual(["c", "a", "b"]);
  });

  it("delete answers how many contacts held a value and erases those values; changing the type of a used field is refused", async () => {
    const { token, accountId } = await ownerWithAccount();
    const [c1, c2, c3] = await contactsOf(accountId, 3);
    const budget = await createField(token, accountId, { key: "budget", label: "Бюджет", type: "number" });
    for (const id of [c1, c2]) expect((await api("PUT", `/accounts/${accountId}/contacts/${id}/fields`, { token, body: { values: { budget: 15000 } } })).status).toBe(200);
    expect((await api("GET", `/accounts/${accountId}/custom-fields/${budget.fieldId}`, { token })).body.contactCount).toBe(2);
    const retype = await api("PATCH", `/accounts/${accountId}/custom-fields/${budget.fieldId}`, { token, body: { type: "text" } });
    expect(retype.status).toBe(400);
    expect(retype.body.details.fields.type).toEqual(["Тип нельзя изменить: значение заполнено у 2 контактов"]);
    const del = await api("DELETE", `/accounts/${accountId}/custom-fields/${budget.fieldId}`, { token });
    expect(del.status).toBe(200);
    expect(del.body.deletedValues).toBe(2);
    expect((await profile(token, accountId, c1!)).fieldValues).toEqual({});
    expect(await getDb(env.DB).select().from(schema.contactFieldValues).where(eq(schema.contactFieldValues.accountId, accountId)).all()).toEqual([]);
    expect((await api("GET", `/accounts/${accountId}/custom-fields/${budget.fieldId}`, { token })).status).toBe(404);
    expect(c3).toBeTruthy();
  });
});

type Case = { type: string; options?: string[]; good: [unknown, unknown][]; bad: [unknown, string][] };
const CASES: Case[] = [
  { type: "text", good: [["  Москва ", "Москва"], [42, "42"]], bad: [["x".repeat(2001), "Не больше 2000 символов"], [{ a: 1 }, "Введите текст"]] },
  { type: "number", good: [[15000, 15000], ["1 500,5", 1500.5], ["-3", -3]], bad: [["пятьсот", "Введите число"], [true, "Введите число"]] },
  { type: "date", good: [["1990-05-01", "1990-05-01"]], bad: [["2026-02-30", "Введите дату в формате ГГГГ-ММ-ДД"], ["01.05.1990", "Введите дату в формате ГГГГ-ММ-ДД"]] },
  {
    type: "datetime",
    good: [["2026-05-01T14:30", "2026-05-01T11:30:00.000Z"], ["2026-05-01T14:30:00Z", "2026-05-01T14:30:00.000Z"]],
    bad: [["2026-05-01 25:00", "Введите дату и время, например 2026-05-01T14:30"], ["завтра", "Введите дату и время, например 2026-05-01T14:30"]],
  },
  { type: "boolean", good: [[true, true], ["false", false]], bad: [["да", "Ожидается «да» или «нет»"]] },
  { type: "select", options: ["Сайт", "Реклама"], good: [["Реклама", "Реклама"]], bad: [["Радио", "Выберите один из вариантов"]] },
  { type: "multiselect", options: ["S", "M", "L"], good: [[["L", "S", "L"], ["S", "L"]]], bad: [[["XL"], "Выберите варианты из списка"], ["S", "Выберите варианты из списка"]] },
  { type: "phone", good: [["+7 (916) 123-45-67", "+7 916 123 45 67"], ["79161234567", "+7 916 123 45 67"], ["8 (916) 123-45-67", "+7 916 123 45 67"]], bad: [["12", "Неверный формат телефона: 12"], ["abc", "Неверный формат телефона: abc"]] },
  { type: "email", good: [[" Anna@Example.RU ", "anna@example.ru"]], bad: [["anna@", "Введите адрес электронной почты, например name@example.ru"]] },
  { type: "url", good: [["uyut.example.ru/catalog", "https://uyut.example.ru/catalog"], ["http://shop.ru", "http://shop.ru/"]], bad: [["javascript:alert(1)", "Введите адрес сайта, например https://example.ru"], ["localhost", "Введите адрес сайта, например https://example.ru"]] },
];

describe("values on a contact, checked by the field's type", () => {
  it.each(CASES)("$type: good values are stored in their canonical form, a bad one is a 400 with the field's message and writes nothing", async ({ type, options, good, bad }) => {
    const { token, accountId } = await ownerWithAccount();
    const [contactId] = await contactsOf(accountId, 1);
    await createField(token, accountId, { key: "f", label: "Поле", type, ...(options ? { options } : {}) });
    const put = (value: unknown) => api("PUT", `/accounts/${accountId}/contacts/${contactId}/fields`, { token, body: { values: { f: value } } });
    for (const [input, stored] of good) {
      const res = await put(input);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.fieldValues).toEqual({ f: stored });
    }
    const before = (await profile(token, accountId, contactId!)).fieldValues;
    for (const [input, message] of bad) {
      const res = await put(input);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("VALIDATION_ERROR");
      expect(res.body.details.fields).toEqual({ f: [message] });
      expect(res.body.message).toBe(`Проверьте введённые данные — Поле: ${message}`);
      expect((await profile(token, accountId, contactId!)).fieldValues).toEqual(before);
    }
    const cleared = await put(null);
    expect(cleared.body.fieldValues).toEqual({});
  });

  it("a phone without a number gets the §5 message of an invalid number; empty text clears", async () => {
    const { token, accountId } = await ownerWithAccount();
    const [contactId] = await contactsOf(accountId, 1);
    await createField(token, accountId, { key: "phone", label: "Телефон", type: "phone" });
    await api("PUT", `/accounts/${accountId}/contacts/${contactId}/fields`, { token, body: { values: { phone: "+79161234567" } } });
    const res = await api("PUT", `/accounts/${accountId}/contacts/${contactId}/fields`, { token, body: { values: { phone: "" } } });
    expect(res.body.fieldValues).toEqual({});
  });

  it("dates mean the account's time zone: a date is that day's midnight there, a wall time without offset is read there", async () => {
    const { token, accountId } = await ownerWithAccount();
    const [contactId] = await contactsOf(accountId, 1);
    await api("PUT", `/accounts/${accountId}`, { token, body: { timezone: "Asia/Vladivostok" } });
    const birthday = await createField(token, accountId, { key: "birthday", label: "Дата рождения", type: "date" });
    const visit = await createField(token, accountId, { key: "visit", label: "Визит", type: "datetime" });
    const res = await api("PUT", `/accounts/${accountId}/contacts/${contactId}/fields`, { token, body: { values: { birthday: "2020-05-01", visit: "2026-05-01T09:00" } } });
    expect(res.body.fieldValues).toEqual({ birthday: "2020-05-01", visit: "2026-04-30T23:00:00.000Z" });
    const rows = await getDb(env.DB).select().from(schema.contactFieldValues).where(eq(schema.contactFieldValues.contactId, contactId!)).all();
    const num = (id: string) => rows.find((r) => r.fieldId === id)?.valueNum;
    expect(num(birthday.fieldId)).toBe(Date.UTC(2020, 3, 30, 14)); // Vladivostok is UTC+10
    expect(num(visit.fieldId)).toBe(Date.UTC(2026, 3, 30, 23));
  });

  it("is all-or-nothing: one bad value among good ones writes none of them; every bad field gets its message; unknown keys are named", async () => {
    const { token, accountId } = await ownerWithAccount();
    const [contactId] = await contactsOf(accountId, 1);
    await createField(token, accountId, { key: "city", label: "Город", type: "text" });
    await createField(token, accountId, { key: "email", label: "Почта", type: "email" });
    await createField(token, accountId, { key: "budget", label: "Бюджет", type: "number" });
    const res = await api("PUT", `/accounts/${accountId}/contacts/${contactId}/fields`, { token, body: { values: { city: "Казань", email: "не почта", budget: "много", color: "red" } } });
    expect(res.status).toBe(400);
    expect(res.body.details.fields).toEqual({
      email: ["Введите адрес электронной почты, например name@example.ru"],
      budget: ["Введите число"],
      color: ["Такого поля нет в аккаунте"],
    });
    expect((await profile(token, accountId, contactId!)).fieldValues).toEqual({});
    const ok = await api("PUT", `/accounts/${accountId}/contacts/${contactId}/fields`, { token, body: { values: { city: "Казань", budget: 5 } } });
    expect(ok.body.fieldValues).toEqual({ city: "Казань", budget: 5 });
    // fields not named stay as they are
    await api("PUT", `/accounts/${accountId}/contacts/${contactId}/fields`, { token, body: { values: { budget: 7 } } });
    expect((await profile(token, accountId, contactId!)).fieldValues).toEqual({ city: "Казань", budget: 7 });
  });
});

describe("tags", () => {
  it("CRUD with unique names (case aside), a contact's tags set exactly, counts, and delete unlinks", async () => {
    const { token, accountId } = await ownerWithAccount();
    const [c1, c2] = await contactsOf(accountId, 2);
    const vip = await api("POST", `/accounts/${accountId}/tags`, { token, body: { name: "VIP", color: "#FF9F43" } });
    expect(vip.status).toBe(201);
    const fresh = await api("POST", `/accounts/${accountId}/tags`, { token, body: { name: "Новый клиент" } });
    expect(fresh.body.color).toBe("#7367F0");
    const dup = await api("POST", `/accounts/${accountId}/tags`, { token, body: { name: "vip" } });
    expect(dup.status).toBe(409);
    expect(dup.body.details.fields.name).toEqual(["Тег с таким названием уже есть"]);
    const badColor = await api("POST", `/accounts/${accountId}/tags`, { token, body: { name: "Опт", color: "#123456" } });
    expect(badColor.status).toBe(400);
    expect(badColor.body.details.fields.color).toEqual(["Выберите цвет из палитры"]);

    const set1 = await api("PUT", `/accounts/${accountId}/contacts/${c1}/tags`, { token, body: { tagIds: [vip.body.tagId, fresh.body.tagId] } });
    expect(set1.status).toBe(200);
    expect(set1.body.tags.map((t: any) => t.name)).toEqual(["VIP", "Новый клиент"]);
    await api("PUT", `/accounts/${accountId}/contacts/${c2}/tags`, { token, body: { tagIds: [vip.body.tagId] } });
    const set2 = await api("PUT", `/accounts/${accountId}/contacts/${c1}/tags`, { token, body: { tagIds: [fresh.body.tagId] } });
    expect(set2.body.tags).toEqual([{ tagId: fresh.body.tagId, name: "Новый клиент", color: "#7367F0" }]);
    expect((await profile(token, accountId, c1!)).tags).toEqual(set2.body.tags);

    const counts = async () => Object.fromEntries((await api("GET", `/accounts/${accountId}/tags`, { token })).body.data.map((t: any) => [t.name, t.contactCount]));
    expect(await counts()).toEqual({ VIP: 1, "Новый клиент": 1 });
    const renamed = await api("PATCH", `/accounts/${accountId}/tags/${vip.body.tagId}`, { token, body: { name: "Важный", color: "#28C76F" } });
    expect(renamed.body).toMatchObject({ name: "Важный", color: "#28C76F", contactCount: 1 });
    const del = await api("DELETE", `/accounts/${accountId}/tags/${fresh.body.tagId}`, { token });
    expect(del.body.unlinkedContacts).toBe(1);
    expect((await profile(token, accountId, c1!)).tags).toEqual([]);
    expect(await counts()).toEqual({ Важный: 1 });
  });

  it("deleting a contact removes its values and tag links", async () => {
    const { token, accountId } = await ownerWithAccount();
    const [contactId] = await contactsOf(accountId, 1);
    await createField(token, accountId, { key: "city", label: "Город", type: "text" });
    const tag = await api("POST", `/accounts/${accountId}/tags`, { token, body: { name: "Опт" } });
    await api("PUT", `/accounts/${accountId}/contacts/${contactId}/fields`, { token, body: { values: { city: "Тверь" } } });
    await api("PUT", `/accounts/${accountId}/contacts/${contactId}/tags`, { token, body: { tagIds: [tag.body.tagId] } });
    expect((await api("DELETE", `/accounts/${accountId}/contacts/${contactId}`, { token })).status).toBe(200);
    const db = getDb(env.DB);
    expect(await db.select().from(schema.contactFieldValues).where(eq(schema.contactFieldValues.contactId, contactId!)).all()).toEqual([]);
    expect(await db.select().from(schema.contactTags).where(eq(schema.contactTags.contactId, contactId!)).all()).toEqual([]);
    expect((await api("GET", `/accounts/${accountId}/tags`, { token })).body.data[0].contactCount).toBe(0);
  });
});

describe("who may do what, and other accounts' ids", () => {
  it("an operator reads definitions and tags and fills contacts, but may not change definitions or tags", async () => {
    const { token, accountId } = await ownerWithAccount();
    const [contactId] = await contactsOf(accountId, 1);
    const field = await createField(token, accountId, { key: "city", label: "Город", type: "text" });
    const tag = await api("POST", `/accounts/${accountId}/tags`, { token, body: { name: "VIP" } });
    const op = await addMember(token, accountId, "operator");
    const as = (method: string, path: string, body?: unknown) => api(method, `/accounts/${accountId}${path}`, { token: op.token, body });
    expect((await as("POST", "/custom-fields", { key: "x", label: "X", type: "text" })).status).toBe(403);
    expect((await as("PATCH", `/custom-fields/${field.fieldId}`, { label: "Y" })).status).toBe(403);
    expect((await as("PUT", "/custom-fields/order", { ids: [field.fieldId] })).status).toBe(403);
    expect((await as("DELETE", `/custom-fields/${field.fieldId}`)).status).toBe(403);
    expect((await as("POST", "/tags", { name: "Опт" })).status).toBe(403);
    expect((await as("PATCH", `/tags/${tag.body.tagId}`, { name: "Опт" })).status).toBe(403);
    expect((await as("DELETE", `/tags/${tag.body.tagId}`)).status).toBe(403);
    expect((await as("GET", "/custom-fields")).body.data).toHaveLength(1);
    expect((await as("GET", "/tags")).body.data).toHaveLength(1);
    expect((await as("PUT", `/contacts/${contactId}/fields`, { values: { city: "Омск" } })).body.fieldValues).toEqual({ city: "Омск" });
    expect((await as("PUT", `/contacts/${contactId}/tags`, { tagIds: [tag.body.tagId] })).body.tags).toHaveLength(1);
    // and an admin changes definitions
    const admin = await addMember(token, accountId, "admin");
    expect((await api("POST", `/accounts/${accountId}/tags`, { token: admin.token, body: { name: "Опт" } })).status).toBe(201);
  });

  it("another account's field, tag and contact ids are 404, and nothing of theirs changes", async () => {
    const a = await ownerWithAccount();
    const b = await ownerWithAccount();
    const [contactA] = await contactsOf(a.accountId, 1);
    const [contactB] = await contactsOf(b.accountId, 1);
    const fieldB = await createField(b.token, b.accountId, { key: "city", label: "Город", type: "text" });
    const tagB = await api("POST", `/accounts/${b.accountId}/tags`, { token: b.token, body: { name: "VIP" } });
    await createField(a.token, a.accountId, { key: "city", label: "Город", type: "text" });
    const asA = (method: string, path: string, body?: unknown) => api(method, `/accounts/${a.accountId}${path}`, { token: a.token, body });
    expect((await asA("GET", `/custom-fields/${fieldB.fieldId}`)).status).toBe(404);
    expect((await asA("PATCH", `/custom-fields/${fieldB.fieldId}`, { label: "Чужое" })).status).toBe(404);
    expect((await asA("DELETE", `/custom-fields/${fieldB.fieldId}`)).status).toBe(404);
    expect((await asA("PATCH", `/tags/${tagB.body.tagId}`, { name: "Чужое" })).status).toBe(404);
    expect((await asA("DELETE", `/tags/${tagB.body.tagId}`)).status).toBe(404);
    const foreignTag = await asA("PUT", `/contacts/${contactA}/tags`, { tagIds: [tagB.body.tagId] });
    expect(foreignTag.status).toBe(404);
    expect(foreignTag.body.code).toBe("TAG_NOT_FOUND");
    expect((await asA("PUT", `/contacts/${contactB}/fields`, { values: { city: "Чужой" } })).status).toBe(404);
    expect((await asA("PUT", `/contacts/${contactB}/tags`, { tagIds: [] })).status).toBe(404);
    expect((await asA("PUT", "/custom-fields/order", { ids: [fieldB.fieldId] })).status).toBe(400);
    const db = getDb(env.DB);
    expect(await db.select().from(schema.contactTags).where(and(eq(schema.contactTags.accountId, a.accountId))).all()).toEqual([]);
    expect(await db.select().from(schema.contactFieldValues).where(eq(schema.contactFieldValues.contactId, contactB!)).all()).toEqual([]);
    const fieldsB = (await api("GET", `/accounts/${b.accountId}/custom-fields`, { token: b.token })).body.data;
    expect(fieldsB.map((f: any) => f.label)).toEqual(["Город"]);
  });
});
