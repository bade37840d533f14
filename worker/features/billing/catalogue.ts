import { and, asc, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { getDb, schema, type Db } from "../../db/client";
import type { AppBindings } from "../../env";
import { packageTranslations } from "./translations";

/** The broadcast packages on sale (active, not archived), cheapest first: what /checkout offers. */
export async function listPackagesOnSale(db: Db) {
  const p = schema.broadcastPackages;
  const rows = await db
    .select({ id: p.id, name: p.name, translations: p.translations, recipients: p.recipients, priceKopecks: p.priceKopecks, validityDays: p.validityDays })
    .from(p)
    .where(and(eq(p.active, true), isNull(p.archivedAt)))
    .orderBy(asc(p.priceKopecks), asc(p.name))
    .all();
  return { data: rows.map((r) => ({ ...r, translations: packageTranslations(r.translations) })) };
}

/** GET /api/broadcast-packages: the public catalogue of packages on sale (as /api/plans is for plans). */
export const publicPackageRoutes = new Hono<AppBindings>().get("/", async (c) => c.json(await listPackagesOnSale(getDb(c.env.DB)), 200));
