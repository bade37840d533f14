import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Clock3, MessageSquareReply, RefreshCw } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FieldItem, TextField } from "@/components/form/field";
import { Form, FormControl } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { useAbility } from "@/lib/ability";
import { applyServerErrors, useZodForm } from "@/lib/form";
import { notify } from "@/lib/notify";
import { useBusyAction } from "@/lib/use-busy-action";
import { channelApi, channelKeys, channelQueries, type InstagramState } from "../api";
import { instagramFormSchema } from "../schemas";
import { AssistantField } from "./assistant-select";
import { ChannelCard, channelStatus, Fact, HandleLink, NotConnectedNote, ReconnectActions } from "./channel-card";
import { CardSkeleton, ChannelLoadError } from "./channel-states";
import { InstagramOauthEntry, InstagramPickDialog } from "./instagram-oauth";

export function InstagramCard({ accountId }: { accountId: string }) {
  const { t } = useTranslation("channels");
  const state = useQuery(channelQueries.instagram(accountId));
  if (state.isPending) return <CardSkeleton kind="instagram" />;
  if (state.isError) return <ChannelLoadError kind="instagram" title={t("instagram.title")} error={state.error} onRetry={() => state.refetch()} retrying={state.isFetching} />;
  return <InstagramChannel accountId={accountId} s={state.data} />;
}

/** Back from Meta's login dialog: `?instagram=<pickId>` (accounts to pick from) or `?instagram_error=<code>`. */
function useOauthReturn() {
  const [params, setParams] = useSearchParams();
  const clearParam = (key: string) =>
    setParams(
      (p) => {
        p.delete(key);
        return p;
      },
      { replace: true },
    );
  return { pickId: params.get("instagram"), oauthError: params.get("instagram_error"), clearParam };
}

function InstagramChannel({ accountId, s }: { accountId: string; s: InstagramState }) {
  const { t } = useTranslation("channels");
  const queryClient = useQueryClient();
  const canManage = useAbility().can("manage", "Channel");
  const { pickId, oauthError, clearParam } = useOauthReturn();
  const [resubscribing, setResubscribing] = useState(() => !!oauthError);
  const { busy, run } = useBusyAction<"toggle" | "assistant">();
  const set = (next: InstagramState | undefined) => next && queryClient.setQueryData(channelKeys.instagram(accountId), next);

  const toggle = async (enabled: boolean) => set(await run("toggle", () => channelApi.toggleInstagram(accountId, enabled), enabled ? t("instagram.enabled") : t("instagram.disabled")));
  const bindAssistant = async (assistantId: string | null) => set(await run("assistant", () => channelApi.instagramSettings(accountId, { assistantId }), t("assistant.saved")));
  const disconnect = async () => {
    await channelApi.disconnectInstagram(accountId);
    notify({ type: "success", message: t("instagram.disconnected") });
    setResubscribing(false);
    await queryClient.invalidateQueries({ queryKey: channelKeys.instagram(accountId) });
  };
  const oauthEntry = <InstagramOauthEntry accountId={accountId} error={oauthError} onDismissError={() => clearParam("instagram_error")} />;

  return (
    <ChannelCard
      kind="instagram"
      title={t("instagram.title")}
      description={t("instagram.description")}
      status={channelStatus(t, s, () => ({ label: t("status.connected"), tone: "success" }))}
      demo={s.demo}
      enabled={s.connected ? { value: s.enabled, onChange: toggle, busy: busy === "toggle", canManage } : undefined}
      footer={
        s.connected && canManage ? (
          <ReconnectActions icon={RefreshCw} label={t("instagram.resubscribe")} open={resubscribing} onToggle={() => setResubscribing((v) => !v)} disconnect={{ title: t("instagram.disconnectTitle"), message: t("instagram.disconnectMessage"), onConfirm: disconnect }} />
        ) : undefined
      }
    >
      {s.connected ? (
        <>
          <InstagramFacts accountId={accountId} s={s} />
          <AssistantField accountId={accountId} id="instagram-assistant" value={s.assistantId} onChange={bindAssistant} disabled={!canManage} />
          {resubscribing && canManage && (
            <>
              {oauthEntry}
              <InstagramForm accountId={accountId} presetId={s.instagramAccountId ?? ""} onDone={(n) => (set(n), setResubscribing(false))} />
            </>
          )}
        </>
      ) : canManage ? (
        <>
          {oauthEntry}
          <InstagramForm accountId={accountId} onDone={set} withAssistant />
        </>
      ) : (
        <NotConnectedNote />
      )}
      <InstagramRules />
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

/** The connected account: its name (a link to the profile), ids, subscriptions and the comments' auto-reply. */
function InstagramFacts({ accountId, s }: { accountId: string; s: InstagramState }) {
  const { t } = useTranslation("channels");
  return (
    <dl className="divide-y divide-border">
      <Fact label={t("instagram.account")} testId="instagram-account">
        <HandleLink profileUrl="https://instagram.com/" handle={s.username} fallback={s.instagramAccountId} />
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
  );
}

/** The 24-hour window for replies and the one private reply to a comment. */
const RULES = [
  { icon: Clock3, key: "window" },
  { icon: MessageSquareReply, key: "private" },
] as const;

/** Meta's messaging rules, explained where people decide to connect. */
export function InstagramRules() {
  const { t } = useTranslation("channels");
  return (
    <ul className="space-y-2.5 rounded-md bg-muted/60 p-4 text-[0.875rem] dark:bg-white/4" data-testid="instagram-rules">
      {RULES.map(({ icon: Icon, key }) => (
        <li key={key} className="flex gap-3">
          <Icon className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
          <span>
            <strong className="font-semibold text-heading">{t(`instagram.rules.${key}Title`)}</strong> {t(`instagram.rules.${key}`)}
          </span>
        </li>
      ))}
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
          <TextField control={form.control} name="instagramAccountId" label={t("instagram.form.id")} inputMode="numeric" autoComplete="off" placeholder="17841400000000000" />
          <FieldItem control={form.control} name="accessToken" label={t("instagram.form.token")}>
            {(field) => (
              <FormControl>
                <Input autoComplete="off" spellCheck={false} className="font-mono text-sm" placeholder="IGQV…" {...field} />
              </FormControl>
            )}
          </FieldItem>
        </div>
        <p className="-mt-1 text-[0.8125rem] text-muted-foreground">{t("instagram.form.hint")}</p>
        {withAssistant && (
          <AssistantField accountId={accountId} id="instagram-new-assistant" value={assistantId} onChange={setAssistantId} />
        )}
        <Button type="submit" loading={form.formState.isSubmitting}>
          {withAssistant ? t("instagram.form.submit") : t("instagram.form.resubmit")}
        </Button>
      </form>
    </Form>
  );
}
