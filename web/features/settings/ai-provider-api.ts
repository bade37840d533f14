import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ApiResponse } from "@/lib/api-types";
import type { z } from "zod";
import type { checkProviderSchema, saveProviderSchema } from "@worker/features/ai-provider/ai-provider.schemas";

/** Shapes of /api/accounts/{id}/ai-provider, as the worker's routes answer them (never hand-copied). */
export type AiProviderState = ApiResponse<"/accounts/:accountId/ai-provider">;
export type AiProviderCheck = ApiResponse<"/accounts/:accountId/ai-provider/check", "post">;

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
  save: (accountId: string, body: z.input<ReturnType<typeof saveProviderSchema>>) =>
    api.put<ApiResponse<"/accounts/:accountId/ai-provider", "put">>(`/accounts/${accountId}/ai-provider`, body, { silent: true }),
  remove: (accountId: string) => api.delete<ApiResponse<"/accounts/:accountId/ai-provider", "delete">>(`/accounts/${accountId}/ai-provider`, { silent: true }),
  check: (accountId: string, body: z.input<ReturnType<typeof checkProviderSchema>>) =>
    api.post<AiProviderCheck>(`/accounts/${accountId}/ai-provider/check`, body, { silent: true }),
};
