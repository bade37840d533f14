import { and, count, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

/**
 * One page of a table's whole rows and the count of all rows that match, read together: the offset
 * pages of the list endpoints (the caller wraps them with lib/validation's `paged`).
 */
export async function tablePage<T extends SQLiteTable>(db: Db, table: T, where: SQL | undefined, orderBy: SQL[], page: number, limit: number) {
  const from = table as SQLiteTable;
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(from)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset((page - 1) * limit)
      .all(),
    db.select({ n: count() }).from(from).where(where).get(),
  ]);
  return { rows: rows as T["$inferSelect"][], total: total?.n ?? 0 };
}

type AccountTable = SQLiteTable & { id: SQLiteColumn; accountId: SQLiteColumn };

/** The row of an account-owned table with this id, only when it belongs to the account (else undefined). */
export function rowInAccount<T extends AccountTable>(db: Db, table: T, id: string, accountId: string): Promise<T["$inferSelect"] | undefined> {
  const t = table as AccountTable;
  return db
    .select()
    .from(t)
    .where(and(eq(t.id, id), eq(t.accountId, accountId)))
    .get() as Promise<T["$inferSelect"] | undefined>;
}

/**
 * `column IN (ids)` with the whole list bound as ONE parameter (a JSON array read by json_each): D1
 * refuses a statement with more than 100 bound parameters, so drizzle's `inArray` (one parameter per
 * id) breaks on a page of 100 rows once any other condition is bound beside it.
 */
export function inJson(column: SQLiteColumn | SQL, ids: readonly string[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
}

/**
 * `column = accountId` as a filter only, never as the index to search by (`+column`): for a row of
 * one contact (its threads, tag links, field values), SQLite without table statistics otherwise
 * prefers an index that starts with account_id (covering, or giving the ORDER BY) and walks every
 * row of the account to find the contact's; with this it takes the contact's own index (issue 23,
 * tests/worker/hot-path-reads.test.ts, bench/query-plans.mjs).
 */
export function accountFilter(column: SQLiteColumn, accountId: string): SQL {
  return sql`+${column} = ${accountId}`;
}
