import type { Env } from "../../env";

/**
 * The Google OAuth 2.0 web-server flow and Calendar API v3 calls (INTEGRATIONS.md §3), over plain
 * fetch. Base URLs come from the environment so tests and `npm start` point them at
 * tests/fakes/google.ts.
 */
export const GOOGLE_SCOPES = ["https://www.googleapis.com/auth/calendar.events", "https://www.googleapis.com/auth/calendar.calendarlist.readonly", "https://www.googleapis.com/auth/calendar.freebusy"];
const TIMEOUT_MS = 15_000;

export const oauthBase = (env: Env) => (env.GOOGLE_OAUTH_BASE || "https://accounts.google.com").replace(/\/$/, "");
export const tokenBase = (env: Env) => (env.GOOGLE_TOKEN_BASE || "https://oauth2.googleapis.com").replace(/\/$/, "");
export const calendarBase = (env: Env) => (env.GOOGLE_CALENDAR_BASE || "https://www.googleapis.com/calendar/v3").replace(/\/$/, "");

/** A failed Google call: `code` is Google's `error` (invalid_grant…) or reason, else "http_<status>" / "unreachable". */
export class GoogleError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function consentUrl(env: Env, p: { clientId: string; redirectUri: string; state: string }): string {
  const q = new URLSearchParams({
    client_id: p.clientId,
    redirect_uri: p.redirectUri,
    response_type: "code",
    scope: GOOGLE_SCOPES.join(" "),
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: "true",
    state: p.state,
  });
  return `${oauthBase(env)}/o/oauth2/v2/auth?${q}`;
}

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    throw new GoogleError(0, "unreachable", e instanceof Error ? e.message : String(e));
  }
}

async function failure(res: Response): Promise<GoogleError> {
  let body: { error?: string | { message?: string; errors?: { reason?: string }[] }; error_description?: string } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    /* not JSON */
  }
  if (typeof body.error === "string") return new GoogleError(res.status, body.error, body.error_description ?? body.error);
  const reason = body.error?.errors?.[0]?.reason;
  return new GoogleError(res.status, reason ?? `http_${res.status}`, body.error?.message ?? `HTTP ${res.status}`);
}

export interface TokenAnswer {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  scope?: string;
}

async function tokenCall(env: Env, form: Record<string, string>): Promise<TokenAnswer> {
  const res = await call(`${tokenBase(env)}/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: env.GOOGLE_CLIENT_ID ?? "", client_secret: env.GOOGLE_CLIENT_SECRET ?? "", ...form }),
  });
  if (!res.ok) throw await failure(res);
  return (await res.json()) as TokenAnswer;
}

export const exchangeCode = (env: Env, code: string, redirectUri: string) => tokenCall(env, { code, redirect_uri: redirectUri, grant_type: "authorization_code" });
export const refreshAccess = (env: Env, refreshToken: string) => tokenCall(env, { refresh_token: refreshToken, grant_type: "refresh_token" });

/** Revokes a token; a token Google no longer knows counts as revoked. */
export async function revokeToken(env: Env, token: string): Promise<void> {
  const res = await call(`${tokenBase(env)}/revoke`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token }) });
  if (!res.ok && res.status !== 400) throw await failure(res);
}

async function api<T>(env: Env, token: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const res = await call(`${calendarBase(env)}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...(init.headers ?? {}) } });
  if (!res.ok) throw await failure(res);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
}

export interface GoogleCalendarEntry {
  id: string;
  summary: string;
  timeZone?: string;
  accessRole: "owner" | "writer" | "reader" | "freeBusyReader";
  primary?: boolean;
}

export async function listCalendars(env: Env, token: string): Promise<GoogleCalendarEntry[]> {
  const out: GoogleCalendarEntry[] = [];
  let pageToken: string | undefined;
  for (let i = 0; i < 10; i++) {
    const q = new URLSearchParams({ maxResults: "250", ...(pageToken ? { pageToken } : {}) });
    const { body } = await api<{ items?: GoogleCalendarEntry[]; nextPageToken?: string }>(env, token, `/users/me/calendarList?${q}`);
    out.push(...(body.items ?? []));
    pageToken = body.nextPageToken;
    if (!pageToken) break;
  }
  return out;
}

/** Busy intervals (ms) of one calendar in [from, to); a per-calendar error is thrown. */
export async function freeBusy(env: Env, token: string, calendarId: string, from: number, to: number): Promise<{ start: number; end: number }[]> {
  const { body } = await api<{ calendars?: Record<string, { busy?: { start: string; end: string }[]; errors?: { reason: string }[] }> }>(env, token, "/freeBusy", {
    method: "POST",
    body: JSON.stringify({ timeMin: new Date(from).toISOString(), timeMax: new Date(to).toISOString(), items: [{ id: calendarId }] }),
  });
  const cal = body.calendars?.[calendarId];
  if (cal?.errors?.length) throw new GoogleError(404, cal.errors[0]!.reason, `Календарь недоступен: ${cal.errors[0]!.reason}`);
  return (cal?.busy ?? []).map((b) => ({ start: Date.parse(b.start), end: Date.parse(b.end) }));
}

export interface EventInput {
  id: string;
  summary: string;
  description: string;
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  extendedProperties: { private: Record<string, string> };
}

/** `created`, or `duplicate` when an event with this id exists already (Google's 409). */
export async function insertEvent(env: Env, token: string, calendarId: string, event: EventInput): Promise<"created" | "duplicate"> {
  try {
    await api(env, token, `/calendars/${encodeURIComponent(calendarId)}/events?sendUpdates=none`, { method: "POST", body: JSON.stringify(event) });
    return "created";
  } catch (e) {
    if (e instanceof GoogleError && e.status === 409) return "duplicate";
    throw e;
  }
}

/** Deletes an event; one already gone (404, 410) counts as deleted. */
export async function deleteEvent(env: Env, token: string, calendarId: string, eventId: string): Promise<void> {
  try {
    await api(env, token, `/calendars/${encodeURIComponent(calendarId)}/events/${encodeURIComponent(eventId)}?sendUpdates=none`, { method: "DELETE" });
  } catch (e) {
    if (e instanceof GoogleError && (e.status === 404 || e.status === 410)) return;
    throw e;
  }
}
