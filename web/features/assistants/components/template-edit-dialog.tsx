import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LayoutTemplate, type LucideIcon } from "lucide-react";
import { FormDialog, useFormDialog } from "@/components/form-dialog";
import { SwitchField } from "@/components/form/switch-field";
import { useZodForm } from "@/lib/form";
import { assistantApi, assistantKeys } from "../api";
import { notifyFailure } from "../errors";
import { templateFormSchema, type TemplateFormValues } from "../schemas";
import type { AssistantTemplate } from "../types";
import { BehaviourFields, GreetingField, HandoffFields, InstructionsField, KnowledgeField, LanguageField, ModelField, ToolsField, useConfigSection } from "./assistant-fields";
import { TemplateInfoFields } from "./template-info-fields";

function templateValues(x: AssistantTemplate | null): TemplateFormValues {
  return {
    name: x?.name ?? "",
    description: x?.description ?? "",
    tags: [...(x?.tags ?? [])],
    isPublished: x?.isPublished ?? true,
    model: x?.model ?? "gpt-4.1-mini",
    language: x?.language ?? "ru",
    temperature: x?.temperature ?? 0.4,
    maxReplyTokens: x?.maxReplyTokens ?? 400,
    instructions: x?.instructions ?? "",
    greeting: x?.greeting ?? "",
    knowledge: x?.knowledge ?? "",
    tools: [...(x?.tools ?? [])],
    debounceSeconds: x?.debounceSeconds ?? 0,
    handoffKeywords: [...(x?.handoffKeywords ?? [])],
    handoffMessage: x?.handoffMessage ?? "",
  };
}

/**
 * Platform administrators edit a template of the constructor: every field PATCH
 * /assistants/templates/{id} accepts, with the full assistant editor's controls (assistant-fields.tsx).
 */
export function TemplateEditDialog({ template, onOpenChange }: { template: AssistantTemplate | null; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation("assistants");
  const section = useConfigSection();
  const schema = useMemo(() => templateFormSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: templateValues(template) });
  const dialog = useFormDialog(form, {
    open: !!template,
    onOpenChange,
    defaults: () => templateValues(template),
    // Only the changed fields are sent; with none the dialog just closes.
    save: (v) => {
      const dirty = form.formState.dirtyFields;
      const patch: Record<string, unknown> = {};
      for (const key of Object.keys(v) as (keyof TemplateFormValues)[]) if (dirty[key]) patch[key] = v[key];
      return template && Object.keys(patch).length ? assistantApi.updateTemplate(template.templateId, patch) : null;
    },
    success: t("toasts.templateUpdated"),
    invalidate: [assistantKeys.templates()],
    failure: (e) => notifyFailure("errors.templateUpdate", e),
  });

  return (
    <FormDialog
      {...dialog}
      title={t("templates.editTitle")}
      description={template?.name}
      className="flex flex-col gap-0 overflow-hidden p-0 sm:max-w-2xl sm:p-0"
      headerClassName="border-b px-6 pt-6 pb-4"
      formClassName="flex min-h-0 flex-1 flex-col"
      footerClassName="border-t px-6 py-4"
      persistent={form.formState.isDirty}
      testId="template-edit-dialog"
      cancelVariant="secondary"
      submitLabel={t("common:actions.save")}
      submitTestId="template-edit-save"
    >
      <div className="min-h-0 flex-1 space-y-7 overflow-y-auto px-6 py-5 scrollbar-thin" data-testid="template-edit-body">
        <Group icon={LayoutTemplate} title={t("templates.section")} hint={t("templates.sectionHint")}>
          <TemplateInfoFields />
          <SwitchField control={form.control} name="isPublished" label={t("templates.isPublished")} description={t("templates.isPublishedHint")} />
        </Group>
        <Group {...section("general")}>
          <div className="grid gap-5 sm:grid-cols-2">
            <ModelField />
            <LanguageField />
          </div>
        </Group>
        <Group {...section("instructions")}>
          <InstructionsField compact />
          <GreetingField />
        </Group>
        <Group {...section("knowledge")}>
          <KnowledgeField compact />
        </Group>
        <Group {...section("tools")}>
          <ToolsField idPrefix="template-" />
        </Group>
        <Group {...section("handoff")}>
          <HandoffFields idPrefix="template-" />
        </Group>
        <Group {...section("behaviour")}>
          <BehaviourFields />
        </Group>
      </div>
    </FormDialog>
  );
}

/** One of the editor's sections, as a titled group in the dialog's scrolling body. */
function Group({ icon: Icon, title, hint, children }: { icon: LucideIcon; title: string; hint: string; children: ReactNode }) {
  return (
    <section className="grid gap-5 border-t pt-6 first:border-t-0 first:pt-0">
      <header className="grid gap-0.5">
        <h3 className="flex items-center gap-2 text-[0.9375rem] font-semibold text-heading">
          <Icon className="size-4.5 text-primary" aria-hidden />
          {title}
        </h3>
        <p className="text-[0.8125rem] text-muted-foreground">{hint}</p>
      </header>
      {children}
    </section>
  );
}
