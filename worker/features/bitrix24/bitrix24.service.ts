import type { Env } from "../../env";
import { AppError, badRequest } from "../../lib/errors";
import { hostProblem } from "../../lib/outbound-url";
import { checkPhone } from "../../lib/phone";
import { type IntegrationRow, bitrixBatch, bitrixCall, batchCommand, loadIntegration, postRest, seal } from "./client";
import { BitrixError, bitrixMessage } from "./errors";
import { type Bitrix24Settings, DEFAULT_SETTINGS, settingsSchema } from "./bitrix24.schemas";

/** The connection as the API shows it: never a secret, never a token. */
export function stateOf(env: Env, row: IntegrationRow | null) {
  const oauthAvailable = Boolean(env.BITRIX24_CLIENT_ID && env.BITRIX24_CLIENT_SECRET);
  if (!row) return { connected: false as const, oauthAvailable, status: "not_connected" as const, mode: null, domain: null, memberId: null, lastError: null, lastOkAt: null, connectedAt: null };
  return {
    connected: true as const,
    oauthAvailable,
    status: row.status,
    mode: row.mode,
    domain: row.domain,
    memberId: row.member_id,
    lastError: row.last_error,
    lastOkAt: row.last_ok_at,
    connectedAt: row.created_at,
  };
}

export async function getState(env: Env, accountId: string) {
  return stateOf(env, await loadIntegration(env, accountId));
}

const fieldError = (message: string, code: string) => badRequest(message, code, { fields: { webhookUrl: message } });

/**
 * `https://<portal>/rest/<user id>/<secret>/[method]` → the base the methods are appended to.
 * Plain http only for the development stand-in (BITRIX24_PORTAL_BASE), which then answers for every portal.
 */
export function parseWebhookUrl(env: Env, raw: string): { base: string; domain: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw fieldError("Вставьте адрес вебхука целиком, например https://company.bitrix24.ru/rest/1/abc123def456/", "BITRIX24_WEBHOOK_URL");
  }
  const m = /^\/rest\/(\d+)\/([A-Za-z0-9_-]{4,64})(?:\/|$)/.exec(url.pathname);
  if (!m) throw fieldError("Это не адрес входящего вебхука Bitrix24: в нём должно быть /rest/<номер пользователя>/<ключ>/", "BITRIX24_WEBHOOK_URL");
  const fake = env.BITRIX24_PORTAL_BASE ? url.origin === new URL(env.BITRIX24_PORTAL_BASE).origin : false;
  if (!fake) {
    if (url.protocol !== "https:") throw fieldError("Адрес вебхука должен начинаться с https://", "BITRIX24_WEBHOOK_URL");
    if (url.username || url.password || (url.port && url.port !== "443") || hostProblem(url.hostname))
      throw fieldError("Нужен адрес портала по доменному имени, например https://company.bitrix24.ru/rest/…", "BITRIX24_WEBHOOK_URL");
  }
  // Development: the stand-in answers for every portal, as it does for the app's OAuth, so a real
  // portal's address pasted on a machine without Bitrix24 connects to it too (the domain is kept).
  const origin = env.BITRIX24_PORTAL_BASE && !fake ? new URL(env.BITRIX24_PORTAL_BASE).origin : url.origin;
  return { base: `${origin}/rest/${m[1]}/${m[2]}/`, domain: url.host };
}

/** Checks the webhook with a live call (the CRM's source list: it needs the CRM scope too), then stores it encrypted. */
export async function connectWebhook(env: Env, accountId: string, rawUrl: string) {
  const { base, domain } = parseWebhookUrl(env, rawUrl);
  const started = Date.now();
  const probe = await postRest(base, "crm.status.list", { filter: { ENTITY_ID: "SOURCE" } });
  const code = typeof probe.body.error === "string" ? probe.body.error : probe.status >= 400 || probe.status === 0 ? `HTTP_${probe.status}` : null;
  if (code) {
    const message = code === "HTTP_404" ? "По этому адресу нет Bitrix24: проверьте адрес портала в ссылке вебхука" : bitrixMessage(code, probe.body.error_description as string | undefined);
    throw fieldError(message, `BITRIX24_${code.toUpperCase()}`);
  }
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO bitrix24_integrations (account_id, mode, webhook_url, domain, member_id, client_endpoint, server_endpoint, access_token, refresh_token, access_expires_at, status, last_error, last_ok_at, settings, rate_tat, created_at, updated_at)
     VALUES (?1, 'webhook', ?2, ?3, NULL, NULL, NULL, NULL, NULL, NULL, 'connected', NULL, ?4, ?5, 0, ?4, ?4)
     ON CONFLICT(account_id) DO UPDATE SET mode = 'webhook', webhook_url = ?2, domain = ?3, member_id = NULL, client_endpoint = NULL, server_endpoint = NULL,
       access_token = NULL, refresh_token = NULL, access_expires_at = NULL, status = 'connected', last_error = NULL, last_ok_at = ?4, updated_at = ?4`,
  )
    .bind(accountId, await seal(env, base), domain, now, JSON.stringify(DEFAULT_SETTINGS))
    .run();
  await env.DB.prepare(
    "INSERT INTO bitrix24_call_log (id, account_id, method, ok, http_status, error_code, error_message, duration_ms, attempt, created_at) VALUES (?1, ?2, 'crm.status.list', 1, ?3, NULL, NULL, ?4, 1, ?5)",
  )
    .bind(crypto.randomUUID(), accountId, probe.status, now - started, now)
    .run();
  return getState(env, accountId);
}

export async function disconnect(env: Env, accountId: string) {
  const res = await env.DB.prepare("DELETE FROM bitrix24_integrations WHERE account_id = ?1").bind(accountId).run();
  if (!res.meta.changes) throw new AppError(404, "BITRIX24_NOT_CONNECTED", "Bitrix24 не подключён");
}

export function settingsOf(row: IntegrationRow | null): Bitrix24Settings {
  let raw: unknown = {};
  try {
    raw = row ? JSON.parse(row.settings) : {};
  } catch {
    /* defaults */
  }
  const parsed = settingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...(raw as object) });
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

async function requireRow(env: Env, accountId: string): Promise<IntegrationRow> {
  const row = await loadIntegration(env, accountId);
  if (!row) throw new AppError(409, "BITRIX24_NOT_CONNECTED", "Bitrix24 не подключён. Подключите портал на странице интеграции");
  return row;
}

export async function getSettings(env: Env, accountId: string) {
  return settingsOf(await requireRow(env, accountId));
}

export async function putSettings(env: Env, accountId: string, input: Bitrix24Settings) {
  await requireRow(env, accountId);
  await env.DB.prepare("UPDATE bitrix24_integrations SET settings = ?2, updated_at = ?3 WHERE account_id = ?1").bind(accountId, JSON.stringify(input), Date.now()).run();
  forgetTriggers(accountId);
  return input;
}

type Named = { id: string; name: string };

/** The settings page's choices, read live in one batch: pipelines, their stages, lead statuses, sources and users. */
export async function getOptions(env: Env, accountId: string, categoryId: string) {
  await requireRow(env, accountId);
  const stageEntity = categoryId && categoryId !== "0" ? `DEAL_STAGE_${categoryId}` : "DEAL_STAGE";
  const { result } = await bitrixBatch(env, accountId, {
    categories: batchCommand("crm.category.list", { entityTypeId: 2 }),
    stages: batchCommand("crm.status.list", { filter: { ENTITY_ID: stageEntity } }),
    statuses: batchCommand("crm.status.list", { filter: { ENTITY_ID: "STATUS" } }),
    sources: batchCommand("crm.status.list", { filter: { ENTITY_ID: "SOURCE" } }),
    users: batchCommand("user.get", { FILTER: { ACTIVE: true } }),
  });
  const statuses = (key: string): Named[] => ((result[key] as { STATUS_ID: string; NAME: string }[] | undefined) ?? []).map((s) => ({ id: s.STATUS_ID, name: s.NAME }));
  const categories = ((result.categories as { categories?: { id: number; name: string }[] } | undefined)?.categories ?? []).map((c) => ({ id: String(c.id), name: c.name }));
  const users = ((result.users as { ID: string; NAME?: string; LAST_NAME?: string; EMAIL?: string }[] | undefined) ?? []).map((u) => ({
    id: String(u.ID),
    name: [u.NAME, u.LAST_NAME].filter(Boolean).join(" ") || u.EMAIL || `#${u.ID}`,
  }));
  return { categories, stages: statuses("stages"), leadStatuses: statuses("statuses"), sources: statuses("sources"), users };
}

// --- live lists -------------------------------------------------------------------------------

export const LIST_PAGE = 50;
const SELECT = {
  contacts: ["ID", "NAME", "LAST_NAME", "PHONE", "EMAIL", "DATE_CREATE", "ASSIGNED_BY_ID"],
  leads: ["ID", "TITLE", "NAME", "LAST_NAME", "PHONE", "STATUS_ID", "OPPORTUNITY", "CURRENCY_ID", "DATE_CREATE", "ORIGIN_ID"],
  deals: ["ID", "TITLE", "STAGE_ID", "CATEGORY_ID", "OPPORTUNITY", "CURRENCY_ID", "CONTACT_ID", "DATE_CREATE", "ORIGIN_ID"],
} as const;
export type ListKind = keyof typeof SELECT;
const METHOD: Record<ListKind, string> = { contacts: "crm.contact.list", leads: "crm.lead.list", deals: "crm.deal.list" };

type Multi = { VALUE: string; VALUE_TYPE?: string }[] | undefined;
type CrmRow = Record<string, unknown> & { ID: string; PHONE?: Multi; EMAIL?: Multi };

export const digitsOf = (phone: string) => phone.replace(/\D/g, "");

/** A phone as Bitrix24 filters it (multifield filters are exact): E.164 when it parses, the input otherwise. */
export function normalisePhone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  // A Russian number written with the trunk prefix (8 916 …) is the same as +7 916 ….
  const d = raw.replace(/\D/g, "");
  const p = checkPhone(d.length === 11 && d.startsWith("8") && !raw.trim().startsWith("+") ? `+7${d.slice(1)}` : raw);
  return p.ok ? p.e164 : null;
}

function searchFilter(kind: ListKind, q: string): Record<string, unknown> {
  if (!q) return {};
  const phone = /^[+\d][\d\s()-]{5,}$/.test(q) ? normalisePhone(q) : null;
  if (phone && kind !== "deals") return { PHONE: phone };
  return kind === "contacts" ? { "%NAME": q } : { "%TITLE": q };
}

/** Inbox contacts for the rows: by our own link (ORIGIN_ID, the contact we made it for) or by the same phone digits. */
async function inboxMatches(env: Env, accountId: string, rows: CrmRow[]): Promise<Map<string, { id: string; name: string }>> {
  const out = new Map<string, { id: string; name: string }>();
  const origin = rows.map((r) => r.ORIGIN_ID).filter((x): x is string => typeof x === "string" && x.length > 0);
  const phones = new Map<string, string>();
  for (const r of rows) for (const p of r.PHONE ?? []) if (digitsOf(p.VALUE).length >= 6) phones.set(digitsOf(p.VALUE), r.ID);
  const contactIds = rows.map((r) => r.CONTACT_ID).filter((x): x is string => typeof x === "string" && x.length > 0);
  if (!origin.length && !phones.size && !contactIds.length) return out;
  const byId = origin.length
    ? await env.DB.prepare(`SELECT id, name FROM contacts WHERE account_id = ?1 AND id IN (SELECT value FROM json_each(?2))`).bind(accountId, JSON.stringify(origin)).all<{ id: string; name: string }>()
    : { results: [] };
  for (const c of byId.results) for (const r of rows) if (r.ORIGIN_ID === c.id) out.set(r.ID, c);
  if (phones.size) {
    const byPhone = await env.DB.prepare(
      `SELECT id, name, phone FROM contacts WHERE account_id = ?1 AND phone IS NOT NULL
         AND replace(replace(replace(replace(replace(phone, '+', ''), ' ', ''), '-', ''), '(', ''), ')', '') IN (SELECT value FROM json_each(?2))`,
    )
      .bind(accountId, JSON.stringify([...phones.keys()]))
      .all<{ id: string; name: string; phone: string }>();
    for (const c of byPhone.results) {
      const rowId = phones.get(digitsOf(c.phone));
      if (rowId && !out.has(rowId)) out.set(rowId, { id: c.id, name: c.name });
    }
  }
  if (contactIds.length) {
    const linked = await env.DB.prepare(
      // The account's links, each contact by its id (a plain JOIN walked every contact of the account first).
      `SELECT l.bitrix_contact_id AS bid, c.id, c.name FROM bitrix24_links l CROSS JOIN contacts c ON c.id = l.contact_id AND c.account_id = l.account_id
        WHERE l.account_id = ?1 AND l.bitrix_contact_id IN (SELECT value FROM json_each(?2))`,
    )
      .bind(accountId, JSON.stringify(contactIds))
      .all<{ bid: string; id: string; name: string }>();
    for (const l of linked.results) for (const r of rows) if (r.CONTACT_ID === l.bid && !out.has(r.ID)) out.set(r.ID, { id: l.id, name: l.name });
  }
  return out;
}

/** One page of a CRM list, read live (Bitrix24 pages by 50 with `start`/`next`), rows linked to inbox contacts. */
export async function listCrm(env: Env, accountId: string, kind: ListKind, input: { start: number; q: string }) {
  await requireRow(env, accountId);
  const answer = await bitrixCall<CrmRow[]>(env, accountId, METHOD[kind], {
    select: SELECT[kind],
    filter: searchFilter(kind, input.q),
    order: { ID: "DESC" },
    start: input.start,
  });
  const rows = answer.result ?? [];
  const matches = await inboxMatches(env, accountId, rows);
  const total = answer.total ?? rows.length;
  const data = rows.map((r) => ({
    id: String(r.ID),
    title: String(r.TITLE ?? ([r.NAME, r.LAST_NAME].filter(Boolean).join(" ") || `#${r.ID}`)),
    name: [r.NAME, r.LAST_NAME].filter(Boolean).join(" ") || null,
    phones: (r.PHONE ?? []).map((p) => p.VALUE),
    emails: (r.EMAIL ?? []).map((p) => p.VALUE),
    stage: (r.STAGE_ID ?? r.STATUS_ID ?? null) as string | null,
    amount: r.OPPORTUNITY ? Number(r.OPPORTUNITY) : null,
    currency: (r.CURRENCY_ID ?? null) as string | null,
    createdAt: (r.DATE_CREATE ?? null) as string | null,
    inboxContact: matches.get(String(r.ID)) ?? null,
  }));
  return {
    data,
    meta: { total, limit: LIST_PAGE, page: Math.floor(input.start / LIST_PAGE) + 1, lastPage: Math.max(1, Math.ceil(total / LIST_PAGE)), start: input.start, next: answer.next ?? null },
  };
}

export const LOG_PAGE = 50;

export async function listLog(env: Env, accountId: string, page: number) {
  const [rows, count] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare("SELECT * FROM bitrix24_call_log WHERE account_id = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2 OFFSET ?3").bind(accountId, LOG_PAGE, (page - 1) * LOG_PAGE),
    env.DB.prepare("SELECT COUNT(*) AS n FROM bitrix24_call_log WHERE account_id = ?1").bind(accountId),
  ]);
  const total = Number(count!.results[0]?.n ?? 0);
  return {
    data: rows!.results.map((r) => ({
      id: String(r.id),
      method: String(r.method),
      ok: r.ok === 1,
      httpStatus: (r.http_status as number | null) ?? null,
      errorCode: (r.error_code as string | null) ?? null,
      error: r.ok === 1 ? null : bitrixMessage(String(r.error_code ?? ""), (r.error_message as string | null) ?? undefined),
      durationMs: Number(r.duration_ms),
      attempt: Number(r.attempt),
      createdAt: Number(r.created_at),
    })),
    meta: { total, limit: LOG_PAGE, page, lastPage: Math.max(1, Math.ceil(total / LOG_PAGE)) },
  };
}

// --- triggers memo --------------------------------------------------------------------------------

const triggerMemo = new Map<string, { settings: Bitrix24Settings | null; until: number }>();

export function forgetTriggers(accountId: string) {
  triggerMemo.delete(accountId);
}

/** The account's settings when Bitrix24 is connected (null otherwise), remembered per isolate for a few seconds: every room publish asks. */
export async function connectedSettings(env: Env, accountId: string): Promise<Bitrix24Settings | null> {
  const hit = triggerMemo.get(accountId);
  const now = Date.now();
  if (hit && hit.until > now) return hit.settings;
  const row = await loadIntegration(env, accountId);
  const settings = row ? settingsOf(row) : null;
  triggerMemo.set(accountId, { settings, until: now + 5_000 });
  if (triggerMemo.size > 10_000) triggerMemo.delete(triggerMemo.keys().next().value!);
  return settings;
}

export { BitrixError };
