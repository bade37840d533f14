import { getDb, type Db } from "../../db/client";
import type { AccountSubscription as Subscription, BillingPeriod, Payment, Plan } from "../../db/schema/billing";
import type { Env } from "../../env";
import { AppError, badRequest, conflict } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { applyStatements } from "./apply";
import { balanceOf } from "./ledger";
import { periodLines, unsettledKopecks } from "./limits";
import { getPlanRow, serializePlan } from "./plans";
import { DAY_MS, periodEndFrom, priceOf, subscriptionOf } from "./subscription";

/**
 * Changing plan while a paid period runs.
 *
 * - `new`: nothing paid is running (the free plan, a period past its end, the grace after a failed
 *   renewal): the plan is bought at its price and starts now with a full period.
 * - `upgrade` (a dearer plan, or the same plan for a year instead of a month): the unused whole
 *   days of the paid period are credited at the current plan's price (rounded down to the kopeck)
 *   against the new plan's price; the difference is paid by card, a credit beyond the price stays on
 *   the balance; the new plan starts now with a full period.
 * - `downgrade` (a cheaper plan, or a month instead of a year): nothing is paid now; the
 *   subscription renews into it when the paid period ends (the renewal charges its price then), and
 *   the owner may cancel that until then.
 * - `current`: the plan and period the account has: nothing to buy (renewal extends it).
 *
 * Plans are ranked by their monthly price (the price list's tiers).
 */
export type PlanChangeKind = "new" | "upgrade" | "downgrade" | "current";

export interface PlanQuote {
  kind: PlanChangeKind;
  plan: Plan;
  period: BillingPeriod;
  current: { plan: Plan; period: BillingPeriod; status: Subscription["status"]; periodStart: number; periodEnd: number; paid: boolean };
  /** The new plan's full price for its period. */
  priceKopecks: number;
  /** Unused whole days of the paid period, of its `periodDays`, and what they are worth. */
  creditDays: number;
  periodDays: number;
  creditKopecks: number;
  /** What is due now (`price − credit`, not below 0): the balance pays first, the card the rest. */
  payNowKopecks: number;
  /** The money on the balance a purchase may use (the balance less the period's usage not charged yet, not below 0). */
  balanceKopecks: number;
  /** What of `payNowKopecks` the balance pays (none when the customer declines it). */
  fromBalanceKopecks: number;
  /** What the card pays (`payNowKopecks − fromBalanceKopecks`); 0: no card, the balance (or the credit) covers it. */
  byCardKopecks: number;
  /** What of the credit is left for the balance (`credit − price`, not below 0). */
  toBalanceKopecks: number;
  /** When the new plan starts (now, or the paid period's end for a downgrade) and its first period ends. */
  startsAt: number;
  endsAt: number;
  /** The downgrade already scheduled, if any. */
  scheduled: { plan: Plan; period: BillingPeriod; startsAt: number } | null;
}

/** A paid period is running: the one an upgrade credits and a downgrade waits for. */
function paidPeriodRuns(sub: Subscription, plan: Plan, now: number): boolean {
  return sub.status === "active" && priceOf(plan, sub.billingPeriod) > 0 && now < sub.periodEnd;
}

export function changeKind(current: { plan: Plan; period: BillingPeriod; paid: boolean }, plan: Plan, period: BillingPeriod): PlanChangeKind {
  if (!current.paid) return "new";
  if (plan.id === current.plan.id) return period === current.period ? "current" : period === "year" ? "upgrade" : "downgrade";
  return plan.monthlyPriceKopecks >= current.plan.monthlyPriceKopecks ? "upgrade" : "downgrade";
}

/** The unused whole days of the running period and their worth at the plan's price, rounded down. */
export function unusedCredit(price: number, periodStart: number, periodEnd: number, now: number): { days: number; periodDays: number; kopecks: number } {
  const periodDays = Math.max(1, Math.round((periodEnd - periodStart) / DAY_MS));
  const days = Math.min(periodDays, Math.max(0, Math.floor((periodEnd - now) / DAY_MS)));
  return { days, periodDays, kopecks: Math.floor((price * days) / periodDays) };
}

async function planOrNull(db: Db, id: string | null): Promise<Plan | null> {
  if (!id) return null;
  try {
    return await getPlanRow(db, id);
  } catch {
    return null;
  }
}

/** The money on the balance a purchase may use: the balance less what the period used beyond the plan and is not charged yet. */
async function spendableBalance(d1: D1Database, accountId: string): Promise<number> {
  const [balance, lines] = await Promise.all([balanceOf(d1, accountId), periodLines(d1, accountId)]);
  return Math.max(0, balance - unsettledKopecks(lines));
}

/**
 * What choosing `planId` for `period` would do now, priced (the checkout's summary and its order).
 * With money on the balance (and `useBalance`, the default), the balance pays first and the card the
 * rest; a balance that covers it all pays it without a card (POST /billing/plan-change).
 */
export async function quotePlanChange(db: Db, accountId: string, planId: string, period: BillingPeriod, now = Date.now(), useBalance = true): Promise<PlanQuote> {
  const q = await quoteBeforeBalance(db, accountId, planId, period, now);
  const balanceKopecks = await spendableBalance(db.$client, accountId);
  const fromBalanceKopecks = useBalance && (q.kind === "new" || q.kind === "upgrade") ? Math.min(balanceKopecks, q.payNowKopecks) : 0;
  return { ...q, balanceKopecks, fromBalanceKopecks, byCardKopecks: q.payNowKopecks - fromBalanceKopecks };
}

async function quoteBeforeBalance(db: Db, accountId: string, planId: string, period: BillingPeriod, now: number): Promise<Omit<PlanQuote, "balanceKopecks" | "fromBalanceKopecks" | "byCardKopecks">> {
  const target = await getPlanRow(db, planId);
  if (!target.active || target.archivedAt !== null) throw badRequest("Этот тариф сейчас недоступен", "PLAN_UNAVAILABLE");
  const { sub, plan } = await subscriptionOf(db, accountId, now);
  const paid = paidPeriodRuns(sub, plan, now);
  // The free plan is never bought; while a paid period runs it can be scheduled for the period's end
  // («не продлевать, перейти на бесплатный»), like any downgrade. It runs by months.
  if (priceOf(target, period) <= 0 && !(paid && priceOf(target, "month") <= 0)) throw badRequest("Бесплатный тариф не нужно оплачивать", "PLAN_FREE");
  if (priceOf(target, "month") <= 0) period = "month";
  const price = priceOf(target, period);
  const current = { plan, period: sub.billingPeriod, status: sub.status, periodStart: sub.periodStart, periodEnd: sub.periodEnd, paid };
  const kind = changeKind(current, target, period);
  const scheduledPlan = paid ? await planOrNull(db, sub.scheduledPlanId) : null;
  const scheduled = scheduledPlan ? { plan: scheduledPlan, period: sub.scheduledBillingPeriod ?? sub.billingPeriod, startsAt: sub.periodEnd } : null;
  const none = { creditDays: 0, periodDays: 0, creditKopecks: 0, toBalanceKopecks: 0 };
  if (kind === "new") return { kind, plan: target, period, current, priceKopecks: price, ...none, payNowKopecks: price, startsAt: now, endsAt: periodEndFrom(now, period), scheduled };
  if (kind === "current") return { kind, plan: target, period, current, priceKopecks: price, ...none, payNowKopecks: 0, startsAt: sub.periodStart, endsAt: sub.periodEnd, scheduled };
  if (kind === "downgrade") return { kind, plan: target, period, current, priceKopecks: price, ...none, payNowKopecks: 0, startsAt: sub.periodEnd, endsAt: periodEndFrom(sub.periodEnd, period), scheduled };
  const credit = unusedCredit(priceOf(plan, sub.billingPeriod), sub.periodStart, sub.periodEnd, now);
  return {
    kind,
    plan: target,
    period,
    current,
    priceKopecks: price,
    creditDays: credit.days,
    periodDays: credit.periodDays,
    creditKopecks: credit.kopecks,
    payNowKopecks: Math.max(0, price - credit.kopecks),
    toBalanceKopecks: Math.max(0, credit.kopecks - price),
    startsAt: now,
    endsAt: periodEndFrom(now, period),
    scheduled,
  };
}

/** A quote as the API answers it (plans serialized, so the SPA names them in its language). */
export function serializeQuote(q: PlanQuote) {
  return {
    kind: q.kind,
    plan: serializePlan(q.plan),
    period: q.period,
    current: { ...q.current, plan: serializePlan(q.current.plan) },
    priceKopecks: q.priceKopecks,
    creditDays: q.creditDays,
    periodDays: q.periodDays,
    creditKopecks: q.creditKopecks,
    payNowKopecks: q.payNowKopecks,
    balanceKopecks: q.balanceKopecks,
    fromBalanceKopecks: q.fromBalanceKopecks,
    byCardKopecks: q.byCardKopecks,
    toBalanceKopecks: q.toBalanceKopecks,
    startsAt: q.startsAt,
    endsAt: q.endsAt,
    scheduled: q.scheduled ? { plan: serializePlan(q.scheduled.plan), period: q.scheduled.period, startsAt: q.scheduled.startsAt } : null,
  };
}

const periodWord = (p: BillingPeriod) => (p === "year" ? "год" : "месяц");

/** What a plan payment is for, as YooKassa, the receipt and the ledger store it. */
export function planDescription(q: PlanQuote): string {
  const base = `Тариф «${q.plan.name}» на ${periodWord(q.period)}`;
  return q.kind === "upgrade" && q.creditKopecks > 0 ? `${base} с зачётом остатка тарифа «${q.current.plan.name}»` : base;
}

/** The refusal of a checkout that has nothing to pay now, as a sentence. */
export function nothingToPay(q: PlanQuote): AppError | null {
  if (q.kind === "current")
    return badRequest(
      `«${q.plan.name}» на ${periodWord(q.period)} — ваш текущий тариф: в конце оплаченного периода он продлится сам. Чтобы оплатить следующий период заранее, пополните баланс: продление спишет деньги с него.`,
      "PLAN_CURRENT",
    );
  if (q.kind === "downgrade")
    return badRequest(`Тариф «${q.plan.name}» дешевле текущего: он начнёт действовать, когда закончится оплаченный период, и платить за него сейчас не нужно.`, "PLAN_DOWNGRADE_LATER");
  if (q.payNowKopecks <= 0) return badRequest(`Остаток текущего тарифа покрывает тариф «${q.plan.name}»: платить не нужно, переход делается без оплаты.`, "PLAN_CREDIT_COVERS");
  if (q.byCardKopecks <= 0) return badRequest(`Денег на балансе хватает на тариф «${q.plan.name}»: он оплачивается с баланса, без карты.`, "PLAN_BALANCE_COVERS");
  return null;
}

/**
 * POST /billing/plan-change: a change that needs no card payment. A downgrade is scheduled for the
 * paid period's end; a plan the unused days and the balance pay for entirely is bought now, through
 * the balance, as a `payments` row of provider `balance` (0 ₽ by card) applied like a card payment,
 * so the ledger, Operations and the documents read it as any plan purchase. Anything else is paid at
 * checkout (where the balance pays its part first).
 */
export async function changePlan(env: Env, accountId: string, userId: string, input: { planId: string; period: BillingPeriod; useBalance?: boolean }, now = Date.now()) {
  const db = getDb(env.DB);
  const q = await quotePlanChange(db, accountId, input.planId, input.period, now, input.useBalance ?? true);
  if (q.kind === "downgrade") {
    const r = await env.DB.prepare(
      `UPDATE subscriptions SET scheduled_plan_id = ?, scheduled_billing_period = ?, scheduled_at = ?, updated_at = ? WHERE account_id = ? AND status = 'active' AND period_end = ? AND plan_id = ?`,
    )
      .bind(q.plan.id, q.period, now, now, accountId, q.current.periodEnd, q.current.plan.id)
      .run();
    if (!r.meta.changes) throw conflict("Подписка только что изменилась. Обновите страницу и выберите тариф ещё раз.", "SUBSCRIPTION_CHANGED");
    return { change: "scheduled" as const, startsAt: q.startsAt, message: `Переход на тариф «${q.plan.name}» запланирован на конец оплаченного периода` };
  }
  if (q.kind === "current") throw nothingToPay(q)!;
  if (q.byCardKopecks > 0) throw badRequest("Этот переход оплачивается: оформите оплату на странице заказа.", "PLAN_CHANGE_NEEDS_PAYMENT");
  const payment: Payment = {
    id: newId(),
    accountId,
    provider: "balance",
    providerPaymentId: null,
    idempotenceKey: `plan-change:${accountId}:${q.current.periodEnd}:${q.plan.id}:${q.period}`,
    purpose: "plan",
    planId: q.plan.id,
    billingPeriod: q.period,
    packageId: null,
    amountKopecks: 0,
    status: "succeeded",
    description: planDescription(q),
    confirmationUrl: null,
    receiptEmail: null,
    paymentMethodId: null,
    methodTitle: null,
    cancellationReason: null,
    error: null,
    refundedKopecks: 0,
    creditKopecks: q.creditKopecks,
    creditPlanId: q.creditKopecks > 0 ? q.current.plan.id : null,
    creditDays: q.creditKopecks > 0 ? q.creditDays : null,
    creditedPeriodEnd: q.creditKopecks > 0 ? q.current.periodEnd : null,
    fromBalanceKopecks: q.fromBalanceKopecks,
    appliedAt: null,
    applyToken: null,
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
  };
  const res = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO payments (id, account_id, provider, idempotence_key, purpose, plan_id, billing_period, amount_kopecks, status, description, credit_kopecks, credit_plan_id, credit_days, credited_period_end, from_balance_kopecks, created_by, created_at, updated_at)
       SELECT ?, ?, 'balance', ?, 'plan', ?, ?, 0, 'succeeded', ?, ?, ?, ?, ?, ?, ?, ?, ?
       WHERE ?15 = 0 OR coalesce((SELECT balance_kopecks FROM account_balances WHERE account_id = ?2), 0) >= ?15 ON CONFLICT DO NOTHING`,
    ).bind(payment.id, accountId, payment.idempotenceKey, payment.planId, payment.billingPeriod, payment.description, payment.creditKopecks, payment.creditPlanId, payment.creditDays, payment.creditedPeriodEnd, payment.fromBalanceKopecks, userId, now, now, payment.fromBalanceKopecks),
    ...(await applyStatements(env, payment, now)),
  ]);
  const balanceChanged = () => conflict("Денег на балансе уже не хватает на этот тариф. Обновите страницу и выберите способ оплаты ещё раз.", "BALANCE_CHANGED");
  if (!res[0]?.meta.changes) {
    const done = await env.DB.prepare("SELECT 1 AS x FROM payments WHERE idempotence_key = ?").bind(payment.idempotenceKey).first();
    throw done ? conflict("Этот переход уже сделан. Обновите страницу.", "PLAN_CHANGE_DONE") : balanceChanged();
  }
  // The balance's part is debited only while the balance still holds it (apply.ts): else nothing changed.
  const bought = await env.DB.prepare("SELECT 1 AS x FROM ledger_entries WHERE key = ?").bind(`payment:${payment.id}:debit`).first();
  if (!bought) {
    // Nothing moved (the usage charged first took the money): the row says the purchase did not happen.
    await env.DB.prepare("UPDATE payments SET status = 'failed', error = 'Денег на балансе не хватило', updated_at = ? WHERE id = ?").bind(now, payment.id).run();
    throw balanceChanged();
  }
  return { change: "applied" as const, paymentId: payment.id, message: `Тариф «${q.plan.name}» подключён` };
}

/** DELETE /billing/plan-change: the scheduled downgrade is dropped; the plan renews as it is. */
export async function cancelScheduledChange(env: Env, accountId: string, now = Date.now()) {
  const r = await env.DB.prepare(
    "UPDATE subscriptions SET scheduled_plan_id = NULL, scheduled_billing_period = NULL, scheduled_at = NULL, updated_at = ? WHERE account_id = ? AND scheduled_plan_id IS NOT NULL AND period_end > ?",
  )
    .bind(now, accountId, now)
    .run();
  if (!r.meta.changes) throw conflict("Запланированного перехода нет: тариф продлится как есть.", "NO_SCHEDULED_CHANGE");
  return { message: "Переход отменён: тариф продлится как есть" };
}

/** The scheduled downgrade of a subscription, for GET /billing. */
export async function scheduledChangeOf(db: Db, sub: Subscription) {
  if (!sub.scheduledPlanId || sub.status !== "active") return null;
  const plan = await planOrNull(db, sub.scheduledPlanId);
  return plan ? { plan: serializePlan(plan), period: sub.scheduledBillingPeriod ?? sub.billingPeriod, startsAt: sub.periodEnd } : null;
}
