import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { UseQueryResult } from "@tanstack/react-query";
import { ReceiptText, ScrollText } from "lucide-react";
import type { ListParamsPatch } from "@/components/list-params";
import { QueryLoadError } from "@/components/query-view";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState, NoMatchesState } from "@/components/ui/empty-state";
import { formatDate, formatNumber } from "@/lib/i18n";
import { useMediaQuery } from "@/lib/use-media-query";
import { describeEntry } from "../describe";
import type { LedgerEntry, LedgerPage, LedgerParams } from "../pay-api";
import { SignedAmount } from "./pay-bits";

/** On a phone (`compact`) the date and type go above the description, so the row fits without scrolling. */
function useLedgerColumns(onReceipt: (paymentId: string) => void) {
  const { t } = useTranslation("billing");
  const compact = !useMediaQuery("(min-width: 37.5rem)");
  return useMemo(() => {
    const col = dataTableColumns<LedgerEntry>();
    const all = [
      col.display({ id: "date", header: () => t("operations.columns.date"), cell: ({ row: { original: e } }) => <span className="whitespace-nowrap tabular-nums">{formatDate(e.createdAt, { withTime: true })}</span> }),
      col.display({ id: "type", header: () => t("operations.columns.type"), cell: ({ row: { original: e } }) => <Badge variant={e.amountKopecks > 0 ? "success" : "secondary"}>{t(`operations.types.${e.type}`)}</Badge> }),
      col.display({
        id: "description",
        header: () => t("operations.columns.description"),
        cell: ({ row: { original: e } }) => (
          <div className={compact ? "min-w-[150px] whitespace-normal" : "min-w-[200px]"}>
            {compact && (
              <span className="block text-[0.8125rem] text-muted-foreground tabular-nums">
                {formatDate(e.createdAt, { withTime: true })} · {t(`operations.types.${e.type}`)}
              </span>
            )}
            <span className="block font-medium text-heading" data-testid="ledger-description">
              {describeEntry(t, e)}
            </span>
            {e.reason && <span className="block text-[0.8125rem] text-muted-foreground">{t("operations.reason", { reason: e.reason })}</span>}
            {e.metric && e.units !== null && <span className="block text-[0.8125rem] text-muted-foreground">{t("operations.units", { count: e.units, formatted: formatNumber(e.units) })}</span>}
          </div>
        ),
      }),
      col.display({
        id: "amount",
        header: () => <span className="block text-end">{t("operations.columns.amount")}</span>,
        cell: ({ row: { original: e } }) => (
          <div className="text-end">
            <SignedAmount kopecks={e.amountKopecks} />
          </div>
        ),
      }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t("payments.columns.actions")}</span>,
        cell: ({ row: { original: e } }) =>
          e.paymentId ? (
            <div className="flex justify-end">
              <Button size={compact ? "icon" : "sm"} variant="ghost" onClick={() => onReceipt(e.paymentId!)} aria-label={t("payments.receiptOf", { description: describeEntry(t, e) })}>
                <ReceiptText aria-hidden />
                {!compact && t("payments.receipt")}
              </Button>
            </div>
          ) : null,
      }),
    ];
    return compact ? all.filter((c) => c.id !== "date" && c.id !== "type") : all;
  }, [t, onReceipt, compact]);
}

/** The balance's movements, newest first: one row each, signed, with the receipt of the payment behind a credit. */
export function LedgerTable({ list, p, filtered, update, onReset, onReceipt }: { list: UseQueryResult<LedgerPage>; p: LedgerParams; filtered: boolean; update: (patch: ListParamsPatch) => void; onReset: () => void; onReceipt: (paymentId: string) => void }) {
  const { t } = useTranslation("billing");
  const columns = useLedgerColumns(onReceipt);
  if (list.isError) return <QueryLoadError query={list} className="m-4 sm:m-6" />;
  return (
    <DataTable
      columns={columns}
      data={list.data?.data ?? []}
      isLoading={list.isPending || list.isPlaceholderData}
      page={p.page}
      pageSize={p.limit}
      total={list.data?.meta.total ?? 0}
      onPageChange={(page) => update({ page })}
      onPageSizeChange={(limit) => update({ limit })}
      getRowId={(r) => r.id}
      empty={
        filtered ? (
          <NoMatchesState title={t("operations.notFound")} description={t("operations.notFoundHint")} resetLabel={t("operations.reset")} onReset={onReset} size="sm" />
        ) : (
          <EmptyState icon={ScrollText} title={t("operations.empty")} description={t("operations.emptyHint")} />
        )
      }
    />
  );
}
