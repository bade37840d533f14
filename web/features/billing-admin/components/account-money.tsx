import { useMemo, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Receipt, Scale, Undo2 } from "lucide-react";
import { QueryLoadError, QueryView } from "@/components/query-view";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeading } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { adminBillingApi, adminBillingKeys, adminBillingQueries, type AdminLedgerEntry, type AdminPayment } from "@/features/billing-admin/api";
import { planName, useInterfaceLanguage } from "@/features/billing/localized-name";
import { formatDate, formatRub } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { usePaging } from "@/lib/use-paging";
import { ReasonDialog } from "./reason-dialog";

function LedgerTable({ accountId }: { accountId: string }) {
  const { t } = useTranslation("billing");
  const { page, limit, tableProps } = usePaging(10);
  const list = useQuery({ ...adminBillingQueries.ledger(accountId, { page, limit }), placeholderData: keepPreviousData });
  const col = dataTableColumns<AdminLedgerEntry>();
  const columns = useMemo(
    () => [
      col.accessor("createdAt", { header: () => t("admin.ledger.date"), cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.createdAt, { withTime: true })}</span> }),
      col.accessor("type", { header: () => t("admin.ledger.type"), cell: ({ row }) => <Badge variant="outline">{t(`admin.ledger.types.${row.original.type}`)}</Badge> }),
      col.accessor("description", { header: () => t("admin.ledger.description"), cell: ({ row }) => <span>{row.original.description}{row.original.reason ? ` — ${row.original.reason}` : ""}</span> }),
      col.accessor("amountKopecks", {
        header: () => t("admin.ledger.amount"),
        cell: ({ row }) => <span className={cn("whitespace-nowrap tabular-nums", row.original.amountKopecks > 0 ? "text-success" : "text-foreground")}>{(row.original.amountKopecks > 0 ? "+" : "") + formatRub(row.original.amountKopecks)}</span>,
      }),
    ],
    [col, t],
  );
  if (list.isError) return <QueryLoadError query={list} />;
  return <DataTable columns={columns} data={list.data?.data ?? []} isLoading={list.isPending} {...tableProps(list.data?.meta.total)} getRowId={(r) => r.id} empty={<EmptyState icon={Scale} title={t("admin.ledger.empty")} className="py-8" />} />;
}

function PaymentsTable({ accountId, onRefund }: { accountId: string; onRefund: (p: AdminPayment) => void }) {
  const { t } = useTranslation("billing");
  const { page, limit, tableProps } = usePaging(10);
  const list = useQuery({ ...adminBillingQueries.payments(accountId, { page, limit }), placeholderData: keepPreviousData });
  const col = dataTableColumns<AdminPayment>();
  const columns = useMemo(
    () => [
      col.accessor("createdAt", { header: () => t("admin.payments.date"), cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.createdAt, { withTime: true })}</span> }),
      col.accessor("description", { header: () => t("admin.payments.description"), cell: ({ row }) => <div><p>{row.original.description}</p><p className="text-xs text-muted-foreground">{row.original.methodTitle}</p></div> }),
      col.accessor("status", { header: () => t("admin.payments.status"), cell: ({ row }) => <Badge variant={row.original.status === "succeeded" ? "success" : row.original.final ? "secondary" : "warning"}>{t(`admin.payments.statuses.${row.original.status}`)}</Badge> }),
      col.accessor("amountKopecks", {
        header: () => t("admin.payments.amount"),
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">
            {formatRub(row.original.amountKopecks)}
            {row.original.refundedKopecks > 0 && <span className="block text-xs text-muted-foreground">{t("admin.payments.refunded", { amount: formatRub(row.original.refundedKopecks) })}</span>}
          </span>
        ),
      }),
      col.display({
        id: "refund",
        header: () => <span className="sr-only">{t("admin.payments.actions")}</span>,
        cell: ({ row }) =>
          row.original.status === "succeeded" && row.original.providerPaymentId && row.original.refundedKopecks < row.original.amountKopecks ? (
            <Button variant="ghost" size="sm" onClick={() => onRefund(row.original)}>
              <Undo2 aria-hidden />
              {t("admin.payments.refund")}
            </Button>
          ) : null,
      }),
    ],
    [col, t, onRefund],
  );
  if (list.isError) return <QueryLoadError query={list} />;
  return <DataTable columns={columns} data={list.data?.data ?? []} isLoading={list.isPending} {...tableProps(list.data?.meta.total)} getRowId={(r) => r.id} empty={<EmptyState icon={Receipt} title={t("admin.payments.empty")} className="py-8" />} />;
}

/** One account's money for an administrator: plan and balance, the ledger, payments with refunds, balance adjustments. */
export function AccountMoney({ accountId }: { accountId: string }) {
  const { t } = useTranslation("billing");
  const lang = useInterfaceLanguage();
  const billing = useQuery(adminBillingQueries.account(accountId));
  const [adjusting, setAdjusting] = useState(false);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const invalidate = [adminBillingKeys.account(accountId)];
  return (
    <div className="space-y-6">
      <Card>
        <CardContent className="pt-6">
          <QueryView query={billing} loading={<Skeleton className="h-16 w-full" />}>
            {(b) => (
              <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <p className="text-sm text-muted-foreground">{t("admin.account.plan", { plan: planName(b.plan, lang), until: formatDate(b.subscription.periodEnd - 1) })}</p>
                  <p className="text-2xl font-semibold text-heading tabular-nums" data-testid="admin-account-balance">{formatRub(b.balanceKopecks)}</p>
                </div>
                <Button onClick={() => setAdjusting(true)} data-testid="admin-adjust-open">
                  <Scale aria-hidden />
                  {t("admin.account.adjust")}
                </Button>
              </div>
            )}
          </QueryView>
        </CardContent>
      </Card>
      <Card>
        <CardHeading title={t("admin.ledger.title")} description={t("admin.ledger.subtitle")} />
        <CardContent className="overflow-x-auto">
          <LedgerTable accountId={accountId} />
        </CardContent>
      </Card>
      <Card>
        <CardHeading title={t("admin.payments.title")} />
        <CardContent className="overflow-x-auto">
          <PaymentsTable accountId={accountId} onRefund={setRefunding} />
        </CardContent>
      </Card>
      <ReasonDialog
        open={adjusting}
        onClose={() => setAdjusting(false)}
        title={t("admin.account.adjustTitle")}
        description={t("admin.account.adjustDescription")}
        submitLabel={t("admin.account.adjustSubmit")}
        amount={{ label: t("admin.account.adjustAmount"), hint: t("admin.account.adjustHint"), signed: true }}
        save={(v) => adminBillingApi.adjust(accountId, { amountKopecks: v.amountKopecks!, reason: v.reason })}
        invalidate={invalidate}
        testId="admin-adjust"
      />
      <ReasonDialog
        open={!!refunding}
        onClose={() => setRefunding(null)}
        title={t("admin.payments.refundTitle")}
        description={refunding ? t("admin.payments.refundDescription", { amount: formatRub(refunding.amountKopecks - refunding.refundedKopecks) }) : undefined}
        submitLabel={t("admin.payments.refund")}
        amount={{ label: t("admin.payments.refundAmount"), hint: t("admin.payments.refundHint"), optional: true }}
        save={(v) => adminBillingApi.refund(refunding!.id, { amountKopecks: v.amountKopecks, reason: v.reason })}
        invalidate={invalidate}
      />
    </div>
  );
}
