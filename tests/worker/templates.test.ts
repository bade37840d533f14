import { beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error — plain ESM seed script, the same SQL `npm start` applies
import { assistantsSeed, TEMPLATES } from "../../scripts/seed-assistants.mjs";
import { adminToken } from "./channel-helpers";
import { addMember, api, createAccount, env, ownerWithAccount } from "./helpers";

const q = (v: unknown) => (v === null || v === undefined ? "NULL" : typeof v === "number" || typeof v === "boolean" ? String(Number(v)) : `'${String(v).replace(/'/g, "''")}'`);

let root: { token: string };

beforeAll(async () => {
  // The seeded template library (the demo assistant needs the demo account, which tests don't have).
  const sql = (assistantsSeed(Date.now(), q) as string[]).filter((s) => !s.includes("INTO assistants ")).map((s) => s.replace("'admin-user'", "NULL"));
  await env.DB.batch(sql.map((s) => env.DB.prepare(s)));
  root = { token: await adminToken() };
});

const user = () => ownerWithAccount("Пользователь", "Кофейня");

describe("assistant templates", () => {
  it("lists the seeded Russian templates, searches text and tags case-insensitively", async () => {
    const u = await user();
    const all = await api("GET", "/assistants/templates", { token: u.token });
    expect(all.status).toBe(200);
    expect(all.body.meta.total).toBeGreaterThanOrEqual(6);
    const names = all.body.data.map((t: any) => t.name);
    for (const t of TEMPLATES as { name: string }[]) expect(names).toContain(t.name);
    const salon = all.body.data.find((t: any) => t.templateId === "tpl-beauty-salon");
    expect(salon).toMatchObject({ assistantId: "tpl-beauty-salon", tags: ["Красота", "Запись", "Услуги"], model: "gpt-4.1-mini", language: "ru" });
    expect(salon.instructions).toMatch(/администратор салона/);

    const byText = await api("GET", `/assistants/templates?q=${encodeURIComponent("САЛОН")}`, { token: u.token });
    expect(byText.body.data.map((t: any) => t.templateId)).toEqual(["tpl-beauty-salon"]);
    const byTagWord = await api("GET", `/assistants/templates?q=${encodeURIComponent("недвижимость")}`, { token: u.token });
    expect(byTagWord.body.data.map((t: any) => t.templateId)).toEqual(["tpl-real-estate"]);
    const byTags = await api("GET", `/assistants/templates?tags=${encodeURIComponent("Запись,Медицина")}`, { token: u.token });
    expect(byTags.body.data.map((t: any) => t.templateId)).toEqual(["tpl-clinic"]);
    const nothing = await api("GET", `/assistants/templates?q=${encodeURIComponent("космодром")}`, { token: u.token });
    expect(nothing.body).toMatchObject({ data: [], meta: { total: 0 } });

    const tags = await api("GET", "/assistants/template-tags", { token: u.token });
    expect(tags.status).toBe(200);
    const zapis = tags.body.data.find((t: any) => t.name === "Запись");
    expect(zapis.count).toBe(3);
    expect((await api("GET", "/assistants/templates")).status).toBe(401);
  });

  it("copies a template into an account (counting a use) and counts uses on demand", async () => {
    const u = await user();
    const before = (await api("GET", "/assistants/templates/tpl-clinic", { token: u.token })).body.usageCount;
    const copy = await api("POST", `/assistants/tpl-clinic/copy-template?accountId=${u.accountId}`, { token: u.token, body: { name: "Регистратура" } });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: "Регистратура", accountId: u.accountId, templateId: "tpl-clinic", tools: ["handoff_to_operator", "get_current_datetime", "save_contact_fact"] });
    expect(copy.body.instructions).toMatch(/регистратуры/);
    const list = await api("GET", `/accounts/${u.accountId}/assistants`, { token: u.token });
    expect(list.body.data.map((a: any) => a.assistantId)).toEqual([copy.body.assistantId]);
    // without a body too (the name comes from the template)
    const plain = await api("POST", `/assistants/tpl-clinic/copy-template?accountId=${u.accountId}`, { token: u.token });
    expect(plain.status).toBe(201);
    expect(plain.body.name).toBe("Медицинская клиника");
    const count = await api("POST", "/assistants/tpl-clinic/template-count-add", { token: u.token });
    expect(count.status).toBe(200);
    expect(count.body.usageCount).toBe(before + 3);
    expect((await api("POST", "/assistants/tpl-nope/template-count-add", { token: u.token })).status).toBe(404);
  });

  it("does not copy into an account the caller is not a member of, nor as an operator", async () => {
    const u = await user();
    const stranger = await user();
    const r = await api("POST", `/assistants/tpl-clinic/copy-template?accountId=${u.accountId}`, { token: stranger.token });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("ACCOUNT_NOT_FOUND");
    const op = await addMember(u.token, u.accountId, "operator");
    expect((await api("POST", `/assistants/tpl-clinic/copy-template?accountId=${u.accountId}`, { token: op.token })).status).toBe(403);
    const noAccount = await api("POST", "/assistants/tpl-clinic/copy-template", { token: u.token });
    expect(noAccount.status).toBe(400);
    expect(noAccount.body.details.fields.accountId).toBeTruthy();
    const badName = await api("POST", `/assistants/tpl-clinic/copy-template?accountId=${u.accountId}`, { token: u.token, body: { name: "" } });
    expect(badName.status).toBe(400);
    expect((await api("GET", `/accounts/${u.accountId}/assistants`, { token: u.token })).body.data).toHaveLength(0);
  });

  it("lets only platform administrators publish, edit and delete templates", async () => {
    const u = await user();
    const a = await api("POST", `/accounts/${u.accountId}/assistants`, { token: u.token, body: { name: "Бариста", instructions: "Ты — бариста кофейни.", knowledge: "Капучино — 250 ₽" } });
    const id = a.body.assistantId;
    // a regular user cannot publish, edit or delete
    expect((await api("POST", `/assistants/${id}/copy-to-template?accountId=${u.accountId}`, { token: u.token })).status).toBe(403);
    expect((await api("PATCH", "/assistants/templates/tpl-education", { token: u.token, body: { name: "Взлом" } })).status).toBe(403);
    expect((await api("DELETE", "/assistants/templates/tpl-education", { token: u.token })).status).toBe(403);

    // the administrator must be a member of the source account
    expect((await api("POST", `/assistants/${id}/copy-to-template?accountId=${u.accountId}`, { token: root.token })).status).toBe(404);
    const adminAccount = await createAccount(root.token, "Витрина шаблонов");
    const src = await api("POST", `/accounts/${adminAccount}/assistants`, { token: root.token, body: { name: "Кофейня", instructions: "Ты — бариста кофейни.", knowledge: "Капучино — 250 ₽" } });
    const pub = await api("POST", `/assistants/${src.body.assistantId}/copy-to-template?accountId=${adminAccount}`, {
      token: root.token,
      body: { description: "Кофейня с собой и доставкой", tags: ["Общепит", "Кофе"] },
    });
    expect(pub.status).toBe(201);
    expect(pub.body).toMatchObject({ name: "Кофейня", description: "Кофейня с собой и доставкой", tags: ["Общепит", "Кофе"], usageCount: 0, isPublished: true, knowledge: "Капучино — 250 ₽" });
    const tplId = pub.body.templateId;
    expect((await api("GET", `/assistants/templates?q=${encodeURIComponent("кофе")}`, { token: u.token })).body.data.map((t: any) => t.templateId)).toEqual([tplId]);

    const bad = await api("PATCH", `/assistants/templates/${tplId}`, { token: root.token, body: { temperature: 5, tags: Array(11).fill("x") } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details.fields).sort()).toEqual(["tags", "temperature"]);
    const hide = await api("PATCH", `/assistants/templates/${tplId}`, { token: root.token, body: { isPublished: false, name: "Кофейня у дома" } });
    expect(hide.status).toBe(200);
    expect(hide.body).toMatchObject({ name: "Кофейня у дома", isPublished: false, message: "Шаблон обновлен" });
    // unpublished: gone for users, visible to administrators
    expect((await api("GET", `/assistants/templates?q=${encodeURIComponent("кофейня")}`, { token: u.token })).body.data).toHaveLength(0);
    expect((await api("GET", `/assistants/templates/${tplId}`, { token: u.token })).status).toBe(404);
    expect((await api("POST", `/assistants/${tplId}/copy-template?accountId=${u.accountId}`, { token: u.token })).status).toBe(404);
    expect((await api("GET", `/assistants/templates?q=${encodeURIComponent("кофейня")}`, { token: root.token })).body.data).toHaveLength(1);

    const del = await api("DELETE", `/assistants/templates/${tplId}`, { token: root.token });
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ assistantId: tplId, message: "Шаблон удален" });
    expect((await api("GET", `/assistants/templates/${tplId}`, { token: root.token })).status).toBe(404);
    expect((await api("DELETE", `/assistants/templates/${tplId}`, { token: root.token })).status).toBe(404);
  });

  it("administrators edit every configuration field of a template; copies take the new configuration", async () => {
    const u = await user();
    const config = {
      model: "gpt-4o-mini",
      language: "en",
      temperature: 1.2,
      maxReplyTokens: 900,
      debounceSeconds: 7,
      greeting: "Hello! Ready to take your order.",
      knowledge: "Delivery 30–60 min",
      tools: ["get_current_datetime"],
      handoffKeywords: ["Manager", "жалоба"],
      handoffMessage: "A person will answer shortly.",
    };
    const r = await api("PATCH", "/assistants/templates/tpl-restaurant-delivery", { token: root.token, body: config });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ...config, handoffKeywords: ["manager", "жалоба"], message: "Шаблон обновлен" });
    // what a user sees after a reload, and what a copy starts from
    const seen = await api("GET", "/assistants/templates/tpl-restaurant-delivery", { token: u.token });
    expect(seen.body).toMatchObject({ ...config, handoffKeywords: ["manager", "жалоба"] });
    const copy = await api("POST", `/assistants/tpl-restaurant-delivery/copy-template?accountId=${u.accountId}`, { token: u.token });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ ...config, handoffKeywords: ["manager", "жалоба"], templateId: "tpl-restaurant-delivery" });

    // out-of-range values: 400 with a Russian message per field, nothing stored
    const bad = await api("PATCH", "/assistants/templates/tpl-restaurant-delivery", {
      token: root.token,
      body: { model: "gpt 5", language: "de", temperature: 2.5, maxReplyTokens: 10, debounceSeconds: 61, tools: ["rm_rf"], handoffMessage: "x".repeat(501), greeting: "x".repeat(1001) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields).toEqual({
      model: ["Идентификатор модели: латинские буквы, цифры и символы . _ - : / @ +, без пробелов"],
      language: ["Язык: ru, en, ar или fr"],
      temperature: ["Температура от 0 до 2"],
      maxReplyTokens: ["Не меньше 50 токенов"],
      debounceSeconds: ["От 0 до 60 секунд"],
      "tools.0": ["Неизвестный инструмент"],
      handoffMessage: ["Не длиннее 500 символов"],
      greeting: ["Приветствие не длиннее 1000 символов"],
    });
    const after = await api("GET", "/assistants/templates/tpl-restaurant-delivery", { token: u.token });
    expect(after.body).toMatchObject({ temperature: 1.2, debounceSeconds: 7, model: "gpt-4o-mini" });
    // a template has no active flag: isActive is not a template field
    const active = await api("PATCH", "/assistants/templates/tpl-restaurant-delivery", { token: root.token, body: { isActive: false } });
    expect(active.status).toBe(400);
  });
});
