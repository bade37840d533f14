import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { runBillingTick } from "../../worker/features/billing/renewal";
import { channelRow, deliver, payerActs, planId, setUsageToday, ykRequests } from "./billing-helpers";
import { adminToken, botToken } from "./channel-helpers";
import { api, ownerWithAccount } from "./helpers";

/**
 * QA's billing defects: the free plan's caps, the channel cap counting connected channels only, the
 * saved card named one way, and payments and ledger rows described by parameters (the SPA words them
 * in the reader's language; the stored Russian text stays for YooKassa and as the fallback).
 */
const TRIAL = "0000000000plantrial";
const migration = () => (env as unknown as { TEST_MIGRATIONS: { name: string; queries: string[] }[] }).TEST_MIGRATIONS.find((m) => m.name.startsWith("0043_"))!;
const runMigration = async () => {
  for (const q of migration().queries) await env.DB.prepare(q).run();
};
const trialIncluded = async () => JSON.parse((await env.DB.prepare("SELECT included FROM plans WHERE id = ?").bind(TRIAL).first<{ included: string }>())!.included) as Record<string, number>;
const setTrialIncluded = (included: Record<string, number>) => env.DB.prepare("UPDATE plans SET included = ? WHERE id = ?").bind(JSON.stringify(included), TRIAL).run();
const SEEDED = { aiReplies: 500, messagesIn: 2000, messagesOut: 2000, broadcastRecipients: 100, assistants: 5, channels: 5, seats: 5 };

/** Moves the account to a plan of one channel (the trial's caps otherwise): the three messengers never fill three places on their own. */
async function onPlanOfOneChannel(accountId: string) {
  const plan = `plan-one-channel-${accountId}`;
  await env.DB.prepare(
    "INSERT INTO plans (id, code, name, description, monthly_price_kopecks, yearly_price_kopecks, included, overage, active, sort_order, created_at, updated_at) SELECT ?1, ?1, 'Один канал', '', 0, 0, json_set(included, '$.channels', 1), overage, 0, 99, 0, 0 FROM plans WHERE id = ?2",
  )
    .bind(plan, TRIAL)
    .run();
  await env.DB.prepare("UPDATE subscriptions SET plan_id = ? WHERE account_id = ?").bind(plan, accountId).run();
}

const units = async (o: { accountId: string; token: string }) => (await api("GET", `/accounts/${o.accountId}/billing`, { token: o.token })).body.units as { unit: string; used: number; included: number }[];
const ledger = async (o: { accountId: string; token: string }) => (await api("GET", `/accounts/${o.accountId}/ledger?limit=50`, { token: o.token })).body.data as any[];
const payments = async (o: { accountId: string; token: string }) => (await api("GET", `/accounts/${o.accountId}/payments?limit=50`, { token: o.token })).body.data as any[];

async function buy(o: { accountId: string; token: string }, body: Record<string, unknown>) {
  const c = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { email: "owner@uyut.ru", ...body } });
  expect(c.status).toBe(201);
  await deliver((await payerActs(c.body.paymentId)).notification);
  return c.body.paymentId as string;
}

describe("billing: the free plan's caps", () => {
  it("the trial includes no more than the paid «Старт»", async () => {
    const plans = (await api("GET", "/plans")).body.data as { code: string; included: Record<string, number> }[];
    const trial = plans.find((p) => p.code === "trial")!;
    const start = plans.find((p) => p.code === "start")!;
    expect(trial.included).toMatchObject({ assistants: 3, channels: 3, seats: 3 });
    for (const cap of ["assistants", "channels", "seats"]) expect(trial.included[cap]).toBeLessThanOrEqual(start.included[cap]!);
    const o = await ownerWithAccount();
    expect((await units(o)).filter((u) => ["assistants", "channels", "seats"].includes(u.unit)).map((u) => [u.unit, u.included])).toEqual([
      ["assistants", 3],
      ["channels", 3],
      ["seats", 3],
    ]);
  });

  it("the migration changes the seeded row only while it has the seeded caps: an administrator's edits stay", async () => {
    const before = await trialIncluded();
    try {
      await setTrialIncluded(SEEDED);
      await runMigration();
      expect(await trialIncluded()).toEqual({ ...SEEDED, assistants: 3, channels: 3, seats: 3 });
      const edited = { ...SEEDED, assistants: 2 };
      await setTrialIncluded(edited);
      await runMigration();
      expect(await trialIncluded()).toEqual(edited);
    } finally {
      await setTrialIncluded(before);
    }
  });
});

describe("billing: the channel cap counts connected channels", () => {
  it("rows without credentials take no place: /billing and the 402 agree", async () => {
    const o = await ownerWithAccount();
    await channelRow(o.accountId, "WHATSAPP", false);
    await channelRow(o.accountId, "INSTAGRAM", false);
    // A row whose secrets were forgotten but whose state still says connected is not connected either.
    await env.DB.prepare(`UPDATE channels SET state = '{"connected":true}' WHERE account_id = ? AND platform = 'INSTAGRAM'`).bind(o.accountId).run();
    expect((await units(o)).find((u) => u.unit === "channels")).toMatchObject({ used: 0, included: 3 });
    const tg = await api("PUT", `/accounts/${o.accountId}/platform-telegram`, { token: o.token, body: { botToken: botToken() } });
    expect(tg.status, JSON.stringify(tg.body)).toBe(200);
    expect((await units(o)).find((u) => u.unit === "channels")).toMatchObject({ used: 1, included: 3 });
  });

  it("on a plan of one channel, a connected channel fills its place: a new one is a 402 with the page's numbers", async () => {
    const o = await ownerWithAccount();
    await onPlanOfOneChannel(o.accountId);
    await channelRow(o.accountId, "INSTAGRAM", true);
    await channelRow(o.accountId, "WHATSAPP", false);
    expect((await units(o)).find((u) => u.unit === "channels")).toMatchObject({ used: 1, included: 1 });
    const tg = await api("PUT", `/accounts/${o.accountId}/platform-telegram`, { token: o.token, body: { botToken: botToken() } });
    expect(tg.status).toBe(402);
    expect(tg.body.message).toBe("Лимит тарифа «Один канал» исчерпан: подключённых каналов 1 из 1. Перейдите на тариф выше, чтобы добавить ещё.");
    expect(tg.body.details).toMatchObject({ unit: "channels", current: 1, limit: 1 });
  });

  it("reconnecting a row a disconnect left behind takes a place again: a 402 when the plan is full", async () => {
    const o = await ownerWithAccount();
    await onPlanOfOneChannel(o.accountId);
    await channelRow(o.accountId, "TELEGRAM", false);
    await channelRow(o.accountId, "INSTAGRAM", true);
    const tg = await api("PUT", `/accounts/${o.accountId}/platform-telegram`, { token: o.token, body: { botToken: botToken() } });
    expect(tg.status, JSON.stringify(tg.body)).toBe(402);
    expect(tg.body.details).toMatchObject({ unit: "channels", current: 1, limit: 1 });
    // With the place free, the same row is connected again.
    await env.DB.prepare("UPDATE channels SET credentials = NULL WHERE account_id = ? AND platform = 'INSTAGRAM'").bind(o.accountId).run();
    const again = await api("PUT", `/accounts/${o.accountId}/platform-telegram`, { token: o.token, body: { botToken: botToken() } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM channels WHERE account_id = ? AND platform = 'TELEGRAM'").bind(o.accountId).first<{ n: number }>())!.n).toBe(1);
  });
});

describe("billing: cards and descriptions", () => {
  it("old saved cards are renamed by type and last digits; payments keep the digits when the card is gone", async () => {
    const o = await ownerWithAccount();
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO payment_methods (id, account_id, provider, provider_method_id, type, title, card_last4, card_type, expiry, created_at, updated_at) VALUES (?, ?, 'yookassa', ?, 'bank_card', 'Bank card *1234', '1234', 'Mir', '01/2031', ?, ?)",
      ).bind(`pm-${o.accountId}`, o.accountId, `ext-${o.accountId}`, now, now),
      ...[
        ["with", `pm-${o.accountId}`, "Bank card *1234"],
        ["gone", null, "Bank card *9876"],
        ["wallet", null, "YooMoney wallet 410011758831136"],
      ].map(([tag, method, title]) =>
        env.DB.prepare(
          "INSERT INTO payments (id, account_id, provider, idempotence_key, purpose, amount_kopecks, status, description, payment_method_id, method_title, created_at, updated_at) VALUES (?, ?, 'yookassa', ?, 'topup', 10000, 'succeeded', 'Пополнение баланса на 100 ₽', ?, ?, ?, ?)",
        ).bind(`pay-${tag}-${o.accountId}`, o.accountId, `key-${tag}-${o.accountId}`, method, title, now, now),
      ),
    ]);
    await runMigration();
    const methods = await api("GET", `/accounts/${o.accountId}/payment-methods`, { token: o.token });
    expect(methods.body.data[0]).toMatchObject({ title: "Mir •••• 1234", cardType: "Mir", cardLast4: "1234" });
    const byId = new Map((await payments(o)).map((p) => [p.id.split("-")[1], p]));
    expect(byId.get("with")).toMatchObject({ methodTitle: "Mir •••• 1234", method: { type: "bank_card", cardType: "Mir", cardLast4: "1234" } });
    expect(byId.get("gone")).toMatchObject({ methodTitle: "•••• 9876", method: { type: "bank_card", cardType: null, cardLast4: "9876" } });
    expect(byId.get("wallet")).toMatchObject({ methodTitle: "YooMoney wallet 410011758831136", method: { type: null, title: "YooMoney wallet 410011758831136" } });
  });

  it("payments and ledger rows carry what they are about; YooKassa still gets the Russian description", async () => {
    const o = await ownerWithAccount();
    const topup = await buy(o, { kind: "topup", amountKopecks: 300000 });
    // Paid by card in full (the balance would pay first otherwise), so its rows are a card payment and a purchase.
    const plan = await buy(o, { kind: "plan", planId: await planId("business"), period: "month", useBalance: false });
    const admin = await adminToken();
    await api("POST", `/admin/accounts/${o.accountId}/balance-adjustments`, { token: admin, body: { amountKopecks: 50000, reason: "Бонус" } });
    await api("POST", `/admin/payments/${topup}/refunds`, { token: admin, body: { amountKopecks: 10000, reason: "Клиент передумал" } });
    await setUsageToday(o.accountId, "aiReplies", 10_240, "gpt-4o-mini");
    await api("GET", `/accounts/${o.accountId}/billing`, { token: o.token }); // settles the usage beyond the plan

    const pays = await payments(o);
    expect(pays.find((p) => p.id === topup)).toMatchObject({ description: expect.stringMatching(/^Пополнение баланса на 3\s000 ₽$/), details: { kind: "topup", amountKopecks: 300000, invoiceNumber: null } });
    expect(pays.find((p) => p.id === plan)).toMatchObject({ description: "Тариф «Бизнес» на месяц", details: { kind: "plan", plan: "Бизнес", period: "month" } });
    const sent = await ykRequests((r) => r.method === "POST" && r.path === "/v3/payments" && r.body?.metadata?.paymentId === plan);
    expect(sent[0]!.body.description).toBe("Тариф «Бизнес» на месяц");

    const rows = await ledger(o);
    const details = rows.map((e) => [e.type, e.details]);
    // The plan's name in the other languages rides beside the Russian one (migration 0046).
    const business = expect.objectContaining({ en: expect.objectContaining({ name: "Business" }), fr: expect.objectContaining({ name: "Business" }), ar: expect.objectContaining({ name: "الأعمال" }) });
    expect(details).toEqual(
      expect.arrayContaining([
        ["topup", { kind: "payment", item: { kind: "topup", amountKopecks: 300000, invoiceNumber: null } }],
        ["topup", { kind: "payment", item: { kind: "plan", plan: "Бизнес", planTranslations: business, period: "month" } }],
        ["subscription", { kind: "purchase", item: { kind: "plan", plan: "Бизнес", planTranslations: business, period: "month" } }],
        ["adjustment", { kind: "adjustment", credit: true }],
        ["refund", { kind: "refund", item: { kind: "topup", amountKopecks: 300000, invoiceNumber: null } }],
        ["charge", { kind: "usage", metric: "aiReplies", units: 240 }],
      ]),
    );
    // The stored text is unchanged (the fallback, and what acts and receipts print).
    expect(rows.find((e) => e.type === "charge").description).toBe("Сверх тарифа: 240 ответов ИИ");
    const receipt = await api("GET", `/accounts/${o.accountId}/payments/${plan}/receipt`, { token: o.token });
    expect(receipt.body.payment.details).toEqual({ kind: "plan", plan: "Бизнес", planTranslations: business, period: "month" });
    expect(receipt.body.ledger.map((e: any) => e.details.kind).sort()).toEqual(["payment", "purchase"]);
    expect(receipt.body.receipt.items[0].description).toBe("Тариф «Бизнес» на месяц");
  });

  it("an auto top-up and a renewal from the balance are described; the auto top-up's text at YooKassa stays Russian", async () => {
    const o = await ownerWithAccount();
    await buy(o, { kind: "plan", planId: await planId("start"), period: "month" });
    await api("PUT", `/accounts/${o.accountId}/billing/auto-topup`, { token: o.token, body: { enabled: true, thresholdKopecks: 100000, amountKopecks: 250000 } });
    await runBillingTick(env);
    const auto = (await payments(o)).find((p) => p.purpose === "auto_topup");
    expect(auto).toMatchObject({ description: expect.stringMatching(/^Автопополнение баланса на 2\s500 ₽$/), details: { kind: "autoTopup", amountKopecks: 250000 }, method: { type: "bank_card", cardType: "MasterCard", cardLast4: "4444" } });
    const [charge] = await ykRequests((r) => r.method === "POST" && r.path === "/v3/payments" && r.body?.metadata?.paymentId === auto.id);
    expect(charge!.body.description).toBe(auto.description);
    // The balance (2 500 ₽) covers «Старт» (1 990 ₽): the period is renewed from it.
    await env.DB.prepare("UPDATE subscriptions SET period_end = ? WHERE account_id = ?").bind(Date.now() - 1000, o.accountId).run();
    await runBillingTick(env);
    const renewal = (await ledger(o)).find((e) => e.type === "subscription" && !e.paymentId);
    expect(renewal).toMatchObject({ description: "Продление тарифа «Старт» с баланса", details: { kind: "renewalFromBalance", plan: "Старт" } });
  });

  it("a bank transfer names its invoice", async () => {
    const o = await ownerWithAccount();
    await api("PUT", `/accounts/${o.accountId}/requisites`, { token: o.token, body: { legalName: "ООО «Уют»", inn: "7707083893", kpp: "770701001", address: "г. Москва, ул. Тверская, д. 1", email: "buh@uyut.ru" } });
    const inv = (await api("POST", `/accounts/${o.accountId}/billing/invoices`, { token: o.token, body: { kind: "topup", amountKopecks: 500000 } })).body;
    expect((await api("POST", `/admin/billing/invoices/${inv.id}/mark-paid`, { token: await adminToken() })).status).toBe(200);
    const [p] = await payments(o);
    expect(p).toMatchObject({ details: { kind: "topup", amountKopecks: 500000, invoiceNumber: inv.number }, method: { type: "bank_transfer", invoiceNumber: inv.number } });
  });
});
