import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import { AppError } from "../../lib/errors";

/**
 * The quota seam of broadcasts. A broadcast reserves its recipients when sending starts
 * (`reserveQuota`) and settles when it completes or is cancelled (`settleQuota`): what it used is
 * spent, the rest of the reservation is free again.
 *
 * D1 has no interactive transactions, so a reservation is one statement: an INSERT … SELECT that
 * splits `n` over the account's unexpired grants (earliest expiry first) and inserts nothing unless
 * their total free amount covers `n` and the broadcast holds nothing yet. SQLite runs statements one
 * at a time, so two reservations started at once see each other's rows and never overspend.
 */
export type ReserveResult = { ok: true; reserved: number; alreadyReserved: boolean } | { ok: false; needed: number; remaining: number };

export interface SettleResult {
  used: number;
  released: number;
  /** Nothing was held (never reserved, or settled before): settling twice changes nothing. */
  alreadySettled: boolean;
}

/** The refusal as the routes answer it: 400 with both numbers. */
export function quotaRefusal(needed: number, remaining: number): AppError {
  return new AppError(400, "QUOTA_EXCEEDED", `Недостаточно получателей в пакете: нужно ${needed}, осталось ${remaining}`, { needed, remaining });
}

/** Free recipients of an account now: Σ over unexpired grants of granted − used − reserved. */
export async function remainingQuota(db: Db, accountId: string, now = Date.now()): Promise<number> {
  const row = await db.get<{ remaining: number | null }>(sql`
    SELECT SUM(MAX(avail, 0)) AS remaining FROM (${freePerGrant(accountId, now)})`);
  return row?.remaining ?? 0;
}

/** Unexpired grants of the account with what is still free of each. */
function freePerGrant(accountId: string, now: number) {
  return sql`
    SELECT gr.id, gr.expires_at,
      gr.recipients - COALESCE((SELECT SUM(COALESCE(a.used, a.amount)) FROM broadcast_quota_allocations a WHERE a.grant_id = gr.id), 0) AS avail
    FROM broadcast_quota_grants gr
    WHERE gr.account_id = ${accountId} AND gr.expires_at > ${now}`;
}

export async function reserveQuota(db: Db, accountId: string, broadcastId: string, n: number, now = Date.now()): Promise<ReserveResult> {
  if (!Number.isInteger(n) || n < 0) throw new AppError(400, "BAD_QUOTA_AMOUNT", "Число получателей должно быть целым и не меньше нуля");
  const held = await heldBy(db, accountId, broadcastId);
  if (held !== null) return { ok: true, reserved: held, alreadyReserved: true };
  if (n === 0) return { ok: true, reserved: 0, alreadyReserved: false };
  // Each grant gives min(its free amount, what is still missing after the earlier grants).
  const result = await db.run(sql`
    INSERT INTO broadcast_quota_allocations (broadcast_id, grant_id, account_id, amount, created_at)
    SELECT ${broadcastId}, g.id, ${accountId}, MIN(g.avail, ${n} - (g.cum - g.avail)), ${now}
    FROM (
      SELECT id, avail,
        SUM(avail) OVER (ORDER BY expires_at, id ROWS UNBOUNDED PRECEDING) AS cum,
        SUM(avail) OVER () AS total
      FROM (${freePerGrant(accountId, now)})
      WHERE avail > 0
    ) g
    WHERE g.total >= ${n} AND g.cum - g.avail < ${n}
      AND NOT EXISTS (SELECT 1 FROM broadcast_quota_allocations x WHERE x.broadcast_id = ${broadcastId})`);
  if ((result.meta.changes ?? 0) > 0) return { ok: true, reserved: n, alreadyReserved: false };
  // Nothing inserted: either a concurrent call for the same broadcast won, or the quota is short.
  const raced = await heldBy(db, accountId, broadcastId);
  if (raced !== null) return { ok: true, reserved: raced, alreadyReserved: true };
  return { ok: false, needed: n, remaining: await remainingQuota(db, accountId, now) };
}

/** `reserveQuota` for routes: a refusal becomes the 400 with both numbers. */
export async function reserveQuotaOrThrow(db: Db, accountId: string, broadcastId: string, n: number): Promise<number> {
  const r = await reserveQuota(db, accountId, broadcastId, n);
  if (!r.ok) throw quotaRefusal(r.needed, r.remaining);
  return r.reserved;
}

/** What a broadcast holds (settled or not); null when it never reserved. */
async function heldBy(db: Db, accountId: string, broadcastId: string): Promise<number | null> {
  const a = schema.broadcastQuotaAllocations;
  const row = await db
    .select({ n: sql<number | null>`SUM(${a.amount})`, rows: sql<number>`COUNT(*)` })
    .from(a)
    .where(and(eq(a.accountId, accountId), eq(a.broadcastId, broadcastId)))
    .get();
  return row && row.rows > 0 ? (row.n ?? 0) : null;
}

/**
 * A broadcast ended (completed or cancelled) after sending to `usedCount` recipients: that much is
 * spent, taken from the earliest-expiring grants first, and the rest of its reservation is released.
 */
export async function settleQuota(db: Db, accountId: string, broadcastId: string, usedCount: number, now = Date.now()): Promise<SettleResult> {
  const a = schema.broadcastQuotaAllocations;
  const g = schema.broadcastQuotaGrants;
  const open = await db
    .select({ grantId: a.grantId, amount: a.amount })
    .from(a)
    .innerJoin(g, eq(g.id, a.grantId))
    .where(and(eq(a.accountId, accountId), eq(a.broadcastId, broadcastId), isNull(a.settledAt)))
    .orderBy(asc(g.expiresAt), asc(a.grantId))
    .all();
  if (!open.length) return { used: 0, released: 0, alreadySettled: true };
  const held = open.reduce((s, r) => s + r.amount, 0);
  let left = Math.min(Math.max(0, Math.floor(usedCount)), held);
  const used = left;
  const updates = open.map((r) => {
    const take = Math.min(r.amount, left);
    left -= take;
    return db
      .update(a)
      .set({ used: take, settledAt: now })
      .where(and(eq(a.broadcastId, broadcastId), eq(a.grantId, r.grantId), isNull(a.settledAt)));
  });
  await db.batch(updates as [(typeof updates)[number], ...typeof updates]);
  return { used, released: held - used, alreadySettled: false };
}
