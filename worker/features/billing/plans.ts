import { and, asc, count, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import type { Plan } from "../../db/schema/billing";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { paged } from "../../lib/validation";
import type { PlanInput } from "./billing.schemas";
import { planTranslations } from "./translations";
import { CAPS, CONSUMABLES, type Unit } from "./units";

const P = schema.plans;
export const FREE_PLAN_CODE = "trial";
const PLAN_NOT_FOUND = "Тариф не найден";

export function serializePlan(p: Plan) {
  const included = Object.fromEntries([...CONSUMABLES, ...CAPS].map((u) => [u, p.included[u] ?? 0])) as Record<Unit, number>;
  const overage = Object.fromEntries(CONSUMABLES.map((u) => [u, p.overage[u] ?? 0])) as Record<(typeof CONSUMABLES)[number], number>;
  const monthsOfYear = p.monthlyPriceKopecks > 0 ? p.yearlyPriceKopecks / p.monthlyPriceKopecks : 12;
  return {
    id: p.id,
    code: p.code,
    /** Russian, the source and the fallback of a language `translations` has no text for. */
    name: p.name,
    description: p.description,
    translations: planTranslations(p.translations),
    monthlyPriceKopecks: p.monthlyPriceKopecks,
    yearlyPriceKopecks: p.yearlyPriceKopecks,
    /** How much cheaper a year is than twelve months, in whole per cent. */
    yearlyDiscountPercent: Math.max(0, Math.round((1 - monthsOfYear / 12) * 100)),
    free: p.monthlyPriceKopecks === 0 && p.yearlyPriceKopecks === 0,
    included,
    overage,
    active: p.active,
    archived: p.archivedAt !== null,
    sortOrder: p.sortOrder,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}
export type PlanDto = ReturnType<typeof serializePlan>;

/** The public price list (/pricing): active plans in their order. */
export async function listPublicPlans(db: Db) {
  const rows = await db.select().from(P).where(and(eq(P.active, true), isNull(P.archivedAt))).orderBy(asc(P.sortOrder), asc(P.monthlyPriceKopecks)).all();
  return { data: rows.map(serializePlan) };
}

export async function listPlans(db: Db, q: { page: number; limit: number; status: "current" | "archived" | "all" }) {
  const where: SQL | undefined = q.status === "current" ? isNull(P.archivedAt) : q.status === "archived" ? isNotNull(P.archivedAt) : undefined;
  const subs = db.select({ planId: schema.subscriptions.planId, n: count().as("n") }).from(schema.subscriptions).groupBy(schema.subscriptions.planId).as("s");
  const [rows, total] = await Promise.all([
    db.select({ plan: P, subscribers: subs.n }).from(P).leftJoin(subs, eq(subs.planId, P.id)).where(where).orderBy(asc(P.sortOrder), asc(P.monthlyPriceKopecks)).limit(q.limit).offset((q.page - 1) * q.limit).all(),
    db.select({ n: count() }).from(P).where(where).get(),
  ]);
  return paged(rows.map((r) => ({ ...serializePlan(r.plan), subscribers: r.subscribers ?? 0 })), total?.n ?? 0, q.page, q.limit);
}

export async function getPlanRow(db: Db, planId: string): Promise<Plan> {
  const row = await db.select().from(P).where(eq(P.id, planId)).get();
  if (!row) throw notFound(PLAN_NOT_FOUND, "PLAN_NOT_FOUND");
  return row;
}

export async function planByCode(db: Db, code: string): Promise<Plan | undefined> {
  return db.select().from(P).where(eq(P.code, code)).get();
}

/** A 409 that names the «Код» field, so the editor shows it there. */
function codeTaken(code: string): AppError {
  const message = `Тариф с кодом «${code}» уже есть`;
  return new AppError(409, "PLAN_CODE_TAKEN", message, { fields: { code: [message] } });
}

export async function createPlan(db: Db, input: PlanInput) {
  if (await planByCode(db, input.code)) throw codeTaken(input.code);
  const now = Date.now();
  const [row] = await db.insert(P).values({ id: newId(), ...input, createdAt: now, updatedAt: now }).returning();
  return serializePlan(row!);
}

export async function updatePlan(db: Db, planId: string, input: Partial<Omit<PlanInput, "included" | "overage">> & { included?: Partial<PlanInput["included"]>; overage?: Partial<PlanInput["overage"]> }) {
  const before = await getPlanRow(db, planId);
  if (input.code && input.code !== before.code) {
    if (before.code === FREE_PLAN_CODE) throw badRequest("Код бесплатного тарифа менять нельзя: на него переводятся аккаунты", "PLAN_CODE_FIXED");
    if (await planByCode(db, input.code)) throw codeTaken(input.code);
  }
  const { included, overage, ...rest } = input;
  const [row] = await db
    .update(P)
    .set({
      ...rest,
      ...(included ? { included: { ...before.included, ...included } } : {}),
      ...(overage ? { overage: { ...before.overage, ...overage } } : {}),
      updatedAt: Date.now(),
    })
    .where(eq(P.id, planId))
    .returning();
  return { before: serializePlan(before), after: serializePlan(row!) };
}

/** A plan nobody is subscribed to and no payment names is deleted; otherwise it is archived (hidden from /pricing). */
export async function deletePlan(db: Db, planId: string) {
  const before = await getPlanRow(db, planId);
  if (before.code === FREE_PLAN_CODE) throw badRequest("Бесплатный тариф удалить нельзя: на него переводятся аккаунты", "PLAN_FREE");
  const [subs, pays] = await Promise.all([
    db.select({ n: count() }).from(schema.subscriptions).where(eq(schema.subscriptions.planId, planId)).get(),
    db.select({ n: count() }).from(schema.payments).where(eq(schema.payments.planId, planId)).get(),
  ]);
  if ((subs?.n ?? 0) + (pays?.n ?? 0) > 0) {
    const [row] = await db.update(P).set({ archivedAt: Date.now(), active: false, updatedAt: Date.now() }).where(eq(P.id, planId)).returning();
    return { deleted: false, before: serializePlan(before), after: serializePlan(row!) };
  }
  await db.delete(P).where(eq(P.id, planId));
  return { deleted: true, before: serializePlan(before), after: null };
}
