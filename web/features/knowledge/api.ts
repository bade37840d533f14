import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";

/** Shapes of the knowledge routes, as the worker answers them. */
export type SourceList = ApiResponse<"/accounts/:accountId/knowledge">;
export type KnowledgeSource = SourceList["data"][number];
export type SourceKind = KnowledgeSource["kind"];
export type SourceStatus = KnowledgeSource["status"];
export type SourceDetail = ApiResponse<"/accounts/:accountId/knowledge/:sourceId">;
export type SearchResult = ApiResponse<"/accounts/:accountId/knowledge/search">;
export type FaqInput = ApiBody<"/accounts/:accountId/knowledge/faq">;
export type AssistantKnowledge = ApiResponse<"/accounts/:accountId/knowledge/assistants/:assistantId">;
export type AssistantKnowledgeInput = ApiBody<"/accounts/:accountId/knowledge/assistants/:assistantId", "put">;

export const SOURCE_KINDS = ["faq", "document", "url", "text"] as const satisfies readonly SourceKind[];

export interface SourceListParams {
  page: number;
  limit: number;
  kind?: SourceKind;
}

/** Keys under ["accounts", accountId, "knowledge", …]. */
export const knowledgeKeys = {
  all: (accountId: string) => ["accounts", accountId, "knowledge"] as const,
  list: (accountId: string, p: SourceListParams) => ["accounts", accountId, "knowledge", "list", p] as const,
  search: (accountId: string, q: string, assistantId?: string) => ["accounts", accountId, "knowledge", "search", q, assistantId ?? null] as const,
  assistant: (accountId: string, assistantId: string) => ["accounts", accountId, "knowledge", "assistant", assistantId] as const,
};

const busy = (s: SourceStatus) => s === "pending" || s === "indexing";

export const knowledgeQueries = {
  /** Refetches every 1.5 s while a source is still being indexed. */
  list: (accountId: string, p: SourceListParams) =>
    queryOptions({
      queryKey: knowledgeKeys.list(accountId, p),
      queryFn: ({ signal }) => {
        const q = new URLSearchParams({ page: String(p.page), limit: String(p.limit) });
        if (p.kind) q.set("kind", p.kind);
        return api.get<SourceList>(`/accounts/${accountId}/knowledge?${q}`, { signal, silent: true });
      },
      placeholderData: keepPreviousData,
      refetchInterval: (query) => (query.state.data?.data.some((s) => busy(s.status)) ? 1500 : false),
    }),
  search: (accountId: string, q: string, assistantId?: string) =>
    queryOptions({
      queryKey: knowledgeKeys.search(accountId, q, assistantId),
      queryFn: ({ signal }) => {
        const params = new URLSearchParams({ q });
        if (assistantId) params.set("assistantId", assistantId);
        return api.get<SearchResult>(`/accounts/${accountId}/knowledge/search?${params}`, { signal, silent: true });
      },
      enabled: q.trim().length > 0,
    }),
  assistant: (accountId: string, assistantId: string) =>
    queryOptions({
      queryKey: knowledgeKeys.assistant(accountId, assistantId),
      queryFn: ({ signal }) => api.get<AssistantKnowledge>(`/accounts/${accountId}/knowledge/assistants/${assistantId}`, { signal, silent: true }),
    }),
};

export const knowledgeApi = {
  get: (accountId: string, sourceId: string) => api.get<SourceDetail>(`/accounts/${accountId}/knowledge/${sourceId}`),
  createFaq: (accountId: string, body: FaqInput) => api.post<ApiResponse<"/accounts/:accountId/knowledge/faq", "post">>(`/accounts/${accountId}/knowledge/faq`, body, { silent: true }),
  update: (accountId: string, sourceId: string, body: ApiBody<"/accounts/:accountId/knowledge/:sourceId", "patch">) =>
    api.patch<ApiResponse<"/accounts/:accountId/knowledge/:sourceId", "patch">>(`/accounts/${accountId}/knowledge/${sourceId}`, body, { silent: true }),
  addUrl: (accountId: string, url: string) => api.post<ApiResponse<"/accounts/:accountId/knowledge/urls", "post">>(`/accounts/${accountId}/knowledge/urls`, { url }, { silent: true }),
  upload: (accountId: string, file: File) => {
    const form = new FormData();
    form.set("file", file);
    return api.post<ApiResponse<"/accounts/:accountId/knowledge/documents", "post">>(`/accounts/${accountId}/knowledge/documents`, form);
  },
  reindex: (accountId: string, sourceId: string) => api.post<ApiResponse<"/accounts/:accountId/knowledge/:sourceId/reindex", "post">>(`/accounts/${accountId}/knowledge/${sourceId}/reindex`),
  refresh: (accountId: string, sourceId: string) => api.post<ApiResponse<"/accounts/:accountId/knowledge/:sourceId/refresh", "post">>(`/accounts/${accountId}/knowledge/${sourceId}/refresh`),
  remove: (accountId: string, sourceId: string) => api.delete<ApiResponse<"/accounts/:accountId/knowledge/:sourceId", "delete">>(`/accounts/${accountId}/knowledge/${sourceId}`),
  saveAssistant: (accountId: string, assistantId: string, body: AssistantKnowledgeInput) =>
    api.put<ApiResponse<"/accounts/:accountId/knowledge/assistants/:assistantId", "put">>(`/accounts/${accountId}/knowledge/assistants/${assistantId}`, body),
};

/** "12,4 КБ" in the page's language. */
export function formatSize(bytes: number, locale: string): string {
  const units = locale.startsWith("ru") ? ["Б", "КБ", "МБ"] : ["B", "KB", "MB"];
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: u ? 1 : 0 }).format(v)} ${units[u]}`;
}
