import { useListParams } from "@/components/list-params";
import { PLATFORMS, THREAD_STATUSES, type Platform, type ThreadStatus } from "@/features/chat/api";
import type { ContactsParams, SortBy } from "./api";

export const CONTACT_SORTS: SortBy[] = ["lastSeenAt", "createdAt", "name"];

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => ((values as readonly string[]).includes(value ?? "") ? (value as T) : undefined);

/** The contacts table's query in the URL: page, size, search, platform and status filters, sorting. */
export function useContactsParams() {
  const { params, page, limit, q, update } = useListParams();
  const p: ContactsParams = {
    page,
    limit,
    q: q || undefined,
    platform: oneOf<Platform>(PLATFORMS, params.get("platform")),
    status: oneOf<ThreadStatus>(THREAD_STATUSES, params.get("status")),
    sortBy: oneOf(CONTACT_SORTS, params.get("sortBy")) ?? "lastSeenAt",
    sortDir: params.get("sortDir") === "asc" ? "asc" : "desc",
  };
  return { p, update, filtered: !!(p.q || p.platform || p.status) };
}
