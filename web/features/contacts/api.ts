import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ApiResponse } from "@/lib/api-types";
import { queryClient } from "@/lib/query";
import { onSocketEvent } from "@/lib/socket";

export type SortBy = "createdAt" | "lastSeenAt" | "name";

/** The table's query: a page, the sort, and the audience filter (search included) as its JSON text. */
export interface ContactsParams {
  page: number;
  limit: number;
  filter?: string;
  sortBy: SortBy;
  sortDir: "asc" | "desc";
}
/** One row of the contacts table (with tags, subscription and custom field values). */
export type ContactRow = ApiResponse<"/accounts/:accountId/contacts">["data"][number];

export type { ContactProfile, ContactThread } from "@worker/features/contacts/contacts.service";

/** Keys of the contacts pages under ["accounts", accountId, "contacts", …]. */
export const contactKeys = {
  all: (accountId: string) => ["accounts", accountId, "contacts"] as const,
  table: (accountId: string, p: ContactsParams) => ["accounts", accountId, "contacts", "table", p] as const,
  detail: (accountId: string, contactId: string) => ["accounts", accountId, "contacts", "detail", contactId] as const,
};

export const contactQueries = {
  table: (accountId: string, p: ContactsParams) =>
    queryOptions({
      queryKey: contactKeys.table(accountId, p),
      queryFn: ({ signal }) => api.get<ApiResponse<"/accounts/:accountId/contacts">>(`/accounts/${accountId}/contacts`, { query: { ...p }, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  detail: (accountId: string, contactId: string) =>
    queryOptions({
      queryKey: contactKeys.detail(accountId, contactId),
      queryFn: ({ signal }) => api.get<ApiResponse<"/accounts/:accountId/contacts/:contactId">>(`/accounts/${accountId}/contacts/${contactId}`, { signal, silent: true }),
    }),
};

export const contactApi = {
  /** A few matches for the command palette, quietly (a failed lookup only empties its group). */
  search: (accountId: string, q: string, limit: number, signal?: AbortSignal) =>
    api.get<ApiResponse<"/accounts/:accountId/contacts">>(`/accounts/${accountId}/contacts`, { query: { q, limit, page: 1 }, signal, silent: true, background: true }),
  remove: (accountId: string, contactId: string) => api.delete<ApiResponse<"/accounts/:accountId/contacts/:contactId", "delete">>(`/accounts/${accountId}/contacts/${contactId}`),
  /** Whether broadcasts reach the contact. */
  setSubscription: (accountId: string, contactId: string, subscription: Subscription) =>
    api.put<ApiResponse<"/accounts/:accountId/contacts/:contactId/subscription", "put">>(`/accounts/${accountId}/contacts/${contactId}/subscription`, { subscription }),
};

/** subscribed: broadcasts reach the contact; unsubscribed: they asked to stop (or blocked the bot); blocked: by the account. */
export type Subscription = ContactRow["subscription"];

let installed = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const pending = new Set<string>();

/**
 * The contacts pages follow the room: contact updates refresh the open table and profile (batched,
 * so a burst of messages costs one refetch), a deleted contact disappears.
 */
export function installContactsRealtime() {
  if (installed) return;
  installed = true;
  const refresh = (accountId: string) => {
    pending.add(accountId);
    clearTimeout(timer);
    timer = setTimeout(() => {
      for (const id of pending) void queryClient.invalidateQueries({ queryKey: contactKeys.all(id) });
      pending.clear();
    }, 500);
  };
  onSocketEvent("updateContact", (_d, { accountId }) => refresh(accountId));
  // A message frame carries its contact's new state (last message, last seen) instead of an updateContact.
  onSocketEvent("message", (_d, { accountId }) => refresh(accountId));
  onSocketEvent("deleteContact", (_d, { accountId }) => refresh(accountId));
}
