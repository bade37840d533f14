import { serverText } from "@/lib/api";
import { useMemo, useState } from "react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Pencil, Plus, Tag, Trash2 } from "lucide-react";
import { QueryLoadError } from "@/components/query-view";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { adminBillingApi, adminBillingKeys, adminBillingQueries, type AdminPlan, type PlanStatus } from "@/features/billing-admin/api";
import { confirm } from "@/lib/confirm";
import { formatNumber, formatRub, i18n } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { usePaging } from "@/lib/use-paging";
import { planName, useInterfaceLanguage } from "@/features/billing/localized-name";
import { PlanDialog } from "./plan-dialog";

function useColumns(on: { edit: (p: AdminPlan) => void; remove: (p: AdminPlan) => void }) {
  const { t } = useTranslation("billing");
  const lang = useInterfaceLanguage();
  const col = dataTableColumns<AdminPlan>();
  return useMemo(
    () => [
      col.accessor("name", { header: () => t("admin.plans.columns.name"), cell: ({ row }) => {
          // The name in the interface's language, and the stored Russian one beside the code when it differs (what the editor's «Название» holds).
          const name = planName(row.original, lang);
          return (
            <div>
              <p className="font-medium text-heading">{name}</p>
              <p className="text-xs text-muted-foreground">{name === row.original.name ? row.original.code : `${row.original.code} · ${row.original.name}`}</p>
            </div>
          );
        },
      }),
      col.accessor("monthlyPriceKopecks", {
        header: () => t("admin.plans.columns.price"),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{t("admin.plans.priceCell", { month: formatRub(row.original.monthlyPriceKopecks), year: formatRub(row.original.yearlyPriceKopecks) })}</span>,
      }),
      col.display({ id: "included", header: () => t("admin.plans.columns.included"), cell: ({ row }) => <span className="text-sm whitespace-nowrap">{t("admin.plans.includedCell", { ai: formatNumber(row.original.included.aiReplies), channels: row.original.included.channels, seats: row.original.included.seats })}</span> }),
      col.accessor("subscribers", { header: () => t("admin.plans.columns.subscribers"), cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.subscribers)}</span> }),
      col.display({ id: "state", header: () => t("admin.plans.columns.state"), cell: ({ row }) => <Badge variant={row.original.archived ? "secondary" : row.original.active ? "success" : "warning"}>{t(`admin.plans.states.${row.original.archived ? "archived" : row.original.active ? "active" : "hidden"}`)}</Badge> }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t("admin.plans.columns.actions")}</span>,
        cell: ({ row }) => (
          <div className="flex justify-end gap-1">
            <Button variant="ghost" size="icon" aria-label={t("admin.plans.editAria", { name: planName(row.original, lang) })} onClick={() => on.edit(row.original)}>
              <Pencil aria-hidden />
            </Button>
            {!row.original.free && !row.original.archived && (
              <Button variant="ghost" size="icon" aria-label={t("admin.plans.deleteAria", { name: planName(row.original, lang) })} onClick={() => on.remove(row.original)}>
                <Trash2 aria-hidden />
              </Button>
            )}
          </div>
        ),
      }),
    ],
    [col, t, on, lang],
  );
}

/** Plans CRUD: a plan with subscribers or payments is archived instead of deleted (the server decides). */
export function PlansTab() {
  const { t } = useTranslation("billing");
  const lang = useInterfaceLanguage();
  const qc = useQueryClient();
  const [status, setStatus] = useState<PlanStatus>("current");
  const { page, limit, setPage, tableProps } = usePaging();
  const list = useQuery({ ...adminBillingQueries.plans({ page, limit, status }), placeholderData: keepPreviousData });
  const [editing, setEditing] = useState<{ plan: AdminPlan | null } | null>(null);
  const on = useMemo(
    () => ({
      edit: (plan: AdminPlan) => setEditing({ plan }),
      remove: async (plan: AdminPlan) => {
        if (!(await confirm({ title: t("admin.plans.deleteTitle", { name: planName(plan, lang) }), message: t("admin.plans.deleteMessage"), confirmText: t("admin.plans.delete") }))) return;
        try {
          const r = await adminBillingApi.deletePlan(plan.id);
          notify({ type: "success", message: serverText(r.message, i18n.t("common:serverToasts.done")) });
          await qc.invalidateQueries({ queryKey: adminBillingKeys.all() });
        } catch {
          /* the snackbar said why */
        }
      },
    }),
    [qc, t, lang],
  );
  const columns = useColumns(on);
  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Select value={status} onValueChange={(v) => (setStatus(v as PlanStatus), setPage(1))}>
            <SelectTrigger className="w-full sm:w-56" aria-label={t("admin.plans.filter")}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(["current", "archived", "all"] as const).map((s) => (
                <SelectItem key={s} value={s}>
                  {t(`admin.plans.filters.${s}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button onClick={() => setEditing({ plan: null })} data-testid="plan-create">
            <Plus aria-hidden />
            {t("admin.plans.create")}
          </Button>
        </div>
        {list.isError ? (
          <QueryLoadError query={list} />
        ) : (
          <div className="overflow-x-auto">
            <DataTable columns={columns} data={list.data?.data ?? []} isLoading={list.isPending} {...tableProps(list.data?.meta.total)} getRowId={(r) => r.id} empty={<EmptyState icon={Tag} title={t("admin.plans.empty")} />} />
          </div>
        )}
      </CardContent>
      {editing && <PlanDialog plan={editing.plan} onClose={() => setEditing(null)} />}
    </Card>
  );
}
