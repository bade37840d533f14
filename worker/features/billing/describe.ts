import type { BillingPeriod, LedgerEntry, Payment, PlanTranslations } from "../../db/schema/billing";
import type { PackageTranslations } from "../../db/schema/broadcast-quota";
import { methodView, type MethodView } from "./method-title";
import { packageTranslations, planTranslations } from "./translations";

/**
 * What a payment and a ledger row are about, as parameters (`details`) the SPA words in its
 * reader's language. The stored `description` is Russian on purpose (it is the text YooKassa and the
 * 54-FZ receipt get, and what an act lists); it stays in the API as the fallback for a row these
 * parameters cannot describe (a package or plan removed since, a row written by hand).
 *
 * Everything is read from what the rows already hold: the purpose, plan, period, package and
 * amount of a payment, the metric and units of a usage charge, the sign of an adjustment, and the
 * payment behind a ledger row. Names (plans, packages) are today's, as /pricing shows them: the
 * Russian one with its translations beside it (`planTranslations`, `translations`), of which the SPA
 * shows the reader's.
 */
export type PaymentItem =
  | { kind: "topup"; amountKopecks: number; invoiceNumber: string | null }
  | { kind: "autoTopup"; amountKopecks: number }
  | {
      kind: "plan" | "renewal";
      plan: string;
      planTranslations: PlanTranslations;
      period: BillingPeriod;
      upgradeFrom?: { plan: string; planTranslations: PlanTranslations; creditKopecks: number; days: number };
      /** A plan paid from the balance: the balance's part and the card's (0: the balance paid it all). */
      fromBalance?: { balanceKopecks: number; cardKopecks: number };
    }
  | { kind: "package"; name: string; translations: PackageTranslations; recipients: number };

export type EntryDetails =
  | { kind: "usage"; metric: string; units: number }
  | { kind: "adjustment"; credit: boolean }
  /** The payment's money on the balance (`payment`), what it bought (`purchase`), or a refund of it. */
  | { kind: "payment" | "purchase" | "refund"; item: PaymentItem }
  | { kind: "renewalFromBalance"; plan: string; planTranslations: PlanTranslations }
  /** An upgrade's credit: the unused days of the plan it left, counted against the new plan. */
  | { kind: "planCredit"; plan: string; planTranslations: PlanTranslations; days: number };

/** What a payment was (purpose, amount, period, provider) and what its row refers to: names of its plan and package, a transfer's invoice, the saved method's card. */
type PaymentFacts = Pick<Payment, "purpose" | "amountKopecks" | "billingPeriod" | "provider" | "creditKopecks" | "creditDays" | "fromBalanceKopecks">;
interface PaymentNames {
  planName: string | null;
  /** An upgrade's previous plan (the one its credit is for). */
  creditPlanName: string | null;
  creditPlanTranslations: string | null;
  /** The plan's and the package's `translations` as stored (JSON text). */
  planTranslations: string | null;
  packageName: string | null;
  packageTranslations: string | null;
  packageRecipients: number | null;
  invoiceNumber: string | null;
  methodType: string | null;
  cardType: string | null;
  cardLast4: string | null;
}
type PaymentRefs = PaymentFacts & PaymentNames;

const NO_NAMES: PaymentNames = { planName: null, creditPlanName: null, creditPlanTranslations: null, planTranslations: null, packageName: null, packageTranslations: null, packageRecipients: null, invoiceNumber: null, methodType: null, cardType: null, cardLast4: null };

/** One statement for a page of payments (ids as a JSON array: no limit on bound variables). */
async function paymentRefs(d1: D1Database, ids: string[]): Promise<Map<string, PaymentRefs>> {
  if (!ids.length) return new Map();
  const r = await d1
    .prepare(
      `SELECT p.id, p.purpose, p.amount_kopecks AS amountKopecks, p.billing_period AS billingPeriod, p.provider, p.credit_kopecks AS creditKopecks, p.credit_days AS creditDays, p.from_balance_kopecks AS fromBalanceKopecks,
         pl.name AS planName, pl.translations AS planTranslations, cp.name AS creditPlanName, cp.translations AS creditPlanTranslations, bp.name AS packageName, bp.translations AS packageTranslations, bp.recipients AS packageRecipients,
         (SELECT d.number FROM billing_documents d WHERE d.payment_id = p.id AND d.kind = 'invoice' LIMIT 1) AS invoiceNumber,
         m.type AS methodType, m.card_type AS cardType, m.card_last4 AS cardLast4
       FROM payments p
       LEFT JOIN plans pl ON pl.id = p.plan_id
       LEFT JOIN plans cp ON cp.id = p.credit_plan_id
       LEFT JOIN broadcast_packages bp ON bp.id = p.package_id
       LEFT JOIN payment_methods m ON m.id = p.payment_method_id AND m.account_id = p.account_id
       WHERE p.id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify([...new Set(ids)]))
    .all<PaymentRefs & { id: string }>();
  return new Map(r.results.map(({ id, ...refs }) => [id, refs]));
}

function paymentItem(p: PaymentFacts, r: PaymentNames): PaymentItem | null {
  switch (p.purpose) {
    case "topup":
      return { kind: "topup", amountKopecks: p.amountKopecks, invoiceNumber: p.provider === "bank_transfer" ? r.invoiceNumber : null };
    case "auto_topup":
      return { kind: "autoTopup", amountKopecks: p.amountKopecks };
    case "plan":
    case "renewal": {
      if (!r.planName || !p.billingPeriod) return null;
      const item: PaymentItem = {
        kind: p.purpose,
        plan: r.planName,
        planTranslations: planTranslations(r.planTranslations),
        period: p.billingPeriod,
        ...(p.fromBalanceKopecks > 0 ? { fromBalance: { balanceKopecks: p.fromBalanceKopecks, cardKopecks: p.amountKopecks } } : {}),
      };
      return p.creditKopecks > 0 && r.creditPlanName
        ? { ...item, upgradeFrom: { plan: r.creditPlanName, planTranslations: planTranslations(r.creditPlanTranslations), creditKopecks: p.creditKopecks, days: p.creditDays ?? 0 } }
        : item;
    }
    case "package":
      return r.packageName && r.packageRecipients !== null ? { kind: "package", name: r.packageName, translations: packageTranslations(r.packageTranslations), recipients: r.packageRecipients } : null;
    default:
      return null;
  }
}

export interface PaymentDescription {
  details: PaymentItem | null;
  method: MethodView | null;
}

function describeOne(p: Payment, r: PaymentNames): PaymentDescription {
  const saved = r.methodType ? { type: r.methodType, cardType: r.cardType, cardLast4: r.cardLast4 } : null;
  return { details: paymentItem(p, r), method: methodView(p, saved, r.invoiceNumber) };
}

/** `details` and `method` of each payment, in order. */
export async function describePayments(d1: D1Database, rows: Payment[]): Promise<PaymentDescription[]> {
  const refs = await paymentRefs(
    d1,
    rows.map((p) => p.id),
  );
  return rows.map((p) => describeOne(p, refs.get(p.id) ?? NO_NAMES));
}

/**
 * The plan a renewal paid from the balance renewed (its row names no payment): the plan the row names
 * (rows since migration 0049; a renewal into a scheduled downgrade is another plan than the one paid
 * before), else the plan of the last plan payment before it (the free plan is never renewed from the
 * balance), else the account's plan.
 */
async function renewedPlan(d1: D1Database, e: LedgerEntry): Promise<{ name: string; translations: PlanTranslations } | null> {
  const r = await d1
    .prepare(
      `SELECT pl.name, pl.translations FROM plans pl WHERE pl.id = coalesce(?3,
         (SELECT p.plan_id FROM payments p JOIN plans x ON x.id = p.plan_id
          WHERE p.account_id = ?1 AND p.purpose IN ('plan', 'renewal') AND p.status = 'succeeded' AND p.created_at <= ?2 ORDER BY p.created_at DESC LIMIT 1),
         (SELECT s.plan_id FROM subscriptions s WHERE s.account_id = ?1))`,
    )
    .bind(e.accountId, e.createdAt, e.planId)
    .first<{ name: string; translations: string | null }>();
  return r ? { name: r.name, translations: planTranslations(r.translations) } : null;
}

function entryDetails(e: LedgerEntry, paid: PaymentRefs | undefined, renewed: { name: string; translations: PlanTranslations } | null): EntryDetails | null {
  if (e.type === "charge" && e.metric && e.units !== null) return { kind: "usage", metric: e.metric, units: e.units };
  if (e.type === "adjustment") return { kind: "adjustment", credit: e.amountKopecks > 0 };
  if (isBalanceRenewal(e)) return renewed ? { kind: "renewalFromBalance", plan: renewed.name, planTranslations: renewed.translations } : null;
  if (isPlanCredit(e)) return paid?.creditPlanName ? { kind: "planCredit", plan: paid.creditPlanName, planTranslations: planTranslations(paid.creditPlanTranslations), days: e.units ?? paid.creditDays ?? 0 } : null;
  const item = paid ? paymentItem(paid, paid) : null;
  if (!item) return null;
  if (e.type === "topup") return { kind: "payment", item };
  if (e.type === "subscription" || e.type === "package") return { kind: "purchase", item };
  if (e.type === "refund") return { kind: "refund", item };
  return null;
}

/** A renewal paid from the balance (renewal.ts): keyed on the period it renews, with no payment. */
const isBalanceRenewal = (e: LedgerEntry) => e.type === "subscription" && !e.paymentId && e.key.startsWith("renewal:");

/** An upgrade's credit of the unused days (apply.ts): keyed on its payment. */
const isPlanCredit = (e: LedgerEntry) => e.type === "subscription" && !!e.paymentId && e.key === `payment:${e.paymentId}:unused`;

/** `details` of each ledger row, in order: the payments behind them read in one statement. */
export async function describeEntries(d1: D1Database, rows: LedgerEntry[]): Promise<(EntryDetails | null)[]> {
  const [refs, renewed] = await Promise.all([
    paymentRefs(
      d1,
      rows.flatMap((e) => (e.paymentId ? [e.paymentId] : [])),
    ),
    Promise.all(rows.map((e) => (isBalanceRenewal(e) ? renewedPlan(d1, e) : null))),
  ]);
  return rows.map((e, i) => entryDetails(e, e.paymentId ? refs.get(e.paymentId) : undefined, renewed[i] ?? null));
}
