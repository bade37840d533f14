import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";
import { queryKeys } from "@/lib/query";

/** An account's billing state, usage, documents, saved methods and requisites (/billing, /payment-info). */
export type BillingState = ApiResponse<"/accounts/:accountId/billing">;
export type BillingUnit = BillingState["units"][number];
export type Usage = ApiResponse<"/accounts/:accountId/usage">;
export type UsageDay = Usage["days"][number];
export type BillingDocument = ApiResponse<"/accounts/:accountId/billing/documents">["data"][number];
export type PaymentMethod = ApiResponse<"/accounts/:accountId/payment-methods">["data"][number];
export type Requisites = NonNullable<ApiResponse<"/accounts/:accountId/requisites">["requisites"]>;
export type RequisitesBody = ApiBody<"/accounts/:accountId/requisites", "put">;
export type InvoiceBody = ApiBody<"/accounts/:accountId/billing/invoices">;
export type AutoTopupBody = ApiBody<"/accounts/:accountId/billing/auto-topup", "put">;
export type Banner = ApiResponse<"/accounts/:accountId/billing/banner">;
export type PublicPlan = ApiResponse<"/plans">["data"][number];
export type DocumentsParams = { page: number; limit: number; kind?: "invoice" | "act" };

export const billingKeys = {
  all: (accountId: string) => queryKeys.accountPart(accountId, "billing"),
  state: (accountId: string) => queryKeys.accountPart(accountId, "billing", "state"),
  banner: (accountId: string) => queryKeys.accountPart(accountId, "billing", "banner"),
  usage: (accountId: string, days: number) => queryKeys.accountPart(accountId, "billing", "usage", { days }),
  documents: (accountId: string, params?: DocumentsParams) => queryKeys.accountPart(accountId, "billing", "documents", ...(params ? [params] : [])),
  methods: (accountId: string) => queryKeys.accountPart(accountId, "billing", "methods"),
  requisites: (accountId: string) => queryKeys.accountPart(accountId, "billing", "requisites"),
  plans: () => ["plans"] as const,
};

const base = (accountId: string) => `/accounts/${accountId}`;

export const billingApi = {
  setAutoTopup: (accountId: string, body: AutoTopupBody) => api.put<ApiResponse<"/accounts/:accountId/billing/auto-topup", "put">>(`${base(accountId)}/billing/auto-topup`, body, { silent: true }),
  putRequisites: (accountId: string, body: RequisitesBody) => api.put<ApiResponse<"/accounts/:accountId/requisites", "put">>(`${base(accountId)}/requisites`, body, { silent: true }),
  removeMethod: (accountId: string, methodId: string) => api.delete<ApiResponse<"/accounts/:accountId/payment-methods/:methodId", "delete">>(`${base(accountId)}/payment-methods/${methodId}`),
  issueInvoice: (accountId: string, body: InvoiceBody) => api.post<ApiResponse<"/accounts/:accountId/billing/invoices", "post">>(`${base(accountId)}/billing/invoices`, body, { silent: true }),
  documentHtml: async (path: string) => (await api.download(path)).text(),
};

export const billingQueries = {
  state: (accountId: string) => queryOptions({ queryKey: billingKeys.state(accountId), queryFn: ({ signal }) => api.get<BillingState>(`${base(accountId)}/billing`, { signal, silent: true }) }),
  banner: (accountId: string) =>
    queryOptions({ queryKey: billingKeys.banner(accountId), queryFn: ({ signal }) => api.get<Banner>(`${base(accountId)}/billing/banner`, { signal, silent: true }), staleTime: 60_000, refetchInterval: 5 * 60_000 }),
  /** The last `days` days of the account's time zone, today included (the server knows the zone and its today). */
  usage: (accountId: string, days: number) =>
    queryOptions({ queryKey: billingKeys.usage(accountId, days), queryFn: ({ signal }) => api.get<Usage>(`${base(accountId)}/usage`, { query: { days }, signal, silent: true }) }),
  documents: (accountId: string, params: DocumentsParams) =>
    queryOptions({
      queryKey: billingKeys.documents(accountId, params),
      queryFn: ({ signal }) => api.get<ApiResponse<"/accounts/:accountId/billing/documents">>(`${base(accountId)}/billing/documents`, { query: params, signal, silent: true }),
    }),
  methods: (accountId: string) =>
    queryOptions({ queryKey: billingKeys.methods(accountId), queryFn: ({ signal }) => api.get<ApiResponse<"/accounts/:accountId/payment-methods">>(`${base(accountId)}/payment-methods`, { signal, silent: true }) }),
  requisites: (accountId: string) =>
    queryOptions({ queryKey: billingKeys.requisites(accountId), queryFn: ({ signal }) => api.get<ApiResponse<"/accounts/:accountId/requisites">>(`${base(accountId)}/requisites`, { signal, silent: true }) }),
  plans: () => queryOptions({ queryKey: billingKeys.plans(), queryFn: ({ signal }) => api.get<ApiResponse<"/plans">>("/plans", { signal, silent: true }), staleTime: 5 * 60_000 }),
};

/** The checkout page takes plain query parameters: kind, plan, period, amount (roubles). */
export function checkoutHref(accountId: string, params: { kind: "topup" | "plan" | "package"; planId?: string; period?: "month" | "year"; amount?: number }): string {
  const q = new URLSearchParams({ accountId, kind: params.kind });
  if (params.planId) q.set("plan", params.planId);
  if (params.period) q.set("period", params.period);
  if (params.amount) q.set("amount", String(params.amount));
  return `/checkout?${q.toString()}`;
}

/**
 * Opens a document (invoice, act) in a new tab to print: the tab is opened at the click (no popup
 * blocker), then the API's HTML (it needs the session's bearer token, so no plain link) is written in.
 */
export async function openDocument(path: string, loadingText: string): Promise<void> {
  const tab = window.open("", "_blank");
  tab?.document.write(`<p style="font:14px sans-serif;padding:24px">${loadingText}</p>`);
  try {
    const html = await billingApi.documentHtml(path);
    if (!tab) return;
    tab.document.open();
    tab.document.write(html);
    tab.document.close();
  } catch (e) {
    tab?.close();
    throw e;
  }
}
