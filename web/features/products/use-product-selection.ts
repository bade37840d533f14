import { useEffect, useMemo, useState } from "react";
import type { ProductsFilter } from "./api";
import type { ProductSelection } from "./components/products-columns";

/** What a bulk action applies to: the chosen rows, or everything the filter matches. */
export type ProductBulkTarget = { kind: "ids"; ids: string[] } | { kind: "filter"; filter: ProductsFilter; total: number };

/**
 * Rows chosen for a bulk action across pages, or «all N matching the filter». A new filter clears
 * the choice (what was chosen may no longer be listed).
 */
export function useProductSelection(pageIds: string[], filter: ProductsFilter, total: number) {
  const [ids, setIds] = useState<string[]>([]);
  const [all, setAll] = useState(false);
  const filterKey = JSON.stringify(filter);
  useEffect(() => {
    setIds([]);
    setAll(false);
  }, [filterKey]);

  const selection = useMemo<ProductSelection>(() => {
    const chosen = new Set(ids);
    const onPage = pageIds.filter((id) => chosen.has(id)).length;
    return {
      has: (id) => all || chosen.has(id),
      toggle: (id, on) => {
        setAll(false);
        setIds((cur) => (on ? [...cur.filter((x) => x !== id), id] : cur.filter((x) => x !== id)));
      },
      page: {
        all: all || (pageIds.length > 0 && onPage === pageIds.length),
        some: onPage > 0,
        toggle: (on) => {
          setAll(false);
          setIds((cur) => (on ? [...cur.filter((x) => !pageIds.includes(x)), ...pageIds] : cur.filter((x) => !pageIds.includes(x))));
        },
      },
    };
  }, [ids, all, pageIds]);

  const target: ProductBulkTarget | null = all ? { kind: "filter", filter, total } : ids.length ? { kind: "ids", ids } : null;
  const clear = () => {
    setIds([]);
    setAll(false);
  };
  return { selection, target, selectAll: () => setAll(true), clear };
}
