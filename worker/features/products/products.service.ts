import type { Env } from "../../env";
import { AppError, notFound, fieldError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { paged } from "../../lib/validation";
import { deleteMedia } from "../inbox/media";
import { mediaUrl } from "../inbox/serialize";
import type { Product, ProductAttribute, ProductBulkInput, ProductCreateInput, ProductFilter, ProductListQuery, ProductUpdateInput } from "./contract";
import { productHaystacks, productOrder, productPageSql, productWhere, type ProductSqlFilter } from "./search-sql";

export const PRODUCT_NOT_FOUND = "Товар не найден";
export const MAX_PRODUCTS = 100_000;

/** The select list of a product row with its category's name (aliases `p` and `c`). */
export const PRODUCT_COLUMNS =
  "p.id, p.sku, p.name, p.description, p.category_id, c.name AS category_name, p.price, p.old_price, p.currency, p.availability, p.stock_count, p.images, p.link, p.active, p.attributes, p.created_at, p.updated_at";

export type ProductSqlRow = Record<string, unknown>;

function json<T>(v: unknown, fallback: T): T {
  if (typeof v !== "string") return fallback;
  try {
    return JSON.parse(v) as T;
  } catch {
    return fallback;
  }
}

export function productDto(accountId: string, r: ProductSqlRow): Product {
  return {
    productId: String(r.id),
    name: String(r.name),
    description: String(r.description ?? ""),
    sku: String(r.sku),
    categoryId: (r.category_id as string | null) ?? null,
    categoryName: (r.category_name as string | null) ?? null,
    price: Number(r.price),
    oldPrice: r.old_price == null ? null : Number(r.old_price),
    currency: String(r.currency),
    availability: r.availability as Product["availability"],
    stockCount: r.stock_count == null ? null : Number(r.stock_count),
    images: json<string[]>(r.images, []).map((key) => ({ key, url: mediaUrl(accountId, key)! })),
    link: (r.link as string | null) ?? null,
    active: Number(r.active) === 1 || r.active === true,
    attributes: json<ProductAttribute[]>(r.attributes, []),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

function sqlFilter(f: ProductFilter): ProductSqlFilter {
  return { q: f.q, categoryId: f.categoryId, availability: f.availability, active: f.active, priceMin: f.priceMin, priceMax: f.priceMax };
}

export async function listProducts(env: Env, accountId: string, q: ProductListQuery) {
  const w = productWhere(accountId, sqlFilter(q));
  const offset = (q.page - 1) * q.limit;
  const rows = await env.DB.prepare(productPageSql(PRODUCT_COLUMNS, w, productOrder(w, q.sortBy, q.sortDir)))
    .bind(...w.args, q.limit, offset)
    .all<ProductSqlRow>();
  let total = Number(rows.results[0]?.page__total ?? 0);
  if (rows.results.length === 0 && offset > 0) {
    const r = await env.DB.prepare(`${w.with} SELECT count(*) AS n FROM ${w.from} WHERE ${w.where}`)
      .bind(...w.args)
      .first<{ n: number }>();
    total = Number(r?.n ?? 0);
  }
  return paged(
    rows.results.map((r) => productDto(accountId, r)),
    total,
    q.page,
    q.limit,
  );
}

export async function getProduct(env: Env, accountId: string, productId: string): Promise<Product> {
  const r = await env.DB.prepare(`SELECT ${PRODUCT_COLUMNS} FROM products p LEFT JOIN product_categories c ON c.id = p.category_id WHERE p.id = ? AND p.account_id = ?`)
    .bind(productId, accountId)
    .first<ProductSqlRow>();
  if (!r) throw notFound(PRODUCT_NOT_FOUND, "PRODUCT_NOT_FOUND");
  return productDto(accountId, r);
}

export const SKU_TAKEN = "Товар с таким артикулом уже есть";

/** Checks what the schema cannot: the category is the account's, the images are its product images. */
async function checkRefs(env: Env, accountId: string, input: { categoryId?: string | null; images?: string[] }) {
  if (input.categoryId) {
    const c = await env.DB.prepare("SELECT 1 AS x FROM product_categories WHERE id = ? AND account_id = ?").bind(input.categoryId, accountId).first();
    if (!c) throw fieldError("categoryId", "Категория не найдена");
  }
  const prefix = `accounts/${accountId}/products/`;
  if (input.images?.some((k) => !k.startsWith(prefix) || k.includes(".."))) throw fieldError("images", "Изображение не найдено: загрузите его заново");
}

async function skuTaken(env: Env, accountId: string, sku: string, exceptId?: string) {
  const r = await env.DB.prepare("SELECT id FROM products WHERE account_id = ? AND sku = ?").bind(accountId, sku).first<{ id: string }>();
  return !!r && r.id !== exceptId;
}

function isUniqueSku(e: unknown) {
  return e instanceof Error && /UNIQUE constraint failed: products\.account_id, products\.sku/.test(e.message);
}

export async function createProduct(env: Env, accountId: string, input: ProductCreateInput): Promise<Product> {
  await checkRefs(env, accountId, input);
  if (await skuTaken(env, accountId, input.sku)) throw fieldError("sku", SKU_TAKEN);
  const n = await env.DB.prepare("SELECT count(*) AS n FROM products WHERE account_id = ?").bind(accountId).first<{ n: number }>();
  if ((n?.n ?? 0) >= MAX_PRODUCTS) throw new AppError(400, "PRODUCTS_LIMIT", `В каталоге может быть не больше ${MAX_PRODUCTS} товаров`);
  const id = newId();
  const now = Date.now();
  const hay = productHaystacks(input);
  try {
    await env.DB.prepare(
      `INSERT INTO products (id, account_id, sku, name, description, category_id, price, old_price, currency, availability, stock_count, images, link, active, attributes, search_name, search_body, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
      .bind(
        id,
        accountId,
        input.sku,
        input.name,
        input.description,
        input.categoryId,
        input.price,
        input.oldPrice,
        input.currency,
        input.availability,
        input.stockCount,
        JSON.stringify(input.images),
        input.link,
        input.active ? 1 : 0,
        JSON.stringify(input.attributes),
        hay.searchName,
        hay.searchBody,
        now,
        now,
      )
      .run();
  } catch (e) {
    if (isUniqueSku(e)) throw fieldError("sku", SKU_TAKEN);
    throw e;
  }
  return getProduct(env, accountId, id);
}

export async function updateProduct(env: Env, accountId: string, productId: string, input: ProductUpdateInput): Promise<Product> {
  const current = await getProduct(env, accountId, productId);
  await checkRefs(env, accountId, input);
  if (input.sku !== undefined && input.sku !== current.sku && (await skuTaken(env, accountId, input.sku, productId))) throw fieldError("sku", SKU_TAKEN);
  const next = {
    ...current,
    ...input,
    images: input.images ?? current.images.map((i) => i.key),
  };
  if (next.oldPrice !== null && next.oldPrice <= next.price) throw fieldError("oldPrice", "Старая цена должна быть больше текущей");
  const hay = productHaystacks(next);
  try {
    await env.DB.prepare(
      `UPDATE products SET sku = ?, name = ?, description = ?, category_id = ?, price = ?, old_price = ?, currency = ?, availability = ?, stock_count = ?, images = ?, link = ?, active = ?, attributes = ?, search_name = ?, search_body = ?, updated_at = ?
       WHERE id = ? AND account_id = ?`,
    )
      .bind(
        next.sku,
        next.name,
        next.description,
        next.categoryId,
        next.price,
        next.oldPrice,
        next.currency,
        next.availability,
        next.stockCount,
        JSON.stringify(next.images),
        next.link,
        next.active ? 1 : 0,
        JSON.stringify(next.attributes),
        hay.searchName,
        hay.searchBody,
        Date.now(),
        productId,
        accountId,
      )
      .run();
  } catch (e) {
    if (isUniqueSku(e)) throw fieldError("sku", SKU_TAKEN);
    throw e;
  }
  // Images taken off the product and used by no other product leave R2.
  const dropped = current.images.map((i) => i.key).filter((k) => !next.images.includes(k));
  if (dropped.length) await deleteUnusedImages(env, accountId, dropped);
  return getProduct(env, accountId, productId);
}

/** Deletes the R2 objects of these keys that no product of the account still shows (duplicates share images). */
async function deleteUnusedImages(env: Env, accountId: string, keys: string[]) {
  if (!keys.length) return;
  const used = await env.DB.prepare(
    "SELECT DISTINCT j.value AS key FROM products p, json_each(p.images) j WHERE p.account_id = ? AND p.images != '[]' AND j.value IN (SELECT value FROM json_each(?))",
  )
    .bind(accountId, JSON.stringify(keys))
    .all<{ key: string }>();
  const still = new Set(used.results.map((r) => r.key));
  await deleteMedia(
    env,
    accountId,
    keys.filter((k) => !still.has(k)),
  );
}

export async function deleteProduct(env: Env, accountId: string, productId: string) {
  const row = await env.DB.prepare("DELETE FROM products WHERE id = ? AND account_id = ? RETURNING images").bind(productId, accountId).first<{ images: string }>();
  if (!row) throw notFound(PRODUCT_NOT_FOUND, "PRODUCT_NOT_FOUND");
  await deleteUnusedImages(env, accountId, json<string[]>(row.images, []));
  return { productId };
}

/** A copy of the product: "(копия)" in the name, a free SKU `<sku>-copy[-n]`, switched off until checked, the same images. */
export async function duplicateProduct(env: Env, accountId: string, productId: string): Promise<Product> {
  const p = await getProduct(env, accountId, productId);
  const base = `${p.sku}`.slice(0, 55);
  let sku = `${base}-copy`;
  for (let n = 2; await skuTaken(env, accountId, sku); n++) sku = `${base}-copy-${n}`;
  return createProduct(env, accountId, {
    name: `${p.name} (копия)`.slice(0, 200),
    description: p.description,
    sku,
    categoryId: p.categoryId,
    price: p.price,
    oldPrice: p.oldPrice,
    currency: p.currency,
    availability: p.availability,
    stockCount: p.stockCount,
    images: p.images.map((i) => i.key),
    link: p.link,
    active: false,
    attributes: p.attributes,
  });
}

/** Activate, deactivate or delete the given products (ids) or every product matching a filter: one set-based statement. */
export async function bulkProducts(env: Env, accountId: string, input: ProductBulkInput) {
  const w = productWhere(accountId, input.ids ? { ids: input.ids } : sqlFilter(input.filter ?? {}));
  const ids = `${w.with} SELECT p.id FROM ${w.from} WHERE ${w.where}`;
  if (input.action === "delete") {
    const rows = await env.DB.prepare(`DELETE FROM products WHERE account_id = ? AND id IN (${ids}) RETURNING images`)
      .bind(accountId, ...w.args)
      .all<{ images: string }>();
    const keys = rows.results.flatMap((r) => json<string[]>(r.images, []));
    await deleteUnusedImages(env, accountId, [...new Set(keys)]);
    return { affected: rows.results.length };
  }
  const r = await env.DB.prepare(`UPDATE products SET active = ?, updated_at = ? WHERE account_id = ? AND active != ? AND id IN (${ids})`)
    .bind(input.action === "activate" ? 1 : 0, Date.now(), accountId, input.action === "activate" ? 1 : 0, ...w.args)
    .run();
  return { affected: r.meta.changes ?? 0 };
}
