import type { Env } from "../../env";
import { accountZone, type Cell, localStamp, sheetResponse } from "../../lib/spreadsheet";
import { AVAILABILITY_LABELS, type Product, type ProductFilter } from "./contract";
import { PRODUCT_COLUMNS, productDto, type ProductSqlRow } from "./products.service";
import { productWhere } from "./search-sql";

const PAGE = 500;

/** The columns of the export, headed as the import's suggestions read them back (a round trip maps itself). */
const COLUMNS: { header: string; value: (p: Product, categoryPath: string) => Cell }[] = [
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
 * The filtered products as CSV or XLSX, in keyset pages of 500, made for Russian Excel by
 * lib/spreadsheet's rules as the contacts export (`;` and a BOM, prices with a decimal comma, the
 * sheet «Товары», formulas guarded, the file named by the account's date): the standard columns,
 * then one column per attribute key met in the catalogue (in first-seen order). The category is its
 * path "Родитель / Подкатегория". The product import reads the file back as it is.
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
  const values = (p: Product): Cell[] => [
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
  const rows = async function* () {
    for await (const page of pages()) yield page.map(values);
  };
  const tz = await accountZone(env, accountId);
  return sheetResponse(q.format, { headers, pages: rows, tz, fileName: `products-${localStamp(tz)}`, sheet: "Товары", width: (i) => (i === 1 || i === 2 ? 36 : 16) });
}
