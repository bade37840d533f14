import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useFormContext } from "react-hook-form";
import { ArrowLeft, LayoutTemplate, Trash2, Undo2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useAbility } from "@/lib/ability";
import { LAUNCHER_AVOID } from "@/lib/launcher-avoid";
import { useSession } from "@/lib/session";
import type { AssistantFormValues } from "../schemas";
import type { Assistant } from "../types";
import { useDeleteAssistant } from "../use-delete-assistant";
import { AssistantBadges, AssistantMark } from "./assistant-mark";
import { DemoModelBadge } from "./demo-model-badge";
import { PublishTemplateDialog } from "./publish-template-dialog";

/** The editor's top: back to the list, the assistant's name and badges, publish / delete / save. */
export function EditorHeader({ assistant, canEdit }: { assistant: Assistant; canEdit: boolean }) {
  const { t } = useTranslation("assistants");
  const accountId = assistant.accountId;
  return (
    <div className="mb-6 flex flex-col gap-4">
      <Link to={`/${accountId}/assistants`} className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-primary">
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
        {t("editor.back")}
      </Link>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <AssistantMark active={assistant.isActive} className="size-12" iconClassName="size-7" />
          <div className="min-w-0">
            <h1 className="truncate text-2xl leading-tight font-semibold text-heading" data-testid="assistant-title">
              {assistant.name}
            </h1>
            <AssistantBadges assistant={assistant}>
              {assistant.templateId && <Badge variant="info">{t("editor.createdFromTemplate")}</Badge>}
              <DemoModelBadge />
            </AssistantBadges>
          </div>
        </div>
        <EditorActions assistant={assistant} canEdit={canEdit} />
      </div>
    </div>
  );
}

function EditorActions({ assistant, canEdit }: { assistant: Assistant; canEdit: boolean }) {
  const { t } = useTranslation("assistants");
  const ability = useAbility();
  const { user } = useSession();
  const navigate = useNavigate();
  const form = useFormContext<AssistantFormValues>();
  const remove = useDeleteAssistant(assistant.accountId);
  const { isDirty, isSubmitting } = form.formState;
  const onDelete = async () => {
    if (await remove(assistant)) {
      form.reset(form.getValues());
      navigate(`/${assistant.accountId}/assistants`, { replace: true });
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      {user?.isPlatformAdmin && (
        <PublishTemplateDialog
          assistant={assistant}
          trigger={
            <Button type="button" variant="outline">
              <LayoutTemplate aria-hidden />
              {t("editor.publish")}
            </Button>
          }
        />
      )}
      {ability.can("delete", "Assistant") && (
        <Button type="button" variant="secondary" className="text-destructive" onClick={onDelete}>
          <Trash2 aria-hidden />
          {t("editor.delete")}
        </Button>
      )}
      {canEdit && (
        <Button type="submit" loading={isSubmitting} disabled={!isDirty} data-testid="assistant-save">
          {t("editor.save")}
        </Button>
      )}
    </div>
  );
}

/** The bar that floats at the bottom while the form has unsaved changes: discard or save. */
export function UnsavedBar({ saving, onDiscard }: { saving: boolean; onDiscard: () => void }) {
  const { t } = useTranslation("assistants");
  return (
    <div className="fixed inset-x-0 bottom-0 z-[1050] flex justify-center px-4 pb-4" data-testid="unsaved-bar">
      <div {...LAUNCHER_AVOID} className="flex w-full max-w-2xl flex-wrap items-center justify-between gap-3 rounded-md bg-card px-5 py-3 shadow-pop bordered:border">
        <span className="text-sm font-medium text-foreground">{t("editor.unsaved")}</span>
        <div className="flex gap-2">
          <Button type="button" variant="secondary" size="sm" onClick={onDiscard}>
            <Undo2 aria-hidden />
            {t("editor.discard")}
          </Button>
          <Button type="submit" size="sm" loading={saving}>
            {t("editor.save")}
          </Button>
        </div>
      </div>
    </div>
  );
}
