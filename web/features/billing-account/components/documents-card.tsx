import { useMemo, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { FileText, Printer } from "lucide-react";
import { QueryLoadError } from "@/components/query-view";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Segmented } from "@/features/billing/components/segmented";
import { billingQueries, openDocument, type BillingDocument } from "@/features/billing-account/api";
import { formatDate, formatRub } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { usePaging } from "@/lib/use-paging";

const STATUS_VARIANT = { issued: "warning", paid: "success", canceled: "secondary" } as const;
type Kind = "all" | "invoice" | "act";

/** Prints a document in a new tab; a failure says so in a snackbar. */
export function usePrintDocument(pathOf: (d: { id: string }) => string) {
  const { t } = useTranslation("billing");
  const [busy, setBusy] = useState<string | null>(null);
  const print = async (d: { id: string }) => {
    setBusy(d.id);
    try {
      await openDocument(pathOf(d), t("documents.opening"));
    } catch (e) {
      notify({ type: "error", message: e instanceof Error ? e.message : t("documents.printFailed") });
    } finally {
      setBusy(null);
    }
  };
  return { busy, print };
}

function useColumns(busy: string | null, print: (d: BillingDocument) => void) {
  const { t } = useTranslation("billing");
  const col = dataTableColumns<BillingDocument>();
  return useMemo(
    () => [
      col.accessor("number", {
        header: () => t("documents.columns.number"),
        cell: ({ row }) => (
          <div className="min-w-0">
            <p className="font-medium text-heading">{t(`documents.kinds.${row.original.kind}`, { number: row.original.number })}</p>
            <p className="max-w-80 truncate text-xs text-muted-foreground">{row.original.description}</p>
          </div>
        ),
      }),
      col.accessor("createdAt", { header: () => t("documents.columns.date"), cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.createdAt)}</span> }),
      col.accessor("amountKopecks", { header: () => t("documents.columns.amount"), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatRub(row.original.amountKopecks)}</span> }),
      col.accessor("status", {
        header: () => t("documents.columns.status"),
        cell: ({ row }) => <Badge variant={STATUS_VARIANT[row.original.status]}>{t(`documents.statuses.${row.original.kind === "act" ? "act" : row.original.status}`)}</Badge>,
      }),
      col.display({
        id: "print",
        header: () => <span className="sr-only">{t("documents.columns.actions")}</span>,
        cell: ({ row }) => (
          <div className="flex justify-end">
            <Button variant="ghost" size="sm" onClick={() => print(row.original)} loading={busy === row.original.id} aria-label={t("documents.printAria", { number: row.original.number })} data-testid={`document-print-${row.original.number}`}>
              <Printer aria-hidden />
              {t("documents.print")}
            </Button>
          </div>
        ),
      }),
    ],
    [col, t, busy, print],
  );
}

/** Invoices and acts of the account, newest first, each printable (HTML with both parties' requisites). */
export function DocumentsCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation("billing");
  const [kind, setKind] = useState<Kind>("all");
  const { page, limit, setPage, tableProps } = usePaging(10);
  const list = useQuery({ ...billingQueries.documents(accountId, { page, limit, kind: kind === "all" ? undefined : kind }), placeholderData: keepPreviousData });
  const { busy, print } = usePrintDocument((d) => `/accounts/${accountId}/billing/documents/${d.id}/html`);
  const columns = useColumns(busy, print);
  return (
    <Card data-testid="billing-documents">
      <CardHeader className="sm:grid-cols-[1fr_auto]">
        <CardTitle>{t("documents.title")}</CardTitle>
        <CardDescription>{t("documents.description")}</CardDescription>
        <div className="pt-2 sm:col-start-2 sm:row-span-2 sm:row-start-1 sm:justify-self-end sm:pt-0">
          <Segmented value={kind} onChange={(v) => (setKind(v), setPage(1))} label={t("documents.filter")} items={(["all", "invoice", "act"] as const).map((k) => ({ value: k, label: t(`documents.filters.${k}`) }))} />
        </div>
      </CardHeader>
      <CardContent>
        {list.isError ? (
          <QueryLoadError query={list} />
        ) : (
          <div className="overflow-x-auto">
            <DataTable
              columns={columns}
              data={list.data?.data ?? []}
              isLoading={list.isPending}
              {...tableProps(list.data?.meta.total)}
              getRowId={(r) => r.id}
              empty={<EmptyState icon={FileText} title={t("documents.emptyTitle")} description={t("documents.emptyText")} />}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
