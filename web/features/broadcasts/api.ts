import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { BroadcastStatus, RecipientState } from "@worker/features/broadcasts/contract";
import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";
import { queryKeys } from "@/lib/query";

export type BroadcastQuota = ApiResponse<"/accounts/:accountId/broadcast-quota">;
export type BroadcastList = ApiResponse<"/accounts/:accountId/broadcasts">;
export type Broadcast = ApiResponse<"/accounts/:accountId/broadcasts/:broadcastId">;
export type BroadcastStats = ApiResponse<"/accounts/:accountId/broadcasts/:broadcastId/stats">;
export type RecipientsPage = ApiResponse<"/accounts/:accountId/broadcasts/:broadcastId/recipients">;
export type Recipient = RecipientsPage["data"][number];
/** The recipients table's state filter: a recipient state, or `pending` (not handed to the sender yet). */
export type RecipientFilter = RecipientState | "pending";
export type BroadcastInput = ApiBody<"/accounts/:accountId/broadcasts">;
export type BroadcastPatch = ApiBody<"/accounts/:accountId/broadcasts/:broadcastId", "patch">;
export type BroadcastAction = "pause" | "resume" | "cancel";
export type ChannelAudience = ApiResponse<"/accounts/:accountId/broadcast-audience">;
export type BroadcastChannels = ApiResponse<"/accounts/:accountId/broadcast-channels">;
export type BroadcastChannel = BroadcastChannels["data"][number];
/** An uploaded file, as the broadcast's `content.media` takes it (plus its size). */
export type BroadcastMedia = ApiResponse<"/accounts/:accountId/broadcast-media", "post">;

export interface BroadcastListParams {
  page: number;
  limit: number;
  status?: BroadcastStatus;
}

export interface RecipientParams {
  page: number;
  limit: number;
  state?: RecipientFilter;
}

export const broadcastKeys = {
  quota: (accountId: string) => queryKeys.accountPart(accountId, "broadcast-quota"),
  all: (accountId: string) => queryKeys.accountPart(accountId, "broadcasts"),
  list: (accountId: string, p: BroadcastListParams) => queryKeys.accountPart(accountId, "broadcasts", "list", p),
  detail: (accountId: string, broadcastId: string) => queryKeys.accountPart(accountId, "broadcasts", "one", broadcastId),
  recipients: (accountId: string, broadcastId: string, p?: RecipientParams) =>
    p ? queryKeys.accountPart(accountId, "broadcasts", "one", broadcastId, "recipients", p) : queryKeys.accountPart(accountId, "broadcasts", "one", broadcastId, "recipients"),
};

const base = (accountId: string) => `/accounts/${accountId}/broadcasts`;

export const broadcastQueries = {
  /** Recipients left to send broadcasts to: the plan's for this period and the packages' (every member may read it). */
  quota: (accountId: string) =>
    queryOptions({
      queryKey: broadcastKeys.quota(accountId),
      queryFn: ({ signal }) => api.get<BroadcastQuota>(`/accounts/${accountId}/broadcast-quota`, { signal, silent: true }),
    }),
  /** The account's connected messengers a broadcast can go through. */
  channels: (accountId: string) =>
    queryOptions({
      queryKey: queryKeys.accountPart(accountId, "broadcast-channels"),
      queryFn: ({ signal }) => api.get<BroadcastChannels>(`/accounts/${accountId}/broadcast-channels`, { signal, silent: true }),
    }),
  recipients: (accountId: string, broadcastId: string, p: RecipientParams) =>
    queryOptions({
      queryKey: broadcastKeys.recipients(accountId, broadcastId, p),
      queryFn: ({ signal }) => api.get<RecipientsPage>(`${base(accountId)}/${broadcastId}/recipients`, { query: { page: p.page, limit: p.limit, state: p.state }, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  /** How many contacts of the audience the broadcast reaches on this channel (what start reserves), and the quota left. */
  channelAudience: (accountId: string, channelId: string, audience: { segmentId: string } | { filter: string }) =>
    queryOptions({
      queryKey: queryKeys.accountPart(accountId, "contacts", "broadcast-audience", channelId, audience),
      queryFn: ({ signal }) =>
        api.get<ChannelAudience>(`/accounts/${accountId}/broadcast-audience`, { query: { channelId, ...("segmentId" in audience ? { segmentId: audience.segmentId } : { filter: audience.filter || undefined }) }, signal, silent: true, background: true }),
      placeholderData: keepPreviousData,
    }),
  list: (accountId: string, p: BroadcastListParams) =>
    queryOptions({
      queryKey: broadcastKeys.list(accountId, p),
      queryFn: ({ signal }) => api.get<BroadcastList>(base(accountId), { query: { page: p.page, limit: p.limit, status: p.status }, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
  detail: (accountId: string, broadcastId: string) =>
    queryOptions({
      queryKey: broadcastKeys.detail(accountId, broadcastId),
      queryFn: ({ signal }) => api.get<Broadcast>(`${base(accountId)}/${broadcastId}`, { signal, silent: true }),
    }),
};

export const broadcastApi = {
  /** Silent: the composer puts the server's messages on its fields. */
  create: (accountId: string, body: BroadcastInput) => api.post<ApiResponse<"/accounts/:accountId/broadcasts", "post">>(base(accountId), body, { silent: true }),
  update: (accountId: string, broadcastId: string, body: BroadcastPatch) =>
    api.patch<ApiResponse<"/accounts/:accountId/broadcasts/:broadcastId", "patch">>(`${base(accountId)}/${broadcastId}`, body, { silent: true }),
  remove: (accountId: string, broadcastId: string) => api.delete<ApiResponse<"/accounts/:accountId/broadcasts/:broadcastId", "delete">>(`${base(accountId)}/${broadcastId}`),
  /** `at`: a local date-time on the account's clock; none = now. Silent: the caller shows the refusal (over quota) as the server's sentence. */
  start: (accountId: string, broadcastId: string, at?: string) =>
    api.post<ApiResponse<"/accounts/:accountId/broadcasts/:broadcastId/start", "post">>(`${base(accountId)}/${broadcastId}/start`, at ? { at } : {}, { silent: true }),
  act: (accountId: string, broadcastId: string, action: BroadcastAction) => api.post<Broadcast>(`${base(accountId)}/${broadcastId}/${action}`, {}),
  test: (accountId: string, broadcastId: string) => api.post<ApiResponse<"/accounts/:accountId/broadcasts/:broadcastId/test", "post">>(`${base(accountId)}/${broadcastId}/test`, {}),
  /** Silent: the composer shows the refusal (type, size) under its file field. */
  upload: (accountId: string, file: File) => {
    const form = new FormData();
    form.set("file", file, file.name);
    return api.post<BroadcastMedia>(`/accounts/${accountId}/broadcast-media`, form, { silent: true });
  },
  export: (accountId: string, broadcastId: string, format: "csv" | "xlsx") => api.download(`${base(accountId)}/${broadcastId}/export`, { query: { format } }),
};
