import { and, asc, eq, isNull } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import type { PlanTranslations } from "../../db/schema/billing";
import { AppError } from "../../lib/errors";
import { planTranslations } from "../billing/translations";

/**
 * The quota seam of broadcasts. A broadcast reserves its recipients when sending starts
 * (`reserveQuota`) and settles when it completes or is cancelled (`settleQuota`).
 *
 * Recipients come from the plan first, then from packages. The plan's part is what the current
 * billing period's plan includes (`included.broadcastRecipients`), less what the period's usage
 * counted (`usage_daily`, kept by the messages trigger) and what running broadcasts hold of the
 * plan and have not sent yet (`broadcast_plan_holds`, migration 0045); the rest comes from the
 * account's unexpired package grants, earliest expiry first (`broadcast_quota_allocations`).
 * Each recipient is counted once: the trigger counts a broadcast's message as the plan's usage only
 * while the broadcast's messages are within its plan part, and a package is charged at settlement
 * only for what went out beyond that part.
 *
 * D1 has no interactive transactions, so a reservation is one batch (one transaction) of two
 * guarded INSERT … SELECTs: the plan's row, inserted only when the plan's and the packages' free
 * recipients together cover `n` and the broadcast holds nothing yet, then the packages' rows for
 * the rest, inserted only after that very plan row. SQLite runs one transaction at a time, so two
 * reservations started at once see each other's rows and never overspend either side.
 */
export type ReserveResult =
  | { ok: true; reserved: number; alreadyReserved: boolean; plan: number; packages: number }
  | { ok: false; needed: number; remaining: number; planRemaining: number; packagesRemaining: number };

export interface SettleResult {
  /** What the broadcast spent: `plan` + `packages`. */
  used: number;
  /** The plan's recipients it used: its messages within its plan part (what the usage meter counted). */
  plan: number;
  /** The packages' recipients it used: what went out beyond the plan part. */
  packages: number;
  released: number;
  /** Nothing was held (never reserved, or settled before): settling twice changes nothing. */
  alreadySettled: boolean;
}

/** What an account can still send to now, and where it comes from. */
export interface QuotaLeft {
  /** `plan.remaining` + `packagesRemaining`. */
  remaining: number;
  plan: {
    name: string | null;
    /** The plan's name in en, fr, ar (the SPA shows the reader's, else `name`). */
    translations: PlanTranslations;
    /** The plan's included recipients per period. */
    included: number;
    /** What the period's usage counted (broadcasts' messages within their plan part). */
    used: number;
    /** What running broadcasts hold of the plan and have not sent yet. */
    reserved: number;
    remaining: number;
    periodEnd: number | null;
  };
  packagesRemaining: number;
}

/**
 * The refusal as the routes answer it: 400 with the numbers, saying what to do. The SPA offers
 * the packages' checkout on its code.
 */
export function quotaRefusal(needed: number, left: { remaining: number; planRemaining: number; packagesRemaining: number }): AppError {
  const { remaining, planRemaining, packagesRemaining } = left;
  return new AppError(
    400,
    "QUOTA_EXCEEDED",
    `Не хватает получателей: рассылке нужно ${needed}, а доступно ${remaining} — ${planRemaining} по тарифу и ${packagesRemaining} в пакетах. Купите пакет рассылок или сузьте аудиторию.`,
    { needed, remaining, planRemaining, packagesRemaining },
  );
}

const dayOf = (col: string) => `strftime('%Y-%m-%d', ${col} / 1000, 'unixepoch')`;

/**
 * The plan's side of account ?1 (one row, none without a subscription): the period's included
 * recipients, the period's counted usage, and what open plan holds have not sent yet (a hold's sent
 * messages are in the usage already, up to its amount).
 */
const PLAN_SQL = `
  SELECT p.name AS name, p.translations AS translations, s.period_end AS periodEnd,
    coalesce(json_extract(p.included, '$.broadcastRecipients'), 0) AS included,
    coalesce((SELECT sum(u.quantity) FROM usage_daily u WHERE u.account_id = s.account_id AND u.metric = 'broadcastRecipients'
      AND u.day >= ${dayOf("s.period_start")} AND u.day < ${dayOf("s.period_end")}), 0) AS used,
    coalesce((SELECT sum(max(h.amount - h.sent, 0)) FROM broadcast_plan_holds h WHERE h.account_id = s.account_id AND h.settled_at IS NULL), 0) AS reserved
  FROM subscriptions s JOIN plans p ON p.id = s.plan_id
  WHERE s.account_id = ?1`;

const PLAN_FREE_SQL = `coalesce((SELECT max(0, x.included - x.used - x.reserved) FROM (${PLAN_SQL}) x), 0)`;

/** Unexpired grants of account ?1 at ?2 with what is still free of each. */
const GRANTS_FREE_SQL = `
  SELECT gr.id, gr.expires_at,
    gr.recipients - coalesce((SELECT sum(coalesce(a.used, a.amount)) FROM broadcast_quota_allocations a WHERE a.grant_id = gr.id), 0) AS avail
  FROM broadcast_quota_grants gr
  WHERE gr.account_id = ?1 AND gr.expires_at > ?2`;

const PACKAGES_FREE_SQL = `coalesce((SELECT sum(max(avail, 0)) FROM (${GRANTS_FREE_SQL})), 0)`;

/** What account `accountId` can send to now: the plan's remainder and the packages'. */
export async function quotaLeft(db: Db, accountId: string, now = Date.now()): Promise<QuotaLeft> {
  const row = await db.$client
    .prepare(`SELECT ${PACKAGES_FREE_SQL} AS packages, p.name, p.translations, p.periodEnd, p.included, p.used, p.reserved FROM (SELECT 1) one LEFT JOIN (${PLAN_SQL}) p ON 1`)
    .bind(accountId, now)
    .first<{ packages: number; name: string | null; translations: string | null; periodEnd: number | null; included: number | null; used: number | null; reserved: number | null }>();
  const included = Number(row?.included ?? 0);
  const used = Number(row?.used ?? 0);
  const reserved = Number(row?.reserved ?? 0);
  const planRemaining = Math.max(0, included - used - reserved);
  const packagesRemaining = Number(row?.packages ?? 0);
  return {
    remaining: planRemaining + packagesRemaining,
    plan: { name: row?.name ?? null, translations: planTranslations(row?.translations), included, used, reserved, remaining: planRemaining, periodEnd: row?.periodEnd ?? null },
    packagesRemaining,
  };
}

/** Free recipients of an account now: the plan's remainder plus the packages' (what "Осталось N получателей" says). */
export async function remainingQuota(db: Db, accountId: string, now = Date.now()): Promise<number> {
  return (await quotaLeft(db, accountId, now)).remaining;
}

export async function reserveQuota(db: Db, accountId: string, broadcastId: string, n: number, now = Date.now()): Promise<ReserveResult> {
  if (!Number.isInteger(n) || n < 0) throw new AppError(400, "BAD_QUOTA_AMOUNT", "Число получателей должно быть целым и не меньше нуля");
  const held = await heldBy(db, accountId, broadcastId);
  if (held !== null) return { ok: true, ...held, alreadyReserved: true };
  if (n === 0) return { ok: true, reserved: 0, plan: 0, packages: 0, alreadyReserved: false };
  const d1 = db.$client;
  // ?1 account, ?2 now, ?3 broadcast, ?4 n.
  const [plan] = await d1.batch<{ amount: number }>([
    // The plan's part, and the marker of the reservation: only when plan and packages together cover n.
    d1
      .prepare(
        `INSERT INTO broadcast_plan_holds (broadcast_id, account_id, requested, amount, sent, created_at)
         SELECT ?3, ?1, ?4, min(?4, f.plan), 0, ?2
         FROM (SELECT ${PLAN_FREE_SQL} AS plan, ${PACKAGES_FREE_SQL} AS packages) f
         WHERE f.plan + f.packages >= ?4
           AND NOT EXISTS (SELECT 1 FROM broadcast_plan_holds x WHERE x.broadcast_id = ?3)
           AND NOT EXISTS (SELECT 1 FROM broadcast_quota_allocations x WHERE x.broadcast_id = ?3)
         RETURNING amount`,
      )
      .bind(accountId, now, broadcastId, n),
    // The rest from the packages, earliest expiry first: each grant gives min(its free amount, what
    // is still missing after the earlier grants). Only after the plan row this batch inserted.
    d1
      .prepare(
        `INSERT INTO broadcast_quota_allocations (broadcast_id, grant_id, account_id, amount, created_at)
         SELECT ?3, g.id, ?1, min(g.avail, r.need - (g.cum - g.avail)), ?2
         FROM (SELECT h.requested - h.amount AS need FROM broadcast_plan_holds h
               WHERE h.broadcast_id = ?3 AND h.account_id = ?1 AND h.requested = ?4 AND h.created_at = ?2 AND h.amount < h.requested) r
         JOIN (SELECT id, avail, sum(avail) OVER (ORDER BY expires_at, id ROWS UNBOUNDED PRECEDING) AS cum, sum(avail) OVER () AS total
               FROM (${GRANTS_FREE_SQL}) WHERE avail > 0) g ON g.total >= r.need AND g.cum - g.avail < r.need
         WHERE NOT EXISTS (SELECT 1 FROM broadcast_quota_allocations x WHERE x.broadcast_id = ?3)`,
      )
      .bind(accountId, now, broadcastId, n),
  ]);
  const amount = plan?.results[0]?.amount;
  if (amount !== undefined) return { ok: true, reserved: n, plan: amount, packages: n - amount, alreadyReserved: false };
  // Nothing inserted: either a concurrent call for the same broadcast won, or plan and packages are short.
  const raced = await heldBy(db, accountId, broadcastId);
  if (raced !== null) return { ok: true, ...raced, alreadyReserved: true };
  const left = await quotaLeft(db, accountId, now);
  return { ok: false, needed: n, remaining: left.remaining, planRemaining: left.plan.remaining, packagesRemaining: left.packagesRemaining };
}

/** `reserveQuota` for routes: a refusal becomes the 400 with the numbers and what to do. */
export async function reserveQuotaOrThrow(db: Db, accountId: string, broadcastId: string, n: number): Promise<number> {
  const r = await reserveQuota(db, accountId, broadcastId, n);
  if (!r.ok) throw quotaRefusal(r.needed, r);
  return r.reserved;
}

/**
 * What a broadcast holds (settled or not), split into the plan's part and the packages'; null when
 * it never reserved. A reservation made before migration 0045 has no plan row: all of it is packages'.
 */
async function heldBy(db: Db, accountId: string, broadcastId: string): Promise<{ reserved: number; plan: number; packages: number } | null> {
  const row = await db.$client
    .prepare(
      `SELECT (SELECT h.amount FROM broadcast_plan_holds h WHERE h.broadcast_id = ?2 AND h.account_id = ?1) AS plan,
         (SELECT sum(a.amount) FROM broadcast_quota_allocations a WHERE a.broadcast_id = ?2 AND a.account_id = ?1) AS packages,
         (SELECT count(*) FROM broadcast_quota_allocations a WHERE a.broadcast_id = ?2 AND a.account_id = ?1) AS rows`,
    )
    .bind(accountId, broadcastId)
    .first<{ plan: number | null; packages: number | null; rows: number }>();
  if (!row || (row.plan === null && !row.rows)) return null;
  const plan = row.plan ?? 0;
  const packages = row.packages ?? 0;
  return { reserved: plan + packages, plan, packages };
}

/**
 * A broadcast ended (completed or cancelled) after sending to `usedCount` recipients. The plan's
 * part used is what the usage meter counted of it (its messages within the plan part); beyond that,
 * what went out is spent from the packages (earliest-expiring grants first), and the rest of the
 * reservation is released.
 */
export async function settleQuota(db: Db, accountId: string, broadcastId: string, usedCount: number, now = Date.now()): Promise<SettleResult> {
  const a = schema.broadcastQuotaAllocations;
  const g = schema.broadcastQuotaGrants;
  const d1 = db.$client;
  const [hold, open] = await Promise.all([
    d1
      .prepare("SELECT amount, sent FROM broadcast_plan_holds WHERE broadcast_id = ?1 AND account_id = ?2 AND settled_at IS NULL")
      .bind(broadcastId, accountId)
      .first<{ amount: number; sent: number }>(),
    db
      .select({ grantId: a.grantId, amount: a.amount })
      .from(a)
      .innerJoin(g, eq(g.id, a.grantId))
      .where(and(eq(a.accountId, accountId), eq(a.broadcastId, broadcastId), isNull(a.settledAt)))
      .orderBy(asc(g.expiresAt), asc(a.grantId))
      .all(),
  ]);
  if (!hold && !open.length) return { used: 0, plan: 0, packages: 0, released: 0, alreadySettled: true };
  const planHeld = hold?.amount ?? 0;
  const plan = Math.min(planHeld, hold?.sent ?? 0);
  const packagesHeld = open.reduce((s, r) => s + r.amount, 0);
  let left = Math.min(Math.max(0, Math.floor(usedCount) - plan), packagesHeld);
  const packages = left;
  const statements: D1PreparedStatement[] = [];
  if (hold) statements.push(d1.prepare("UPDATE broadcast_plan_holds SET settled_at = ?3 WHERE broadcast_id = ?1 AND account_id = ?2 AND settled_at IS NULL RETURNING 1 AS n").bind(broadcastId, accountId, now));
  for (const r of open) {
    const take = Math.min(r.amount, left);
    left -= take;
    statements.push(
      d1.prepare("UPDATE broadcast_quota_allocations SET used = ?3, settled_at = ?4 WHERE broadcast_id = ?1 AND grant_id = ?2 AND settled_at IS NULL RETURNING 1 AS n").bind(broadcastId, r.grantId, take, now),
    );
  }
  // Two settlements at once: the second one's updates find nothing open and change nothing.
  const done = await d1.batch(statements);
  if (!done.some((r) => r.results.length > 0)) return { used: 0, plan: 0, packages: 0, released: 0, alreadySettled: true };
  return { used: plan + packages, plan, packages, released: planHeld - plan + packagesHeld - packages, alreadySettled: false };
}
