import { useListParams } from "@/components/list-params";
import { AVAILABILITIES, PRODUCT_SORTS, type ProductsFilter, type ProductsParams, type ProductSort } from "./api";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => ((values as readonly string[]).includes(value ?? "") ? (value as T) : undefined);

/** A price bound from the URL (whole roubles, as typed) in minor units, or undefined. */
export function priceParam(value: string | null): number | undefined {
  if (!value) return undefined;
  const n = Number(value.replace(",", "."));
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) : undefined;
}

/**
 * The products table's state in the URL: page, size, sort, search (`q`), category, availability,
 * active and the price range in roubles (`priceMin`, `priceMax`), so a reload or a shared link shows
 * the same rows.
 */
export function useProductsParams() {
  const { params, page, limit, q, update } = useListParams();
  const active = params.get("active");
  const filter: ProductsFilter = {
    q: q || undefined,
    categoryId: params.get("categoryId") || undefined,
    availability: oneOf(AVAILABILITIES, params.get("availability")),
    active: active === "true" || active === "false" ? active : undefined,
    priceMin: priceParam(params.get("priceMin")),
    priceMax: priceParam(params.get("priceMax")),
  };
  const p: ProductsParams = {
    page,
    limit,
    ...filter,
    sortBy: oneOf<ProductSort>(PRODUCT_SORTS, params.get("sortBy")) ?? "updatedAt",
    sortDir: params.get("sortDir") === "asc" ? "asc" : "desc",
  };
  const filtered = Object.values(filter).some((v) => v !== undefined);
  return { p, q, filter, params, update, filtered };
}
