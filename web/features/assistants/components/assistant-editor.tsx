import { useEffect, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useBlocker, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Bot, LayoutTemplate, type LucideIcon, Trash2, Undo2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { useAbility } from "@/lib/ability";
import { confirm } from "@/lib/confirm";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { useSession } from "@/lib/session";
import { cn } from "@/lib/utils";
import { TestChatPanel } from "@/features/test-chat/components/test-chat-panel";
import { assistantApi, assistantKeys } from "../api";
import { notifyFailure } from "../errors";
import { assistantFormSchema, type AssistantFormValues } from "../schemas";
import type { Assistant } from "../types";
import { useDeleteAssistant } from "../use-delete-assistant";
import { BehaviourFields, GreetingField, HandoffFields, InstructionsField, KnowledgeField, LanguageField, ModelField, NameField, ToolsField, useConfigSection } from "./assistant-fields";
import { DemoModelBadge } from "./demo-model-badge";
import { GenerateDialog } from "./generate-dialog";
import { PublishTemplateDialog } from "./publish-template-dialog";
import { LAUNCHER_AVOID } from "@/lib/launcher-avoid";

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
    debounceSeconds: a.debounceSeconds,
    handoffKeywords: [...a.handoffKeywords],
    handoffMessage: a.handoffMessage,
  };
}

/** The full assistant editor (§7.5 fields) with the embedded test chat beside it. */
export function AssistantEditor({ assistant }: { assistant: Assistant }) {
  const { t } = useTranslation("assistants");
  const ability = useAbility();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const canEdit = ability.can("update", "Assistant");
  const accountId = assistant.accountId;
  const section = useConfigSection();
  const schema = useMemo(() => assistantFormSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: toValues(assistant) });
  const remove = useDeleteAssistant(accountId);
  const { isDirty, isSubmitting, dirtyFields } = form.formState;

  // A newer version from the server (another tab, the settings dialog of the test chat) replaces an untouched form.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(toValues(assistant));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [assistant]);

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

  const onSubmit = form.handleSubmit(async (values) => {
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


  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate aria-label={t("editor.save")} className="pb-24">
        <div className="mb-6 flex flex-col gap-4">
          <Link to={`/${accountId}/assistants`} className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-primary">
            <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
            {t("editor.back")}
          </Link>
          <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
            <div className="flex min-w-0 items-center gap-3">
              <span className={cn("flex size-12 shrink-0 items-center justify-center rounded-md", assistant.isActive ? "bg-primary/12 text-primary" : "bg-secondary/15 text-secondary")}>
                <Bot className="size-7" aria-hidden />
              </span>
              <div className="min-w-0">
                <h1 className="truncate text-2xl leading-tight font-semibold text-heading" data-testid="assistant-title">
                  {assistant.name}
                </h1>
                <div className="mt-1 flex flex-wrap items-center gap-1.5">
                  <Badge variant={assistant.isActive ? "success" : "secondary"}>{assistant.isActive ? t("list.active") : t("list.inactive")}</Badge>
                  <Badge variant="outline" className="font-mono text-[0.75rem]">
                    {assistant.model}
                  </Badge>
                  {assistant.templateId && <Badge variant="info">{t("editor.createdFromTemplate")}</Badge>}
                  <DemoModelBadge />
                </div>
              </div>
            </div>
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
                <Button
                  type="button"
                  variant="secondary"
                  className="text-destructive"
                  onClick={async () => {
                    if (await remove(assistant)) {
                      form.reset(form.getValues());
                      navigate(`/${accountId}/assistants`, { replace: true });
                    }
                  }}
                >
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
          </div>
        </div>

        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
          <fieldset disabled={!canEdit} className="min-w-0 space-y-6">
            <Section {...section("general")}>
              <div className="grid gap-5 md:grid-cols-2">
                <NameField label={t("editor.fields.name")} className="md:col-span-2" />
                <ModelField disabled={!canEdit} />
                <LanguageField disabled={!canEdit} />
                <FormField
                  control={form.control}
                  name="isActive"
                  render={({ field }) => (
                    <FormItem className="flex flex-row items-center justify-between gap-4 rounded-md border px-4 py-3 md:col-span-2">
                      <div className="grid gap-0.5">
                        <FormLabel className="cursor-pointer">{t("editor.fields.isActive")}</FormLabel>
                        <FormDescription>{t("editor.fields.isActiveHint")}</FormDescription>
                      </div>
                      <FormControl>
                        <Switch checked={field.value} onCheckedChange={field.onChange} data-testid="assistant-active" />
                      </FormControl>
                    </FormItem>
                  )}
                />
              </div>
            </Section>

            <Section
              {...section("instructions")}
              action={
                canEdit && (
                  <GenerateDialog
                    accountId={accountId}
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
              <KnowledgeField />
            </Section>

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

          <Card className="gap-0 overflow-hidden py-0 lg:sticky lg:top-28" data-testid="embedded-test-chat">
            <CardHeader className="border-b py-4">
              <CardTitle className="text-base">{t("editor.test.title")}</CardTitle>
              <CardDescription>{isDirty ? t("editor.test.unsavedHint") : t("editor.test.description")}</CardDescription>
            </CardHeader>
            <TestChatPanel accountId={accountId} lockedAssistantId={assistant.assistantId} variant="embedded" className="h-[560px]" />
          </Card>
        </div>

        {canEdit && isDirty && (
          <div className="fixed inset-x-0 bottom-0 z-[1050] flex justify-center px-4 pb-4" data-testid="unsaved-bar">
            <div {...LAUNCHER_AVOID} className="flex w-full max-w-2xl flex-wrap items-center justify-between gap-3 rounded-md bg-card px-5 py-3 shadow-pop bordered:border">
              <span className="text-sm font-medium text-foreground">{t("editor.unsaved")}</span>
              <div className="flex gap-2">
                <Button type="button" variant="secondary" size="sm" onClick={() => form.reset(toValues(assistant))}>
                  <Undo2 aria-hidden />
                  {t("editor.discard")}
                </Button>
                <Button type="submit" size="sm" loading={isSubmitting}>
                  {t("editor.save")}
                </Button>
              </div>
            </div>
          </div>
        )}
      </form>
    </Form>
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
      <div className="mb-6 flex items-center gap-3">
        <Skeleton className="size-12" />
        <div className="space-y-2">
          <Skeleton className="h-6 w-64" />
          <Skeleton className="h-4 w-40" />
        </div>
      </div>
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
