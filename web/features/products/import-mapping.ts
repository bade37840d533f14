/** The columns a product import can fill (CATALOG-CONTRACT.md), besides `attr:<name>`. */
export const PRODUCT_IMPORT_TARGETS = ["name", "sku", "description", "category", "price", "oldPrice", "currency", "availability", "stockCount", "link", "active"] as const;
export type ProductImportTarget = (typeof PRODUCT_IMPORT_TARGETS)[number] | `attr:${string}`;

/** Header words (Russian and English, lower case, no punctuation) that suggest a target. */
const SYNONYMS: Record<(typeof PRODUCT_IMPORT_TARGETS)[number], string[]> = {
  name: ["название", "наименование", "товар", "name", "title", "product"],
  sku: ["артикул", "sku", "код", "код товара", "article"],
  description: ["описание", "description"],
  category: ["категория", "раздел", "category"],
  price: ["цена", "стоимость", "price"],
  oldPrice: ["старая цена", "цена до скидки", "old price", "oldprice", "compare at price"],
  currency: ["валюта", "currency"],
  availability: ["наличие", "доступность", "availability", "stock status"],
  stockCount: ["остаток", "количество", "кол-во", "stock", "quantity", "qty"],
  link: ["ссылка", "url", "link", "адрес"],
  active: ["активен", "активный", "показывать", "active", "published", "visible"],
};

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[^\p{L}\p{N}\s-]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/** The target a header suggests: an exact synonym first, then one the header starts with; null when none. */
export function suggestProductTarget(header: string): ProductImportTarget | null {
  const h = norm(header);
  if (!h) return null;
  for (const [target, words] of Object.entries(SYNONYMS)) if (words.includes(h)) return target as ProductImportTarget;
  for (const [target, words] of Object.entries(SYNONYMS)) if (words.some((w) => w.length > 3 && h.startsWith(w))) return target as ProductImportTarget;
  return null;
}

/** A target per column, each standard one used at most once (the first column wins). */
export function suggestProductMapping(header: string[]): (ProductImportTarget | null)[] {
  const used = new Set<string>();
  return header.map((h) => {
    const t = suggestProductTarget(h);
    if (!t || used.has(t)) return null;
    used.add(t);
    return t;
  });
}

/** Why the mapping cannot start yet, or null: name, SKU (the upsert key) and price columns are needed. */
export function mappingProblem(columns: (ProductImportTarget | null)[]): "needName" | "needSku" | "needPrice" | null {
  if (!columns.includes("name")) return "needName";
  if (!columns.includes("sku")) return "needSku";
  if (!columns.includes("price")) return "needPrice";
  return null;
}
