import { useEffect, useMemo, useState } from "react";
import type { AudienceFilter } from "@/features/audience/api";
import type { ContactRow } from "./api";
import type { Selection } from "./components/contacts-columns";
import type { BulkTarget } from "./components/bulk-bar";

/**
 * The rows chosen for a bulk action, across pages, or «all N matching the filter». A new filter
 * clears the choice (what was chosen may no longer be listed).
 */
export function useContactSelection(rows: ContactRow[], filter: AudienceFilter, filterKey: string, total: number) {
  const [ids, setIds] = useState<string[]>([]);
  const [all, setAll] = useState(false);
  useEffect(() => {
    setIds([]);
    setAll(false);
  }, [filterKey]);

  const selection = useMemo<Selection>(() => {
    const chosen = new Set(ids);
    const onPage = rows.filter((r) => chosen.has(r.contactId)).length;
    return {
      has: (id) => all || chosen.has(id),
      toggle: (row, on) => {
        setAll(false);
        setIds((cur) => (on ? [...cur.filter((x) => x !== row.contactId), row.contactId] : cur.filter((x) => x !== row.contactId)));
      },
      page: {
        all: all || (rows.length > 0 && onPage === rows.length),
        some: onPage > 0,
        toggle: (on) => {
          setAll(false);
          const pageIds = rows.map((r) => r.contactId);
          setIds((cur) => (on ? [...cur.filter((x) => !pageIds.includes(x)), ...pageIds] : cur.filter((x) => !pageIds.includes(x))));
        },
      },
    };
  }, [ids, all, rows]);

  const target: BulkTarget | null = all ? { kind: "filter", filter, total } : ids.length ? { kind: "ids", ids } : null;
  const clear = () => {
    setIds([]);
    setAll(false);
  };
  return { selection, target, selectAll: () => setAll(true), clear };
}
