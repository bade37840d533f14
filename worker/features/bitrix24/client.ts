import type { Env } from "../../env";
import { decryptSecret, encryptSecret } from "../../lib/crypto";
import { newId } from "../../lib/ids";
import { AppError } from "../../lib/errors";
import { BitrixError, CONNECTION_ERRORS, bitrixMessage } from "./errors";

/**
 * Every call to a Bitrix24 portal goes through `bitrixCall`: it takes its turn in the portal's
 * leaky bucket (2 calls/s, a short burst allowed, shared by every isolate through the integration
 * row), retries 503 QUERY_LIMIT_EXCEEDED with a growing pause, refreshes an OAuth access token on
 * 401 `expired_token` and repeats the call once (never on a timer), and writes each attempt to the
 * integration's call log. Answers are `{result, total?, next?}` as Bitrix24 sends them.
 */
export const DRAIN_INTERVAL_MS = 500;
const MAX_ATTEMPTS = 5;
const TIMEOUT_MS = 15_000;
const LOG_KEEP = 500;

export interface BitrixAnswer<T = unknown> {
  result: T;
  total?: number;
  next?: number;
}

export interface IntegrationRow {
  account_id: string;
  mode: "webhook" | "oauth";
  webhook_url: string | null;
  domain: string;
  member_id: string | null;
  client_endpoint: string | null;
  server_endpoint: string | null;
  access_token: string | null;
  refresh_token: string | null;
  access_expires_at: number | null;
  status: "connected" | "error";
  last_error: string | null;
  last_ok_at: number | null;
  settings: string;
  created_at: number;
  updated_at: number;
}

export function requireKey(env: Env): string {
  if (!env.ENCRYPTION_KEY) throw new AppError(503, "ENCRYPTION_NOT_CONFIGURED", "Подключение Bitrix24 на этой установке платформы недоступно: нет ключа шифрования. Обратитесь к администратору платформы");
  return env.ENCRYPTION_KEY;
}

export const seal = (env: Env, plain: string) => encryptSecret(plain, requireKey(env));
export const unseal = (env: Env, sealed: string) => decryptSecret(sealed, requireKey(env));

export async function loadIntegration(env: Env, accountId: string): Promise<IntegrationRow | null> {
  return env.DB.prepare("SELECT * FROM bitrix24_integrations WHERE account_id = ?1").bind(accountId).first<IntegrationRow>();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The portal's leaky bucket as GCRA: each call moves the row's theoretical arrival time one drain
 * interval on and learns when it may go. Burst `BITRIX24_BURST` (default 10, well under the
 * portal's 50, which other apps of the portal share).
 */
export async function reserveSlot(env: Env, accountId: string, now = Date.now()): Promise<number> {
  const burst = Math.max(1, Number(env.BITRIX24_BURST ?? 10) || 10);
  const row = await env.DB.prepare("UPDATE bitrix24_integrations SET rate_tat = MAX(rate_tat, ?2) + ?3 WHERE account_id = ?1 RETURNING rate_tat")
    .bind(accountId, now, DRAIN_INTERVAL_MS)
    .first<{ rate_tat: number }>();
  if (!row) return 0;
  return Math.max(0, row.rate_tat - DRAIN_INTERVAL_MS * burst - now);
}

/** Where OAuth tokens are exchanged: the `server_endpoint` host of the portal's answers when it is one we know. */
export function tokenBase(env: Env, serverEndpoint: string | null): string {
  const configured = (env.BITRIX24_OAUTH_BASE || "https://oauth.bitrix.info").replace(/\/+$/, "");
  if (!serverEndpoint) return configured;
  try {
    const u = new URL(serverEndpoint);
    if (u.host === new URL(configured).host) return configured;
    return ["oauth.bitrix.info", "oauth.bitrix24.tech"].includes(u.host) ? `https://${u.host}` : configured;
  } catch {
    return configured;
  }
}

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in?: number;
  client_endpoint?: string;
  server_endpoint?: string;
  member_id?: string;
  domain?: string;
}

/** `GET {oauth}/oauth/token/` (authorization_code or refresh_token); Bitrix24's error answers become BitrixError. */
export async function requestToken(env: Env, base: string, params: Record<string, string>): Promise<TokenAnswer> {
  const q = new URLSearchParams({ client_id: env.BITRIX24_CLIENT_ID ?? "", client_secret: env.BITRIX24_CLIENT_SECRET ?? "", ...params });
  let res: Response;
  try {
    res = await fetch(`${base}/oauth/token/?${q}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new BitrixError("NETWORK", 0);
  }
  const body = (await res.json().catch(() => ({}))) as Partial<TokenAnswer> & { error?: string; error_description?: string };
  if (!res.ok || body.error || !body.access_token || !body.refresh_token) throw new BitrixError(body.error ?? "invalid_grant", res.status, body.error_description);
  return body as TokenAnswer;
}

/** One refresh for the row's refresh token; a concurrent refresh that won the race is taken instead. */
async function refreshTokens(env: Env, row: IntegrationRow): Promise<IntegrationRow> {
  const oldRefresh = row.refresh_token!;
  const t = await requestToken(env, tokenBase(env, row.server_endpoint), { grant_type: "refresh_token", refresh_token: await unseal(env, oldRefresh) });
  const now = Date.now();
  const updated = await env.DB.prepare(
    `UPDATE bitrix24_integrations SET access_token = ?3, refresh_token = ?4, access_expires_at = ?5, client_endpoint = COALESCE(?6, client_endpoint),
       server_endpoint = COALESCE(?7, server_endpoint), updated_at = ?8 WHERE account_id = ?1 AND refresh_token = ?2 RETURNING *`,
  )
    .bind(row.account_id, oldRefresh, await seal(env, t.access_token), await seal(env, t.refresh_token), now + (t.expires_in ?? 3600) * 1000, t.client_endpoint ?? null, t.server_endpoint ?? null, now)
    .first<IntegrationRow>();
  return updated ?? (await loadIntegration(env, row.account_id)) ?? row;
}

interface Attempt {
  method: string;
  ok: boolean;
  httpStatus: number | null;
  errorCode: string | null;
  errorMessage: string | null;
  durationMs: number;
  attempt: number;
}

async function record(env: Env, accountId: string, a: Attempt, connection?: { error: string | null }) {
  const now = Date.now();
  const stmts = [
    env.DB.prepare(
      "INSERT INTO bitrix24_call_log (id, account_id, method, ok, http_status, error_code, error_message, duration_ms, attempt, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    ).bind(newId(), accountId, a.method, a.ok ? 1 : 0, a.httpStatus, a.errorCode, a.errorMessage, a.durationMs, a.attempt, now),
    env.DB.prepare(
      "DELETE FROM bitrix24_call_log WHERE account_id = ?1 AND id IN (SELECT id FROM bitrix24_call_log WHERE account_id = ?1 ORDER BY created_at DESC, id DESC LIMIT -1 OFFSET ?2)",
    ).bind(accountId, LOG_KEEP),
  ];
  if (a.ok) stmts.push(env.DB.prepare("UPDATE bitrix24_integrations SET status = 'connected', last_error = NULL, last_ok_at = ?2 WHERE account_id = ?1").bind(accountId, now));
  else if (connection) stmts.push(env.DB.prepare("UPDATE bitrix24_integrations SET status = 'error', last_error = ?2, updated_at = ?3 WHERE account_id = ?1").bind(accountId, connection.error, now));
  await env.DB.batch(stmts);
}

async function endpointOf(env: Env, row: IntegrationRow): Promise<{ url: string; auth?: string }> {
  if (row.mode === "webhook") return { url: await unseal(env, row.webhook_url!) };
  return { url: row.client_endpoint ?? `https://${row.domain}/rest/`, auth: await unseal(env, row.access_token!) };
}

/** One HTTP exchange with the portal, no retries: `{status, body}` or a NETWORK error code. */
export async function postRest(url: string, method: string, params: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    const res = await fetch(`${url.replace(/\/?$/, "/")}${method}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(params),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "manual",
    });
    const body = (await res.json().catch(() => ({ error: `HTTP_${res.status}` }))) as Record<string, unknown>;
    return { status: res.status, body };
  } catch {
    return { status: 0, body: { error: "NETWORK" } };
  }
}

export async function bitrixCall<T = unknown>(env: Env, accountId: string, method: string, params: Record<string, unknown> = {}): Promise<BitrixAnswer<T>> {
  let row = await loadIntegration(env, accountId);
  if (!row) throw new AppError(409, "BITRIX24_NOT_CONNECTED", "Bitrix24 не подключён. Подключите портал на странице интеграции");
  const retryBase = Math.max(1, Number(env.BITRIX24_RETRY_MS ?? 1000) || 1000);
  let refreshed = false;
  for (let attempt = 1; ; attempt++) {
    const wait = await reserveSlot(env, accountId);
    if (wait > 0) await sleep(wait);
    const ep = await endpointOf(env, row);
    const started = Date.now();
    const { status, body } = await postRest(ep.url, method, ep.auth ? { ...params, auth: ep.auth } : params);
    const durationMs = Date.now() - started;
    const code = typeof body.error === "string" ? body.error : status >= 400 || status === 0 ? `HTTP_${status}` : null;
    if (!code) {
      await record(env, accountId, { method, ok: true, httpStatus: status, errorCode: null, errorMessage: null, durationMs, attempt });
      return { result: body.result as T, total: body.total as number | undefined, next: body.next as number | undefined };
    }
    const description = typeof body.error_description === "string" ? body.error_description : undefined;
    const retryLimit = code === "QUERY_LIMIT_EXCEEDED" && attempt < MAX_ATTEMPTS;
    const refresh = code === "expired_token" && row.mode === "oauth" && !refreshed;
    const broken = !retryLimit && !refresh && CONNECTION_ERRORS.has(code);
    await record(env, accountId, { method, ok: false, httpStatus: status, errorCode: code, errorMessage: description ?? null, durationMs, attempt }, broken ? { error: bitrixMessage(code, description) } : undefined);
    if (retryLimit) {
      await sleep(retryBase * 2 ** (attempt - 1) + Math.floor(Math.random() * retryBase * 0.2));
      continue;
    }
    if (refresh) {
      refreshed = true;
      try {
        row = await refreshTokens(env, row);
      } catch (error) {
        const c = error instanceof BitrixError ? error.bitrixCode : "invalid_grant";
        await record(env, accountId, { method: "oauth.token", ok: false, httpStatus: error instanceof BitrixError ? error.httpStatus : null, errorCode: c, errorMessage: null, durationMs: 0, attempt: 1 }, { error: bitrixMessage(c) });
        throw error;
      }
      continue;
    }
    throw new BitrixError(code, status, description);
  }
}

/** `batch` (≤50 sub-calls, one request): each key's result, and the keys that failed with their error. */
export async function bitrixBatch(env: Env, accountId: string, cmd: Record<string, string>, halt = false): Promise<{ result: Record<string, unknown>; errors: Record<string, { error: string; error_description?: string }> }> {
  const a = await bitrixCall<{ result: Record<string, unknown> | unknown[]; result_error: Record<string, { error: string; error_description?: string }> | unknown[] }>(env, accountId, "batch", { halt: halt ? 1 : 0, cmd });
  const result = Array.isArray(a.result.result) ? {} : a.result.result;
  const errors = Array.isArray(a.result.result_error) ? {} : a.result.result_error;
  return { result, errors };
}

/** Bitrix24's GET-style query of a batch sub-call: `crm.contact.list?filter[PHONE]=…&select[]=ID`. */
export function batchCommand(method: string, params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  const put = (prefix: string, v: unknown) => {
    if (v === null || v === undefined) return;
    if (Array.isArray(v)) v.forEach((x, i) => put(`${prefix}[${i}]`, x));
    else if (typeof v === "object") for (const [k, x] of Object.entries(v)) put(`${prefix}[${k}]`, x);
    else q.append(prefix, String(v));
  };
  for (const [k, v] of Object.entries(params)) put(k, v);
  return `${method}?${q}`;
}
