import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";
import type { copyTemplateBody, copyToTemplateBody } from "@worker/features/assistants/assistants.schemas";

/** Query factories of the assistants feature; account data nests under ["accounts", accountId, "assistants"]. */
export const assistantKeys = {
  all: (accountId: string) => ["accounts", accountId, "assistants"] as const,
  list: (accountId: string, params: { page: number; limit: number; q?: string }) => ["accounts", accountId, "assistants", "list", params] as const,
  detail: (accountId: string, assistantId: string) => ["accounts", accountId, "assistants", "detail", assistantId] as const,
  templates: () => ["assistant-templates"] as const,
};

export const assistantQueries = {
  list: (accountId: string, params: { page: number; limit: number; q?: string } = { page: 1, limit: 100 }) =>
    queryOptions({
      queryKey: assistantKeys.list(accountId, params),
      queryFn: () =>
        api.get<ApiResponse<"/accounts/:accountId/assistants">>(`/accounts/${accountId}/assistants`, { query: { page: params.page, limit: params.limit, q: params.q }, silent: true }),
      placeholderData: keepPreviousData,
    }),
  detail: (accountId: string, assistantId: string) =>
    queryOptions({
      queryKey: assistantKeys.detail(accountId, assistantId),
      queryFn: () => api.get<ApiResponse<"/accounts/:accountId/assistants/:assistantId">>(`/accounts/${accountId}/assistants/${assistantId}`, { silent: true }),
    }),
  /** With an account: whether its own AI provider replaces the demo model, and the models it lists. */
  modelInfo: (accountId?: string | null) =>
    queryOptions({
      queryKey: accountId ? (["accounts", accountId, "model-info"] as const) : (["assistants", "model-info"] as const),
      queryFn: () => api.get<ApiResponse<"/assistants/model-info">>("/assistants/model-info", { query: { accountId: accountId ?? undefined }, silent: true, background: true }),
      staleTime: 10 * 60_000,
    }),
  tools: () =>
    queryOptions({
      queryKey: ["assistants", "tools"] as const,
      queryFn: () => api.get<ApiResponse<"/assistants/tools">>("/assistants/tools", { silent: true, background: true }),
      staleTime: 10 * 60_000,
    }),
  templates: (params: { q?: string; tags?: string[]; page: number; limit: number }) =>
    queryOptions({
      queryKey: [...assistantKeys.templates(), "list", params] as const,
      queryFn: () =>
        api.get<ApiResponse<"/assistants/templates">>("/assistants/templates", {
          query: { q: params.q, tags: params.tags?.length ? params.tags.join(",") : undefined, page: params.page, limit: params.limit },
          silent: true,
        }),
      placeholderData: keepPreviousData,
    }),
  templateTags: () =>
    queryOptions({
      queryKey: [...assistantKeys.templates(), "tags"] as const,
      queryFn: () => api.get<ApiResponse<"/assistants/template-tags">>("/assistants/template-tags", { silent: true }),
    }),
};

export const assistantApi = {
  /** A few matches for the command palette, quietly (a failed lookup only empties its group). */
  search: (accountId: string, q: string, limit: number, signal?: AbortSignal) =>
    api.get<ApiResponse<"/accounts/:accountId/assistants">>(`/accounts/${accountId}/assistants`, { query: { q, limit, page: 1 }, signal, silent: true, background: true }),
  searchTemplates: (q: string, limit: number, signal?: AbortSignal) =>
    api.get<ApiResponse<"/assistants/templates">>("/assistants/templates", { query: { q, limit, page: 1 }, signal, silent: true, background: true }),
  create: (accountId: string, body: ApiBody<"/accounts/:accountId/assistants">) =>
    api.post<ApiResponse<"/accounts/:accountId/assistants", "post">>(`/accounts/${accountId}/assistants`, body, { silent: true }),
  update: (accountId: string, assistantId: string, body: ApiBody<"/accounts/:accountId/assistants/:assistantId", "patch">) =>
    api.patch<ApiResponse<"/accounts/:accountId/assistants/:assistantId", "patch">>(`/accounts/${accountId}/assistants/${assistantId}`, body, { silent: true }),
  remove: (accountId: string, assistantId: string) =>
    api.delete<ApiResponse<"/accounts/:accountId/assistants/:assistantId", "delete">>(`/accounts/${accountId}/assistants/${assistantId}`, { silent: true }),
  generate: (accountId: string, assistantId: string, body: ApiBody<"/accounts/:accountId/assistants/:assistantId/generate">) =>
    api.post<ApiResponse<"/accounts/:accountId/assistants/:assistantId/generate", "post">>(`/accounts/${accountId}/assistants/${assistantId}/generate`, body, { silent: true }),
  // These two routes read their body themselves (an empty body is allowed), so the route schema has no json input.
  copyTemplate: (templateId: string, accountId: string, body: z.input<typeof copyTemplateBody>) =>
    api.post<ApiResponse<"/assistants/:id/copy-template", "post">>(`/assistants/${templateId}/copy-template`, body, { query: { accountId }, silent: true }),
  copyToTemplate: (assistantId: string, accountId: string, body: z.input<typeof copyToTemplateBody>) =>
    api.post<ApiResponse<"/assistants/:id/copy-to-template", "post">>(`/assistants/${assistantId}/copy-to-template`, body, { query: { accountId }, silent: true }),
  updateTemplate: (templateId: string, body: ApiBody<"/assistants/templates/:id", "patch">) =>
    api.patch<ApiResponse<"/assistants/templates/:id", "patch">>(`/assistants/templates/${templateId}`, body, { silent: true }),
  removeTemplate: (templateId: string) => api.delete<ApiResponse<"/assistants/templates/:id", "delete">>(`/assistants/templates/${templateId}`, { silent: true }),
};
