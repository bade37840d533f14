import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { runBillingTick } from "../../worker/features/billing/renewal";
import { periodEndFrom } from "../../worker/features/billing/subscription";
import { unusedCredit } from "../../worker/features/billing/plan-change";
import { balanceAndSum, deliver, payerActs, planId, setUsageAt, ykRequests } from "./billing-helpers";
import { adminToken } from "./channel-helpers";
import { api, ownerWithAccount } from "./helpers";

/**
 * Changing plan mid-period: an upgrade credits the unused whole days of the paid period against the
 * new plan's price (the card pays the difference; a credit beyond the price stays on the balance)
 * and starts a new full period now; a downgrade waits for the period's end, when the renewal charges
 * the cheaper plan (the old period's usage settled against the plan it was used on). A paid period
 * starts at the moment it is paid; a card is saved once however often it pays.
 */
const DAY = 86_400_000;
type Owner = Awaited<ReturnType<typeof ownerWithAccount>>;

const sub = (accountId: string) => env.DB.prepare("SELECT s.*, p.code FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE account_id = ?").bind(accountId).first<any>();
const ledger = async (accountId: string) =>
  (await env.DB.prepare("SELECT type, amount_kopecks AS amount, key, units, plan_id AS planId, description FROM ledger_entries WHERE account_id = ? ORDER BY created_at, id").bind(accountId).all<any>()).results;

async function buy(o: Owner, code: string, period: "month" | "year" = "month") {
  const c = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "plan", planId: await planId(code), period, email: "owner@uyut.ru" } });
  expect(c.status).toBe(201);
  const { notification } = await payerActs(c.body.paymentId);
  await deliver(notification);
  return c.body.paymentId as string;
}

/** The paid period as if it had started `usedDays` days ago and lasted `totalDays` days (an hour more, so whole days are unambiguous). */
async function periodSoFar(accountId: string, usedDays: number, totalDays: number) {
  const now = Date.now();
  const start = now - usedDays * DAY;
  await env.DB.prepare("UPDATE subscriptions SET period_start = ?, period_end = ? WHERE account_id = ?")
    .bind(start, start + totalDays * DAY + 3_600_000, accountId)
    .run();
  return (await sub(accountId)) as { period_start: number; period_end: number };
}


const quote = (o: Owner, code: string, period: "month" | "year" = "month") => planId(code).then((id) => api("GET", `/accounts/${o.accountId}/billing/plan-change?planId=${id}&period=${period}`, { token: o.token }));

describe("billing: changing plan mid-period", () => {
  it("credits whole unused days rounded down to the kopeck", () => {
    const start = Date.UTC(2026, 10, 1);
    expect(unusedCredit(199000, start, start + 30 * DAY, start + 10 * DAY)).toEqual({ days: 20, periodDays: 30, kopecks: 132666 });
    // Part of a day is not an unused day.
    expect(unusedCredit(199000, start, start + 30 * DAY, start + 10 * DAY + 1).days).toBe(19);
    expect(unusedCredit(199000, start, start + 30 * DAY, start + 31 * DAY)).toMatchObject({ days: 0, kopecks: 0 });
  });

  it("an upgrade pays the new price less the unused days, starts a new full period now, and the ledger says so", async () => {
    const o = await ownerWithAccount();
    await buy(o, "start");
    await periodSoFar(o.accountId, 10, 30);
    const q = await quote(o, "business");
    expect(q.status).toBe(200);
    expect(q.body).toMatchObject({ kind: "upgrade", priceKopecks: 499000, creditDays: 20, periodDays: 30, creditKopecks: 132666, payNowKopecks: 366334, toBalanceKopecks: 0, current: { plan: { code: "start" }, period: "month", paid: true } });
    const before = Date.now();
    const c = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "plan", planId: await planId("business"), period: "month", email: "owner@uyut.ru" } });
    expect(c.status).toBe(201);
    const [req] = await ykRequests((r) => r.method === "POST" && r.path === "/v3/payments" && r.body?.metadata?.paymentId === c.body.paymentId);
    expect(req!.body.amount.value).toBe("3663.34");
    expect(req!.body.description).toBe("Тариф «Бизнес» на месяц с зачётом остатка тарифа «Старт»");
    await payerActs(c.body.paymentId);
    const got = await api("GET", `/accounts/${o.accountId}/payments/${c.body.paymentId}`, { token: o.token });
    expect(got.body).toMatchObject({ status: "succeeded", applied: true, amountKopecks: 366334, creditKopecks: 132666, details: { kind: "plan", plan: "Бизнес", period: "month", upgradeFrom: { plan: "Старт", creditKopecks: 132666, days: 20 } } });
    const s = await sub(o.accountId);
    expect(s).toMatchObject({ code: "business", billing_period: "month", status: "active" });
    expect(s.period_start).toBeGreaterThanOrEqual(before);
    expect(s.period_end).toBe(periodEndFrom(s.period_start, "month"));
    const rows = (await ledger(o.accountId)).slice(2);
    expect(rows.map((r) => [r.type, r.amount])).toEqual([
      ["topup", 366334],
      ["subscription", 132666],
      ["subscription", -499000],
    ]);
    expect(rows[1]).toMatchObject({ units: 20, planId: await planId("start"), description: "Остаток тарифа «Старт» за 20 дней — в счёт нового тарифа" });
    expect(await balanceAndSum(o.accountId)).toMatchObject({ balance: 0, sum: 0 });
    const page = await api("GET", `/accounts/${o.accountId}/ledger?limit=10`, { token: o.token });
    expect(page.body.data.find((e: any) => e.amountKopecks === 132666).details).toEqual({ kind: "planCredit", plan: "Старт", planTranslations: expect.any(Object), days: 20 });
    // Now on the dearer plan's own period: choosing it again is the current plan, not a payment.
    const again = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "plan", planId: await planId("business"), period: "month", email: "owner@uyut.ru" } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: "PLAN_CURRENT" });
    expect(again.body.message).toBe("«Бизнес» на месяц — ваш текущий тариф: в конце оплаченного периода он продлится сам. Чтобы оплатить следующий период заранее, пополните баланс: продление спишет деньги с него.");
  });

  it("an upgrade paid after the subscription changed leaves its money on the balance and changes nothing else", async () => {
    const o = await ownerWithAccount();
    await buy(o, "start");
    await periodSoFar(o.accountId, 10, 30);
    const c = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "plan", planId: await planId("business"), period: "month", email: "owner@uyut.ru" } });
    // Meanwhile the period was renewed (another end): the credit was for the period that is over.
    await env.DB.prepare("UPDATE subscriptions SET period_end = period_end + 1000 WHERE account_id = ?").bind(o.accountId).run();
    await payerActs(c.body.paymentId);
    await api("GET", `/accounts/${o.accountId}/payments/${c.body.paymentId}`, { token: o.token });
    expect((await sub(o.accountId)).code).toBe("start");
    expect(await balanceAndSum(o.accountId)).toMatchObject({ balance: 366334, sum: 366334 });
  });

  it("a credit beyond the new price goes to the balance, with no card payment", async () => {
    const o = await ownerWithAccount();
    await buy(o, "business", "year");
    await periodSoFar(o.accountId, 65, 365);
    const q = await quote(o, "pro", "month");
    // 300 of 365 days of 49 900 ₽ = 41 013,69 ₽ against 14 990 ₽.
    expect(q.body).toMatchObject({ kind: "upgrade", creditDays: 300, periodDays: 365, creditKopecks: 4101369, payNowKopecks: 0, toBalanceKopecks: 4101369 - 1499000 });
    const pay = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "plan", planId: await planId("pro"), period: "month", email: "owner@uyut.ru" } });
    expect(pay.status).toBe(400);
    expect(pay.body.code).toBe("PLAN_CREDIT_COVERS");
    const body = { planId: await planId("pro"), period: "month" };
    const [a, b] = await Promise.all([api("POST", `/accounts/${o.accountId}/billing/plan-change`, { token: o.token, body }), api("POST", `/accounts/${o.accountId}/billing/plan-change`, { token: o.token, body })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await sub(o.accountId)).toMatchObject({ code: "pro", billing_period: "month" });
    expect(await balanceAndSum(o.accountId)).toMatchObject({ balance: 4101369 - 1499000, sum: 4101369 - 1499000 });
    const payments = await api("GET", `/accounts/${o.accountId}/payments?purpose=plan`, { token: o.token });
    expect(payments.body.data[0]).toMatchObject({ amountKopecks: 0, creditKopecks: 4101369, status: "succeeded", applied: true });
  });

  it("a downgrade is scheduled for the period's end (nothing paid now), can be cancelled, and the renewal then charges the cheaper plan", async () => {
    const o = await ownerWithAccount();
    await buy(o, "business");
    const paid = await sub(o.accountId);
    const q = await quote(o, "start");
    expect(q.body).toMatchObject({ kind: "downgrade", payNowKopecks: 0, creditKopecks: 0, priceKopecks: 199000, startsAt: paid.period_end, endsAt: periodEndFrom(paid.period_end, "month") });
    const pay = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "plan", planId: await planId("start"), period: "month", email: "owner@uyut.ru" } });
    expect(pay.status).toBe(400);
    expect(pay.body.code).toBe("PLAN_DOWNGRADE_LATER");
    expect(pay.body.message).toBe("Тариф «Старт» дешевле текущего: он начнёт действовать, когда закончится оплаченный период, и платить за него сейчас не нужно.");
    const change = { planId: await planId("start"), period: "month" };
    expect((await api("POST", `/accounts/${o.accountId}/billing/plan-change`, { token: o.token, body: change })).status).toBe(200);
    let b = await api("GET", `/accounts/${o.accountId}/billing`, { token: o.token });
    expect(b.body.plan.code).toBe("business");
    expect(b.body.subscription.scheduledChange).toMatchObject({ plan: { code: "start" }, period: "month", startsAt: paid.period_end });
    expect((await api("DELETE", `/accounts/${o.accountId}/billing/plan-change`, { token: o.token })).status).toBe(200);
    b = await api("GET", `/accounts/${o.accountId}/billing`, { token: o.token });
    expect(b.body.subscription.scheduledChange).toBeNull();
    expect((await api("DELETE", `/accounts/${o.accountId}/billing/plan-change`, { token: o.token })).status).toBe(409);
    expect((await api("POST", `/accounts/${o.accountId}/billing/plan-change`, { token: o.token, body: change })).status).toBe(200);
    // 5 000 AI replies yesterday: within Business (10 000), beyond Start (2 000). The old period is
    // settled against Business, so nothing is charged for them.
    await setUsageAt(o.accountId, Date.now() - DAY, "aiReplies", 5000);
    const end = Date.now() - 1000;
    await env.DB.prepare("UPDATE subscriptions SET period_start = ?, period_end = ? WHERE account_id = ?").bind(end - 2 * DAY, end, o.accountId).run();
    await runBillingTick(env);
    const after = await sub(o.accountId);
    expect(after).toMatchObject({ code: "start", billing_period: "month", status: "active", period_start: end, scheduled_plan_id: null });
    expect(after.period_end).toBe(periodEndFrom(end, "month"));
    const renewals = await env.DB.prepare("SELECT amount_kopecks AS amount, plan_id AS planId, description FROM payments WHERE account_id = ? AND purpose = 'renewal'").bind(o.accountId).all();
    expect(renewals.results).toEqual([{ amount: 199000, planId: await planId("start"), description: "Продление тарифа «Старт» на месяц" }]);
    expect((await ledger(o.accountId)).filter((r) => r.type === "charge")).toEqual([]);
  });

  it("a downgrade renewed from the balance names the new plan in the ledger", async () => {
    const o = await ownerWithAccount();
    await buy(o, "business");
    const admin = await adminToken();
    await api("POST", `/admin/accounts/${o.accountId}/balance-adjustments`, { token: admin, body: { amountKopecks: 300000, reason: "Предоплата" } });
    await api("POST", `/accounts/${o.accountId}/billing/plan-change`, { token: o.token, body: { planId: await planId("start"), period: "month" } });
    await env.DB.prepare("UPDATE subscriptions SET period_end = ? WHERE account_id = ?").bind(Date.now() - 1000, o.accountId).run();
    await runBillingTick(env);
    expect(await sub(o.accountId)).toMatchObject({ code: "start", scheduled_plan_id: null });
    expect(await balanceAndSum(o.accountId)).toMatchObject({ balance: 300000 - 199000 });
    const page = await api("GET", `/accounts/${o.accountId}/ledger?type=subscription&limit=1`, { token: o.token });
    expect(page.body.data[0]).toMatchObject({ amountKopecks: -199000, details: { kind: "renewalFromBalance", plan: "Старт" } });
  });

  it("a paid period starts when it is paid and lasts a full month to the same moment; a renewal keeps that moment", async () => {
    expect(periodEndFrom(Date.UTC(2026, 10, 27, 23, 39), "month")).toBe(Date.UTC(2026, 11, 27, 23, 39));
    expect(periodEndFrom(Date.UTC(2026, 10, 27, 23, 39), "year")).toBe(Date.UTC(2027, 10, 27, 23, 39));
    const o = await ownerWithAccount();
    const before = Date.now();
    await buy(o, "start");
    const s = await sub(o.accountId);
    expect(s.period_start).toBeGreaterThanOrEqual(before);
    expect(s.period_end).toBe(periodEndFrom(s.period_start, "month"));
    const end = Date.now() - 1234;
    await env.DB.prepare("UPDATE subscriptions SET period_end = ? WHERE account_id = ?").bind(end, o.accountId).run();
    await runBillingTick(env);
    const renewed = await sub(o.accountId);
    expect(renewed).toMatchObject({ period_start: end, period_end: periodEndFrom(end, "month") });
  });

  it("the same card paying again is one saved method with its newest id", async () => {
    const o = await ownerWithAccount();
    for (let i = 0; i < 3; i++) {
      const c = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "topup", amountKopecks: 10000 + i, email: "owner@uyut.ru" } });
      await payerActs(c.body.paymentId);
      await api("GET", `/accounts/${o.accountId}/payments/${c.body.paymentId}`, { token: o.token });
    }
    await buy(o, "start");
    const methods = await api("GET", `/accounts/${o.accountId}/payment-methods`, { token: o.token });
    expect(methods.body.data).toEqual([expect.objectContaining({ title: "MasterCard •••• 4444", cardLast4: "4444", default: true })]);
    const newest = await env.DB.prepare("SELECT payment_method_id AS id FROM payments WHERE account_id = ? ORDER BY created_at DESC LIMIT 1").bind(o.accountId).first<{ id: string }>();
    expect(newest!.id).toBe(methods.body.data[0].id);
    const lastProviderMethod = (await ykRequests((r) => r.method === "POST" && r.path === "/v3/payments" && r.body?.metadata?.accountId === o.accountId)).length;
    expect(lastProviderMethod).toBe(4);
    // Renewals charge the card's newest method id (the fake knows each; the newest is the last payment's).
    const row = await env.DB.prepare("SELECT provider_method_id AS pm FROM payment_methods WHERE account_id = ?").bind(o.accountId).first<{ pm: string }>();
    const lastPayment = await env.DB.prepare("SELECT provider_payment_id AS pid FROM payments WHERE account_id = ? ORDER BY created_at DESC LIMIT 1").bind(o.accountId).first<{ pid: string }>();
    const atProvider = (await (await fetch(`${(await import("./billing-helpers")).ykUrl()}/__payments`)).json()) as any[];
    expect(row!.pm).toBe(atProvider.find((p) => p.id === lastPayment!.pid).payment_method.id);
  });
});

describe("billing: usage per day of the account's time zone", () => {
  it("counts a message at 01:30 in Moscow (22:30 UTC the day before) under the Moscow day, and serves the last N days up to the account's today", async () => {
    const o = await ownerWithAccount();
    const hour = Date.parse("2026-11-27T22:30:00Z") / 3_600_000;
    await env.DB.prepare("INSERT INTO usage_hourly (account_id, hour, metric, quantity) VALUES (?1, ?2, 'messagesIn', 5), (?1, ?2, 'aiReplies', 2), (?1, ?3, 'messagesIn', 1)")
      .bind(o.accountId, Math.floor(hour), Math.floor(hour) - 3)
      .run();
    const u = await api("GET", `/accounts/${o.accountId}/usage?from=2026-11-27&to=2026-11-28`, { token: o.token });
    expect(u.status).toBe(200);
    expect(u.body.timezone).toBe("Europe/Moscow");
    expect(u.body.days.map((d: any) => [d.day, d.messagesIn, d.aiReplies])).toEqual([
      ["2026-11-27", 1, 0],
      ["2026-11-28", 5, 2],
    ]);
    expect(u.body.totals).toMatchObject({ messagesIn: 6, aiReplies: 2 });
    const last = await api("GET", `/accounts/${o.accountId}/usage?days=30`, { token: o.token });
    const moscowToday = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    expect(last.body.days).toHaveLength(30);
    expect(last.body.to).toBe(moscowToday);
    expect(last.body.days[29].day).toBe(moscowToday);
  });
});
