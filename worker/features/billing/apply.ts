import type { Payment } from "../../db/schema/billing";
import type { Env } from "../../env";
import { entryStatement, settleStatement } from "./ledger";
import { plural } from "./amount-words";
import { periodEndFrom } from "./subscription";
import { formatRub } from "./units";

/** The period end a renewal payment pays past (its Idempotence-Key names it: one payment per period). */
export function renewalKey(accountId: string, periodEnd: number): string {
  return `renewal:${accountId}:${periodEnd}`;
}
function renewedPeriodEnd(p: Payment): number | null {
  const m = /^renewal:[^:]+:(\d+)$/.exec(p.idempotenceKey);
  return m ? Number(m[1]) : null;
}

/**
 * The statements that apply a succeeded payment, for ONE batch (one transaction): the first claims
 * the payment (`applied_at`, and a token only this attempt knows) and every effect is conditional on
 * that claim, so two appliers at once (a webhook and the return page's poll) apply it once; the
 * ledger rows are keyed on the payment as well. Money goes through the balance: the payment credits
 * it (top-up) and what was bought debits it, so the balance stays the ledger's sum.
 */
export async function applyStatements(env: Env, p: Payment, now: number): Promise<D1PreparedStatement[]> {
  const d1 = env.DB;
  const token = crypto.randomUUID();
  const guard = { sql: "EXISTS (SELECT 1 FROM payments WHERE id = ? AND apply_token = ?)", params: [p.id, token] };
  const base = { accountId: p.accountId, paymentId: p.id, createdAt: now };
  const out: D1PreparedStatement[] = [d1.prepare("UPDATE payments SET applied_at = ?, apply_token = ? WHERE id = ? AND applied_at IS NULL").bind(now, token, p.id)];
  const credit = entryStatement(d1, { ...base, type: "topup", amountKopecks: p.amountKopecks, key: `payment:${p.id}:credit`, description: p.purpose === "topup" || p.purpose === "auto_topup" ? p.description : `Оплата: ${p.description}` }, guard);
  // One millisecond later: the ledger, newest first, shows what was bought above the money that paid for it.
  const debit = (type: "subscription" | "package") =>
    entryStatement(d1, { ...base, type, amountKopecks: -p.amountKopecks, key: `payment:${p.id}:debit`, planId: type === "subscription" ? p.planId : null, description: p.description, createdAt: now + 1 }, guard);
  if (p.purpose === "topup" || p.purpose === "auto_topup") out.push(credit);
  else if (p.purpose === "package") out.push(credit, debit("package"));
  else if (p.purpose === "plan" && p.planId && p.billingPeriod) {
    // The new plan starts now (the moment it is paid) with a full period.
    const start = now;
    // What the new plan costs: what the card paid, the credit and the balance's part it was priced
    // with; a change the credit covers entirely (nothing paid) costs the plan's price, never more
    // than the credit.
    const fromBalance = p.fromBalanceKopecks ?? 0;
    let price = p.amountKopecks + p.creditKopecks + fromBalance;
    if (p.creditKopecks > 0 && p.amountKopecks === 0 && fromBalance === 0) {
      const plan = await d1.prepare("SELECT monthly_price_kopecks AS m, yearly_price_kopecks AS y FROM plans WHERE id = ?").bind(p.planId).first<{ m: number; y: number }>();
      price = Math.min(p.creditKopecks, plan ? (p.billingPeriod === "year" ? plan.y : plan.m) : p.creditKopecks);
    }
    const setPlan = `plan_id = ?, billing_period = ?, status = 'active', period_start = ?, period_end = ?, grace_until = NULL, last_renewal_error = NULL,
       downgraded_from_plan_id = NULL, scheduled_plan_id = NULL, scheduled_billing_period = NULL, scheduled_at = NULL, payment_method_id = coalesce(?, payment_method_id), updated_at = ?`;
    const setValues = [p.planId, p.billingPeriod, start, periodEndFrom(start, p.billingPeriod), p.paymentMethodId, now];
    // The old period's usage beyond its plan is charged before the period changes.
    out.push(settleStatement(d1, p.accountId, now));
    // The balance pays its part only while it still holds it (after the card's money is credited and
    // the usage charged): else (spent meanwhile, another purchase first) the card's money stays on
    // the balance and nothing else moves. `paidSoFar` is what the balance gained from this payment
    // when the condition is read.
    const balanceHolds = (paidSoFar: number) =>
      fromBalance > 0 ? { sql: " AND coalesce((SELECT balance_kopecks FROM account_balances WHERE account_id = ?), 0) >= ?", params: [p.accountId, paidSoFar + fromBalance] } : { sql: "", params: [] };
    const debitKey = `payment:${p.id}:debit`;
    const debitDone = fromBalance > 0 ? { sql: " AND EXISTS (SELECT 1 FROM ledger_entries WHERE key = ?)", params: [debitKey] } : { sql: "", params: [] };
    const debitDescription = fromBalance > 0 ? `${p.description}: ${p.amountKopecks > 0 ? `с баланса ${formatRub(fromBalance)}, картой ${formatRub(p.amountKopecks)}` : "оплата с баланса"}` : p.description;
    if (p.creditKopecks > 0 && p.creditPlanId && p.creditedPeriodEnd !== null) {
      // An upgrade: its credit is the unused days of ONE paid period, so the change (credit, price,
      // new period) happens only while the subscription is still that period of that plan. Should it
      // have changed meanwhile (renewed, another change paid first), the payment's money stays on
      // the balance and nothing else moves.
      const stillThat = "EXISTS (SELECT 1 FROM subscriptions WHERE account_id = ? AND plan_id = ? AND period_end = ? AND status = 'active')";
      const same = { sql: `${guard.sql} AND ${stillThat}`, params: [...guard.params, p.accountId, p.creditPlanId, p.creditedPeriodEnd] };
      const unusedKey = `payment:${p.id}:unused`;
      // With the balance's part: the credit is given only while the balance holds that part, and the
      // purchase only with the credit given.
      const withBalance = { sql: `${same.sql}${balanceHolds(p.amountKopecks).sql}`, params: [...same.params, ...balanceHolds(p.amountKopecks).params] };
      const afterCredit =
        fromBalance > 0 ? { sql: `${same.sql} AND EXISTS (SELECT 1 FROM ledger_entries WHERE key = ?)`, params: [...same.params, unusedKey] } : same;
      const old = await d1.prepare("SELECT name FROM plans WHERE id = ?").bind(p.creditPlanId).first<{ name: string }>();
      const days = p.creditDays ?? 0;
      if (p.amountKopecks > 0) out.push(credit);
      out.push(
        entryStatement(
          d1,
          {
            ...base,
            type: "subscription",
            amountKopecks: p.creditKopecks,
            key: unusedKey,
            units: days,
            planId: p.creditPlanId,
            description: `Остаток тарифа «${old?.name ?? ""}» за ${days} ${plural(days, ["день", "дня", "дней"])} — в счёт нового тарифа`,
          },
          withBalance,
        ),
        entryStatement(d1, { ...base, type: "subscription", amountKopecks: -price, key: debitKey, planId: p.planId, description: debitDescription, createdAt: now + 1 }, afterCredit),
        d1
          .prepare(`UPDATE subscriptions SET ${setPlan} WHERE account_id = ? AND plan_id = ? AND period_end = ? AND status = 'active' AND ${guard.sql}${debitDone.sql}`)
          .bind(...setValues, p.accountId, p.creditPlanId, p.creditedPeriodEnd, ...guard.params, ...debitDone.params),
      );
    } else {
      // A plan the balance pays entirely has no card money to credit.
      if (p.amountKopecks > 0 || fromBalance === 0) out.push(credit);
      const holds = balanceHolds(p.amountKopecks);
      out.push(
        entryStatement(d1, { ...base, type: "subscription", amountKopecks: -price, key: debitKey, planId: p.planId, description: debitDescription, createdAt: now + 1 }, { sql: `${guard.sql}${holds.sql}`, params: [...guard.params, ...holds.params] }),
      );
      out.push(d1.prepare(`UPDATE subscriptions SET ${setPlan} WHERE account_id = ? AND ${guard.sql}${debitDone.sql}`).bind(...setValues, p.accountId, ...guard.params, ...debitDone.params));
    }
  } else if (p.purpose === "renewal" && p.billingPeriod) {
    const end = renewedPeriodEnd(p);
    out.push(settleStatement(d1, p.accountId, now), credit, debit("subscription"));
    // The renewed period follows the one paid past, to the same moment; a renewal into a scheduled
    // downgrade (the payment names that plan and period) switches the plan with it.
    if (end !== null)
      out.push(
        d1
          .prepare(
            `UPDATE subscriptions SET plan_id = coalesce(?, plan_id), billing_period = ?, period_start = period_end, period_end = ?, status = 'active', grace_until = NULL, last_renewal_error = NULL,
               scheduled_plan_id = NULL, scheduled_billing_period = NULL, scheduled_at = NULL, updated_at = ?
             WHERE account_id = ? AND period_end = ? AND ${guard.sql}`,
          )
          .bind(p.planId, p.billingPeriod, periodEndFrom(end, p.billingPeriod), now, p.accountId, end, ...guard.params),
      );
  }
  return out;
}
