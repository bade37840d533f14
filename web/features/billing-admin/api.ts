import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";
import { queryKeys } from "@/lib/query";

/** The platform administrators' billing area (/admin/billing): plans, an account's money, bank invoices. */
export type AdminPlan = ApiResponse<"/admin/plans">["data"][number];
export type PlanBody = ApiBody<"/admin/plans">;
export type AdminInvoice = ApiResponse<"/admin/billing/invoices">["data"][number];
export type AdminLedgerEntry = ApiResponse<"/admin/accounts/:accountId/ledger">["data"][number];
export type AdminPayment = ApiResponse<"/admin/accounts/:accountId/payments">["data"][number];
export type PlanStatus = "current" | "archived" | "all";
type Page = { page: number; limit: number };

export const adminBillingKeys = {
  all: () => queryKeys.admin("billing"),
  plans: (p: Page & { status: PlanStatus }) => queryKeys.admin("billing", "plans", p),
  invoices: (p: Page & { status?: string }) => queryKeys.admin("billing", "invoices", p),
  account: (accountId: string) => queryKeys.admin("billing", "account", accountId),
  ledger: (accountId: string, p: Page) => queryKeys.admin("billing", "account", accountId, "ledger", p),
  payments: (accountId: string, p: Page) => queryKeys.admin("billing", "account", accountId, "payments", p),
};

export const adminBillingApi = {
  createPlan: (body: PlanBody) => api.post<ApiResponse<"/admin/plans", "post">>("/admin/plans", body, { silent: true }),
  updatePlan: (id: string, body: ApiBody<"/admin/plans/:planId", "patch">) => api.patch<ApiResponse<"/admin/plans/:planId", "patch">>(`/admin/plans/${id}`, body, { silent: true }),
  deletePlan: (id: string) => api.delete<ApiResponse<"/admin/plans/:planId", "delete">>(`/admin/plans/${id}`),
  adjust: (accountId: string, body: ApiBody<"/admin/accounts/:accountId/balance-adjustments">) =>
    api.post<ApiResponse<"/admin/accounts/:accountId/balance-adjustments", "post">>(`/admin/accounts/${accountId}/balance-adjustments`, body, { silent: true }),
  refund: (paymentId: string, body: ApiBody<"/admin/payments/:paymentId/refunds">) => api.post<ApiResponse<"/admin/payments/:paymentId/refunds", "post">>(`/admin/payments/${paymentId}/refunds`, body, { silent: true }),
  markPaid: (id: string) => api.post<ApiResponse<"/admin/billing/invoices/:documentId/mark-paid", "post">>(`/admin/billing/invoices/${id}/mark-paid`),
  cancelInvoice: (id: string, reason: string) => api.post<ApiResponse<"/admin/billing/invoices/:documentId/cancel", "post">>(`/admin/billing/invoices/${id}/cancel`, { reason }, { silent: true }),
};

export const adminBillingQueries = {
  plans: (p: Page & { status: PlanStatus }) => queryOptions({ queryKey: adminBillingKeys.plans(p), queryFn: ({ signal }) => api.get<ApiResponse<"/admin/plans">>("/admin/plans", { query: p, signal, silent: true }) }),
  invoices: (p: Page & { status?: string }) =>
    queryOptions({ queryKey: adminBillingKeys.invoices(p), queryFn: ({ signal }) => api.get<ApiResponse<"/admin/billing/invoices">>("/admin/billing/invoices", { query: p, signal, silent: true }) }),
  account: (accountId: string) =>
    queryOptions({ queryKey: adminBillingKeys.account(accountId), queryFn: ({ signal }) => api.get<ApiResponse<"/admin/accounts/:accountId/billing">>(`/admin/accounts/${accountId}/billing`, { signal, silent: true }) }),
  ledger: (accountId: string, p: Page) =>
    queryOptions({ queryKey: adminBillingKeys.ledger(accountId, p), queryFn: ({ signal }) => api.get<ApiResponse<"/admin/accounts/:accountId/ledger">>(`/admin/accounts/${accountId}/ledger`, { query: p, signal, silent: true }) }),
  payments: (accountId: string, p: Page) =>
    queryOptions({ queryKey: adminBillingKeys.payments(accountId, p), queryFn: ({ signal }) => api.get<ApiResponse<"/admin/accounts/:accountId/payments">>(`/admin/accounts/${accountId}/payments`, { query: p, signal, silent: true }) }),
};
