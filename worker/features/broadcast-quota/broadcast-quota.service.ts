import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { schema, type Db } from "../../db/client";
import type { BroadcastPackage, QuotaSource } from "../../db/schema/broadcast-quota";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { paged } from "../../lib/validation";
import { packageTranslations } from "../billing/translations";
import type { PackageInput } from "./broadcast-quota.schemas";
import { quotaLeft } from "./quota";

const DAY_MS = 86_400_000;
const p = schema.broadcastPackages;
const g = schema.broadcastQuotaGrants;
const a = schema.broadcastQuotaAllocations;

const PACKAGE_NOT_FOUND = "Пакет рассылок не найден";

export function serializePackage(row: BroadcastPackage, grantCount = 0) {
  return {
    id: row.id,
    /** Russian, the source and the fallback of a language `translations` has no name for. */
    name: row.name,
    translations: packageTranslations(row.translations),
    recipients: row.recipients,
    priceKopecks: row.priceKopecks,
    validityDays: row.validityDays,
    active: row.active,
    archived: row.archivedAt !== null,
    archivedAt: row.archivedAt,
    grantCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const toKopecks = (rub: number) => Math.round(rub * 100);

export async function listPackages(db: Db, q: { page: number; limit: number; status: "all" | "current" | "archived" }) {
  const where: SQL | undefined = q.status === "current" ? isNull(p.archivedAt) : q.status === "archived" ? isNotNull(p.archivedAt) : undefined;
  const grants = db.select({ packageId: g.packageId, n: count().as("n") }).from(g).groupBy(g.packageId).as("gc");
  const [rows, total] = await Promise.all([
    db
      .select({ pkg: p, grantCount: grants.n })
      .from(p)
      .leftJoin(grants, eq(grants.packageId, p.id))
      .where(where)
      .orderBy(p.recipients, p.name)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db.select({ n: count() }).from(p).where(where).get(),
  ]);
  return paged(rows.map((r) => serializePackage(r.pkg, r.grantCount ?? 0)), total?.n ?? 0, q.page, q.limit);
}

async function getPackageRow(db: Db, packageId: string) {
  const row = await db.select().from(p).where(eq(p.id, packageId)).get();
  if (!row) throw notFound(PACKAGE_NOT_FOUND, "PACKAGE_NOT_FOUND");
  return row;
}

async function grantCountOf(db: Db, packageId: string) {
  return (await db.select({ n: count() }).from(g).where(eq(g.packageId, packageId)).get())?.n ?? 0;
}

export async function createPackage(db: Db, input: PackageInput) {
  const now = Date.now();
  const [row] = await db
    .insert(p)
    .values({ id: newId(), name: input.name, ...(input.translations ? { translations: input.translations } : {}), recipients: input.recipients, priceKopecks: toKopecks(input.price), validityDays: input.validityDays, active: input.active, createdAt: now, updatedAt: now })
    .returning();
  return serializePackage(row!);
}

export async function updatePackage(db: Db, packageId: string, input: Partial<PackageInput>) {
  const { price, ...rest } = input;
  const [row] = await db
    .update(p)
    .set({ ...rest, ...(price !== undefined ? { priceKopecks: toKopecks(price) } : {}), updatedAt: Date.now() })
    .where(eq(p.id, packageId))
    .returning();
  if (!row) throw notFound(PACKAGE_NOT_FOUND, "PACKAGE_NOT_FOUND");
  return serializePackage(row, await grantCountOf(db, packageId));
}

export async function setArchived(db: Db, packageId: string, archived: boolean) {
  const now = Date.now();
  const [row] = await db
    .update(p)
    .set({ archivedAt: archived ? now : null, updatedAt: now })
    .where(eq(p.id, packageId))
    .returning();
  if (!row) throw notFound(PACKAGE_NOT_FOUND, "PACKAGE_NOT_FOUND");
  return serializePackage(row, await grantCountOf(db, packageId));
}

/** A package nobody received may go; a granted one stays (its grants name it) and is archived instead. */
export async function deletePackage(db: Db, packageId: string) {
  await getPackageRow(db, packageId);
  if ((await grantCountOf(db, packageId)) > 0) throw conflict("Пакет уже выдавался аккаунтам: его можно только отправить в архив", "PACKAGE_IN_USE");
  await db.delete(p).where(eq(p.id, packageId));
}

export interface GrantInput {
  accountId: string;
  packageId: string;
  /** "admin": an administrator's gift; "purchase": the billing issue's checkout (see below). */
  source: QuotaSource;
  /** The payment's id for a purchase: a repeated notification of the same payment grants once. */
  sourceRef?: string | null;
  grantedBy?: string | null;
}

/**
 * Gives an account the package's recipients for the package's validity from now. The purchase seam:
 * billing calls `grantPackage(db, { accountId, packageId, source: "purchase", sourceRef: paymentId })`
 * once the payment is confirmed; the unique (source, sourceRef) makes that call idempotent.
 */
export async function grantPackage(db: Db, input: GrantInput) {
  const pkg = await getPackageRow(db, input.packageId);
  if (pkg.archivedAt !== null) throw badRequest("Пакет в архиве: его нельзя выдать", "PACKAGE_ARCHIVED");
  if (!pkg.active) throw badRequest("Пакет не активен: включите его, чтобы выдать", "PACKAGE_INACTIVE");
  const account = await db.select({ id: schema.accounts.id }).from(schema.accounts).where(eq(schema.accounts.id, input.accountId)).get();
  if (!account) throw notFound("Аккаунт не найден", "ACCOUNT_NOT_FOUND");
  const now = Date.now();
  const values = {
    id: newId(),
    accountId: input.accountId,
    packageId: pkg.id,
    recipients: pkg.recipients,
    expiresAt: now + pkg.validityDays * DAY_MS,
    source: input.source,
    sourceRef: input.sourceRef ?? null,
    grantedBy: input.grantedBy ?? null,
    createdAt: now,
  };
  await db.insert(g).values(values).onConflictDoNothing();
  const stored = input.sourceRef
    ? await db.select().from(g).where(and(eq(g.source, input.source), eq(g.sourceRef, input.sourceRef))).get()
    : values;
  return { ...stored!, packageName: pkg.name, packageTranslations: packageTranslations(pkg.translations) };
}

/**
 * An account's quota: what is free now (the plan's remainder first, then the packages'), the plan's
 * side of the current period, each grant with its expiry, and what running broadcasts hold (of the
 * plan: what they have not sent yet; of packages: their whole reservation until they settle).
 */
export async function getQuota(db: Db, accountId: string, now = Date.now()) {
  const reservedExpr = sql<number>`COALESCE(SUM(CASE WHEN ${a.settledAt} IS NULL THEN ${a.amount} END), 0)`;
  const [left, grants, holds, planHolds] = await Promise.all([
    quotaLeft(db, accountId, now),
    db
      .select({ id: g.id, packageId: g.packageId, packageName: p.name, packageTranslations: p.translations, recipients: g.recipients, expiresAt: g.expiresAt, source: g.source, createdAt: g.createdAt, used: sql<number>`COALESCE(SUM(${a.used}), 0)`, reserved: reservedExpr })
      .from(g)
      .innerJoin(p, eq(p.id, g.packageId))
      .leftJoin(a, eq(a.grantId, g.id))
      .where(eq(g.accountId, accountId))
      .groupBy(g.id)
      .orderBy(desc(g.expiresAt))
      .limit(100)
      .all(),
    db
      .select({ broadcastId: a.broadcastId, reserved: sql<number>`SUM(${a.amount})`, since: sql<number>`MIN(${a.createdAt})` })
      .from(a)
      .where(and(eq(a.accountId, accountId), isNull(a.settledAt)))
      .groupBy(a.broadcastId)
      .all(),
    db.$client
      .prepare("SELECT broadcast_id AS broadcastId, max(amount - sent, 0) AS reserved, created_at AS since FROM broadcast_plan_holds WHERE account_id = ? AND settled_at IS NULL")
      .bind(accountId)
      .all<{ broadcastId: string; reserved: number; since: number }>(),
  ]);
  const list = grants.map((row) => {
    const expired = row.expiresAt <= now;
    return { ...row, packageTranslations: packageTranslations(row.packageTranslations), expired, remaining: expired ? 0 : Math.max(0, row.recipients - row.used - row.reserved) };
  });
  const byBroadcast = new Map<string, { broadcastId: string; reserved: number; since: number }>();
  for (const r of [...planHolds.results, ...holds]) {
    const had = byBroadcast.get(r.broadcastId);
    byBroadcast.set(r.broadcastId, had ? { ...had, reserved: had.reserved + r.reserved, since: Math.min(had.since, r.since) } : { ...r });
  }
  const reservations = [...byBroadcast.values()].filter((r) => r.reserved > 0);
  return {
    /** The plan's remainder plus the packages': what a broadcast can still be sent to. */
    remaining: left.remaining,
    reserved: reservations.reduce((s, r) => s + r.reserved, 0),
    plan: left.plan,
    packagesRemaining: left.packagesRemaining,
    grants: list,
    reservations,
  };
}
