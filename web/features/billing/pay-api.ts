import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";
import { queryKeys } from "@/lib/query";

/** What /pricing, /checkout, /payment and /:accountId/payments read of the billing API. */
export type Plan = ApiResponse<"/plans">["data"][number];
export type PackageOnSale = ApiResponse<"/broadcast-packages">["data"][number];
export type BillingState = ApiResponse<"/accounts/:accountId/billing">;
export type Payment = ApiResponse<"/accounts/:accountId/payments/:paymentId">;
export type PaymentsPage = ApiResponse<"/accounts/:accountId/payments">;
export type LedgerPage = ApiResponse<"/accounts/:accountId/ledger">;
export type LedgerEntry = LedgerPage["data"][number];
export type Receipt = ApiResponse<"/accounts/:accountId/payments/:paymentId/receipt">;
export type CheckoutBody = ApiBody<"/accounts/:accountId/checkout">;
export type CheckoutResult = ApiResponse<"/accounts/:accountId/checkout", "post">;
/** What choosing a plan would do now: a new purchase, an upgrade with the unused days' credit, a downgrade at the period's end, or the current plan. */
export type PlanQuote = ApiResponse<"/accounts/:accountId/billing/plan-change">;
export type PlanChangeResult = ApiResponse<"/accounts/:accountId/billing/plan-change", "post">;

export type PaymentStatus = Payment["status"];
export type PaymentPurpose = Payment["purpose"];
export type LedgerType = LedgerEntry["type"];
export type BillingPeriod = "month" | "year";

export const PAYMENT_STATUSES = ["succeeded", "pending", "canceled", "failed", "waiting_for_capture", "creating"] as const satisfies readonly PaymentStatus[];
export const PAYMENT_PURPOSES = ["plan", "topup", "package", "renewal", "auto_topup"] as const satisfies readonly PaymentPurpose[];
export const LEDGER_TYPES = ["topup", "charge", "subscription", "package", "refund", "adjustment"] as const satisfies readonly LedgerType[];

/** The list filters: `from`/`to` are days (YYYY-MM-DD) in the URL, sent as ms (to = the end of that day). */
export interface LedgerParams {
  page: number;
  limit: number;
  type?: LedgerType;
  from?: number;
  to?: number;
}
export interface PaymentsParams {
  page: number;
  limit: number;
  status?: PaymentStatus;
  purpose?: PaymentPurpose;
  from?: number;
  to?: number;
}

export const payKeys = {
  plans: () => ["plans"] as const,
  packages: () => ["broadcast-packages", "on-sale"] as const,
  billing: (accountId: string) => queryKeys.accountPart(accountId, "billing"),
  ledger: (accountId: string, p?: LedgerParams) => queryKeys.accountPart(accountId, "billing", "ledger", ...(p ? [p] : [])),
  payments: (accountId: string, p?: PaymentsParams) => queryKeys.accountPart(accountId, "billing", "payments", ...(p ? [p] : [])),
  payment: (accountId: string, paymentId: string) => queryKeys.accountPart(accountId, "billing", "payment", paymentId),
  receipt: (accountId: string, paymentId: string) => queryKeys.accountPart(accountId, "billing", "receipt", paymentId),
  quote: (accountId: string, planId: string, period: BillingPeriod, useBalance = true) => queryKeys.accountPart(accountId, "billing", "plan-change", { planId, period, useBalance }),
};

const base = (accountId: string) => `/accounts/${accountId}`;

export const payQueries = {
  plans: () => queryOptions({ queryKey: payKeys.plans(), queryFn: ({ signal }) => api.get<ApiResponse<"/plans">>("/plans", { signal, silent: true }), staleTime: 5 * 60_000 }),
  packages: () => queryOptions({ queryKey: payKeys.packages(), queryFn: ({ signal }) => api.get<ApiResponse<"/broadcast-packages">>("/broadcast-packages", { signal, silent: true }), staleTime: 5 * 60_000 }),
  billing: (accountId: string) => queryOptions({ queryKey: payKeys.billing(accountId), queryFn: ({ signal }) => api.get<BillingState>(`${base(accountId)}/billing`, { signal, silent: true }) }),
  ledger: (accountId: string, p: LedgerParams) =>
    queryOptions({ queryKey: payKeys.ledger(accountId, p), queryFn: ({ signal }) => api.get<LedgerPage>(`${base(accountId)}/ledger`, { query: { ...p }, signal, silent: true }), placeholderData: keepPreviousData }),
  payments: (accountId: string, p: PaymentsParams) =>
    queryOptions({ queryKey: payKeys.payments(accountId, p), queryFn: ({ signal }) => api.get<PaymentsPage>(`${base(accountId)}/payments`, { query: { ...p }, signal, silent: true }), placeholderData: keepPreviousData }),
  receipt: (accountId: string, paymentId: string) =>
    queryOptions({ queryKey: payKeys.receipt(accountId, paymentId), queryFn: ({ signal }) => api.get<Receipt>(`${base(accountId)}/payments/${paymentId}/receipt`, { signal, silent: true }) }),
  /** Priced at the server, as checkout will charge it (the credit of unused days changes once a day); `useBalance` false: the card pays it all. */
  quote: (accountId: string, planId: string, period: BillingPeriod, useBalance = true) =>
    queryOptions({
      queryKey: payKeys.quote(accountId, planId, period, useBalance),
      queryFn: ({ signal }) => api.get<PlanQuote>(`${base(accountId)}/billing/plan-change`, { query: { planId, period, ...(useBalance ? {} : { useBalance: "false" }) }, signal, silent: true }),
      staleTime: 60_000,
    }),
  /** The return page's poll: every 2 s while the payment is not final (the server re-reads it from the provider). */
  payment: (accountId: string, paymentId: string) =>
    queryOptions({
      queryKey: payKeys.payment(accountId, paymentId),
      queryFn: ({ signal }) => api.get<Payment>(`${base(accountId)}/payments/${paymentId}`, { signal, silent: true }),
      refetchInterval: (q) => (q.state.data && q.state.data.final ? false : 2000),
      staleTime: 0,
    }),
};

export const payApi = {
  /** Silent: the form shows the server's sentence at its field or above the button. */
  checkout: (accountId: string, body: CheckoutBody) => api.post<CheckoutResult>(`${base(accountId)}/checkout`, body, { silent: true }),
  /** A change with nothing to pay by card: a downgrade scheduled for the period's end, or an upgrade the credit covers. */
  changePlan: (accountId: string, body: { planId: string; period: BillingPeriod; useBalance?: boolean }) => api.post<PlanChangeResult>(`${base(accountId)}/billing/plan-change`, body, { silent: true }),
  /** Drops the scheduled downgrade: the plan renews as it is. */
  cancelChange: (accountId: string) => api.delete<ApiResponse<"/accounts/:accountId/billing/plan-change", "delete">>(`${base(accountId)}/billing/plan-change`, { silent: true }),
};

/** A day (YYYY-MM-DD, the browser's time zone) as the ms of its start, or of the next day's start (`end`). */
export function dayToMs(day: string | null, end = false): number | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y!, m! - 1, d! + (end ? 1 : 0)).getTime();
}

/** A Date as YYYY-MM-DD in the browser's time zone. */
export function msToDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}
