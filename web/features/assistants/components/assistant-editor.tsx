import { useEffect, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useBlocker, useNavigate } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, BookOpenText, Bot, Gauge, Headset, LayoutTemplate, ScrollText, Trash2, Undo2, Wrench } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { useAbility } from "@/lib/ability";
import { confirm } from "@/lib/confirm";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { useSession } from "@/lib/session";
import { cn } from "@/lib/utils";
import { TestChatPanel } from "@/features/test-chat/components/test-chat-panel";
import { assistantApi, assistantKeys, assistantQueries } from "../api";
import { notifyFailure } from "../errors";
import { assistantFormSchema, type AssistantFormValues } from "../schemas";
import { type Assistant, HANDOFF_TOOL, LANGUAGES } from "../types";
import { useDeleteAssistant } from "../use-delete-assistant";
import { DemoModelBadge } from "./demo-model-badge";
import { GenerateDialog } from "./generate-dialog";
import { ModelSelect } from "./model-select";
import { PublishTemplateDialog } from "./publish-template-dialog";
import { TagInput } from "./tag-input";

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
  const schema = useMemo(() => assistantFormSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: toValues(assistant) });
  const tools = useQuery(assistantQueries.tools());
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
      const saved = await assistantApi.update(accountId, assistant.assistantId, patch as Partial<Assistant>);
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

  const toolList = (tools.data?.data ?? []).filter((x) => x.name !== HANDOFF_TOOL);
  const selectedTools = form.watch("tools");
  const setTool = (name: string, on: boolean) => {
    const next = on ? [...new Set([...selectedTools, name])] : selectedTools.filter((x) => x !== name);
    form.setValue("tools", next, { shouldDirty: true, shouldValidate: true });
  };
  const maxTokens = form.watch("maxReplyTokens");

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
            <Section icon={Bot} title={t("editor.sections.general")} hint={t("editor.sections.generalHint")}>
              <div className="grid gap-5 md:grid-cols-2">
                <FormField
                  control={form.control}
                  name="name"
                  render={({ field }) => (
                    <FormItem className="md:col-span-2">
                      <FormLabel>{t("editor.fields.name")}</FormLabel>
                      <FormControl>
                        <Input {...field} maxLength={100} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="model"
                  render={({ field }) => (
                    <FormItem className="content-start">
                      <FormLabel>{t("editor.fields.model")}</FormLabel>
                      <ModelSelect value={field.value} onChange={field.onChange} disabled={!canEdit} />
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="language"
                  render={({ field }) => (
                    <FormItem className="content-start">
                      <FormLabel>{t("editor.fields.language")}</FormLabel>
                      <Select value={field.value} onValueChange={field.onChange} disabled={!canEdit}>
                        <FormControl>
                          <SelectTrigger>
                            <SelectValue />
                          </SelectTrigger>
                        </FormControl>
                        <SelectContent>
                          {LANGUAGES.map((l) => (
                            <SelectItem key={l} value={l}>
                              {t(`languages.${l}`)}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                      <FormMessage />
                    </FormItem>
                  )}
                />
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
              icon={ScrollText}
              title={t("editor.sections.instructions")}
              hint={t("editor.sections.instructionsHint")}
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
                <FormField
                  control={form.control}
                  name="instructions"
                  render={({ field }) => (
                    <FormItem>
                      <div className="flex items-baseline justify-between gap-3">
                        <FormLabel>{t("editor.fields.instructions")}</FormLabel>
                        <Counter value={field.value.length} max={20_000} />
                      </div>
                      <FormControl>
                        <Textarea {...field} rows={12} className="max-h-[32rem] min-h-56 font-[inherit] leading-relaxed" placeholder={t("editor.fields.instructionsPlaceholder")} data-testid="assistant-instructions" />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="greeting"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>{t("editor.fields.greeting")}</FormLabel>
                      <FormControl>
                        <Textarea {...field} rows={2} maxLength={1000} className="min-h-16" placeholder={t("editor.fields.greetingPlaceholder")} />
                      </FormControl>
                      <FormDescription>{t("editor.fields.greetingHint")}</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              </div>
            </Section>

            <Section icon={BookOpenText} title={t("editor.sections.knowledge")} hint={t("editor.sections.knowledgeHint")}>
              <FormField
                control={form.control}
                name="knowledge"
                render={({ field }) => (
                  <FormItem>
                    <div className="flex items-baseline justify-between gap-3">
                      <FormLabel>{t("editor.fields.knowledge")}</FormLabel>
                      <Counter value={field.value.length} max={50_000} />
                    </div>
                    <FormControl>
                      <Textarea {...field} rows={8} className="max-h-[32rem] min-h-40 leading-relaxed" placeholder={t("editor.fields.knowledgePlaceholder")} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </Section>

            <Section icon={Wrench} title={t("editor.sections.tools")} hint={t("editor.sections.toolsHint")}>
              {tools.isPending ? (
                <div className="space-y-3">
                  <Skeleton className="h-14 w-full" />
                  <Skeleton className="h-14 w-full" />
                </div>
              ) : toolList.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("editor.tools.empty")}</p>
              ) : (
                <ul className="divide-y rounded-md border" data-testid="tools-list">
                  {toolList.map((tool) => {
                    const id = `tool-${tool.name}`;
                    return (
                      <li key={tool.name} className="flex items-start justify-between gap-4 px-4 py-3">
                        <label htmlFor={id} className="grid cursor-pointer gap-0.5">
                          <span className="font-medium text-foreground">{tool.title}</span>
                          <span className="text-[0.8125rem] text-muted-foreground">{tool.description}</span>
                          <code className="text-[0.75rem] text-muted-foreground/80">{tool.name}</code>
                        </label>
                        <Switch id={id} checked={selectedTools.includes(tool.name)} onCheckedChange={(on) => setTool(tool.name, on)} className="mt-1" />
                      </li>
                    );
                  })}
                </ul>
              )}
            </Section>

            <Section icon={Headset} title={t("editor.sections.handoff")} hint={t("editor.sections.handoffHint")}>
              <div className="space-y-5">
                <div className="flex items-start justify-between gap-4 rounded-md border px-4 py-3">
                  <label htmlFor="tool-handoff" className="grid cursor-pointer gap-0.5">
                    <span className="font-medium text-foreground">{t("editor.fields.handoffTool")}</span>
                    <span className="text-[0.8125rem] text-muted-foreground">{t("editor.fields.handoffToolHint")}</span>
                  </label>
                  <Switch id="tool-handoff" checked={selectedTools.includes(HANDOFF_TOOL)} onCheckedChange={(on) => setTool(HANDOFF_TOOL, on)} className="mt-1" data-testid="handoff-tool" />
                </div>
                <FormField
                  control={form.control}
                  name="handoffKeywords"
                  render={({ field, fieldState }) => (
                    <FormItem>
                      <FormLabel>{t("editor.fields.handoffKeywords")}</FormLabel>
                      <TagInput
                        id="handoff-keywords"
                        value={field.value}
                        onChange={field.onChange}
                        max={30}
                        maxLength={60}
                        lowercase
                        disabled={!canEdit}
                        placeholder={t("editor.fields.handoffKeywordsPlaceholder")}
                        aria-invalid={!!fieldState.error}
                      />
                      <FormDescription>{t("editor.fields.handoffKeywordsHint")}</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="handoffMessage"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>{t("editor.fields.handoffMessage")}</FormLabel>
                      <FormControl>
                        <Input {...field} maxLength={500} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              </div>
            </Section>

            <Section icon={Gauge} title={t("editor.sections.behaviour")} hint={t("editor.sections.behaviourHint")}>
              <div className="grid gap-5 md:grid-cols-2">
                <FormField
                  control={form.control}
                  name="temperature"
                  render={({ field }) => (
                    <FormItem className="md:col-span-2">
                      <div className="flex items-baseline justify-between gap-3">
                        <FormLabel>{t("editor.fields.temperature")}</FormLabel>
                        <span className="font-mono text-sm font-medium text-primary" aria-hidden>
                          {Number(field.value).toFixed(1)}
                        </span>
                      </div>
                      <FormControl>
                        <input
                          type="range"
                          min={0}
                          max={2}
                          step={0.1}
                          value={field.value}
                          onChange={(e) => field.onChange(Number(e.target.value))}
                          onBlur={field.onBlur}
                          name={field.name}
                          ref={field.ref}
                          className="h-2 w-full cursor-pointer accent-primary"
                        />
                      </FormControl>
                      <FormDescription>{t("editor.fields.temperatureHint")}</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="maxReplyTokens"
                  render={({ field }) => (
                    <FormItem className="content-start">
                      <FormLabel>{t("editor.fields.maxReplyTokens")}</FormLabel>
                      <FormControl>
                        <NumberInput field={field} min={50} max={4000} step={50} />
                      </FormControl>
                      <FormDescription>{t("editor.fields.maxReplyTokensHint", { words: Math.round((Number(maxTokens) || 0) * 0.6) })}</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="debounceSeconds"
                  render={({ field }) => (
                    <FormItem className="content-start">
                      <FormLabel>{t("editor.fields.debounceSeconds")}</FormLabel>
                      <FormControl>
                        <NumberInput field={field} min={0} max={60} step={1} />
                      </FormControl>
                      <FormDescription>{t("editor.fields.debounceHint")}</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              </div>
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
            <div className="flex w-full max-w-2xl flex-wrap items-center justify-between gap-3 rounded-md bg-card px-5 py-3 shadow-pop bordered:border">
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

function Section({ icon: Icon, title, hint, action, children }: { icon: typeof Bot; title: string; hint: string; action?: ReactNode; children: ReactNode }) {
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

function Counter({ value, max }: { value: number; max: number }) {
  const { t } = useTranslation("assistants");
  return <span className={cn("text-[0.75rem] tabular-nums", value > max ? "text-destructive" : "text-muted-foreground")}>{t("editor.fields.chars", { count: value, max: max.toLocaleString("ru-RU") })}</span>;
}

function NumberInput({
  field,
  min,
  max,
  step,
  ...rest
}: {
  field: { value: number; onChange: (v: number) => void; onBlur: () => void; name: string; ref: React.Ref<HTMLInputElement> };
  min: number;
  max: number;
  step: number;
} & Omit<React.ComponentProps<"input">, "value" | "onChange" | "min" | "max" | "step">) {
  return (
    <Input
      {...rest}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={step}
      name={field.name}
      ref={field.ref}
      onBlur={field.onBlur}
      value={Number.isNaN(field.value) ? "" : field.value}
      onChange={(e) => field.onChange(e.target.value === "" ? Number.NaN : e.target.valueAsNumber)}
      className="tabular-nums sm:w-40"
    />
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
