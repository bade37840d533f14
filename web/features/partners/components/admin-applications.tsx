import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Inbox, X } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { parseRatePercent, partnerKeys, partnerQueries, partnersApi, type AdminApplication } from "@/features/partners/api";
import { PromptDialog, type PromptRequest } from "@/features/partners/components/prompt-dialog";
import { formatDate } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { usePaging } from "@/lib/use-paging";

const STATUS_VARIANT = { pending: "warning", approved: "success", rejected: "destructive" } as const;

function Details({ a }: { a: AdminApplication }) {
  const { t } = useTranslation("partners");
  const payout = a.payoutMethod === "bank" ? t("admin.bankDetails", { inn: a.inn, account: a.bankAccount, bik: a.bik }) : t("admin.cardDetails", { last4: a.cardLast4 });
  return (
    <div className="min-w-64 space-y-0.5 text-sm">
      <p className="font-medium text-heading">
        {a.name}
        {a.company ? ` · ${a.company}` : ""}
      </p>
      <p className="text-muted-foreground">
        {a.email} · {a.phone}
      </p>
      <p className="text-muted-foreground">{a.website}</p>
      <p>{a.audience}</p>
      <p className="text-muted-foreground">
        {t("admin.volume", { volume: a.expectedVolume })} · {t(`admin.legal.${a.legalForm}`)} · {payout}
      </p>
      {a.rejectReason && <p className="text-destructive">{t("admin.rejectedBecause", { reason: a.rejectReason })}</p>}
    </div>
  );
}

/** Applications: filter by status, approve with a rate (default from configuration) or reject with a reason. */
export function AdminApplications({ defaultRate }: { defaultRate: number }) {
  const { t } = useTranslation("partners");
  const queryClient = useQueryClient();
  const { page, limit, setPage, tableProps } = usePaging();
  const [status, setStatus] = useState<"pending" | "approved" | "rejected" | "all">("pending");
  const [prompt, setPrompt] = useState<PromptRequest | null>(null);
  const list = useQuery({ ...partnerQueries.adminApplications({ page, limit, status: status === "all" ? undefined : status }), placeholderData: keepPreviousData });
  const done = async (message: string) => {
    notify({ type: "success", message });
    await queryClient.invalidateQueries({ queryKey: partnerKeys.admin() });
  };
  const col = dataTableColumns<AdminApplication>();
  const columns = useMemo(
    () => [
      col.accessor("createdAt", { header: () => t("admin.date"), cell: ({ row }) => formatDate(row.original.createdAt) }),
      col.display({ id: "details", header: () => t("admin.applicant"), cell: ({ row }) => <Details a={row.original} /> }),
      col.accessor("status", { header: () => t("admin.status"), cell: ({ row }) => <Badge variant={STATUS_VARIANT[row.original.status]}>{t(`admin.statuses.${row.original.status}`)}</Badge> }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t("admin.actions")}</span>,
        cell: ({ row }) =>
          row.original.status === "pending" && (
            <div className="flex justify-end gap-1">
              <Button
                size="sm"
                data-testid={`approve-${row.original.id}`}
                onClick={() =>
                  setPrompt({
                    title: t("admin.approveTitle", { name: row.original.name }),
                    label: t("admin.rate"),
                    initial: String(defaultRate),
                    inputMode: "decimal",
                    submitLabel: t("admin.approve"),
                    validate: (v) => (parseRatePercent(v) === null ? t("admin.rateInvalid") : null),
                    run: async (v) => (await partnersApi.approve(row.original.id, parseRatePercent(v)!), done(t("admin.approved"))),
                  })
                }
              >
                <Check aria-hidden />
                {t("admin.approve")}
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  setPrompt({ title: t("admin.rejectTitle", { name: row.original.name }), label: t("admin.reason"), submitLabel: t("admin.reject"), run: async (v) => (await partnersApi.reject(row.original.id, v), done(t("admin.rejected"))) })
                }
              >
                <X aria-hidden />
                {t("admin.reject")}
              </Button>
            </div>
          ),
      }),
    ],
    [col, t, defaultRate],
  );
  return (
    <div className="space-y-4">
      <Select value={status} onValueChange={(v) => (setStatus(v as typeof status), setPage(1))}>
        <SelectTrigger className="w-full sm:w-56" aria-label={t("admin.filter")}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {(["pending", "approved", "rejected", "all"] as const).map((s) => (
            <SelectItem key={s} value={s}>
              {t(`admin.statuses.${s}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <div className="overflow-x-auto" data-testid="admin-applications">
        {list.isError ? (
          <LoadError error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} />
        ) : (
          <DataTable columns={columns} data={list.data?.data ?? []} isLoading={list.isPending} {...tableProps(list.data?.meta.total)} getRowId={(r) => r.id} empty={<EmptyState icon={Inbox} title={t("admin.noApplications")} />} />
        )}
      </div>
      <PromptDialog request={prompt} onClose={() => setPrompt(null)} />
    </div>
  );
}
