import { Hono } from "hono";
import { z } from "zod";
import { getDb } from "../../db/client";
import type { AppBindings } from "../../env";
import { v } from "../../lib/validation";
import { requireAuth } from "../../middleware/session";
import { commissionLedger, partnerStats, referredAccounts } from "./partners.stats";
import * as s from "./partners.schemas";
import * as svc from "./partners.service";
import { trackClick, visitorCookie } from "./tracking";

export const partnerCode = s.partnerCode;

/**
 * Mounted at /api/partners. The click tracking is public; everything else is the signed-in user's
 * own programme: applications, the cabinet, codes and payouts (a partner sees only its own rows).
 */
export const partnerRoutes = new Hono<AppBindings>()
  .get("/codes/track-click", v("query", z.object({ partner: partnerCode() })), async (c) => {
    const { counted, visitor } = await trackClick(c.env, c.req.valid("query").partner, c.req.raw.headers);
    c.header("Set-Cookie", visitorCookie(visitor, new URL(c.req.url).protocol === "https:"));
    return c.json({ tracked: true, counted }, 200);
  })
  .use("/applications", requireAuth)
  .use("/me", requireAuth)
  .use("/me/*", requireAuth)
  .use("/codes", requireAuth)
  .use("/codes/:codeId", requireAuth)
  .use("/payouts", requireAuth)
  .get("/applications", async (c) => c.json(await svc.listApplications(getDb(c.env.DB), c.get("auth").user.id), 200))
  .post("/applications", v("json", s.applicationSchema), async (c) => c.json(await svc.createApplication(getDb(c.env.DB), c.get("auth").user.id, c.req.valid("json")), 201))
  .get("/me", async (c) => c.json(await svc.cabinet(c.env, c.get("auth").user.id), 200))
  .get("/me/stats", v("query", s.statsQuery), async (c) => {
    const p = await svc.requirePartner(getDb(c.env.DB), c.get("auth").user.id);
    return c.json(await partnerStats(c.env.DB, p.id, c.req.valid("query")), 200);
  })
  .get("/me/referred", v("query", s.listQuery), async (c) => {
    const p = await svc.requirePartner(getDb(c.env.DB), c.get("auth").user.id);
    return c.json(await referredAccounts(c.env.DB, p.id, c.req.valid("query")), 200);
  })
  .get("/me/commissions", v("query", s.listQuery), async (c) => {
    const p = await svc.requirePartner(getDb(c.env.DB), c.get("auth").user.id);
    return c.json(await commissionLedger(c.env.DB, p.id, c.req.valid("query")), 200);
  })
  .get("/codes", async (c) => {
    const cab = await svc.cabinet(c.env, (await svc.requirePartner(getDb(c.env.DB), c.get("auth").user.id)).userId);
    return c.json({ data: cab.codes }, 200);
  })
  .post("/codes", v("json", s.codeCreateSchema), async (c) => {
    const db = getDb(c.env.DB);
    return c.json(await svc.createCode(db, await svc.requirePartner(db, c.get("auth").user.id, { write: true }), c.req.valid("json")), 201);
  })
  .patch("/codes/:codeId", v("json", s.codeUpdateSchema), async (c) => {
    const db = getDb(c.env.DB);
    return c.json(await svc.updateCode(db, await svc.requirePartner(db, c.get("auth").user.id, { write: true }), c.req.param("codeId"), c.req.valid("json")), 200);
  })
  .delete("/codes/:codeId", async (c) => {
    const db = getDb(c.env.DB);
    await svc.deleteCode(db, await svc.requirePartner(db, c.get("auth").user.id, { write: true }), c.req.param("codeId"));
    return c.json({ deleted: true }, 200);
  })
  .get("/payouts", v("query", s.listQuery), async (c) => {
    const db = getDb(c.env.DB);
    return c.json(await svc.listPayouts(db, (await svc.requirePartner(db, c.get("auth").user.id)).id, c.req.valid("query")), 200);
  })
  .post("/payouts", v("json", s.payoutRequestSchema), async (c) => {
    const db = getDb(c.env.DB);
    return c.json(await svc.requestPayout(c.env, await svc.requirePartner(db, c.get("auth").user.id, { write: true }), c.req.valid("json").amountKopecks), 201);
  });
