import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { Account, AccountSettings, Invitation, Member, Paged } from "./types";

/** Query factories of the account pages; keys nest under ["accounts", accountId, …] like every account query. */
export const accountQueries = {
  list: (params: { page: number; limit: number; q?: string }) =>
    queryOptions({
      queryKey: ["accounts", "list", params] as const,
      queryFn: () =>
        api.get<Paged<Account>>("/accounts", { query: { page: params.page, limit: params.limit, ...(params.q ? { q: params.q } : {}) }, silent: true }),
      placeholderData: (prev) => prev,
    }),
  detail: (accountId: string) =>
    queryOptions({
      queryKey: ["accounts", accountId, "detail"] as const,
      queryFn: () => api.get<Account>(`/accounts/${accountId}`, { silent: true }),
    }),
  settings: (accountId: string) =>
    queryOptions({
      queryKey: ["accounts", accountId, "settings"] as const,
      queryFn: () => api.get<AccountSettings>(`/accounts/${accountId}/settings`, { silent: true }),
    }),
  members: (accountId: string) =>
    queryOptions({
      queryKey: ["accounts", accountId, "members"] as const,
      queryFn: () => api.get<{ data: Member[]; invitations: Invitation[] }>(`/accounts/${accountId}/members`, { silent: true }),
    }),
};
