import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { getDb, schema, type Db } from "../../db/client";
import { plural } from "./amount-words";
import type { Payment, PaymentPurpose } from "../../db/schema/billing";
import type { Env } from "../../env";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { faultPoint } from "../../lib/faults";
import { newId } from "../../lib/ids";
import { createLogger } from "../../lib/logger";
import { appUrl } from "../../lib/mail";
import { paged } from "../../lib/validation";
import { grantPackage } from "../broadcast-quota/broadcast-quota.service";
import type { CheckoutInput } from "./billing.schemas";
import { applyStatements } from "./apply";
import { describePayments, type PaymentDescription } from "./describe";
import { methodTitle } from "./method-title";
import { accrualStatement } from "../partners/commission";
import { nothingToPay, planDescription, quotePlanChange } from "./plan-change";
import { type CreatePaymentRequest, ProviderError, type ProviderPayment } from "./provider";
import { paymentProvider } from "./provider-config";
import { formatRub } from "./units";

const log = createLogger({ component: "payments" });
const PAY = schema.payments;
const PAYMENT_NOT_FOUND = "Платёж не найден";

/**
 * A payment as the API answers it. `details` (what it paid for) and `method` (how) let the SPA word
 * it in the reader's language; `description` and `methodTitle` are as stored (the description is the
 * Russian text YooKassa and the receipt got) and are the fallback.
 */
export function serializePayment(p: Payment, d: PaymentDescription) {
  return {
    id: p.id,
    providerPaymentId: p.providerPaymentId,
    purpose: p.purpose,
    planId: p.planId,
    billingPeriod: p.billingPeriod,
    packageId: p.packageId,
    amountKopecks: p.amountKopecks,
    refundedKopecks: p.refundedKopecks,
    /** An upgrade's credit: the unused days of the previous plan counted against the price (`amountKopecks` is what was paid on top). */
    creditKopecks: p.creditKopecks,
    /** A plan's part paid from the balance (`amountKopecks` is the card's). */
    fromBalanceKopecks: p.fromBalanceKopecks,
    status: p.status,
    final: p.status === "succeeded" || p.status === "canceled" || p.status === "failed",
    description: p.description,
    details: d.details,
    confirmationUrl: p.status === "pending" ? p.confirmationUrl : null,
    receiptEmail: p.receiptEmail,
    methodTitle: p.methodTitle,
    method: d.method,
    cancellationReason: p.cancellationReason,
    error: p.error,
    applied: p.appliedAt !== null,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/** Payments as the API answers them, each with its `details` and `method` (one statement for all). */
export async function serializePayments(d1: D1Database, rows: Payment[]) {
  const described = await describePayments(d1, rows);
  return rows.map((p, i) => serializePayment(p, described[i]!));
}

interface Order {
  purpose: PaymentPurpose;
  amountKopecks: number;
  description: string;
  planId?: string;
  billingPeriod?: "month" | "year";
  packageId?: string;
  creditKopecks?: number;
  creditPlanId?: string;
  creditDays?: number;
  creditedPeriodEnd?: number;
  fromBalanceKopecks?: number;
}

/**
 * What is being bought, priced on the server (the client names the item, never the price). A plan
 * is priced by the change it makes (plan-change.ts): an upgrade pays the difference after the
 * unused days' credit; the current plan and a downgrade (it waits for the period's end) are not paid here.
 */
async function orderOf(db: Db, accountId: string, input: CheckoutInput): Promise<Order> {
  if (input.kind === "topup") return { purpose: "topup", amountKopecks: input.amountKopecks, description: `Пополнение баланса на ${formatRub(input.amountKopecks)}` };
  if (input.kind === "plan") {
    const q = await quotePlanChange(db, accountId, input.planId, input.period, Date.now(), input.useBalance ?? true);
    const refusal = nothingToPay(q);
    if (refusal) throw refusal;
    const credit = q.creditKopecks > 0 ? { creditKopecks: q.creditKopecks, creditPlanId: q.current.plan.id, creditDays: q.creditDays, creditedPeriodEnd: q.current.periodEnd } : {};
    // The balance pays first: the card is charged the rest, and the balance's part is debited when the payment is applied.
    return { purpose: "plan", amountKopecks: q.byCardKopecks, fromBalanceKopecks: q.fromBalanceKopecks, planId: q.plan.id, billingPeriod: q.period, description: planDescription(q), ...credit };
  }
  const pkg = await db.select().from(schema.broadcastPackages).where(eq(schema.broadcastPackages.id, input.packageId)).get();
  if (!pkg) throw notFound("Пакет рассылок не найден", "PACKAGE_NOT_FOUND");
  if (!pkg.active || pkg.archivedAt !== null) throw badRequest("Этот пакет сейчас недоступен", "PACKAGE_UNAVAILABLE");
  return { purpose: "package", amountKopecks: pkg.priceKopecks, packageId: pkg.id, description: `Пакет рассылок «${pkg.name}»: ${pkg.recipients.toLocaleString("ru-RU")} ${plural(pkg.recipients, ["получатель", "получателя", "получателей"])}` };
}

async function sha256Hex(s: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s));
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Checkout: our payment row first (with the Idempotence-Key it keeps for life), then the provider's
 * payment with a 54-FZ receipt and `save_payment_method`, then the confirmation URL. A client that
 * repeats its request with the same `requestKey` gets the same payment (same key at the provider).
 */
export async function checkout(env: Env, accountId: string, userId: string, input: CheckoutInput) {
  const db = getDb(env.DB);
  const provider = paymentProvider(env);
  const order = await orderOf(db, accountId, input);
  const key = input.requestKey ? (await sha256Hex(`${accountId}:${input.requestKey}`)).slice(0, 36) : crypto.randomUUID();
  const now = Date.now();
  const id = newId();
  await db
    .insert(PAY)
    .values({ id, accountId, idempotenceKey: key, status: "creating", receiptEmail: input.email, createdBy: userId, createdAt: now, updatedAt: now, ...order })
    .onConflictDoNothing();
  const row = (await db.select().from(PAY).where(eq(PAY.idempotenceKey, key)).get())!;
  if (row.accountId !== accountId) throw badRequest("Повторите оплату", "REQUEST_KEY_TAKEN");
  if (row.providerPaymentId) return { paymentId: row.id, confirmationUrl: row.confirmationUrl, status: row.status };
  const returnUrl = appUrl(env, input.returnPath ?? `/${accountId}/billing`);
  const req: CreatePaymentRequest = {
    amountKopecks: row.amountKopecks,
    description: row.description,
    returnUrl: `${returnUrl}${returnUrl.includes("?") ? "&" : "?"}paymentId=${row.id}`,
    savePaymentMethod: true,
    receipt: { email: input.email, items: [{ description: row.description, amountKopecks: row.amountKopecks }] },
    metadata: { accountId, paymentId: row.id, purpose: row.purpose },
  };
  let pp: ProviderPayment;
  try {
    pp = await provider.createPayment(req, row.idempotenceKey);
  } catch (e) {
    throw await providerFailure(db, row, e);
  }
  const updated = await recordState(env, row, pp);
  return { paymentId: updated.id, confirmationUrl: pp.confirmationUrl, status: updated.status };
}

/** A refusal is final (the row says why); an unknown outcome (5xx after retries) keeps the row for a retry with the same key. */
async function providerFailure(db: Db, row: Payment, e: unknown): Promise<AppError> {
  if (!(e instanceof ProviderError)) return e as AppError;
  if (!e.transient) {
    await db.update(PAY).set({ status: "failed", error: `${e.code}: ${e.message}`.slice(0, 500), updatedAt: Date.now() }).where(eq(PAY.id, row.id));
    const field = e.parameter === "receipt" ? "Платёжная система не приняла чек: проверьте e-mail для чека" : "Платёжная система отклонила платёж";
    return new AppError(502, "PAYMENT_REJECTED", `${field} (${e.message})`, { providerCode: e.code, parameter: e.parameter });
  }
  return new AppError(502, "PAYMENT_PROVIDER_UNAVAILABLE", "Платёжная система не ответила. Попробуйте ещё раз через минуту — повтор не спишет деньги дважды.", { paymentId: row.id });
}

/**
 * Records what the provider says of a payment and acts on it: a saved method is kept, a revoked one
 * forgotten, a succeeded payment applied exactly once (apply.ts). Returns the row as stored.
 */
export async function recordState(env: Env, row: Payment, pp: ProviderPayment): Promise<Payment> {
  const db = getDb(env.DB);
  const now = Date.now();
  let methodId: string | null = row.paymentMethodId;
  if (pp.paymentMethod?.saved && pp.status === "succeeded") methodId = await saveMethod(db, row.accountId, pp.paymentMethod, now);
  if (pp.status === "canceled" && pp.cancellationReason === "permission_revoked" && pp.paymentMethod) await forgetMethod(db, row.accountId, pp.paymentMethod.id);
  if (pp.amountKopecks !== row.amountKopecks) {
    log.error("provider amount differs from ours; not applied", { paymentId: row.id, ours: row.amountKopecks, theirs: pp.amountKopecks });
    await db.update(PAY).set({ error: "Сумма у платёжной системы не совпадает с заказом", updatedAt: now }).where(eq(PAY.id, row.id));
    return (await db.select().from(PAY).where(eq(PAY.id, row.id)).get())!;
  }
  const status = pp.status;
  await db
    .update(PAY)
    .set({
      providerPaymentId: pp.id,
      status,
      confirmationUrl: pp.confirmationUrl ?? row.confirmationUrl,
      methodTitle: pp.paymentMethod ? methodTitle(pp.paymentMethod) : row.methodTitle,
      paymentMethodId: methodId,
      cancellationReason: pp.cancellationReason,
      updatedAt: now,
    })
    .where(eq(PAY.id, row.id));
  if (status === "succeeded" && row.appliedAt === null) {
    // The provider's API confirmed the payment and its row says so; the ledger row is not written yet.
    faultPoint(env, "billing.afterVerified");
    // The package's grant is idempotent on its own (unique source + payment id); granted before the
    // batch so a crash in between is repaired by the next notification or poll.
    if (row.purpose === "package" && row.packageId) await grantPackage(db, { accountId: row.accountId, packageId: row.packageId, source: "purchase", sourceRef: row.id });
    // The partner commission (features/partners) joins the same batch, keyed on the payment.
    await env.DB.batch([...(await applyStatements(env, { ...row, paymentMethodId: methodId }, now)), accrualStatement(env, row.id, now)]);
  }
  return (await db.select().from(PAY).where(eq(PAY.id, row.id)).get())!;
}

/**
 * Keeps the method a payment saved. YooKassa gives every payment that saves a card a new method id,
 * so a card is one row (type, last four digits, expiry; `payment_methods_card_uq`) holding its newest
 * id, the one renewals charge; another kind of method is one row per id.
 */
async function saveMethod(db: Db, accountId: string, m: NonNullable<ProviderPayment["paymentMethod"]>, now: number): Promise<string> {
  const M = schema.paymentMethods;
  const title = methodTitle(m);
  // Either index may refuse the row (this id saved before, or this card under an older id): nothing is inserted then.
  await db.insert(M).values({ id: newId(), accountId, providerMethodId: m.id, type: m.type, title, cardLast4: m.cardLast4, cardType: m.cardType, expiry: m.expiry, createdAt: now, updatedAt: now }).onConflictDoNothing();
  if (m.type === "bank_card" && m.cardLast4) {
    // The card's row takes this id when it is newer than the one it holds.
    await db.$client
      .prepare(
        `UPDATE payment_methods SET provider_method_id = ?1, title = ?2, updated_at = ?3
         WHERE account_id = ?4 AND provider = 'yookassa' AND type = 'bank_card' AND coalesce(card_type, '') = coalesce(?5, '') AND card_last4 = ?6 AND coalesce(expiry, '') = coalesce(?7, '')
           AND provider_method_id <> ?1 AND updated_at <= ?3
           AND NOT EXISTS (SELECT 1 FROM payment_methods x WHERE x.account_id = ?4 AND x.provider = 'yookassa' AND x.provider_method_id = ?1)`,
      )
      .bind(m.id, title, now, accountId, m.cardType, m.cardLast4, m.expiry)
      .run();
    const card = await db.$client
      .prepare(
        `SELECT id FROM payment_methods WHERE account_id = ? AND provider = 'yookassa' AND type = 'bank_card' AND coalesce(card_type, '') = coalesce(?, '') AND card_last4 = ? AND coalesce(expiry, '') = coalesce(?, '')`,
      )
      .bind(accountId, m.cardType, m.cardLast4, m.expiry)
      .first<{ id: string }>();
    if (card) return card.id;
  }
  const row = await db.select({ id: M.id }).from(M).where(and(eq(M.accountId, accountId), eq(M.providerMethodId, m.id))).get();
  return row!.id;
}

/** The payer revoked the binding (or the account removed it): never charge it again. */
export async function forgetMethod(db: Db, accountId: string, providerMethodId: string) {
  const gone = await db
    .delete(schema.paymentMethods)
    .where(and(eq(schema.paymentMethods.accountId, accountId), eq(schema.paymentMethods.providerMethodId, providerMethodId)))
    .returning({ id: schema.paymentMethods.id });
  for (const g of gone) await db.update(schema.subscriptions).set({ paymentMethodId: null, updatedAt: Date.now() }).where(and(eq(schema.subscriptions.accountId, accountId), eq(schema.subscriptions.paymentMethodId, g.id)));
}

async function paymentRow(db: Db, accountId: string, paymentId: string): Promise<Payment> {
  const row = await db.select().from(PAY).where(and(eq(PAY.id, paymentId), eq(PAY.accountId, accountId))).get();
  if (!row) throw notFound(PAYMENT_NOT_FOUND, "PAYMENT_NOT_FOUND");
  return row;
}

/** Re-reads a payment that is not final yet from the provider (the return page polls this). */
export async function syncPayment(env: Env, row: Payment): Promise<Payment> {
  if (!row.providerPaymentId || (row.status !== "pending" && row.status !== "waiting_for_capture" && !(row.status === "succeeded" && row.appliedAt === null))) return row;
  try {
    return await recordState(env, row, await paymentProvider(env).getPayment(row.providerPaymentId));
  } catch (error) {
    log.warn("payment re-read failed", { error, paymentId: row.id });
    return row;
  }
}

export async function getPayment(env: Env, accountId: string, paymentId: string) {
  const row = await syncPayment(env, await paymentRow(getDb(env.DB), accountId, paymentId));
  return (await serializePayments(env.DB, [row]))[0]!;
}

export async function listPayments(db: Db, accountId: string, q: { page: number; limit: number; status?: Payment["status"]; purpose?: PaymentPurpose; from?: number; to?: number }) {
  const conds: (SQL | undefined)[] = [
    eq(PAY.accountId, accountId),
    q.status ? eq(PAY.status, q.status) : undefined,
    q.purpose ? eq(PAY.purpose, q.purpose) : undefined,
    q.from !== undefined ? gte(PAY.createdAt, q.from) : undefined,
    q.to !== undefined ? lt(PAY.createdAt, q.to) : undefined,
  ];
  const where = and(...conds);
  const [rows, total] = await Promise.all([
    db.select().from(PAY).where(where).orderBy(desc(PAY.createdAt), desc(PAY.id)).limit(q.limit).offset((q.page - 1) * q.limit).all(),
    db.select({ n: count() }).from(PAY).where(where).get(),
  ]);
  return paged(await serializePayments(db.$client, rows), total?.n ?? 0, q.page, q.limit);
}

const EVENT_STATUS: Record<string, ProviderPayment["status"]> = {
  "payment.succeeded": "succeeded",
  "payment.canceled": "canceled",
  "payment.waiting_for_capture": "waiting_for_capture",
};

/**
 * A provider notification is only a hint (YooKassa signs nothing): the payment is re-read with our
 * credentials and only what the API says is acted on. (payment id, event) is recorded once the API
 * confirmed it, so a repeated notification does nothing, and a forged one changes nothing.
 */
export async function handleNotification(env: Env, body: unknown): Promise<{ acted: boolean; reason?: string }> {
  const n = body as { event?: unknown; object?: { id?: unknown } } | null;
  const event = typeof n?.event === "string" ? n.event : "";
  const providerId = typeof n?.object?.id === "string" ? n.object.id : "";
  if (!providerId || !(event in EVENT_STATUS)) return { acted: false, reason: "ignored" };
  const db = getDb(env.DB);
  const seen = await db.select().from(schema.paymentEvents).where(and(eq(schema.paymentEvents.providerPaymentId, providerId), eq(schema.paymentEvents.event, event))).get();
  if (seen) return { acted: false, reason: "duplicate" };
  const row = await db.select().from(PAY).where(and(eq(PAY.provider, "yookassa"), eq(PAY.providerPaymentId, providerId))).get();
  if (!row) return { acted: false, reason: "unknown payment" };
  const pp = await paymentProvider(env).getPayment(providerId);
  await recordState(env, row, pp);
  if (pp.status !== EVENT_STATUS[event]) return { acted: false, reason: `the API says ${pp.status}` };
  await db.insert(schema.paymentEvents).values({ providerPaymentId: providerId, event, status: pp.status, createdAt: Date.now() }).onConflictDoNothing();
  return { acted: true };
}

export async function listMethods(db: Db, accountId: string) {
  const [rows, sub] = await Promise.all([
    db.select().from(schema.paymentMethods).where(eq(schema.paymentMethods.accountId, accountId)).orderBy(desc(schema.paymentMethods.createdAt)).all(),
    db.select({ m: schema.subscriptions.paymentMethodId }).from(schema.subscriptions).where(eq(schema.subscriptions.accountId, accountId)).get(),
  ]);
  return { data: rows.map((m) => ({ id: m.id, type: m.type, title: m.title, cardLast4: m.cardLast4, cardType: m.cardType, expiry: m.expiry, default: m.id === sub?.m, createdAt: m.createdAt })) };
}

export async function deleteMethod(db: Db, accountId: string, methodId: string) {
  const row = await db.select().from(schema.paymentMethods).where(and(eq(schema.paymentMethods.id, methodId), eq(schema.paymentMethods.accountId, accountId))).get();
  if (!row) throw notFound("Способ оплаты не найден", "METHOD_NOT_FOUND");
  await forgetMethod(db, accountId, row.providerMethodId);
}
