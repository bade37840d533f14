import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accountRef, accounts } from "./accounts";
import { createdAt, idKey, timestamps } from "./columns";
import { userRefOrNull } from "./users";

/**
 * Billing (features/billing). Money is always integer kopecks. Metrics and plan units share one
 * vocabulary (features/billing/units.ts): consumables (aiReplies, messagesIn, messagesOut,
 * broadcastRecipients) are counted per period and priced beyond what the plan includes; caps
 * (assistants, channels, seats) are counts the plan allows at a time.
 */
export type PlanUnits = Record<string, number>;

/** The interface languages a plan's or package's name is translated into (Russian is the stored `name` itself). */
export const TRANSLATION_LANGUAGES = ["en", "fr", "ar"] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];
/** A plan's name and description in the other interface languages; a missing one falls back to the Russian text. */
export type PlanTranslations = Partial<Record<TranslationLanguage, { name?: string; description?: string }>>;

/** A plan of the platform's price list, managed by platform administrators (seeded: trial, start, business, pro). */
export const plans = sqliteTable(
  "plans",
  {
    id: idKey(),
    /** Stable short name (trial, start, business, pro…): the seed, new accounts and downgrades find plans by it. */
    code: text("code").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** `name` and `description` in English, French and Arabic (migration 0046); Russian stays the source and the fallback. */
    translations: text("translations", { mode: "json" }).$type<PlanTranslations>().notNull().default({}),
    monthlyPriceKopecks: integer("monthly_price_kopecks").notNull(),
    yearlyPriceKopecks: integer("yearly_price_kopecks").notNull(),
    /** Units included per period (consumables) or at a time (caps). */
    included: text("included", { mode: "json" }).$type<PlanUnits>().notNull(),
    /** Kopecks per consumable unit beyond the included ones (0: not sold per unit). */
    overage: text("overage", { mode: "json" }).$type<PlanUnits>().notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    archivedAt: integer("archived_at"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("plans_code_uq").on(t.code)],
);

export const SUBSCRIPTION_STATUSES = ["active", "past_due", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const BILLING_PERIODS = ["month", "year"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/**
 * An account's subscription: one row per account (created with the account by a trigger, on the
 * trial plan, its period from UTC midnight). A paid period starts when it is paid and lasts a
 * calendar month or year to the same moment; its usage is the `usage_daily` days from the day it
 * started up to the day it ends (that day belongs to the next period). `past_due`: the renewal failed; the paid plan's limits hold until `graceUntil`,
 * then the account moves to the free plan.
 */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    accountId: text("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id),
    billingPeriod: text("billing_period", { enum: BILLING_PERIODS }).notNull().default("month"),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("active"),
    periodStart: integer("period_start").notNull(),
    periodEnd: integer("period_end").notNull(),
    graceUntil: integer("grace_until"),
    /** The saved method renewals charge (features/billing payment methods). */
    paymentMethodId: text("payment_method_id"),
    /** Auto top-up: when the balance falls under the threshold, charge the saved method this amount. */
    autoTopupThresholdKopecks: integer("auto_topup_threshold_kopecks"),
    autoTopupAmountKopecks: integer("auto_topup_amount_kopecks"),
    /** Auto top-up charges once per crossing: cleared when it charges, set again when the balance is back at or above the threshold. */
    autoTopupArmed: integer("auto_topup_armed", { mode: "boolean" }).notNull().default(true),
    /** When the last renewal attempt failed, and why (shown on /billing). */
    lastRenewalError: text("last_renewal_error"),
    /** The plan the account had before a downgrade to the free plan. */
    downgradedFromPlanId: text("downgraded_from_plan_id"),
    /**
     * A downgrade the owner chose (migration 0049): at the period's end the subscription renews into
     * this plan and period instead of its own. Cleared by the renewal, a plan bought meanwhile, the
     * owner's cancel, or the move to the free plan.
     */
    scheduledPlanId: text("scheduled_plan_id").references(() => plans.id),
    scheduledBillingPeriod: text("scheduled_billing_period", { enum: BILLING_PERIODS }),
    scheduledAt: integer("scheduled_at"),
    ...timestamps(),
  },
  (t) => [index("subscriptions_period_end_idx").on(t.status, t.periodEnd)],
);

/** The balance of each account: the sum of its ledger, kept by a trigger on ledger inserts (migration billing_sql). */
export const accountBalances = sqliteTable("account_balances", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  balanceKopecks: integer("balance_kopecks").notNull().default(0),
  updatedAt: integer("updated_at").notNull(),
});

export const LEDGER_TYPES = ["charge", "topup", "refund", "package", "subscription", "adjustment"] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

/**
 * Every movement of an account's balance, one row each, never changed. `key` is unique: it names
 * what the row pays for (a usage range of a period, a payment, a renewal), so doing the same thing
 * twice inserts nothing the second time.
 */
export const ledgerEntries = sqliteTable(
  "ledger_entries",
  {
    id: idKey(),
    accountId: accountRef(),
    type: text("type", { enum: LEDGER_TYPES }).notNull(),
    /** Signed: credits positive, charges negative. */
    amountKopecks: integer("amount_kopecks").notNull(),
    key: text("key").notNull(),
    /** For usage charges: the metric, how many units, and the period they belong to. */
    metric: text("metric"),
    units: integer("units"),
    periodStart: integer("period_start"),
    description: text("description").notNull().default(""),
    paymentId: text("payment_id"),
    /** Subscription rows: the plan bought, renewed, or whose unused days the row credits (migration 0049; null before). */
    planId: text("plan_id"),
    actorUserId: userRefOrNull("actor_user_id"),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_entries_key_uq").on(t.key),
    index("ledger_entries_account_idx").on(t.accountId, t.createdAt),
    index("ledger_entries_account_type_idx").on(t.accountId, t.type, t.createdAt),
    index("ledger_entries_usage_idx").on(t.accountId, t.metric, t.periodStart),
  ],
);

/**
 * Usage per account, UTC day, metric and dimension (channel id for messages and recipients, model for
 * AI replies and tokens; '' when none). Kept by triggers on `messages` and `usage_events` inserts
 * (migration billing_sql), so it is current as soon as the thing it counts is committed.
 */
export const usageDaily = sqliteTable(
  "usage_daily",
  {
    accountId: accountRef(),
    day: text("day").notNull(),
    metric: text("metric").notNull(),
    dim: text("dim").notNull().default(""),
    quantity: integer("quantity").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.metric, t.dim] }), index("usage_daily_day_idx").on(t.day, t.accountId)],
);

export const PAYMENT_PURPOSES = ["plan", "topup", "package", "renewal", "auto_topup"] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
export const PAYMENT_STATUSES = ["creating", "pending", "waiting_for_capture", "succeeded", "canceled", "failed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * A payment through the provider. `idempotenceKey` is ours (sent as Idempotence-Key, reused on every
 * retry of the same payment); `appliedAt` is set in the same transaction that applies a succeeded
 * payment (plan, top-up, package), so it is applied once however often we hear of it.
 */
export const payments = sqliteTable(
  "payments",
  {
    id: idKey(),
    accountId: accountRef(),
    provider: text("provider").notNull().default("yookassa"),
    providerPaymentId: text("provider_payment_id"),
    idempotenceKey: text("idempotence_key").notNull(),
    purpose: text("purpose", { enum: PAYMENT_PURPOSES }).notNull(),
    planId: text("plan_id"),
    billingPeriod: text("billing_period", { enum: BILLING_PERIODS }),
    packageId: text("package_id"),
    amountKopecks: integer("amount_kopecks").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull(),
    description: text("description").notNull(),
    confirmationUrl: text("confirmation_url"),
    receiptEmail: text("receipt_email"),
    /** The saved method charged (renewals, auto top-up) or the method the payer used, masked. */
    paymentMethodId: text("payment_method_id"),
    methodTitle: text("method_title"),
    cancellationReason: text("cancellation_reason"),
    error: text("error"),
    refundedKopecks: integer("refunded_kopecks").notNull().default(0),
    /**
     * An upgrade mid-period (migration 0049): the unused whole days (`creditDays`) of the plan
     * `creditPlanId`'s period ending `creditedPeriodEnd`, worth `creditKopecks`, count against the new
     * plan's price; `amountKopecks` is what is paid on top (0 when the credit covers it all).
     */
    creditKopecks: integer("credit_kopecks").notNull().default(0),
    creditPlanId: text("credit_plan_id"),
    creditDays: integer("credit_days"),
    creditedPeriodEnd: integer("credited_period_end"),
    /**
     * A plan paid partly or wholly from the account's balance (migration 0051): what the balance pays
     * of the price; `amountKopecks` is the card's part (0 when the balance covers it all).
     */
    fromBalanceKopecks: integer("from_balance_kopecks").notNull().default(0),
    appliedAt: integer("applied_at"),
    /** Random per applying attempt: the attempt whose token is stored is the one that applies. */
    applyToken: text("apply_token"),
    createdBy: userRefOrNull("created_by"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("payments_provider_id_uq").on(t.provider, t.providerPaymentId).where(sql`provider_payment_id IS NOT NULL`),
    uniqueIndex("payments_idempotence_uq").on(t.idempotenceKey),
    index("payments_account_idx").on(t.accountId, t.createdAt),
    index("payments_status_idx").on(t.status, t.updatedAt),
  ],
);

/** A provider's notification we acted on: (provider payment id, event) once. */
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    providerPaymentId: text("provider_payment_id").notNull(),
    event: text("event").notNull(),
    status: text("status").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.providerPaymentId, t.event] })],
);

/** A saved payment method (the provider's `payment_method.id`), masked for display. */
export const paymentMethods = sqliteTable(
  "payment_methods",
  {
    id: idKey(),
    accountId: accountRef(),
    provider: text("provider").notNull().default("yookassa"),
    providerMethodId: text("provider_method_id").notNull(),
    type: text("type").notNull(),
    title: text("title").notNull(),
    cardLast4: text("card_last4"),
    cardType: text("card_type"),
    expiry: text("expiry"),
    ...timestamps(),
  },
  // One row per card as well (type, last four digits, expiry; its newest method id): the expression
  // index `payment_methods_card_uq` of migration 0049, hand-written.
  (t) => [uniqueIndex("payment_methods_provider_uq").on(t.accountId, t.provider, t.providerMethodId)],
);

/** The account's company details for invoices and acts. */
export const billingRequisites = sqliteTable("billing_requisites", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  legalName: text("legal_name").notNull(),
  inn: text("inn").notNull(),
  kpp: text("kpp"),
  address: text("address").notNull(),
  email: text("email").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * Billing notices of an account (usage at 80 % / 100 %, renewal failed, grace ended, AI stopped):
 * shown by /billing and the app's banner; `key` makes each notice once per period.
 */
export const billingNotifications = sqliteTable(
  "billing_notifications",
  {
    id: idKey(),
    accountId: accountRef(),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    message: text("message").notNull(),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    readAt: integer("read_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("billing_notifications_key_uq").on(t.accountId, t.key), index("billing_notifications_account_idx").on(t.accountId, t.createdAt)],
);

/** What platform administrators did: who, what, to which object, before and after. */
export const adminAuditLog = sqliteTable(
  "admin_audit_log",
  {
    id: idKey(),
    actorUserId: userRefOrNull("actor_user_id"),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    accountId: text("account_id"),
    before: text("before", { mode: "json" }).$type<unknown>(),
    after: text("after", { mode: "json" }).$type<unknown>(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("admin_audit_log_created_idx").on(t.createdAt), index("admin_audit_log_account_idx").on(t.accountId, t.createdAt)],
);

export type Plan = typeof plans.$inferSelect;
export type AccountSubscription = typeof subscriptions.$inferSelect;
export type LedgerEntry = typeof ledgerEntries.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type PaymentMethod = typeof paymentMethods.$inferSelect;
