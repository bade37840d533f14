import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { UseFormReturn } from "react-hook-form";
import type { TFunction } from "i18next";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, KeyRound, PlugZap, Server, Trash2, X } from "lucide-react";
import { z } from "zod";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FormControl } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { FormCard } from "@/components/form-card";
import { FieldItem, TextField } from "@/components/form/field";
import { useAbility } from "@/lib/ability";
import { isApiError } from "@/lib/api";
import { ConfirmButton } from "@/lib/confirm";
import { applyServerErrors, useResetWhileClean, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { LoadError } from "@/components/load-error";
import { type AiProviderCheck, aiProviderApi, aiProviderKeys, aiProviderQueries, type AiProviderState } from "../ai-provider-api";
import { SectionSkeleton } from "./section-skeleton";

/**
 * Settings → AI-провайдер: the account's own OpenAI-compatible endpoint and key. The key is never
 * shown again after saving (only its last 4 characters); "check connection" works on what is typed,
 * before saving, or on what is saved.
 */
export function AiProviderTab({ accountId }: { accountId: string }) {
  const provider = useQuery(aiProviderQueries.detail(accountId));
  if (provider.isPending) return <SectionSkeleton rows={2} />;
  if (provider.isError) return <LoadError error={provider.error} onRetry={() => provider.refetch()} retrying={provider.isFetching} />;
  return <AiProviderForm accountId={accountId} saved={provider.data} />;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** The address and key rules; the saved key is only ever sent to the address it was saved for (as on the server). */
function aiProviderSchema(t: TFunction<"settings">, saved: AiProviderState) {
  return z
    .object({
      baseUrl: z
        .string()
        .trim()
        .min(1, t("aiProvider.errors.baseUrlRequired"))
        .max(500, t("aiProvider.errors.baseUrlMax"))
        .refine((v) => /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(v), t("aiProvider.errors.baseUrl")),
      apiKey: z
        .string()
        .trim()
        .max(500, t("aiProvider.errors.apiKeyMax"))
        .refine((v) => v === "" || /^[\x21-\x7e]+$/.test(v), t("aiProvider.errors.apiKeyChars")),
    })
    .superRefine((v, ctx) => {
      const sameAddress = saved.baseUrl !== null && v.baseUrl.replace(/\/+$/, "") === saved.baseUrl;
      if (!v.apiKey && !(saved.keySet && sameAddress)) {
        ctx.addIssue({ code: "custom", path: ["apiKey"], message: saved.keySet ? t("aiProvider.errors.apiKeyAgain") : t("aiProvider.errors.apiKeyRequired") });
      }
    });
}

type ProviderValues = { baseUrl: string; apiKey: string };
type ProviderForm = UseFormReturn<ProviderValues, unknown, ProviderValues>;
const initialValues = (s: AiProviderState): ProviderValues => ({ baseUrl: s.baseUrl ?? "", apiKey: "" });

/** The form, kept in step with the saved provider while untouched; `apply` puts a new saved state everywhere. */
function useAiProviderForm(accountId: string, saved: AiProviderState) {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  const schema = useMemo(() => aiProviderSchema(t, saved), [t, saved]);
  const form = useZodForm(schema, { defaultValues: initialValues(saved) });

  useResetWhileClean(form, saved, initialValues);

  const apply = async ({ message: _m, ...next }: AiProviderState & { message?: string }) => {
    queryClient.setQueryData(aiProviderKeys.detail(accountId), next);
    // The editor's model list and the demo badge depend on the provider.
    await queryClient.invalidateQueries({ queryKey: ["accounts", accountId, "model-info"] });
    form.reset(initialValues(next));
  };
  return { form, apply };
}

/** "Check connection" on what is typed (or on what is saved when nothing changed), with its outcome. */
function useProviderCheck(accountId: string, saved: AiProviderState, form: ProviderForm) {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  const [result, setResult] = useState<AiProviderCheck | null>(null);
  const check = useMutation({
    mutationFn: async () => {
      const v = form.getValues();
      const typed = v.baseUrl.trim().replace(/\/+$/, "");
      const body = typed === saved.baseUrl && !v.apiKey.trim() ? {} : { baseUrl: typed, ...(v.apiKey.trim() ? { apiKey: v.apiKey.trim() } : {}) };
      return aiProviderApi.check(accountId, body);
    },
    onMutate: () => setResult(null),
    onSuccess: async (r) => {
      setResult(r);
      // A check of the saved provider refreshed its stored model list.
      if (r.ok && saved.configured) await queryClient.invalidateQueries({ queryKey: aiProviderKeys.detail(accountId) });
    },
    onError: (e) => {
      if (!applyServerErrors(form, e)) notify({ type: "error", message: isApiError(e) ? e.message : t("aiProvider.checkFailed") });
    },
  });
  const run = async () => {
    if (await form.trigger()) check.mutate();
  };
  return { run, pending: check.isPending, result, clear: () => setResult(null) };
}

function AiProviderForm({ accountId, saved }: { accountId: string; saved: AiProviderState }) {
  const { t } = useTranslation("settings");
  const canEdit = useAbility().can("update", "AiProvider");
  const [replacingKey, setReplacingKey] = useState(!saved.keySet);
  const { form, apply } = useAiProviderForm(accountId, saved);
  const check = useProviderCheck(accountId, saved, form);

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await apply(await aiProviderApi.save(accountId, { baseUrl: v.baseUrl, ...(v.apiKey ? { apiKey: v.apiKey } : {}) }));
      setReplacingKey(false);
      notify({ id: `ai-provider-saved-${accountId}`, type: "success", message: t("aiProvider.saved") });
    } catch (e) {
      if (!applyServerErrors(form, e)) notify({ type: "error", message: isApiError(e) ? e.message : t("aiProvider.saveFailed") });
    }
  });

  const remove = async () => {
    try {
      await apply(await aiProviderApi.remove(accountId));
      setReplacingKey(true);
      check.clear();
      notify({ type: "success", message: t("aiProvider.removed") });
    } catch (e) {
      notify({ type: "error", message: isApiError(e) ? e.message : t("aiProvider.removeFailed") });
    }
  };

  return (
    <FormCard
      form={form}
      onSubmit={onSubmit}
      title={t("aiProvider.title")}
      header={<ProviderHeader saved={saved} />}
      testId="ai-provider-card"
      contentClassName="space-y-6"
      submitLabel={t("actions.save")}
      footer={
        canEdit && (
          <CardFooter className="flex-wrap gap-3 border-t pt-5">
            {saved.configured && (
              <ConfirmButton
                type="button"
                variant="ghost"
                className="text-destructive hover:bg-destructive/10"
                confirm={{ title: t("aiProvider.removeTitle"), message: t("aiProvider.removeMessage"), confirmText: t("aiProvider.remove") }}
                onConfirm={remove}
                data-testid="ai-provider-remove"
              >
                <Trash2 aria-hidden />
                {t("aiProvider.remove")}
              </ConfirmButton>
            )}
            <div className="ms-auto flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
              <Button type="button" variant="outline" onClick={check.run} loading={check.pending} data-testid="ai-provider-check">
                <PlugZap aria-hidden />
                {t("aiProvider.check")}
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
                {t("actions.save")}
              </Button>
            </div>
          </CardFooter>
        )
      }
    >
      <div className="flex items-start gap-3 rounded-md border border-dashed p-3.5 text-sm">
        <Server className="mt-0.5 size-4.5 shrink-0 text-muted-foreground" aria-hidden />
        <p className="min-w-0 text-muted-foreground" data-testid="ai-provider-current">
          {saved.configured ? t("aiProvider.currentOwn", { host: hostOf(saved.baseUrl) }) : t("aiProvider.currentPlatform")}
        </p>
      </div>
      <TextField
        control={form.control}
        name="baseUrl"
        label={t("aiProvider.baseUrl")}
        description={t("aiProvider.baseUrlHint")}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://api.openai.com/v1"
        disabled={!canEdit}
      />
      <ApiKeyField form={form} saved={saved} canEdit={canEdit} replacing={replacingKey} setReplacing={setReplacingKey} />
      <CheckOutcome pending={check.pending} result={check.result} />
    </FormCard>
  );
}

/** The title with "own provider" / "platform's" status. */
function ProviderHeader({ saved }: { saved: AiProviderState }) {
  const { t } = useTranslation("settings");
  return (
    <CardHeader>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
        <CardTitle>{t("aiProvider.title")}</CardTitle>
        {saved.configured ? (
          <Badge variant="success" data-testid="ai-provider-status">
            <CircleCheck aria-hidden />
            {t("aiProvider.statusOwn")}
          </Badge>
        ) : (
          <Badge variant="secondary" data-testid="ai-provider-status">
            {t("aiProvider.statusPlatform")}
          </Badge>
        )}
      </div>
      <CardDescription>{t("aiProvider.description")}</CardDescription>
    </CardHeader>
  );
}

/**
 * The key: an input while there is none saved, while replacing it, or when the address changed (a
 * new address needs the key typed again, so ask for it at once); otherwise its last 4 characters.
 */
function ApiKeyField({ form, saved, canEdit, replacing, setReplacing }: { form: ProviderForm; saved: AiProviderState; canEdit: boolean; replacing: boolean; setReplacing: (v: boolean) => void }) {
  const { t } = useTranslation("settings");
  const typedUrl = form.watch("baseUrl").trim().replace(/\/+$/, "");
  const urlChanged = saved.baseUrl !== null && typedUrl !== saved.baseUrl;
  const showKeyInput = !saved.keySet || replacing || urlChanged;
  return (
    <FieldItem control={form.control} name="apiKey" label={t("aiProvider.apiKey")} description={t("aiProvider.apiKeyHint")}>
      {(field) =>
        showKeyInput ? (
          <div className="flex gap-2">
            <FormControl>
              <Input type="password" autoComplete="new-password" spellCheck={false} placeholder={t("aiProvider.apiKeyPlaceholder")} disabled={!canEdit} {...field} />
            </FormControl>
            {saved.keySet && !urlChanged && (
              <Button
                type="button"
                variant="ghost"
                className="shrink-0"
                onClick={() => {
                  setReplacing(false);
                  form.resetField("apiKey");
                }}
              >
                <X aria-hidden />
                {t("aiProvider.keepKey")}
              </Button>
            )}
          </div>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border bg-muted/40 px-3.5 py-2.5" data-testid="ai-provider-key-saved">
            <span className="flex min-w-0 items-center gap-2.5 text-sm">
              <KeyRound className="size-4.5 shrink-0 text-success" aria-hidden />
              <span>
                {t("aiProvider.keySaved")} <span className="font-mono tracking-wider">•••• {saved.keyLast4}</span>
              </span>
            </span>
            {canEdit && (
              <Button type="button" variant="outline" size="sm" onClick={() => setReplacing(true)}>
                {t("aiProvider.replaceKey")}
              </Button>
            )}
          </div>
        )
      }
    </FieldItem>
  );
}

/** The outcome of "check connection": the models the provider offers, or why it failed, in a sentence. */
function CheckOutcome({ pending, result }: { pending: boolean; result: AiProviderCheck | null }) {
  const { t } = useTranslation("settings");
  if (pending) {
    return (
      <p className="text-sm text-muted-foreground" role="status" data-testid="ai-provider-checking">
        {t("aiProvider.checking")}
      </p>
    );
  }
  if (!result) return null;
  const params = { ...result.params, model: result.model ?? "", ms: result.latencyMs };
  if (!result.ok) {
    return (
      <Alert variant="destructive" data-testid="ai-provider-result">
        <CircleAlert aria-hidden />
        <AlertTitle>{t("aiProvider.checkFailedTitle")}</AlertTitle>
        <AlertDescription>
          <p>{t(`aiProvider.failures.${result.code}`, { ...params, defaultValue: result.message })}</p>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert variant="success" data-testid="ai-provider-result">
      <CircleCheck aria-hidden />
      <AlertTitle>{t("aiProvider.checkOk")}</AlertTitle>
      <AlertDescription>
        <p>{t("aiProvider.checkOkModel", params)}</p>
        {result.models === null ? (
          <p>{t("aiProvider.noModelList")}</p>
        ) : (
          <>
            <p>{t("aiProvider.modelsListed", { count: result.models.length })}</p>
            <ul className="flex max-h-40 flex-wrap gap-1.5 overflow-y-auto pt-1" aria-label={t("aiProvider.modelsLabel")} data-testid="ai-provider-models">
              {result.models.map((m) => (
                <li key={m}>
                  <Badge variant="outline" className="font-mono text-xs text-foreground">
                    {m}
                  </Badge>
                </li>
              ))}
            </ul>
          </>
        )}
      </AlertDescription>
    </Alert>
  );
}
