import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { Paged, Promotion } from "@/features/products/types";

export type { Promotion, PromotionStatus } from "@/features/products/types";

export const PROMOTION_STATUSES = ["active", "scheduled", "expired", "exhausted", "inactive"] as const;

export interface PromotionsParams {
  page: number;
  limit: number;
  q?: string;
  status?: string;
}

/** What the form sends: money in minor units, dates as the account's wall time («YYYY-MM-DDTHH:mm»). */
export type PromotionInput = {
  name: string;
  description: string;
  code: string | null;
  kind: Promotion["kind"];
  percent: number | null;
  amount: number | null;
  giftText: string | null;
  appliesTo: Promotion["appliesTo"];
  categoryIds: string[];
  productIds: string[];
  minOrder: number | null;
  validFrom: string | null;
  validTo: string | null;
  usageLimit: number | null;
  active: boolean;
};

export const promotionKeys = {
  all: (accountId: string) => ["accounts", accountId, "promotions"] as const,
  list: (accountId: string, p: PromotionsParams) => ["accounts", accountId, "promotions", "list", p] as const,
};

const base = (accountId: string) => `/accounts/${accountId}/promotions`;

export const promotionQueries = {
  list: (accountId: string, p: PromotionsParams) =>
    queryOptions({
      queryKey: promotionKeys.list(accountId, p),
      queryFn: ({ signal }) => api.get<Paged<Promotion>>(base(accountId), { query: { ...p }, signal, silent: true }),
      placeholderData: keepPreviousData,
    }),
};

export const promotionApi = {
  /** Silent: the form puts the server's messages at its fields. */
  create: (accountId: string, body: PromotionInput) => api.post<Promotion>(base(accountId), body, { silent: true }),
  update: (accountId: string, promotionId: string, body: PromotionInput) => api.patch<Promotion>(`${base(accountId)}/${promotionId}`, body, { silent: true }),
  remove: (accountId: string, promotionId: string) => api.delete<unknown>(`${base(accountId)}/${promotionId}`),
};
