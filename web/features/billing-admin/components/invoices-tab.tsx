import { serverText } from "@/lib/api";
import { useMemo, useState } from "react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { BadgeCheck, Ban, FileText, Printer } from "lucide-react";
import { QueryLoadError } from "@/components/query-view";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { usePrintDocument } from "@/features/billing-account/components/documents-card";
import { adminBillingApi, adminBillingKeys, adminBillingQueries, type AdminInvoice } from "@/features/billing-admin/api";
import { confirm } from "@/lib/confirm";
import { formatDate, formatRub, i18n } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { usePaging } from "@/lib/use-paging";
import { ReasonDialog } from "./reason-dialog";

const STATUS_VARIANT = { issued: "warning", paid: "success", canceled: "secondary" } as const;
type Status = "issued" | "paid" | "canceled" | "all";
type Actions = { print: (d: AdminInvoice) => void; markPaid: (d: AdminInvoice) => void; cancel: (d: AdminInvoice) => void };

function useColumns(busy: string | null, on: Actions) {
  const { t } = useTranslation("billing");
  const col = dataTableColumns<AdminInvoice>();
  return useMemo(
    () => [
      col.accessor("number", { header: () => t("admin.invoices.columns.number"), cell: ({ row }) => <span className="font-medium whitespace-nowrap text-heading">{row.original.number}</span> }),
      col.accessor("accountName", {
        header: () => t("admin.invoices.columns.account"),
        cell: ({ row }) => (
          <div className="min-w-0">
            <p className="truncate font-medium">{row.original.accountName}</p>
            <p className="truncate text-xs text-muted-foreground">{row.original.customer.legalName}, {row.original.customer.inn}</p>
          </div>
        ),
      }),
      col.accessor("amountKopecks", { header: () => t("admin.invoices.columns.amount"), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatRub(row.original.amountKopecks)}</span> }),
      col.accessor("createdAt", { header: () => t("admin.invoices.columns.date"), cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.createdAt)}</span> }),
      col.accessor("status", { header: () => t("admin.invoices.columns.status"), cell: ({ row }) => <Badge variant={STATUS_VARIANT[row.original.status]}>{t(`documents.statuses.${row.original.status}`)}</Badge> }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t("admin.invoices.columns.actions")}</span>,
        cell: ({ row }) => {
          const d = row.original;
          return (
            <div className="flex justify-end gap-1">
              <Button variant="ghost" size="icon" aria-label={t("documents.printAria", { number: d.number })} onClick={() => on.print(d)}>
                <Printer aria-hidden />
              </Button>
              {d.status === "issued" && (
                <>
                  <Button variant="ghost" size="icon" aria-label={t("admin.invoices.cancelAria", { number: d.number })} onClick={() => on.cancel(d)}>
                    <Ban aria-hidden />
                  </Button>
                  <Button size="sm" onClick={() => on.markPaid(d)} loading={busy === d.id} data-testid={`invoice-mark-paid-${d.number}`}>
                    <BadgeCheck aria-hidden />
                    {t("admin.invoices.markPaid")}
                  </Button>
                </>
              )}
            </div>
          );
        },
      }),
    ],
    [col, t, busy, on],
  );
}

/** Bank-transfer invoices of every account; "paid" credits the account once (and is audit-logged). */
export function InvoicesTab() {
  const { t } = useTranslation("billing");
  const qc = useQueryClient();
  const [status, setStatus] = useState<Status>("issued");
  const { page, limit, setPage, tableProps } = usePaging();
  const list = useQuery({ ...adminBillingQueries.invoices({ page, limit, status: status === "all" ? undefined : status }), placeholderData: keepPreviousData });
  const [busy, setBusy] = useState<string | null>(null);
  const [canceling, setCanceling] = useState<AdminInvoice | null>(null);
  const { print } = usePrintDocument((d) => `/admin/billing/documents/${d.id}/html`);
  const markPaid = async (d: AdminInvoice) => {
    if (!(await confirm({ title: t("admin.invoices.confirmTitle", { number: d.number }), message: t("admin.invoices.confirmMessage", { amount: formatRub(d.amountKopecks), account: d.accountName }), confirmText: t("admin.invoices.markPaid") }))) return;
    setBusy(d.id);
    try {
      const r = await adminBillingApi.markPaid(d.id);
      notify({ type: "success", message: serverText(r.message, i18n.t("common:serverToasts.invoicePaid", { number: d.number })) });
      await qc.invalidateQueries({ queryKey: adminBillingKeys.all() });
    } catch {
      /* the snackbar said why */
    } finally {
      setBusy(null);
    }
  };
  const actions = useMemo<Actions>(() => ({ print, markPaid, cancel: setCanceling }), [print, markPaid]);
  const columns = useColumns(busy, actions);
  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <Select value={status} onValueChange={(v) => (setStatus(v as Status), setPage(1))}>
          <SelectTrigger className="w-full sm:w-56" aria-label={t("admin.invoices.filter")}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(["issued", "paid", "canceled", "all"] as const).map((s) => (
              <SelectItem key={s} value={s}>
                {t(`admin.invoices.filters.${s}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {list.isError ? (
          <QueryLoadError query={list} />
        ) : (
          <div className="overflow-x-auto" data-testid="admin-invoices">
            <DataTable columns={columns} data={list.data?.data ?? []} isLoading={list.isPending} {...tableProps(list.data?.meta.total)} getRowId={(r) => r.id} empty={<EmptyState icon={FileText} title={t("admin.invoices.emptyTitle")} description={t("admin.invoices.emptyText")} />} />
          </div>
        )}
      </CardContent>
      <ReasonDialog
        open={!!canceling}
        onClose={() => setCanceling(null)}
        title={t("admin.invoices.cancelTitle", { number: canceling?.number ?? "" })}
        description={t("admin.invoices.cancelDescription")}
        submitLabel={t("admin.invoices.cancel")}
        save={(v) => adminBillingApi.cancelInvoice(canceling!.id, v.reason)}
        invalidate={[adminBillingKeys.all()]}
      />
    </Card>
  );
}
