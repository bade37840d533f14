import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ApiResponse } from "@/lib/api-types";

export type AdminAccountRow = ApiResponse<"/admin/accounts">["data"][number];
export type AdminAccountPage = ApiResponse<"/admin/accounts/:accountId">;
export type AuditEntry = ApiResponse<"/admin/audit-log">["data"][number];
export type PlatformOverview = ApiResponse<"/admin/overview">;
export interface AdminAccountFilters {
  q?: string;
  plan?: string;
  status?: "active" | "blocked";
  createdFrom?: string;
  createdTo?: string;
}

/** The platform administrators' area: keys under ["admin", …] (no account scope). */
export const adminKeys = {
  all: () => ["admin"] as const,
  accounts: () => ["admin", "accounts"] as const,
  account: (accountId: string) => ["admin", "accounts", "detail", accountId] as const,
  audit: () => ["admin", "audit-log"] as const,
};

export const adminQueries = {
  accounts: (params: AdminAccountFilters & { page: number; limit: number }) =>
    queryOptions({
      queryKey: [...adminKeys.accounts(), "list", params] as const,
      queryFn: () => api.get<ApiResponse<"/admin/accounts">>("/admin/accounts", { query: { ...params, q: params.q || undefined }, silent: true }),
      placeholderData: keepPreviousData,
    }),
  account: (accountId: string) => queryOptions({ queryKey: adminKeys.account(accountId), queryFn: () => api.get<AdminAccountPage>(`/admin/accounts/${accountId}`, { silent: true }) }),
  overview: () => queryOptions({ queryKey: ["admin", "overview"] as const, queryFn: () => api.get<PlatformOverview>("/admin/overview", { silent: true }) }),
  audit: (params: { page: number; limit: number; accountId?: string }) =>
    queryOptions({
      queryKey: [...adminKeys.audit(), params] as const,
      queryFn: () => api.get<ApiResponse<"/admin/audit-log">>("/admin/audit-log", { query: params, silent: true }),
      placeholderData: keepPreviousData,
    }),
  plans: () => queryOptions({ queryKey: ["plans", "public"] as const, queryFn: () => api.get<ApiResponse<"/plans">>("/plans", { silent: true }), staleTime: 5 * 60_000 }),
};

export const adminApi = {
  block: (accountId: string, reason: string) => api.post<ApiResponse<"/admin/accounts/:accountId/block", "post">>(`/admin/accounts/${accountId}/block`, { reason }, { silent: true }),
  unblock: (accountId: string) => api.post<ApiResponse<"/admin/accounts/:accountId/unblock", "post">>(`/admin/accounts/${accountId}/unblock`, {}),
  setPlan: (accountId: string, body: { planId: string; period: "month" | "year" }) =>
    api.put<ApiResponse<"/admin/accounts/:accountId/plan", "put">>(`/admin/accounts/${accountId}/plan`, body, { silent: true }),
  adjust: (accountId: string, body: { amountKopecks: number; reason: string }) =>
    api.post<ApiResponse<"/admin/accounts/:accountId/balance-adjustments", "post">>(`/admin/accounts/${accountId}/balance-adjustments`, body, { silent: true }),
  remove: (accountId: string, confirm: string) => api.delete<ApiResponse<"/admin/accounts/:accountId", "delete">>(`/admin/accounts/${accountId}`, { body: { confirm }, silent: true }),
};
