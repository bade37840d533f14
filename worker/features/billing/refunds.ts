import { eq } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { Env } from "../../env";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { auditStatement } from "../admin/audit-log";
import { reversalStatement } from "../partners/commission";
import { balanceOf, entryStatement } from "./ledger";
import { ProviderError } from "./provider";
import { paymentProvider } from "./provider-config";
import { formatRub } from "./units";

/**
 * A platform administrator's refund of a succeeded payment (all of it by default), through the
 * provider. The Idempotence-Key names the payment and what was refunded before, so a repeated click
 * refunds once; the money leaves the balance as a `refund` ledger row, with an audit row.
 */
export async function refundPayment(env: Env, paymentId: string, actorUserId: string, input: { amountKopecks?: number; reason: string }) {
  const db = getDb(env.DB);
  const p = await db.select().from(schema.payments).where(eq(schema.payments.id, paymentId)).get();
  if (!p) throw notFound("Платёж не найден", "PAYMENT_NOT_FOUND");
  if (p.status !== "succeeded" || !p.providerPaymentId) throw badRequest("Вернуть можно только успешный платёж", "PAYMENT_NOT_REFUNDABLE");
  const left = p.amountKopecks - p.refundedKopecks;
  const amount = input.amountKopecks ?? left;
  if (amount <= 0 || amount > left) throw badRequest(`Вернуть можно не больше ${formatRub(left)}`, "REFUND_TOO_LARGE", { left });
  const key = `refund:${p.id}:${p.refundedKopecks}`;
  let refund;
  try {
    refund = await paymentProvider(env).createRefund(
      { paymentId: p.providerPaymentId, amountKopecks: amount, description: input.reason, receipt: p.receiptEmail ? { email: p.receiptEmail, items: [{ description: p.description, amountKopecks: amount }] } : undefined },
      key,
    );
  } catch (e) {
    if (e instanceof ProviderError) throw new AppError(502, "REFUND_REJECTED", `Платёжная система не приняла возврат: ${e.message}`, { providerCode: e.code });
    throw e;
  }
  const before = await balanceOf(env.DB, p.accountId);
  const now = Date.now();
  // The same refund reported twice (a double click: the provider replays it) is recorded once: the
  // ledger row is keyed on the refund, the audit row and the payment's total follow that row.
  const once = { sql: "NOT EXISTS (SELECT 1 FROM ledger_entries WHERE key = ?)", params: [`refund:${refund.id}`] };
  await env.DB.batch([
    env.DB.prepare(`UPDATE payments SET refunded_kopecks = refunded_kopecks + ?, updated_at = ? WHERE id = ? AND ${once.sql}`).bind(amount, now, p.id, ...once.params),
    auditStatement(env.DB, { actorUserId, action: "payment.refund", targetType: "payment", targetId: p.id, accountId: p.accountId, before: { refundedKopecks: p.refundedKopecks, balanceKopecks: before }, after: { refundedKopecks: p.refundedKopecks + amount, refundId: refund.id, status: refund.status }, reason: input.reason }, now, once),
    entryStatement(env.DB, { accountId: p.accountId, type: "refund", amountKopecks: -amount, key: `refund:${refund.id}`, description: `Возврат: ${p.description}`, paymentId: p.id, actorUserId, reason: input.reason, createdAt: now }),
    // The partner's share of the refunded part is reversed (features/partners), keyed on the refund.
    reversalStatement(env, { paymentId: p.id, refundId: refund.id, refundedBefore: p.refundedKopecks, amountKopecks: amount }, now),
  ]);
  return { refundId: refund.id, status: refund.status, amountKopecks: amount, balanceKopecks: await balanceOf(env.DB, p.accountId) };
}
