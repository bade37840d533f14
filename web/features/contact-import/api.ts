import { queryOptions } from "@tanstack/react-query";
import type { ImportMapping } from "@worker/features/contact-import/import-format";
import { api } from "@/lib/api";
import type { ApiResponse } from "@/lib/api-types";

/** Shapes of the contact import routes, as the worker answers them. */
export type ImportJob = ApiResponse<"/accounts/:accountId/contacts/import/:importId">;
export type ImportIssue = ImportJob["issues"][number];
export type ImportSummary = ApiResponse<"/accounts/:accountId/contacts/import">["data"][number];
export type StartedImport = ApiResponse<"/accounts/:accountId/contacts/import", "post">;

export const importKeys = {
  list: (accountId: string) => ["accounts", accountId, "contact-imports"] as const,
  job: (accountId: string, importId: string) => ["accounts", accountId, "contact-imports", importId] as const,
};

/** How often a running import's status is asked for. */
export const POLL_MS = 1000;

export const importQueries = {
  list: (accountId: string) =>
    queryOptions({
      queryKey: importKeys.list(accountId),
      queryFn: ({ signal }) => api.get<ApiResponse<"/accounts/:accountId/contacts/import">>(`/accounts/${accountId}/contacts/import`, { signal, silent: true, background: true }),
      // A running import's line follows its progress.
      refetchInterval: (q) => (q.state.data?.data.some((j) => j.status === "running") ? POLL_MS * 2 : false),
    }),
  /** Polled while the import runs; stops by itself once it has finished. */
  job: (accountId: string, importId: string) =>
    queryOptions({
      queryKey: importKeys.job(accountId, importId),
      queryFn: ({ signal }) => api.get<ImportJob>(`/accounts/${accountId}/contacts/import/${importId}`, { signal, silent: true, background: true }),
      refetchInterval: (q) => (q.state.data?.status === "running" ? POLL_MS : false),
    }),
};

export const importApi = {
  /** Silent: the dialog shows the server's sentence itself. */
  start: (accountId: string, file: File, mapping: ImportMapping) => {
    const form = new FormData();
    form.set("file", file);
    form.set("mapping", JSON.stringify(mapping));
    return api.post<StartedImport>(`/accounts/${accountId}/contacts/import`, form, { silent: true });
  },
  report: (accountId: string, importId: string) => api.download(`/accounts/${accountId}/contacts/import/${importId}/report`),
};
