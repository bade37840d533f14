import { serverText } from "@/lib/api";
import { i18n } from "@/lib/i18n";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { FilePlus2, Pencil, ThumbsDown, ThumbsUp, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "@/components/load-error";
import { SearchInput } from "@/components/search-input";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { confirm } from "@/lib/confirm";
import { notify } from "@/lib/notify";
import { useBusyAction } from "@/lib/use-busy-action";
import { usePaging } from "@/lib/use-paging";
import { helpApi, helpKeys, helpQueries, type AdminArticle, type AdminFaqEntry } from "../../api";
import { ArticleDialog, FaqDialog } from "./help-dialogs";

type Kind = "faq" | "articles";
type Row = AdminFaqEntry | AdminArticle;

const titleOf = (r: Row) => ("question" in r.ru ? r.ru.question : r.ru.title);

function useRows(kind: Kind, params: { page: number; limit: number; q: string }) {
  const faq = useQuery({ ...helpQueries.adminFaq(params), enabled: kind === "faq", placeholderData: keepPreviousData });
  const articles = useQuery({ ...helpQueries.adminArticles(params), enabled: kind === "articles", placeholderData: keepPreviousData });
  return kind === "faq" ? faq : articles;
}

function useColumns(kind: Kind, busy: string | null, on: { edit: (r: Row) => void; remove: (r: Row) => void }) {
  const { t } = useTranslation("help");
  const col = dataTableColumns<Row>();
  return useMemo(
    () => [
      col.display({
        id: "title",
        header: () => t(kind === "faq" ? "admin.columns.question" : "admin.columns.title"),
        cell: ({ row }) => (
          <div className="min-w-56">
            <div className="font-medium text-heading">{titleOf(row.original)}</div>
            {"slug" in row.original && <div className="font-mono text-xs text-muted-foreground">{row.original.slug}</div>}
          </div>
        ),
      }),
      col.display({ id: "category", header: () => t("admin.columns.category"), cell: ({ row }) => t(`categories.${row.original.category}`) }),
      col.display({
        id: "state",
        header: () => t("admin.columns.state"),
        cell: ({ row }) => (
          <div className="flex flex-wrap gap-1">
            <Badge variant={row.original.published ? "success" : "secondary"}>{t(row.original.published ? "admin.published" : "admin.draft")}</Badge>
            <Badge variant="outline">{row.original.en ? "RU · EN" : "RU"}</Badge>
          </div>
        ),
      }),
      ...(kind === "articles"
        ? [col.display({ id: "votes", header: () => t("admin.columns.votes"), cell: ({ row }) => ("helpfulCount" in row.original ? <span className="inline-flex items-center gap-3 tabular-nums" aria-label={t("admin.votes", { yes: row.original.helpfulCount, no: row.original.notHelpfulCount })}>
                <span className="inline-flex items-center gap-1"><ThumbsUp className="size-3.5 text-success" aria-hidden />{row.original.helpfulCount}</span>
                <span className="inline-flex items-center gap-1"><ThumbsDown className="size-3.5 text-muted-foreground" aria-hidden />{row.original.notHelpfulCount}</span>
              </span> : null) })]
        : []),
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t("admin.columns.actions")}</span>,
        cell: ({ row }) => (
          <div className="flex justify-end gap-1">
            <Button variant="ghost" size="icon" className="size-8" aria-label={t("admin.edit", { name: titleOf(row.original) })} onClick={() => on.edit(row.original)}>
              <Pencil aria-hidden />
            </Button>
            <Button variant="ghost" size="icon" className="size-8 text-destructive" aria-label={t("admin.delete", { name: titleOf(row.original) })} loading={busy === row.original.id} onClick={() => on.remove(row.original)}>
              <Trash2 aria-hidden />
            </Button>
          </div>
        ),
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, kind, busy],
  );
}

/** An administrators' list of FAQ entries or articles: search, pages, create, edit, delete (with a confirmation). */
export function HelpAdminList({ kind }: { kind: Kind }) {
  const { t } = useTranslation("help");
  const queryClient = useQueryClient();
  const { page, limit, setPage, tableProps } = usePaging();
  const [q, setQ] = useState("");
  const list = useRows(kind, { page, limit, q: q.trim() });
  const [editing, setEditing] = useState<Row | null>(null);
  const [open, setOpen] = useState(false);
  const { busy, run } = useBusyAction();
  const edit = (r: Row | null) => (setEditing(r), setOpen(true));
  const remove = async (r: Row) => {
    if (!(await confirm({ title: t(`admin.${kind}.deleteTitle`), message: t(`admin.${kind}.deleteMessage`, { name: titleOf(r) }), confirmText: t("admin.confirmDelete") }))) return;
    await run(r.id, async () => {
      const res = kind === "faq" ? await helpApi.deleteFaq(r.id) : await helpApi.deleteArticle(r.id);
      notify({ type: "success", message: serverText(res.message, i18n.t("common:serverToasts.done")) });
      await Promise.all([queryClient.invalidateQueries({ queryKey: helpKeys.admin(kind) }), queryClient.invalidateQueries({ queryKey: helpKeys.all() })]);
    });
  };
  const columns = useColumns(kind, busy, { edit, remove });
  const create = (
    <Button onClick={() => edit(null)} data-testid={`help-create-${kind}`}>
      <FilePlus2 aria-hidden />
      {t(`admin.${kind}.create`)}
    </Button>
  );
  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <SearchInput value={q} onChange={(v) => (setQ(v), setPage(1))} label={t(`admin.${kind}.search`)} wrapperClassName="w-full sm:max-w-sm" />
          {create}
        </div>
        {list.isError ? (
          <LoadError error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} />
        ) : (
          <div className="overflow-x-auto" data-testid={`help-admin-${kind}`}>
            <DataTable
              columns={columns}
              data={(list.data?.data ?? []) as Row[]}
              isLoading={list.isPending}
              {...tableProps(list.data?.meta.total)}
              getRowId={(r) => r.id}
              empty={<EmptyState icon={FilePlus2} title={t(`admin.${kind}.empty`)} description={t(`admin.${kind}.emptyHint`)} action={q ? undefined : create} />}
            />
          </div>
        )}
      </CardContent>
      {kind === "faq" ? (
        <FaqDialog item={editing as AdminFaqEntry | null} open={open} onOpenChange={setOpen} />
      ) : (
        <ArticleDialog item={editing as AdminArticle | null} open={open} onOpenChange={setOpen} />
      )}
    </Card>
  );
}
