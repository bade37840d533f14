import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, type Paged } from "@/lib/api";
import type { Assistant, AssistantTemplate, ModelInfo, TemplateTag, ToolInfo } from "./types";

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
        api.get<Paged<Assistant>>(`/accounts/${accountId}/assistants`, { query: { page: params.page, limit: params.limit, q: params.q }, silent: true }),
      placeholderData: keepPreviousData,
    }),
  detail: (accountId: string, assistantId: string) =>
    queryOptions({
      queryKey: assistantKeys.detail(accountId, assistantId),
      queryFn: () => api.get<Assistant>(`/accounts/${accountId}/assistants/${assistantId}`, { silent: true }),
    }),
  /** With an account: whether its own AI provider replaces the demo model, and the models it lists. */
  modelInfo: (accountId?: string | null) =>
    queryOptions({
      queryKey: accountId ? (["accounts", accountId, "model-info"] as const) : (["assistants", "model-info"] as const),
      queryFn: () => api.get<ModelInfo>("/assistants/model-info", { query: { accountId: accountId ?? undefined }, silent: true, background: true }),
      staleTime: 10 * 60_000,
    }),
  tools: () =>
    queryOptions({
      queryKey: ["assistants", "tools"] as const,
      queryFn: () => api.get<{ data: ToolInfo[] }>("/assistants/tools", { silent: true, background: true }),
      staleTime: 10 * 60_000,
    }),
  templates: (params: { q?: string; tags?: string[]; page: number; limit: number }) =>
    queryOptions({
      queryKey: [...assistantKeys.templates(), "list", params] as const,
      queryFn: () =>
        api.get<Paged<AssistantTemplate>>("/assistants/templates", {
          query: { q: params.q, tags: params.tags?.length ? params.tags.join(",") : undefined, page: params.page, limit: params.limit },
          silent: true,
        }),
      placeholderData: keepPreviousData,
    }),
  templateTags: () =>
    queryOptions({
      queryKey: [...assistantKeys.templates(), "tags"] as const,
      queryFn: () => api.get<{ data: TemplateTag[] }>("/assistants/template-tags", { silent: true }),
    }),
};

type WithMessage<T> = T & { message: string };

export const assistantApi = {
  create: (accountId: string, body: Partial<Assistant> & { name: string }) =>
    api.post<WithMessage<Assistant>>(`/accounts/${accountId}/assistants`, body, { silent: true }),
  update: (accountId: string, assistantId: string, body: Partial<Assistant>) =>
    api.patch<WithMessage<Assistant>>(`/accounts/${accountId}/assistants/${assistantId}`, body, { silent: true }),
  remove: (accountId: string, assistantId: string) =>
    api.delete<{ assistantId: string; message: string }>(`/accounts/${accountId}/assistants/${assistantId}`, { silent: true }),
  generate: (accountId: string, assistantId: string, body: { description: string; language?: string }) =>
    api.post<{ instructions: string; message: string }>(`/accounts/${accountId}/assistants/${assistantId}/generate`, body, { silent: true }),
  copyTemplate: (templateId: string, accountId: string, body: { name?: string }) =>
    api.post<WithMessage<Assistant>>(`/assistants/${templateId}/copy-template`, body, { query: { accountId }, silent: true }),
  copyToTemplate: (assistantId: string, accountId: string, body: { name?: string; description?: string; tags?: string[] }) =>
    api.post<WithMessage<AssistantTemplate>>(`/assistants/${assistantId}/copy-to-template`, body, { query: { accountId }, silent: true }),
  updateTemplate: (templateId: string, body: Partial<AssistantTemplate>) =>
    api.patch<WithMessage<AssistantTemplate>>(`/assistants/templates/${templateId}`, body, { silent: true }),
  removeTemplate: (templateId: string) => api.delete<{ assistantId: string; message: string }>(`/assistants/templates/${templateId}`, { silent: true }),
};
