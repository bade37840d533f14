import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { UseQueryResult } from "@tanstack/react-query";
import { BadgePercent, Pencil, Plus, TicketCheck, Trash2 } from "lucide-react";
import { ActionsMenu } from "@/components/actions-menu";
import type { ListParamsPatch } from "@/components/list-params";
import { QueryLoadError } from "@/components/query-view";
import { Button } from "@/components/ui/button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { DropdownMenuItem, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import { EmptyState, NoMatchesState } from "@/components/ui/empty-state";
import { formatNumber } from "@/lib/i18n";
import { useMediaQuery } from "@/lib/use-media-query";
import { formatMoney } from "@/features/products/money";
import type { PromotionsPage } from "@/features/products/types";
import type { Promotion, PromotionsParams } from "../api";
import { PromotionPeriod, PromotionStatusBadge, promotionBenefit } from "./promotion-bits";

/** From this width the table shows every column; below it (phones) the compact row. */
const WIDE_TABLE = "(min-width: 48rem)";

/** The row menu: editors edit and delete; whoever may record a use (operators too) records one of an active promotion. */
type Actions = { onEdit?: (p: Promotion) => void; onDelete?: (p: Promotion) => void; onUse?: (p: Promotion) => void } | null;

/**
 * The columns. On a phone (`compact`) the row is the promotion and its menu: what it gives and its
 * status go under the name, and where it applies, the period and the uses are in the form, so the
 * row fits the screen without scrolling sideways.
 */
function usePromotionColumns(timeZone: string, actions: Actions) {
  const { t } = useTranslation("products");
  const compact = !useMediaQuery(WIDE_TABLE);
  return useMemo(() => {
    const col = dataTableColumns<Promotion>();
    const compactName = col.display({
      id: "name",
      header: () => t("promotions.columns.name"),
      cell: ({ row: { original: p } }) => (
        <div className="min-w-0 whitespace-normal">
          <span className="block font-medium text-heading" data-testid="promotion-name">
            {p.name}
          </span>
          {p.description && <span className="line-clamp-1 text-[0.8125rem] text-muted-foreground">{p.description}</span>}
          <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium text-heading tabular-nums" data-testid="promotion-benefit">
              {promotionBenefit(p, t("promotions.kind.gift"))}
            </span>
            {p.code && <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{p.code}</code>}
            <PromotionStatusBadge status={p.status} />
          </span>
        </div>
      ),
    });
    const all = [
      col.display({
        id: "name",
        header: () => t("promotions.columns.name"),
        cell: ({ row: { original: p } }) => (
          <div className="min-w-[200px]">
            <span className="block font-medium text-heading" data-testid="promotion-name">
              {p.name}
            </span>
            {p.description && <span className="line-clamp-1 max-w-72 text-[0.8125rem] text-muted-foreground">{p.description}</span>}
            {p.code && <code className="mt-0.5 inline-block rounded bg-muted px-1.5 py-0.5 text-xs">{p.code}</code>}
          </div>
        ),
      }),
      col.display({
        id: "benefit",
        header: () => t("promotions.columns.benefit"),
        cell: ({ row: { original: p } }) => (
          <div className="max-w-56">
            <span className="block font-medium text-heading tabular-nums" data-testid="promotion-benefit">
              {promotionBenefit(p, t("promotions.kind.gift"))}
            </span>
            {p.minOrder !== null && <span className="block text-[0.8125rem] text-muted-foreground">{t("promotions.minOrderFrom", { amount: formatMoney(p.minOrder, p.currency) })}</span>}
          </div>
        ),
      }),
      col.display({
        id: "appliesTo",
        header: () => t("promotions.columns.appliesTo"),
        cell: ({ row: { original: p } }) => (
          <span className="whitespace-nowrap">{p.appliesTo === "all" ? t("promotions.appliesTo.all") : t(`promotions.appliesCount.${p.appliesTo}`, { count: p.appliesTo === "categories" ? p.categoryIds.length : p.productIds.length })}</span>
        ),
      }),
      col.display({ id: "period", header: () => t("promotions.columns.period"), cell: ({ row }) => <PromotionPeriod promotion={row.original} timeZone={timeZone} /> }),
      col.display({
        id: "usage",
        header: () => t("promotions.columns.usage"),
        cell: ({ row: { original: p } }) => <span className="whitespace-nowrap tabular-nums">{p.usageLimit === null ? formatNumber(p.usedCount) : `${formatNumber(p.usedCount)} / ${formatNumber(p.usageLimit)}`}</span>,
      }),
      col.display({ id: "status", header: () => t("promotions.columns.status"), cell: ({ row }) => <PromotionStatusBadge status={row.original.status} /> }),
      ...(actions
        ? [
            col.display({
              id: "actions",
              header: () => <span className="sr-only">{t("list.columns.actions")}</span>,
              cell: ({ row }) => (
                <div className="flex justify-end" onClick={(e) => e.stopPropagation()}>
                  <ActionsMenu label={t("list.actions", { name: row.original.name })} testId="promotion-actions">
                    {actions.onUse && row.original.status === "active" && (
                      <DropdownMenuItem onSelect={() => actions.onUse!(row.original)} data-testid="promotion-use">
                        <TicketCheck aria-hidden />
                        {t("promotions.recordUse")}
                      </DropdownMenuItem>
                    )}
                    {actions.onEdit && (
                      <DropdownMenuItem onSelect={() => actions.onEdit!(row.original)}>
                        <Pencil aria-hidden />
                        {t("list.edit")}
                      </DropdownMenuItem>
                    )}
                    {actions.onDelete && (
                      <>
                        <DropdownMenuSeparator />
                        <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => actions.onDelete!(row.original)} data-testid="promotion-delete">
                          <Trash2 aria-hidden />
                          {t("list.delete")}
                        </DropdownMenuItem>
                      </>
                    )}
                  </ActionsMenu>
                </div>
              ),
            }),
          ]
        : []),
    ];
    return compact ? [compactName, ...all.filter((c) => c.id === "actions")] : all;
  }, [t, timeZone, actions, compact]);
}

/** The promotions table: server pages, a row click opens the form (editors), an empty state for each reason. */
export function PromotionsTable({ list, p, timeZone, filtered, update, onReset, actions, onCreate }: { list: UseQueryResult<PromotionsPage>; p: PromotionsParams; timeZone: string; filtered: boolean; update: (patch: ListParamsPatch) => void; onReset: () => void; actions: Actions; onCreate?: () => void }) {
  const { t } = useTranslation("products");
  const columns = usePromotionColumns(timeZone, actions);
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
      getRowId={(r) => r.promotionId}
      onRowClick={actions ? actions.onEdit : undefined}
      empty={
        filtered ? (
          <NoMatchesState title={t("promotions.notFound")} description={t("list.notFoundHint")} resetLabel={t("list.reset")} onReset={onReset} size="sm" />
        ) : (
          <EmptyState
            icon={BadgePercent}
            title={t("promotions.empty")}
            description={onCreate ? t("promotions.emptyHint") : t("promotions.emptyReadOnly")}
            action={
              onCreate && (
                <Button onClick={onCreate}>
                  <Plus aria-hidden />
                  {t("promotions.create")}
                </Button>
              )
            }
          />
        )
      }
    />
  );
}
