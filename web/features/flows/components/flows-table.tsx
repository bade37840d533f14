import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { UseQueryResult } from "@tanstack/react-query";
import { Workflow } from "lucide-react";
import { QueryLoadError } from "@/components/query-view";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState, NoMatchesState } from "@/components/ui/empty-state";
import { formatDate, formatNumber } from "@/lib/i18n";
import type { FlowList, FlowListItem, FlowListParams } from "../api";
import type { FlowAction } from "../use-flow-actions";
import { FlowRowActions } from "./flow-row-actions";
import { FlowStatusBadge } from "./flow-status-badge";
import { TriggerSummary } from "./trigger-summary";

/** The account's flows, server-paged: a click on a row opens the editor. */
export function FlowsTable({
  accountId,
  list,
  p,
  onPage,
  onReset,
  canWrite,
  createButton,
  busyOn,
  onAction,
  onDelete,
}: {
  accountId: string;
  list: UseQueryResult<FlowList>;
  p: FlowListParams;
  onPage: (patch: Partial<FlowListParams>) => void;
  onReset: () => void;
  canWrite: boolean;
  createButton: React.ReactNode;
  busyOn: (flowId: string) => boolean;
  onAction: (f: FlowListItem, action: FlowAction) => void;
  onDelete: (f: FlowListItem) => void;
}) {
  const { t } = useTranslation("flows");
  const navigate = useNavigate();
  const columns = useFlowColumns(accountId, canWrite, busyOn, onAction, onDelete);
  if (list.isError) return <QueryLoadError query={list} className="py-12" />;
  return (
    <DataTable
      columns={columns}
      data={list.data?.data ?? []}
      isLoading={list.isPending || list.isPlaceholderData}
      page={p.page}
      pageSize={p.limit}
      total={list.data?.meta.total ?? 0}
      onPageChange={(page) => onPage({ page })}
      onPageSizeChange={(limit) => onPage({ limit, page: 1 })}
      getRowId={(f) => f.flowId}
      onRowClick={(f) => navigate(`/${accountId}/flows/${f.flowId}/edit`)}
      empty={
        p.status || p.q ? (
          <NoMatchesState title={t("list.noMatches")} description={t("list.noMatchesHint")} resetLabel={t("list.showAll")} onReset={onReset} size="sm" />
        ) : (
          <EmptyState icon={Workflow} title={t("list.empty")} description={canWrite ? t("list.emptyHint") : t("list.emptyReadOnly")} action={canWrite && createButton} />
        )
      }
    />
  );
}

function useFlowColumns(accountId: string, canWrite: boolean, busyOn: (id: string) => boolean, onAction: (f: FlowListItem, a: FlowAction) => void, onDelete: (f: FlowListItem) => void) {
  const { t } = useTranslation("flows");
  return useMemo(() => {
    const col = dataTableColumns<FlowListItem>();
    return [
      col.display({
        id: "name",
        header: () => t("list.columns.name"),
        cell: ({ row: { original: f } }) => (
          <div className="flex min-w-[200px] items-center gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary/12 text-primary" aria-hidden>
              <Workflow className="size-4" />
            </span>
            <Link to={`/${accountId}/flows/${f.flowId}/edit`} className="block truncate font-medium text-heading hover:text-primary" onClick={(e) => e.stopPropagation()} data-testid="flow-link">
              {f.name}
            </Link>
          </div>
        ),
      }),
      col.display({ id: "status", header: () => t("list.columns.status"), cell: ({ row }) => <FlowStatusBadge status={row.original.status} changed={row.original.hasUnpublishedChanges} /> }),
      col.display({ id: "triggers", header: () => t("list.columns.triggers"), cell: ({ row }) => <TriggerSummary triggers={row.original.triggers} /> }),
      col.display({
        id: "runs",
        header: () => t("list.columns.runs"),
        cell: ({ row: { original: f } }) => (
          <div className="whitespace-nowrap tabular-nums" data-testid="flow-runs">
            <span className="font-medium text-heading">{formatNumber(f.started7d)}</span>
            <span className="text-muted-foreground"> / {formatNumber(f.completed7d)}</span>
            <span className="block text-[0.8125rem] text-muted-foreground">{t("list.runsHint")}</span>
          </div>
        ),
      }),
      col.display({
        id: "updated",
        header: () => t("list.columns.updated"),
        cell: ({ row: { original: f } }) => (
          <div className="whitespace-nowrap">
            <span>{formatDate(f.updatedAt, { withTime: true })}</span>
            {f.updatedBy && <span className="block text-[0.8125rem] text-muted-foreground">{f.updatedBy.name}</span>}
          </div>
        ),
      }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t("list.columns.actions")}</span>,
        cell: ({ row }) => <FlowRowActions accountId={accountId} flow={row.original} canWrite={canWrite} busy={busyOn(row.original.flowId)} onAction={onAction} onDelete={onDelete} />,
      }),
    ];
  }, [accountId, canWrite, busyOn, onAction, onDelete, t]);
}
