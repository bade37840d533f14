import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { AR_MESSAGES } from "../../worker/lib/error-messages-ar";
import { FR_MESSAGES } from "../../worker/lib/error-messages-fr";
import { api, BASE, ownerWithAccount } from "./helpers";

/**
 * Error bodies speak the language the request asks for: the SPA sends its interface language as
 * Accept-Language; English, French and Arabic get their messages and field messages, anything else
 * (no header, de) gets Russian, the product's language. Status, code, error and details stay the same.
 */
const EN = { "Accept-Language": "en" };

async function withCity() {
  const o = await ownerWithAccount();
  const created = await api("POST", `/accounts/${o.accountId}/custom-fields`, { token: o.token, body: { key: "city", label: "Город", type: "text" } });
  expect(created.status).toBe(201);
  return { ...o, fieldId: created.body.fieldId as string };
}

describe("error messages in the request's language", () => {
  it("a 409 (the custom field's key is taken) in English with Accept-Language: en, in Russian without", async () => {
    const o = await withCity();
    const dup = (headers?: Record<string, string>) =>
      api("POST", `/accounts/${o.accountId}/custom-fields`, { token: o.token, body: { key: "city", label: "City dup", type: "text" }, headers });

    const ru = await dup();
    const en = await dup(EN);
    expect(ru.status).toBe(409);
    expect(en.status).toBe(409);
    expect(ru.body.details.fields.key).toEqual(["Поле с таким ключом уже есть"]);
    expect(en.body.details.fields.key).toEqual(["A field with this key already exists"]);
    expect(ru.body.message).toBe("Проверьте введённые данные — Поле с таким ключом уже есть");
    expect(en.body.message).toBe("Please check the data you entered — A field with this key already exists");
    // Everything but the texts is the same body.
    const untexted = (b: any) => ({ ...b, message: undefined, details: { ...b.details, fields: Object.keys(b.details.fields) } });
    expect(untexted(en.body)).toEqual(untexted(ru.body));
    expect(en.body).toMatchObject({ statusCode: 409, error: "Conflict", code: "CUSTOM_FIELD_KEY_TAKEN" });
    expect(en.headers.get("vary")).toMatch(/Accept-Language/i);

    // French and Arabic from their catalogues; another language falls back to Russian; an English variant is English.
    const keyMessage = async (lang: string) => (await dup({ "Accept-Language": lang })).body.details.fields.key[0];
    expect(await keyMessage("ar")).toBe(AR_MESSAGES["Поле с таким ключом уже есть"]);
    expect(await keyMessage("fr-FR,fr;q=0.9")).toBe(FR_MESSAGES["Поле с таким ключом уже есть"]);
    expect(await keyMessage("de")).toBe("Поле с таким ключом уже есть");
    expect(await keyMessage("en-US,en;q=0.9,ru;q=0.5")).toBe("A field with this key already exists");
    expect(await keyMessage("ru-RU,ru;q=0.9,en;q=0.8")).toBe("Поле с таким ключом уже есть");
  });

  it("a change's success message (the SPA's toast) in English with Accept-Language: en, in Russian without", async () => {
    const o = await ownerWithAccount();
    const create = (key: string, headers?: Record<string, string>) =>
      api("POST", `/accounts/${o.accountId}/custom-fields`, { token: o.token, body: { key, label: "Город", type: "text" }, headers });
    const ru = await create("city");
    const en = await create("town", EN);
    expect([ru.status, en.status]).toEqual([201, 201]);
    expect(ru.body.message).toBe("Поле создано");
    expect(en.body.message).toBe("Field created");
    expect(en.headers.get("vary")).toMatch(/Accept-Language/i);
    // The data is the user's and stays as written; only the message is worded.
    expect(en.body.label).toBe("Город");
    expect(en.body.key).toBe("town");
    const removed = await api("DELETE", `/accounts/${o.accountId}/custom-fields/${en.body.fieldId}`, { token: o.token, headers: EN });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe("Field deleted");
    expect((await api("DELETE", `/accounts/${o.accountId}/custom-fields/${ru.body.fieldId}`, { token: o.token, headers: { "Accept-Language": "fr" } })).body.message).toBe(FR_MESSAGES["Поле удалено"]);
  });

  it("a 404 of a service and the router's own 404", async () => {
    const o = await ownerWithAccount();
    const path = `/accounts/${o.accountId}/custom-fields/no-such-field`;
    const ru = await api("GET", path, { token: o.token });
    const en = await api("GET", path, { token: o.token, headers: EN });
    expect([ru.status, en.status]).toEqual([404, 404]);
    expect(ru.body.message).toBe("Поле не найдено");
    expect(en.body.message).toBe("Field not found");
    expect(en.body.code).toBe(ru.body.code);
    expect(en.body.error).toBe("Not Found");

    const route = await api("GET", "/no-such-route", { headers: EN });
    expect(route.status).toBe(404);
    expect(route.body).toEqual({ statusCode: 404, error: "Not Found", message: "Route not found", code: "ROUTE_NOT_FOUND" });
    expect((await api("GET", "/no-such-route")).body.message).toBe("Маршрут не найден");
  });

  it("a plan limit's 402 keeps its numbers and translates its unit", async () => {
    const o = await ownerWithAccount();
    for (let i = 0; i < 3; i++) expect((await api("POST", `/accounts/${o.accountId}/assistants`, { token: o.token, body: { name: `Ассистент ${i}` } })).status).toBe(201);
    const fourth = (headers?: Record<string, string>) => api("POST", `/accounts/${o.accountId}/assistants`, { token: o.token, body: { name: "Четвёртый" }, headers });

    const ru = await fourth();
    const en = await fourth(EN);
    expect([ru.status, en.status]).toEqual([402, 402]);
    expect(ru.body.message).toBe("Лимит тарифа «Пробный» исчерпан: ассистентов 3 из 3. Перейдите на тариф выше, чтобы добавить ещё.");
    // The plan's name in English is the plan's own translation (migration 0046 gives the seeded plans theirs).
    expect(en.body.message).toBe("The “Trial” plan limit is used up: 3 of 3 assistants. Upgrade to a higher plan to add more.");
    expect(en.body.details).toEqual(ru.body.details);
    expect(en.body.details).toMatchObject({ unit: "assistants", current: 3, limit: 3 });
    expect(en.body.code).toBe("PLAN_LIMIT");

    // A plan without an English name is named as it is stored.
    const before = await env.DB.prepare("SELECT translations FROM plans WHERE code = 'trial'").first<{ translations: string }>();
    await env.DB.prepare("UPDATE plans SET translations = json_remove(translations, '$.en.name') WHERE code = 'trial'").run();
    try {
      expect((await fourth(EN)).body.message).toBe("The “Пробный” plan limit is used up: 3 of 3 assistants. Upgrade to a higher plan to add more.");
    } finally {
      await env.DB.prepare("UPDATE plans SET translations = ?1 WHERE code = 'trial'").bind(before!.translations).run();
    }
  });

  it("a 400's field messages, the schema's own and zod's, and its summary", async () => {
    const o = await ownerWithAccount();
    const bad = { key: "Bad Key!", label: "", type: "text", description: 5 };
    const ru = await api("POST", `/accounts/${o.accountId}/custom-fields`, { token: o.token, body: bad });
    const en = await api("POST", `/accounts/${o.accountId}/custom-fields`, { token: o.token, body: bad, headers: EN });
    expect([ru.status, en.status]).toEqual([400, 400]);
    expect(en.body.code).toBe("VALIDATION_ERROR");
    expect(Object.keys(en.body.details.fields).sort()).toEqual(Object.keys(ru.body.details.fields).sort());

    expect(ru.body.details.fields.key).toEqual(["Только латинские строчные буквы, цифры и «_», первой — буква"]);
    expect(en.body.details.fields.key).toEqual(["Only lowercase Latin letters, digits and “_”, starting with a letter"]);
    expect(ru.body.details.fields.label).toEqual(["Введите название поля"]);
    expect(en.body.details.fields.label).toEqual(["Enter the field name"]);
    // zod's own message (the schema has none for a wrong type) comes from its English locale.
    expect(ru.body.details.fields.description[0]).toMatch(/[а-я]/);
    expect(en.body.details.fields.description[0]).toMatch(/^Invalid input: expected string, received number$/);
    // French and Arabic: the schema's own messages from the catalogues, zod's from its French and Arabic locales.
    const fr = await api("POST", `/accounts/${o.accountId}/custom-fields`, { token: o.token, body: bad, headers: { "Accept-Language": "fr" } });
    const ar = await api("POST", `/accounts/${o.accountId}/custom-fields`, { token: o.token, body: bad, headers: { "Accept-Language": "ar" } });
    expect(fr.body.details.fields.label).toEqual([FR_MESSAGES["Введите название поля"]]);
    expect(ar.body.details.fields.label).toEqual([AR_MESSAGES["Введите название поля"]]);
    expect(fr.body.details.fields.description[0]).toMatch(/^Entrée invalide/);
    expect(ar.body.details.fields.description[0]).toMatch(/[\u0600-\u06FF]/);
    for (const b of [fr.body, ar.body]) expect(JSON.stringify(b.details.fields) + b.message).not.toMatch(/[\u0400-\u04FF]/);

    expect(ru.body.message).toBe("Проверьте введённые данные — key: Только латинские строчные буквы, цифры и «_», первой — буква");
    expect(en.body.message).toBe("Please check the data you entered — key: Only lowercase Latin letters, digits and “_”, starting with a letter");
  });

  it("a service's own field messages (a promotion's reversed dates, its kind's missing value)", async () => {
    const o = await ownerWithAccount();
    const create = (body: Record<string, unknown>, headers?: Record<string, string>) =>
      api("POST", `/accounts/${o.accountId}/promotions`, { token: o.token, body: { name: "Скидка", kind: "percent", percent: 10, ...body }, headers });
    const reversed = { validFrom: "2030-05-10", validTo: "2030-05-01" };

    const ru = await create(reversed);
    const en = await create(reversed, EN);
    expect([ru.status, en.status]).toEqual([400, 400]);
    expect(ru.body.details.fields.validTo).toEqual(["Дата окончания должна быть позже даты начала"]);
    expect(en.body.details.fields.validTo).toEqual(["The end date must be later than the start date"]);
    expect(ru.body.message).toBe("Проверьте введённые данные — validTo: Дата окончания должна быть позже даты начала");
    expect(en.body.message).toBe("Please check the data you entered — validTo: The end date must be later than the start date");
    expect(en.body.code).toBe(ru.body.code);

    // The same check on a change, against the stored start.
    const saved = await create({ validFrom: "2030-05-01", validTo: "2030-05-10" });
    expect(saved.status).toBe(201);
    const moved = await api("PATCH", `/accounts/${o.accountId}/promotions/${saved.body.promotionId}`, { token: o.token, body: { validTo: "2030-04-01" }, headers: EN });
    expect(moved.status).toBe(400);
    expect(moved.body.details.fields.validTo).toEqual(["The end date must be later than the start date"]);

    const fixed = await create({ kind: "fixed", percent: null }, EN);
    expect(fixed.status).toBe(400);
    expect(fixed.body.details.fields.amount).toEqual(["Enter the discount amount"]);
    const gift = await create({ kind: "gift", percent: null }, EN);
    expect(gift.status).toBe(400);
    expect(gift.body.details.fields.giftText).toEqual(["Describe the gift or the condition"]);
    expect((await create({ kind: "gift", percent: null })).body.details.fields.giftText).toEqual(["Опишите подарок или условие"]);
  });

  it("a service's field error (fieldError) and the body's malformed JSON", async () => {
    const o = await withCity();
    const rekey = await api("PATCH", `/accounts/${o.accountId}/custom-fields/${o.fieldId}`, { token: o.token, body: { key: "town" }, headers: EN });
    expect(rekey.status).toBe(400);
    expect(rekey.body.details.fields.key).toEqual(["The key cannot be changed after the field is created"]);
    expect(rekey.body.message).toBe("Please check the data you entered — The key cannot be changed after the field is created");

    const malformed = await api("POST", `/accounts/${o.accountId}/custom-fields`, { token: o.token, raw: "{not json", headers: EN });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe("Invalid JSON in the request body");
  });
  it("texts the server stored (an import row's reason) come back worded in English; the user's data stays", async () => {
    const o = await ownerWithAccount();
    const form = new FormData();
    form.set("file", new File(["Имя;Телефон;Город\r\nАнна;123;Москва\r\nБорис;;Казань\r\nВера;+7 912 000-11-22;Москва"], "clients.csv", { type: "text/csv" }));
    form.set("mapping", JSON.stringify({ columns: ["name", "phone", null], dedupe: "phone", platform: null }));
    const started = await SELF.fetch(`${BASE}/api/accounts/${o.accountId}/contacts/import`, { method: "POST", headers: { authorization: `Bearer ${o.token}` }, body: form });
    const startedBody = (await started.json()) as { importId: string };
    expect([started.status, startedBody]).toMatchObject([202, { importId: expect.any(String) }]);
    const { importId } = startedBody;
    const path = `/accounts/${o.accountId}/contacts/import/${importId}`;
    let ru = await api("GET", path, { token: o.token });
    for (let i = 0; i < 200 && ru.body.status === "running"; i++) {
      await new Promise((ok) => setTimeout(ok, 100));
      ru = await api("GET", path, { token: o.token });
    }
    const en = await api("GET", path, { token: o.token, headers: EN });
    expect(ru.body.issues.map((i: any) => [i.column, i.value, i.reason])).toEqual([
      ["Телефон", "123", "слишком короткий номер"],
      ["", "", "нет ни телефона, ни ID в канале: контакт не найти и не создать"],
    ]);
    expect(en.body.issues.map((i: any) => [i.column, i.value, i.reason])).toEqual([
      ["Телефон", "123", "the number is too short"],
      ["", "", "neither a phone number nor a channel ID: the contact can be neither found nor created"],
    ]);
    expect(en.headers.get("vary")).toMatch(/Accept-Language/i);
    expect(en.body.fileName).toBe("clients.csv");
    expect({ ...en.body, issues: undefined }).toEqual({ ...ru.body, issues: undefined });
  });
});
