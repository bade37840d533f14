import type { TableRow } from "../contact-import/import-format";
import { type Availability, parseMoney, PRODUCT_LIMITS, type ProductImportIssue, type ProductImportMapping } from "./contract";

/** What a row says about a product: only the mapped, non-empty cells (an update leaves the rest as it is). */
export interface ProductRecord {
  n: number;
  sku: string;
  name?: string;
  description?: string;
  category?: string;
  price?: number;
  oldPrice?: number;
  currency?: string;
  availability?: Availability;
  stockCount?: number;
  link?: string;
  active?: boolean;
  attributes: { key: string; value: string }[];
}

const AVAILABILITY_WORDS: Record<string, Availability> = {
  "в наличии": "in_stock",
  есть: "in_stock",
  да: "in_stock",
  in_stock: "in_stock",
  "in stock": "in_stock",
  "нет в наличии": "out_of_stock",
  нет: "out_of_stock",
  "нет на складе": "out_of_stock",
  out_of_stock: "out_of_stock",
  "out of stock": "out_of_stock",
  "под заказ": "on_order",
  "на заказ": "on_order",
  on_order: "on_order",
  "on order": "on_order",
};
const YES = new Set(["да", "yes", "true", "1", "активен", "+"]);
const NO = new Set(["нет", "no", "false", "0", "неактивен", "-"]);

/**
 * One data row checked against the mapping: a product record, or every bad cell with its column,
 * value and reason. `isNew` says whether the SKU is unknown in the account (a new product needs a
 * name and a price; an update may carry only what changes).
 */
export function parseProductRow(row: TableRow, mapping: ProductImportMapping, header: string[], isNew: (sku: string) => boolean): { ok: true; rec: ProductRecord } | { ok: false; issues: ProductImportIssue[] } {
  const issues: ProductImportIssue[] = [];
  const rec: ProductRecord = { n: row.n, sku: "", attributes: [] };
  const bad = (i: number, reason: string) => issues.push({ row: row.n, column: header[i] ?? "", value: (row.cells[i] ?? "").slice(0, 200), reason });
  const colOf = (t: string) => mapping.columns.indexOf(t);
  mapping.columns.forEach((target, i) => {
    const cell = (row.cells[i] ?? "").trim();
    if (!target || !cell) return;
    if (target.startsWith("attr:")) {
      if (cell.length > PRODUCT_LIMITS.attrValue) return bad(i, `значение длиннее ${PRODUCT_LIMITS.attrValue} символов`);
      rec.attributes.push({ key: target.slice(5).trim().slice(0, PRODUCT_LIMITS.attrKey), value: cell });
      return;
    }
    switch (target) {
      case "sku":
        if (cell.length > PRODUCT_LIMITS.sku) return bad(i, `артикул длиннее ${PRODUCT_LIMITS.sku} символов`);
        rec.sku = cell;
        return;
      case "name":
        if (cell.length > PRODUCT_LIMITS.name) return bad(i, `название длиннее ${PRODUCT_LIMITS.name} символов`);
        rec.name = cell;
        return;
      case "description":
        if (cell.length > PRODUCT_LIMITS.description) return bad(i, `описание длиннее ${PRODUCT_LIMITS.description} символов`);
        rec.description = cell;
        return;
      case "category":
        if (cell.split("/").filter((s) => s.trim()).length > 2) return bad(i, "категория глубже двух уровней: «Раздел / Подраздел»");
        rec.category = cell;
        return;
      case "price":
      case "oldPrice": {
        const m = parseMoney(cell);
        if (m === null) return bad(i, "не число: ожидается сумма вроде 1990 или 1 990,50");
        if (m < 0) return bad(i, "сумма не может быть отрицательной");
        if (m > 10_000_000_000) return bad(i, "слишком большая сумма");
        rec[target] = m;
        return;
      }
      case "currency":
        if (!/^[A-Za-z]{3}$/.test(cell) && !/^(₽|руб\.?|рубль|рубли)$/i.test(cell)) return bad(i, "валюта — код из трёх латинских букв, например RUB");
        rec.currency = /^[A-Za-z]{3}$/.test(cell) ? cell.toUpperCase() : "RUB";
        return;
      case "availability": {
        const a = AVAILABILITY_WORDS[cell.toLowerCase()];
        if (!a) return bad(i, "наличие: «в наличии», «нет в наличии» или «под заказ»");
        rec.availability = a;
        return;
      }
      case "stockCount": {
        const n = Number(cell.replace(/\s/g, "").replace(",", "."));
        if (!Number.isInteger(n) || n < 0) return bad(i, "остаток — целое число не меньше нуля");
        rec.stockCount = n;
        return;
      }
      case "link": {
        const url = /^[a-z][a-z0-9+.-]*:/i.test(cell) ? cell : `https://${cell}`;
        if (!/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(url) || url.length > PRODUCT_LIMITS.link) return bad(i, "ссылка должна вести на сайт (https://…)");
        rec.link = url;
        return;
      }
      case "active": {
        const v = cell.toLowerCase();
        if (!YES.has(v) && !NO.has(v)) return bad(i, "ожидается «да» или «нет»");
        rec.active = YES.has(v);
        return;
      }
    }
  });
  if (!rec.sku && !issues.some((x) => x.column === header[colOf("sku")])) bad(colOf("sku"), "нет артикула: по нему товар находится и обновляется");
  if (rec.sku && isNew(rec.sku)) {
    if (!rec.name && colOf("name") >= 0 && !issues.some((x) => x.column === header[colOf("name")])) bad(colOf("name"), "нет названия у нового товара");
    if (rec.price === undefined && colOf("price") >= 0 && !issues.some((x) => x.column === header[colOf("price")])) bad(colOf("price"), "нет цены у нового товара");
  }
  if (rec.price !== undefined && rec.oldPrice !== undefined && rec.oldPrice <= rec.price) bad(colOf("oldPrice"), "старая цена должна быть больше цены");
  if (rec.attributes.length > PRODUCT_LIMITS.attributes) bad(-1, `больше ${PRODUCT_LIMITS.attributes} характеристик`);
  if (rec.stockCount !== undefined && rec.availability === undefined) rec.availability = rec.stockCount > 0 ? "in_stock" : "out_of_stock";
  return issues.length ? { ok: false, issues } : { ok: true, rec };
}
