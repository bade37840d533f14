import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Tags, Trash2 } from "lucide-react";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { useAbility } from "@/lib/ability";
import { confirm } from "@/lib/confirm";
import { notify } from "@/lib/notify";
import { customFieldApi, customFieldKeys, customFieldQueries, type AccountTag } from "../api";
import { TagBadge } from "./tag-badge";
import { TagDialog } from "./tag-dialog";

const col = dataTableColumns<AccountTag>();

/** The account's tags: name and colour, how many contacts carry each; admins add, edit and delete. */
export function TagsSection({ accountId }: { accountId: string }) {
  const { t } = useTranslation("customFields");
  const queryClient = useQueryClient();
  const tags = useQuery(customFieldQueries.tags(accountId));
  const canEdit = useAbility().can("update", "Tag");
  const [editing, setEditing] = useState<AccountTag | "new" | null>(null);

  const remove = async (tag: AccountTag) => {
    const ok = await confirm({
      title: t("tags.delete.title"),
      message: tag.contactCount ? t("tags.delete.messageWithCount", { name: tag.name, count: tag.contactCount }) : t("tags.delete.message", { name: tag.name }),
      confirmText: t("tags.delete.confirm"),
    });
    if (!ok) return;
    try {
      await customFieldApi.removeTag(accountId, tag.tagId);
      notify({ type: "success", message: t("tags.toasts.deleted") });
    } catch {
      // the API client has shown the reason
    }
    await queryClient.invalidateQueries({ queryKey: customFieldKeys.tags(accountId) });
  };

  const columns = useMemo(
    () => [
      col.accessor("name", { header: t("tags.table.name"), cell: (c) => <TagBadge name={c.row.original.name} color={c.row.original.color} /> }),
      col.accessor("contactCount", { header: t("tags.table.contacts"), cell: (c) => <span className="tabular-nums">{c.getValue()}</span> }),
      ...(canEdit
        ? [
            col.display({
              id: "actions",
              header: () => <span className="sr-only">{t("table.actions")}</span>,
              cell: (c) => (
                <div className="flex justify-end">
                  <Button variant="ghost" size="icon" aria-label={t("tags.table.edit", { name: c.row.original.name })} onClick={() => setEditing(c.row.original)}>
                    <Pencil aria-hidden />
                  </Button>
                  <Button variant="ghost" size="icon" className="text-destructive hover:text-destructive" aria-label={t("tags.table.delete", { name: c.row.original.name })} onClick={() => void remove(c.row.original)}>
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              ),
            }),
          ]
        : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canEdit, accountId],
  );

  const addButton = (
    <Button onClick={() => setEditing("new")} data-testid="tag-add">
      <Plus aria-hidden />
      {t("tags.add")}
    </Button>
  );

  return (
    <Card className="gap-0 pb-0" data-testid="tags-card">
      <CardHeader className="pb-4">
        <CardTitle>{t("tags.title")}</CardTitle>
        <CardDescription>{canEdit ? t("tags.description") : t("tags.readOnly")}</CardDescription>
        {canEdit && !!tags.data?.data.length && <CardAction>{addButton}</CardAction>}
      </CardHeader>
      {tags.isError ? (
        <LoadError error={tags.error} onRetry={() => tags.refetch()} retrying={tags.isFetching} className="mx-6 mb-6" />
      ) : (
        <DataTable
          columns={columns}
          data={tags.data?.data ?? []}
          isLoading={tags.isPending}
          getRowId={(tag) => tag.tagId}
          empty={<EmptyState icon={Tags} title={t("tags.empty.title")} description={canEdit ? t("tags.empty.description") : t("tags.empty.readOnly")} action={canEdit && addButton} />}
        />
      )}
      {editing && <TagDialog accountId={accountId} tag={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
