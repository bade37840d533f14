import { useEffect, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import { useFormContext, type UseFormReturn } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import { type LucideIcon } from "lucide-react";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SwitchField } from "@/components/form/switch-field";
import { ListSkeleton } from "@/components/list-skeleton";
import { Form } from "@/components/ui/form";
import { Skeleton } from "@/components/ui/skeleton";
import { useAbility } from "@/lib/ability";
import { confirm } from "@/lib/confirm";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { TestChatPanel } from "@/features/test-chat/components/test-chat-panel";
import { assistantApi, assistantKeys } from "../api";
import { notifyFailure } from "../errors";
import { assistantFormSchema, type AssistantFormValues } from "../schemas";
import type { Assistant } from "../types";
import { BehaviourFields, GreetingField, HandoffFields, InstructionsField, KnowledgeField, LanguageField, ModelField, NameField, ToolsField, useConfigSection } from "./assistant-fields";
import { EditorHeader, UnsavedBar } from "./assistant-editor-bars";
import { CatalogueField } from "./catalogue-field";
import { GenerateDialog } from "./generate-dialog";
import { AssistantSourcesCard } from "@/features/knowledge/components/assistant-sources-card";

function toValues(a: Assistant): AssistantFormValues {
  return {
    name: a.name,
    model: a.model,
    language: a.language,
    isActive: a.isActive,
    temperature: a.temperature,
    maxReplyTokens: a.maxReplyTokens,
    instructions: a.instructions,
    greeting: a.greeting,
    knowledge: a.knowledge,
    tools: [...a.tools],
    knowsCatalogue: a.knowsCatalogue,
    debounceSeconds: a.debounceSeconds,
    handoffKeywords: [...a.handoffKeywords],
    handoffMessage: a.handoffMessage,
  };
}

/** The full assistant editor (§7.5 fields) with the embedded test chat beside it. */
export function AssistantEditor({ assistant }: { assistant: Assistant }) {
  const { t } = useTranslation("assistants");
  const canEdit = useAbility().can("update", "Assistant");
  const schema = useMemo(() => assistantFormSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: toValues(assistant) });
  const { isDirty, isSubmitting } = form.formState;

  // A newer version from the server (another tab, the settings dialog of the test chat) replaces an untouched form.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(toValues(assistant));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [assistant]);
  useLeaveGuard(isDirty, isSubmitting);
  const onSubmit = useSaveAssistant(form, assistant);

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate aria-label={t("editor.save")} className="pb-24">
        <EditorHeader assistant={assistant} canEdit={canEdit} />
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
          <EditorSections assistant={assistant} canEdit={canEdit} />
          <Card className="gap-0 overflow-hidden py-0 lg:sticky lg:top-28" data-testid="embedded-test-chat">
            <CardHeader className="border-b py-4">
              <CardTitle className="text-base">{t("editor.test.title")}</CardTitle>
              <CardDescription>{isDirty ? t("editor.test.unsavedHint") : t("editor.test.description")}</CardDescription>
            </CardHeader>
            <TestChatPanel accountId={assistant.accountId} lockedAssistantId={assistant.assistantId} variant="embedded" className="h-[560px]" />
          </Card>
        </div>
        {canEdit && isDirty && <UnsavedBar saving={isSubmitting} onDiscard={() => form.reset(toValues(assistant))} />}
      </form>
    </Form>
  );
}

/** Unsaved changes are not lost by accident: leaving the page asks first, closing the tab asks the browser. */
function useLeaveGuard(isDirty: boolean, isSubmitting: boolean) {
  const { t } = useTranslation("assistants");
  const blocker = useBlocker(({ currentLocation, nextLocation }) => isDirty && !isSubmitting && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    void confirm({ message: t("editor.leaveConfirm"), confirmText: t("editor.leave") }).then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker, t]);
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [isDirty]);
}

/** Saves only the fields that changed, then shows the server's version in the form and the list. */
function useSaveAssistant(form: UseFormReturn<AssistantFormValues>, assistant: Assistant) {
  const { t } = useTranslation("assistants");
  const queryClient = useQueryClient();
  const accountId = assistant.accountId;
  const { dirtyFields } = form.formState;
  return form.handleSubmit(async (values) => {
    const patch: Partial<AssistantFormValues> = {};
    for (const key of Object.keys(values) as (keyof AssistantFormValues)[]) {
      if (dirtyFields[key]) (patch as Record<string, unknown>)[key] = values[key];
    }
    if (!Object.keys(patch).length) return;
    try {
      const saved = await assistantApi.update(accountId, assistant.assistantId, patch);
      const { message: _m, ...fresh } = saved;
      queryClient.setQueryData(assistantKeys.detail(accountId, assistant.assistantId), fresh);
      form.reset(toValues(fresh));
      notify({ type: "success", message: t("toasts.updated") });
      await queryClient.invalidateQueries({ queryKey: [...assistantKeys.all(accountId), "list"] });
    } catch (e) {
      applyServerErrors(form, e);
      notifyFailure("errors.update", e);
    }
  });
}

/** The form's sections: general, instructions (with the generator), knowledge, tools, handoff, behaviour. */
function EditorSections({ assistant, canEdit }: { assistant: Assistant; canEdit: boolean }) {
  const { t } = useTranslation("assistants");
  const section = useConfigSection();
  const form = useFormContext<AssistantFormValues>();
  return (
    <fieldset disabled={!canEdit} className="min-w-0 space-y-6">
      <Section {...section("general")}>
        <div className="grid gap-5 md:grid-cols-2">
          <NameField label={t("editor.fields.name")} className="md:col-span-2" />
          <ModelField disabled={!canEdit} />
          <LanguageField disabled={!canEdit} />
          <SwitchField control={form.control} name="isActive" label={t("editor.fields.isActive")} description={t("editor.fields.isActiveHint")} className="md:col-span-2" data-testid="assistant-active" />
        </div>
      </Section>
      <Section
        {...section("instructions")}
        action={
          canEdit && (
            <GenerateDialog
              accountId={assistant.accountId}
              assistantId={assistant.assistantId}
              language={form.watch("language")}
              hasInstructions={!!form.watch("instructions").trim()}
              onGenerated={(text) => form.setValue("instructions", text, { shouldDirty: true, shouldValidate: true })}
            />
          )
        }
      >
        <div className="space-y-5">
          <InstructionsField />
          <GreetingField />
        </div>
      </Section>
      <Section {...section("knowledge")}>
        <div className="space-y-5">
          <KnowledgeField />
          <CatalogueField disabled={!canEdit} />
        </div>
      </Section>
      <AssistantSourcesCard accountId={assistant.accountId} assistantId={assistant.assistantId} canEdit={canEdit} />
      <Section {...section("tools")}>
        <ToolsField disabled={!canEdit} />
      </Section>
      <Section {...section("handoff")}>
        <HandoffFields disabled={!canEdit} />
      </Section>
      <Section {...section("behaviour")}>
        <BehaviourFields />
      </Section>
    </fieldset>
  );
}

function Section({ icon: Icon, title, hint, action, children }: { icon: LucideIcon; title: string; hint: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="max-sm:grid-cols-1">
        <CardTitle className="flex items-center gap-2.5 text-base">
          <Icon className="size-5 text-primary" aria-hidden />
          {title}
        </CardTitle>
        <CardDescription>{hint}</CardDescription>
        {action && <CardAction className="max-sm:col-span-2 max-sm:col-start-1 max-sm:row-span-1 max-sm:row-start-3 max-sm:mt-2 max-sm:justify-self-start">{action}</CardAction>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function AssistantEditorSkeleton() {
  const { t } = useTranslation("assistants");
  return (
    <div aria-busy="true" aria-label={t("editor.loading")}>
      <Skeleton className="mb-5 h-4 w-32" />
      <ListSkeleton count={1} lead="size-12" lines={["h-6 w-64", "h-4 w-40"]} rowClassName="mb-6 flex items-center gap-3" busy={false} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="space-y-6">
          {[0, 1, 2].map((i) => (
            <Card key={i} className="px-6">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-24 w-full" />
            </Card>
          ))}
        </div>
        <Card className="h-[600px] px-6">
          <Skeleton className="h-5 w-40" />
        </Card>
      </div>
    </div>
  );
}
