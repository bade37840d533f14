import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { userRef, userRefOrNull, users } from "./users";
import { createdAt, idKey, timestamps } from "./columns";

/** The partner programme (features/partners): applications, partners, their codes, attributions, commission and payouts. */
export const PARTNER_APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export const PAYOUT_METHODS = ["bank", "card"] as const;
export const LEGAL_FORMS = ["self_employed", "company"] as const;
export const PARTNER_STATUSES = ["active", "deactivated"] as const;
export const PAYOUT_STATUSES = ["requested", "approved", "paid", "rejected"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** A user's application to the programme; at most one pending per user (a partial unique index). */
export const partnerApplications = sqliteTable(
  "partner_applications",
  {
    id: idKey(),
    userId: userRef(),
    name: text("name").notNull(),
    company: text("company"),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    website: text("website").notNull(),
    audience: text("audience").notNull(),
    expectedVolume: text("expected_volume").notNull(),
    payoutMethod: text("payout_method", { enum: PAYOUT_METHODS }).notNull(),
    legalForm: text("legal_form", { enum: LEGAL_FORMS }).notNull(),
    inn: text("inn"),
    bankAccount: text("bank_account"),
    bik: text("bik"),
    /** Only the last four digits of a card are kept; the full number is confirmed at the first payout. */
    cardLast4: text("card_last4"),
    agreedAt: integer("agreed_at").notNull(),
    status: text("status", { enum: PARTNER_APPLICATION_STATUSES }).notNull().default("pending"),
    rejectReason: text("reject_reason"),
    reviewedBy: userRefOrNull("reviewed_by"),
    reviewedAt: integer("reviewed_at"),
    ...timestamps(),
  },
  (t) => [
    index("partner_applications_status_idx").on(t.status, t.createdAt),
    index("partner_applications_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("partner_applications_pending_uq").on(t.userId).where(sql`status = 'pending'`),
  ],
);

/** An approved partner: one per user, with the commission rate in basis points (2000 = 20 %). */
export const partners = sqliteTable(
  "partners",
  {
    id: idKey(),
    userId: userRef(),
    applicationId: text("application_id"),
    rateBp: integer("rate_bp").notNull(),
    status: text("status", { enum: PARTNER_STATUSES }).notNull().default("active"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("partners_user_uq").on(t.userId)],
);

export const partnerRef = () =>
  text("partner_id")
    .notNull()
    .references(() => partners.id, { onDelete: "cascade" });

/** A partner's link codes: the default one and extra ones with campaign labels. `codeKey` is the lower-cased code (unique). */
export const partnerCodes = sqliteTable(
  "partner_codes",
  {
    id: idKey(),
    partnerId: partnerRef(),
    code: text("code").notNull(),
    codeKey: text("code_key").notNull(),
    label: text("label"),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("partner_codes_key_uq").on(t.codeKey), index("partner_codes_partner_idx").on(t.partnerId)],
);

/** Who brought a user (first touch within the window). The user's accounts (accounts.created_by) follow it. */
export const partnerAttributions = sqliteTable(
  "partner_attributions",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    partnerId: partnerRef(),
    codeId: text("code_id").references(() => partnerCodes.id, { onDelete: "set null" }),
    /** When the visitor first came through the link (or the registration, for a code sent without a click). */
    touchedAt: integer("touched_at").notNull(),
    source: text("source", { enum: ["link", "admin"] }).notNull(),
    ...timestamps(),
  },
  (t) => [index("partner_attributions_partner_idx").on(t.partnerId, t.createdAt), index("partner_attributions_code_idx").on(t.codeId)],
);

/**
 * The commission ledger, integer kopecks, never changed: an `accrual` per successful payment of a
 * referred account (key `payment:<id>`), a negative `reversal` per refund (key `refund:<refund id>`).
 * An accrual becomes available at `availableAt` (the hold); a reversal with its accrual, or at once when that was released.
 */
export const partnerCommissions = sqliteTable(
  "partner_commissions",
  {
    id: idKey(),
    partnerId: partnerRef(),
    accountId: text("account_id").notNull(),
    codeId: text("code_id"),
    paymentId: text("payment_id").notNull(),
    kind: text("kind", { enum: ["accrual", "reversal"] }).notNull(),
    amountKopecks: integer("amount_kopecks").notNull(),
    baseKopecks: integer("base_kopecks").notNull(),
    rateBp: integer("rate_bp").notNull(),
    key: text("key").notNull(),
    availableAt: integer("available_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("partner_commissions_key_uq").on(t.key), index("partner_commissions_partner_idx").on(t.partnerId, t.createdAt), index("partner_commissions_account_idx").on(t.accountId)],
);

export const partnerPayouts = sqliteTable(
  "partner_payouts",
  {
    id: idKey(),
    partnerId: partnerRef(),
    amountKopecks: integer("amount_kopecks").notNull(),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull().default("requested"),
    reference: text("reference"),
    rejectReason: text("reject_reason"),
    decidedBy: userRefOrNull("decided_by"),
    approvedAt: integer("approved_at"),
    paidAt: integer("paid_at"),
    rejectedAt: integer("rejected_at"),
    ...timestamps(),
  },
  (t) => [index("partner_payouts_partner_idx").on(t.partnerId, t.createdAt), index("partner_payouts_status_idx").on(t.status, t.createdAt)],
);

export type PartnerApplication = typeof partnerApplications.$inferSelect;
export type Partner = typeof partners.$inferSelect;
export type PartnerCode = typeof partnerCodes.$inferSelect;
export type PartnerPayout = typeof partnerPayouts.$inferSelect;
