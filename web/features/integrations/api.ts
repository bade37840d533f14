import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";

export type IntegrationsAnswer = ApiResponse<"/accounts/:accountId/integrations">;
export type IntegrationState = IntegrationsAnswer["data"][number];
export type Bitrix24State = ApiResponse<"/accounts/:accountId/integrations/bitrix24">;
export type Bitrix24Settings = ApiResponse<"/accounts/:accountId/integrations/bitrix24/settings">;
export type Bitrix24SettingsInput = ApiBody<"/accounts/:accountId/integrations/bitrix24/settings", "put">;
export type Bitrix24Options = ApiResponse<"/accounts/:accountId/integrations/bitrix24/options">;
export type CrmListKind = "contacts" | "deals" | "leads";
export type CrmPage = ApiResponse<"/accounts/:accountId/integrations/bitrix24/:kind">;
export type CrmRow = CrmPage["data"][number];
export type CallLogPage = ApiResponse<"/accounts/:accountId/integrations/bitrix24/log">;

export const integrationKeys = {
  hub: (accountId: string) => ["accounts", accountId, "integrations"] as const,
  bitrix: (accountId: string) => ["accounts", accountId, "integrations", "bitrix24"] as const,
};

const base = (accountId: string) => `/accounts/${accountId}/integrations/bitrix24`;

export const integrationQueries = {
  hub: (accountId: string) =>
    queryOptions({ queryKey: integrationKeys.hub(accountId), queryFn: ({ signal }) => api.get<IntegrationsAnswer>(`/accounts/${accountId}/integrations`, { signal, silent: true }) }),
  bitrix: (accountId: string) =>
    queryOptions({ queryKey: [...integrationKeys.bitrix(accountId), "state"], queryFn: ({ signal }) => api.get<Bitrix24State>(base(accountId), { signal, silent: true }) }),
  settings: (accountId: string) =>
    queryOptions({ queryKey: [...integrationKeys.bitrix(accountId), "settings"], queryFn: ({ signal }) => api.get<Bitrix24Settings>(`${base(accountId)}/settings`, { signal, silent: true }) }),
  options: (accountId: string, categoryId: string) =>
    queryOptions({
      queryKey: [...integrationKeys.bitrix(accountId), "options", categoryId],
      queryFn: ({ signal }) => api.get<Bitrix24Options>(`${base(accountId)}/options`, { query: { categoryId }, signal, silent: true }),
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  list: (accountId: string, kind: CrmListKind, start: number, q: string) =>
    queryOptions({
      queryKey: [...integrationKeys.bitrix(accountId), "list", kind, { start, q }],
      queryFn: ({ signal }) => api.get<CrmPage>(`${base(accountId)}/${kind}`, { query: { start, q: q || undefined }, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  log: (accountId: string, page: number) =>
    queryOptions({
      queryKey: [...integrationKeys.bitrix(accountId), "log", page],
      queryFn: ({ signal }) => api.get<CallLogPage>(`${base(accountId)}/log`, { query: { page }, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
};

export const integrationApi = {
  /** Silent: the form shows the server's sentence at the field. */
  connectWebhook: (accountId: string, webhookUrl: string) => api.put<ApiResponse<"/accounts/:accountId/integrations/bitrix24", "put">>(base(accountId), { webhookUrl }, { silent: true }),
  startOauth: (accountId: string, domain: string) => api.post<ApiResponse<"/accounts/:accountId/integrations/bitrix24/oauth/start", "post">>(`${base(accountId)}/oauth/start`, { domain }, { silent: true }),
  disconnect: (path: string) => api.delete<{ message: string }>(path),
  saveSettings: (accountId: string, body: Bitrix24SettingsInput) => api.put<ApiResponse<"/accounts/:accountId/integrations/bitrix24/settings", "put">>(`${base(accountId)}/settings`, body, { silent: true }),
  portalAccount: (memberId: string) => api.get<ApiResponse<"/bitrix24/app">>("/bitrix24/app", { query: { memberId }, silent: true }),
};
