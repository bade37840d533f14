import { and, desc, eq, count, inArray } from "drizzle-orm";
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

/**
 * What an audit line is about, by name: the account (a balance correction, a block, a refund, an
 * invoice: everything with an account), the partner (an application, a rate, a payout) or the user
 * (an attribution). `accountId` is set while the account still exists, so the log can link to its
 * page; a deleted account keeps the name its deletion line recorded. Plans name themselves in their
 * change (the "Тариф: …" line), so they have none here.
 */
export type AuditTarget = { kind: "account"; name: string | null; accountId: string | null } | { kind: "partner"; name: string | null } | { kind: "user"; name: string | null };

type Row = typeof schema.adminAuditLog.$inferSelect;

const uniq = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((x): x is string => !!x))];
/** One query per 90 ids (D1 binds at most 100 parameters per statement; a page has up to 100 lines). */
async function byChunks<T>(ids: string[], query: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 90) out.push(...(await query(ids.slice(i, i + 90))));
  return out;
}
const personName = (u: { name: string | null; email: string | null } | undefined) => (u ? u.name?.trim() || u.email || null : null);

async function targetsOf(db: Db, rows: Row[]): Promise<Map<string, AuditTarget | null>> {
  const of = (types: string[]) => uniq(rows.filter((r) => types.includes(r.targetType)).map((r) => r.targetId));
  const accountIds = uniq(rows.map((r) => r.accountId ?? (r.targetType === "account" ? r.targetId : null)));
  const applicationIds = of(["partner_application"]);
  const partnerIds = of(["partner"]);
  const payoutIds = of(["partner_payout"]);
  const userIds = of(["user"]);
  const A = schema.accounts;
  const PA = schema.partnerApplications;
  const P = schema.partners;
  const PO = schema.partnerPayouts;
  const U = schema.users;
  const [accounts, applications, partners, payouts, users] = await Promise.all([
    byChunks(accountIds, (ids) => db.select({ id: A.id, name: A.name }).from(A).where(inArray(A.id, ids)).all()),
    byChunks(applicationIds, (ids) => db.select({ id: PA.id, name: PA.name, company: PA.company }).from(PA).where(inArray(PA.id, ids)).all()),
    byChunks(partnerIds, (ids) => db.select({ id: P.id, name: U.name, email: U.email }).from(P).innerJoin(U, eq(U.id, P.userId)).where(inArray(P.id, ids)).all()),
    byChunks(payoutIds, (ids) => db.select({ id: PO.id, name: U.name, email: U.email }).from(PO).innerJoin(P, eq(P.id, PO.partnerId)).innerJoin(U, eq(U.id, P.userId)).where(inArray(PO.id, ids)).all()),
    byChunks(userIds, (ids) => db.select({ id: U.id, name: U.name, email: U.email }).from(U).where(inArray(U.id, ids)).all()),
  ]);
  const accountName = new Map(accounts.map((a) => [a.id, a.name]));
  // A deleted account: the name its deletion line kept (the account's other lines have its id only).
  const gone = accountIds.filter((id) => !accountName.has(id));
  const L = schema.adminAuditLog;
  const deletions = await byChunks(gone, (ids) => db.select({ accountId: L.accountId, before: L.before }).from(L).where(and(eq(L.action, "account.delete"), inArray(L.accountId, ids))).all());
  const deletedName = new Map(deletions.map((d) => [d.accountId, (d.before as { name?: unknown } | null)?.name]));
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const apps = byId(applications);
  const partnerRows = byId(partners);
  const payoutRows = byId(payouts);
  const userRows = byId(users);
  const out = new Map<string, AuditTarget | null>();
  for (const r of rows) {
    const id = r.targetId ?? "";
    let target: AuditTarget | null = null;
    if (r.targetType === "partner_application") {
      const a = apps.get(id);
      target = { kind: "partner", name: a ? (a.company ? `${a.name} (${a.company})` : a.name) : null };
    } else if (r.targetType === "partner") target = { kind: "partner", name: personName(partnerRows.get(id)) };
    else if (r.targetType === "partner_payout") target = { kind: "partner", name: personName(payoutRows.get(id)) };
    else if (r.targetType === "user") target = { kind: "user", name: personName(userRows.get(id)) };
    else {
      const accountId = r.accountId ?? (r.targetType === "account" ? r.targetId : null);
      if (accountId) {
        const live = accountName.get(accountId);
        const recorded = deletedName.get(accountId);
        const name = live ?? (typeof recorded === "string" ? recorded : null);
        target = { kind: "account", name, accountId: live !== undefined ? accountId : null };
      }
    }
    out.set(r.id, target);
  }
  return out;
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
  const targets = await targetsOf(db, rows.map((r) => r.entry));
  return paged(rows.map((r) => ({ ...r.entry, actorEmail: r.actorEmail, target: targets.get(r.entry.id) ?? null })), total?.n ?? 0, q.page, q.limit);
}
