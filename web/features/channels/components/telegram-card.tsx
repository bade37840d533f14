import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, KeyRound, Unplug } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/form/field";
import { Label } from "@/components/ui/label";
import { useAbility } from "@/lib/ability";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { formatDate } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { channelApi, channelKeys, channelQueries, type TelegramState } from "../api";
import { telegramFormSchema } from "../schemas";
import { AssistantSelect } from "./assistant-select";
import { ChannelCard, ChannelDangerAction, Fact } from "./channel-card";
import { CardSkeleton, ChannelLoadError } from "./channel-states";

export function TelegramCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation("channels");
  const queryClient = useQueryClient();
  const canManage = useAbility().can("manage", "Channel");
  const state = useQuery(channelQueries.telegram(accountId));
  const [replacing, setReplacing] = useState(false);
  const [busy, setBusy] = useState(false);

  if (state.isPending) return <CardSkeleton kind="telegram" />;
  if (state.isError) return <ChannelLoadError kind="telegram" title={t("telegram.title")} error={state.error} onRetry={() => state.refetch()} retrying={state.isFetching} />;

  const s = state.data;
  const set = (next: TelegramState) => queryClient.setQueryData(channelKeys.telegram(accountId), next);
  const status = !s.connected
    ? { label: t("status.notConnected"), tone: "secondary" as const }
    : !s.enabled
      ? { label: t("status.off"), tone: "secondary" as const }
      : s.webhook && !s.webhook.healthy
        ? { label: t("telegram.webhookProblem"), tone: "warning" as const }
        : { label: t("status.connected"), tone: "success" as const };

  const toggle = async (enabled: boolean) => {
    setBusy(true);
    try {
      set({ ...(await channelApi.toggleTelegram(accountId, enabled)), webhook: s.webhook });
      notify({ type: "success", message: enabled ? t("telegram.enabled") : t("telegram.disabled") });
    } catch {
      /* the API client has shown why */
    } finally {
      setBusy(false);
    }
  };
  const bindAssistant = async (assistantId: string | null) => {
    try {
      set({ ...(await channelApi.connectTelegram(accountId, { assistantId })), webhook: s.webhook });
      notify({ type: "success", message: t("assistant.saved") });
    } catch (e) {
      notify({ type: "error", message: e instanceof Error ? e.message : t("common.failed") });
    }
  };
  const disconnect = async () => {
    try {
      await channelApi.disconnectTelegram(accountId);
      notify({ type: "success", message: t("telegram.disconnected") });
      setReplacing(false);
      await queryClient.invalidateQueries({ queryKey: channelKeys.telegram(accountId) });
    } catch {
      /* shown by the API client */
    }
  };

  return (
    <ChannelCard
      kind="telegram"
      title={t("telegram.title")}
      description={t("telegram.description")}
      status={status}
      demo={s.demo}
      enabled={s.connected ? { value: s.enabled, onChange: toggle, busy, canManage } : undefined}
      footer={
        s.connected && canManage ? (
          <>
            <Button variant="outline" size="sm" onClick={() => setReplacing((v) => !v)} aria-expanded={replacing}>
              <KeyRound aria-hidden />
              {t("telegram.replaceToken")}
            </Button>
            <ChannelDangerAction icon={Unplug} label={t("common.disconnect")} confirm={{ title: t("telegram.disconnectTitle"), message: t("telegram.disconnectMessage"), confirmText: t("common.disconnect") }} onConfirm={disconnect} />
          </>
        ) : undefined
      }
    >
      {s.connected ? (
        <>
          <dl className="divide-y divide-border">
            <Fact label={t("telegram.bot")} testId="telegram-bot">
              {s.botUsername ? (
                <a href={`https://t.me/${s.botUsername}`} target="_blank" rel="noreferrer" className="text-primary hover:underline">
                  @{s.botUsername}
                </a>
              ) : (
                s.botName
              )}
            </Fact>
            <Fact label={t("telegram.botName")}>{s.botName ?? "—"}</Fact>
            <Fact label={t("telegram.token")}>
              <span className="font-mono text-sm">{s.tokenHint ?? "—"}</span>
            </Fact>
          </dl>
          <WebhookHealth webhook={s.webhook} />
          <div className="space-y-1.5">
            <Label htmlFor="telegram-assistant">{t("assistant.label")}</Label>
            <AssistantSelect accountId={accountId} id="telegram-assistant" value={s.assistantId} onChange={bindAssistant} disabled={!canManage} />
          </div>
          {replacing && canManage && <TelegramTokenForm accountId={accountId} replacing onDone={(next) => (set(next), setReplacing(false))} />}
        </>
      ) : canManage ? (
        <TelegramTokenForm accountId={accountId} onDone={set} />
      ) : (
        <p className="text-[0.9375rem] text-muted-foreground">{t("common.notConnectedReadOnly")}</p>
      )}
    </ChannelCard>
  );
}

function WebhookHealth({ webhook }: { webhook: TelegramState["webhook"] }) {
  const { t } = useTranslation("channels");
  if (!webhook) return null;
  if (webhook.healthy)
    return (
      <Alert variant="success" data-testid="telegram-webhook">
        <CircleCheck aria-hidden />
        <AlertTitle>{t("telegram.webhookHealthy")}</AlertTitle>
        <AlertDescription>
          {webhook.pendingUpdateCount ? t("telegram.pending", { count: webhook.pendingUpdateCount }) : t("telegram.webhookHealthyHint")}
        </AlertDescription>
      </Alert>
    );
  return (
    <Alert variant="warning" data-testid="telegram-webhook">
      <CircleAlert aria-hidden />
      <AlertTitle>{t("telegram.webhookUnhealthy")}</AlertTitle>
      <AlertDescription>
        <p>
          {webhook.lastErrorMessage ?? t("telegram.webhookUnknownError")}
          {webhook.lastErrorDate ? ` (${formatDate(webhook.lastErrorDate, { withTime: true })})` : ""}
        </p>
      </AlertDescription>
    </Alert>
  );
}

function TelegramTokenForm({ accountId, replacing, onDone }: { accountId: string; replacing?: boolean; onDone: (s: TelegramState) => void }) {
  const { t } = useTranslation("channels");
  const schema = useMemo(() => telegramFormSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { botToken: "" } });
  const [assistantId, setAssistantId] = useState<string | null | undefined>(undefined);

  const onSubmit = form.handleSubmit(async ({ botToken }) => {
    try {
      const next = await channelApi.connectTelegram(accountId, { botToken, ...(replacing || assistantId === undefined ? {} : { assistantId }) });
      notify({ type: "success", message: t("telegram.connected", { bot: next.botUsername ? `@${next.botUsername}` : next.botName }) });
      form.reset();
      onDone(next);
    } catch (e) {
      if (!applyServerErrors(form, e)) notify({ type: "error", message: e instanceof Error ? e.message : t("common.failed") });
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t("telegram.form.title")}>
        <ol className="list-decimal space-y-1 ps-5 text-[0.9375rem] text-muted-foreground marker:text-primary">
          <li>{t("telegram.form.step1")}</li>
          <li>{t("telegram.form.step2")}</li>
          <li>{t("telegram.form.step3")}</li>
        </ol>
        <TextField
          control={form.control}
          name="botToken"
          label={t("telegram.form.token")}
          description={t("telegram.form.tokenHint")}
          autoComplete="off"
          spellCheck={false}
          controlClassName="font-mono text-sm"
          placeholder="123456789:AAH…"
        />
        {!replacing && (
          <div className="space-y-1.5">
            <Label htmlFor="telegram-new-assistant">{t("assistant.label")}</Label>
            <AssistantSelect accountId={accountId} id="telegram-new-assistant" value={assistantId} onChange={setAssistantId} />
          </div>
        )}
        <Button type="submit" loading={form.formState.isSubmitting}>
          {replacing ? t("telegram.form.replace") : t("telegram.form.submit")}
        </Button>
      </form>
    </Form>
  );
}
