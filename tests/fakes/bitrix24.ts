import { createHash, randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { type FakeState, json, type RecordedRequest, startFake } from "./index";

/**
 * Fake Bitrix24 REST (INTEGRATIONS.md §2), one server standing in for any number of portals.
 *
 * - Incoming webhooks: `POST {url}/rest/{userId}/{secret}/{method}` with a JSON body. A secret names
 *   its portal (made on first use, with demo CRM data); a secret starting with `bad` answers 401
 *   INVALID_CREDENTIALS, one starting with `free` 403 ACCESS_DENIED (REST on a free plan).
 * - OAuth app: `GET /oauth/authorize/?client_id&state&redirect_uri[&domain]` redirects at once to
 *   `redirect_uri?code&state&domain&member_id&scope=crm&server_domain`; `GET /oauth/token/`
 *   (authorization_code, code alive 30 s and used once; refresh_token, rotating) with
 *   BITRIX24_CLIENT_ID/SECRET below; `POST /rest/{method}` with `auth` in the body → 401
 *   `expired_token` once the portal's tokens are expired (`POST /__expire {portal}`).
 * - `batch` (≤50 sub-calls in `cmd` as `method?query`), list paging by 50 with `start`/`next`/`total`,
 *   and the portal's leaky bucket (capacity 50, drains 2/s): over it, 503 QUERY_LIMIT_EXCEEDED.
 * - Methods: crm.{contact,lead,deal}.{list,add,get}, crm.category.list, crm.status.list, user.get,
 *   crm.timeline.comment.add (lowercase `fields` only), profile.
 *
 * Control: `POST /__portal {portal, capacity?, deals?}` (a portal's bucket size; n more deals), `POST /__fail {portal, n}`
 * (its next n calls answer 503 QUERY_LIMIT_EXCEEDED), `POST /__expire {portal}`, `GET /__portal/{portal}`
 * (its leads, deals, contacts, comments and call times). `portal` is the webhook secret or the
 * OAuth domain.
 */
export const BITRIX24_CLIENT_ID = "local.assistly.test";
export const BITRIX24_CLIENT_SECRET = "bitrix24-test-client-secret";
export const DEMO_WEBHOOK_SECRET = "demo0webhook0secret";

type Json = Record<string, any>;
type Multi = { ID?: string; VALUE: string; VALUE_TYPE?: string }[];

interface Portal {
  key: string;
  domain: string;
  memberId: string;
  capacity: number;
  level: number;
  levelAt: number;
  failNext: number;
  nextId: number;
  contacts: Json[];
  leads: Json[];
  deals: Json[];
  comments: Json[];
  callTimes: number[];
}

interface Token {
  portal: string;
  expired: boolean;
}

interface B24Data {
  portals: Map<string, Portal>;
  tokens: Map<string, Token>;
  refresh: Map<string, string>;
  codes: Map<string, { portal: string; at: number }>;
  baseUrl: string;
}

function data(state: FakeState): B24Data {
  const d = state.data as unknown as Partial<B24Data>;
  d.portals ??= new Map();
  d.tokens ??= new Map();
  d.refresh ??= new Map();
  d.codes ??= new Map();
  return d as B24Data;
}

const NAMES = [
  ["Анна", "Смирнова", "+79161234501"],
  ["Игорь", "Кузнецов", "+79261234502"],
  ["Марина", "Попова", "+79031234503"],
  ["Дмитрий", "Васильев", "+79851234504"],
  ["Елена", "Новикова", "+79161234505"],
  ["Сергей", "Морозов", "+79671234506"],
];
const DEALS = ["Поставка кофе в офис", "Годовое обслуживание", "Корпоративный заказ на 30 человек", "Подарочные сертификаты", "Кейтеринг на конференцию", "Обучение персонала", "Оптовая закупка зёрен"];
const STAGES = ["NEW", "PREPARATION", "PREPAYMENT_INVOICE", "EXECUTING", "WON"];

function newPortal(key: string, domain: string): Portal {
  const p: Portal = {
    key,
    domain,
    memberId: createHash("sha1").update(domain).digest("hex").slice(0, 32),
    capacity: 50,
    level: 0,
    levelAt: Date.now(),
    failNext: 0,
    nextId: 100,
    contacts: [],
    leads: [],
    deals: [],
    comments: [],
    callTimes: [],
  };
  const date = (i: number) => new Date(Date.UTC(2026, 9, 1 + i * 3, 9, 30)).toISOString();
  NAMES.forEach(([NAME, LAST_NAME, phone], i) => p.contacts.push({ ID: String(i + 1), NAME, LAST_NAME, PHONE: [{ ID: String(i + 1), VALUE: phone, VALUE_TYPE: "MOBILE" }], DATE_CREATE: date(i), ASSIGNED_BY_ID: "1" }));
  DEALS.forEach((TITLE, i) =>
    p.deals.push({ ID: String(i + 1), TITLE, STAGE_ID: STAGES[i % STAGES.length], CATEGORY_ID: "0", OPPORTUNITY: String((i + 2) * 15000), CURRENCY_ID: "RUB", CONTACT_ID: String((i % NAMES.length) + 1), DATE_CREATE: date(i) }),
  );
  ["Заявка с сайта", "Звонок: аренда зала", "Запрос прайса", "Консультация по доставке"].forEach((TITLE, i) =>
    p.leads.push({ ID: String(i + 1), TITLE, NAME: NAMES[i + 2]![0], LAST_NAME: NAMES[i + 2]![1], PHONE: [{ ID: String(20 + i), VALUE: NAMES[i + 2]![2], VALUE_TYPE: "WORK" }], STATUS_ID: i % 2 ? "IN_PROCESS" : "NEW", OPPORTUNITY: "0", CURRENCY_ID: "RUB", DATE_CREATE: date(i) }),
  );
  return p;
}

function portalOf(d: B24Data, key: string, domain = `${key.toLowerCase().slice(0, 20)}.bitrix24.ru`): Portal {
  let p = d.portals.get(key);
  if (!p) d.portals.set(key, (p = newPortal(key, domain)));
  return p;
}

const err = (res: ServerResponse, status: number, error: string, error_description: string) => json(res, status, { error, error_description });

/** `filter[PHONE]=…&select[0]=ID` → `{filter:{PHONE:…}, select:["ID"]}` (Bitrix24's GET form, used by batch). */
export function parseQuery(q: string): Json {
  const out: Json = {};
  for (const [k, v] of new URLSearchParams(q)) {
    const parts = k.replace(/\]/g, "").split("[");
    let cur: Json = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) cur[part] = v;
      else cur = cur[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
    });
  }
  return out;
}

const digits = (s: string) => String(s).replace(/\D/g, "");

function matches(row: Json, filter: Json): boolean {
  for (const [k, want] of Object.entries(filter ?? {})) {
    if (k.startsWith("%")) {
      const field = k.slice(1);
      const hay = `${row[field] ?? ""} ${field === "NAME" ? (row.LAST_NAME ?? "") : ""}`.toLowerCase();
      if (!hay.includes(String(want).toLowerCase())) return false;
    } else if (k === "PHONE") {
      // Multifield filters are exact: "+79161234501" does not find "8 916 123-45-01".
      if (!((row.PHONE as Multi | undefined) ?? []).some((p) => p.VALUE === want)) return false;
    } else if (String(row[k] ?? "") !== String(want)) return false;
  }
  return true;
}

function list(rows: Json[], params: Json): Json {
  const filtered = rows.filter((r) => matches(r, params.filter)).sort((a, b) => Number(b.ID) - Number(a.ID));
  const start = Number(params.start ?? 0) || 0;
  const page = filtered.slice(start, start + 50);
  const select: string[] | undefined = Array.isArray(params.select) ? params.select : undefined;
  const shaped = select && !select.includes("*") ? page.map((r) => Object.fromEntries(select.filter((f) => f in r).map((f) => [f, r[f]]))) : page;
  return { result: shaped, total: filtered.length, ...(start + 50 < filtered.length ? { next: start + 50 } : {}) };
}

const ENTITY: Record<string, "contacts" | "leads" | "deals"> = { contact: "contacts", lead: "leads", deal: "deals" };

/** One method on one portal: `{result, total?, next?}` or `{error, status}`. */
function method(p: Portal, name: string, params: Json): Json {
  const crm = /^crm\.(contact|lead|deal)\.(list|add|get)$/.exec(name);
  if (crm) {
    const rows = p[ENTITY[crm[1]!]!];
    if (crm[2] === "list") return list(rows, params);
    if (crm[2] === "get") {
      const row = rows.find((r) => r.ID === String(params.id ?? params.ID));
      return row ? { result: row } : { status: 400, error: "NOT_FOUND", error_description: "Not found" };
    }
    const fields = params.fields ?? params.FIELDS;
    if (!fields || typeof fields !== "object") return { status: 400, error: "ERROR_CORE", error_description: "Parameter 'fields' must be array" };
    const id = String(++p.nextId);
    rows.push({ ...fields, ID: id, DATE_CREATE: new Date().toISOString(), ...(crm[1] === "deal" && Array.isArray(fields.CONTACT_IDS) ? { CONTACT_ID: String(fields.CONTACT_IDS[0] ?? "") } : {}) });
    return { result: Number(id) };
  }
  switch (name) {
    case "profile":
      return { result: { ID: "1", ADMIN: true, NAME: "Администратор", LAST_NAME: "Портала" } };
    case "user.get":
      return {
        result: [
          { ID: "1", NAME: "Ольга", LAST_NAME: "Иванова", EMAIL: "olga@example.ru", ACTIVE: true },
          { ID: "7", NAME: "Павел", LAST_NAME: "Соколов", EMAIL: "pavel@example.ru", ACTIVE: true },
        ],
        total: 2,
      };
    case "crm.category.list":
      return { result: { categories: [{ id: 0, name: "Общая", sort: 100, entityTypeId: 2, isDefault: "Y" }, { id: 3, name: "Корпоративные клиенты", sort: 200, entityTypeId: 2, isDefault: "N" }] }, total: 2 };
    case "crm.status.list": {
      const entity = String(params.filter?.ENTITY_ID ?? "");
      const mk = (ids: [string, string][]) => ({ result: ids.map(([STATUS_ID, NAME], i) => ({ ID: String(i + 1), ENTITY_ID: entity, STATUS_ID, NAME, SORT: (i + 1) * 10 })) });
      if (entity === "SOURCE") return mk([["CALL", "Звонок"], ["WEB", "Веб-сайт"], ["OTHER", "Другое"], ["UC_ASSISTLY", "Мессенджеры (ассистент)"]]);
      if (entity === "STATUS") return mk([["NEW", "Не обработан"], ["IN_PROCESS", "В работе"], ["PROCESSED", "Обработан"], ["CONVERTED", "Качественный лид"]]);
      if (entity === "DEAL_STAGE") return mk([["NEW", "Новая"], ["PREPARATION", "Подготовка документов"], ["PREPAYMENT_INVOICE", "Счёт на предоплату"], ["EXECUTING", "В работе"], ["WON", "Сделка успешна"]]);
      const cat = /^DEAL_STAGE_(\d+)$/.exec(entity);
      if (cat) return mk([[`C${cat[1]}:NEW`, "Новая"], [`C${cat[1]}:PREPARATION`, "Переговоры"], [`C${cat[1]}:WON`, "Договор подписан"]]);
      return { result: [] };
    }
    case "crm.timeline.comment.add": {
      if (!params.fields) return { status: 400, error: "ERROR_CORE", error_description: "Parameter 'fields' must be array" };
      const id = ++p.nextId;
      p.comments.push({ ID: String(id), ...params.fields });
      return { result: id };
    }
    default:
      return { status: 404, error: "ERROR_METHOD_NOT_FOUND", error_description: "Method not found!" };
  }
}

function batch(p: Portal, params: Json): Json {
  const cmd = (params.cmd ?? {}) as Record<string, string>;
  if (Object.keys(cmd).length > 50) return { status: 400, error: "ERROR_BATCH_LENGTH_EXCEEDED", error_description: "Max batch length exceeded" };
  const result: Json = {};
  const errors: Json = {};
  const totals: Json = {};
  const nexts: Json = {};
  for (const [key, line] of Object.entries(cmd)) {
    const [name, query = ""] = line.split("?");
    if (name === "batch") return { status: 405, error: "ERROR_BATCH_METHOD_NOT_ALLOWED", error_description: "Method is not allowed for batch usage" };
    const r = method(p, name!, parseQuery(query));
    if (r.error) {
      errors[key] = { error: r.error, error_description: r.error_description };
      if (Number(params.halt) === 1) break;
      continue;
    }
    result[key] = r.result;
    if (r.total !== undefined) totals[key] = r.total;
    if (r.next !== undefined) nexts[key] = r.next;
  }
  return { result: { result, result_error: Object.keys(errors).length ? errors : [], result_total: totals, result_next: nexts, result_time: {} } };
}

/** The portal's leaky bucket: true when the call fits (and is counted). */
function admit(p: Portal): boolean {
  const now = Date.now();
  p.level = Math.max(0, p.level - ((now - p.levelAt) / 1000) * 2);
  p.levelAt = now;
  if (p.level + 1 > p.capacity + 1e-9) return false;
  p.level += 1;
  p.callTimes.push(now);
  if (p.callTimes.length > 1000) p.callTimes.splice(0, 500);
  return true;
}

function answer(res: ServerResponse, p: Portal, name: string, params: Json) {
  if (p.failNext > 0 || !admit(p)) {
    if (p.failNext > 0) p.failNext--;
    return err(res, 503, "QUERY_LIMIT_EXCEEDED", "Too many requests");
  }
  const r = name === "batch" ? batch(p, params) : method(p, name, params);
  const time = { start: Date.now() / 1000, finish: Date.now() / 1000, duration: 0.01, processing: 0.005, date_start: new Date().toISOString(), date_finish: new Date().toISOString(), operating: 0 };
  if (r.error) return err(res, r.status ?? 400, r.error, r.error_description);
  json(res, 200, { ...r, time });
}

function issueTokens(d: B24Data, portal: string): Json {
  const access = randomBytes(16).toString("hex");
  const refresh = randomBytes(16).toString("hex");
  d.tokens.set(access, { portal, expired: false });
  d.refresh.set(refresh, portal);
  const p = d.portals.get(portal)!;
  return {
    access_token: access,
    refresh_token: refresh,
    expires_in: 3600,
    expires: Math.floor(Date.now() / 1000) + 3600,
    scope: "crm,user",
    domain: p.domain,
    member_id: p.memberId,
    status: "L",
    client_endpoint: `${d.baseUrl}/rest/`,
    server_endpoint: `${d.baseUrl}/rest/`,
    user_id: 1,
  };
}

function oauth(req: RecordedRequest, res: ServerResponse, d: B24Data, url: URL): boolean {
  const q = url.searchParams;
  if (url.pathname === "/oauth/authorize/" || url.pathname === "/oauth/authorize") {
    const redirect = q.get("redirect_uri");
    if (q.get("client_id") !== BITRIX24_CLIENT_ID || !redirect) return (err(res, 400, "invalid_client", "Unknown client_id"), true);
    const domain = q.get("domain") || "demo.bitrix24.ru";
    const p = portalOf(d, domain, domain);
    const code = randomBytes(12).toString("hex");
    d.codes.set(code, { portal: p.key, at: Date.now() });
    const back = new URL(redirect);
    for (const [k, v] of Object.entries({ code, state: q.get("state") ?? "", domain: p.domain, member_id: p.memberId, scope: "crm,user", server_domain: url.host })) back.searchParams.set(k, v);
    res.writeHead(302, { location: back.toString() });
    res.end();
    return true;
  }
  if (url.pathname === "/oauth/token/" || url.pathname === "/oauth/token") {
    if (q.get("client_id") !== BITRIX24_CLIENT_ID || q.get("client_secret") !== BITRIX24_CLIENT_SECRET) return (err(res, 401, "invalid_client", "Invalid client"), true);
    if (q.get("grant_type") === "authorization_code") {
      const c = d.codes.get(q.get("code") ?? "");
      d.codes.delete(q.get("code") ?? "");
      if (!c || Date.now() - c.at > 30_000) return (err(res, 400, "invalid_grant", "Invalid authorization code"), true);
      return (json(res, 200, issueTokens(d, c.portal)), true);
    }
    if (q.get("grant_type") === "refresh_token") {
      const portal = d.refresh.get(q.get("refresh_token") ?? "");
      if (!portal) return (err(res, 400, "invalid_grant", "Invalid refresh token"), true);
      d.refresh.delete(q.get("refresh_token")!);
      return (json(res, 200, issueTokens(d, portal)), true);
    }
    return (err(res, 400, "invalid_request", "Unknown grant_type"), true);
  }
  void req;
  return false;
}

function control(req: RecordedRequest, res: ServerResponse, d: B24Data, path: string): boolean {
  const body = (req.body ?? {}) as Json;
  if (req.method === "POST" && path === "/__portal") {
    const p = portalOf(d, String(body.portal));
    if (body.capacity) p.capacity = Number(body.capacity);
    for (let i = 0; i < Number(body.deals ?? 0); i++) p.deals.push({ ID: String(++p.nextId), TITLE: `Сделка ${i + 1}`, STAGE_ID: "NEW", CATEGORY_ID: "0", OPPORTUNITY: "1000", CURRENCY_ID: "RUB", DATE_CREATE: new Date().toISOString() });
    return (json(res, 200, { ok: true, memberId: p.memberId, domain: p.domain }), true);
  }
  if (req.method === "POST" && path === "/__fail") {
    portalOf(d, String(body.portal)).failNext = Number(body.n ?? 1);
    return (json(res, 200, { ok: true }), true);
  }
  if (req.method === "POST" && path === "/__expire") {
    for (const t of d.tokens.values()) if (t.portal === body.portal) t.expired = true;
    return (json(res, 200, { ok: true }), true);
  }
  if (req.method === "GET" && path.startsWith("/__portal/")) {
    const p = d.portals.get(decodeURIComponent(path.slice("/__portal/".length)));
    return (json(res, p ? 200 : 404, p ?? { error: "no portal" }), true);
  }
  return false;
}

export async function bitrix24Handler(req: RecordedRequest, res: ServerResponse, state: FakeState) {
  const d = data(state);
  const url = new URL(req.path, d.baseUrl);
  if (control(req, res, d, url.pathname) || oauth(req, res, d, url)) return;
  const params: Json = req.method === "GET" ? parseQuery(url.search.slice(1)) : typeof req.body === "object" && req.body ? (req.body as Json) : parseQuery(req.rawBody);
  const hook = /^\/rest\/(\d+)\/([^/]+)\/([a-z0-9_.]+?)(?:\.json)?$/i.exec(url.pathname);
  if (hook) {
    const secret = hook[2]!;
    if (secret.startsWith("bad")) return err(res, 401, "INVALID_CREDENTIALS", "Invalid request credentials");
    if (secret.startsWith("free")) return err(res, 403, "ACCESS_DENIED", "REST API is available only on commercial plans");
    return answer(res, portalOf(d, secret), hook[3]!, params);
  }
  const app = /^\/rest\/([a-z0-9_.]+?)(?:\.json)?$/i.exec(url.pathname);
  if (app) {
    const token = d.tokens.get(String(params.auth ?? ""));
    if (!token) return err(res, 401, "NO_AUTH_FOUND", "Wrong authorization data");
    if (token.expired) return err(res, 401, "expired_token", "The access token provided has expired.");
    const { auth: _auth, ...rest } = params;
    return answer(res, d.portals.get(token.portal)!, app[1]!, rest);
  }
  err(res, 404, "NOT_FOUND", "Not found");
}

export async function startBitrix24Fake(port = 0) {
  let base = "";
  // The base URL lives outside state.data, which POST /__reset empties.
  const fake = await startFake("bitrix24", (req, res, state) => ((data(state).baseUrl = base), bitrix24Handler(req, res, state)), port);
  base = fake.url;
  return fake;
}

export function bitrix24Bindings(url: string): Record<string, string> {
  return { BITRIX24_PORTAL_BASE: url, BITRIX24_OAUTH_BASE: url, BITRIX24_CLIENT_ID, BITRIX24_CLIENT_SECRET };
}
