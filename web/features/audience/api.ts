import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { AudienceFilter } from "@worker/features/audience/filter";
import { api, ApiError } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";
import { filterKey } from "./filter-model";

export type { AudienceFilter } from "@worker/features/audience/filter";
export type Segment = ApiResponse<"/accounts/:accountId/segments">["data"][number];
export type AudienceTotals = ApiResponse<"/accounts/:accountId/audience/count">;
export type SegmentInput = ApiBody<"/accounts/:accountId/segments">;
export type SegmentPatch = ApiBody<"/accounts/:accountId/segments/:segmentId", "patch">;
export type BulkBody = ApiBody<"/accounts/:accountId/contacts/bulk">;

/** Keys under ["accounts", accountId, …]: a change to contacts or segments invalidates the counts with them. */
export const audienceKeys = {
  segments: (accountId: string) => ["accounts", accountId, "segments"] as const,
  segmentCount: (accountId: string, segmentId: string) => ["accounts", accountId, "segments", segmentId, "count"] as const,
  count: (accountId: string, filter: AudienceFilter) => ["accounts", accountId, "contacts", "audience-count", filterKey(filter)] as const,
};

export const audienceQueries = {
  segments: (accountId: string) =>
    queryOptions({
      queryKey: audienceKeys.segments(accountId),
      queryFn: ({ signal }) => api.get<ApiResponse<"/accounts/:accountId/segments">>(`/accounts/${accountId}/segments`, { signal, silent: true }),
    }),
  /** The live count of a saved segment (reachable contacts: subscribed, not test contacts). */
  segmentCount: (accountId: string, segmentId: string) =>
    queryOptions({
      queryKey: audienceKeys.segmentCount(accountId, segmentId),
      queryFn: ({ signal }) =>
        api.get<ApiResponse<"/accounts/:accountId/segments/:segmentId/count">>(`/accounts/${accountId}/segments/${segmentId}/count`, { signal, silent: true, background: true }),
    }),
  /** The live count of an unsaved filter. */
  count: (accountId: string, filter: AudienceFilter) =>
    queryOptions({
      queryKey: audienceKeys.count(accountId, filter),
      queryFn: ({ signal }) =>
        api.get<AudienceTotals>(`/accounts/${accountId}/audience/count`, { query: { filter: filterKey(filter) || undefined }, signal, silent: true, background: true }),
      placeholderData: keepPreviousData,
    }),
};

export const audienceApi = {
  createSegment: (accountId: string, body: SegmentInput) => api.post<ApiResponse<"/accounts/:accountId/segments", "post">>(`/accounts/${accountId}/segments`, body, { silent: true }),
  updateSegment: (accountId: string, segmentId: string, body: SegmentPatch) =>
    api.patch<ApiResponse<"/accounts/:accountId/segments/:segmentId", "patch">>(`/accounts/${accountId}/segments/${segmentId}`, body, { silent: true }),
  removeSegment: (accountId: string, segmentId: string) =>
    api.delete<ApiResponse<"/accounts/:accountId/segments/:segmentId", "delete">>(`/accounts/${accountId}/segments/${segmentId}`),
  bulk: (accountId: string, body: BulkBody) => api.post<ApiResponse<"/accounts/:accountId/contacts/bulk", "post">>(`/accounts/${accountId}/contacts/bulk`, body),
  /** The contacts the filter matches as a file (the server exports a filter, not a list of ids). */
  export: (accountId: string, format: "csv" | "xlsx", filter: AudienceFilter) =>
    api.download(`/accounts/${accountId}/contacts/export`, { query: { format, filter: filterKey(filter) || undefined } }),
};

/** What a failed audience request says to a person: the server's message on the filter part, else its message, else `fallback`. */
export function audienceErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const first = Object.values(error.fieldErrors())[0];
  return first ?? error.body.message ?? fallback;
}
