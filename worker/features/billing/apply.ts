import type { Payment } from "../../db/schema/billing";
import type { Env } from "../../env";
import { entryStatement, settleStatement } from "./ledger";
import { dayStart, periodEndFrom } from "./subscription";

/** The period end a renewal payment pays past (its Idempotence-Key names it: one payment per period). */
export function renewalKey(accountId: string, periodEnd: number): string {
  return `renewal:${accountId}:${periodEnd}`;
}
function renewedPeriodEnd(p: Payment): number | null {
  const m = /^renewal:[^:]+:(\d+)$/.exec(p.idempotenceKey);
  return m ? Number(m[1]) : null;
}

const nextEndSql = (period: "month" | "year") => `CAST(strftime('%s', date(period_end / 1000, 'unixepoch', '+1 ${period}')) AS INTEGER) * 1000`;

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
  const debit = (type: "subscription" | "package") => entryStatement(d1, { ...base, type, amountKopecks: -p.amountKopecks, key: `payment:${p.id}:debit`, description: p.description, createdAt: now + 1 }, guard);
  if (p.purpose === "topup" || p.purpose === "auto_topup") out.push(credit);
  else if (p.purpose === "package") out.push(credit, debit("package"));
  else if (p.purpose === "plan" && p.planId && p.billingPeriod) {
    const start = dayStart(now);
    // The old period's usage beyond its plan is charged before the period changes.
    out.push(settleStatement(d1, p.accountId, now), credit, debit("subscription"));
    out.push(
      d1
        .prepare(
          `UPDATE subscriptions SET plan_id = ?, billing_period = ?, status = 'active', period_start = ?, period_end = ?, grace_until = NULL, last_renewal_error = NULL,
             downgraded_from_plan_id = NULL, payment_method_id = coalesce(?, payment_method_id), updated_at = ? WHERE account_id = ? AND ${guard.sql}`,
        )
        .bind(p.planId, p.billingPeriod, start, periodEndFrom(start, p.billingPeriod), p.paymentMethodId, now, p.accountId, ...guard.params),
    );
  } else if (p.purpose === "renewal" && p.billingPeriod) {
    const end = renewedPeriodEnd(p);
    out.push(settleStatement(d1, p.accountId, now), credit, debit("subscription"));
    out.push(
      d1
        .prepare(
          `UPDATE subscriptions SET period_start = period_end, period_end = ${nextEndSql(p.billingPeriod)}, status = 'active', grace_until = NULL, last_renewal_error = NULL, updated_at = ?
           WHERE account_id = ? AND period_end = ? AND ${guard.sql}`,
        )
        .bind(now, p.accountId, end, ...guard.params),
    );
  }
  return out;
}
