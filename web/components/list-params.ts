import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { PAGE_SIZE_OPTIONS } from "@/components/ui/pagination";

export const DEFAULT_PAGE_SIZE = 20;

export type ListParamsPatch = Record<string, string | number | null | undefined>;

/**
 * A paged list's state in the URL: `page` (1-based), `limit` (one of the §2.13 sizes, 20 by default)
 * and the search `q`, plus `update`, which writes a patch (null/undefined/"" removes a key) and goes
 * back to the first page unless the patch sets one.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const limitParam = Number(params.get("limit"));
  const limit = (PAGE_SIZE_OPTIONS as readonly number[]).includes(limitParam) ? limitParam : DEFAULT_PAGE_SIZE;
  const q = params.get("q") ?? "";

  const update = useCallback(
    (patch: ListParamsPatch, { push = false }: { push?: boolean } = {}) =>
      setParams(
        () => {
          // From the live URL: a debounced search must not drop a filter chosen meanwhile (the hook's copy may be stale).
          const next = new URLSearchParams(window.location.search);
          for (const [k, v] of Object.entries(patch)) {
            if (v === undefined || v === null || v === "") next.delete(k);
            else next.set(k, String(v));
          }
          if (!("page" in patch)) next.delete("page");
          return next;
        },
        { replace: !push },
      ),
    [setParams],
  );

  return { params, page, limit, q, update };
}

/**
 * The search box's text, written to the URL's `q` after a 300 ms pause so typing doesn't fire a
 * request per key. Returns the text and its setter.
 */
export function useDebouncedSearch(q: string, update: (patch: ListParamsPatch) => void) {
  const [search, setSearch] = useState(q);
  useEffect(() => {
    const id = setTimeout(() => {
      if (search.trim() !== q) update({ q: search.trim() || undefined });
    }, 300);
    return () => clearTimeout(id);
    // Only typing writes: a `q` changed by navigation must not be overwritten by the box's old text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  return [search, setSearch] as const;
}
