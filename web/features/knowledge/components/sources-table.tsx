import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { UseQueryResult } from "@tanstack/react-query";
import { BookOpen, Pencil, RefreshCw, RotateCw, Trash2 } from "lucide-react";
import { ActionsMenu } from "@/components/actions-menu";
import { QueryLoadError } from "@/components/query-view";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { DropdownMenuItem, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import { EmptyState, NoMatchesState } from "@/components/ui/empty-state";
import { formatDate, formatNumber } from "@/lib/i18n";
import { formatSize, type KnowledgeSource, type SourceList, type SourceListParams } from "../api";
import { sourceTitle } from "../source-title";
import { SourceKindLabel, SourceStatusBadge } from "./source-badges";

export type SourceAction = "edit" | "reindex" | "refresh" | "delete";

/** The account's sources, server-paged, with each one's state, size, chunks and the actions the role allows. */
export function SourcesTable({
  list,
  p,
  onPage,
  onReset,
  canEdit,
  emptyAction,
  onAction,
}: {
  list: UseQueryResult<SourceList>;
  p: SourceListParams;
  onPage: (patch: Partial<SourceListParams>) => void;
  onReset: () => void;
  canEdit: boolean;
  emptyAction: React.ReactNode;
  onAction: (s: KnowledgeSource, action: SourceAction) => void;
}) {
  const { t } = useTranslation("knowledge");
  const columns = useColumns(canEdit, onAction);
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
      getRowId={(s) => s.sourceId}
      empty={
        p.kind ? (
          <NoMatchesState title={t("list.noMatches")} description={t("list.noMatchesHint")} resetLabel={t("list.showAll")} onReset={onReset} size="sm" />
        ) : (
          <EmptyState icon={BookOpen} title={t("list.empty")} description={canEdit ? t("list.emptyHint") : t("list.emptyReadOnly")} action={canEdit && emptyAction} />
        )
      }
    />
  );
}

function subtitle(s: KnowledgeSource): string {
  if (s.kind === "faq") return s.answer;
  if (s.kind === "url") return s.url ?? "";
  if (s.kind === "document") return s.fileName ?? "";
  return "";
}

function useColumns(canEdit: boolean, onAction: (s: KnowledgeSource, a: SourceAction) => void) {
  const { t, i18n } = useTranslation("knowledge");
  return useMemo(() => {
    const col = dataTableColumns<KnowledgeSource>();
    return [
      col.display({
        id: "title",
        header: () => t("list.columns.title"),
        cell: ({ row: { original: s } }) => (
          <div className="min-w-[200px] max-w-[360px]" data-testid="source-row" data-kind={s.kind}>
            <span className="block truncate font-medium text-heading">{sourceTitle(t, s)}</span>
            <span className="block truncate text-[0.8125rem] text-muted-foreground">{s.kind === "text" ? t("list.textHint") : subtitle(s)}</span>
            <span className="mt-0.5 flex items-center gap-2 text-[0.75rem]">
              <SourceKindLabel kind={s.kind} />
              {s.tags.length > 0 && <span className="truncate text-muted-foreground">#{s.tags.join(" #")}</span>}
            </span>
          </div>
        ),
      }),
      col.display({ id: "status", header: () => t("list.columns.status"), cell: ({ row }) => <SourceStatusBadge status={row.original.status} error={row.original.error} /> }),
      col.display({
        id: "size",
        header: () => t("list.columns.size"),
        cell: ({ row: { original: s } }) => (
          <div className="whitespace-nowrap tabular-nums">
            <span className="block">{formatSize(s.sizeBytes, i18n.language)}</span>
            <span className="block text-[0.8125rem] text-muted-foreground" data-testid="source-chunks">{t("list.chunks", { count: s.chunkCount, formatted: formatNumber(s.chunkCount) })}</span>
          </div>
        ),
      }),
      col.display({ id: "updated", header: () => t("list.columns.updated"), cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.updatedAt, { withTime: true })}</span> }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t("list.columns.actions")}</span>,
        cell: ({ row: { original: s } }) => (canEdit && s.kind !== "text" ? <RowActions source={s} onAction={onAction} /> : null),
      }),
    ];
  }, [canEdit, i18n.language, onAction, t]);
}

function RowActions({ source: s, onAction }: { source: KnowledgeSource; onAction: (s: KnowledgeSource, a: SourceAction) => void }) {
  const { t } = useTranslation("knowledge");
  return (
    <ActionsMenu label={t("actions.menu", { title: sourceTitle(t, s) })} testId="source-actions">
      {s.kind === "faq" && (
        <DropdownMenuItem onSelect={() => onAction(s, "edit")}>
          <Pencil aria-hidden />
          {t("actions.edit")}
        </DropdownMenuItem>
      )}
      {s.kind === "url" && (
        <DropdownMenuItem onSelect={() => onAction(s, "refresh")}>
          <RefreshCw aria-hidden />
          {t("actions.refresh")}
        </DropdownMenuItem>
      )}
      <DropdownMenuItem onSelect={() => onAction(s, "reindex")}>
        <RotateCw aria-hidden />
        {t("actions.reindex")}
      </DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem variant="destructive" onSelect={() => onAction(s, "delete")} data-testid="source-delete">
        <Trash2 aria-hidden />
        {t("actions.delete")}
      </DropdownMenuItem>
    </ActionsMenu>
  );
}
