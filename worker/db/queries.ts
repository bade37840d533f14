import { and, count, eq, type SQL } from "drizzle-orm";
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
