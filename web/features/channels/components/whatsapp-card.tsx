import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, Hourglass, Info, LogOut, Plus, Power, Link2, Settings2, ShieldAlert, Trash2 } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useAbility } from "@/lib/ability";
import { ConfirmButton } from "@/lib/confirm";
import { formatRelative } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { channelApi, channelKeys, channelQueries, type WhatsappSettings } from "../api";
import { useWhatsappLive } from "../hooks/use-whatsapp-live";
import { AssistantSelect } from "./assistant-select";
import { ChannelCard, ChannelDangerAction, Fact } from "./channel-card";
import { CardSkeleton, ChannelLoadError } from "./channel-states";
import { WhatsappAuthorize } from "./whatsapp-authorize";
import { WhatsappExistingDialog } from "./whatsapp-existing-dialog";
import { WhatsappInstanceSettings } from "./whatsapp-instance-settings";
import { stateTone } from "./whatsapp-state";

export function WhatsappCard({ accountId, className }: { accountId: string; className?: string }) {
  const { t } = useTranslation("channels");
  const queryClient = useQueryClient();
  const canManage = useAbility().can("manage", "Channel");
  const settings = useQuery(channelQueries.whatsapp(accountId));
  useWhatsappLive(accountId, settings.data);
  const [busy, setBusy] = useState<null | "create" | "toggle" | "reboot">(null);
  const [existingOpen, setExistingOpen] = useState(false);
  const [instanceOpen, setInstanceOpen] = useState(false);
  const [newAssistant, setNewAssistant] = useState<string | null | undefined>(undefined);

  if (settings.isPending) return <CardSkeleton kind="whatsapp" className={className} />;
  if (settings.isError) return <ChannelLoadError className={className} kind="whatsapp" title={t("whatsapp.title")} error={settings.error} onRetry={() => settings.refetch()} retrying={settings.isFetching} />;

  const s = settings.data;
  const set = (next: WhatsappSettings) => queryClient.setQueryData(channelKeys.whatsapp(accountId), next);
  const stateLabel = s.stateInstance ? t(`whatsapp.states.${s.stateInstance}`, { defaultValue: s.stateInstance }) : t("whatsapp.states.unknown");
  const status = !s.connected
    ? { label: t("status.notConnected"), tone: "secondary" as const }
    : !s.enabled
      ? { label: t("status.off"), tone: "secondary" as const }
      : { label: stateLabel, tone: stateTone(s.stateInstance) };

  const run = async <T,>(kind: typeof busy, fn: () => Promise<T>, ok?: string) => {
    setBusy(kind);
    try {
      const r = await fn();
      if (ok) notify({ type: "success", message: ok });
      return r;
    } catch {
      return undefined; // the API client has shown why
    } finally {
      setBusy(null);
    }
  };

  const create = async () => {
    const r = await run("create", () => channelApi.createInstance(accountId, newAssistant === undefined ? {} : { assistantId: newAssistant }), t("whatsapp.created"));
    if (r) set(r);
  };
  const toggle = async (enabled: boolean) => {
    const r = await run("toggle", () => channelApi.toggleWhatsapp(accountId, enabled), enabled ? t("whatsapp.enabled") : t("whatsapp.disabled"));
    if (r) set(r);
  };
  const bindAssistant = async (assistantId: string | null) => {
    // PUT at the prefix: the channel's own settings (SPEC §7.2).
    const r = await run("toggle", () => channelApi.putWhatsappSettings(accountId, { assistantId }), t("whatsapp.settingsSaved"));
    if (r) set(r);
  };
  const reboot = async () => {
    const r = await run("reboot", () => channelApi.reboot(accountId), t("whatsapp.rebooting"));
    if (r) set({ ...s, stateInstance: "starting" });
  };
  const logout = async () => {
    await channelApi.logout(accountId);
    notify({ type: "success", message: t("whatsapp.loggedOut") });
    set({ ...s, stateInstance: "notAuthorized", wid: null, phone: null });
  };
  const remove = async () => {
    await channelApi.deleteWhatsapp(accountId);
    notify({ type: "success", message: t("whatsapp.deleted") });
    await queryClient.invalidateQueries({ queryKey: channelKeys.whatsapp(accountId), exact: true });
  };

  return (
    <ChannelCard
      kind="whatsapp"
      className={className}
      title={t("whatsapp.title")}
      description={t("whatsapp.description")}
      status={status}
      demo={s.demo}
      enabled={s.connected ? { value: s.enabled, onChange: toggle, busy: busy === "toggle", canManage } : undefined}
      footer={
        s.connected && canManage ? (
          <>
            <Button variant="outline" size="sm" onClick={() => setInstanceOpen(true)}>
              <Settings2 aria-hidden />
              {t("whatsapp.instanceSettings")}
            </Button>
            <Button variant="ghost" size="sm" onClick={reboot} loading={busy === "reboot"}>
              <Power aria-hidden />
              {t("whatsapp.reboot")}
            </Button>
            {s.stateInstance === "authorized" && (
              <ConfirmButton
                variant="ghost"
                size="sm"
                confirm={{ title: t("whatsapp.logoutTitle"), message: t("whatsapp.logoutMessage"), confirmText: t("whatsapp.logout") }}
                onConfirm={logout}
              >
                <LogOut aria-hidden />
                {t("whatsapp.logout")}
              </ConfirmButton>
            )}
            <ChannelDangerAction
              icon={Trash2}
              label={t("whatsapp.delete")}
              confirm={{ title: t("whatsapp.deleteTitle"), message: t("whatsapp.deleteMessage"), confirmText: t("common.delete") }}
              onConfirm={remove}
            />
          </>
        ) : undefined
      }
    >
      {s.connected ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <div className="space-y-5">
            <dl className="divide-y divide-border">
              <Fact label={t("whatsapp.state")} testId="whatsapp-state">
                <span className="inline-flex items-center gap-2" data-state={s.stateInstance ?? ""}>
                  {s.stateInstance === "starting" && <Spinner className="size-3.5" />}
                  {stateLabel}
                </span>
              </Fact>
              <Fact label={t("whatsapp.phone")} testId="whatsapp-phone">
                {s.phone ?? "—"}
              </Fact>
              <Fact label={t("whatsapp.instance.id")}>
                <span className="font-mono text-sm">{s.idInstance}</span>
              </Fact>
              {s.stateCheckedAt && <Fact label={t("whatsapp.checkedAt")}>{formatRelative(s.stateCheckedAt)}</Fact>}
            </dl>
            <div className="space-y-1.5">
              <Label htmlFor="whatsapp-assistant">{t("assistant.label")}</Label>
              <AssistantSelect accountId={accountId} id="whatsapp-assistant" value={s.assistantId} onChange={bindAssistant} disabled={!canManage || busy !== null} />
            </div>
          </div>
          <div className="space-y-5">
            <StateNotice state={s.stateInstance} />
            {canManage && s.stateInstance === "notAuthorized" && <WhatsappAuthorize accountId={accountId} />}
            {s.stateInstance === "authorized" && <ReadyNotice phone={s.phone} />}
            {!canManage && s.stateInstance === "notAuthorized" && <p className="text-[0.9375rem] text-muted-foreground">{t("whatsapp.waitingForOwner")}</p>}
          </div>
          {canManage && <WhatsappInstanceSettings accountId={accountId} open={instanceOpen} onOpenChange={setInstanceOpen} />}
        </div>
      ) : canManage ? (
        <div className="space-y-4">
          {s.partnerAvailable ? (
            <ol className="list-decimal space-y-1 ps-5 text-[0.9375rem] text-muted-foreground marker:text-primary">
              <li>{t("whatsapp.setup.step1")}</li>
              <li>{t("whatsapp.setup.step2")}</li>
              <li>{t("whatsapp.setup.step3")}</li>
            </ol>
          ) : (
            <Alert variant="info" data-testid="whatsapp-partner-unavailable">
              <Info aria-hidden />
              <AlertTitle>{t("whatsapp.partnerUnavailableTitle")}</AlertTitle>
              <AlertDescription>{t("whatsapp.partnerUnavailable")}</AlertDescription>
            </Alert>
          )}
          <div className="space-y-1.5">
            <Label htmlFor="whatsapp-new-assistant">{t("assistant.label")}</Label>
            <AssistantSelect accountId={accountId} id="whatsapp-new-assistant" value={newAssistant} onChange={setNewAssistant} />
          </div>
          <div className="flex flex-wrap gap-3">
            {s.partnerAvailable && (
              <Button onClick={create} loading={busy === "create"}>
                <Plus aria-hidden />
                {t("whatsapp.create")}
              </Button>
            )}
            <Button variant={s.partnerAvailable ? "outline" : "default"} onClick={() => setExistingOpen(true)}>
              <Link2 aria-hidden />
              {t("whatsapp.useExisting")}
            </Button>
          </div>
          <WhatsappExistingDialog accountId={accountId} assistantId={newAssistant} open={existingOpen} onOpenChange={setExistingOpen} onDone={set} />
        </div>
      ) : (
        <p className="text-[0.9375rem] text-muted-foreground">{t("common.notConnectedReadOnly")}</p>
      )}
    </ChannelCard>
  );
}

function ReadyNotice({ phone }: { phone: string | null }) {
  const { t } = useTranslation("channels");
  return (
    <Alert variant="success">
      <CircleCheck aria-hidden />
      <AlertTitle>{t("whatsapp.notice.readyTitle")}</AlertTitle>
      <AlertDescription>{phone ? t("whatsapp.notice.readyPhone", { phone }) : t("whatsapp.notice.ready")}</AlertDescription>
    </Alert>
  );
}

/** What a state means for the person connecting (starting can take minutes, a block needs WhatsApp support). */
function StateNotice({ state }: { state: string | null }) {
  const { t } = useTranslation("channels");
  if (state === "starting")
    return (
      <Alert variant="info">
        <Hourglass aria-hidden />
        <AlertTitle>{t("whatsapp.notice.startingTitle")}</AlertTitle>
        <AlertDescription>{t("whatsapp.notice.starting")}</AlertDescription>
      </Alert>
    );
  if (state === "blocked" || state === "yellowCard" || state === "sleepMode")
    return (
      <Alert variant={state === "blocked" ? "destructive" : "warning"}>
        <ShieldAlert aria-hidden />
        <AlertTitle>{t(`whatsapp.states.${state}`)}</AlertTitle>
        <AlertDescription>{t(`whatsapp.notice.${state}`)}</AlertDescription>
      </Alert>
    );
  return null;
}
