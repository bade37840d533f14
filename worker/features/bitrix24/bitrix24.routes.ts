import { Hono } from "hono";
import { z } from "zod";
import type { AppBindings } from "../../env";
import { notFound } from "../../lib/errors";
import { v } from "../../lib/validation";
import { can, memberOf } from "../../middleware/account-scope";
import { requireAuth } from "../../middleware/session";
import * as s from "./bitrix24.schemas";
import * as svc from "./bitrix24.service";
import { finishOauth, startOauth } from "./oauth";
import "./triggers";

const kindParam = z.object({ accountId: z.string(), kind: z.enum(["contacts", "deals", "leads"]) });
const optionsQuery = z.object({ categoryId: z.string().trim().max(20).regex(/^\d*$/).default("0") });

/**
 * Bitrix24 of an account (mounted at /api/accounts). Owners and admins connect, disconnect and
 * change the settings; operators read the state, the settings, the live CRM lists and the call log.
 */
export const bitrix24Routes = new Hono<AppBindings>()
  .get("/:accountId/integrations/bitrix24", can("read", "Integration"), async (c) => {
    return c.json(await svc.getState(c.env, c.get("member").accountId), 200);
  })
  .put("/:accountId/integrations/bitrix24", can("update", "Integration"), v("json", s.connectSchema), async (c) => {
    const state = await svc.connectWebhook(c.env, c.get("member").accountId, c.req.valid("json").webhookUrl);
    svc.forgetTriggers(c.get("member").accountId);
    return c.json({ ...state, message: "Bitrix24 подключён" }, 200);
  })
  .delete("/:accountId/integrations/bitrix24", can("update", "Integration"), async (c) => {
    await svc.disconnect(c.env, c.get("member").accountId);
    svc.forgetTriggers(c.get("member").accountId);
    return c.json({ message: "Bitrix24 отключён" }, 200);
  })
  .post("/:accountId/integrations/bitrix24/oauth/start", can("update", "Integration"), v("json", s.oauthStartSchema), async (c) => {
    return c.json(await startOauth(c.env, c.get("member").accountId, c.get("auth").user.id, c.req.valid("json").domain, c.req.url), 200);
  })
  .get("/:accountId/integrations/bitrix24/settings", can("read", "Integration"), async (c) => {
    return c.json(await svc.getSettings(c.env, c.get("member").accountId), 200);
  })
  .put("/:accountId/integrations/bitrix24/settings", can("update", "Integration"), v("json", s.settingsSchema), async (c) => {
    const settings = await svc.putSettings(c.env, c.get("member").accountId, c.req.valid("json"));
    return c.json({ ...settings, message: "Настройки Bitrix24 сохранены" }, 200);
  })
  .get("/:accountId/integrations/bitrix24/options", can("read", "Integration"), v("query", optionsQuery), async (c) => {
    return c.json(await svc.getOptions(c.env, c.get("member").accountId, c.req.valid("query").categoryId), 200);
  })
  .get("/:accountId/integrations/bitrix24/log", can("read", "Integration"), v("query", s.logQuery), async (c) => {
    return c.json(await svc.listLog(c.env, c.get("member").accountId, c.req.valid("query").page), 200);
  })
  .get("/:accountId/integrations/bitrix24/:kind", can("read", "Integration"), v("param", kindParam), v("query", s.listQuery), async (c) => {
    return c.json(await svc.listCrm(c.env, c.get("member").accountId, c.req.valid("param").kind, c.req.valid("query")), 200);
  });

/** The OAuth callback (mounted at /api/oauth): the signed state names the account; the browser is sent on to its pages. */
export const bitrix24OauthRoutes = new Hono<AppBindings>().get("/bitrix24/callback", async (c) => {
  const q = c.req.query();
  return c.redirect(await finishOauth(c.env, q), 302);
});

/**
 * The Bitrix24 app screens (/bitrix24/*) opened inside a portal: the portal's member_id names the
 * account; only a member of that account learns it (404 otherwise, as for any account).
 */
export const bitrix24AppRoutes = new Hono<AppBindings>().use("*", requireAuth).get("/app", v("query", s.portalQuery), async (c) => {
  const row = await c.env.DB.prepare("SELECT account_id FROM bitrix24_integrations WHERE member_id = ?1").bind(c.req.valid("query").memberId).first<{ account_id: string }>();
  const member = row ? await memberOf(c.env.DB, c.get("auth"), row.account_id) : null;
  if (!row || !member) throw notFound("Портал Bitrix24 не подключён ни к одному из ваших аккаунтов", "BITRIX24_PORTAL_NOT_FOUND");
  return c.json({ accountId: row.account_id }, 200);
});
