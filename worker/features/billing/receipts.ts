import { and, asc, eq } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import type { Env } from "../../env";
import { notFound } from "../../lib/errors";
import { serializeEntries } from "./ledger";
import { serializePayments } from "./payments";

/** VAT codes of YooKassa's receipts (54-FZ) as a buyer reads them. */
const VAT_TITLES: Record<number, string> = { 1: "Без НДС", 2: "НДС 0 %", 3: "НДС 10 %", 4: "НДС 20 %", 5: "НДС 10/110", 6: "НДС 20/120", 7: "НДС 5 %", 8: "НДС 7 %" };

/**
 * The 54-FZ receipt of one payment as it was sent with the payment (the buyer's e-mail, one line of
 * a service paid in full, the VAT code of this deployment), its state (issued once the payment
 * succeeded; the provider's cash register mails it to that address), and the ledger rows the
 * payment made (what the money bought). For the receipt view of /payment and /:accountId/payments.
 */
export async function getReceipt(env: Env, db: Db, accountId: string, paymentId: string) {
  const p = await db
    .select()
    .from(schema.payments)
    .where(and(eq(schema.payments.id, paymentId), eq(schema.payments.accountId, accountId)))
    .get();
  if (!p) throw notFound("Платёж не найден", "PAYMENT_NOT_FOUND");
  const [entries, account] = await Promise.all([
    db.select().from(schema.ledgerEntries).where(and(eq(schema.ledgerEntries.accountId, accountId), eq(schema.ledgerEntries.paymentId, paymentId))).orderBy(asc(schema.ledgerEntries.createdAt)).all(),
    db.select({ name: schema.accounts.name }).from(schema.accounts).where(eq(schema.accounts.id, accountId)).get(),
  ]);
  const vatCode = Number(env.YOOKASSA_VAT_CODE ?? "1");
  const [[payment], ledger] = await Promise.all([serializePayments(env.DB, [p]), serializeEntries(env.DB, entries)]);
  return {
    payment: payment!,
    accountName: account?.name ?? "",
    receipt: {
      issued: p.status === "succeeded",
      email: p.receiptEmail,
      vatCode,
      vatTitle: VAT_TITLES[vatCode] ?? `НДС (код ${vatCode})`,
      paymentMode: "full_payment" as const,
      paymentSubject: "service" as const,
      items: [{ description: p.description, quantity: 1, amountKopecks: p.amountKopecks }],
      totalKopecks: p.amountKopecks,
      refundedKopecks: p.refundedKopecks,
    },
    ledger,
  };
}
