import { Hono } from "hono";
import type { AppBindings } from "../../env";
import { can } from "../../middleware/account-scope";
import { integrationStates } from "./registry";

/** The integrations hub (mounted at /api/accounts): every integration's state, read through the registry. */
export const integrationsRoutes = new Hono<AppBindings>().get("/:accountId/integrations", can("read", "Integration"), async (c) => {
  return c.json({ data: await integrationStates(c.env, c.get("member").accountId) }, 200);
});
