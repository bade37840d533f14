import { Hono } from "hono";
import type { AppBindings } from "../../env";
import { v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import { analyticsQuery, exportQuery } from "./analytics.schemas";
import { getAnalytics } from "./analytics.service";
import { getDashboard } from "./dashboard.service";
import { analyticsCsv } from "./export";

/** /api/accounts/:accountId/analytics, …/analytics/export, …/dashboard: every member reads them (operators too). */
export const analyticsRoutes = new Hono<AppBindings>()
  .get("/:accountId/analytics", can("read", "Analytics"), v("query", analyticsQuery), async (c) => c.json(await getAnalytics(c.env, c.get("member").accountId, c.req.valid("query")), 200))
  .get("/:accountId/analytics/export", can("read", "Analytics"), v("query", exportQuery), async (c) => {
    const q = c.req.valid("query");
    return analyticsCsv(await getAnalytics(c.env, c.get("member").accountId, q), q.table);
  })
  .get("/:accountId/dashboard", can("read", "Account"), async (c) => {
    const member = c.get("member");
    return c.json(await getDashboard(c.env, member.accountId, { withBilling: member.ability.can("read", "Billing") }), 200);
  });
