import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Users } from "lucide-react";
import { RECIPIENT_STATES, type RecipientState } from "@worker/features/broadcasts/contract";
import { QueryLoadError } from "@/components/query-view";
import { Card } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { PlatformIcon } from "@/features/chat/components/platform-icon";
import type { Platform } from "@/features/chat/api";
import { formatInZone, useAccountTimeZone } from "../account-time";
import { broadcastQueries, type Broadcast, type Recipient, type RecipientFilter } from "../api";
import { unreportedStates } from "./broadcast-progress";
import { RecipientStateBadge } from "./status-badge";
import { TimeHeader } from "./time-header";

const ALL = "all";
const FILTERS: readonly RecipientFilter[] = ["pending", ...RECIPIENT_STATES];

/**
 * The broadcast's recipients, server-paged, filtered by state; a failed one shows its reason. With
 * none, it says why: not started yet, cancelled before sending, or failed to start (with the reason).
 */
export function RecipientsTable({
  accountId,
  broadcast,
  state,
  onState,
}: {
  accountId: string;
  broadcast: Pick<Broadcast, "broadcastId" | "status" | "pausedReason" | "channel" | "counts">;
  state?: RecipientFilter;
  onState: (s: RecipientFilter | undefined) => void;
}) {
  const broadcastId = broadcast.broadcastId;
  // States the channel never reports (Telegram's delivery and reading) are no filter worth offering.
  const unreported = unreportedStates(broadcast.channel?.platform);
  // Ended before anyone was sent to: there is no state to filter by.
  const neverSent = broadcast.counts.total === 0 && (broadcast.status === "cancelled" || broadcast.status === "failed");
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
        {!neverSent && (
          <Select value={state ?? ALL} onValueChange={(v) => onState(v === ALL ? undefined : (v as RecipientFilter))}>
            <SelectTrigger className="w-full sm:w-52" aria-label={t("recipients.stateFilter")} data-testid="recipients-state-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t("recipients.allStates")}</SelectItem>
              {FILTERS.filter((s) => !unreported.includes(s as RecipientState)).map((s) => (
                <SelectItem key={s} value={s}>
                  {t(`state.${s}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
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
          empty={<EmptyState icon={Users} {...emptyText(t, broadcast, state)} className="py-10" data-testid="recipients-empty" />}
        />
      )}
    </Card>
  );
}

function emptyText(t: TFunction<"broadcasts">, b: Pick<Broadcast, "status" | "pausedReason">, state?: RecipientFilter): { title: string; description?: string } {
  if (state) return { title: t("recipients.noneInState") };
  if (b.status === "cancelled") return { title: t("recipients.cancelled") };
  if (b.status === "failed") return { title: t("recipients.failed"), description: b.pausedReason ?? undefined };
  return { title: t("recipients.none") };
}

function useRecipientColumns(accountId: string) {
  const { t } = useTranslation("broadcasts");
  const { timeZone, foreign } = useAccountTimeZone(accountId);
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
      col.display({
        id: "clicked",
        header: () => <TimeHeader label={t("recipients.columns.clicked")} timeZone={timeZone} foreign={foreign} />,
        cell: ({ row }) => <span className="whitespace-nowrap">{row.original.clickedAt ? formatInZone(row.original.clickedAt, timeZone) : "—"}</span>,
      }),
      col.display({
        id: "updated",
        header: () => <TimeHeader label={t("recipients.columns.updated")} timeZone={timeZone} foreign={foreign} />,
        cell: ({ row }) => <span className="whitespace-nowrap">{formatInZone(row.original.updatedAt, timeZone)}</span>,
      }),
    ];
  }, [accountId, t, timeZone, foreign]);
}
