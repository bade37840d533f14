import { eq } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import type { AccountSubscription as Subscription, BillingPeriod, Plan } from "../../db/schema/billing";
import { AppError } from "../../lib/errors";
import { FREE_PLAN_CODE, planByCode } from "./plans";

export const DAY_MS = 86_400_000;

/** UTC midnight at or before `ms` (the free plan's periods start there). */
export function dayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/**
 * One month or year after `start`, to the same moment of the day (the calendar's: 31 January + 1
 * month is 3 March, as SQLite's date modifiers count). A paid period starts when it is paid, so
 * paying at 23:39 on 27 November gives a period to 23:39 on 27 December, never a shorter month.
 */
export function periodEndFrom(start: number, period: BillingPeriod): number {
  const d = new Date(start);
  return Date.UTC(
    d.getUTCFullYear() + (period === "year" ? 1 : 0),
    d.getUTCMonth() + (period === "month" ? 1 : 0),
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}

export function utcDayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function priceOf(plan: Plan, period: BillingPeriod): number {
  return period === "year" ? plan.yearlyPriceKopecks : plan.monthlyPriceKopecks;
}

/** Grace after a failed renewal: `BILLING_GRACE_DAYS` (default 3). */
export function graceMs(env: { BILLING_GRACE_DAYS?: string }): number {
  const days = Number(env.BILLING_GRACE_DAYS ?? "3");
  return (Number.isFinite(days) && days >= 0 ? days : 3) * DAY_MS;
}

/**
 * The account's subscription with its plan. Accounts get theirs from a trigger at creation (and the
 * migration for older ones); should one be missing anyway it starts on the free plan here.
 */
export async function subscriptionOf(db: Db, accountId: string, now = Date.now()): Promise<{ sub: Subscription; plan: Plan }> {
  const row = await db
    .select({ sub: schema.subscriptions, plan: schema.plans })
    .from(schema.subscriptions)
    .innerJoin(schema.plans, eq(schema.plans.id, schema.subscriptions.planId))
    .where(eq(schema.subscriptions.accountId, accountId))
    .get();
  if (row) return row;
  const free = await planByCode(db, FREE_PLAN_CODE);
  if (!free) throw new AppError(500, "NO_FREE_PLAN", "Бесплатный тариф не найден");
  const start = dayStart(now);
  await db
    .insert(schema.subscriptions)
    .values({ accountId, planId: free.id, billingPeriod: "month", status: "active", periodStart: start, periodEnd: periodEndFrom(start, "month"), createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  return subscriptionOf(db, accountId, now);
}
