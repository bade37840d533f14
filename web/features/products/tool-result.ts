/**
 * The catalogue tools' results as the trace shows them: the products a `search_products` or
 * `get_product` call returned (name, price, old price, availability, link), read from the JSON the
 * model got. Tolerant of the shape: a list at the top or under products/items/results/data, or
 * one product (also under `product`); prices as minor units or as text.
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
const money = (v: unknown): number | string | null => (typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && v.trim() ? v.trim() : null);

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
