import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import { appUrl } from "../../lib/mail";
import { readOauthState, signOauthState } from "../../lib/oauth-state";
import { requestToken, seal, tokenBase } from "./client";
import { BitrixError } from "./errors";
import { DEFAULT_SETTINGS } from "./bitrix24.schemas";
import { forgetTriggers } from "./bitrix24.service";

/**
 * OAuth 2.0 of a local or Market app (INTEGRATIONS.md §2): the person is sent to the portal's
 * `/oauth/authorize/` with a signed state; the callback gets `code` (alive 30 s), which is exchanged
 * at the `server_domain` Bitrix24 names (oauth.bitrix.info, or oauth.bitrix24.tech for the Russian
 * cloud); tokens are stored AES-GCM encrypted and refreshed only when a call answers expired_token.
 */
export const CALLBACK_PATH = "/api/oauth/bitrix24/callback";
const STATE_TTL_MS = 10 * 60_000;

function portalOrigin(env: Env, domain: string): string {
  return env.BITRIX24_PORTAL_BASE ? env.BITRIX24_PORTAL_BASE.replace(/\/+$/, "") : `https://${domain}`;
}

export async function startOauth(env: Env, accountId: string, userId: string, domain: string, requestUrl: string): Promise<{ url: string }> {
  if (!env.BITRIX24_CLIENT_ID || !env.BITRIX24_CLIENT_SECRET)
    throw new AppError(503, "BITRIX24_OAUTH_UNAVAILABLE", "Подключение через приложение Bitrix24 на этой установке платформы не настроено. Подключите портал по адресу входящего вебхука");
  const state = await signOauthState(env, "bitrix24", { a: accountId, u: userId, e: Date.now() + STATE_TTL_MS, x: { d: domain } });
  const q = new URLSearchParams({ client_id: env.BITRIX24_CLIENT_ID, state, redirect_uri: appUrl(env, CALLBACK_PATH, requestUrl) });
  // The development stand-in serves every portal from one origin: it is told which one.
  if (env.BITRIX24_PORTAL_BASE) q.set("domain", domain);
  return { url: `${portalOrigin(env, domain)}/oauth/authorize/?${q}` };
}

/** The REST base the portal named, when it is the portal itself (or the development stand-in). */
function safeEndpoint(env: Env, endpoint: string | undefined, domain: string): string {
  const fallback = `${portalOrigin(env, domain)}/rest/`;
  if (!endpoint) return fallback;
  try {
    const u = new URL(endpoint);
    if (env.BITRIX24_PORTAL_BASE && u.origin === new URL(env.BITRIX24_PORTAL_BASE).origin) return endpoint;
    return u.protocol === "https:" && u.host === domain ? endpoint : fallback;
  } catch {
    return fallback;
  }
}

export interface CallbackQuery {
  code?: string;
  state?: string;
  domain?: string;
  member_id?: string;
  server_domain?: string;
  error?: string;
}

/** Exchanges the code and stores the portal; answers where the browser goes next (the settings, or the setup with the reason). */
export async function finishOauth(env: Env, q: CallbackQuery): Promise<string> {
  const st = await readOauthState(env, "bitrix24", q.state);
  if (!st) throw new AppError(400, "OAUTH_STATE_INVALID", "Ссылка подключения устарела или недействительна: начните подключение Bitrix24 заново");
  const accountId = st.a;
  const setup = (message: string) => `/${accountId}/integration/bitrix24/setup?error=${encodeURIComponent(message)}`;
  if (q.error || !q.code) return setup("Bitrix24 не дал доступ приложению: подключение отменено");
  const domain = (q.domain || st.x?.d || "").toLowerCase();
  try {
    const base = tokenBase(env, q.server_domain ? `https://${q.server_domain}/` : null);
    const t = await requestToken(env, base, { grant_type: "authorization_code", code: q.code });
    const memberId = t.member_id ?? q.member_id ?? null;
    const other = memberId ? await env.DB.prepare("SELECT account_id FROM bitrix24_integrations WHERE member_id = ?1 AND account_id <> ?2").bind(memberId, accountId).first() : null;
    if (other) return setup("Этот портал Bitrix24 уже подключён к другому аккаунту платформы. Отключите его там и повторите");
    const now = Date.now();
    const portal = t.domain || domain;
    await env.DB.prepare(
      `INSERT INTO bitrix24_integrations (account_id, mode, webhook_url, domain, member_id, client_endpoint, server_endpoint, access_token, refresh_token, access_expires_at, status, last_error, last_ok_at, settings, rate_tat, created_at, updated_at)
       VALUES (?1, 'oauth', NULL, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'connected', NULL, ?9, ?10, 0, ?9, ?9)
       ON CONFLICT(account_id) DO UPDATE SET mode = 'oauth', webhook_url = NULL, domain = ?2, member_id = ?3, client_endpoint = ?4, server_endpoint = ?5,
         access_token = ?6, refresh_token = ?7, access_expires_at = ?8, status = 'connected', last_error = NULL, last_ok_at = ?9, updated_at = ?9`,
    )
      .bind(accountId, portal, memberId, safeEndpoint(env, t.client_endpoint, portal), t.server_endpoint ?? null, await seal(env, t.access_token), await seal(env, t.refresh_token), now + (t.expires_in ?? 3600) * 1000, now, JSON.stringify(DEFAULT_SETTINGS))
      .run();
    forgetTriggers(accountId);
    return `/${accountId}/integration/bitrix24/settings?connected=1`;
  } catch (error) {
    if (error instanceof BitrixError) return setup(error.message);
    throw error;
  }
}
