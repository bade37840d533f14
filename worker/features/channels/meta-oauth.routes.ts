import { Hono } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import type { AppBindings } from "../../env";
import { v } from "../../lib/validation";
import { metaCallbackQuery } from "./channels.schemas";
import { handleMetaCallback, NONCE_COOKIE } from "./instagram-oauth.service";

/**
 * Mounted at /api/oauth: `GET /meta/callback?code&state` (or `error`, `error_reason`), where Meta's
 * login dialog sends the browser back. No session here (a plain navigation carries no bearer token):
 * the signed state names the account and member, the nonce cookie proves it is the same browser.
 */
export const metaOauthRoutes = new Hono<AppBindings>().get("/meta/callback", v("query", metaCallbackQuery), async (c) => {
  const to = await handleMetaCallback(c.env, c.req.valid("query"), getCookie(c, NONCE_COOKIE), c.req.url);
  deleteCookie(c, NONCE_COOKIE, { path: "/api/oauth/meta" });
  return c.redirect(to, 302);
});
