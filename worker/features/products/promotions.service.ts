import type { Env } from "../../env";
import { badRequest, notFound } from "../../lib/errors";
import type { FieldErrors } from "../../lib/validation";
import { paged } from "../../lib/validation";
import { newId } from "../../lib/ids";
import { zonedToUtc } from "../../lib/zoned-time";
import { type Promotion, type PromotionCreateInput, type PromotionListQuery, type PromotionStatus, type PromotionUpdateInput, promotionStatus } from "./contract";
import { searchFold } from "../../lib/search-fold";

export const PROMOTION_NOT_FOUND = "Акция не найдена";

/** The list's haystack: JS lower-casing (SQLite's lower() folds only ASCII). */
const searchText = (name: string, code: string | null) => searchFold(`${name} ${code ?? ""}`.trim());

export interface PromotionSqlRow {
  id: string;
  name: string;
  description: string;
  code: string | null;
  kind: Promotion["kind"];
  percent: number | null;
  amount: number | null;
  currency: string;
  gift_text: string | null;
  applies_to: Promotion["appliesTo"];
  category_ids: string;
  product_ids: string;
  min_order: number | null;
  valid_from: number | null;
  valid_to: number | null;
  usage_limit: number | null;
  used_count: number;
  active: number;
  created_at: number;
  updated_at: number;
}

const list = (s: string): string[] => {
  try {
    return JSON.parse(s) as string[];
  } catch {
    return [];
  }
};

export function promotionDto(r: PromotionSqlRow, now = Date.now()): Promotion {
  const active = Number(r.active) === 1;
  return {
    promotionId: r.id,
    name: r.name,
    description: r.description,
    code: r.code,
    kind: r.kind,
    percent: r.percent,
    amount: r.amount,
    currency: r.currency,
    giftText: r.gift_text,
    appliesTo: r.applies_to,
    categoryIds: list(r.category_ids),
    productIds: list(r.product_ids),
    minOrder: r.min_order,
    validFrom: r.valid_from === null ? null : new Date(r.valid_from).toISOString(),
    validTo: r.valid_to === null ? null : new Date(r.valid_to).toISOString(),
    usageLimit: r.usage_limit,
    usedCount: r.used_count,
    active,
    status: promotionStatus({ active, validFrom: r.valid_from, validTo: r.valid_to, usageLimit: r.usage_limit, usedCount: r.used_count }, now),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The status as SQL over `promotions` (?1 = now), the same order of rules as promotionStatus. */
export const STATUS_SQL = `CASE WHEN active = 0 THEN 'inactive'
  WHEN valid_to IS NOT NULL AND ?1 > valid_to THEN 'expired'
  WHEN usage_limit IS NOT NULL AND used_count >= usage_limit THEN 'exhausted'
  WHEN valid_from IS NOT NULL AND ?1 < valid_from THEN 'scheduled'
  ELSE 'active' END`;

export async function listPromotions(env: Env, accountId: string, q: PromotionListQuery, now = Date.now()) {
  const conds = ["account_id = ?2"];
  const args: (string | number)[] = [now, accountId];
  if (q.status) conds.push(`(${STATUS_SQL}) = ?${args.push(q.status)}`);
  if (q.q) conds.push(`instr(search_text, ?${args.push(searchText(q.q, null))}) > 0`);
  const where = conds.join(" AND ");
  const limitAt = args.push(q.limit);
  const offsetAt = args.push((q.page - 1) * q.limit);
  const [rows, total] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare(`SELECT * FROM promotions WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ?${limitAt} OFFSET ?${offsetAt}`).bind(...args),
    env.DB.prepare(`SELECT count(*) AS n FROM promotions WHERE ${where}`).bind(...args.slice(0, limitAt - 1)),
  ]);
  return paged(
    (rows!.results as unknown as PromotionSqlRow[]).map((r) => promotionDto(r, now)),
    Number(total!.results[0]?.n ?? 0),
    q.page,
    q.limit,
  );
}

/** Promotions active at `now`, optionally only those that apply to a product (everything, its category or its parent, or the product itself). */
export async function activePromotions(env: Env, accountId: string, now: number, productId?: string) {
  const rows = await env.DB.prepare(`SELECT * FROM promotions WHERE account_id = ?2 AND (${STATUS_SQL}) = 'active' ORDER BY created_at DESC LIMIT 50`)
    .bind(now, accountId)
    .all<PromotionSqlRow>();
  let data = rows.results.map((r) => promotionDto(r, now));
  if (productId) {
    const p = await env.DB.prepare("SELECT p.category_id, c.parent_id FROM products p LEFT JOIN product_categories c ON c.id = p.category_id WHERE p.id = ? AND p.account_id = ?")
      .bind(productId, accountId)
      .first<{ category_id: string | null; parent_id: string | null }>();
    if (!p) return null;
    const cats = [p.category_id, p.parent_id].filter((x): x is string => !!x);
    data = data.filter((x) => x.appliesTo === "all" || (x.appliesTo === "products" && x.productIds.includes(productId)) || (x.appliesTo === "categories" && x.categoryIds.some((c) => cats.includes(c))));
  }
  return data;
}

async function promotionRow(env: Env, accountId: string, promotionId: string) {
  const r = await env.DB.prepare("SELECT * FROM promotions WHERE id = ? AND account_id = ?").bind(promotionId, accountId).first<PromotionSqlRow>();
  if (!r) throw notFound(PROMOTION_NOT_FOUND, "PROMOTION_NOT_FOUND");
  return r;
}

export async function getPromotion(env: Env, accountId: string, promotionId: string) {
  return promotionDto(await promotionRow(env, accountId, promotionId));
}

/** A date of the API as an instant: with an offset as it is; a wall time or a day in the account's zone (a day ends at its last millisecond for `validTo`). */
export function instantOf(text: string | null, tz: string, end: boolean): number | null {
  if (!text) return null;
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(text)) return Date.parse(text);
  const [d, t] = text.split("T");
  const [y, mo, day] = d!.split("-").map(Number);
  if (!t) return end ? zonedToUtc(tz, y!, mo!, day! + 1) - 1 : zonedToUtc(tz, y!, mo!, day!);
  const [h, mi, s] = t.split(":").map((x) => Number(x.slice(0, 2)));
  return zonedToUtc(tz, y!, mo!, day!, h, mi, s ?? 0);
}

interface Merged {
  kind: Promotion["kind"];
  percent: number | null;
  amount: number | null;
  giftText: string | null;
  appliesTo: Promotion["appliesTo"];
  categoryIds: string[];
  productIds: string[];
  validFrom: number | null;
  validTo: number | null;
}

/** What the field schemas cannot see alone: the kind's value, the scope's list, the dates' order, the account's own ids. */
async function problems(env: Env, accountId: string, m: Merged): Promise<FieldErrors> {
  const out: FieldErrors = {};
  if (m.kind === "percent" && m.percent === null) out.percent = ["Процент — от 1 до 100"];
  if (m.kind === "fixed" && m.amount === null) out.amount = ["Укажите сумму скидки"];
  if (m.kind === "gift" && !m.giftText) out.giftText = ["Опишите подарок или условие"];
  if (m.validFrom !== null && m.validTo !== null && m.validTo <= m.validFrom) out.validTo = ["Дата окончания должна быть позже даты начала"];
  if (m.appliesTo === "categories") {
    if (!m.categoryIds.length) out.categoryIds = ["Выберите категории"];
    else {
      const n = await env.DB.prepare("SELECT count(*) AS n FROM product_categories WHERE account_id = ? AND id IN (SELECT value FROM json_each(?))").bind(accountId, JSON.stringify(m.categoryIds)).first<{ n: number }>();
      if (Number(n?.n) !== new Set(m.categoryIds).size) out.categoryIds = ["Категория не найдена"];
    }
  }
  if (m.appliesTo === "products") {
    if (!m.productIds.length) out.productIds = ["Выберите товары"];
    else {
      const n = await env.DB.prepare("SELECT count(*) AS n FROM products WHERE account_id = ? AND id IN (SELECT value FROM json_each(?))").bind(accountId, JSON.stringify(m.productIds)).first<{ n: number }>();
      if (Number(n?.n) !== new Set(m.productIds).size) out.productIds = ["Товар не найден"];
    }
  }
  return out;
}

function throwIf(fields: FieldErrors) {
  const first = Object.entries(fields)[0];
  if (first) throw badRequest(`Проверьте введённые данные — ${first[0]}: ${first[1][0]}`, "VALIDATION_ERROR", { fields });
}

async function timezoneOf(env: Env, accountId: string) {
  const r = await env.DB.prepare("SELECT timezone FROM accounts WHERE id = ?").bind(accountId).first<{ timezone: string }>();
  return r?.timezone || "Europe/Moscow";
}

/** The kind decides which value is kept: a percent promotion carries no amount or gift text, and so on. */
function kindValues(m: Pick<Merged, "kind" | "percent" | "amount" | "giftText">) {
  return { percent: m.kind === "percent" ? m.percent : null, amount: m.kind === "fixed" ? m.amount : null, giftText: m.kind === "gift" ? m.giftText : m.giftText };
}

export async function createPromotion(env: Env, accountId: string, input: PromotionCreateInput) {
  const tz = await timezoneOf(env, accountId);
  const m: Merged = { ...input, validFrom: instantOf(input.validFrom, tz, false), validTo: instantOf(input.validTo, tz, true) };
  throwIf(await problems(env, accountId, m));
  const id = newId();
  const now = Date.now();
  const k = kindValues(m);
  await env.DB.prepare(
    `INSERT INTO promotions (id, account_id, name, description, code, kind, percent, amount, currency, gift_text, applies_to, category_ids, product_ids, min_order, valid_from, valid_to, usage_limit, used_count, active, search_text, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      accountId,
      input.name,
      input.description,
      input.code,
      input.kind,
      k.percent,
      k.amount,
      input.currency,
      k.giftText,
      input.appliesTo,
      JSON.stringify(input.appliesTo === "categories" ? input.categoryIds : []),
      JSON.stringify(input.appliesTo === "products" ? input.productIds : []),
      input.minOrder,
      m.validFrom,
      m.validTo,
      input.usageLimit,
      input.active ? 1 : 0,
      searchText(input.name, input.code),
      now,
      now,
    )
    .run();
  return getPromotion(env, accountId, id);
}

export async function updatePromotion(env: Env, accountId: string, promotionId: string, input: PromotionUpdateInput) {
  const cur = await promotionRow(env, accountId, promotionId);
  const tz = await timezoneOf(env, accountId);
  const m: Merged = {
    kind: input.kind ?? cur.kind,
    percent: input.percent !== undefined ? input.percent : cur.percent,
    amount: input.amount !== undefined ? input.amount : cur.amount,
    giftText: input.giftText !== undefined ? input.giftText : cur.gift_text,
    appliesTo: input.appliesTo ?? cur.applies_to,
    categoryIds: input.categoryIds ?? list(cur.category_ids),
    productIds: input.productIds ?? list(cur.product_ids),
    validFrom: input.validFrom !== undefined ? instantOf(input.validFrom, tz, false) : cur.valid_from,
    validTo: input.validTo !== undefined ? instantOf(input.validTo, tz, true) : cur.valid_to,
  };
  throwIf(await problems(env, accountId, m));
  const k = kindValues(m);
  await env.DB.prepare(
    `UPDATE promotions SET name = ?, description = ?, code = ?, kind = ?, percent = ?, amount = ?, currency = ?, gift_text = ?, applies_to = ?, category_ids = ?, product_ids = ?,
       min_order = ?, valid_from = ?, valid_to = ?, usage_limit = ?, active = ?, search_text = ?, updated_at = ? WHERE id = ? AND account_id = ?`,
  )
    .bind(
      input.name ?? cur.name,
      input.description ?? cur.description,
      input.code !== undefined ? input.code : cur.code,
      m.kind,
      k.percent,
      k.amount,
      input.currency ?? cur.currency,
      k.giftText,
      m.appliesTo,
      JSON.stringify(m.appliesTo === "categories" ? m.categoryIds : []),
      JSON.stringify(m.appliesTo === "products" ? m.productIds : []),
      input.minOrder !== undefined ? input.minOrder : cur.min_order,
      m.validFrom,
      m.validTo,
      input.usageLimit !== undefined ? input.usageLimit : cur.usage_limit,
      input.active !== undefined ? (input.active ? 1 : 0) : cur.active,
      searchText(input.name ?? cur.name, input.code !== undefined ? input.code : cur.code),
      Date.now(),
      promotionId,
      accountId,
    )
    .run();
  return getPromotion(env, accountId, promotionId);
}

export async function deletePromotion(env: Env, accountId: string, promotionId: string) {
  const r = await env.DB.prepare("DELETE FROM promotions WHERE id = ? AND account_id = ? RETURNING id").bind(promotionId, accountId).first();
  if (!r) throw notFound(PROMOTION_NOT_FOUND, "PROMOTION_NOT_FOUND");
  return { promotionId };
}

export type { PromotionStatus };
