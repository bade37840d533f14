import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { PROMOTION_STATUSES as STATUSES } from "@worker/features/products/contract";
import type { ApiBody, ApiResponse } from "@/lib/api-types";
import type { Promotion, PromotionsPage } from "@/features/products/types";

export type { Promotion, PromotionStatus } from "@/features/products/types";

/** The status filter's choices: the running ones first. */
export const PROMOTION_STATUSES = ["active", "scheduled", "expired", "exhausted", "inactive"] as const satisfies readonly (typeof STATUSES)[number][];

export interface PromotionsParams {
  page: number;
  limit: number;
  q?: string;
  status?: string;
}

/** What the form sends: money in minor units, dates as the account's wall time («YYYY-MM-DDTHH:mm»). */
export type PromotionInput = ApiBody<"/accounts/:accountId/promotions">;

export const promotionKeys = {
  all: (accountId: string) => ["accounts", accountId, "promotions"] as const,
  list: (accountId: string, p: PromotionsParams) => ["accounts", accountId, "promotions", "list", p] as const,
};

const base = (accountId: string) => `/accounts/${accountId}/promotions`;

export const promotionQueries = {
  list: (accountId: string, p: PromotionsParams) =>
    queryOptions({
      queryKey: promotionKeys.list(accountId, p),
      queryFn: ({ signal }) => api.get<PromotionsPage>(base(accountId), { query: { ...p }, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
};

export const promotionApi = {
  /** Silent: the form puts the server's messages at its fields. */
  create: (accountId: string, body: PromotionInput) => api.post<ApiResponse<"/accounts/:accountId/promotions", "post">>(base(accountId), body, { silent: true }),
  update: (accountId: string, promotionId: string, body: PromotionInput) =>
    api.patch<ApiResponse<"/accounts/:accountId/promotions/:promotionId", "patch">>(`${base(accountId)}/${promotionId}`, body, { silent: true }),
  /** One use of the promotion (a customer's code applied by hand); a 409 says why it does not apply now. */
  recordUse: (accountId: string, promotionId: string) => api.post<ApiResponse<"/accounts/:accountId/promotions/uses", "post">>(`${base(accountId)}/uses`, { promotionId }),
  remove: (accountId: string, promotionId: string) => api.delete<ApiResponse<"/accounts/:accountId/promotions/:promotionId", "delete">>(`${base(accountId)}/${promotionId}`),
};
