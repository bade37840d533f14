import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Clock3, MessageSquareReply, RefreshCw, Unplug } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useAbility } from "@/lib/ability";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { channelApi, channelKeys, channelQueries, type InstagramState } from "../api";
import { instagramFormSchema } from "../schemas";
import { AssistantSelect } from "./assistant-select";
import { ChannelCard, ChannelDangerAction, Fact } from "./channel-card";
import { CardSkeleton, ChannelLoadError } from "./channel-states";
import { InstagramOauthEntry, InstagramPickDialog } from "./instagram-oauth";

export function InstagramCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation("channels");
  const queryClient = useQueryClient();
  const canManage = useAbility().can("manage", "Channel");
  const state = useQuery(channelQueries.instagram(accountId));
  // Back from Meta's login dialog: `?instagram=<pickId>` (accounts to pick from) or `?instagram_error=<code>`.
  const [params, setParams] = useSearchParams();
  const pickId = params.get("instagram");
  const oauthError = params.get("instagram_error");
  const clearParam = (key: string) =>
    setParams(
      (p) => {
        p.delete(key);
        return p;
      },
      { replace: true },
    );
  const [resubscribing, setResubscribing] = useState(() => !!oauthError);
  const [busy, setBusy] = useState(false);

  if (state.isPending) return <CardSkeleton kind="instagram" />;
  if (state.isError) return <ChannelLoadError kind="instagram" title={t("instagram.title")} error={state.error} onRetry={() => state.refetch()} retrying={state.isFetching} />;

  const s = state.data;
  const set = (next: InstagramState) => queryClient.setQueryData(channelKeys.instagram(accountId), next);
  const status = !s.connected
    ? { label: t("status.notConnected"), tone: "secondary" as const }
    : !s.enabled
      ? { label: t("status.off"), tone: "secondary" as const }
      : { label: t("status.connected"), tone: "success" as const };

  const toggle = async (enabled: boolean) => {
    setBusy(true);
    try {
      set(await channelApi.toggleInstagram(accountId, enabled));
      notify({ type: "success", message: enabled ? t("instagram.enabled") : t("instagram.disabled") });
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  const bindAssistant = async (assistantId: string | null) => {
    try {
      set(await channelApi.instagramSettings(accountId, { assistantId }));
      notify({ type: "success", message: t("assistant.saved") });
    } catch {
      /* shown by the API client */
    }
  };
  const disconnect = async () => {
    await channelApi.disconnectInstagram(accountId);
    notify({ type: "success", message: t("instagram.disconnected") });
    setResubscribing(false);
    await queryClient.invalidateQueries({ queryKey: channelKeys.instagram(accountId) });
  };

  return (
    <ChannelCard
      kind="instagram"
      title={t("instagram.title")}
      description={t("instagram.description")}
      status={status}
      demo={s.demo}
      enabled={s.connected ? { value: s.enabled, onChange: toggle, busy, canManage } : undefined}
      footer={
        s.connected && canManage ? (
          <>
            <Button variant="outline" size="sm" onClick={() => setResubscribing((v) => !v)} aria-expanded={resubscribing}>
              <RefreshCw aria-hidden />
              {t("instagram.resubscribe")}
            </Button>
            <ChannelDangerAction icon={Unplug} label={t("common.disconnect")} confirm={{ title: t("instagram.disconnectTitle"), message: t("instagram.disconnectMessage"), confirmText: t("common.disconnect") }} onConfirm={disconnect} />
          </>
        ) : undefined
      }
    >
      {s.connected ? (
        <>
          <dl className="divide-y divide-border">
            <Fact label={t("instagram.account")} testId="instagram-account">
              {s.username ? (
                <a href={`https://instagram.com/${s.username}`} target="_blank" rel="noreferrer" className="text-primary hover:underline">
                  @{s.username}
                </a>
              ) : (
                s.instagramAccountId
              )}
            </Fact>
            <Fact label={t("instagram.id")}>
              <span className="font-mono text-sm">{s.instagramAccountId}</span>
            </Fact>
            <Fact label={t("instagram.token")}>
              <span className="font-mono text-sm">{s.tokenHint ?? "—"}</span>
            </Fact>
            <Fact label={t("instagram.subscribed")}>
              <span className="inline-flex flex-wrap justify-end gap-1.5">
                {s.subscribedFields.length ? s.subscribedFields.map((f) => <Badge key={f} variant="info">{t(`instagram.fields.${f}`, { defaultValue: f })}</Badge>) : "—"}
              </span>
            </Fact>
            <Fact label={t("instagram.autoReply")}>
              <Link to={`/${accountId}/comments`} className="text-primary hover:underline">
                {s.commentsAutoReply ? t("instagram.autoReplyOn") : t("instagram.autoReplyOff")}
              </Link>
            </Fact>
          </dl>
          <div className="space-y-1.5">
            <Label htmlFor="instagram-assistant">{t("assistant.label")}</Label>
            <AssistantSelect accountId={accountId} id="instagram-assistant" value={s.assistantId} onChange={bindAssistant} disabled={!canManage} />
          </div>
          {resubscribing && canManage && (
            <>
              <InstagramOauthEntry accountId={accountId} error={oauthError} onDismissError={() => clearParam("instagram_error")} />
              <InstagramForm accountId={accountId} presetId={s.instagramAccountId ?? ""} onDone={(n) => (set(n), setResubscribing(false))} />
            </>
          )}
          <InstagramRules />
        </>
      ) : canManage ? (
        <>
          <InstagramOauthEntry accountId={accountId} error={oauthError} onDismissError={() => clearParam("instagram_error")} />
          <InstagramForm accountId={accountId} onDone={set} withAssistant />
          <InstagramRules />
        </>
      ) : (
        <>
          <p className="text-[0.9375rem] text-muted-foreground">{t("common.notConnectedReadOnly")}</p>
          <InstagramRules />
        </>
      )}
      {pickId && canManage && (
        <InstagramPickDialog
          accountId={accountId}
          pickId={pickId}
          withAssistant={!s.connected}
          onClose={() => clearParam("instagram")}
          onDone={(n) => {
            set(n);
            setResubscribing(false);
            clearParam("instagram");
          }}
        />
      )}
    </ChannelCard>
  );
}

/** Meta's messaging rules, explained where people decide to connect. */
export function InstagramRules() {
  const { t } = useTranslation("channels");
  return (
    <ul className="space-y-2.5 rounded-md bg-muted/60 p-4 text-[0.875rem] dark:bg-white/4" data-testid="instagram-rules">
      <li className="flex gap-3">
        <Clock3 className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
        <span>
          <strong className="font-semibold text-heading">{t("instagram.rules.windowTitle")}</strong> {t("instagram.rules.window")}
        </span>
      </li>
      <li className="flex gap-3">
        <MessageSquareReply className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
        <span>
          <strong className="font-semibold text-heading">{t("instagram.rules.privateTitle")}</strong> {t("instagram.rules.private")}
        </span>
      </li>
    </ul>
  );
}

function InstagramForm({ accountId, presetId = "", withAssistant, onDone }: { accountId: string; presetId?: string; withAssistant?: boolean; onDone: (s: InstagramState) => void }) {
  const { t } = useTranslation("channels");
  const schema = useMemo(() => instagramFormSchema(t), [t]);
  const form = useZodForm(schema, { defaultValues: { instagramAccountId: presetId, accessToken: "" } });
  const [assistantId, setAssistantId] = useState<string | null | undefined>(undefined);

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const next = await channelApi.connectInstagram(accountId, { ...v, ...(withAssistant && assistantId !== undefined ? { assistantId } : {}) });
      notify({ type: "success", message: t("instagram.connected", { account: next.username ? `@${next.username}` : next.instagramAccountId }) });
      form.reset({ instagramAccountId: v.instagramAccountId, accessToken: "" });
      onDone(next);
    } catch (e) {
      if (!applyServerErrors(form, e)) notify({ type: "error", message: e instanceof Error ? e.message : t("common.failed") });
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t("instagram.form.title")}>
        <p className="text-[0.9375rem] text-muted-foreground">{t("instagram.form.intro")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="instagramAccountId"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("instagram.form.id")}</FormLabel>
                <FormControl>
                  <Input inputMode="numeric" autoComplete="off" placeholder="17841400000000000" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="accessToken"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("instagram.form.token")}</FormLabel>
                <FormControl>
                  <Input autoComplete="off" spellCheck={false} className="font-mono text-sm" placeholder="IGQV…" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <p className="-mt-1 text-[0.8125rem] text-muted-foreground">{t("instagram.form.hint")}</p>
        {withAssistant && (
          <div className="space-y-1.5">
            <Label htmlFor="instagram-new-assistant">{t("assistant.label")}</Label>
            <AssistantSelect accountId={accountId} id="instagram-new-assistant" value={assistantId} onChange={setAssistantId} />
          </div>
        )}
        <Button type="submit" loading={form.formState.isSubmitting}>
          {withAssistant ? t("instagram.form.submit") : t("instagram.form.resubmit")}
        </Button>
      </form>
    </Form>
  );
}
