import { useMemo, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Plus } from "lucide-react";
import { useDebouncedSearch, useListParams } from "@/components/list-params";
import { PageHeader } from "@/components/page-header";
import { SearchInput } from "@/components/search-input";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useAbility } from "@/lib/ability";
import { confirm } from "@/lib/confirm";
import { notify } from "@/lib/notify";
import { accountQueries } from "@/features/accounts/api";
import { PROMOTION_STATUSES, promotionApi, promotionKeys, promotionQueries, type Promotion, type PromotionsParams } from "@/features/promotions/api";
import { useRecordPromotionUse } from "@/features/promotions/use-record-use";
import { PromotionDialog } from "@/features/promotions/components/promotion-dialog";
import { PromotionsTable } from "@/features/promotions/components/promotions-table";

export const handle = { titleKey: "products:promotions.pageTitle" };

const ANY = "__any";

/**
 * /:accountId/promotions — the account's discounts and offers with their derived status; editors
 * create, edit and delete them. The assistant reads the active ones (list_promotions).
 */
export default function PromotionsPage() {
  const { t } = useTranslation("products");
  const { accountId = "" } = useParams();
  const qc = useQueryClient();
  const ability = useAbility();
  const canEdit = ability.can("update", "Promotion");
  const canUse = ability.can("create", "PromotionUse");
  const { params, page, limit, q, update } = useListParams();
  const [search, setSearch] = useDebouncedSearch(q, update);
  const status = (PROMOTION_STATUSES as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as string) : undefined;
  const p: PromotionsParams = { page, limit, q: q || undefined, status };
  const list = useQuery(promotionQueries.list(accountId, p));
  const timeZone = useQuery(accountQueries.detail(accountId)).data?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [editing, setEditing] = useState<{ promotion: Promotion | null } | null>(null);
  const total = list.data?.meta.total ?? 0;
  const filtered = !!(q || status);

  const onUse = useRecordPromotionUse(accountId, canUse);
  const editorActions = useMemo(
    () =>
      canEdit
        ? {
            onEdit: (promotion: Promotion) => setEditing({ promotion }),
            onDelete: async (promotion: Promotion) => {
              if (!(await confirm({ title: t("promotions.deleteTitle", { name: promotion.name }), message: t("promotions.deleteMessage"), confirmText: t("promotions.deleteConfirm") }))) return;
              try {
                await promotionApi.remove(accountId, promotion.promotionId);
                notify({ type: "success", message: t("promotions.toasts.deleted", { name: promotion.name }) });
                await qc.invalidateQueries({ queryKey: promotionKeys.all(accountId) });
              } catch {
                /* the snackbar said why */
              }
            },
          }
        : null,
    [canEdit, accountId, qc, t],
  );
  const rowActions = useMemo(() => (canEdit || canUse ? { onUse, ...editorActions } : null), [canEdit, canUse, onUse, editorActions]);

  return (
    <div>
      <PageHeader
        title={t("promotions.title")}
        description={list.data ? t(filtered ? "promotions.found" : "promotions.total", { count: total }) : t("promotions.description")}
        actions={
          canEdit && (
            <Button onClick={() => setEditing({ promotion: null })} data-testid="promotion-create">
              <Plus aria-hidden />
              {t("promotions.create")}
            </Button>
          )
        }
      />
      <Card className="gap-0 overflow-hidden py-0">
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-center sm:px-6">
          <SearchInput value={search} onChange={setSearch} label={t("promotions.search")} wrapperClassName="flex-1 sm:max-w-sm" />
          <Select value={status ?? ANY} onValueChange={(v) => update({ status: v === ANY ? undefined : v })}>
            <SelectTrigger className="w-full sm:ms-auto sm:w-48" aria-label={t("promotions.columns.status")} data-testid="promotion-status-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>{t("promotions.allStatuses")}</SelectItem>
              {PROMOTION_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {t(`promotions.status.${s}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <PromotionsTable
          list={list}
          p={p}
          timeZone={timeZone}
          filtered={filtered}
          update={update}
          onReset={() => {
            setSearch("");
            update({ q: undefined, status: undefined });
          }}
          actions={rowActions}
          onCreate={canEdit ? () => setEditing({ promotion: null }) : undefined}
        />
      </Card>
      {editing && <PromotionDialog key={editing.promotion?.promotionId ?? "new"} accountId={accountId} promotion={editing.promotion} onClose={() => setEditing(null)} />}
    </div>
  );
}
