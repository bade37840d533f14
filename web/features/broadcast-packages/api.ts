import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";
import { queryKeys } from "@/lib/query";

/** The platform administrators' catalogue of broadcast packages and grants (/api/admin/…). */
export type PackageStatus = "current" | "archived" | "all";
export type BroadcastPackage = ApiResponse<"/admin/broadcast-packages">["data"][number];
export type PackageBody = ApiBody<"/admin/broadcast-packages">;
export type AccountQuota = ApiResponse<"/admin/accounts/:accountId/broadcast-packages">;
export type AdminAccount = ApiResponse<"/admin/accounts">["data"][number];

export const packageKeys = {
  all: () => queryKeys.admin("broadcast-packages"),
  list: (params: { page: number; limit: number; status: PackageStatus }) => queryKeys.admin("broadcast-packages", "list", params),
  accountQuota: (accountId: string) => queryKeys.admin("broadcast-packages", "account", accountId),
  accounts: (q: string) => queryKeys.admin("accounts", { q }),
};

export const packagesApi = {
  list: (params: { page: number; limit: number; status: PackageStatus }, signal?: AbortSignal) =>
    api.get<ApiResponse<"/admin/broadcast-packages">>("/admin/broadcast-packages", { query: params, signal, silent: true }),
  create: (body: PackageBody) => api.post<ApiResponse<"/admin/broadcast-packages", "post">>("/admin/broadcast-packages", body, { silent: true }),
  update: (id: string, body: ApiBody<"/admin/broadcast-packages/:packageId", "patch">) =>
    api.patch<ApiResponse<"/admin/broadcast-packages/:packageId", "patch">>(`/admin/broadcast-packages/${id}`, body, { silent: true }),
  archive: (id: string, archived: boolean) =>
    api.post<ApiResponse<"/admin/broadcast-packages/:packageId/archive", "post">>(`/admin/broadcast-packages/${id}/${archived ? "archive" : "unarchive"}`),
  grant: (accountId: string, packageId: string) =>
    api.post<ApiResponse<"/admin/accounts/:accountId/broadcast-packages", "post">>(`/admin/accounts/${accountId}/broadcast-packages`, { packageId }, { silent: true }),
};

export const packageQueries = {
  list: (params: { page: number; limit: number; status: PackageStatus }) =>
    queryOptions({ queryKey: packageKeys.list(params), queryFn: ({ signal }) => packagesApi.list(params, signal) }),
  /** Packages that may be granted now (active, not archived). */
  grantable: () =>
    queryOptions({
      queryKey: packageKeys.list({ page: 1, limit: 100, status: "current" }),
      queryFn: ({ signal }) => packagesApi.list({ page: 1, limit: 100, status: "current" }, signal),
      select: (r) => r.data.filter((p) => p.active),
    }),
  accountQuota: (accountId: string) =>
    queryOptions({
      queryKey: packageKeys.accountQuota(accountId),
      queryFn: ({ signal }) => api.get<AccountQuota>(`/admin/accounts/${accountId}/broadcast-packages`, { signal, silent: true }),
    }),
  accounts: (q: string) =>
    queryOptions({
      queryKey: packageKeys.accounts(q),
      queryFn: ({ signal }) => api.get<ApiResponse<"/admin/accounts">>("/admin/accounts", { query: { q: q || undefined, limit: 8 }, signal, silent: true }),
    }),
};
