import { Hono } from "hono";
import type { AppBindings, Env } from "../../env";
import { newId } from "../../lib/ids";
import { createLogger } from "../../lib/logger";
import { postRest, seal } from "./client";

/**
 * The Bitrix24 app opened inside a portal. The portal loads the app's URL in an iframe with a form
 * POST (`AUTH_ID`, `AUTH_EXPIRES`, `REFRESH_ID`, `member_id`, `status`, `PLACEMENT`… in the body;
 * `DOMAIN`, `PROTOCOL`, `LANG`, `APP_SID` in the query). The POST is checked and recorded, then
 * answered with 303 to the same screen as a GET with `?member_id=` (the SPA's /bitrix24 pages
 * choose the account by it, for its members only: GET /api/bitrix24/app).
 *
 * Checked: the portal (`member_id`) is connected to an account, the `DOMAIN` it names is that
 * portal's, and `AUTH_ID` works on that portal's REST (`profile`, sent to the endpoint we stored,
 * never to an address from the request). Then recorded: the open in the call log and the
 * integration's last success; an OAuth connection whose tokens were lost (status error) takes the
 * fresh pair the portal just handed over. Anything unchecked is not recorded, and still shown the
 * screen (which asks for a sign-in and membership as every page does).
 *
 * The GET is served from the SPA's assets, with the frame headers relaxed for Bitrix24's portals
 * (the rest of the app keeps `frame-ancestors 'none'`).
 */
const log = createLogger({ component: "bitrix24-app" });

/** Bitrix24's cloud portals; a connected self-hosted portal's own host is added per request. */
const CLOUD_PORTALS = ["bitrix24.ru", "bitrix24.com", "bitrix24.by", "bitrix24.kz", "bitrix24.ua", "bitrix24.de", "bitrix24.eu", "bitrix24.es", "bitrix24.fr", "bitrix24.it", "bitrix24.pl", "bitrix24.com.br", "bitrix24.in", "bitrix24.uk"].map(
  (d) => `https://*.${d}`,
);

type Fields = Record<string, string>;

const field = (f: Fields, ...names: string[]) => names.map((n) => f[n]).find((v) => typeof v === "string" && v.trim())?.trim() ?? "";
const hostOf = (domain: string) => domain.toLowerCase().replace(/^https?:\/\//, "").replace(/[/:].*$/, "");

interface PortalRow {
  account_id: string;
  mode: string;
  domain: string;
  client_endpoint: string | null;
  status: string;
}

/** Whether the portal's POST is genuine: its member_id is connected, its DOMAIN is that portal's, its AUTH_ID works there. */
async function verify(env: Env, f: Fields): Promise<{ row: PortalRow; status: number; ms: number } | null> {
  const memberId = field(f, "member_id", "MEMBER_ID");
  const auth = field(f, "AUTH_ID", "auth[access_token]");
  if (!memberId || !auth) return null;
  const row = await env.DB.prepare("SELECT account_id, mode, domain, client_endpoint, status FROM bitrix24_integrations WHERE member_id = ?1").bind(memberId).first<PortalRow>();
  if (!row) return null;
  const domain = field(f, "DOMAIN", "domain");
  if (domain && hostOf(domain) !== hostOf(row.domain)) return null;
  const started = Date.now();
  const endpoint = row.client_endpoint ?? `https://${hostOf(row.domain)}/rest/`;
  const answer = await postRest(endpoint, "profile", { auth });
  const ok = answer.status === 200 && !!answer.body.result;
  return ok ? { row, status: answer.status, ms: Date.now() - started } : null;
}

/** The open in the call log and the integration's last success; lost OAuth tokens replaced by the portal's fresh pair. */
async function record(env: Env, v: { row: PortalRow; status: number; ms: number }, f: Fields) {
  const now = Date.now();
  const stmts = [
    env.DB.prepare("INSERT INTO bitrix24_call_log (id, account_id, method, ok, http_status, error_code, error_message, duration_ms, attempt, created_at) VALUES (?1, ?2, 'app.open (profile)', 1, ?3, NULL, NULL, ?4, 1, ?5)").bind(
      newId(),
      v.row.account_id,
      v.status,
      v.ms,
      now,
    ),
  ];
  const refresh = field(f, "REFRESH_ID", "auth[refresh_token]");
  if (v.row.mode === "oauth" && v.row.status === "error" && refresh) {
    const expires = Number(field(f, "AUTH_EXPIRES", "auth[expires_in]")) || 3600;
    stmts.push(
      env.DB.prepare("UPDATE bitrix24_integrations SET access_token = ?2, refresh_token = ?3, access_expires_at = ?4, status = 'connected', last_error = NULL, last_ok_at = ?5, updated_at = ?5 WHERE account_id = ?1").bind(
        v.row.account_id,
        await seal(env, field(f, "AUTH_ID", "auth[access_token]")),
        await seal(env, refresh),
        now + expires * 1000,
        now,
      ),
    );
  } else stmts.push(env.DB.prepare("UPDATE bitrix24_integrations SET last_ok_at = ?2 WHERE account_id = ?1").bind(v.row.account_id, now));
  await env.DB.batch(stmts);
}

async function openedInPortal(env: Env, url: URL, body: Fields): Promise<string> {
  const f: Fields = { ...Object.fromEntries(url.searchParams), ...body };
  try {
    const v = await verify(env, f);
    if (v) await record(env, v, f);
    else log.info("a portal opened the app unchecked", { memberId: field(f, "member_id"), domain: field(f, "DOMAIN") });
  } catch (error) {
    log.warn("could not check the portal's app open", { error });
  }
  const next = new URLSearchParams();
  const memberId = field(f, "member_id", "MEMBER_ID");
  if (memberId) next.set("member_id", memberId);
  const domain = field(f, "DOMAIN");
  if (domain) next.set("DOMAIN", hostOf(domain));
  return `${url.pathname}${next.size ? `?${next}` : ""}`;
}

/** The SPA's page for /bitrix24/*, framable by Bitrix24's cloud portals and the connected portal named by DOMAIN. */
async function serveScreen(env: Env, req: Request): Promise<Response> {
  if (!env.ASSETS) return new Response("Not found", { status: 404 });
  const page = await env.ASSETS.fetch(req);
  const res = new Response(page.body, page);
  const domain = new URL(req.url).searchParams.get("DOMAIN");
  const own = domain ? await env.DB.prepare("SELECT domain FROM bitrix24_integrations WHERE lower(domain) = ?1 LIMIT 1").bind(hostOf(domain)).first<{ domain: string }>() : null;
  const ancestors = ["'self'", ...CLOUD_PORTALS, ...(own ? [`https://${hostOf(own.domain)}`] : [])].join(" ");
  res.headers.delete("x-frame-options");
  const csp = res.headers.get("content-security-policy");
  res.headers.set("content-security-policy", csp ? csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`) : `frame-ancestors ${ancestors}`);
  return res;
}

async function formFields(req: Request): Promise<Fields> {
  const type = req.headers.get("content-type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) return {};
  const form = await req.formData().catch(() => null);
  const out: Fields = {};
  form?.forEach((v, k) => {
    if (typeof v === "string") out[k] = v;
  });
  return out;
}

export const bitrix24PortalRoutes = new Hono<AppBindings>()
  .on("POST", ["/bitrix24", "/bitrix24/*"], async (c) => c.redirect(await openedInPortal(c.env, new URL(c.req.url), await formFields(c.req.raw)), 303))
  .on(["GET", "HEAD"], ["/bitrix24", "/bitrix24/*"], (c) => serveScreen(c.env, c.req.raw));
