import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ListPlus, Plus } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useAbility } from "@/lib/ability";
import { confirm } from "@/lib/confirm";
import { notify } from "@/lib/notify";
import { customFieldApi, customFieldKeys, customFieldQueries, type CustomFieldDef } from "../api";
import { FieldDialog } from "./field-dialog";
import { FieldsTable } from "./fields-table";

/** The account's field definitions: the ordered table, create/edit dialog, delete with the count of values. */
export function FieldsSection({ accountId }: { accountId: string }) {
  const { t } = useTranslation("customFields");
  const queryClient = useQueryClient();
  const fields = useQuery(customFieldQueries.fields(accountId));
  const canEdit = useAbility().can("update", "CustomField");
  const [editing, setEditing] = useState<CustomFieldDef | "new" | null>(null);
  const key = customFieldKeys.fields(accountId);

  const reorder = async (next: CustomFieldDef[]) => {
    const before = queryClient.getQueryData(key);
    // The row stays where it was dropped while the server saves the order.
    queryClient.setQueryData(key, (old) => (old ? { ...old, data: next.map((f, position) => ({ ...f, position })) } : old));
    try {
      await customFieldApi.reorder(accountId, next.map((f) => f.fieldId));
    } catch {
      queryClient.setQueryData(key, before);
    }
    await queryClient.invalidateQueries({ queryKey: key });
  };

  const remove = async (field: CustomFieldDef) => {
    // Ask with today's count, not the one the list loaded a while ago.
    let count = field.contactCount;
    try {
      count = (await customFieldApi.get(accountId, field.fieldId)).contactCount;
    } catch {
      await queryClient.invalidateQueries({ queryKey: key });
      return;
    }
    const ok = await confirm({
      title: t("delete.title"),
      message: count ? t("delete.messageWithCount", { label: field.label, count }) : t("delete.message", { label: field.label }),
      confirmText: t("delete.confirm"),
    });
    if (!ok) return;
    try {
      const r = await customFieldApi.remove(accountId, field.fieldId);
      notify({ type: "success", message: r.deletedValues ? t("toasts.deletedWithValues", { count: r.deletedValues }) : t("toasts.deleted") });
    } catch {
      // the API client has shown the reason
    }
    await queryClient.invalidateQueries({ queryKey: key });
  };

  const addButton = (
    <Button onClick={() => setEditing("new")} data-testid="field-add">
      <Plus aria-hidden />
      {t("add")}
    </Button>
  );
  const list = fields.data?.data ?? [];

  return (
    <Card className="gap-0 pb-0" data-testid="fields-card">
      <CardHeader className="pb-4">
        <CardTitle>{t("fields.title")}</CardTitle>
        <CardDescription>{canEdit ? t("fields.description") : t("fields.readOnly")}</CardDescription>
        {canEdit && list.length > 0 && <CardAction>{addButton}</CardAction>}
      </CardHeader>
      {fields.isPending ? (
        <div className="space-y-3 px-6 pb-6" aria-busy="true" aria-label={t("loading")}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : fields.isError ? (
        <LoadError error={fields.error} onRetry={() => fields.refetch()} retrying={fields.isFetching} className="mx-6 mb-6" />
      ) : list.length === 0 ? (
        <EmptyState icon={ListPlus} title={t("fields.empty.title")} description={canEdit ? t("fields.empty.description") : t("fields.empty.readOnly")} action={canEdit && addButton} />
      ) : (
        <FieldsTable fields={list} canEdit={canEdit} onReorder={(next) => void reorder(next)} onEdit={setEditing} onDelete={(f) => void remove(f)} />
      )}
      {editing && <FieldDialog accountId={accountId} field={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
