/**
 * The catalogue tools' results as the trace shows them: the products a `search_products` or
 * `get_product` call returned (name, price, old price, availability, link), and the promotions of a
 * `list_promotions` call, read from the JSON the model got (worker/features/products/catalogue-tools.ts).
 * Tolerant of the shape: a list at the top or under products/items/results/data, or one product
 * (also under `product`); prices as minor units, `{minor, text}` or text.
 */
export const CATALOGUE_TOOLS = ["search_products", "get_product"] as const;

export interface TraceProduct {
  name: string;
  price: number | string | null;
  oldPrice: number | string | null;
  currency: string;
  availability: string | null;
  link: string | null;
}

const asRecord = (v: unknown): Record<string, unknown> | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
/** A price as minor units (a number, or the tools' `{minor, text}`), else its text. */
function money(v: unknown): number | string | null {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  const r = asRecord(v);
  if (r && typeof r.minor === "number") return r.minor;
  if (r && typeof r.text === "string") return r.text;
  return typeof v === "string" && v.trim() ? v.trim() : null;
}

function toProduct(v: unknown): TraceProduct | null {
  const r = asRecord(v);
  if (!r || typeof r.name !== "string") return null;
  return {
    name: r.name,
    price: money(r.price ?? r.priceText),
    oldPrice: money(r.oldPrice ?? r.oldPriceText),
    currency: typeof r.currency === "string" ? r.currency : "RUB",
    availability: typeof r.availability === "string" ? r.availability : null,
    link: typeof r.link === "string" ? r.link : null,
  };
}

/** The products in a tool's result, or null when the result is not a catalogue answer. */
export function productsOfToolResult(name: string, content: string): TraceProduct[] | null {
  if (!(CATALOGUE_TOOLS as readonly string[]).includes(name)) return null;
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch {
    return null;
  }
  const r = asRecord(data);
  const list = Array.isArray(data) ? data : [r?.products, r?.items, r?.results, r?.data].find(Array.isArray);
  if (Array.isArray(list)) return list.map(toProduct).filter((p): p is TraceProduct => p !== null);
  const one = toProduct(r?.product ?? data);
  return one ? [one] : null;
}

export interface TracePromotion {
  name: string;
  benefit: string | null;
  code: string | null;
}

/** The promotions of a `list_promotions` result, or null for another tool or an unreadable result. */
export function promotionsOfToolResult(name: string, content: string): TracePromotion[] | null {
  if (name !== "list_promotions") return null;
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch {
    return null;
  }
  const list = asRecord(data)?.promotions;
  if (!Array.isArray(list)) return null;
  return list.flatMap((v) => {
    const r = asRecord(v);
    if (!r || typeof r.name !== "string") return [];
    const benefit = [r.discount, r.gift].find((x): x is string => typeof x === "string" && x.trim() !== "") ?? null;
    return [{ name: r.name, benefit, code: typeof r.code === "string" ? r.code : null }];
  });
}
