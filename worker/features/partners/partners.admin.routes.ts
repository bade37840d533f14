import { Hono } from "hono";
import type { AppBindings } from "../../env";
import { v } from "../../lib/validation";
import { requireAuth, requirePlatformAdmin } from "../../middleware/session";
import * as adm from "./partners.admin";
import * as s from "./partners.schemas";

/** Mounted at /api/admin/partners: review, rates, attributions and payouts; platform administrators only. */
export const partnerAdminRoutes = new Hono<AppBindings>()
  .use(requireAuth, requirePlatformAdmin)
  .get("/applications", v("query", s.adminApplicationsQuery), async (c) => c.json(await adm.adminApplications(c.env, c.req.valid("query")), 200))
  .post("/applications/:applicationId/approve", v("json", s.approveSchema), async (c) =>
    c.json(await adm.approveApplication(c.env, c.get("auth").user.id, c.req.param("applicationId"), c.req.valid("json").ratePercent), 200),
  )
  .post("/applications/:applicationId/reject", v("json", s.reasonSchema), async (c) =>
    c.json(await adm.rejectApplication(c.env, c.get("auth").user.id, c.req.param("applicationId"), c.req.valid("json").reason), 200),
  )
  .get("/attributions", v("query", s.attributionsQuery), async (c) => c.json(await adm.adminAttributions(c.env, c.req.valid("query")), 200))
  .put("/attributions/:userId", v("json", s.attributionSetSchema), async (c) => c.json(await adm.setAttribution(c.env, c.get("auth").user.id, c.req.param("userId"), c.req.valid("json")), 200))
  .get("/payouts", v("query", s.payoutsQuery), async (c) => c.json(await adm.adminPayouts(c.env, c.req.valid("query")), 200))
  .post("/payouts/:payoutId/approve", async (c) => c.json(await adm.movePayout(c.env, c.get("auth").user.id, c.req.param("payoutId"), "approve"), 200))
  .post("/payouts/:payoutId/paid", v("json", s.paidSchema), async (c) => c.json(await adm.movePayout(c.env, c.get("auth").user.id, c.req.param("payoutId"), "paid", c.req.valid("json")), 200))
  .post("/payouts/:payoutId/reject", v("json", s.reasonSchema), async (c) => c.json(await adm.movePayout(c.env, c.get("auth").user.id, c.req.param("payoutId"), "reject", c.req.valid("json")), 200))
  .get("/", v("query", s.adminPartnersQuery), async (c) => c.json(await adm.adminPartners(c.env, c.req.valid("query")), 200))
  .patch("/:partnerId", v("json", s.partnerUpdateSchema), async (c) => c.json(await adm.updatePartner(c.env, c.get("auth").user.id, c.req.param("partnerId"), c.req.valid("json")), 200));
