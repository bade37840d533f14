import { and, count, desc, eq, like, or, type SQL } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { PayoutStatus } from "../../db/schema/partners";
import type { Env } from "../../env";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { likePattern, paged } from "../../lib/validation";
import { auditStatement } from "../admin/audit-log";
import { partnerConfig } from "./partners.config";
import { mailApproved, mailPayout, mailRejected } from "./partners.mail";
import { serializeApplication, serializePayout } from "./partners.service";

const A = schema.partnerApplications;
const P = schema.partners;
const U = schema.users;

export async function adminApplications(env: Env, q: { page: number; limit: number; status?: "pending" | "approved" | "rejected"; q?: string }) {
  const db = getDb(env.DB);
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(A.status, q.status));
  if (q.q) conds.push(or(like(A.name, likePattern(q.q)), like(A.email, likePattern(q.q)), like(A.company, likePattern(q.q)), like(U.email, likePattern(q.q)))!);
  const where = conds.length ? and(...conds) : undefined;
  const [rows, total] = await Promise.all([
    db.select({ a: A, userEmail: U.email }).from(A).innerJoin(U, eq(U.id, A.userId)).where(where).orderBy(desc(A.createdAt)).limit(q.limit).offset((q.page - 1) * q.limit).all(),
    db.select({ n: count() }).from(A).innerJoin(U, eq(U.id, A.userId)).where(where).get(),
  ]);
  return paged(rows.map((r) => ({ ...serializeApplication(r.a), userId: r.a.userId, userEmail: r.userEmail })), total?.n ?? 0, q.page, q.limit);
}

async function pendingApplication(env: Env, id: string) {
  const row = await getDb(env.DB).select().from(A).where(eq(A.id, id)).get();
  if (!row) throw notFound("Заявка не найдена", "APPLICATION_NOT_FOUND");
  if (row.status !== "pending") throw conflict("Заявка уже рассмотрена", "APPLICATION_REVIEWED");
  return row;
}

/** A default code for a new partner: "P" and six random letters and digits. */
function randomCode(): string {
  const abc = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return "P" + [...crypto.getRandomValues(new Uint8Array(6))].map((b) => abc[b % abc.length]).join("");
}

/** Approval: the application, the partner (with its rate) and its default code in one batch, an audit line, then the mail. */
export async function approveApplication(env: Env, actorUserId: string, id: string, ratePercent?: number) {
  const app = await pendingApplication(env, id);
  const rateBp = Math.round((ratePercent ?? partnerConfig(env).defaultRatePercent) * 100);
  const now = Date.now();
  const code = randomCode();
  const partnerId = newId();
  const d1 = env.DB;
  await d1.batch([
    d1.prepare("UPDATE partner_applications SET status = 'approved', reviewed_by = ?, reviewed_at = ?, updated_at = ? WHERE id = ? AND status = 'pending'").bind(actorUserId, now, now, id),
    d1
      .prepare(
        `INSERT INTO partners (id, user_id, application_id, rate_bp, status, created_at, updated_at) SELECT ?, ?, ?, ?, 'active', ?, ? WHERE changes() = 1
         ON CONFLICT (user_id) DO UPDATE SET rate_bp = excluded.rate_bp, status = 'active', application_id = excluded.application_id, updated_at = excluded.updated_at`,
      )
      .bind(partnerId, app.userId, id, rateBp, now, now),
    d1
      .prepare(
        `INSERT INTO partner_codes (id, partner_id, code, code_key, label, is_default, active, created_at)
         SELECT ?, p.id, ?, ?, NULL, 1, 1, ? FROM partners p WHERE p.user_id = ? AND NOT EXISTS (SELECT 1 FROM partner_codes c WHERE c.partner_id = p.id AND c.is_default = 1)`,
      )
      .bind(newId(), code, code.toLowerCase(), now, app.userId),
    auditStatement(d1, { actorUserId, action: "partner.approve", targetType: "partner_application", targetId: id, before: { status: "pending" }, after: { status: "approved", ratePercent: rateBp / 100 } }, now),
  ]);
  const defaultCode = await d1.prepare("SELECT c.code AS code FROM partner_codes c JOIN partners p ON p.id = c.partner_id WHERE p.user_id = ? AND c.is_default = 1").bind(app.userId).first<{ code: string }>();
  await mailApproved(env, app.email, { name: app.name, ratePercent: rateBp / 100, code: defaultCode?.code ?? code });
  return { status: "approved" as const, ratePercent: rateBp / 100, code: defaultCode?.code ?? code };
}

export async function rejectApplication(env: Env, actorUserId: string, id: string, reason: string) {
  const app = await pendingApplication(env, id);
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare("UPDATE partner_applications SET status = 'rejected', reject_reason = ?, reviewed_by = ?, reviewed_at = ?, updated_at = ? WHERE id = ? AND status = 'pending'").bind(reason, actorUserId, now, now, id),
    auditStatement(env.DB, { actorUserId, action: "partner.reject", targetType: "partner_application", targetId: id, before: { status: "pending" }, after: { status: "rejected" }, reason }, now),
  ]);
  await mailRejected(env, app.email, { name: app.name, reason });
  return { status: "rejected" as const };
}

/** Partners with their default code, people brought and money. */
export async function adminPartners(env: Env, q: { page: number; limit: number; q?: string }) {
  const where = q.q ? "WHERE u.search_text LIKE ?3 ESCAPE '\\'" : "";
  const args: unknown[] = [q.limit, (q.page - 1) * q.limit, ...(q.q ? [likePattern(q.q.toLowerCase())] : [])];
  const [rows, total] = await env.DB.batch([
    env.DB.prepare(
      `SELECT p.id AS id, p.user_id AS userId, u.email AS email, u.name AS name, p.rate_bp AS rateBp, p.status AS status, p.created_at AS createdAt,
         (SELECT code FROM partner_codes WHERE partner_id = p.id AND is_default = 1) AS code,
         (SELECT count(*) FROM partner_attributions WHERE partner_id = p.id) AS referred,
         (SELECT coalesce(sum(amount_kopecks), 0) FROM partner_commissions WHERE partner_id = p.id) AS accruedKopecks,
         (SELECT coalesce(sum(amount_kopecks), 0) FROM partner_payouts WHERE partner_id = p.id AND status = 'paid') AS paidOutKopecks
       FROM partners p JOIN users u ON u.id = p.user_id ${where} ORDER BY p.created_at DESC LIMIT ?1 OFFSET ?2`,
    ).bind(...args),
    env.DB.prepare(`SELECT count(*) AS n FROM partners p JOIN users u ON u.id = p.user_id ${where.replace("?3", "?1")}`).bind(...(q.q ? [likePattern(q.q.toLowerCase())] : [])),
  ]);
  const data = (rows!.results as unknown as { rateBp: number }[]).map(({ rateBp, ...r }) => ({ ...(r as Record<string, unknown>), ratePercent: rateBp / 100 })) as unknown as {
    id: string;
    userId: string;
    email: string;
    name: string;
    ratePercent: number;
    status: "active" | "deactivated";
    createdAt: number;
    code: string | null;
    referred: number;
    accruedKopecks: number;
    paidOutKopecks: number;
  }[];
  return paged(data, (total!.results[0] as { n: number }).n, q.page, q.limit);
}

export async function updatePartner(env: Env, actorUserId: string, id: string, input: { ratePercent?: number; status?: "active" | "deactivated"; reason?: string }) {
  const db = getDb(env.DB);
  const p = await db.select().from(P).where(eq(P.id, id)).get();
  if (!p) throw notFound("Партнёр не найден", "PARTNER_NOT_FOUND");
  const patch = { ...(input.ratePercent !== undefined ? { rateBp: Math.round(input.ratePercent * 100) } : {}), ...(input.status ? { status: input.status } : {}), updatedAt: Date.now() };
  await env.DB.batch([
    env.DB.prepare("UPDATE partners SET rate_bp = ?, status = ?, updated_at = ? WHERE id = ?").bind(patch.rateBp ?? p.rateBp, patch.status ?? p.status, patch.updatedAt, id),
    auditStatement(env.DB, { actorUserId, action: "partner.update", targetType: "partner", targetId: id, before: { ratePercent: p.rateBp / 100, status: p.status }, after: { ratePercent: (patch.rateBp ?? p.rateBp) / 100, status: patch.status ?? p.status }, reason: input.reason ?? null }),
  ]);
  return { id, ratePercent: (patch.rateBp ?? p.rateBp) / 100, status: patch.status ?? p.status };
}

export async function adminAttributions(env: Env, q: { page: number; limit: number; partnerId?: string; q?: string }) {
  const conds: string[] = [];
  const args: unknown[] = [];
  if (q.partnerId) (conds.push(`pa.partner_id = ?${args.length + 3}`), args.push(q.partnerId));
  if (q.q) (conds.push(`u.search_text LIKE ?${args.length + 3} ESCAPE '\\'`), args.push(likePattern(q.q.toLowerCase())));
  const where = conds.length ? `WHERE ${conds.join(" AND ")}` : "";
  const from = `FROM partner_attributions pa JOIN users u ON u.id = pa.user_id JOIN partners p ON p.id = pa.partner_id JOIN users pu ON pu.id = p.user_id LEFT JOIN partner_codes c ON c.id = pa.code_id ${where}`;
  const [rows, total] = await env.DB.batch([
    env.DB.prepare(
      `SELECT pa.user_id AS userId, u.email AS userEmail, u.name AS userName, pa.partner_id AS partnerId, pu.email AS partnerEmail, pu.name AS partnerName, c.code AS code, pa.source AS source, pa.touched_at AS touchedAt, pa.created_at AS createdAt, pa.updated_at AS updatedAt
       ${from} ORDER BY pa.created_at DESC LIMIT ?1 OFFSET ?2`,
    ).bind(q.limit, (q.page - 1) * q.limit, ...args),
    env.DB.prepare(`SELECT count(*) AS n ${from.replace(/\?(\d)/g, (_, d) => `?${Number(d) - 2}`)}`).bind(...args),
  ]);
  type Row = { userId: string; userEmail: string; userName: string; partnerId: string; partnerEmail: string; partnerName: string; code: string | null; source: "link" | "admin"; touchedAt: number; createdAt: number; updatedAt: number };
  return paged(rows!.results as unknown as Row[], (total!.results[0] as { n: number }).n, q.page, q.limit);
}

/** An administrator's correction of who brought a user (or its removal), with an audit line in the same batch. */
export async function setAttribution(env: Env, actorUserId: string, userId: string, input: { partnerId: string | null; reason: string }) {
  const db = getDb(env.DB);
  const user = await db.select({ id: U.id }).from(U).where(eq(U.id, userId)).get();
  if (!user) throw notFound("Пользователь не найден", "USER_NOT_FOUND");
  const before = (await db.select().from(schema.partnerAttributions).where(eq(schema.partnerAttributions.userId, userId)).get()) ?? null;
  const now = Date.now();
  const audit = (after: unknown) => auditStatement(env.DB, { actorUserId, action: "partner.attribution", targetType: "user", targetId: userId, before: before ? { partnerId: before.partnerId, codeId: before.codeId } : null, after, reason: input.reason }, now);
  if (input.partnerId === null) {
    await env.DB.batch([env.DB.prepare("DELETE FROM partner_attributions WHERE user_id = ?").bind(userId), audit(null)]);
    return { userId, partnerId: null };
  }
  const partner = await db.select().from(P).where(eq(P.id, input.partnerId)).get();
  if (!partner) throw badRequest("Партнёр не найден", "PARTNER_NOT_FOUND", { fields: { partnerId: ["Партнёр не найден"] } });
  if (partner.userId === userId) throw badRequest("Партнёр не может привести сам себя", "SELF_REFERRAL");
  const code = await db.select({ id: schema.partnerCodes.id }).from(schema.partnerCodes).where(and(eq(schema.partnerCodes.partnerId, partner.id), eq(schema.partnerCodes.isDefault, true))).get();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO partner_attributions (user_id, partner_id, code_id, touched_at, source, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, 'admin', ?4, ?4)
       ON CONFLICT (user_id) DO UPDATE SET partner_id = excluded.partner_id, code_id = excluded.code_id, source = 'admin', updated_at = excluded.updated_at`,
    ).bind(userId, partner.id, code?.id ?? null, now),
    audit({ partnerId: partner.id, codeId: code?.id ?? null }),
  ]);
  return { userId, partnerId: partner.id };
}

export async function adminPayouts(env: Env, q: { page: number; limit: number; status?: PayoutStatus }) {
  const db = getDb(env.DB);
  const T = schema.partnerPayouts;
  const where = q.status ? eq(T.status, q.status) : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({ p: T, email: U.email, name: U.name })
      .from(T)
      .innerJoin(P, eq(P.id, T.partnerId))
      .innerJoin(U, eq(U.id, P.userId))
      .where(where)
      .orderBy(desc(T.createdAt))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db.select({ n: count() }).from(T).where(where).get(),
  ]);
  return paged(rows.map((r) => ({ ...serializePayout(r.p), partnerId: r.p.partnerId, partnerEmail: r.email, partnerName: r.name })), total?.n ?? 0, q.page, q.limit);
}

const MOVES: Record<"approve" | "paid" | "reject", { from: PayoutStatus[]; to: PayoutStatus }> = {
  approve: { from: ["requested"], to: "approved" },
  paid: { from: ["approved"], to: "paid" },
  reject: { from: ["requested", "approved"], to: "rejected" },
};

/** A payout's next status (requested → approved → paid; requested or approved → rejected), conditional on the status it had, with an audit line and a mail. */
export async function movePayout(env: Env, actorUserId: string, id: string, move: keyof typeof MOVES, input: { reference?: string; reason?: string } = {}) {
  const db = getDb(env.DB);
  const T = schema.partnerPayouts;
  const row = await db.select().from(T).where(eq(T.id, id)).get();
  if (!row) throw notFound("Выплата не найдена", "PAYOUT_NOT_FOUND");
  const m = MOVES[move];
  if (!m.from.includes(row.status)) throw conflict("Выплата уже в другом статусе — обновите страницу", "PAYOUT_STATUS");
  const now = Date.now();
  const stamp = m.to === "approved" ? "approved_at" : m.to === "paid" ? "paid_at" : "rejected_at";
  const res = await env.DB.batch([
    env.DB.prepare(`UPDATE partner_payouts SET status = ?, ${stamp} = ?, reference = coalesce(?, reference), reject_reason = coalesce(?, reject_reason), decided_by = ?, updated_at = ? WHERE id = ? AND status = ?`).bind(
      m.to,
      now,
      input.reference ?? null,
      input.reason ?? null,
      actorUserId,
      now,
      id,
      row.status,
    ),
    auditStatement(env.DB, { actorUserId, action: `payout.${move}`, targetType: "partner_payout", targetId: id, before: { status: row.status }, after: { status: m.to, reference: input.reference ?? null }, reason: input.reason ?? null }, now, { sql: "changes() = 1", params: [] }),
  ]);
  if (!res[0]!.meta.changes) throw conflict("Выплата уже в другом статусе — обновите страницу", "PAYOUT_STATUS");
  const to = await env.DB.prepare("SELECT u.email AS email FROM partners p JOIN users u ON u.id = p.user_id WHERE p.id = ?").bind(row.partnerId).first<{ email: string }>();
  if (to) await mailPayout(env, to.email, { status: m.to as "approved" | "paid" | "rejected", amountKopecks: row.amountKopecks, reference: input.reference, reason: input.reason });
  return serializePayout((await db.select().from(T).where(eq(T.id, id)).get())!);
}
