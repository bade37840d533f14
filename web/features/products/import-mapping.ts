import { IMPORT_TARGETS, suggestImportTarget, type ProductImportTarget } from "@worker/features/products/contract";

export { IMPORT_TARGETS as PRODUCT_IMPORT_TARGETS, type ProductImportTarget };

/** A target per column from its header (the contract's hints), each standard one used at most once (the first column wins). */
export function suggestProductMapping(header: string[]): (ProductImportTarget | null)[] {
  const used = new Set<string>();
  return header.map((h) => {
    const t = suggestImportTarget(h);
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
