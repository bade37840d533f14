import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { getDb, schema, type Db } from "../../db/client";
import type { BillingDocument, DocumentKind, DocumentLine, DocumentParty, DocumentStatus } from "../../db/schema/billing-documents";
import type { Payment } from "../../db/schema/billing";
import type { Env } from "../../env";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { paged } from "../../lib/validation";
import { auditStatement } from "../admin/audit-log";
import { applyStatements } from "./apply";
import { balanceOf } from "./ledger";
import { getPlanRow } from "./plans";
import { getRequisites } from "./requisites";
import { priceOf } from "./subscription";
import { formatRub } from "./units";

const D = schema.billingDocuments;
const PREFIX: Record<DocumentKind, string> = { invoice: "СЧ", act: "АКТ" };

export function serializeDocument(d: BillingDocument) {
  return {
    id: d.id,
    kind: d.kind,
    number: d.number,
    status: d.status,
    purpose: d.purpose,
    planId: d.planId,
    billingPeriod: d.billingPeriod,
    amountKopecks: d.amountKopecks,
    description: d.description,
    lines: d.lines,
    customer: d.customer,
    periodStart: d.periodStart,
    periodEnd: d.periodEnd,
    paidAt: d.paidAt,
    paymentId: d.paymentId,
    createdAt: d.createdAt,
  };
}

interface NewDocument {
  accountId: string;
  kind: DocumentKind;
  key: string;
  amountKopecks: number;
  description: string;
  lines: DocumentLine[];
  customer: DocumentParty;
  purpose?: "topup" | "plan" | null;
  planId?: string | null;
  billingPeriod?: "month" | "year" | null;
  periodStart?: number | null;
  periodEnd?: number | null;
  createdBy?: string | null;
  createdAt: number;
}

/**
 * Inserts a document with the next number of its kind, in ONE statement (SQLite runs one at a time,
 * so two issuers never take the same number); a document whose key exists already is not repeated.
 * Answers the stored document (the new one or the one the key named).
 */
async function insertDocument(db: Db, d1: D1Database, doc: NewDocument): Promise<BillingDocument> {
  const cols = "id, account_id, kind, seq, number, key, status, purpose, plan_id, billing_period, amount_kopecks, description, lines, customer, period_start, period_end, created_by, created_at, updated_at";
  await d1
    .prepare(
      `INSERT INTO billing_documents (${cols})
       SELECT ?1, ?2, ?3, n, ?4 || '-' || printf('%05d', n), ?5, 'issued', ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?16
       FROM (SELECT coalesce(max(seq), 0) + 1 AS n FROM billing_documents WHERE kind = ?3) WHERE true
       ON CONFLICT (key) DO NOTHING`,
    )
    .bind(
      newId(),
      doc.accountId,
      doc.kind,
      PREFIX[doc.kind],
      doc.key,
      doc.purpose ?? null,
      doc.planId ?? null,
      doc.billingPeriod ?? null,
      doc.amountKopecks,
      doc.description,
      JSON.stringify(doc.lines),
      JSON.stringify(doc.customer),
      doc.periodStart ?? null,
      doc.periodEnd ?? null,
      doc.createdBy ?? null,
      doc.createdAt,
    )
    .run();
  return (await db.select().from(D).where(eq(D.key, doc.key)).get())!;
}

export async function listDocuments(db: Db, accountId: string | null, q: { page: number; limit: number; kind?: DocumentKind; status?: DocumentStatus }) {
  const conds: (SQL | undefined)[] = [accountId ? eq(D.accountId, accountId) : undefined, q.kind ? eq(D.kind, q.kind) : undefined, q.status ? eq(D.status, q.status) : undefined];
  const where = and(...conds);
  const [rows, total] = await Promise.all([
    db
      .select({ doc: D, accountName: schema.accounts.name })
      .from(D)
      .innerJoin(schema.accounts, eq(schema.accounts.id, D.accountId))
      .where(where)
      .orderBy(desc(D.createdAt), desc(D.seq))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db.select({ n: count() }).from(D).where(where).get(),
  ]);
  return paged(rows.map((r) => ({ ...serializeDocument(r.doc), accountId: r.doc.accountId, accountName: r.accountName })), total?.n ?? 0, q.page, q.limit);
}

/** One document of the account (404 for another account's). */
export async function getDocument(db: Db, accountId: string | null, documentId: string): Promise<BillingDocument> {
  const row = await db.select().from(D).where(accountId ? and(eq(D.id, documentId), eq(D.accountId, accountId)) : eq(D.id, documentId)).get();
  if (!row) throw notFound("Документ не найден", "DOCUMENT_NOT_FOUND");
  return row;
}

export type InvoiceInput = { kind: "topup"; amountKopecks: number } | { kind: "plan"; planId: string; period: "month" | "year" };

/**
 * "Pay by invoice": a bank-transfer invoice for a top-up or a plan, with the account's requisites
 * (required: an invoice names its payer). A platform administrator marks it paid when the money arrives.
 */
export async function issueInvoice(env: Env, accountId: string, userId: string, input: InvoiceInput) {
  const db = getDb(env.DB);
  const req = await getRequisites(db, accountId);
  if (!req) throw badRequest("Сначала заполните реквизиты компании: счёт выставляется на них", "REQUISITES_REQUIRED");
  let amount: number;
  let description: string;
  let plan: { id: string; period: "month" | "year" } | null = null;
  if (input.kind === "topup") {
    amount = input.amountKopecks;
    description = `Пополнение баланса сервиса Assistly на ${formatRub(amount)}`;
  } else {
    const row = await getPlanRow(db, input.planId);
    if (!row.active || row.archivedAt !== null) throw badRequest("Этот тариф сейчас недоступен", "PLAN_UNAVAILABLE");
    amount = priceOf(row, input.period);
    if (amount <= 0) throw badRequest("Бесплатный тариф не нужно оплачивать", "PLAN_FREE");
    description = `Оплата тарифа «${row.name}» сервиса Assistly на ${input.period === "year" ? "год" : "месяц"}`;
    plan = { id: row.id, period: input.period };
  }
  const doc = await insertDocument(db, env.DB, {
    accountId,
    kind: "invoice",
    key: `invoice:${newId()}`,
    purpose: input.kind,
    planId: plan?.id,
    billingPeriod: plan?.period,
    amountKopecks: amount,
    description,
    lines: [{ description, quantity: 1, unit: "усл.", amountKopecks: amount }],
    customer: { legalName: req.legalName, inn: req.inn, kpp: req.kpp, address: req.address, email: req.email },
    createdBy: userId,
    createdAt: Date.now(),
  });
  return serializeDocument(doc);
}

/**
 * A platform administrator saw the transfer: the invoice becomes paid and is applied like a card
 * payment (a `payments` row of provider `bank_transfer`, so Operations shows it, and the same
 * apply statements: a top-up credits the balance, a plan is credited and bought), with an audit row,
 * all in ONE batch whose every statement depends on the first (the invoice still `issued`), so a
 * second click, or two administrators at once, credit the ledger once.
 */
export async function markInvoicePaid(env: Env, documentId: string, actorUserId: string) {
  const db = getDb(env.DB);
  const doc = await getDocument(db, null, documentId);
  if (doc.kind !== "invoice") throw badRequest("Оплаченным отмечается только счёт", "NOT_AN_INVOICE");
  if (doc.status !== "issued") throw conflict(doc.status === "paid" ? "Счёт уже отмечен оплаченным" : "Счёт отменён", "INVOICE_NOT_ISSUED");
  const now = Date.now();
  const payment: Payment = {
    id: newId(),
    accountId: doc.accountId,
    provider: "bank_transfer",
    providerPaymentId: null,
    idempotenceKey: `invoice:${doc.id}`,
    purpose: doc.purpose === "plan" ? "plan" : "topup",
    planId: doc.planId,
    billingPeriod: doc.billingPeriod,
    packageId: null,
    amountKopecks: doc.amountKopecks,
    status: "succeeded",
    description: doc.purpose === "plan" ? doc.description.replace(" сервиса Assistly", "") : `Пополнение баланса по счёту № ${doc.number}`,
    confirmationUrl: null,
    receiptEmail: doc.customer.email ?? null,
    paymentMethodId: null,
    methodTitle: `Банковский перевод, счёт № ${doc.number}`,
    cancellationReason: null,
    error: null,
    refundedKopecks: 0,
    creditKopecks: 0,
    creditPlanId: null,
    creditDays: null,
    creditedPeriodEnd: null,
    fromBalanceKopecks: 0,
    appliedAt: null,
    applyToken: null,
    createdBy: actorUserId,
    createdAt: now,
    updatedAt: now,
  };
  const claimed = { sql: "EXISTS (SELECT 1 FROM billing_documents WHERE id = ? AND payment_id = ?)", params: [doc.id, payment.id] };
  const res = await env.DB.batch([
    env.DB.prepare("UPDATE billing_documents SET status = 'paid', paid_at = ?, paid_by = ?, payment_id = ?, updated_at = ? WHERE id = ? AND status = 'issued'").bind(now, actorUserId, payment.id, now, doc.id),
    env.DB.prepare(
      `INSERT INTO payments (id, account_id, provider, idempotence_key, purpose, plan_id, billing_period, amount_kopecks, status, description, receipt_email, method_title, created_by, created_at, updated_at)
       SELECT ?, ?, 'bank_transfer', ?, ?, ?, ?, ?, 'succeeded', ?, ?, ?, ?, ?, ? WHERE ${claimed.sql} ON CONFLICT DO NOTHING`,
    ).bind(payment.id, payment.accountId, payment.idempotenceKey, payment.purpose, payment.planId, payment.billingPeriod, payment.amountKopecks, payment.description, payment.receiptEmail, payment.methodTitle, actorUserId, now, now, ...claimed.params),
    ...(await applyStatements(env, payment, now)),
    auditStatement(
      env.DB,
      { actorUserId, action: "invoice.mark_paid", targetType: "invoice", targetId: doc.id, accountId: doc.accountId, before: { status: "issued" }, after: { status: "paid", amountKopecks: doc.amountKopecks, number: doc.number, paymentId: payment.id } },
      now,
      claimed,
    ),
  ]);
  if (!res[0]?.meta.changes) throw conflict("Счёт уже отмечен оплаченным", "INVOICE_NOT_ISSUED");
  return { document: serializeDocument(await getDocument(db, null, doc.id)), balanceKopecks: await balanceOf(env.DB, doc.accountId) };
}

/** A platform administrator cancels an unpaid invoice (the customer will not pay it), with the reason in the audit log. */
export async function cancelInvoice(env: Env, documentId: string, actorUserId: string, reason: string) {
  const db = getDb(env.DB);
  const doc = await getDocument(db, null, documentId);
  if (doc.kind !== "invoice" || doc.status !== "issued") throw conflict("Отменить можно только неоплаченный счёт", "INVOICE_NOT_ISSUED");
  const now = Date.now();
  const res = await env.DB.batch([
    env.DB.prepare("UPDATE billing_documents SET status = 'canceled', updated_at = ? WHERE id = ? AND status = 'issued'").bind(now, doc.id),
    auditStatement(env.DB, { actorUserId, action: "invoice.cancel", targetType: "invoice", targetId: doc.id, accountId: doc.accountId, before: { status: "issued" }, after: { status: "canceled" }, reason }, now, {
      sql: "EXISTS (SELECT 1 FROM billing_documents WHERE id = ? AND status = 'canceled' AND updated_at = ?)",
      params: [doc.id, now],
    }),
  ]);
  if (!res[0]?.meta.changes) throw conflict("Отменить можно только неоплаченный счёт", "INVOICE_NOT_ISSUED");
  return serializeDocument(await getDocument(db, null, doc.id));
}

const ACT_LINES: Record<string, string> = {
  subscription: "Доступ к сервису Assistly по тарифу",
  charge: "Услуги сверх тарифа (ответы ИИ, сообщения)",
  package: "Пакеты рассылок",
};

/** UTC month [start, end) that contains `ms`. */
export function monthOf(ms: number): { start: number; end: number } {
  const d = new Date(ms);
  return { start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) };
}

/**
 * The act of one account and month: what the balance paid for in it (subscriptions, usage beyond the
 * plan, packages), one line per kind; once (keyed on account and month). Null when nothing was charged.
 */
export async function issueAct(env: Env, accountId: string, month: { start: number; end: number }, now = Date.now()) {
  const db = getDb(env.DB);
  const sums = await env.DB.prepare(
    `SELECT type, -sum(amount_kopecks) AS amount, count(*) AS n FROM ledger_entries
     WHERE account_id = ? AND type IN ('subscription', 'charge', 'package') AND created_at >= ? AND created_at < ? GROUP BY type HAVING -sum(amount_kopecks) > 0`,
  )
    .bind(accountId, month.start, month.end)
    .all<{ type: string; amount: number; n: number }>();
  if (!sums.results.length) return null;
  const [req, account] = await Promise.all([getRequisites(db, accountId), db.select({ name: schema.accounts.name }).from(schema.accounts).where(eq(schema.accounts.id, accountId)).get()]);
  const lines = sums.results.map((s) => ({ description: ACT_LINES[s.type] ?? s.type, quantity: 1, unit: "усл.", amountKopecks: s.amount }));
  const total = lines.reduce((t, l) => t + l.amountKopecks, 0);
  const label = new Date(month.start).toLocaleDateString("ru-RU", { month: "long", year: "numeric", timeZone: "UTC" });
  const doc = await insertDocument(db, env.DB, {
    accountId,
    kind: "act",
    key: `act:${accountId}:${month.start}`,
    amountKopecks: total,
    description: `Услуги сервиса Assistly за ${label}`,
    lines,
    customer: req ? { legalName: req.legalName, inn: req.inn, kpp: req.kpp, address: req.address, email: req.email } : { legalName: account?.name ?? "", inn: "", kpp: null, address: "" },
    periodStart: month.start,
    periodEnd: month.end,
    createdAt: Math.max(now, month.end),
  });
  return serializeDocument(doc);
}

/** The billing tick's step: acts for the month before `now` of every account charged in it (each once). */
export async function issueMonthlyActs(env: Env, now: number, limit = 200): Promise<number> {
  const month = monthOf(monthOf(now).start - 1);
  const due = await env.DB.prepare(
    `SELECT DISTINCT l.account_id AS id FROM ledger_entries l
     WHERE l.type IN ('subscription', 'charge', 'package') AND l.created_at >= ?1 AND l.created_at < ?2
       AND NOT EXISTS (SELECT 1 FROM billing_documents d WHERE d.key = 'act:' || l.account_id || ':' || ?1) LIMIT ?3`,
  )
    .bind(month.start, month.end, limit)
    .all<{ id: string }>();
  let issued = 0;
  for (const { id } of due.results) if (await issueAct(env, id, month, now)) issued++;
  return issued;
}
