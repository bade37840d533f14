import type { Env } from "../../env";
import { newId } from "../../lib/ids";
import { jsonChunks } from "../broadcasts/pump";
import type { JobOf } from "../jobs/jobs";
import { categoryByPath } from "./categories.service";
import type { ProductAttribute, ProductImportIssue, ProductImportMapping } from "./contract";
import { type ProductRecord, parseProductRow } from "./import-rows";
import { type ProductChunkObject, productChunkKey } from "./import.service";
import { productHaystacks } from "./search-sql";

interface ExistingRow {
  id: string;
  sku: string;
  name: string;
  description: string;
  category_id: string | null;
  price: number;
  old_price: number | null;
  currency: string;
  availability: string;
  stock_count: number | null;
  link: string | null;
  active: number;
  attributes: string;
}

/** A full product row for the set-based insert or update (JSON keys = columns). */
function fullRow(rec: ProductRecord, cur: ExistingRow | undefined, categoryId: string | null | undefined, now: number) {
  const attrs: ProductAttribute[] = cur ? (JSON.parse(cur.attributes) as ProductAttribute[]) : [];
  for (const a of rec.attributes) {
    const at = attrs.findIndex((x) => x.key.toLowerCase() === a.key.toLowerCase());
    if (at >= 0) attrs[at] = { key: attrs[at]!.key, value: a.value };
    else attrs.push(a);
  }
  const row = {
    id: cur?.id ?? newId(),
    sku: rec.sku,
    name: rec.name ?? cur?.name ?? "",
    description: rec.description ?? cur?.description ?? "",
    category_id: categoryId !== undefined ? categoryId : (cur?.category_id ?? null),
    price: rec.price ?? cur?.price ?? 0,
    old_price: rec.oldPrice ?? cur?.old_price ?? null,
    currency: rec.currency ?? cur?.currency ?? "RUB",
    availability: rec.availability ?? cur?.availability ?? "in_stock",
    stock_count: rec.stockCount ?? cur?.stock_count ?? null,
    link: rec.link ?? cur?.link ?? null,
    active: rec.active === undefined ? (cur ? cur.active : 1) : rec.active ? 1 : 0,
    attributes: JSON.stringify(attrs.slice(0, 30)),
    updated_at: now,
  };
  // A row that lowers the price below an old price it does not mention drops that old price.
  if (row.old_price !== null && row.old_price <= row.price) row.old_price = null;
  const hay = productHaystacks({ name: row.name, sku: row.sku, description: row.description, attributes: attrs });
  return { ...row, search_name: hay.searchName, search_body: hay.searchBody };
}

const col = (c: string) => `json_extract(j.value, '$.${c}')`;
const COLUMNS = ["sku", "name", "description", "category_id", "price", "old_price", "currency", "availability", "stock_count", "link", "active", "attributes", "search_name", "search_body", "updated_at"];

/**
 * Imports one chunk of a product import: upsert by SKU. Everything it writes (the new products, the
 * updated ones, the refused rows, the chunk's done row and the job's totals) is ONE D1 batch, i.e.
 * one transaction: a redelivered chunk finds its done row and stops; two deliveries at once cannot
 * both commit (the second one's done row breaks the primary key and its batch rolls back). Missing
 * categories of the chunk are created first (found again by name on a retry).
 */
export async function runProductImportChunk(env: Env, job: JobOf<"product-import-chunk">): Promise<void> {
  const { accountId, jobId, chunk } = job;
  const [jobs, done] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare("SELECT header, mapping FROM product_imports WHERE id = ? AND account_id = ?").bind(jobId, accountId),
    env.DB.prepare("SELECT 1 AS x FROM product_import_chunks WHERE import_id = ? AND chunk = ?").bind(jobId, chunk),
  ]);
  const meta = jobs!.results[0] as { header: string; mapping: string } | undefined;
  if (!meta || done!.results.length) return;
  const header = JSON.parse(meta.header) as string[];
  const mapping = JSON.parse(meta.mapping) as ProductImportMapping;
  const obj = await env.MEDIA.get(productChunkKey(accountId, jobId, chunk));
  if (!obj) throw new Error(`product import chunk ${jobId}/${chunk} is missing in R2`);
  const data = (await obj.json()) as ProductChunkObject;
  const skuCol = mapping.columns.indexOf("sku");
  const skus = data.rows.map((r) => (r.cells[skuCol] ?? "").trim()).filter(Boolean);
  const existing = await env.DB.prepare(
    `SELECT id, sku, name, description, category_id, price, old_price, currency, availability, stock_count, link, active, attributes
     FROM products WHERE account_id = ? AND sku IN (SELECT value FROM json_each(?))`,
  )
    .bind(accountId, JSON.stringify(skus))
    .all<ExistingRow>();
  const bySku = new Map(existing.results.map((r) => [r.sku, r]));
  const issues: ProductImportIssue[] = [];
  const dupOf = new Map(data.dup);
  const recs: ProductRecord[] = [];
  for (const row of data.rows) {
    const first = dupOf.get(row.n);
    if (first !== undefined) {
      issues.push({ row: row.n, column: header[skuCol] ?? "", value: row.cells[skuCol] ?? "", reason: `артикул повторяет строку ${first}` });
      continue;
    }
    const r = parseProductRow(row, mapping, header, (sku) => !bySku.has(sku));
    if (r.ok) recs.push(r.rec);
    else issues.push(...r.issues);
  }
  const cache = new Map<string, string>();
  const now = Date.now();
  const inserts: object[] = [];
  const updates: object[] = [];
  for (const rec of recs) {
    let categoryId: string | null | undefined;
    try {
      categoryId = rec.category === undefined ? undefined : await categoryByPath(env, accountId, rec.category, cache);
    } catch (e) {
      issues.push({ row: rec.n, column: header[mapping.columns.indexOf("category")] ?? "", value: rec.category ?? "", reason: `категория не создана: ${e instanceof Error ? e.message : String(e)}` });
      continue;
    }
    const cur = bySku.get(rec.sku);
    (cur ? updates : inserts).push(fullRow(rec, cur, categoryId, now));
  }
  const stmts: D1PreparedStatement[] = [
    env.DB.prepare("INSERT INTO product_import_chunks (import_id, chunk, done_at) VALUES (?, ?, ?)").bind(jobId, chunk, now),
  ];
  for (const json of jsonChunks(inserts)) {
    stmts.push(
      env.DB.prepare(
        `INSERT INTO products (id, account_id, ${COLUMNS.join(", ")}, images, created_at)
         SELECT ${col("id")}, ?1, ${COLUMNS.map(col).join(", ")}, '[]', ?3 FROM json_each(?2) j`,
      ).bind(accountId, json, now),
    );
  }
  for (const json of jsonChunks(updates)) {
    stmts.push(
      env.DB.prepare(
        `UPDATE products SET ${COLUMNS.map((c) => `${c} = s.${c}`).join(", ")}
         FROM (SELECT ${col("id")} AS id, ${COLUMNS.map((c) => `${col(c)} AS ${c}`).join(", ")} FROM json_each(?2) j) s
         WHERE products.id = s.id AND products.account_id = ?1`,
      ).bind(accountId, json),
    );
  }
  for (const json of jsonChunks(issues)) {
    stmts.push(
      env.DB.prepare(
        `INSERT INTO product_import_issues (import_id, row, "column", value, reason) SELECT ?1, ${col("row")}, ${col("column")}, ${col("value")}, ${col("reason")} FROM json_each(?2) j`,
      ).bind(jobId, json),
    );
  }
  const failedRows = new Set(issues.map((i) => i.row)).size;
  stmts.push(
    env.DB.prepare(
      `UPDATE product_imports SET created = created + ?1, updated = updated + ?2, failed = failed + ?3, chunks_done = chunks_done + 1,
         status = CASE WHEN chunks_done + 1 >= chunk_count THEN 'completed' ELSE status END,
         finished_at = CASE WHEN chunks_done + 1 >= chunk_count THEN ?4 ELSE finished_at END, updated_at = ?4
       WHERE id = ?5 AND account_id = ?6`,
    ).bind(inserts.length, updates.length, failedRows, now, jobId, accountId),
  );
  try {
    await env.DB.batch(stmts);
  } catch (e) {
    // Another delivery of this chunk committed first: nothing more to do.
    if (e instanceof Error && /UNIQUE constraint failed: product_import_chunks/.test(e.message)) return;
    throw e;
  }
}
