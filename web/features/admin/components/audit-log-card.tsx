import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { formatDate } from "@/lib/i18n";
import { usePaging } from "@/lib/use-paging";
import { adminQueries, type AuditEntry } from "../api";
import { auditChange, auditTarget, type AuditValue } from "../audit-change";

/** Every value is isolated, so in Arabic "business → start" still reads before, arrow, after (not as one left-to-right run). */
function Value({ v }: { v: AuditValue }) {
  if (v.mono) return <bdi dir="ltr" title={v.title} className="font-mono text-foreground">{v.text}</bdi>;
  return <bdi className="text-foreground">{v.text}</bdi>;
}

/** "Label: before → after", one short line per changed field (features/admin/audit-change). */
function Change({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation("admin");
  const lines = auditChange(t, entry);
  if (!lines.length) return null;
  return (
    <ul data-testid="audit-change" className="max-w-md min-w-48 space-y-0.5 text-xs leading-snug text-muted-foreground">
      {lines.map((l) => (
        <li key={l.key} className="wrap-anywhere">
          {t("audit.label", { label: l.label })}{" "}
          {l.from && <Value v={l.from} />}
          {l.from && l.to && <span> {t("audit.arrow")} </span>}
          {l.to && <Value v={l.to} />}
        </li>
      ))}
    </ul>
  );
}

/** Under the action: what it was done to ("Аккаунт: Кофейня «Зерно»"), linked to its admin page. */
function Target({ entry, onAccount }: { entry: AuditEntry; onAccount?: string }) {
  const { t } = useTranslation("admin");
  const target = auditTarget(t, entry.target, onAccount);
  if (!target) return null;
  const name = <bdi>{target.name}</bdi>;
  return (
    <p data-testid="audit-target" className="mt-0.5 text-xs text-muted-foreground">
      {t("audit.label", { label: target.label })}{" "}
      {target.href ? (
        <Link to={target.href} className="text-primary hover:underline">
          {name}
        </Link>
      ) : (
        <span className="text-foreground">{name}</span>
      )}
      {target.deleted && ` ${t("audit.targets.deleted")}`}
    </p>
  );
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
    col.accessor("action", {
      header: () => t("audit.what"),
      cell: ({ row }) => (
        <div className="min-w-36">
          <span className="font-medium text-heading">{t(`audit.actions.${row.original.action}`, { defaultValue: row.original.action })}</span>
          <Target entry={row.original} onAccount={accountId} />
        </div>
      ),
    }),
    col.display({ id: "change", header: () => t("audit.change"), cell: ({ row }) => <Change entry={row.original} /> }),
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
