import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accountRef } from "./accounts";
import { idKey, timestamps } from "./columns";
import { userRefOrNull } from "./users";

export const DOCUMENT_KINDS = ["invoice", "act"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
/** Invoices: issued → paid (a platform administrator saw the transfer) or canceled. Acts are issued only. */
export const DOCUMENT_STATUSES = ["issued", "paid", "canceled"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export interface DocumentLine {
  description: string;
  quantity: number;
  unit: string;
  amountKopecks: number;
}

export interface DocumentParty {
  legalName: string;
  inn: string;
  kpp: string | null;
  address: string;
  email?: string;
  bank?: string;
  bik?: string;
  account?: string;
  corrAccount?: string;
}

/**
 * Billing documents (features/billing/documents.ts): bank-transfer invoices (a top-up or a plan paid
 * by transfer) and monthly acts for what the balance paid. `number` is sequential per kind; the
 * customer's requisites are copied when the document is issued (a document never changes with them).
 * `key` makes a monthly act once per account and month.
 */
export const billingDocuments = sqliteTable(
  "billing_documents",
  {
    id: idKey(),
    accountId: accountRef(),
    kind: text("kind", { enum: DOCUMENT_KINDS }).notNull(),
    seq: integer("seq").notNull(),
    number: text("number").notNull(),
    key: text("key").notNull(),
    status: text("status", { enum: DOCUMENT_STATUSES }).notNull().default("issued"),
    /** Invoices: what the transfer pays for. */
    purpose: text("purpose", { enum: ["topup", "plan"] }),
    planId: text("plan_id"),
    billingPeriod: text("billing_period", { enum: ["month", "year"] }),
    amountKopecks: integer("amount_kopecks").notNull(),
    description: text("description").notNull(),
    lines: text("lines", { mode: "json" }).$type<DocumentLine[]>().notNull(),
    customer: text("customer", { mode: "json" }).$type<DocumentParty>().notNull(),
    /** Acts: the month covered (UTC, [start, end)). */
    periodStart: integer("period_start"),
    periodEnd: integer("period_end"),
    /** Invoices: when a platform administrator marked it paid, who, and the payment row that applied it. */
    paidAt: integer("paid_at"),
    paidBy: userRefOrNull("paid_by"),
    paymentId: text("payment_id"),
    createdBy: userRefOrNull("created_by"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("billing_documents_key_uq").on(t.key),
    uniqueIndex("billing_documents_seq_uq").on(t.kind, t.seq),
    index("billing_documents_account_idx").on(t.accountId, t.createdAt),
    index("billing_documents_status_idx").on(t.kind, t.status, t.createdAt),
  ],
);

export type BillingDocument = typeof billingDocuments.$inferSelect;
