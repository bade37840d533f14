import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import type { LedgerEntry, LedgerType } from "../../db/schema/billing";
import { newId } from "../../lib/ids";
import { paged } from "../../lib/validation";
import { describeEntries, type EntryDetails } from "./describe";
import { CONSUMABLES, UNIT_LABELS } from "./units";

const L = schema.ledgerEntries;

export interface EntryInput {
  accountId: string;
  type: LedgerType;
  /** Signed kopecks: credits positive, charges negative. */
  amountKopecks: number;
  /** What the row pays for; unique, so posting the same thing twice adds one row. */
  key: string;
  description: string;
  metric?: string | null;
  units?: number | null;
  periodStart?: number | null;
  paymentId?: string | null;
  /** The plan a subscription row is about (bought, renewed, or whose unused days it credits). */
  planId?: string | null;
  actorUserId?: string | null;
  reason?: string | null;
  createdAt?: number;
}

const COLUMNS = "id, account_id, type, amount_kopecks, key, metric, units, period_start, description, payment_id, plan_id, actor_user_id, reason, created_at";

function values(e: EntryInput): unknown[] {
  return [newId(), e.accountId, e.type, e.amountKopecks, e.key, e.metric ?? null, e.units ?? null, e.periodStart ?? null, e.description, e.paymentId ?? null, e.planId ?? null, e.actorUserId ?? null, e.reason ?? null, e.createdAt ?? Date.now()];
}

/** One ledger row as a statement for a batch; `onlyIf` is an SQL condition (with its own values) the insert needs. */
export function entryStatement(d1: D1Database, e: EntryInput, onlyIf?: { sql: string; params: unknown[] }): D1PreparedStatement {
  const v = values(e);
  if (!onlyIf) return d1.prepare(`INSERT INTO ledger_entries (${COLUMNS}) VALUES (${v.map(() => "?").join(", ")}) ON CONFLICT (key) DO NOTHING RETURNING id`).bind(...v);
  return d1
    .prepare(`INSERT INTO ledger_entries (${COLUMNS}) SELECT ${v.map(() => "?").join(", ")} WHERE ${onlyIf.sql} ON CONFLICT (key) DO NOTHING RETURNING id`)
    .bind(...v, ...onlyIf.params);
}

/** Posts one row; `inserted` is false when a row with the key was there already (nothing changed). */
export async function postEntry(d1: D1Database, e: EntryInput): Promise<{ inserted: boolean }> {
  const r = await entryStatement(d1, e).first<{ id: string }>();
  return { inserted: !!r };
}

/** A charge of `amountKopecks` (positive) keyed on what it pays for. */
export function charge(d1: D1Database, accountId: string, input: { key: string; amountKopecks: number; description: string; metric?: string; units?: number; periodStart?: number }) {
  return postEntry(d1, { accountId, type: "charge", ...input, amountKopecks: -Math.abs(input.amountKopecks) });
}

/** The balance (kept by a trigger on ledger inserts in the same statement, so always the ledger's sum). */
export async function balanceOf(d1: D1Database, accountId: string): Promise<number> {
  const r = await d1.prepare("SELECT balance_kopecks AS b FROM account_balances WHERE account_id = ?").bind(accountId).first<{ b: number }>();
  return r?.b ?? 0;
}

/** The ledger's own sum (tests and the admin view compare it with the balance). */
export async function ledgerSum(d1: D1Database, accountId: string): Promise<{ sum: number; rows: number }> {
  const r = await d1.prepare("SELECT coalesce(sum(amount_kopecks), 0) AS sum, count(*) AS rows FROM ledger_entries WHERE account_id = ?").bind(accountId).first<{ sum: number; rows: number }>();
  return { sum: r?.sum ?? 0, rows: r?.rows ?? 0 };
}

/** `details`: what the row is about, for the SPA to word in its language (`description`, Russian as stored, is the fallback when null). */
export function serializeEntry(e: LedgerEntry, details: EntryDetails | null) {
  return {
    id: e.id,
    type: e.type,
    amountKopecks: e.amountKopecks,
    description: e.description,
    details,
    metric: e.metric,
    units: e.units,
    periodStart: e.periodStart,
    paymentId: e.paymentId,
    planId: e.planId,
    reason: e.reason,
    createdAt: e.createdAt,
  };
}

/** Rows as the API answers them, with their `details`. */
export async function serializeEntries(d1: D1Database, rows: LedgerEntry[]) {
  const details = await describeEntries(d1, rows);
  return rows.map((e, i) => serializeEntry(e, details[i] ?? null));
}

export async function listLedger(db: Db, accountId: string, q: { page: number; limit: number; type?: LedgerType; from?: number; to?: number }) {
  const conds: (SQL | undefined)[] = [eq(L.accountId, accountId), q.type ? eq(L.type, q.type) : undefined, q.from !== undefined ? gte(L.createdAt, q.from) : undefined, q.to !== undefined ? lt(L.createdAt, q.to) : undefined];
  const where = and(...conds);
  const [rows, total] = await Promise.all([
    db.select().from(L).where(where).orderBy(desc(L.createdAt), desc(L.id)).limit(q.limit).offset((q.page - 1) * q.limit).all(),
    db.select({ n: count() }).from(L).where(where).get(),
  ]);
  return paged(await serializeEntries(db.$client, rows), total?.n ?? 0, q.page, q.limit);
}

const dayOf = (col: string) => `strftime('%Y-%m-%d', ${col} / 1000, 'unixepoch')`;
/** The UTC hour number (`usage_hourly.hour`) an instant falls in. */
const hourOf = (col: string) => `(${col} / ${HOUR_MS})`;
const HOUR_MS = 3_600_000;
/** The consumables kept per UTC hour as well (usage_hourly, migration 0049); the rest only per UTC day. */
export const HOURLY_CONSUMABLES = ["aiReplies", "messagesIn", "messagesOut"] as const satisfies readonly (typeof CONSUMABLES)[number][];
const METRIC_ROWS = CONSUMABLES.map((m) => `SELECT '${m}' AS metric, '${UNIT_LABELS[m]}' AS label, ${(HOURLY_CONSUMABLES as readonly string[]).includes(m) ? 1 : 0} AS hourly`).join(" UNION ALL ");

/**
 * Per consumable of the account's current period: used, included, already charged units, price per
 * unit beyond. `account` is SQL (a literal or `?n`). Used by the settlement, the AI gate and /billing.
 *
 * A paid period starts at the moment it is paid, so its usage is counted over its own bounds, not by
 * whole days: messages in and out and AI replies from their UTC hours (usage_hourly), the hours from
 * the one the period starts in up to, not including, the one it ends in. An hour a period changes in
 * counts to the new period (as the day did before): the old period is settled right before it ends,
 * so what comes later in that hour is never left out of both. Broadcast recipients exist only per UTC
 * day (usage_daily; the broadcast quota reads them the same way): their days run from the day the
 * period starts up to the day it ends, so the day of a change counts to the new period.
 */
export function periodLinesSql(account: string): string {
  return `SELECT s.account_id, s.period_start, m.metric, m.label,
      CASE WHEN m.hourly = 1 THEN
        coalesce((SELECT sum(h.quantity) FROM usage_hourly h WHERE h.account_id = s.account_id AND h.metric = m.metric
                  AND h.hour >= ${hourOf("s.period_start")} AND h.hour < ${hourOf("s.period_end")}), 0)
      ELSE
        coalesce((SELECT sum(u.quantity) FROM usage_daily u WHERE u.account_id = s.account_id AND u.metric = m.metric
                  AND u.day >= ${dayOf("s.period_start")} AND u.day < ${dayOf("s.period_end")}), 0)
      END AS used,
      coalesce(json_extract(p.included, '$.' || m.metric), 0) AS included,
      coalesce((SELECT sum(l.units) FROM ledger_entries l WHERE l.account_id = s.account_id AND l.metric = m.metric AND l.period_start = s.period_start AND l.type = 'charge'), 0) AS charged,
      coalesce(json_extract(p.overage, '$.' || m.metric), 0) AS price
    FROM subscriptions s JOIN plans p ON p.id = s.plan_id CROSS JOIN (${METRIC_ROWS}) m
    WHERE s.account_id = ${account}`;
}

/**
 * Charges what the current period used beyond the plan and is not charged yet, in ONE statement:
 * SQLite runs one statement at a time, so the units already charged that it reads cannot change
 * under it. Each row's key is the usage it pays for (account, period, metric, the first unit of the
 * range), so two settlements that saw the same state insert one row, and ranges never overlap.
 */
export function settleStatement(d1: D1Database, accountId: string, now = Date.now()): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO ledger_entries (id, account_id, type, amount_kopecks, key, metric, units, period_start, description, created_at)
       SELECT ?1 || '-' || x.metric, x.account_id, 'charge', -(max(0, x.used - x.included) - x.charged) * x.price,
         'usage:' || x.account_id || ':' || x.period_start || ':' || x.metric || ':' || x.charged,
         x.metric, max(0, x.used - x.included) - x.charged, x.period_start,
         'Сверх тарифа: ' || (max(0, x.used - x.included) - x.charged) || ' ' || x.label, ?3
       FROM (${periodLinesSql("?2")}) x
       WHERE max(0, x.used - x.included) > x.charged AND x.price > 0
       ON CONFLICT (key) DO NOTHING`,
    )
    .bind(newId(), accountId, now);
}

export async function settleUsage(d1: D1Database, accountId: string, now = Date.now()): Promise<number> {
  const r = await settleStatement(d1, accountId, now).run();
  return r.meta.changes ?? 0;
}
