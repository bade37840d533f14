import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { UseQueryResult } from "@tanstack/react-query";
import { Megaphone, Plus } from "lucide-react";
import { QueryLoadError } from "@/components/query-view";
import { Button } from "@/components/ui/button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState, NoMatchesState } from "@/components/ui/empty-state";
import { PlatformIcon } from "@/features/chat/components/platform-icon";
import { formatNumber } from "@/lib/i18n";
import { formatInZone, useAccountTimeZone } from "../account-time";
import type { Broadcast, BroadcastAction, BroadcastList, BroadcastListParams } from "../api";
import { BroadcastRowActions } from "./broadcast-row-actions";
import { BroadcastStatusBadge } from "./status-badge";
import { TimeHeader } from "./time-header";

/** The broadcasts of the account, server-paged: a click on a row opens its page. */
export function BroadcastsTable({
  accountId,
  list,
  p,
  onPage,
  onReset,
  canCreate,
  busyOn,
  onAction,
  onDelete,
}: {
  accountId: string;
  list: UseQueryResult<BroadcastList>;
  p: BroadcastListParams;
  onPage: (patch: Partial<BroadcastListParams>) => void;
  onReset: () => void;
  canCreate: boolean;
  busyOn: (broadcastId: string) => boolean;
  onAction: (b: Broadcast, action: BroadcastAction) => void;
  onDelete: (b: Broadcast) => void;
}) {
  const { t } = useTranslation("broadcasts");
  const navigate = useNavigate();
  const columns = useBroadcastColumns(accountId, busyOn, onAction, onDelete);
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
      getRowId={(b) => b.broadcastId}
      onRowClick={(b) => navigate(`/${accountId}/broadcasts/${b.broadcastId}`)}
      empty={
        p.status ? (
          <NoMatchesState title={t("list.noMatches")} description={t("list.noMatchesHint")} resetLabel={t("list.showAll")} onReset={onReset} size="sm" />
        ) : (
          <EmptyState
            icon={Megaphone}
            title={t("list.empty")}
            description={canCreate ? t("list.emptyHint") : t("list.emptyReadOnly")}
            action={
              canCreate && (
                <Button asChild>
                  <Link to={`/${accountId}/broadcasts/new`}>
                    <Plus aria-hidden />
                    {t("list.create")}
                  </Link>
                </Button>
              )
            }
          />
        )
      }
    />
  );
}

function useBroadcastColumns(accountId: string, busyOn: (id: string) => boolean, onAction: (b: Broadcast, a: BroadcastAction) => void, onDelete: (b: Broadcast) => void) {
  const { t } = useTranslation(["broadcasts", "chat"]);
  const { timeZone, foreign } = useAccountTimeZone(accountId);
  return useMemo(() => {
    const col = dataTableColumns<Broadcast>();
    return [
      col.display({
        id: "name",
        header: () => t("list.columns.name"),
        cell: ({ row: { original: b } }) => (
          <div className="flex min-w-[200px] items-center gap-3">
            {b.channel ? <PlatformIcon platform={b.channel.platform} className="size-7" /> : <span className="size-7 rounded-full bg-muted" aria-hidden />}
            <div className="min-w-0">
              <Link to={`/${accountId}/broadcasts/${b.broadcastId}`} className="block truncate font-medium text-heading hover:text-primary" onClick={(e) => e.stopPropagation()} data-testid="broadcast-link">
                {b.name}
              </Link>
              <span className="block truncate text-[0.8125rem] text-muted-foreground">{b.channel ? b.channel.name || t(`chat:platform.${b.channel.platform}`) : b.status === "draft" ? t("list.channelUnchosen") : t("list.noChannel")}</span>
            </div>
          </div>
        ),
      }),
      col.display({ id: "status", header: () => t("list.columns.status"), cell: ({ row }) => <BroadcastStatusBadge status={row.original.status} /> }),
      col.display({
        id: "recipients",
        header: () => t("list.columns.recipients"),
        cell: ({ row: { original: b } }) =>
          b.counts.total ? (
            <div className="whitespace-nowrap tabular-nums" data-testid="broadcast-counts">
              <span className="font-medium text-heading">{t("list.sentOf", { sent: formatNumber(b.counts.sent + b.counts.delivered + b.counts.read), total: formatNumber(b.counts.total) })}</span>
              {b.counts.failed > 0 && <span className="block text-[0.8125rem] text-destructive">{t("list.failed", { count: b.counts.failed, formatted: formatNumber(b.counts.failed) })}</span>}
            </div>
          ) : (
            <span className="text-muted-foreground">—</span>
          ),
      }),
      col.display({
        id: "when",
        header: () => <TimeHeader label={t("list.columns.when")} timeZone={timeZone} foreign={foreign} />,
        cell: ({ row }) => <WhenCell b={row.original} timeZone={timeZone} />,
      }),
      col.display({ id: "author", header: () => t("list.columns.author"), cell: ({ row }) => <span className="whitespace-nowrap">{row.original.author?.name || "—"}</span> }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t("list.columns.actions")}</span>,
        cell: ({ row }) => <BroadcastRowActions accountId={accountId} broadcast={row.original} busy={busyOn(row.original.broadcastId)} onAction={onAction} onDelete={onDelete} />,
      }),
    ];
  }, [accountId, busyOn, onAction, onDelete, t, timeZone, foreign]);
}

/** When it goes out (scheduled), went out (started) or was last changed (a draft), on the account's clock. */
function WhenCell({ b, timeZone }: { b: Broadcast; timeZone: string }) {
  const { t } = useTranslation("broadcasts");
  const [label, at] = b.status === "scheduled" && b.scheduledAt ? [t("list.scheduledFor"), b.scheduledAt] : b.startedAt ? [t("list.startedAt"), b.startedAt] : [t("list.createdAt"), b.createdAt];
  return (
    <div className="whitespace-nowrap">
      <span className="block text-[0.8125rem] text-muted-foreground">{label}</span>
      <span data-testid="broadcast-when">{formatInZone(at, timeZone)}</span>
    </div>
  );
}
