import { queryOptions } from "@tanstack/react-query";
import type { ExportTable } from "@worker/features/analytics/contract";
import { api } from "@/lib/api";
import type { ApiResponse } from "@/lib/api-types";

export type Analytics = ApiResponse<"/accounts/:accountId/analytics">;
export type Dashboard = ApiResponse<"/accounts/:accountId/dashboard">;

export interface AnalyticsParams {
  from: string;
  to: string;
  channel?: string;
  assistantId?: string;
}

const clean = (p: AnalyticsParams) => Object.fromEntries(Object.entries(p).filter(([, v]) => v)) as Record<string, string>;

export const analyticsKeys = {
  all: (accountId: string) => ["accounts", accountId, "analytics"] as const,
  figures: (accountId: string, p: AnalyticsParams) => ["accounts", accountId, "analytics", clean(p)] as const,
  dashboard: (accountId: string) => ["accounts", accountId, "dashboard"] as const,
};

export const analyticsQueries = {
  figures: (accountId: string, p: AnalyticsParams) =>
    queryOptions({
      queryKey: analyticsKeys.figures(accountId, p),
      queryFn: () => api.get<Analytics>(`/accounts/${accountId}/analytics`, { query: clean(p), silent: true }),
      placeholderData: (prev) => prev,
    }),
  dashboard: (accountId: string) =>
    queryOptions({
      queryKey: analyticsKeys.dashboard(accountId),
      queryFn: () => api.get<Dashboard>(`/accounts/${accountId}/dashboard`, { silent: true }),
    }),
};

export const analyticsApi = {
  export: (accountId: string, table: ExportTable, p: AnalyticsParams) => api.download(`/accounts/${accountId}/analytics/export`, { query: { ...clean(p), table } }),
};
