import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Users } from "lucide-react";
import { RECIPIENT_STATES } from "@worker/features/broadcasts/contract";
import { QueryLoadError } from "@/components/query-view";
import { Card } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { PlatformIcon } from "@/features/chat/components/platform-icon";
import type { Platform } from "@/features/chat/api";
import { formatDate } from "@/lib/i18n";
import { broadcastQueries, type Recipient, type RecipientFilter } from "../api";
import { RecipientStateBadge } from "./status-badge";

const ALL = "all";
const FILTERS: readonly RecipientFilter[] = ["pending", ...RECIPIENT_STATES];

/** The broadcast's recipients, server-paged, filtered by state; a failed one shows its reason. */
export function RecipientsTable({ accountId, broadcastId, state, onState }: { accountId: string; broadcastId: string; state?: RecipientFilter; onState: (s: RecipientFilter | undefined) => void }) {
  const { t } = useTranslation("broadcasts");
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [shownState, setShownState] = useState(state);
  if (shownState !== state) {
    // A new state filter (here or from the counters above) starts again at page 1.
    setShownState(state);
    setPage(1);
  }
  const list = useQuery(broadcastQueries.recipients(accountId, broadcastId, { page, limit, state }));
  const columns = useRecipientColumns(accountId);
  return (
    <Card className="gap-0 overflow-hidden py-0" data-testid="recipients">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b px-5 py-4">
        <h2 className="text-base font-medium text-heading">{t("recipients.title")}</h2>
        <Select value={state ?? ALL} onValueChange={(v) => onState(v === ALL ? undefined : (v as RecipientFilter))}>
          <SelectTrigger className="w-full sm:w-52" aria-label={t("recipients.stateFilter")} data-testid="recipients-state-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t("recipients.allStates")}</SelectItem>
            {FILTERS.map((s) => (
              <SelectItem key={s} value={s}>
                {t(`state.${s}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {list.isError ? (
        <QueryLoadError query={list} className="py-12" />
      ) : (
        <DataTable
          columns={columns}
          data={list.data?.data ?? []}
          isLoading={list.isPending || list.isPlaceholderData}
          page={page}
          pageSize={limit}
          total={list.data?.meta.total ?? 0}
          onPageChange={setPage}
          onPageSizeChange={(n) => (setLimit(n), setPage(1))}
          getRowId={(r) => r.contactId}
          empty={<EmptyState icon={Users} title={state ? t("recipients.noneInState") : t("recipients.none")} className="py-10" />}
        />
      )}
    </Card>
  );
}

function useRecipientColumns(accountId: string) {
  const { t } = useTranslation("broadcasts");
  return useMemo(() => {
    const col = dataTableColumns<Recipient>();
    return [
      col.display({
        id: "contact",
        header: () => t("recipients.columns.contact"),
        cell: ({ row: { original: r } }) => (
          <div className="flex min-w-[180px] items-center gap-2.5">
            <PlatformIcon platform={r.platform as Platform} className="size-5" />
            <div className="min-w-0">
              <Link to={`/${accountId}/contacts/${r.contactId}`} className="block truncate font-medium text-heading hover:text-primary">
                {r.name}
              </Link>
              <span className="block truncate text-[0.8125rem] text-muted-foreground">{r.platformUsername ? `@${r.platformUsername}` : r.platformUserId}</span>
            </div>
          </div>
        ),
      }),
      col.display({
        id: "state",
        header: () => t("recipients.columns.state"),
        cell: ({ row: { original: r } }) => (
          <div className="space-y-1" data-testid="recipient-state" data-state={r.state}>
            <RecipientStateBadge state={r.state === "pending" ? null : r.state} />
            {r.error && <p className="max-w-[320px] text-[0.8125rem] text-destructive">{r.error}</p>}
          </div>
        ),
      }),
      col.display({ id: "clicked", header: () => t("recipients.columns.clicked"), cell: ({ row }) => <span className="whitespace-nowrap">{row.original.clickedAt ? formatDate(row.original.clickedAt, { withTime: true }) : "—"}</span> }),
      col.display({ id: "updated", header: () => t("recipients.columns.updated"), cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.updatedAt, { withTime: true })}</span> }),
    ];
  }, [accountId, t]);
}
