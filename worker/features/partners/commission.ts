import type { Env } from "../../env";
import { newId } from "../../lib/ids";
import { partnerConfig } from "./partners.config";

/**
 * The commission of one succeeded payment, as a statement for billing's apply batch (same
 * transaction): the payment's account → the user who created it → that user's attribution → an
 * active partner and its rate. Keyed `payment:<id>` (ON CONFLICT DO NOTHING), so a webhook and a
 * poll applying at once accrue once. Held until now + PARTNER_HOLD_DAYS. Integer kopecks, rounded down.
 */
export function accrualStatement(env: Env, paymentId: string, now = Date.now()): D1PreparedStatement {
  const { holdMs } = partnerConfig(env);
  return env.DB.prepare(
    `INSERT INTO partner_commissions (id, partner_id, account_id, code_id, payment_id, kind, amount_kopecks, base_kopecks, rate_bp, key, available_at, created_at)
     SELECT ?, pa.partner_id, p.account_id, pa.code_id, p.id, 'accrual', p.amount_kopecks * pr.rate_bp / 10000, p.amount_kopecks, pr.rate_bp, 'payment:' || p.id, ?, ?
     FROM payments p JOIN accounts a ON a.id = p.account_id JOIN partner_attributions pa ON pa.user_id = a.created_by JOIN partners pr ON pr.id = pa.partner_id
     WHERE p.id = ? AND p.status = 'succeeded' AND pr.status = 'active'
     ON CONFLICT (key) DO NOTHING`,
  ).bind(newId(), now + holdMs, now, paymentId);
}

/**
 * A refund's reversal of the payment's commission, for the refund's batch: keyed on the refund
 * (`refund:<refund id>`), at the rate of the accrual; it counts where the accrual counts (in the hold
 * while the accrual is held, else at once). The amount is the
 * difference of the cumulative shares, so partial refunds adding up to the payment reverse exactly
 * the accrual. Nothing when the payment earned no commission.
 */
export function reversalStatement(env: Env, input: { paymentId: string; refundId: string; refundedBefore: number; amountKopecks: number }, now = Date.now()): D1PreparedStatement {
  const after = input.refundedBefore + input.amountKopecks;
  return env.DB.prepare(
    `INSERT INTO partner_commissions (id, partner_id, account_id, code_id, payment_id, kind, amount_kopecks, base_kopecks, rate_bp, key, available_at, created_at)
     SELECT ?, c.partner_id, c.account_id, c.code_id, c.payment_id, 'reversal', -((? * c.rate_bp / 10000) - (? * c.rate_bp / 10000)), ?, c.rate_bp, ?, max(c.available_at, ?), ?
     FROM partner_commissions c WHERE c.key = ?
     ON CONFLICT (key) DO NOTHING`,
  ).bind(newId(), after, input.refundedBefore, input.amountKopecks, `refund:${input.refundId}`, now, now, `payment:${input.paymentId}`);
}

/** The partner's money: held (accrued, in the hold), available (released, less payouts not rejected), in payout, paid out. */
export async function partnerBalance(d1: D1Database, partnerId: string, now = Date.now()) {
  const r = await d1
    .prepare(
      `SELECT
         (SELECT coalesce(sum(amount_kopecks), 0) FROM partner_commissions WHERE partner_id = ?1 AND available_at > ?2) AS held,
         (SELECT coalesce(sum(amount_kopecks), 0) FROM partner_commissions WHERE partner_id = ?1 AND available_at <= ?2) AS released,
         (SELECT coalesce(sum(amount_kopecks), 0) FROM partner_commissions WHERE partner_id = ?1) AS accrued,
         (SELECT coalesce(sum(amount_kopecks), 0) FROM partner_payouts WHERE partner_id = ?1 AND status IN ('requested', 'approved')) AS inPayout,
         (SELECT coalesce(sum(amount_kopecks), 0) FROM partner_payouts WHERE partner_id = ?1 AND status = 'paid') AS paidOut`,
    )
    .bind(partnerId, now)
    .first<{ held: number; released: number; accrued: number; inPayout: number; paidOut: number }>();
  const b = r!;
  return { heldKopecks: b.held, availableKopecks: b.released - b.inPayout - b.paidOut, inPayoutKopecks: b.inPayout, paidOutKopecks: b.paidOut, accruedKopecks: b.accrued };
}

/** SQL of the available amount (released less payouts not rejected), for the payout's conditional insert. */
export const AVAILABLE_SQL = `((SELECT coalesce(sum(amount_kopecks), 0) FROM partner_commissions WHERE partner_id = ?1 AND available_at <= ?2)
  - (SELECT coalesce(sum(amount_kopecks), 0) FROM partner_payouts WHERE partner_id = ?1 AND status != 'rejected'))`;
