import { and, eq, lte } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { AccountSubscription as Subscription, BillingPeriod, Plan } from "../../db/schema/billing";
import type { Env } from "../../env";
import { newId } from "../../lib/ids";
import { createLogger } from "../../lib/logger";
import { renewalKey } from "./apply";
import { runAutoTopups } from "./auto-topup";
import { issueMonthlyActs } from "./documents";
import { balanceOf, entryStatement, settleStatement, settleUsage } from "./ledger";
import { checkUsageWarnings, periodLines, unsettledKopecks } from "./limits";
import { notifyAccount } from "./notify";
import { FREE_PLAN_CODE, planByCode } from "./plans";
import { ProviderError } from "./provider";
import { paymentProvider } from "./provider-config";
import { recordState, syncPayment } from "./payments";
import { dayStart, graceMs, periodEndFrom, priceOf, utcDayOf } from "./subscription";
import { formatRub } from "./units";

const log = createLogger({ component: "billing-tick" });
/** Accounts one tick handles per step (the rest waits for the next tick, every 15 minutes). */
const BATCH = 200;

/**
 * The scheduled billing work (cron → `billing-tick` job): renew subscriptions whose period ended,
 * move accounts whose grace ran out to the free plan, re-read renewal payments still pending, and
 * settle the usage (and send the 80 %/100 % notices) of accounts active today. Every step is keyed
 * (renewal payment per period end, charge per usage range, notice per period), so a repeated tick
 * does nothing twice.
 */
export async function runBillingTick(env: Env, now = Date.now()) {
  const db = getDb(env.DB);
  const S = schema.subscriptions;
  const due = await db
    .select({ sub: S, plan: schema.plans })
    .from(S)
    .innerJoin(schema.plans, eq(schema.plans.id, S.planId))
    .where(and(eq(S.status, "active"), lte(S.periodEnd, now)))
    .limit(BATCH)
    .all();
  const renewed: string[] = [];
  for (const { sub, plan } of due) {
    try {
      renewed.push(`${sub.accountId}:${await renew(env, sub, plan, now)}`);
    } catch (error) {
      log.error("renewal failed", { error, accountId: sub.accountId });
    }
  }
  const expired = await db.select().from(S).where(and(eq(S.status, "past_due"), lte(S.graceUntil, now))).limit(BATCH).all();
  for (const sub of expired) await downgrade(env, sub, now);
  const pending = await db.select().from(schema.payments).where(and(eq(schema.payments.purpose, "renewal"), eq(schema.payments.status, "pending"))).limit(BATCH).all();
  for (const p of pending) await settleRenewalPayment(env, await syncPayment(env, p), now);
  const active = await env.DB.prepare("SELECT DISTINCT account_id AS id FROM usage_daily WHERE day >= ? LIMIT ?").bind(utcDayOf(now - 86_400_000), BATCH).all<{ id: string }>();
  let warned = 0;
  for (const { id } of active.results) {
    await settleUsage(env.DB, id, now);
    warned += (await checkUsageWarnings(env, id)).length;
  }
  const topups = await runAutoTopups(env, now);
  const acts = await issueMonthlyActs(env, now);
  return { renewed, downgraded: expired.map((s) => s.accountId), settled: active.results.length, warned, topups, acts };
}

/** What a subscription renews into at its period's end: its own plan and period, or the downgrade scheduled for then. */
interface Next {
  plan: Plan;
  period: BillingPeriod;
}

async function nextOf(env: Env, sub: Subscription, plan: Plan): Promise<Next> {
  if (!sub.scheduledPlanId) return { plan, period: sub.billingPeriod };
  const scheduled = await getDb(env.DB).select().from(schema.plans).where(eq(schema.plans.id, sub.scheduledPlanId)).get();
  return scheduled ? { plan: scheduled, period: sub.scheduledBillingPeriod ?? sub.billingPeriod } : { plan, period: sub.billingPeriod };
}

/**
 * Rolls the period: its usage beyond the (old) plan charged first, then the next period to the same
 * moment, in the plan it renews into (only if still the period seen).
 */
function rollStatements(env: Env, sub: Subscription, next: Next, now: number, extra: D1PreparedStatement[] = []): D1PreparedStatement[] {
  return [
    settleStatement(env.DB, sub.accountId, now),
    ...extra,
    env.DB.prepare(
      `UPDATE subscriptions SET plan_id = ?, billing_period = ?, period_start = period_end, period_end = ?, scheduled_plan_id = NULL, scheduled_billing_period = NULL, scheduled_at = NULL, updated_at = ?
       WHERE account_id = ? AND period_end = ?`,
    ).bind(next.plan.id, next.period, periodEndFrom(sub.periodEnd, next.period), now, sub.accountId, sub.periodEnd),
  ];
}

/** One subscription at its period's end: free → next period; paid → from the balance, else the saved method. */
async function renew(env: Env, sub: Subscription, plan: Plan, now: number): Promise<string> {
  const next = await nextOf(env, sub, plan);
  const price = priceOf(next.plan, next.period);
  if (price <= 0) {
    await env.DB.batch(rollStatements(env, sub, next, now));
    return "free";
  }
  const [balance, lines] = await Promise.all([balanceOf(env.DB, sub.accountId), periodLines(env.DB, sub.accountId)]);
  if (balance - unsettledKopecks(lines) >= price) {
    const charge = entryStatement(env.DB, {
      accountId: sub.accountId,
      type: "subscription",
      amountKopecks: -price,
      key: renewalKey(sub.accountId, sub.periodEnd),
      planId: next.plan.id,
      description: `Продление тарифа «${next.plan.name}» с баланса`,
      createdAt: now,
    });
    await env.DB.batch(rollStatements(env, sub, next, now, [charge]));
    return "balance";
  }
  if (!sub.paymentMethodId) return failRenewal(env, sub, next, now, "нет сохранённого способа оплаты");
  return chargeSavedMethod(env, sub, next, price, now);
}

async function chargeSavedMethod(env: Env, sub: Subscription, next: Next, price: number, now: number): Promise<string> {
  const { plan, period } = next;
  const db = getDb(env.DB);
  const method = await db.select().from(schema.paymentMethods).where(and(eq(schema.paymentMethods.id, sub.paymentMethodId!), eq(schema.paymentMethods.accountId, sub.accountId))).get();
  if (!method) return failRenewal(env, sub, next, now, "сохранённый способ оплаты удалён");
  const key = renewalKey(sub.accountId, sub.periodEnd);
  const email = await receiptEmail(env, sub.accountId);
  const description = `Продление тарифа «${plan.name}» на ${period === "year" ? "год" : "месяц"}`;
  await db
    .insert(schema.payments)
    .values({ id: newId(), accountId: sub.accountId, idempotenceKey: key, purpose: "renewal", planId: plan.id, billingPeriod: period, amountKopecks: price, status: "creating", description, receiptEmail: email, paymentMethodId: method.id, methodTitle: method.title, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  let row = (await db.select().from(schema.payments).where(eq(schema.payments.idempotenceKey, key)).get())!;
  if (row.status === "creating") {
    try {
      const pp = await paymentProvider(env).createPayment(
        { amountKopecks: price, description, paymentMethodId: method.providerMethodId, receipt: { email, items: [{ description, amountKopecks: price }] }, metadata: { accountId: sub.accountId, paymentId: row.id, purpose: "renewal" } },
        key,
      );
      row = await recordState(env, row, pp);
    } catch (e) {
      if (e instanceof ProviderError && e.transient) return "unknown outcome, next tick repeats with the same key";
      await db.update(schema.payments).set({ status: "failed", error: e instanceof Error ? e.message.slice(0, 500) : String(e), updatedAt: now }).where(eq(schema.payments.id, row.id));
      return failRenewal(env, sub, next, now, "платёжная система отклонила списание");
    }
  }
  return settleRenewalPayment(env, row, now);
}

/** A renewal payment's outcome: succeeded is applied by recordState; canceled starts the grace period. */
async function settleRenewalPayment(env: Env, row: typeof schema.payments.$inferSelect, now: number): Promise<string> {
  if (row.status !== "canceled" && row.status !== "failed") return row.status;
  const db = getDb(env.DB);
  const found = await db.select({ sub: schema.subscriptions, plan: schema.plans }).from(schema.subscriptions).innerJoin(schema.plans, eq(schema.plans.id, schema.subscriptions.planId)).where(eq(schema.subscriptions.accountId, row.accountId)).get();
  if (!found || found.sub.status !== "active") return row.status;
  // The plan the renewal was for (a scheduled downgrade's, when it renewed into one).
  const paidFor = row.planId ? await db.select().from(schema.plans).where(eq(schema.plans.id, row.planId)).get() : undefined;
  return failRenewal(env, found.sub, { plan: paidFor ?? found.plan, period: row.billingPeriod ?? found.sub.billingPeriod }, now, reasonText(row.cancellationReason));
}

function reasonText(reason: string | null): string {
  const map: Record<string, string> = {
    insufficient_funds: "на карте недостаточно средств",
    permission_revoked: "вы отозвали разрешение на списания",
    card_expired: "срок действия карты истёк",
    payment_method_restricted: "операции по карте ограничены",
    fraud_suspected: "банк заподозрил мошенничество",
  };
  return reason ? (map[reason] ?? "банк отклонил списание") : "банк отклонил списание";
}

async function receiptEmail(env: Env, accountId: string): Promise<string> {
  const r = await env.DB.prepare(
    `SELECT coalesce((SELECT email FROM billing_requisites WHERE account_id = ?1),
       (SELECT receipt_email FROM payments WHERE account_id = ?1 AND receipt_email IS NOT NULL ORDER BY created_at DESC LIMIT 1),
       (SELECT u.email FROM members m JOIN users u ON u.id = m.user_id WHERE m.account_id = ?1 AND m.role = 'owner' LIMIT 1)) AS email`,
  )
    .bind(accountId)
    .first<{ email: string | null }>();
  return r?.email ?? "billing@assistly.local";
}

/** The renewal failed: the plan's limits hold for the grace period; the owners are told by mail and on /billing. */
async function failRenewal(env: Env, sub: Subscription, next: Next, now: number, reason: string): Promise<string> {
  const { plan, period } = next;
  const until = now + graceMs(env);
  const r = await env.DB.prepare(`UPDATE subscriptions SET status = 'past_due', grace_until = ?, last_renewal_error = ?, updated_at = ? WHERE account_id = ? AND status = 'active' RETURNING account_id`)
    .bind(until, reason, now, sub.accountId)
    .first();
  if (!r) return "already failed";
  const date = new Date(until).toLocaleDateString("ru-RU", { timeZone: "Europe/Moscow" });
  await notifyAccount(env, sub.accountId, {
    kind: "renewal_failed",
    key: `renewal_failed:${sub.periodEnd}`,
    subject: `Не удалось продлить тариф «${plan.name}»`,
    message: `Не удалось продлить тариф «${plan.name}» (${formatRub(priceOf(plan, period))}): ${reason}. Тариф действует до ${date}; оплатите его до этого дня, иначе аккаунт перейдёт на бесплатный тариф.`,
    data: { graceUntil: until, reason },
  });
  return "grace";
}

/** Grace is over: the account moves to the free plan (a new monthly period from today); a scheduled downgrade is moot. */
async function downgrade(env: Env, sub: Subscription, now: number): Promise<void> {
  const free = await planByCode(getDb(env.DB), FREE_PLAN_CODE);
  if (!free) return log.error("no free plan to downgrade to", { accountId: sub.accountId });
  const start = dayStart(now);
  const res = await env.DB.batch([
    settleStatement(env.DB, sub.accountId, now),
    env.DB.prepare(
      `UPDATE subscriptions SET downgraded_from_plan_id = plan_id, plan_id = ?, billing_period = 'month', status = 'active', period_start = ?, period_end = ?, grace_until = NULL,
         scheduled_plan_id = NULL, scheduled_billing_period = NULL, scheduled_at = NULL, updated_at = ?
       WHERE account_id = ? AND status = 'past_due' AND grace_until <= ? RETURNING downgraded_from_plan_id AS old`,
    ).bind(free.id, start, periodEndFrom(start, "month"), now, sub.accountId, now),
  ]);
  const old = (res[1]?.results[0] as { old: string } | undefined)?.old;
  if (!old) return;
  const oldPlan = await env.DB.prepare("SELECT name FROM plans WHERE id = ?").bind(old).first<{ name: string }>();
  await notifyAccount(env, sub.accountId, {
    kind: "downgraded",
    key: `downgraded:${sub.periodEnd}`,
    subject: `Аккаунт переведён на тариф «${free.name}»`,
    message: `Оплата тарифа «${oldPlan?.name ?? ""}» не поступила, и льготный период закончился: аккаунт переведён на бесплатный тариф «${free.name}» с его лимитами. Выберите тариф, чтобы вернуть прежние возможности.`,
  });
}
