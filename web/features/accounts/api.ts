import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { Account, AccountSettings, Invitation, Member, Paged, WebhookEventType } from "./types";

/** Query factories of the account pages; keys nest under ["accounts", accountId, …] like every account query. */
export const accountQueries = {
  list: (params: { page: number; limit: number; q?: string }) =>
    queryOptions({
      queryKey: ["accounts", "list", params] as const,
      queryFn: ({ signal }) =>
        api.get<Paged<Account>>("/accounts", { query: { page: params.page, limit: params.limit, ...(params.q ? { q: params.q } : {}) }, signal, silent: true }),
      placeholderData: (prev) => prev,
    }),
  detail: (accountId: string) =>
    queryOptions({
      queryKey: ["accounts", accountId, "detail"] as const,
      queryFn: ({ signal }) => api.get<Account>(`/accounts/${accountId}`, { signal, silent: true }),
    }),
  settings: (accountId: string) =>
    queryOptions({
      queryKey: ["accounts", accountId, "settings"] as const,
      queryFn: ({ signal }) => api.get<AccountSettings>(`/accounts/${accountId}/settings`, { signal, silent: true }),
    }),
  members: (accountId: string) =>
    queryOptions({
      queryKey: ["accounts", accountId, "members"] as const,
      queryFn: ({ signal }) => api.get<{ data: Member[]; invitations: Invitation[] }>(`/accounts/${accountId}/members`, { signal, silent: true }),
    }),
  webhookEventTypes: (accountId: string) =>
    queryOptions({
      queryKey: ["accounts", accountId, "webhook-event-types"] as const,
      queryFn: ({ signal }) => api.get<{ data: WebhookEventType[] }>(`/accounts/${accountId}/webhook/event-types`, { signal, silent: true }),
      staleTime: Infinity,
    }),
};
