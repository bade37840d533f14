import writeXlsxFile, { type Row } from "write-excel-file/node";
import type { Env } from "../../env";
import { csvLine } from "../contacts/export";
import { AVAILABILITY_LABELS, type Product, type ProductFilter } from "./contract";
import { PRODUCT_COLUMNS, productDto, type ProductSqlRow } from "./products.service";
import { productWhere } from "./search-sql";

const PAGE = 500;

/** The columns of the export, headed as the import's suggestions read them back (a round trip maps itself). */
const COLUMNS: { header: string; value: (p: Product, categoryPath: string) => string | number | null }[] = [
  { header: "Артикул", value: (p) => p.sku },
  { header: "Название", value: (p) => p.name },
  { header: "Описание", value: (p) => p.description || null },
  { header: "Категория", value: (_, path) => path || null },
  { header: "Цена", value: (p) => p.price / 100 },
  { header: "Старая цена", value: (p) => (p.oldPrice === null ? null : p.oldPrice / 100) },
  { header: "Валюта", value: (p) => p.currency },
  { header: "Наличие", value: (p) => AVAILABILITY_LABELS[p.availability] },
  { header: "Остаток", value: (p) => p.stockCount },
  { header: "Ссылка", value: (p) => p.link },
  { header: "Активен", value: (p) => (p.active ? "да" : "нет") },
];

/**
 * The filtered products as CSV (streamed, with a BOM, in keyset pages of 500) or XLSX
 * (write-excel-file's node entry, as the contacts export): the standard columns, then one column
 * per attribute key met in the catalogue (in first-seen order). The category is its path
 * "Родитель / Подкатегория", as the import reads it.
 */
export async function exportProducts(env: Env, accountId: string, q: ProductFilter & { format: "csv" | "xlsx" }): Promise<Response> {
  const w = productWhere(accountId, { q: q.q, categoryId: q.categoryId, availability: q.availability, active: q.active, priceMin: q.priceMin, priceMax: q.priceMax });
  const cats = await env.DB.prepare("SELECT c.id, c.name, p.name AS parent FROM product_categories c LEFT JOIN product_categories p ON p.id = c.parent_id WHERE c.account_id = ?")
    .bind(accountId)
    .all<{ id: string; name: string; parent: string | null }>();
  const pathOf = new Map(cats.results.map((c) => [c.id, c.parent ? `${c.parent} / ${c.name}` : c.name]));
  const attrRows = await env.DB.prepare(
    `${w.with} SELECT DISTINCT json_extract(a.value, '$.key') AS k FROM ${w.from}, json_each(p.attributes) a WHERE ${w.where} AND p.attributes != '[]' LIMIT 100`,
  )
    .bind(...w.args)
    .all<{ k: string }>();
  const attrKeys = attrRows.results.map((r) => r.k).filter(Boolean);
  const headers = [...COLUMNS.map((c) => c.header), ...attrKeys];
  const values = (p: Product) => [
    ...COLUMNS.map((c) => c.value(p, p.categoryId ? (pathOf.get(p.categoryId) ?? "") : "")),
    ...attrKeys.map((k) => p.attributes.find((a) => a.key === k)?.value ?? null),
  ];

  async function* pages(): AsyncGenerator<Product[]> {
    let after: string | null = null;
    for (;;) {
      const rows: { results: ProductSqlRow[] } = await env.DB.prepare(
        `${w.with} SELECT ${PRODUCT_COLUMNS} FROM ${w.from} LEFT JOIN product_categories c ON c.id = p.category_id WHERE ${w.where}${after ? " AND p.id > ?" : ""} ORDER BY p.id LIMIT ?`,
      )
        .bind(...w.args, ...(after ? [after] : []), PAGE)
        .all<ProductSqlRow>();
      if (!rows.results.length) return;
      yield rows.results.map((r) => productDto(accountId, r));
      if (rows.results.length < PAGE) return;
      after = String(rows.results[rows.results.length - 1]!.id);
    }
  }
  const stamp = new Date().toISOString().slice(0, 10);

  if (q.format === "csv") {
    const enc = new TextEncoder();
    const it = pages();
    let started = false;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(enc.encode(`\ufeff${csvLine(headers)}`));
          return;
        }
        const next = await it.next();
        if (next.done) return controller.close();
        controller.enqueue(enc.encode(next.value.map((p) => csvLine(values(p).map((v) => (v === null ? "" : typeof v === "number" ? String(v) : v)))).join("")));
      },
    });
    return new Response(stream, {
      headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="products-${stamp}.csv"`, "cache-control": "no-store" },
    });
  }

  const data: Row[] = [headers.map((h) => ({ value: h, fontWeight: "bold" as const }))];
  for await (const rows of pages()) for (const p of rows) data.push(values(p).map((v) => (v === null || v === "" ? null : v)));
  const buffer = await writeXlsxFile(data, { columns: headers.map((_, i) => ({ width: i === 1 || i === 2 ? 36 : 16 })), stickyRowsCount: 1 }).toBuffer();
  return new Response(new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength), {
    headers: {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": `attachment; filename="products-${stamp}.xlsx"`,
      "content-length": String(buffer.byteLength),
      "cache-control": "no-store",
    },
  });
}
