import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { assistantApi } from "@/features/assistants/api";
import { contactApi } from "@/features/contacts/api";
import { useAbility } from "@/lib/ability";

/** Shorter queries match too much to be useful and cost a request per keystroke. */
export const PALETTE_MIN_CHARS = 2;
export const PALETTE_DEBOUNCE_MS = 250;
const LIMIT = 5;

export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

/**
 * What the command palette finds through the API for a typed text: the account's contacts and
 * assistants and the templates library, each from its own list endpoint, asked only when the
 * member's abilities allow reading that kind (the server would answer 403 anyway).
 */
export function usePaletteSearch(text: string, accountId: string | null, open: boolean) {
  const ability = useAbility();
  const q = useDebounced(text.trim(), PALETTE_DEBOUNCE_MS);
  const active = open && q.length >= PALETTE_MIN_CHARS;
  const settling = open && text.trim() !== q && text.trim().length >= PALETTE_MIN_CHARS;
  const common = { staleTime: 30_000, retry: false } as const;

  /** One of the account's lists, searched when the member may read that kind. */
  const accountSearch = <T>(kind: "contacts" | "assistants", subject: "Contact" | "Assistant", search: (accountId: string, q: string, limit: number, signal?: AbortSignal) => Promise<T>) => ({
    ...common,
    queryKey: ["accounts", accountId, "palette", kind, q],
    queryFn: ({ signal }: { signal: AbortSignal }) => search(accountId!, q, LIMIT, signal),
    enabled: active && !!accountId && ability.can("read", subject),
  });
  const contacts = useQuery(accountSearch("contacts", "Contact", contactApi.search));
  const assistants = useQuery(accountSearch("assistants", "Assistant", assistantApi.search));
  const templates = useQuery({
    ...common,
    queryKey: ["assistant-templates", "palette", q],
    queryFn: ({ signal }) => assistantApi.searchTemplates(q, LIMIT, signal),
    enabled: active && ability.can("read", "Template"),
  });

  const queries = [contacts, assistants, templates];
  return {
    q,
    active,
    loading: settling || queries.some((r) => r.isFetching),
    failed: queries.some((r) => r.isError),
    contacts: active ? (contacts.data?.data ?? []) : [],
    assistants: active ? (assistants.data?.data ?? []) : [],
    templates: active ? (templates.data?.data ?? []) : [],
  };
}
