import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Eye, Inbox, RotateCcw, Search, Trash2 } from "lucide-react";
import type { getDeadLetter } from "@worker/features/admin-dlq/dead-letters.service";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeading } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { confirm } from "@/lib/confirm";
import { formatDate } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { queryKeys } from "@/lib/query";
import { useBusyAction } from "@/lib/use-busy-action";
import { LoadError } from "@/components/load-error";
import { deadLetterApi } from "@/features/channels/api";
import { usePaging } from "@/lib/use-paging";

export type DeadLetter = Awaited<ReturnType<typeof getDeadLetter>>;
type QueueFilter = "all" | "inbound" | "outbound" | "jobs";

/** What the queues gave up on (/api/admin/dead-letters): inspect the body and error, replay or delete. */
export function DeadLetters() {
  const { t } = useTranslation("channels");
  const queryClient = useQueryClient();
  const { page, limit, setPage, tableProps } = usePaging();
  const [queue, setQueue] = useState<QueueFilter>("all");
  const [pending, setPending] = useState(false);
  const [accountText, setAccountText] = useState("");
  const [accountId, setAccountId] = useState("");
  const [open, setOpen] = useState<DeadLetter | null>(null);
  const { busy, run } = useBusyAction();

  useEffect(() => {
    const id = window.setTimeout(() => (setAccountId(accountText.trim()), setPage(1)), 300);
    return () => window.clearTimeout(id);
  }, [accountText]);

  const params = { page, limit, queue, pending, accountId };
  const list = useQuery({
    queryKey: queryKeys.admin("dead-letters", params),
    queryFn: ({ signal }) => deadLetterApi.list(params, signal),
    placeholderData: keepPreviousData,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.admin("dead-letters") });
  /** Asks first, then acts on one letter while its row's button spins. */
  const act = async (d: DeadLetter, ask: { title: string; message: string; confirmText: string }, work: () => Promise<unknown>) => {
    if (await confirm(ask)) await run(d.id, work);
  };
  const replay = (d: DeadLetter) =>
    act(d, { title: t("dlq.replayTitle"), message: t("dlq.replayMessage"), confirmText: t("dlq.replay") }, async () => {
      await deadLetterApi.replay(d.id);
      notify({ type: "success", message: t("dlq.replayed") });
      await refresh();
    });
  const remove = (d: DeadLetter) =>
    act(d, { title: t("dlq.deleteTitle"), message: t("dlq.deleteMessage"), confirmText: t("common.delete") }, async () => {
      await deadLetterApi.remove(d.id);
      notify({ type: "success", message: t("dlq.deleted") });
      setOpen(null);
      await refresh();
    });

  const columns = useDeadLetterColumns(busy, { view: setOpen, replay, remove });

  return (
    <Card data-testid="dead-letters">
      <CardHeading title={t("dlq.title")} description={t("dlq.description")} />
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <div className="relative w-full sm:w-72">
            <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input className="ps-9" placeholder={t("dlq.accountFilter")} aria-label={t("dlq.accountFilter")} value={accountText} onChange={(e) => setAccountText(e.target.value)} />
          </div>
          <Select value={queue} onValueChange={(v) => (setQueue(v as QueueFilter), setPage(1))}>
            <SelectTrigger className="w-full sm:w-48" aria-label={t("dlq.queueFilter")}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">{t("dlq.queues.all")}</SelectItem>
              <SelectItem value="inbound">{t("dlq.queues.inbound")}</SelectItem>
              <SelectItem value="outbound">{t("dlq.queues.outbound")}</SelectItem>
              <SelectItem value="jobs">{t("dlq.queues.jobs")}</SelectItem>
            </SelectContent>
          </Select>
          <label className="flex cursor-pointer items-center gap-2 text-[0.9375rem]">
            <Switch checked={pending} onCheckedChange={(v) => (setPending(v), setPage(1))} />
            {t("dlq.onlyPending")}
          </label>
        </div>
        {list.isError ? (
          <LoadError error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} />
        ) : (
          <div className="overflow-x-auto">
            <DataTable
              columns={columns}
              data={list.data?.data ?? []}
              isLoading={list.isPending || list.isPlaceholderData}
              {...tableProps(list.data?.meta.total)}
              getRowId={(r) => r.id}
              onRowClick={setOpen}
              empty={<EmptyState icon={Inbox} title={t("dlq.emptyTitle")} description={t("dlq.emptyText")} />}
            />
          </div>
        )}
      </CardContent>
      <DeadLetterDialog letter={open} onClose={() => setOpen(null)} onReplay={replay} onRemove={remove} />
    </Card>
  );
}

type RowActions = { view: (d: DeadLetter) => void; replay: (d: DeadLetter) => void; remove: (d: DeadLetter) => void };

function useDeadLetterColumns(busy: string | null, on: RowActions) {
  const { t } = useTranslation("channels");
  const col = dataTableColumns<DeadLetter>();
  return useMemo(
    () => [
      col.display({ id: "at", header: () => t("dlq.columns.at"), cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.createdAt, { withTime: true })}</span> }),
      col.display({
        id: "queue",
        header: () => t("dlq.columns.queue"),
        cell: ({ row }) => (
          <span className="flex flex-wrap items-center gap-1.5">
            <Badge variant={row.original.queue === "inbound" ? "info" : "warning"}>{t(`dlq.queues.${row.original.queue}`)}</Badge>
            {row.original.platform && <span className="text-[0.8125rem] text-muted-foreground">{row.original.platform}</span>}
          </span>
        ),
      }),
      col.display({ id: "account", header: () => t("dlq.columns.account"), cell: ({ row }) => <span className="font-mono text-[0.8125rem]">{row.original.accountId ?? "—"}</span> }),
      col.display({ id: "error", header: () => t("dlq.columns.error"), cell: ({ row }) => <span className="line-clamp-2 max-w-[22rem] text-[0.875rem]">{row.original.error ?? "—"}</span> }),
      col.display({ id: "attempts", header: () => t("dlq.columns.attempts"), cell: ({ row }) => row.original.attempts }),
      col.display({
        id: "replayed",
        header: () => t("dlq.columns.replayed"),
        cell: ({ row }) =>
          row.original.replayedAt ? (
            <Badge variant="success" data-testid="dlq-replayed">
              {t("dlq.replayedAt", { count: row.original.replayCount, date: formatDate(row.original.replayedAt, { withTime: true }) })}
            </Badge>
          ) : (
            <Badge variant="secondary">{t("dlq.notReplayed")}</Badge>
          ),
      }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t("dlq.columns.actions")}</span>,
        cell: ({ row }) => (
          <div className="flex justify-end gap-1" onClick={(e) => e.stopPropagation()}>
            <Button variant="ghost" size="icon" className="size-8" aria-label={t("dlq.view")} onClick={() => on.view(row.original)}>
              <Eye aria-hidden />
            </Button>
            <Button variant="ghost" size="icon" className="size-8" aria-label={t("dlq.replay")} loading={busy === row.original.id} onClick={() => on.replay(row.original)}>
              <RotateCcw aria-hidden />
            </Button>
            <Button variant="ghost" size="icon" className="size-8 text-destructive hover:bg-destructive/10" aria-label={t("common.delete")} onClick={() => on.remove(row.original)}>
              <Trash2 aria-hidden />
            </Button>
          </div>
        ),
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, busy],
  );
}

function DeadLetterDialog({ letter, onClose, onReplay, onRemove }: { letter: DeadLetter | null; onClose: () => void; onReplay: (d: DeadLetter) => void; onRemove: (d: DeadLetter) => void }) {
  const { t } = useTranslation("channels");
  return (
    <Dialog open={!!letter} onOpenChange={(v) => !v && onClose()}>
      <DialogContent className="max-w-2xl" data-testid="dead-letter-dialog">
        <DialogHeader>
          <DialogTitle>{t("dlq.detailTitle")}</DialogTitle>
          <DialogDescription>{letter ? `${t(`dlq.queues.${letter.queue}`)} · ${formatDate(letter.createdAt, { withTime: true })} · ${t("dlq.attempts", { count: letter.attempts })}` : ""}</DialogDescription>
        </DialogHeader>
        {letter && (
          <div className="space-y-3">
            <p className="rounded-md bg-destructive/10 px-3 py-2 text-[0.9375rem] text-destructive">{letter.error ?? t("dlq.noError")}</p>
            <pre className="max-h-80 overflow-auto rounded-md bg-muted p-3 font-mono text-[0.8125rem] whitespace-pre-wrap break-all dark:bg-white/5" data-testid="dead-letter-body">
              {JSON.stringify(letter.body, null, 2)}
            </pre>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="ghost" className="text-destructive hover:bg-destructive/10" onClick={() => onRemove(letter)}>
                <Trash2 aria-hidden />
                {t("common.delete")}
              </Button>
              <Button onClick={() => (onReplay(letter), onClose())}>
                <RotateCcw aria-hidden />
                {t("dlq.replay")}
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
