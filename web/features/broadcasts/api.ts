import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ApiResponse } from "@/lib/api-types";
import { queryKeys } from "@/lib/query";

export type BroadcastQuota = ApiResponse<"/accounts/:accountId/broadcast-quota">;

export const broadcastKeys = {
  quota: (accountId: string) => queryKeys.accountPart(accountId, "broadcast-quota"),
};

export const broadcastQueries = {
  /** Recipients left in the account's broadcast packages (every member may read it). */
  quota: (accountId: string) =>
    queryOptions({
      queryKey: broadcastKeys.quota(accountId),
      queryFn: ({ signal }) => api.get<BroadcastQuota>(`/accounts/${accountId}/broadcast-quota`, { signal, silent: true }),
    }),
};
