import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";

/** Query factories of the account pages; keys nest under ["accounts", accountId, …] like every account query. */
export const accountQueries = {
  list: (params: { page: number; limit: number; q?: string }) =>
    queryOptions({
      queryKey: ["accounts", "list", params] as const,
      queryFn: () =>
        api.get<ApiResponse<"/accounts">>("/accounts", { query: { page: params.page, limit: params.limit, ...(params.q ? { q: params.q } : {}) }, silent: true }),
      placeholderData: (prev) => prev,
    }),
  detail: (accountId: string) =>
    queryOptions({
      queryKey: ["accounts", accountId, "detail"] as const,
      queryFn: () => api.get<ApiResponse<"/accounts/:accountId">>(`/accounts/${accountId}`, { silent: true }),
    }),
  settings: (accountId: string) =>
    queryOptions({
      queryKey: ["accounts", accountId, "settings"] as const,
      queryFn: () => api.get<ApiResponse<"/accounts/:accountId/settings">>(`/accounts/${accountId}/settings`, { silent: true }),
    }),
  members: (accountId: string) =>
    queryOptions({
      queryKey: ["accounts", accountId, "members"] as const,
      queryFn: () => api.get<ApiResponse<"/accounts/:accountId/members">>(`/accounts/${accountId}/members`, { silent: true }),
    }),
};

export const accountApi = {
  create: (body: ApiBody<"/accounts">) => api.post<ApiResponse<"/accounts", "post">>("/accounts", body, { silent: true }),
  skipWizardStep: (accountId: string, body: ApiBody<"/accounts/:accountId/skip-wizard-step">) =>
    api.post<ApiResponse<"/accounts/:accountId/skip-wizard-step", "post">>(`/accounts/${accountId}/skip-wizard-step`, body),
};
