import { useCallback, useEffect, useRef, useState } from "react";
import { useListParams } from "@/components/list-params";
import type { AudienceFilter } from "@/features/audience/api";
import { filterKey, parseFilter } from "@/features/audience/filter-model";
import type { ContactsParams, SortBy } from "./api";

export const CONTACT_SORTS: SortBy[] = ["lastSeenAt", "createdAt", "name"];

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => ((values as readonly string[]).includes(value ?? "") ? (value as T) : undefined);

/**
 * The contacts table's state in the URL: page, size, sort, the audience filter (`filter`, JSON;
 * the search box keeps its own `q`) the applied segment (`segment`) and whether the filter panel is open (`filters=open`). A reload or a shared link
 * shows the same rows.
 */
export function useContactsParams() {
  const { params, page, limit, q, update } = useListParams();
  const urlFilter = params.get("filter") ?? "";
  const full = parseFilter(urlFilter);
  if (q) full.q = q;
  const key = filterKey(full);
  const p: ContactsParams = {
    page,
    limit,
    filter: key || undefined,
    sortBy: oneOf(CONTACT_SORTS, params.get("sortBy")) ?? "lastSeenAt",
    sortDir: params.get("sortDir") === "asc" ? "asc" : "desc",
  };
  return { p, q, urlFilter, filter: full, segmentId: params.get("segment") ?? undefined, filtersOpen: params.get("filters") === "open", update, filtered: key !== "" };
}

/**
 * The filter being edited: the builder may hold an unfinished condition, which the URL never
 * carries; a finished change reaches the URL after a short pause (one request, not one per key).
 * A change of the URL from elsewhere (a chip, a segment, back) replaces the draft.
 */
export function useFilterDraft(urlFilter: string, write: (key: string) => void) {
  const [draft, setDraft] = useState<AudienceFilter>(() => parseFilter(urlFilter));
  const written = useRef(filterKey(parseFilter(urlFilter)));
  const urlKey = filterKey(parseFilter(urlFilter));
  useEffect(() => {
    if (urlKey !== written.current) {
      written.current = urlKey;
      setDraft(parseFilter(urlKey));
    }
  }, [urlKey]);
  useEffect(() => {
    const key = filterKey(draft);
    if (key === written.current) return;
    const id = setTimeout(() => {
      written.current = key;
      write(key);
    }, 350);
    return () => clearTimeout(id);
  }, [draft, write]);
  /** Applied at once (a chip's removal, a segment): no pause. */
  const apply = useCallback(
    (f: AudienceFilter) => {
      setDraft(f);
      written.current = filterKey(f);
      write(written.current);
    },
    [write],
  );
  return { draft, setDraft, apply };
}
