import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LayoutTemplate, Search, SearchX, Upload } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { PAGE_SIZE_OPTIONS, TablePagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { confirm } from "@/lib/confirm";
import { notify } from "@/lib/notify";
import { useSession } from "@/lib/session";
import { cn } from "@/lib/utils";
import { assistantApi, assistantKeys, assistantQueries } from "@/features/assistants/api";
import { DemoModelBadge } from "@/features/assistants/components/demo-model-badge";
import { LoadError } from "@/components/load-error";
import { PublishTemplateDialog } from "@/features/assistants/components/publish-template-dialog";
import { TemplateCard } from "@/features/assistants/components/template-card";
import { TemplateEditDialog } from "@/features/assistants/components/template-edit-dialog";
import { TemplatePreviewDialog } from "@/features/assistants/components/template-preview-dialog";
import { UseTemplateDialog } from "@/features/assistants/components/use-template-dialog";
import { notifyFailure } from "@/features/assistants/errors";
import type { AssistantTemplate } from "@/features/assistants/types";

export const handle = { titleKey: "assistants:templates.title" };

/** The assistant constructor: browse, search by text and tags, preview, copy into an account; admins publish and edit. */
export default function AssistantTemplatesPage() {
  const { t } = useTranslation("assistants");
  const { user, currentAccountId } = useSession();
  const isAdmin = !!user?.isPlatformAdmin;
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const tags = (params.get("tags") ?? "").split(",").filter(Boolean);
  const page = Math.max(1, Number(params.get("page")) || 1);
  const limitParam = Number(params.get("limit"));
  const limit = (PAGE_SIZE_OPTIONS as readonly number[]).includes(limitParam) ? limitParam : 20;
  const [search, setSearch] = useState(q);
  const [preview, setPreview] = useState<AssistantTemplate | null>(null);
  const [using, setUsing] = useState<AssistantTemplate | null>(null);
  const [editing, setEditing] = useState<AssistantTemplate | null>(null);

  const update = (patch: Record<string, string | null>) =>
    setParams(
      () => {
        // From the live URL: a debounced search must not drop a tag chosen meanwhile (the hook's copy may be stale).
        const next = new URLSearchParams(window.location.search);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!("page" in patch)) next.delete("page");
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    const id = setTimeout(() => {
      if (search.trim() !== q) update({ q: search.trim() || null });
    }, 300);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, q]);

  const list = useQuery(assistantQueries.templates({ q: q || undefined, tags, page, limit }));
  const tagList = useQuery(assistantQueries.templateTags());
  const toggleTag = (tag: string) => {
    const next = tags.includes(tag) ? tags.filter((x) => x !== tag) : [...tags, tag];
    update({ tags: next.length ? next.join(",") : null });
  };
  const filtered = !!q || tags.length > 0;

  const remove = async (tpl: AssistantTemplate) => {
    if (!(await confirm({ title: t("templates.deleteTitle"), message: t("templates.deleteMessage", { name: tpl.name }), confirmText: t("templates.delete") }))) return;
    try {
      await assistantApi.removeTemplate(tpl.templateId);
      notify({ type: "success", message: t("toasts.templateDeleted") });
      await queryClient.invalidateQueries({ queryKey: assistantKeys.templates() });
    } catch (e) {
      notifyFailure("errors.templateDelete", e);
    }
  };

  return (
    <div>
      <PageHeader
        title={
          <span className="inline-flex flex-wrap items-center gap-3">
            {t("templates.title")}
            <DemoModelBadge />
          </span>
        }
        description={t("templates.description")}
        actions={
          isAdmin && (
            <PublishTemplateDialog
              defaultAccountId={currentAccountId}
              trigger={
                <Button variant="outline">
                  <Upload aria-hidden />
                  {t("templates.publishAssistant")}
                </Button>
              }
            />
          )
        }
      />

      <Card className="mb-6 gap-4 px-5 py-5">
        <div className="relative">
          <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t("templates.searchPlaceholder")}
            aria-label={t("templates.searchPlaceholder")}
            className="ps-9"
            maxLength={100}
            data-testid="templates-search"
          />
        </div>
        {(tagList.data?.data.length ?? 0) > 0 && (
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t("templates.tags")}>
            <button
              type="button"
              onClick={() => update({ tags: null })}
              aria-pressed={tags.length === 0}
              className={cn(chip, tags.length === 0 ? chipOn : chipOff)}
            >
              {t("templates.allTags")}
            </button>
            {tagList.data!.data.map((tag) => {
              const on = tags.includes(tag.name);
              return (
                <button key={tag.name} type="button" onClick={() => toggleTag(tag.name)} aria-pressed={on} className={cn(chip, on ? chipOn : chipOff)} data-testid="template-tag">
                  #{tag.name}
                  <span className={cn("text-[0.75rem]", on ? "text-primary-foreground/80" : "text-muted-foreground")}>{tag.count}</span>
                </button>
              );
            })}
          </div>
        )}
      </Card>

      {list.isPending ? (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t("templates.loading")}>
          {Array.from({ length: 6 }, (_, i) => (
            <Card key={i} className="gap-4 px-5 py-5">
              <div className="flex gap-3">
                <Skeleton className="size-11" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-44" />
                  <Skeleton className="h-3 w-28" />
                </div>
              </div>
              <Skeleton className="h-14 w-full" />
              <Skeleton className="h-8 w-full" />
            </Card>
          ))}
        </div>
      ) : list.isError ? (
        <Card>
          <LoadError error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} className="mx-6 border-none" />
        </Card>
      ) : list.data.data.length === 0 ? (
        <Card>
          {filtered ? (
            <EmptyState
              icon={SearchX}
              title={t("templates.notFoundTitle")}
              description={t("templates.notFound")}
              action={
                <Button
                  variant="outline"
                  onClick={() => {
                    setSearch("");
                    update({ q: null, tags: null });
                  }}
                >
                  {t("templates.resetFilters")}
                </Button>
              }
            />
          ) : (
            <EmptyState icon={LayoutTemplate} title={t("templates.emptyTitle")} description={t("templates.emptyDescription")} />
          )}
        </Card>
      ) : (
        <>
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="templates-grid">
            {list.data.data.map((tpl) => (
              <TemplateCard
                key={tpl.templateId}
                template={tpl}
                isAdmin={isAdmin}
                onPreview={() => setPreview(tpl)}
                onUse={() => setUsing(tpl)}
                onEdit={() => setEditing(tpl)}
                onDelete={() => void remove(tpl)}
                onTag={(tag) => !tags.includes(tag) && toggleTag(tag)}
              />
            ))}
          </div>
          {(list.data.meta.lastPage > 1 || limit !== 20) && (
            <Card className="mt-6 py-0">
              <TablePagination
                page={list.data.meta.page}
                pageSize={list.data.meta.limit}
                total={list.data.meta.total}
                onPageChange={(p) => update({ page: String(p) })}
                onPageSizeChange={(l) => update({ limit: String(l) })}
              />
            </Card>
          )}
        </>
      )}

      <TemplatePreviewDialog
        template={preview}
        onOpenChange={(o) => !o && setPreview(null)}
        onUse={(tpl) => {
          setPreview(null);
          setUsing(tpl);
        }}
      />
      <UseTemplateDialog template={using} onOpenChange={(o) => !o && setUsing(null)} />
      {isAdmin && <TemplateEditDialog template={editing} onOpenChange={(o) => !o && setEditing(null)} />}
    </div>
  );
}

const chip = "inline-flex cursor-pointer items-center gap-1.5 rounded-full px-3 py-1 text-[0.8125rem] font-medium transition-colors focus-visible:ring-3 focus-visible:ring-primary/30 focus-visible:outline-none";
const chipOn = "bg-primary text-primary-foreground";
const chipOff = "bg-secondary/12 text-foreground hover:bg-primary/10 hover:text-primary";
