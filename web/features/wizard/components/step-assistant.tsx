import { useState } from "react";
import { withoutIsolates } from "@/lib/bidi-isolate";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Bot, Check, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { LoadError } from "@/components/load-error";
import { notify } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { assistantApi, assistantKeys, assistantQueries } from "@/features/assistants/api";
import type { AccountDetail } from "@/features/accounts/types";
import { failureText } from "../errors";
import { StepCard } from "./step-card";

const MIN_DESCRIPTION = 10;

/** Step 2: an assistant — copied from a template, or written by the model from the business's description. */
export function StepAssistant({ account, onDone, onBack }: { account: AccountDetail; onDone: () => Promise<void>; onBack: () => void }) {
  const { t } = useTranslation("wizard");
  const assistants = useQuery(assistantQueries.list(account.accountId, { page: 1, limit: 5 }));
  const [another, setAnother] = useState(false);
  const existing = assistants.data?.data[0];
  const back = (
    <Button type="button" variant="ghost" onClick={onBack}>
      {t("back")}
    </Button>
  );

  if (assistants.isPending) return <StepCard testId="wizard-assistant" title={t("assistant.title")} description={t("assistant.description")}><Skeleton className="h-40 w-full" /></StepCard>;
  if (assistants.isError) return <LoadError error={assistants.error} onRetry={() => assistants.refetch()} retrying={assistants.isFetching} />;
  if (existing && !another) {
    return (
      <StepCard
        testId="wizard-assistant"
        title={t("assistant.title")}
        description={t("assistant.description")}
        footer={
          <>
            {back}
            <Button type="button" variant="outline" onClick={() => setAnother(true)}>
              {t("assistant.another")}
            </Button>
            <Button type="button" onClick={onDone} data-testid="wizard-next">
              {t("next")}
            </Button>
          </>
        }
      >
        <div className="flex items-center gap-3 rounded-lg border bg-success/5 p-4" data-testid="wizard-assistant-ready">
          <span className="flex size-10 items-center justify-center rounded-full bg-success/15 text-success" aria-hidden>
            <Check className="size-5" />
          </span>
          <p className="text-sm">{t("assistant.ready", { name: existing.name })}</p>
        </div>
      </StepCard>
    );
  }
  return (
    <StepCard testId="wizard-assistant" title={t("assistant.title")} description={t("assistant.description")} footer={back}>
      <Tabs defaultValue="template">
        <TabsList>
          <TabsTrigger value="template">
            <Bot aria-hidden /> {t("assistant.fromTemplate")}
          </TabsTrigger>
          <TabsTrigger value="generate">
            <Sparkles aria-hidden /> {t("assistant.fromDescription")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="template">
          <TemplatePicker account={account} onDone={onDone} />
        </TabsContent>
        <TabsContent value="generate">
          <GenerateFromDescription account={account} onDone={onDone} />
        </TabsContent>
      </Tabs>
    </StepCard>
  );
}

function TemplatePicker({ account, onDone }: { account: AccountDetail; onDone: () => Promise<void> }) {
  const { t } = useTranslation("wizard");
  const queryClient = useQueryClient();
  const templates = useQuery(assistantQueries.templates({ page: 1, limit: 6 }));
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (templates.isPending) return <Skeleton className="h-40 w-full" />;
  if (templates.isError) return <LoadError error={templates.error} onRetry={() => templates.refetch()} retrying={templates.isFetching} />;
  const list = templates.data.data;
  if (list.length === 0) return <p className="text-sm text-muted-foreground">{t("assistant.noTemplates")}</p>;
  const use = async () => {
    const template = list.find((x) => x.templateId === picked);
    if (!template) return;
    setBusy(true);
    try {
      await assistantApi.copyTemplate(template.templateId, account.accountId, { name: template.name });
      await queryClient.invalidateQueries({ queryKey: assistantKeys.all(account.accountId) });
      notify({ type: "success", message: t("assistant.created", { name: template.name }) });
      await onDone();
    } catch (e) {
      notify({ type: "error", message: failureText(e, t("assistant.createFailed")) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2" role="radiogroup" aria-label={t("assistant.fromTemplate")}>
        {list.map((tpl) => (
          <button
            key={tpl.templateId}
            type="button"
            role="radio"
            aria-checked={picked === tpl.templateId}
            onClick={() => setPicked(tpl.templateId)}
            data-testid="wizard-template"
            className={cn("rounded-lg border p-4 text-start transition-colors hover:border-primary/60", picked === tpl.templateId && "border-primary bg-primary/5 ring-2 ring-primary/30")}
          >
            <p className="font-medium text-heading">{tpl.name}</p>
            <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{tpl.description}</p>
          </button>
        ))}
      </div>
      <div className="flex justify-end">
        <Button type="button" disabled={!picked} loading={busy} onClick={use} data-testid="wizard-use-template">
          {t("assistant.useTemplate")}
        </Button>
      </div>
    </div>
  );
}

function GenerateFromDescription({ account, onDone }: { account: AccountDetail; onDone: () => Promise<void> }) {
  const { t } = useTranslation("wizard");
  const queryClient = useQueryClient();
  const [description, setDescription] = useState(account.description ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const generate = async () => {
    if (description.trim().length < MIN_DESCRIPTION) {
      setError(t("assistant.descriptionShort"));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const created = await assistantApi.create(account.accountId, { name: withoutIsolates(t("assistant.defaultName", { company: account.name })).slice(0, 100) });
      const generated = await assistantApi.generate(account.accountId, created.assistantId, { description: description.trim() });
      await assistantApi.update(account.accountId, created.assistantId, { instructions: generated.instructions });
      await queryClient.invalidateQueries({ queryKey: assistantKeys.all(account.accountId) });
      notify({ type: "success", message: t("assistant.generated") });
      await onDone();
    } catch (e) {
      setError(failureText(e, t("assistant.generateFailed")));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      <Label htmlFor="wizard-description">{t("assistant.describe")}</Label>
      <Textarea id="wizard-description" rows={5} value={description} onChange={(e) => setDescription(e.target.value)} placeholder={t("business.aboutPlaceholder")} aria-invalid={!!error} aria-describedby={error ? "wizard-description-error" : undefined} maxLength={2000} />
      {error && (
        <p id="wizard-description-error" className="text-sm text-destructive" role="alert">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="button" loading={busy} onClick={generate} data-testid="wizard-generate">
          <Sparkles aria-hidden /> {t("assistant.generate")}
        </Button>
      </div>
    </div>
  );
}
