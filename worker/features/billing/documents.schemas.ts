import { z } from "zod";
import { DOCUMENT_KINDS, DOCUMENT_STATUSES } from "../../db/schema/billing-documents";
import { pageQuery, shortText } from "../../lib/validation";

export const documentsQuery = pageQuery().extend({ kind: z.enum(DOCUMENT_KINDS).optional(), status: z.enum(DOCUMENT_STATUSES).optional() });
export const adminInvoicesQuery = pageQuery().extend({ status: z.enum(DOCUMENT_STATUSES).optional() });
export const documentParam = z.object({ accountId: z.string().min(1).max(64), documentId: z.string().min(1).max(64) });
export const adminDocumentParam = z.object({ documentId: z.string().min(1).max(64) });

/** "Pay by invoice": a top-up of a sum or a plan for a period. */
export const invoiceSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("topup"), amountKopecks: z.number().int("Сумма в копейках — целое число").min(10_000, "Не меньше 100 ₽").max(100_000_000, "Не больше 1 000 000 ₽") }),
  z.object({ kind: z.literal("plan"), planId: z.string().min(1).max(64), period: z.enum(["month", "year"]).default("month") }),
]);

export const cancelInvoiceSchema = z.object({ reason: shortText(500) });
