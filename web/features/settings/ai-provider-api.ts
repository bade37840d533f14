import { queryOptions } from "@tanstack/react-query";
import type { CheckResult, publicProvider } from "@worker/features/ai-provider/ai-provider.service";
import { api } from "@/lib/api";

/** Shapes of /api/accounts/{id}/ai-provider, taken from the server's serializer. */
export type AiProviderState = ReturnType<typeof publicProvider>;
export type AiProviderCheck = CheckResult;

export const aiProviderKeys = {
  detail: (accountId: string) => ["accounts", accountId, "ai-provider"] as const,
};

export const aiProviderQueries = {
  detail: (accountId: string) =>
    queryOptions({
      queryKey: aiProviderKeys.detail(accountId),
      queryFn: () => api.get<AiProviderState>(`/accounts/${accountId}/ai-provider`, { silent: true }),
    }),
};

export const aiProviderApi = {
  save: (accountId: string, body: { baseUrl: string; apiKey?: string }) =>
    api.put<AiProviderState & { message: string }>(`/accounts/${accountId}/ai-provider`, body, { silent: true }),
  remove: (accountId: string) => api.delete<AiProviderState & { message: string }>(`/accounts/${accountId}/ai-provider`, { silent: true }),
  check: (accountId: string, body: { baseUrl?: string; apiKey?: string; model?: string }) =>
    api.post<AiProviderCheck>(`/accounts/${accountId}/ai-provider/check`, body, { silent: true }),
};
