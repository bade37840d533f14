import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Banknote } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { partnerKeys, partnerQueries, partnersApi, type Cabinet, type Payout } from "@/features/partners/api";
import { PayoutBadge } from "@/features/partners/components/payout-badge";
import { isApiError } from "@/lib/api";
import { confirm } from "@/lib/confirm";
import { formatDate, formatRub } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { usePaging } from "@/lib/use-paging";

/** The money tiles: held, available, in payout, paid out. */
export function BalanceTiles({ balance }: { balance: NonNullable<Cabinet["balance"]> }) {
  const { t } = useTranslation("partners");
  const tiles = [
    ["held", balance.heldKopecks],
    ["available", balance.availableKopecks],
    ["inPayout", balance.inPayoutKopecks],
    ["paidOut", balance.paidOutKopecks],
  ] as const;
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {tiles.map(([key, value]) => (
        <Card key={key} className="py-4">
          <CardContent className="px-4">
            <p className="text-sm text-muted-foreground">{t(`balance.${key}`)}</p>
            <p className="mt-1 text-xl font-semibold tabular-nums text-heading sm:text-2xl" data-testid={`partner-balance-${key}`}>
              {formatRub(value)}
            </p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** Payout requests and their statuses; a request takes all that is available, from the minimum. */
export function PayoutsCard({ cabinet }: { cabinet: Cabinet }) {
  const { t } = useTranslation("partners");
  const queryClient = useQueryClient();
  const { page, limit, tableProps } = usePaging();
  const [busy, setBusy] = useState(false);
  const list = useQuery({ ...partnerQueries.payouts({ page, limit }), placeholderData: keepPreviousData });
  const available = cabinet.balance?.availableKopecks ?? 0;
  const min = cabinet.config.payoutMinKopecks;
  const request = async () => {
    if (!(await confirm({ title: t("payouts.confirmTitle"), message: t("payouts.confirmMessage", { amount: formatRub(available) }), confirmText: t("payouts.request") }))) return;
    setBusy(true);
    try {
      await partnersApi.requestPayout({});
      notify({ type: "success", message: t("payouts.requested") });
      await queryClient.invalidateQueries({ queryKey: partnerKeys.all() });
    } catch (e) {
      notify({ type: "error", message: isApiError(e) ? e.message : t("payouts.failed") });
    } finally {
      setBusy(false);
    }
  };
  const col = dataTableColumns<Payout>();
  const columns = useMemo(
    () => [
      col.accessor("createdAt", { header: () => t("payouts.date"), cell: ({ row }) => formatDate(row.original.createdAt) }),
      col.accessor("amountKopecks", { header: () => t("payouts.amount"), cell: ({ row }) => <span className="whitespace-nowrap font-medium tabular-nums text-heading">{formatRub(row.original.amountKopecks)}</span> }),
      col.accessor("status", { header: () => t("payouts.status"), cell: ({ row }) => <PayoutBadge status={row.original.status} /> }),
      col.display({
        id: "details",
        header: () => t("payouts.details"),
        cell: ({ row }) => {
          const p = row.original;
          if (p.status === "paid") return t("payouts.paidDetails", { date: formatDate(p.paidAt ?? p.updatedAt), reference: p.reference });
          if (p.status === "rejected") return t("payouts.rejectedDetails", { reason: p.rejectReason });
          if (p.status === "approved") return t("payouts.approvedDetails", { date: formatDate(p.approvedAt ?? p.updatedAt) });
          return t("payouts.requestedDetails");
        },
      }),
    ],
    [col, t],
  );
  return (
    <Card>
      <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle>{t("payouts.title")}</CardTitle>
          <CardDescription>{t("payouts.description", { min: formatRub(min) })}</CardDescription>
        </div>
        <Button onClick={request} loading={busy} disabled={available < min || cabinet.partner?.status !== "active"} data-testid="partner-payout-request">
          <Banknote aria-hidden />
          {t("payouts.request")}
        </Button>
      </CardHeader>
      <CardContent className="overflow-x-auto" data-testid="partner-payouts">
        {available < min && <p className="mb-4 text-sm text-muted-foreground">{t("payouts.belowMin", { available: formatRub(available), min: formatRub(min) })}</p>}
        {list.isError ? (
          <LoadError error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} />
        ) : (
          <DataTable
            columns={columns}
            data={list.data?.data ?? []}
            isLoading={list.isPending}
            {...tableProps(list.data?.meta.total)}
            getRowId={(r) => r.id}
            empty={<EmptyState icon={Banknote} title={t("payouts.emptyTitle")} description={t("payouts.emptyText")} />}
          />
        )}
      </CardContent>
    </Card>
  );
}
