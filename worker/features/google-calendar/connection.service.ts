import { eq } from "drizzle-orm";
import { getDb, schema, type Db } from "../../db/client";
import type { BookingSettings, GcalStatus } from "../../db/schema/google-calendar";
import type { Env } from "../../env";
import { decryptSecret, encryptSecret, timingSafeEqualStr } from "../../lib/crypto";
import { AppError, badRequest } from "../../lib/errors";
import { randomToken } from "../../lib/ids";
import { createLogger } from "../../lib/logger";
import { appUrl } from "../../lib/mail";
import { readState, signState } from "../channels/instagram-oauth.service";
import { consentUrl, exchangeCode, GOOGLE_SCOPES, GoogleError, refreshAccess, revokeToken } from "./google-client";

/**
 * The account's Google connection: the OAuth web-server flow (signed state + a nonce cookie, code
 * exchange, tokens sealed with ENCRYPTION_KEY), the access token refreshed when it is about to
 * expire, `invalid_grant` turned into the "reconnect" state, and the token revoked on disconnect.
 */
export const CALLBACK_PATH = "/api/oauth/google/callback";
export const NONCE_COOKIE = "google_oauth_nonce";
export const STATE_TTL_MS = 15 * 60 * 1000;
const STATE_PURPOSE = "google-oauth-state";
/** Refresh this long before the access token's expiry. */
const REFRESH_MARGIN_MS = 60_000;

const log = createLogger({ component: "google-calendar" });

export const DEFAULT_SETTINGS = (timezone: string): BookingSettings => ({
  timezone,
  workingHours: [0, 1, 2, 3, 4, 5, 6].map((d) => ({ on: d < 5, from: "10:00", to: "19:00" })),
  slotMinutes: 60,
  bufferMinutes: 0,
  minNoticeMinutes: 120,
  horizonDays: 30,
  reminderHours: 24,
});

export type Connection = typeof schema.googleCalendarConnections.$inferSelect;

export function googleOauthAvailable(env: Env): boolean {
  return !!(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

function encryptionKey(env: Env): string {
  if (!env.ENCRYPTION_KEY) throw new AppError(503, "ENCRYPTION_NOT_CONFIGURED", "Интеграции на этой установке платформы ещё не настроены: нет ключа для хранения токенов. Обратитесь к администратору платформы");
  return env.ENCRYPTION_KEY;
}

export const redirectUri = (env: Env, requestUrl?: string) => appUrl(env, CALLBACK_PATH, requestUrl);

export function getConnection(db: Db, accountId: string): Promise<Connection | undefined> {
  return db.select().from(schema.googleCalendarConnections).where(eq(schema.googleCalendarConnections.accountId, accountId)).get();
}

/** The hub's view of the integration (the integrations registry reads it). */
export async function googleCalendarHubState(db: Db, accountId: string): Promise<{ state: "not_connected" | "connected" | "error"; lastError?: string; lastWorkedAt?: number }> {
  const c = await getConnection(db, accountId);
  if (!c || c.status === "disconnected") return { state: "not_connected" };
  return { state: c.status, ...(c.lastError && c.status === "error" ? { lastError: c.lastError } : {}), ...(c.lastWorkedAt ? { lastWorkedAt: c.lastWorkedAt } : {}) };
}

/** GET …/google-calendar: the state the page shows (never a token). */
export async function publicState(env: Env, accountId: string) {
  const c = await getConnection(getDb(env.DB), accountId);
  const status: GcalStatus = c?.status ?? "disconnected";
  return {
    status,
    reconnect: status === "error" && c?.lastErrorCode === "invalid_grant",
    available: googleOauthAvailable(env),
    calendarId: c?.calendarId ?? null,
    calendarSummary: c?.calendarSummary ?? null,
    lastError: c?.lastError ?? null,
    lastErrorAt: c?.lastErrorAt ?? null,
    lastWorkedAt: c?.lastWorkedAt ?? null,
    connectedAt: status === "disconnected" ? null : (c?.connectedAt ?? null),
  };
}

export async function startGoogleOauth(env: Env, accountId: string, userId: string, requestUrl?: string): Promise<{ url: string; nonce: string }> {
  if (!googleOauthAvailable(env)) throw new AppError(503, "GOOGLE_OAUTH_UNAVAILABLE", "Подключение Google Календаря на этой установке платформы недоступно: не задан OAuth-клиент Google. Обратитесь к администратору платформы");
  encryptionKey(env);
  const nonce = randomToken(18);
  const state = await signState(env, { a: accountId, u: userId, n: nonce, e: Date.now() + STATE_TTL_MS }, STATE_PURPOSE);
  return { url: consentUrl(env, { clientId: env.GOOGLE_CLIENT_ID!, redirectUri: redirectUri(env, requestUrl), state }), nonce };
}

/** Codes in `?google_error=` of the redirect back to the page (the page explains each). */
export type GoogleOauthError = "cancelled" | "expired" | "session" | "exchange" | "scope" | "no_refresh";

/**
 * `GET /api/oauth/google/callback`: exchanges the code and stores the tokens; answers the page URL
 * to redirect to. A state that is not ours is a 400 and nothing is exchanged.
 */
export async function handleGoogleCallback(env: Env, q: { code?: string; state?: string; error?: string; scope?: string }, cookieNonce: string | undefined, requestUrl?: string): Promise<string> {
  const st = await readState(env, q.state, Date.now(), STATE_PURPOSE);
  const page = (accountId: string, query: string) => appUrl(env, `/${encodeURIComponent(accountId)}/integration/google-calendar?${query}`, requestUrl);
  const fail = (accountId: string, code: GoogleOauthError) => page(accountId, `google_error=${code}`);
  if (!st.ok) {
    if (st.expired) return fail(st.expired.a, "expired");
    throw badRequest("Недействительный параметр state: начните подключение заново", "OAUTH_STATE_INVALID");
  }
  const accountId = st.p.a;
  if (!cookieNonce || !timingSafeEqualStr(cookieNonce, st.p.n)) return fail(accountId, "session");
  if (q.error) return fail(accountId, q.error === "access_denied" ? "cancelled" : "exchange");
  if (!q.code) return fail(accountId, "exchange");
  let tokens;
  try {
    tokens = await exchangeCode(env, q.code, redirectUri(env, requestUrl));
  } catch (error) {
    log.warn("code exchange failed", { accountId, error });
    return fail(accountId, "exchange");
  }
  // The person may untick scopes on the consent screen: without events and free/busy we cannot book.
  const granted = new Set((tokens.scope ?? GOOGLE_SCOPES.join(" ")).split(/\s+/));
  if (!granted.has(GOOGLE_SCOPES[0]!)) return fail(accountId, "scope");
  if (!tokens.refresh_token) return fail(accountId, "no_refresh");
  await saveTokens(env, accountId, tokens.refresh_token, tokens.access_token, tokens.expires_in, tokens.scope ?? null);
  return page(accountId, "google_connected=1");
}

async function saveTokens(env: Env, accountId: string, refresh: string, access: string, expiresIn: number, scope: string | null) {
  const key = encryptionKey(env);
  const now = Date.now();
  const account = await env.DB.prepare("SELECT timezone FROM accounts WHERE id = ?").bind(accountId).first<{ timezone: string }>();
  const values = {
    status: "connected" as const,
    refreshTokenEnc: await encryptSecret(refresh, key),
    accessTokenEnc: await encryptSecret(access, key),
    accessExpiresAt: now + expiresIn * 1000,
    scope,
    lastErrorCode: null,
    lastError: null,
    lastErrorAt: null,
    lastWorkedAt: now,
    connectedAt: now,
    updatedAt: now,
  };
  await getDb(env.DB)
    .insert(schema.googleCalendarConnections)
    .values({ accountId, ...values, settings: DEFAULT_SETTINGS(account?.timezone ?? "Europe/Moscow"), createdAt: now })
    .onConflictDoUpdate({ target: schema.googleCalendarConnections.accountId, set: values });
}

export const RECONNECT_MESSAGE = "Google отозвал доступ к календарю: подключите Google Календарь заново";

export async function recordError(env: Env, accountId: string, code: string, message: string): Promise<void> {
  const now = Date.now();
  await getDb(env.DB)
    .update(schema.googleCalendarConnections)
    .set({ status: "error", lastErrorCode: code, lastError: message, lastErrorAt: now, updatedAt: now })
    .where(eq(schema.googleCalendarConnections.accountId, accountId));
}

export async function recordWorked(env: Env, accountId: string): Promise<void> {
  const now = Date.now();
  await env.DB.prepare("UPDATE google_calendar_connections SET last_worked_at = ?2, status = CASE WHEN status = 'error' THEN 'connected' ELSE status END, last_error_code = CASE WHEN status = 'error' THEN NULL ELSE last_error_code END WHERE account_id = ?1 AND status <> 'disconnected'")
    .bind(accountId, now)
    .run();
}

export function notConnected(): AppError {
  return new AppError(409, "GOOGLE_NOT_CONNECTED", "Google Календарь не подключён");
}

/** A usable access token of a connected account: refreshed when it expires within a minute. */
export async function accessToken(env: Env, accountId: string, now = Date.now()): Promise<{ token: string; connection: Connection }> {
  const c = await getConnection(getDb(env.DB), accountId);
  if (!c || c.status === "disconnected" || !c.refreshTokenEnc) throw notConnected();
  if (c.status === "error" && c.lastErrorCode === "invalid_grant") throw new AppError(409, "GOOGLE_RECONNECT", RECONNECT_MESSAGE);
  const key = encryptionKey(env);
  if (c.accessTokenEnc && c.accessExpiresAt && c.accessExpiresAt - REFRESH_MARGIN_MS > now) return { token: await decryptSecret(c.accessTokenEnc, key), connection: c };
  try {
    const t = await refreshAccess(env, await decryptSecret(c.refreshTokenEnc, key));
    const accessTokenEnc = await encryptSecret(t.access_token, key);
    const accessExpiresAt = now + t.expires_in * 1000;
    await getDb(env.DB).update(schema.googleCalendarConnections).set({ accessTokenEnc, accessExpiresAt, updatedAt: now }).where(eq(schema.googleCalendarConnections.accountId, accountId));
    return { token: t.access_token, connection: { ...c, accessTokenEnc, accessExpiresAt } };
  } catch (e) {
    if (e instanceof GoogleError && e.code === "invalid_grant") {
      await recordError(env, accountId, "invalid_grant", RECONNECT_MESSAGE);
      throw new AppError(409, "GOOGLE_RECONNECT", RECONNECT_MESSAGE);
    }
    throw googleFailure(e);
  }
}

/** A Google failure as the sentence a person reads. */
export function googleFailure(e: unknown): AppError {
  if (e instanceof AppError) return e;
  if (e instanceof GoogleError) {
    if (e.code === "unreachable") return new AppError(502, "GOOGLE_UNREACHABLE", "Google Календарь не отвечает. Попробуйте через минуту");
    if (e.status === 429 || e.code === "rateLimitExceeded" || e.code === "usageLimits") return new AppError(503, "GOOGLE_RATE_LIMITED", "Google временно ограничил число запросов. Попробуйте через минуту");
    if (e.status === 404) return new AppError(409, "GOOGLE_CALENDAR_NOT_FOUND", "Выбранный календарь недоступен: выберите другой календарь в настройках");
    return new AppError(502, "GOOGLE_FAILED", "Google Календарь ответил ошибкой. Попробуйте позже");
  }
  return new AppError(502, "GOOGLE_FAILED", "Google Календарь ответил ошибкой. Попробуйте позже");
}

/** Disconnect: the refresh token revoked at Google (a failure there is logged, not shown), the tokens removed, the settings kept. */
export async function disconnect(env: Env, accountId: string): Promise<{ revoked: boolean }> {
  const c = await getConnection(getDb(env.DB), accountId);
  if (!c || c.status === "disconnected") return { revoked: false };
  let revoked = false;
  if (c.refreshTokenEnc && env.ENCRYPTION_KEY) {
    try {
      await revokeToken(env, await decryptSecret(c.refreshTokenEnc, env.ENCRYPTION_KEY));
      revoked = true;
    } catch (error) {
      log.warn("revoke failed", { accountId, error });
    }
  }
  await getDb(env.DB)
    .update(schema.googleCalendarConnections)
    .set({ status: "disconnected", refreshTokenEnc: null, accessTokenEnc: null, accessExpiresAt: null, lastErrorCode: null, lastError: null, lastErrorAt: null, updatedAt: Date.now() })
    .where(eq(schema.googleCalendarConnections.accountId, accountId));
  return { revoked };
}
