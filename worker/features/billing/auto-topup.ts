import { eq } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { Env } from "../../env";
import { newId } from "../../lib/ids";
import { createLogger } from "../../lib/logger";
import { recordState } from "./payments";
import { paymentProvider } from "./provider-config";
import { formatRub } from "./units";

const log = createLogger({ component: "auto-topup" });

interface LowRow {
  account_id: string;
  amount: number;
  method: string;
  method_row: string;
  title: string;
  email: string | null;
}

/**
 * Auto top-up: accounts whose balance fell under their threshold are charged their amount on the
 * saved method (`payment_method_id`, through the payment adapter), ONCE per crossing: the charge
 * first claims the subscription's `auto_topup_armed` flag (1 → 0, conditional, so two ticks at once
 * charge once), and a trigger sets it again only when the balance is back at or above the threshold
 * (migration billing_documents_sql). A declined charge therefore waits for the next crossing instead
 * of being repeated every tick. Runs in the billing tick after the usage was settled.
 */
export async function runAutoTopups(env: Env, now: number, limit = 200): Promise<string[]> {
  const rows = await env.DB.prepare(
    `SELECT s.account_id, s.auto_topup_amount_kopecks AS amount, m.provider_method_id AS method, m.id AS method_row, m.title,
        coalesce((SELECT email FROM billing_requisites r WHERE r.account_id = s.account_id),
          (SELECT receipt_email FROM payments p WHERE p.account_id = s.account_id AND p.receipt_email IS NOT NULL ORDER BY p.created_at DESC LIMIT 1)) AS email
     FROM subscriptions s JOIN payment_methods m ON m.id = s.payment_method_id AND m.account_id = s.account_id
     LEFT JOIN account_balances b ON b.account_id = s.account_id
     WHERE s.auto_topup_amount_kopecks IS NOT NULL AND s.auto_topup_armed = 1 AND coalesce(b.balance_kopecks, 0) < s.auto_topup_threshold_kopecks
       AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.account_id = s.account_id AND p.purpose = 'auto_topup' AND p.status IN ('creating', 'pending'))
     LIMIT ?`,
  )
    .bind(limit)
    .all<LowRow>();
  const done: string[] = [];
  for (const r of rows.results) {
    const claim = await env.DB.prepare("UPDATE subscriptions SET auto_topup_armed = 0, updated_at = ? WHERE account_id = ? AND auto_topup_armed = 1 RETURNING account_id").bind(now, r.account_id).first();
    if (!claim) continue;
    try {
      done.push(`${r.account_id}:${await topUp(env, r, now)}`);
    } catch (error) {
      log.warn("auto top-up failed", { error, accountId: r.account_id });
      done.push(`${r.account_id}:failed`);
    }
  }
  return done;
}

async function topUp(env: Env, r: LowRow, now: number): Promise<string> {
  const db = getDb(env.DB);
  const key = `autotopup:${r.account_id}:${now}`;
  const description = `Автопополнение баланса на ${formatRub(r.amount)}`;
  const email = r.email ?? "billing@assistly.local";
  await db
    .insert(schema.payments)
    .values({ id: newId(), accountId: r.account_id, idempotenceKey: key, purpose: "auto_topup", amountKopecks: r.amount, status: "creating", description, receiptEmail: email, paymentMethodId: r.method_row, methodTitle: r.title, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const row = (await db.select().from(schema.payments).where(eq(schema.payments.idempotenceKey, key)).get())!;
  if (row.status !== "creating") return row.status;
  try {
    const pp = await paymentProvider(env).createPayment(
      { amountKopecks: r.amount, description, paymentMethodId: r.method, receipt: { email, items: [{ description, amountKopecks: r.amount }] }, metadata: { accountId: r.account_id, paymentId: row.id, purpose: "auto_topup" } },
      key,
    );
    return (await recordState(env, row, pp)).status;
  } catch (e) {
    // Not left `creating`: that would hold every later auto top-up of the account.
    await db.update(schema.payments).set({ status: "failed", error: e instanceof Error ? e.message.slice(0, 500) : String(e), updatedAt: now }).where(eq(schema.payments.id, row.id));
    throw e;
  }
}
