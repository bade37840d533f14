import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { periodLines } from "../../worker/features/billing/limits";
import { runBillingTick } from "../../worker/features/billing/renewal";
import { periodEndFrom } from "../../worker/features/billing/subscription";
import { balanceAndSum, planId } from "./billing-helpers";
import { adminToken } from "./channel-helpers";
import { api, ownerWithAccount } from "./helpers";

/**
 * A paid period starts at the moment it is paid, so the plan's allowance of messages and AI replies
 * is counted over the period's exact bounds (their UTC hours, usage_hourly), not by whole UTC days:
 * a renewal at 15:20 leaves that morning's usage in the old period. The hour the period changes in
 * counts to the new period.
 */
const HOUR = 3_600_000;
const DAY = 86_400_000;

describe("billing: a period's usage over its exact bounds", () => {
  it("splits the usage of the day a period changes at 15:20 between the old period and the new one", async () => {
    const o = await ownerWithAccount();
    // Yesterday at 15:20 UTC the «Старт» month ends and is renewed from the balance.
    const change = Math.floor(Date.now() / DAY) * DAY - DAY + 15 * HOUR + 20 * 60_000;
    const start = Date.UTC(new Date(change).getUTCFullYear(), new Date(change).getUTCMonth() - 1, new Date(change).getUTCDate(), 15, 20);
    await env.DB.prepare("UPDATE subscriptions SET plan_id = ?, billing_period = 'month', period_start = ?, period_end = ? WHERE account_id = ?").bind(await planId("start"), start, change, o.accountId).run();
    await api("POST", `/admin/accounts/${o.accountId}/balance-adjustments`, { token: await adminToken(), body: { amountKopecks: 500000, reason: "Предоплата" } });
    // That day, as the triggers count it: 2 100 AI replies at 09:xx (before the change: «Старт»
    // includes 2 000), 7 in the 15:xx hour (the change's), 30 at 16:xx; the same per day.
    const hourOf = (h: number) => Math.floor((change - 15 * HOUR - 20 * 60_000 + h * HOUR) / HOUR);
    await env.DB.prepare(
      "INSERT INTO usage_hourly (account_id, hour, metric, quantity) VALUES (?1, ?2, 'aiReplies', 2100), (?1, ?3, 'aiReplies', 7), (?1, ?4, 'aiReplies', 30), (?1, ?2, 'messagesIn', 40), (?1, ?4, 'messagesIn', 9)",
    )
      .bind(o.accountId, hourOf(9), hourOf(15), hourOf(16))
      .run();
    const day = new Date(change).toISOString().slice(0, 10);
    await env.DB.prepare("INSERT INTO usage_daily (account_id, day, metric, dim, quantity) VALUES (?1, ?2, 'aiReplies', 'gpt-4o-mini', 2137), (?1, ?2, 'messagesIn', 'ch', 49)").bind(o.accountId, day).run();

    await runBillingTick(env);
    const sub = await env.DB.prepare("SELECT period_start AS s, period_end AS e FROM subscriptions WHERE account_id = ?").bind(o.accountId).first<{ s: number; e: number }>();
    expect(sub).toEqual({ s: change, e: periodEndFrom(change, "month") });
    // The old period was settled against its own usage: 100 AI replies beyond «Старт», 2,50 ₽ each.
    const charges = await env.DB.prepare("SELECT metric, units, amount_kopecks AS amount, period_start AS p FROM ledger_entries WHERE account_id = ? AND type = 'charge'").bind(o.accountId).all();
    expect(charges.results).toEqual([{ metric: "aiReplies", units: 100, amount: -25000, p: start }]);
    expect(await balanceAndSum(o.accountId)).toMatchObject({ balance: 500000 - 199000 - 25000, sum: 500000 - 199000 - 25000 });
    // The new period has that afternoon's usage only (the 15:xx hour included), on /billing as well.
    const lines = Object.fromEntries((await periodLines(env.DB, o.accountId)).map((l) => [l.metric, l.used]));
    expect(lines).toMatchObject({ aiReplies: 37, messagesIn: 9 });
    const b = await api("GET", `/accounts/${o.accountId}/billing`, { token: o.token });
    expect(b.body.units.find((u: { unit: string }) => u.unit === "aiReplies")).toMatchObject({ used: 37, included: 2000 });
    expect(b.body.units.find((u: { unit: string }) => u.unit === "messagesIn")).toMatchObject({ used: 9 });
  });
});
