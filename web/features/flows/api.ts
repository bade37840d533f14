import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { FlowGraph, FlowStatus, FlowTemplate } from "@worker/features/flows/contract";
import type { ApiResponse } from "@/lib/api-types";
import { api } from "@/lib/api";
import { queryKeys } from "@/lib/query";

export type FlowList = ApiResponse<"/accounts/:accountId/flows">;
export type FlowListItem = FlowList["data"][number];
export type Flow = ApiResponse<"/accounts/:accountId/flows/:flowId">;
export type FlowTemplateInfo = ApiResponse<"/accounts/:accountId/flows/templates">;
export type FlowExport = ApiResponse<"/accounts/:accountId/flows/:flowId/export">;
export type GraphSaved = ApiResponse<"/accounts/:accountId/flows/:flowId/graph", "put">;

export type FlowStats = ApiResponse<"/accounts/:accountId/flows/:flowId/stats">;
export type TestBotMessages = ApiResponse<"/accounts/:accountId/contacts/test-bot/messages">;

export interface FlowListParams {
  page: number;
  limit: number;
  q?: string;
  status?: FlowStatus;
}

export const flowKeys = {
  all: (accountId: string) => queryKeys.accountPart(accountId, "flows"),
  list: (accountId: string, p: FlowListParams) => queryKeys.accountPart(accountId, "flows", "list", p),
  published: (accountId: string) => queryKeys.accountPart(accountId, "flows", "published"),
  templates: (accountId: string) => queryKeys.accountPart(accountId, "flows", "templates"),
  detail: (accountId: string, flowId: string) => queryKeys.accountPart(accountId, "flows", "one", flowId),
  stats: (accountId: string, flowId: string) => queryKeys.accountPart(accountId, "flows", "one", flowId, "stats"),
  testBot: (accountId: string) => queryKeys.accountPart(accountId, "flows", "test-bot"),
};

const base = (accountId: string) => `/accounts/${accountId}/flows`;

export const flowQueries = {
  list: (accountId: string, p: FlowListParams) =>
    queryOptions({
      queryKey: flowKeys.list(accountId, p),
      queryFn: ({ signal }) => api.get<FlowList>(base(accountId), { query: { page: p.page, limit: p.limit, q: p.q || undefined, status: p.status }, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  /** The published flows (for a broadcast button, a manual start in the chat). */
  published: (accountId: string) =>
    queryOptions({
      queryKey: flowKeys.published(accountId),
      queryFn: ({ signal }) => api.get<FlowList>(base(accountId), { query: { page: 1, limit: 100, status: "published" }, signal, silent: true, background: true }),
    }),
  templates: (accountId: string) =>
    queryOptions({
      queryKey: flowKeys.templates(accountId),
      queryFn: ({ signal }) => api.get<FlowTemplateInfo>(`${base(accountId)}/templates`, { signal, silent: true }),
      staleTime: Infinity,
    }),
  detail: (accountId: string, flowId: string) =>
    queryOptions({
      queryKey: flowKeys.detail(accountId, flowId),
      queryFn: ({ signal }) => api.get<Flow>(`${base(accountId)}/${flowId}`, { signal, silent: true }),
      staleTime: Infinity,
    }),
  stats: (accountId: string, flowId: string) =>
    queryOptions({
      queryKey: flowKeys.stats(accountId, flowId),
      queryFn: ({ signal }) => api.get<FlowStats>(`${base(accountId)}/${flowId}/stats`, { query: { days: 7 }, signal, silent: true, background: true }),
    }),
};

/** The member's own test conversation (the test bot) a "Test" run plays in, polled while it is open. */
export const testBotQuery = (accountId: string) =>
  queryOptions({
    queryKey: flowKeys.testBot(accountId),
    queryFn: ({ signal }) => api.get<TestBotMessages>(`/accounts/${accountId}/contacts/test-bot/messages`, { query: { limit: 50 }, signal, silent: true, background: true }),
    refetchInterval: 1500,
    staleTime: 0,
  });

export const flowApi = {
  create: (accountId: string, body: { name: string; template?: FlowTemplate }) => api.post<ApiResponse<"/accounts/:accountId/flows", "post">>(base(accountId), body, { silent: true }),
  rename: (accountId: string, flowId: string, name: string) => api.patch<ApiResponse<"/accounts/:accountId/flows/:flowId", "patch">>(`${base(accountId)}/${flowId}`, { name }, { silent: true }),
  /** Silent: the list shows the server's sentence (409 FLOW_IN_USE names the broadcast). */
  remove: (accountId: string, flowId: string) => api.delete<ApiResponse<"/accounts/:accountId/flows/:flowId", "delete">>(`${base(accountId)}/${flowId}`, { silent: true }),
  /** Silent: the editor handles 409 REVISION_CONFLICT (reload) and 400 (the issues). */
  saveGraph: (accountId: string, flowId: string, body: FlowGraph & { revision: number }, signal?: AbortSignal) =>
    api.put<GraphSaved>(`${base(accountId)}/${flowId}/graph`, body, { silent: true, background: true, signal }),
  /** Silent: 400 FLOW_INVALID carries `details.issues`, shown in the editor's list. */
  publish: (accountId: string, flowId: string) => api.post<ApiResponse<"/accounts/:accountId/flows/:flowId/publish", "post">>(`${base(accountId)}/${flowId}/publish`, {}, { silent: true }),
  unpublish: (accountId: string, flowId: string) => api.post<ApiResponse<"/accounts/:accountId/flows/:flowId/unpublish", "post">>(`${base(accountId)}/${flowId}/unpublish`, {}),
  duplicate: (accountId: string, flowId: string) => api.post<ApiResponse<"/accounts/:accountId/flows/:flowId/duplicate", "post">>(`${base(accountId)}/${flowId}/duplicate`, {}),
  exportJson: (accountId: string, flowId: string) => api.get<FlowExport>(`${base(accountId)}/${flowId}/export`),
  /** Silent: the list shows why the file was refused. */
  importJson: (accountId: string, body: unknown) => api.post<ApiResponse<"/accounts/:accountId/flows/import", "post">>(`${base(accountId)}/import`, body, { silent: true }),
  test: (accountId: string, flowId: string) => api.post<ApiResponse<"/accounts/:accountId/flows/:flowId/test", "post">>(`${base(accountId)}/${flowId}/test`, {}),
  /** Start, stop or resume a flow on a thread (operators too). */
  threadFlow: (accountId: string, threadId: string, body: { action: "start"; flowId: string } | { action: "stop" } | { action: "resume" }) =>
    api.post<ApiResponse<"/accounts/:accountId/contacts/threads/:threadId/flow", "post">>(`/accounts/${accountId}/contacts/threads/${threadId}/flow`, body),
  /** The tester's reply in the test conversation (through the real inbound chain, so the flow answers). */
  testReply: (accountId: string, content: string) =>
    api.post<ApiResponse<"/accounts/:accountId/contacts/test-bot/messages", "post">>(`/accounts/${accountId}/contacts/test-bot/messages`, { content, clientMessageId: crypto.randomUUID() }),
};
