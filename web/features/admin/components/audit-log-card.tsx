import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { formatDate } from "@/lib/i18n";
import { usePaging } from "@/lib/use-paging";
import { adminQueries, type AuditEntry } from "../api";

function change(e: AuditEntry): string {
  const show = (v: unknown) => (v === null || v === undefined ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v));
  return e.before === null && e.after === null ? "" : `${show(e.before)} → ${show(e.after)}`;
}

/** The administrators' audit log: who did what, when, before and after (all of it, or one account's). */
export function AuditLogCard({ accountId }: { accountId?: string }) {
  const { t } = useTranslation("admin");
  const { page, limit, tableProps } = usePaging(10);
  const log = useQuery(adminQueries.audit({ page, limit, accountId }));
  const col = dataTableColumns<AuditEntry>();
  const columns = [
    col.accessor("createdAt", { header: () => t("audit.when"), cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.createdAt, { withTime: true })}</span> }),
    col.display({ id: "who", header: () => t("audit.who"), cell: ({ row }) => row.original.actorEmail ?? "—" }),
    col.accessor("action", { header: () => t("audit.what"), cell: ({ row }) => <span className="font-medium text-heading">{t(`audit.actions.${row.original.action}`, { defaultValue: row.original.action })}</span> }),
    col.display({ id: "change", header: () => t("audit.change"), cell: ({ row }) => <span className="line-clamp-2 max-w-md break-all font-mono text-xs text-muted-foreground">{change(row.original)}</span> }),
    col.accessor("reason", { header: () => t("audit.reason"), cell: ({ row }) => row.original.reason ?? "" }),
  ];
  return (
    <Card data-testid="audit-log">
      <CardHeader>
        <CardTitle>{t("audit.title")}</CardTitle>
        <CardDescription>{t("audit.description")}</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {log.isError ? (
          <LoadError error={log.error} onRetry={() => log.refetch()} retrying={log.isFetching} />
        ) : (
          <DataTable columns={columns} data={log.data?.data ?? []} isLoading={log.isPending} {...tableProps(log.data?.meta.total)} getRowId={(r) => r.id} empty={<p className="py-6 text-center text-sm text-muted-foreground">{t("audit.empty")}</p>} />
        )}
      </CardContent>
    </Card>
  );
}
