import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { UseQueryResult } from "@tanstack/react-query";
import { CreditCard, ExternalLink, ReceiptText } from "lucide-react";
import type { ListParamsPatch } from "@/components/list-params";
import { QueryLoadError } from "@/components/query-view";
import { Button } from "@/components/ui/button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState, NoMatchesState } from "@/components/ui/empty-state";
import { formatDate, formatRub } from "@/lib/i18n";
import { useMediaQuery } from "@/lib/use-media-query";
import { describePayment, methodLabel } from "../describe";
import type { Payment, PaymentsPage, PaymentsParams } from "../pay-api";
import { PaymentStatusBadge } from "./pay-bits";

/** On a phone (`compact`) the date goes under the description and the status under the amount, so the row fits without scrolling. */
function usePaymentColumns(onReceipt: (p: Payment) => void) {
  const { t } = useTranslation("billing");
  const compact = !useMediaQuery("(min-width: 37.5rem)");
  return useMemo(() => {
    const col = dataTableColumns<Payment>();
    const all = [
      col.display({ id: "date", header: () => t("payments.columns.date"), cell: ({ row: { original: p } }) => <span className="whitespace-nowrap tabular-nums">{formatDate(p.createdAt, { withTime: true })}</span> }),
      col.display({
        id: "description",
        header: () => t("payments.columns.description"),
        cell: ({ row: { original: p } }) => (
          <div className={compact ? "min-w-[150px] whitespace-normal" : "min-w-[200px]"}>
            {compact && <span className="block text-[0.8125rem] text-muted-foreground tabular-nums">{formatDate(p.createdAt, { withTime: true })}</span>}
            <span className="block font-medium text-heading" data-testid="payment-description">
              {describePayment(t, p)}
            </span>
            <span className="block text-[0.8125rem] text-muted-foreground">
              {t(`payments.purpose.${p.purpose}`)}
              {p.method ? ` · ${methodLabel(t, p.method)}` : ""}
            </span>
            {p.status === "canceled" && p.cancellationReason && <span className="block text-[0.8125rem] text-destructive">{t(`payments.reasons.${p.cancellationReason}`, { defaultValue: t("payments.reasons.other") })}</span>}
          </div>
        ),
      }),
      col.display({
        id: "amount",
        header: () => <span className="block text-end">{t("payments.columns.amount")}</span>,
        cell: ({ row: { original: p } }) => (
          <div className="text-end whitespace-nowrap tabular-nums">
            <span className="font-medium text-heading">{formatRub(p.amountKopecks)}</span>
            {p.refundedKopecks > 0 && <span className="block text-[0.8125rem] text-muted-foreground">{t("payments.refunded", { amount: formatRub(p.refundedKopecks) })}</span>}
            {compact && (
              <span className="mt-1 flex justify-end">
                <PaymentStatusBadge status={p.status} />
              </span>
            )}
          </div>
        ),
      }),
      col.display({ id: "status", header: () => t("payments.columns.status"), cell: ({ row }) => <PaymentStatusBadge status={row.original.status} /> }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t("payments.columns.actions")}</span>,
        cell: ({ row: { original: p } }) => (
          <div className="flex justify-end gap-2">
            {p.confirmationUrl && (
              <Button asChild size="sm" variant="outline">
                <a href={p.confirmationUrl}>
                  <ExternalLink aria-hidden />
                  {t("payments.continue")}
                </a>
              </Button>
            )}
            <Button size={compact ? "icon" : "sm"} variant="ghost" onClick={() => onReceipt(p)} data-testid="payment-receipt" aria-label={t("payments.receiptOf", { description: describePayment(t, p) })}>
              <ReceiptText aria-hidden />
              {!compact && t("payments.receipt")}
            </Button>
          </div>
        ),
      }),
    ];
    return compact ? all.filter((c) => c.id !== "date" && c.id !== "status") : all;
  }, [t, onReceipt, compact]);
}

/** The payments of an account: server pages, a receipt per row, an empty state for each reason. */
export function PaymentsTable({ list, p, filtered, update, onReset, onReceipt, emptyAction }: { list: UseQueryResult<PaymentsPage>; p: PaymentsParams; filtered: boolean; update: (patch: ListParamsPatch) => void; onReset: () => void; onReceipt: (p: Payment) => void; emptyAction?: React.ReactNode }) {
  const { t } = useTranslation("billing");
  const columns = usePaymentColumns(onReceipt);
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
          <NoMatchesState title={t("payments.notFound")} description={t("operations.notFoundHint")} resetLabel={t("operations.reset")} onReset={onReset} size="sm" />
        ) : (
          <EmptyState icon={CreditCard} title={t("payments.empty")} description={t("payments.emptyHint")} action={emptyAction} />
        )
      }
    />
  );
}
