import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LayoutTemplate, Upload } from "lucide-react";
import { CardGridView } from "@/components/card-grid";
import { useDebouncedSearch, useListParams } from "@/components/list-params";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState, NoMatchesState } from "@/components/ui/empty-state";
import { confirm } from "@/lib/confirm";
import { notify } from "@/lib/notify";
import { useSession } from "@/lib/session";
import { assistantApi, assistantKeys, assistantQueries } from "@/features/assistants/api";
import { DemoModelBadge } from "@/features/assistants/components/demo-model-badge";
import { PublishTemplateDialog } from "@/features/assistants/components/publish-template-dialog";
import { TemplateCard } from "@/features/assistants/components/template-card";
import { TemplateEditDialog } from "@/features/assistants/components/template-edit-dialog";
import { TemplateFilters } from "@/features/assistants/components/template-filters";
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
  const { params, page, limit, q, update } = useListParams();
  const tags = (params.get("tags") ?? "").split(",").filter(Boolean);
  const [search, setSearch] = useDebouncedSearch(q, update);
  const [preview, setPreview] = useState<AssistantTemplate | null>(null);
  const [using, setUsing] = useState<AssistantTemplate | null>(null);
  const [editing, setEditing] = useState<AssistantTemplate | null>(null);
  const remove = useDeleteTemplate();

  const list = useQuery(assistantQueries.templates({ q: q || undefined, tags, page, limit }));
  const toggleTag = (tag: string) => {
    const next = tags.includes(tag) ? tags.filter((x) => x !== tag) : [...tags, tag];
    update({ tags: next.join(",") });
  };
  const filtered = !!q || tags.length > 0;

  return (
    <div>
      <PageHeader
        title={t("templates.title")}
        badge={<DemoModelBadge />}
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

      <TemplateFilters search={search} onSearch={setSearch} tags={tags} onToggleTag={toggleTag} onClearTags={() => update({ tags: null })} />

      <CardGridView
        query={list}
        skeleton={{ label: t("templates.loading"), lines: ["h-4 w-44", "h-3 w-28"], footer: "h-8 w-full" }}
        testId="templates-grid"
        onPageChange={(p) => update({ page: p })}
        onPageSizeChange={(l) => update({ limit: l })}
        empty={
          filtered ? (
            <NoMatchesState
              title={t("templates.notFoundTitle")}
              description={t("templates.notFound")}
              resetLabel={t("templates.resetFilters")}
              onReset={() => {
                setSearch("");
                update({ q: null, tags: null });
              }}
            />
          ) : (
            <EmptyState icon={LayoutTemplate} title={t("templates.emptyTitle")} description={t("templates.emptyDescription")} />
          )
        }
      >
        {(tpl) => (
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
        )}
      </CardGridView>

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

/** Asks, deletes a published template, refreshes the catalogue. */
function useDeleteTemplate() {
  const { t } = useTranslation("assistants");
  const queryClient = useQueryClient();
  return async (tpl: AssistantTemplate) => {
    if (!(await confirm({ title: t("templates.deleteTitle"), message: t("templates.deleteMessage", { name: tpl.name }), confirmText: t("templates.delete") }))) return;
    try {
      await assistantApi.removeTemplate(tpl.templateId);
      notify({ type: "success", message: t("toasts.templateDeleted") });
      await queryClient.invalidateQueries({ queryKey: assistantKeys.templates() });
    } catch (e) {
      notifyFailure("errors.templateDelete", e);
    }
  };
}
