import { desc, eq, count } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import { newId } from "../../lib/ids";
import { paged } from "../../lib/validation";

export interface AuditEntry {
  actorUserId: string;
  /** What was done, "<area>.<verb>": plan.create, plan.update, balance.adjust, payment.refund… */
  action: string;
  targetType: string;
  targetId?: string | null;
  accountId?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** One row of the platform administrators' audit log, as a statement to join the action's own batch. */
export function auditStatement(d1: D1Database, e: AuditEntry, at = Date.now(), onlyIf?: { sql: string; params: unknown[] }): D1PreparedStatement {
  const values = [newId(), e.actorUserId, e.action, e.targetType, e.targetId ?? null, e.accountId ?? null, e.before === undefined ? null : JSON.stringify(e.before), e.after === undefined ? null : JSON.stringify(e.after), e.reason ?? null, at];
  const cols = "id, actor_user_id, action, target_type, target_id, account_id, before, after, reason, created_at";
  if (!onlyIf) return d1.prepare(`INSERT INTO admin_audit_log (${cols}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).bind(...values);
  return d1.prepare(`INSERT INTO admin_audit_log (${cols}) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${onlyIf.sql}`).bind(...values, ...onlyIf.params);
}

export async function writeAudit(d1: D1Database, e: AuditEntry): Promise<void> {
  await auditStatement(d1, e).run();
}

export async function listAudit(db: Db, q: { page: number; limit: number; accountId?: string }) {
  const A = schema.adminAuditLog;
  const where = q.accountId ? eq(A.accountId, q.accountId) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({ entry: A, actorEmail: schema.users.email })
      .from(A)
      .leftJoin(schema.users, eq(schema.users.id, A.actorUserId))
      .where(where)
      .orderBy(desc(A.createdAt), desc(A.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db.select({ n: count() }).from(A).where(where).get(),
  ]);
  return paged(rows.map((r) => ({ ...r.entry, actorEmail: r.actorEmail })), total?.n ?? 0, q.page, q.limit);
}
