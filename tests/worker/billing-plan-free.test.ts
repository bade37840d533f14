import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { runBillingTick } from "../../worker/features/billing/renewal";
import { periodEndFrom } from "../../worker/features/billing/subscription";
import { deliver, payerActs, planId } from "./billing-helpers";
import { api, ownerWithAccount } from "./helpers";

/**
 * «Не продлевать, перейти на бесплатный»: a paid customer schedules the free plan for the paid
 * period's end like any downgrade (cancelled the same way); the renewal then charges nothing.
 */
const sub = (accountId: string) => env.DB.prepare("SELECT s.*, p.code FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE account_id = ?").bind(accountId).first<any>();

describe("billing: moving to the free plan at the period's end", () => {
  it("is scheduled like a downgrade, can be cancelled, and the period's end moves the account to the free plan without a charge", async () => {
    const o = await ownerWithAccount();
    const trial = await planId("trial");
    // Not on the free plan already: nothing to schedule.
    expect((await api("GET", `/accounts/${o.accountId}/billing/plan-change?planId=${trial}&period=month`, { token: o.token })).body.code).toBe("PLAN_FREE");
    const c = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "plan", planId: await planId("start"), period: "month", email: "owner@uyut.ru" } });
    await deliver((await payerActs(c.body.paymentId)).notification);
    const paid = await sub(o.accountId);
    const q = await api("GET", `/accounts/${o.accountId}/billing/plan-change?planId=${trial}&period=month`, { token: o.token });
    expect(q.body).toMatchObject({ kind: "downgrade", plan: { code: "trial" }, priceKopecks: 0, payNowKopecks: 0, byCardKopecks: 0, startsAt: paid.period_end, endsAt: periodEndFrom(paid.period_end, "month") });
    const change = { planId: trial, period: "month" };
    expect((await api("POST", `/accounts/${o.accountId}/billing/plan-change`, { token: o.token, body: change })).status).toBe(200);
    let b = await api("GET", `/accounts/${o.accountId}/billing`, { token: o.token });
    expect(b.body.plan.code).toBe("start");
    expect(b.body.subscription.scheduledChange).toMatchObject({ plan: { code: "trial", free: true }, period: "month", startsAt: paid.period_end });
    expect((await api("DELETE", `/accounts/${o.accountId}/billing/plan-change`, { token: o.token })).status).toBe(200);
    b = await api("GET", `/accounts/${o.accountId}/billing`, { token: o.token });
    expect(b.body.subscription.scheduledChange).toBeNull();
    expect((await api("POST", `/accounts/${o.accountId}/billing/plan-change`, { token: o.token, body: change })).status).toBe(200);

    const end = Date.now() - 1000;
    await env.DB.prepare("UPDATE subscriptions SET period_end = ? WHERE account_id = ?").bind(end, o.accountId).run();
    await runBillingTick(env);
    expect(await sub(o.accountId)).toMatchObject({ code: "trial", billing_period: "month", status: "active", period_start: end, period_end: periodEndFrom(end, "month"), scheduled_plan_id: null });
    const renewals = await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE account_id = ? AND purpose = 'renewal'").bind(o.accountId).first<{ n: number }>();
    expect(renewals!.n).toBe(0);
  });
});
