import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Coins, Users } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { partnerQueries, type Commission, type Referred } from "@/features/partners/api";
import { formatDate, formatRub } from "@/lib/i18n";
import { usePaging } from "@/lib/use-paging";

const money = (k: number) => <span className="whitespace-nowrap tabular-nums">{formatRub(k)}</span>;

/** Accounts the partner brought: masked name, registered, plan, paid, commission. */
export function ReferredCard() {
  const { t } = useTranslation("partners");
  const { page, limit, tableProps } = usePaging();
  const list = useQuery({ ...partnerQueries.referred({ page, limit }), placeholderData: keepPreviousData });
  const col = dataTableColumns<Referred>();
  const columns = useMemo(
    () => [
      col.accessor("name", { header: () => t("referred.name"), cell: ({ row }) => <span className="font-medium text-heading">{row.original.name}</span> }),
      col.accessor("registeredAt", { header: () => t("referred.registered"), cell: ({ row }) => formatDate(row.original.registeredAt) }),
      col.accessor("plan", { header: () => t("referred.plan"), cell: ({ row }) => row.original.plan ?? "—" }),
      col.accessor("paidKopecks", { header: () => t("referred.paid"), cell: ({ row }) => money(row.original.paidKopecks) }),
      col.accessor("commissionKopecks", { header: () => t("referred.commission"), cell: ({ row }) => money(row.original.commissionKopecks) }),
    ],
    [col, t],
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("referred.title")}</CardTitle>
        <CardDescription>{t("referred.description")}</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto" data-testid="partner-referred">
        {list.isError ? (
          <LoadError error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} />
        ) : (
          <DataTable
            columns={columns}
            data={list.data?.data ?? []}
            isLoading={list.isPending}
            {...tableProps(list.data?.meta.total)}
            getRowId={(r) => r.id}
            empty={<EmptyState icon={Users} title={t("referred.emptyTitle")} description={t("referred.emptyText")} />}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** The commission ledger: accruals (held, then available) and refunds' reversals. */
export function CommissionsCard({ holdDays }: { holdDays: number }) {
  const { t } = useTranslation("partners");
  const { page, limit, tableProps } = usePaging();
  const list = useQuery({ ...partnerQueries.commissions({ page, limit }), placeholderData: keepPreviousData });
  const col = dataTableColumns<Commission>();
  const columns = useMemo(
    () => [
      col.accessor("createdAt", { header: () => t("commissions.date"), cell: ({ row }) => formatDate(row.original.createdAt, { withTime: true }) }),
      col.accessor("kind", { header: () => t("commissions.kind"), cell: ({ row }) => t(`commissions.kinds.${row.original.kind}`) }),
      col.accessor("account", { header: () => t("commissions.account"), cell: ({ row }) => row.original.account ?? "—" }),
      col.accessor("baseKopecks", { header: () => t("commissions.base"), cell: ({ row }) => money(row.original.baseKopecks) }),
      col.accessor("ratePercent", { header: () => t("commissions.rate"), cell: ({ row }) => `${row.original.ratePercent} %` }),
      col.accessor("amountKopecks", { header: () => t("commissions.amount"), cell: ({ row }) => <span className={row.original.amountKopecks < 0 ? "text-destructive" : "font-medium text-heading"}>{money(row.original.amountKopecks)}</span> }),
      col.accessor("status", {
        header: () => t("commissions.status"),
        cell: ({ row }) =>
          row.original.status === "held" ? (
            <Badge variant="warning" title={t("commissions.until", { date: formatDate(row.original.availableAt) })}>
              {t("commissions.held", { date: formatDate(row.original.availableAt) })}
            </Badge>
          ) : (
            <Badge variant="success">{t("commissions.available")}</Badge>
          ),
      }),
    ],
    [col, t],
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("commissions.title")}</CardTitle>
        <CardDescription>{t("commissions.description", { days: holdDays })}</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto" data-testid="partner-commissions">
        {list.isError ? (
          <LoadError error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} />
        ) : (
          <DataTable
            columns={columns}
            data={list.data?.data ?? []}
            isLoading={list.isPending}
            {...tableProps(list.data?.meta.total)}
            getRowId={(r) => r.id}
            empty={<EmptyState icon={Coins} title={t("commissions.emptyTitle")} description={t("commissions.emptyText")} />}
          />
        )}
      </CardContent>
    </Card>
  );
}
