import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { balanceAndSum, deliver, payerActs, planId, ykRequests } from "./billing-helpers";
import { adminToken } from "./channel-helpers";
import { api, ownerWithAccount } from "./helpers";

/**
 * A plan bought with money on the balance: the balance pays first and the card the rest; a balance
 * that covers the whole price pays it without a card. The ledger says which part came from where.
 */
const DAY = 86_400_000;
type Owner = Awaited<ReturnType<typeof ownerWithAccount>>;

const sub = (accountId: string) => env.DB.prepare("SELECT s.*, p.code FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE account_id = ?").bind(accountId).first<any>();
const ledger = async (accountId: string) =>
  (await env.DB.prepare("SELECT type, amount_kopecks AS amount, description FROM ledger_entries WHERE account_id = ? ORDER BY created_at, id").bind(accountId).all<{ type: string; amount: number; description: string }>()).results.map(
    (r) => ({ ...r, description: r.description.replace(/\u00a0/g, " ") }),
  );
const adjust = async (o: Owner, amountKopecks: number) =>
  expect((await api("POST", `/admin/accounts/${o.accountId}/balance-adjustments`, { token: await adminToken(), body: { amountKopecks, reason: "Тест" } })).status).toBe(201);
const quote = (o: Owner, code: string, extra = "") => planId(code).then((id) => api("GET", `/accounts/${o.accountId}/billing/plan-change?planId=${id}&period=month${extra}`, { token: o.token }));
const checkout = async (o: Owner, code: string, body: Record<string, unknown> = {}) =>
  api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "plan", planId: await planId(code), period: "month", email: "owner@uyut.ru", ...body } });
const providerAmount = async (o: Owner) => (await ykRequests((r) => r.method === "POST" && r.path === "/v3/payments" && r.body?.metadata?.accountId === o.accountId)).map((r) => r.body.amount.value);

describe("billing: a plan paid from the balance", () => {
  it("the balance pays first and the card the rest; the ledger says so", async () => {
    const o = await ownerWithAccount();
    await adjust(o, 50000);
    const q = await quote(o, "start");
    expect(q.body).toMatchObject({ kind: "new", priceKopecks: 199000, payNowKopecks: 199000, balanceKopecks: 50000, fromBalanceKopecks: 50000, byCardKopecks: 149000 });
    // Declined, the card pays it all.
    expect((await quote(o, "start", "&useBalance=false")).body).toMatchObject({ fromBalanceKopecks: 0, byCardKopecks: 199000 });
    const c = await checkout(o, "start");
    expect(c.status).toBe(201);
    expect(await providerAmount(o)).toEqual(["1490.00"]);
    const { notification } = await payerActs(c.body.paymentId);
    await deliver(notification);
    expect(await sub(o.accountId)).toMatchObject({ code: "start", status: "active" });
    expect(await balanceAndSum(o.accountId)).toMatchObject({ balance: 0, sum: 0 });
    expect((await ledger(o.accountId)).slice(1)).toEqual([
      { type: "topup", amount: 149000, description: "Оплата: Тариф «Старт» на месяц" },
      { type: "subscription", amount: -199000, description: "Тариф «Старт» на месяц: с баланса 500 ₽, картой 1 490 ₽" },
    ]);
    const page = await api("GET", `/accounts/${o.accountId}/ledger?type=subscription`, { token: o.token });
    expect(page.body.data[0].details).toMatchObject({ kind: "purchase", item: { kind: "plan", plan: "Старт", period: "month", fromBalance: { balanceKopecks: 50000, cardKopecks: 149000 } } });
    const payment = await api("GET", `/accounts/${o.accountId}/payments/${c.body.paymentId}`, { token: o.token });
    expect(payment.body).toMatchObject({ amountKopecks: 149000, fromBalanceKopecks: 50000, status: "succeeded", applied: true });
  });

  it("a balance that covers the price pays the plan without a card", async () => {
    const o = await ownerWithAccount();
    await adjust(o, 300000);
    expect((await quote(o, "start")).body).toMatchObject({ kind: "new", payNowKopecks: 199000, fromBalanceKopecks: 199000, byCardKopecks: 0 });
    const c = await checkout(o, "start");
    expect(c.status).toBe(400);
    expect(c.body).toMatchObject({ code: "PLAN_BALANCE_COVERS", message: "Денег на балансе хватает на тариф «Старт»: он оплачивается с баланса, без карты." });
    // The customer may still pay by card.
    expect((await checkout(o, "start", { useBalance: false })).status).toBe(201);
    const body = { planId: await planId("start"), period: "month" };
    const [a, b] = await Promise.all([api("POST", `/accounts/${o.accountId}/billing/plan-change`, { token: o.token, body }), api("POST", `/accounts/${o.accountId}/billing/plan-change`, { token: o.token, body })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await sub(o.accountId)).toMatchObject({ code: "start", billing_period: "month", status: "active" });
    expect(await balanceAndSum(o.accountId)).toMatchObject({ balance: 101000, sum: 101000 });
    expect((await ledger(o.accountId)).slice(1)).toEqual([{ type: "subscription", amount: -199000, description: "Тариф «Старт» на месяц: оплата с баланса" }]);
    const page = await api("GET", `/accounts/${o.accountId}/ledger?type=subscription`, { token: o.token });
    expect(page.body.data[0].details).toMatchObject({ kind: "purchase", item: { kind: "plan", plan: "Старт", fromBalance: { balanceKopecks: 199000, cardKopecks: 0 } } });
    const payments = await api("GET", `/accounts/${o.accountId}/payments?purpose=plan&status=succeeded`, { token: o.token });
    expect(payments.body.data.map((p: any) => [p.amountKopecks, p.fromBalanceKopecks])).toEqual([[0, 199000]]);
  });

  it("an upgrade: the unused days first, then the balance, then the card", async () => {
    const o = await ownerWithAccount();
    const first = await checkout(o, "start");
    await deliver((await payerActs(first.body.paymentId)).notification);
    // 20 of 30 days unused: 1 326,66 ₽ of «Старт» against «Бизнес»'s 4 990 ₽; 1 000 ₽ from the balance.
    const start = Date.now() - 10 * DAY;
    await env.DB.prepare("UPDATE subscriptions SET period_start = ?, period_end = ? WHERE account_id = ?").bind(start, start + 30 * DAY + 3_600_000, o.accountId).run();
    await adjust(o, 100000);
    expect((await quote(o, "business")).body).toMatchObject({ kind: "upgrade", creditKopecks: 132666, payNowKopecks: 366334, fromBalanceKopecks: 100000, byCardKopecks: 266334 });
    const c = await checkout(o, "business");
    await deliver((await payerActs(c.body.paymentId)).notification);
    expect(await sub(o.accountId)).toMatchObject({ code: "business" });
    expect(await balanceAndSum(o.accountId)).toMatchObject({ balance: 0, sum: 0 });
    expect((await ledger(o.accountId)).slice(-2).map((r) => r.amount)).toEqual([132666, -499000]);
  });

  it("when the balance no longer holds its part at payment, the card's money stays on the balance and the plan is not changed", async () => {
    const o = await ownerWithAccount();
    await adjust(o, 50000);
    const c = await checkout(o, "start");
    await adjust(o, -50000);
    await deliver((await payerActs(c.body.paymentId)).notification);
    expect(await sub(o.accountId)).toMatchObject({ code: "trial" });
    expect(await balanceAndSum(o.accountId)).toMatchObject({ balance: 149000, sum: 149000 });
  });
});
