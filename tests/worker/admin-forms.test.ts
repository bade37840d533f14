import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../worker/db/client";
import { newId } from "../../worker/lib/ids";
import { adminToken } from "./channel-helpers";
import { api, ownerWithAccount, registerUser, uniqueEmail } from "./helpers";
import { createChannel } from "./inbox-helpers";
import { APPLICATION } from "./partner-helpers";

/**
 * The platform administrators' editors (QA pass 22): what the server refuses says what is wrong in
 * Russian, on the field, in roubles; a PATCH keeps what it does not name; the audit log names what
 * was changed; the account page shows a channel's connection as the account sees it.
 */
const units = { aiReplies: 100, messagesIn: 100, messagesOut: 100, broadcastRecipients: 10, assistants: 1, channels: 1, seats: 1 };
const overage = { aiReplies: 100, messagesIn: 1, messagesOut: 1, broadcastRecipients: 0 };
const planBody = (over: Record<string, unknown> = {}) => ({ code: `q${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`, name: "Проверочный", monthlyPriceKopecks: 10000, yearlyPriceKopecks: 100000, included: units, overage, ...over });

describe("admin plans", () => {
  it("a PATCH of one field keeps the description, the «В продаже» switch and the order as stored", async () => {
    const admin = await adminToken();
    const created = await api("POST", "/admin/plans", { token: admin, body: planBody({ description: "Для небольших магазинов", active: false, sortOrder: 7 }) });
    expect(created.status).toBe(201);
    const patched = await api("PATCH", `/admin/plans/${created.body.id}`, { token: admin, body: { name: "Переименованный" } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: "Переименованный", description: "Для небольших магазинов", active: false, sortOrder: 7, monthlyPriceKopecks: 10000 });
    const stored = await env.DB.prepare("SELECT description, active, sort_order AS sortOrder FROM plans WHERE id = ?").bind(created.body.id).first();
    expect(stored).toEqual({ description: "Для небольших магазинов", active: 0, sortOrder: 7 });
    // A POST without them still gets the defaults.
    const plain = await api("POST", "/admin/plans", { token: admin, body: planBody() });
    expect(plain.body).toMatchObject({ description: "", active: true, sortOrder: 0 });
  });

  it("refuses out-of-range prices, long texts and negative numbers with Russian sentences on the fields, in roubles", async () => {
    const admin = await adminToken();
    const res = await api("POST", "/admin/plans", {
      token: admin,
      body: planBody({ name: "Я".repeat(61), description: "о".repeat(301), monthlyPriceKopecks: 9_999_999_999_900, yearlyPriceKopecks: -100, sortOrder: -3, included: { ...units, aiReplies: -5 }, overage: { ...overage, aiReplies: 1_000_001 } }),
    });
    expect(res.status).toBe(400);
    expect(res.body.details.fields).toMatchObject({
      name: ["Название — не длиннее 60 символов"],
      description: ["Описание — не длиннее 300 символов"],
      monthlyPriceKopecks: ["Не больше 100 000 000 ₽"],
      yearlyPriceKopecks: ["Сумма не может быть отрицательной"],
      sortOrder: ["Порядок — не меньше 0"],
      "included.aiReplies": ["Не меньше 0"],
      "overage.aiReplies": ["Не больше 10 000 ₽"],
    });
    expect(JSON.stringify(Object.values(res.body.details.fields))).not.toMatch(/[A-Za-z]{4,}|<=/);
  });

  it("a taken code is a 409 that names the «Код» field", async () => {
    const admin = await adminToken();
    const res = await api("POST", "/admin/plans", { token: admin, body: planBody({ code: "business" }) });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("PLAN_CODE_TAKEN");
    expect(res.body.details.fields).toEqual({ code: ["Тариф с кодом «business» уже есть"] });
  });
});

describe("admin broadcast packages", () => {
  it("a PATCH without `active` keeps a switched-off package switched off", async () => {
    const admin = await adminToken();
    const pkg = await api("POST", "/admin/broadcast-packages", { token: admin, body: { name: "Выключенный", recipients: 1000, price: 490, validityDays: 30, active: false } });
    expect(pkg.status).toBe(201);
    expect(pkg.body.active).toBe(false);
    const renamed = await api("PATCH", `/admin/broadcast-packages/${pkg.body.id}`, { token: admin, body: { name: "Переименованный" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Переименованный", active: false, recipients: 1000, validityDays: 30 });
    const stored = await env.DB.prepare("SELECT active FROM broadcast_packages WHERE id = ?").bind(pkg.body.id).first<{ active: number }>();
    expect(stored?.active).toBe(0);
  });
});

describe("admin balance adjustments", () => {
  it("refuses a zero, a sum over 1 000 000 ₽ and a reason over 500 characters with field messages, and writes nothing", async () => {
    const o = await ownerWithAccount();
    const admin = await adminToken();
    const post = (body: unknown) => api("POST", `/admin/accounts/${o.accountId}/balance-adjustments`, { token: admin, body });
    const huge = await post({ amountKopecks: 999_999_999_999_900, reason: "Тест" });
    expect(huge.status).toBe(400);
    expect(huge.body.details.fields.amountKopecks).toEqual(["Начисление — не больше 1 000 000 ₽ за раз"]);
    expect((await post({ amountKopecks: -999_999_999_900, reason: "Тест" })).body.details.fields.amountKopecks).toEqual(["Списание — не больше 1 000 000 ₽ за раз"]);
    expect((await post({ amountKopecks: 0, reason: "Тест" })).body.details.fields.amountKopecks).toEqual(["Сумма не может быть нулевой"]);
    const long = await post({ amountKopecks: 100, reason: "Причина ".repeat(200) });
    expect(long.status).toBe(400);
    expect(long.body.details.fields.reason).toEqual(["Причина — не длиннее 500 символов"]);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM ledger_entries WHERE account_id = ? AND type = 'adjustment'").bind(o.accountId).first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
});

describe("the audit log names what was changed", () => {
  it("a balance correction names the account (linkable), a partner's approval names the applicant", async () => {
    const o = await ownerWithAccount("Владелец", "Кофейня «Зерно»");
    const admin = await adminToken();
    expect((await api("POST", `/admin/accounts/${o.accountId}/balance-adjustments`, { token: admin, body: { amountKopecks: 500, reason: "Бонус" } })).status).toBe(201);

    const email = uniqueEmail("applicant");
    const user = await registerUser("Ирина Соколова", email);
    const applied = await api("POST", "/partners/applications", { token: user.token, body: { ...APPLICATION, email } });
    expect(applied.status).toBe(201);
    expect((await api("POST", `/admin/partners/applications/${applied.body.id}/approve`, { token: admin, body: { ratePercent: 15 } })).status).toBe(200);

    const log = await api("GET", "/admin/audit-log?limit=100", { token: admin });
    const adjust = log.body.data.find((e: any) => e.action === "balance.adjust" && e.accountId === o.accountId);
    expect(adjust.target).toEqual({ kind: "account", name: "Кофейня «Зерно»", accountId: o.accountId });
    const approve = log.body.data.find((e: any) => e.action === "partner.approve" && e.targetId === applied.body.id);
    expect(approve.target).toEqual({ kind: "partner", name: "Ирина Соколова (Агентство «Сокол»)" });
  });

  it("a deleted account keeps its name in the log, without a link", async () => {
    const o = await ownerWithAccount("Владелец", "Удаляемый магазин");
    const admin = await adminToken();
    await api("POST", `/admin/accounts/${o.accountId}/balance-adjustments`, { token: admin, body: { amountKopecks: 500, reason: "Бонус" } });
    expect((await api("DELETE", `/admin/accounts/${o.accountId}`, { token: admin, body: { confirm: "Удаляемый магазин" } })).status).toBe(200);
    const log = await api("GET", `/admin/audit-log?accountId=${o.accountId}`, { token: admin });
    expect(log.body.data.map((e: any) => e.target)).toEqual([
      { kind: "account", name: "Удаляемый магазин", accountId: null },
      { kind: "account", name: "Удаляемый магазин", accountId: null },
    ]);
  });
});

describe("partner approval and rate", () => {
  async function pending() {
    const email = uniqueEmail("applicant");
    const user = await registerUser("Заявитель", email);
    const applied = await api("POST", "/partners/applications", { token: user.token, body: { ...APPLICATION, email } });
    expect(applied.status).toBe(201);
    return applied.body.id as string;
  }

  it("a rate that is not a number or out of range is refused on the field in one sentence; the application stays pending", async () => {
    const admin = await adminToken();
    const id = await pending();
    for (const ratePercent of [null, "abc", -5, 0, 150]) {
      const res = await api("POST", `/admin/partners/applications/${id}/approve`, { token: admin, body: { ratePercent } });
      expect(res.status).toBe(400);
      expect(res.body.details.fields).toEqual({ ratePercent: ["Ставка — число от 0,01 до 100 %"] });
    }
    const row = await env.DB.prepare("SELECT status FROM partner_applications WHERE id = ?").bind(id).first<{ status: string }>();
    expect(row?.status).toBe("pending");

    const ok = await api("POST", `/admin/partners/applications/${id}/approve`, { token: admin, body: { ratePercent: 12.5 } });
    expect(ok.body.ratePercent).toBe(12.5);
    const partner = await env.DB.prepare("SELECT id FROM partners WHERE application_id = ?").bind(id).first<{ id: string }>();
    const bad = await api("PATCH", `/admin/partners/${partner!.id}`, { token: admin, body: { ratePercent: null } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields).toEqual({ ratePercent: ["Ставка — число от 0,01 до 100 %"] });
  });
});

describe("admin account page: channels", () => {
  it("says whether each channel is connected as the account's own page does, apart from its switch", async () => {
    const o = await ownerWithAccount();
    const admin = await adminToken();
    // A WhatsApp row left without credentials (never finished, or disconnected): switched on, not connected.
    await createChannel(o.accountId, { platform: "WHATSAPP" });
    const now = Date.now();
    const db = getDb(env.DB);
    await db.insert(schema.channels).values({ id: newId(), accountId: o.accountId, platform: "TELEGRAM", externalId: `tg-${now}`, name: "@bot", credentials: "sealed", state: { connected: true }, enabled: false, createdAt: now + 1, updatedAt: now });
    await db.insert(schema.channels).values({ id: newId(), accountId: o.accountId, platform: "WHATSAPP", externalId: `wa-${now}`, name: "+7", credentials: "sealed", state: { connected: true, stateInstance: "notAuthorized" }, createdAt: now + 2, updatedAt: now });
    const page = await api("GET", `/admin/accounts/${o.accountId}`, { token: admin });
    expect(page.body.channels.map((c: any) => ({ platform: c.platform, connection: c.connection, enabled: c.enabled, problem: c.problem }))).toEqual([
      { platform: "WHATSAPP", connection: "notConnected", enabled: false, problem: null },
      { platform: "TELEGRAM", connection: "connected", enabled: false, problem: null },
      { platform: "WHATSAPP", connection: "error", enabled: true, problem: "notAuthorized" },
    ]);
  });
});
