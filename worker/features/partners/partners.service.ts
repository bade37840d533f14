import { and, count, desc, eq } from "drizzle-orm";
import { getDb, schema, type Db } from "../../db/client";
import type { Partner, PartnerApplication, PartnerCode, PartnerPayout } from "../../db/schema/partners";
import type { Env } from "../../env";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { paged } from "../../lib/validation";
import { AVAILABLE_SQL, partnerBalance } from "./commission";
import { partnerConfig } from "./partners.config";
import type { ApplicationInput } from "./partners.schemas";

const A = schema.partnerApplications;
const P = schema.partners;
const C = schema.partnerCodes;
const MAX_CODES = 20;
/** A unique-index violation (drizzle wraps D1's error: the words are in the cause). */
export const isUniqueViolation = (e: unknown) => /UNIQUE/.test(`${String(e)} ${String((e as { cause?: unknown })?.cause ?? "")}`);

export function serializeApplication(a: PartnerApplication) {
  return {
    id: a.id,
    status: a.status,
    name: a.name,
    company: a.company,
    phone: a.phone,
    email: a.email,
    website: a.website,
    audience: a.audience,
    expectedVolume: a.expectedVolume,
    payoutMethod: a.payoutMethod,
    legalForm: a.legalForm,
    inn: a.inn,
    bankAccount: a.bankAccount,
    bik: a.bik,
    cardLast4: a.cardLast4,
    rejectReason: a.rejectReason,
    reviewedAt: a.reviewedAt,
    createdAt: a.createdAt,
  };
}
export const serializePartner = (p: Partner) => ({ id: p.id, ratePercent: p.rateBp / 100, status: p.status, createdAt: p.createdAt });
export const serializeCode = (c: PartnerCode) => ({ id: c.id, code: c.code, label: c.label, isDefault: c.isDefault, active: c.active, createdAt: c.createdAt });
export const serializePayout = (p: PartnerPayout) => ({
  id: p.id,
  amountKopecks: p.amountKopecks,
  status: p.status,
  reference: p.reference,
  rejectReason: p.rejectReason,
  approvedAt: p.approvedAt,
  paidAt: p.paidAt,
  rejectedAt: p.rejectedAt,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
});

/** "Кофейня Уют" → "Ко***я У*т": enough to recognise one's own client, not to read a stranger's. */
export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => {
      const ch = [...w];
      if (ch.length <= 2) return `${ch[0]}*`;
      if (ch.length <= 4) return `${ch[0]}${"*".repeat(ch.length - 2)}${ch[ch.length - 1]}`;
      return `${ch.slice(0, 2).join("")}***${ch[ch.length - 1]}`;
    })
    .join(" ");
}

export async function partnerOfUser(db: Db, userId: string): Promise<Partner | null> {
  return (await db.select().from(P).where(eq(P.userId, userId)).get()) ?? null;
}

/** The caller's partner row; 403 for a user who is not a partner (or, for changes, whose partnership is deactivated). */
export async function requirePartner(db: Db, userId: string, opts: { write?: boolean } = {}): Promise<Partner> {
  const p = await partnerOfUser(db, userId);
  if (!p) throw forbidden("Раздел доступен партнёрам. Подайте заявку на странице «Стать партнёром».", "NOT_A_PARTNER");
  if (opts.write && p.status !== "active") throw forbidden("Партнёрство приостановлено: изменения недоступны", "PARTNER_DEACTIVATED");
  return p;
}

export async function listApplications(db: Db, userId: string) {
  const rows = await db.select().from(A).where(eq(A.userId, userId)).orderBy(desc(A.createdAt)).all();
  return { data: rows.map(serializeApplication) };
}

export async function createApplication(db: Db, userId: string, input: ApplicationInput) {
  if (await partnerOfUser(db, userId)) throw conflict("Вы уже партнёр программы", "ALREADY_PARTNER");
  const now = Date.now();
  const { agreed: _agreed, cardNumber: _card, ...fields } = input;
  const row = { id: newId(), userId, ...fields, agreedAt: now, status: "pending" as const, createdAt: now, updatedAt: now };
  try {
    await db.insert(A).values(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict("Ваша заявка уже на рассмотрении", "APPLICATION_PENDING");
    throw e;
  }
  return serializeApplication({ ...row, rejectReason: null, reviewedBy: null, reviewedAt: null });
}

/** The cabinet's head: the partner, the latest application, the codes, the money and the settings that apply. */
export async function cabinet(env: Env, userId: string) {
  const db = getDb(env.DB);
  const [partner, application] = await Promise.all([partnerOfUser(db, userId), db.select().from(A).where(eq(A.userId, userId)).orderBy(desc(A.createdAt)).get()]);
  const cfg = partnerConfig(env);
  const config = { payoutMinKopecks: cfg.payoutMinKopecks, holdDays: cfg.holdDays, windowDays: cfg.windowDays, defaultRatePercent: cfg.defaultRatePercent };
  if (!partner) return { partner: null, application: application ? serializeApplication(application) : null, codes: [], balance: null, config };
  const codes = await db.select().from(C).where(eq(C.partnerId, partner.id)).orderBy(desc(C.isDefault), C.createdAt).all();
  return { partner: serializePartner(partner), application: application ? serializeApplication(application) : null, codes: codes.map(serializeCode), balance: await partnerBalance(env.DB, partner.id), config };
}

// ── codes ──────────────────────────────────────────────────────────────────

export async function createCode(db: Db, partner: Partner, input: { code: string; label?: string }, isDefault = false) {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(C).where(eq(C.partnerId, partner.id)).all();
  if (n >= MAX_CODES) throw badRequest(`Не больше ${MAX_CODES} кодов на партнёра`, "TOO_MANY_CODES");
  const row = { id: newId(), partnerId: partner.id, code: input.code, codeKey: input.code.toLowerCase(), label: input.label || null, isDefault, active: true, createdAt: Date.now() };
  try {
    await db.insert(C).values(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict("Этот код уже занят, выберите другой", "CODE_TAKEN");
    throw e;
  }
  return serializeCode(row);
}

async function ownCode(db: Db, partner: Partner, codeId: string): Promise<PartnerCode> {
  const row = await db.select().from(C).where(and(eq(C.id, codeId), eq(C.partnerId, partner.id))).get();
  if (!row) throw notFound("Код не найден", "CODE_NOT_FOUND");
  return row;
}

export async function updateCode(db: Db, partner: Partner, codeId: string, input: { label?: string | null; active?: boolean }) {
  const row = await ownCode(db, partner, codeId);
  if (input.active === false && row.isDefault) throw badRequest("Основной код нельзя отключить", "DEFAULT_CODE");
  const patch = { ...(input.label !== undefined ? { label: input.label || null } : {}), ...(input.active !== undefined ? { active: input.active } : {}) };
  await db.update(C).set(patch).where(eq(C.id, row.id));
  return serializeCode({ ...row, ...patch });
}

export async function deleteCode(db: Db, partner: Partner, codeId: string) {
  const row = await ownCode(db, partner, codeId);
  if (row.isDefault) throw badRequest("Основной код нельзя удалить", "DEFAULT_CODE");
  await db.delete(C).where(eq(C.id, row.id));
}

// ── payouts ────────────────────────────────────────────────────────────────

export async function listPayouts(db: Db, partnerId: string, q: { page: number; limit: number }) {
  const T = schema.partnerPayouts;
  const [rows, total] = await Promise.all([
    db.select().from(T).where(eq(T.partnerId, partnerId)).orderBy(desc(T.createdAt)).limit(q.limit).offset((q.page - 1) * q.limit).all(),
    db.select({ n: count() }).from(T).where(eq(T.partnerId, partnerId)).get(),
  ]);
  return paged(rows.map(serializePayout), total?.n ?? 0, q.page, q.limit);
}

/**
 * A payout request: all that is available, or a part of it, never under the minimum
 * (PARTNER_PAYOUT_MIN_KOPECKS). One conditional INSERT … SELECT checks the available amount inside
 * the statement, so two requests at once cannot both spend the same money.
 */
export async function requestPayout(env: Env, partner: Partner, amountKopecks?: number) {
  const { payoutMinKopecks } = partnerConfig(env);
  const now = Date.now();
  const { availableKopecks } = await partnerBalance(env.DB, partner.id, now);
  const amount = amountKopecks ?? availableKopecks;
  const min = (payoutMinKopecks / 100).toLocaleString("ru-RU");
  if (availableKopecks < payoutMinKopecks) throw badRequest(`Выплату можно запросить, когда доступно не меньше ${min} ₽`, "PAYOUT_BELOW_MINIMUM", { availableKopecks, payoutMinKopecks });
  if (amount < payoutMinKopecks) throw badRequest(`Минимальная выплата — ${min} ₽`, "PAYOUT_BELOW_MINIMUM", { availableKopecks, payoutMinKopecks });
  const id = newId();
  const res = await env.DB.prepare(
    `INSERT INTO partner_payouts (id, partner_id, amount_kopecks, status, created_at, updated_at) SELECT ?3, ?1, ?4, 'requested', ?2, ?2 WHERE ?4 <= ${AVAILABLE_SQL}`,
  )
    .bind(partner.id, now, id, amount)
    .run();
  if (!res.meta.changes) throw badRequest("Сумма больше доступной к выплате", "PAYOUT_TOO_LARGE", { availableKopecks });
  return serializePayout((await getDb(env.DB).select().from(schema.partnerPayouts).where(eq(schema.partnerPayouts.id, id)).get())!);
}
