import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";
import { queryKeys } from "@/lib/query";

/** The partner programme: the signed-in user's own cabinet (/api/partners) and the admins' review (/api/admin/partners). */
export type Cabinet = ApiResponse<"/partners/me">;
export type PartnerCode = Cabinet["codes"][number];
export type Application = ApiResponse<"/partners/applications">["data"][number];
export type ApplicationBody = ApiBody<"/partners/applications">;
export type Stats = ApiResponse<"/partners/me/stats">;
export type Referred = ApiResponse<"/partners/me/referred">["data"][number];
export type Commission = ApiResponse<"/partners/me/commissions">["data"][number];
export type Payout = ApiResponse<"/partners/payouts">["data"][number];
export type AdminApplication = ApiResponse<"/admin/partners/applications">["data"][number];
export type AdminPartner = ApiResponse<"/admin/partners">["data"][number];
export type AdminAttribution = ApiResponse<"/admin/partners/attributions">["data"][number];
export type AdminPayout = ApiResponse<"/admin/partners/payouts">["data"][number];
export type PayoutStatus = Payout["status"];

type Page = { page: number; limit: number };

export const partnerKeys = {
  all: () => ["partners"] as const,
  me: () => ["partners", "me"] as const,
  stats: (params: { from?: string; to?: string; codeId?: string }) => ["partners", "stats", params] as const,
  referred: (p: Page) => ["partners", "referred", p] as const,
  commissions: (p: Page) => ["partners", "commissions", p] as const,
  payouts: (p: Page) => ["partners", "payouts", p] as const,
  admin: (...parts: unknown[]) => queryKeys.admin("partners", ...parts),
};

export const partnersApi = {
  apply: (body: ApplicationBody) => api.post<ApiResponse<"/partners/applications", "post">>("/partners/applications", body, { silent: true }),
  createCode: (body: ApiBody<"/partners/codes">) => api.post<ApiResponse<"/partners/codes", "post">>("/partners/codes", body, { silent: true }),
  updateCode: (id: string, body: ApiBody<"/partners/codes/:codeId", "patch">) => api.patch<ApiResponse<"/partners/codes/:codeId", "patch">>(`/partners/codes/${id}`, body),
  deleteCode: (id: string) => api.delete<ApiResponse<"/partners/codes/:codeId", "delete">>(`/partners/codes/${id}`),
  requestPayout: (body: ApiBody<"/partners/payouts">) => api.post<ApiResponse<"/partners/payouts", "post">>("/partners/payouts", body, { silent: true }),
  /** Always with the rate the administrator confirmed (the dialog offers the default): never the server's default in place of a mistyped one. */
  approve: (id: string, ratePercent: number) => api.post(`/admin/partners/applications/${id}/approve`, { ratePercent }, { silent: true }),
  reject: (id: string, reason: string) => api.post(`/admin/partners/applications/${id}/reject`, { reason }, { silent: true }),
  updatePartner: (id: string, body: ApiBody<"/admin/partners/:partnerId", "patch">) => api.patch(`/admin/partners/${id}`, body, { silent: true }),
  setAttribution: (userId: string, body: ApiBody<"/admin/partners/attributions/:userId", "put">) => api.put(`/admin/partners/attributions/${userId}`, body, { silent: true }),
  movePayout: (id: string, move: "approve" | "paid" | "reject", body: { reference?: string; reason?: string } = {}) => api.post(`/admin/partners/payouts/${id}/${move}`, body, { silent: true }),
};

export const partnerQueries = {
  me: () => queryOptions({ queryKey: partnerKeys.me(), queryFn: ({ signal }) => api.get<Cabinet>("/partners/me", { signal, silent: true }) }),
  stats: (params: { from?: string; to?: string; codeId?: string }) =>
    queryOptions({ queryKey: partnerKeys.stats(params), queryFn: ({ signal }) => api.get<Stats>("/partners/me/stats", { query: params, signal, silent: true }) }),
  referred: (p: Page) =>
    queryOptions({ queryKey: partnerKeys.referred(p), queryFn: ({ signal }) => api.get<ApiResponse<"/partners/me/referred">>("/partners/me/referred", { query: p, signal, silent: true }) }),
  commissions: (p: Page) =>
    queryOptions({ queryKey: partnerKeys.commissions(p), queryFn: ({ signal }) => api.get<ApiResponse<"/partners/me/commissions">>("/partners/me/commissions", { query: p, signal, silent: true }) }),
  payouts: (p: Page) =>
    queryOptions({ queryKey: partnerKeys.payouts(p), queryFn: ({ signal }) => api.get<ApiResponse<"/partners/payouts">>("/partners/payouts", { query: p, signal, silent: true }) }),
  adminApplications: (p: Page & { status?: string }) =>
    queryOptions({
      queryKey: partnerKeys.admin("applications", p),
      queryFn: ({ signal }) => api.get<ApiResponse<"/admin/partners/applications">>("/admin/partners/applications", { query: p, signal, silent: true }),
    }),
  adminPartners: (p: Page) =>
    queryOptions({ queryKey: partnerKeys.admin("list", p), queryFn: ({ signal }) => api.get<ApiResponse<"/admin/partners">>("/admin/partners", { query: p, signal, silent: true }) }),
  adminAttributions: (p: Page) =>
    queryOptions({
      queryKey: partnerKeys.admin("attributions", p),
      queryFn: ({ signal }) => api.get<ApiResponse<"/admin/partners/attributions">>("/admin/partners/attributions", { query: p, signal, silent: true }),
    }),
  adminPayouts: (p: Page & { status?: string }) =>
    queryOptions({ queryKey: partnerKeys.admin("payouts", p), queryFn: ({ signal }) => api.get<ApiResponse<"/admin/partners/payouts">>("/admin/partners/payouts", { query: p, signal, silent: true }) }),
};

/** The link a partner shares: the app's address with `?partner=CODE` (SPEC §2.4). */
export const partnerLink = (code: string) => `${window.location.origin}/?partner=${encodeURIComponent(code)}`;

/** A commission rate typed in per cent ("15", "12,5", "20 %"), or null unless it is a number from 0,01 to 100. */
export function parseRatePercent(text: string): number | null {
  const clean = text.trim().replace(/\s*%$/, "").replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const n = Number(clean);
  return n >= 0.01 && n <= 100 ? n : null;
}
