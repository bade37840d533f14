import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { type FakeHandler, type FakeState, json, type RecordedRequest, startFake } from "./index";

/**
 * Fake Google OAuth 2.0 (web-server flow) and Calendar API v3 (INTEGRATIONS.md §3) on one port:
 * - `GET /o/oauth2/v2/auth` — the consent page: "Разрешить" redirects to `redirect_uri?code&state&scope`,
 *   "Отклонить" to `redirect_uri?error=access_denied&state`;
 * - `POST /token` (form): `authorization_code` (a code works once) and `refresh_token`; an unknown or
 *   revoked refresh token and a used code answer 400 `{error:"invalid_grant"}`, a wrong client 401 `invalid_client`;
 * - `POST /revoke` (form `token`): the refresh token and its access tokens stop working;
 * - under `/calendar/v3` with `Authorization: Bearer`: `GET /users/me/calendarList` (owner, writer
 *   and reader calendars), `POST /freeBusy` (the stored events plus scripted busy times),
 *   `POST /calendars/{id}/events` (client-chosen id checked against base32hex; an existing or deleted
 *   id → 409 duplicate), `GET /calendars/{id}/events`, `DELETE /calendars/{id}/events/{eventId}`
 *   (204; again → 410). An expired or revoked access token → 401.
 *
 * Control: `POST /__config {accessTtlSeconds?}`, `POST /__busy {calendarId, start, end}`,
 * `POST /__revoke-all` (every refresh token dies: the next refresh is `invalid_grant`), `GET /__events`.
 */
export const GOOGLE_CLIENT_ID = "assistly-fake.apps.googleusercontent.com";
export const GOOGLE_CLIENT_SECRET = "fake-google-client-secret";
export const FAKE_GOOGLE_EMAIL = "demo.salon@gmail.com";

type Json = Record<string, any>;

interface GData {
  codes: Map<string, { redirectUri: string; scope: string; used: boolean }>;
  refresh: Map<string, { revoked: boolean }>;
  access: Map<string, { refresh: string; expiresAt: number }>;
  events: Map<string, Json>;
  deleted: Set<string>;
  busy: { calendarId: string; start: string; end: string }[];
  accessTtlSeconds: number;
}

function data(state: FakeState): GData {
  const d = state.data as unknown as Partial<GData>;
  d.codes ??= new Map();
  d.refresh ??= new Map();
  d.access ??= new Map();
  d.events ??= new Map();
  d.deleted ??= new Set();
  d.busy ??= [];
  d.accessTtlSeconds ??= 3599;
  return d as GData;
}

export const FAKE_CALENDARS = [
  { id: FAKE_GOOGLE_EMAIL, summary: "Салон «Лаванда»", timeZone: "Europe/Moscow", accessRole: "owner", primary: true },
  { id: "bookings.lavanda@group.calendar.google.com", summary: "Записи клиентов", timeZone: "Europe/Moscow", accessRole: "writer" },
  { id: "ru.russian#holiday@group.v.calendar.google.com", summary: "Праздники РФ", timeZone: "Europe/Moscow", accessRole: "reader" },
];

const token = (prefix: string) => `${prefix}${randomBytes(18).toString("base64url")}`;
const form = (req: RecordedRequest) => Object.fromEntries(new URLSearchParams(req.rawBody));
const apiError = (res: ServerResponse, status: number, reason: string, message: string) => json(res, status, { error: { code: status, message, errors: [{ domain: "global", reason, message }] } });
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function consentPage(req: RecordedRequest, res: ServerResponse, d: GData) {
  const q = new URL(req.path, "http://x").searchParams;
  const redirect = q.get("redirect_uri") ?? "";
  const state = q.get("state") ?? "";
  if (q.get("client_id") !== GOOGLE_CLIENT_ID || !redirect) return json(res, 400, { error: "invalid_request", error_description: "client_id or redirect_uri" });
  const code = token("4/0fake-");
  const scope = q.get("scope") ?? "";
  d.codes.set(code, { redirectUri: redirect, scope, used: false });
  const allow = `${redirect}?${new URLSearchParams({ state, code, scope })}`;
  const deny = `${redirect}?${new URLSearchParams({ state, error: "access_denied" })}`;
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Вход – аккаунты Google (демо)</title></head>
<body style="font-family:sans-serif;max-width:480px;margin:60px auto">
<h1>Приложение Assistly запрашивает доступ к аккаунту ${FAKE_GOOGLE_EMAIL}</h1>
<p>Просмотр и изменение мероприятий в ваших календарях; просмотр списка календарей; сведения о занятости.</p>
<p>offline: ${esc(q.get("access_type") ?? "")}; prompt: ${esc(q.get("prompt") ?? "")}</p>
<p><a id="allow" href="${esc(allow)}">Разрешить</a> · <a id="deny" href="${esc(deny)}">Отклонить</a></p></body></html>`);
}

function tokenEndpoint(req: RecordedRequest, res: ServerResponse, d: GData) {
  const f = form(req);
  if (f.client_id !== GOOGLE_CLIENT_ID || f.client_secret !== GOOGLE_CLIENT_SECRET) return json(res, 401, { error: "invalid_client", error_description: "The OAuth client was not found." });
  const issue = (refresh: string) => {
    const access = token("ya29.fake-");
    d.access.set(access, { refresh, expiresAt: Date.now() + d.accessTtlSeconds * 1000 });
    return access;
  };
  if (f.grant_type === "authorization_code") {
    const c = d.codes.get(f.code ?? "");
    if (!c || c.used || c.redirectUri !== f.redirect_uri) return json(res, 400, { error: "invalid_grant", error_description: "Malformed auth code." });
    c.used = true;
    const refresh = token("1//0fake-");
    d.refresh.set(refresh, { revoked: false });
    return json(res, 200, { access_token: issue(refresh), expires_in: d.accessTtlSeconds, refresh_token: refresh, scope: c.scope, token_type: "Bearer" });
  }
  if (f.grant_type === "refresh_token") {
    const r = d.refresh.get(f.refresh_token ?? "");
    if (!r || r.revoked) return json(res, 400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
    return json(res, 200, { access_token: issue(f.refresh_token!), expires_in: d.accessTtlSeconds, scope: "https://www.googleapis.com/auth/calendar.events", token_type: "Bearer" });
  }
  json(res, 400, { error: "unsupported_grant_type" });
}

function revokeEndpoint(req: RecordedRequest, res: ServerResponse, d: GData) {
  const t = form(req).token ?? "";
  const r = d.refresh.get(t);
  const a = d.access.get(t);
  if (!r && !a) return json(res, 400, { error: "invalid_token", error_description: "Token expired or revoked" });
  const refresh = r ? t : a!.refresh;
  d.refresh.set(refresh, { revoked: true });
  json(res, 200, {});
}

function authorized(req: RecordedRequest, d: GData): boolean {
  const t = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  const a = t ? d.access.get(t) : undefined;
  return !!a && a.expiresAt > Date.now() && !d.refresh.get(a.refresh)?.revoked;
}

const EVENT_ID = /^[a-v0-9]{5,1024}$/;

function calendarApi(req: RecordedRequest, res: ServerResponse, d: GData, path: string) {
  if (!authorized(req, d)) return apiError(res, 401, "authError", "Request had invalid authentication credentials.");
  if (req.method === "GET" && path === "/users/me/calendarList") return json(res, 200, { kind: "calendar#calendarList", items: FAKE_CALENDARS });
  if (req.method === "POST" && path === "/freeBusy") {
    const b = req.body as Json;
    const min = Date.parse(b.timeMin);
    const max = Date.parse(b.timeMax);
    if (max - min > 90 * 86_400_000) return apiError(res, 400, "timeRangeEmpty", "The requested time range is too long.");
    const calendars: Json = {};
    for (const { id } of b.items ?? []) {
      if (!FAKE_CALENDARS.some((c) => c.id === id)) {
        calendars[id] = { busy: [], errors: [{ domain: "global", reason: "notFound" }] };
        continue;
      }
      const busy = [...[...d.events.values()].filter((e) => e.calendarId === id).map((e) => ({ start: e.start.dateTime, end: e.end.dateTime })), ...d.busy.filter((x) => x.calendarId === id)]
        .filter((x) => Date.parse(x.end) > min && Date.parse(x.start) < max)
        .map((x) => ({ start: new Date(Date.parse(x.start)).toISOString(), end: new Date(Date.parse(x.end)).toISOString() }));
      calendars[id] = { busy };
    }
    return json(res, 200, { kind: "calendar#freeBusy", timeMin: b.timeMin, timeMax: b.timeMax, calendars });
  }
  const m = /^\/calendars\/([^/]+)\/events(?:\/([^/?]+))?$/.exec(path);
  if (!m) return apiError(res, 404, "notFound", "Not Found");
  const calendarId = decodeURIComponent(m[1]!);
  const cal = FAKE_CALENDARS.find((c) => c.id === calendarId);
  if (!cal) return apiError(res, 404, "notFound", "Not Found");
  if (req.method === "POST" && !m[2]) {
    if (cal.accessRole === "reader") return apiError(res, 403, "requiredAccessLevel", "You need to have writer access to this calendar.");
    const e = req.body as Json;
    const id = e.id ?? token("ev").toLowerCase().replace(/[^a-v0-9]/g, "0");
    if (!EVENT_ID.test(id)) return apiError(res, 400, "invalid", "Invalid resource id value.");
    const key = `${calendarId}/${id}`;
    if (d.events.has(key) || d.deleted.has(key)) return apiError(res, 409, "duplicate", "The requested identifier already exists.");
    const ev = { kind: "calendar#event", id, status: "confirmed", calendarId, ...e, created: new Date().toISOString() };
    d.events.set(key, ev);
    return json(res, 200, ev);
  }
  if (req.method === "GET" && !m[2]) return json(res, 200, { kind: "calendar#events", items: [...d.events.values()].filter((e) => e.calendarId === calendarId) });
  if (req.method === "DELETE" && m[2]) {
    const key = `${calendarId}/${decodeURIComponent(m[2])}`;
    if (d.deleted.has(key)) return apiError(res, 410, "deleted", "Resource has been deleted");
    if (!d.events.has(key)) return apiError(res, 404, "notFound", "Not Found");
    d.events.delete(key);
    d.deleted.add(key);
    res.writeHead(204);
    res.end();
    return;
  }
  apiError(res, 405, "methodNotAllowed", "Method not allowed");
}

export const googleHandler: FakeHandler = (req, res, state) => {
  const d = data(state);
  const path = req.path.split("?")[0]!;
  if (req.method === "GET" && path === "/o/oauth2/v2/auth") return consentPage(req, res, d);
  if (req.method === "POST" && path === "/token") return tokenEndpoint(req, res, d);
  if (req.method === "POST" && path === "/revoke") return revokeEndpoint(req, res, d);
  if (path.startsWith("/calendar/v3/")) return calendarApi(req, res, d, path.slice("/calendar/v3".length));
  if (req.method === "POST" && path === "/__config") {
    const b = (req.body ?? {}) as Json;
    if (typeof b.accessTtlSeconds === "number") d.accessTtlSeconds = b.accessTtlSeconds;
    return json(res, 200, { ok: true });
  }
  if (req.method === "POST" && path === "/__busy") {
    d.busy.push(req.body as GData["busy"][number]);
    return json(res, 200, { ok: true });
  }
  if (req.method === "POST" && path === "/__revoke-all") {
    for (const r of d.refresh.values()) r.revoked = true;
    return json(res, 200, { ok: true });
  }
  if (req.method === "GET" && path === "/__events") return json(res, 200, [...d.events.values()]);
  json(res, 404, { error: "not found" });
};

export async function startGoogleFake(port = 0) {
  return startFake("google", googleHandler, port);
}

/** The Worker's bindings for a running fake. */
export function googleBindings(url: string): Record<string, string> {
  return { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_OAUTH_BASE: url, GOOGLE_TOKEN_BASE: url, GOOGLE_CALENDAR_BASE: `${url}/calendar/v3` };
}
