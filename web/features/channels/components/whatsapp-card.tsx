import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, Hourglass, Info, LogOut, Plus, Power, Link2, Settings2, ShieldAlert, Trash2 } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useAbility } from "@/lib/ability";
import { ConfirmButton } from "@/lib/confirm";
import { formatRelative } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { useBusyAction } from "@/lib/use-busy-action";
import { channelApi, channelKeys, channelQueries, type WhatsappSettings } from "../api";
import { useWhatsappLive } from "../hooks/use-whatsapp-live";
import { AssistantField } from "./assistant-select";
import { ChannelCard, ChannelDangerAction, channelStatus, Fact, NotConnectedNote, SetupSteps } from "./channel-card";
import { CardSkeleton, ChannelLoadError } from "./channel-states";
import { WhatsappAuthorize } from "./whatsapp-authorize";
import { WhatsappExistingDialog } from "./whatsapp-existing-dialog";
import { WhatsappInstanceSettings } from "./whatsapp-instance-settings";
import { stateTone } from "./whatsapp-state";

type Busy = "create" | "toggle" | "reboot";

export function WhatsappCard({ accountId, className }: { accountId: string; className?: string }) {
  const { t } = useTranslation("channels");
  const settings = useQuery(channelQueries.whatsapp(accountId));
  useWhatsappLive(accountId, settings.data);

  if (settings.isPending) return <CardSkeleton kind="whatsapp" className={className} />;
  if (settings.isError) return <ChannelLoadError className={className} kind="whatsapp" title={t("whatsapp.title")} error={settings.error} onRetry={() => settings.refetch()} retrying={settings.isFetching} />;
  return <WhatsappChannel accountId={accountId} className={className} s={settings.data} />;
}

function WhatsappChannel({ accountId, className, s }: { accountId: string; className?: string; s: WhatsappSettings }) {
  const { t } = useTranslation("channels");
  const canManage = useAbility().can("manage", "Channel");
  const actions = useWhatsappActions(accountId, s);
  const stateLabel = s.stateInstance ? t(`whatsapp.states.${s.stateInstance}`, { defaultValue: s.stateInstance }) : t("whatsapp.states.unknown");

  return (
    <ChannelCard
      kind="whatsapp"
      className={className}
      title={t("whatsapp.title")}
      description={t("whatsapp.description")}
      status={channelStatus(t, s, () => ({ label: stateLabel, tone: stateTone(s.stateInstance) }))}
      demo={s.demo}
      enabled={s.connected ? { value: s.enabled, onChange: actions.toggle, busy: actions.busy === "toggle", canManage } : undefined}
      footer={s.connected && canManage ? <WhatsappActions accountId={accountId} authorized={s.stateInstance === "authorized"} actions={actions} /> : undefined}
    >
      {s.connected ? (
        <WhatsappConnected accountId={accountId} s={s} stateLabel={stateLabel} canManage={canManage} busy={actions.busy !== null} onAssistant={actions.bindAssistant} />
      ) : canManage ? (
        <WhatsappSetup accountId={accountId} partnerAvailable={s.partnerAvailable} creating={actions.busy === "create"} onCreate={actions.create} onConnected={actions.set} />
      ) : (
        <NotConnectedNote />
      )}
    </ChannelCard>
  );
}

type WhatsappActions = ReturnType<typeof useWhatsappActions>;

/** What the card does with the instance; each call writes the server's answer into the card's query. */
function useWhatsappActions(accountId: string, s: WhatsappSettings) {
  const { t } = useTranslation("channels");
  const queryClient = useQueryClient();
  const { busy, run } = useBusyAction<Busy>();
  const set = (next: WhatsappSettings) => queryClient.setQueryData(channelKeys.whatsapp(accountId), next);
  const setIf = (next: WhatsappSettings | undefined) => next && set(next);

  return {
    busy,
    set,
    create: async (assistantId: string | null | undefined) =>
      setIf(await run("create", () => channelApi.createInstance(accountId, assistantId === undefined ? {} : { assistantId }), t("whatsapp.created"))),
    toggle: async (enabled: boolean) => setIf(await run("toggle", () => channelApi.toggleWhatsapp(accountId, enabled), enabled ? t("whatsapp.enabled") : t("whatsapp.disabled"))),
    // PUT at the prefix: the channel's own settings (SPEC §7.2).
    bindAssistant: async (assistantId: string | null) => setIf(await run("toggle", () => channelApi.putWhatsappSettings(accountId, { assistantId }), t("whatsapp.settingsSaved"))),
    reboot: async () => {
      const r = await run("reboot", () => channelApi.reboot(accountId), t("whatsapp.rebooting"));
      if (r) set({ ...s, stateInstance: "starting" });
    },
    logout: async () => {
      await channelApi.logout(accountId);
      notify({ type: "success", message: t("whatsapp.loggedOut") });
      set({ ...s, stateInstance: "notAuthorized", wid: null, phone: null });
    },
    remove: async () => {
      await channelApi.deleteWhatsapp(accountId);
      notify({ type: "success", message: t("whatsapp.deleted") });
      await queryClient.invalidateQueries({ queryKey: channelKeys.whatsapp(accountId), exact: true });
    },
  };
}

/** The footer of a connected instance: its gateway settings, restart, log out (when a phone is linked) and delete. */
function WhatsappActions({ accountId, authorized, actions }: { accountId: string; authorized: boolean; actions: WhatsappActions }) {
  const { t } = useTranslation("channels");
  const [instanceOpen, setInstanceOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setInstanceOpen(true)}>
        <Settings2 aria-hidden />
        {t("whatsapp.instanceSettings")}
      </Button>
      <Button variant="ghost" size="sm" onClick={actions.reboot} loading={actions.busy === "reboot"}>
        <Power aria-hidden />
        {t("whatsapp.reboot")}
      </Button>
      {authorized && (
        <ConfirmButton variant="ghost" size="sm" confirm={{ title: t("whatsapp.logoutTitle"), message: t("whatsapp.logoutMessage"), confirmText: t("whatsapp.logout") }} onConfirm={actions.logout}>
          <LogOut aria-hidden />
          {t("whatsapp.logout")}
        </ConfirmButton>
      )}
      <ChannelDangerAction
        icon={Trash2}
        label={t("whatsapp.delete")}
        confirm={{ title: t("whatsapp.deleteTitle"), message: t("whatsapp.deleteMessage"), confirmText: t("common.delete") }}
        onConfirm={actions.remove}
      />
      <WhatsappInstanceSettings accountId={accountId} open={instanceOpen} onOpenChange={setInstanceOpen} />
    </>
  );
}

/** A connected instance: its facts and assistant on one side, what its state asks of the person on the other. */
function WhatsappConnected({ accountId, s, stateLabel, canManage, busy, onAssistant }: { accountId: string; s: WhatsappSettings; stateLabel: string; canManage: boolean; busy: boolean; onAssistant: (id: string | null) => void }) {
  const { t } = useTranslation("channels");
  return (
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
        <AssistantField accountId={accountId} id="whatsapp-assistant" value={s.assistantId} onChange={onAssistant} disabled={!canManage || busy} />
      </div>
      <div className="space-y-5">
        <StateNotice state={s.stateInstance} />
        {canManage && s.stateInstance === "notAuthorized" && <WhatsappAuthorize accountId={accountId} />}
        {s.stateInstance === "authorized" && <ReadyNotice phone={s.phone} />}
        {!canManage && s.stateInstance === "notAuthorized" && <p className="text-[0.9375rem] text-muted-foreground">{t("whatsapp.waitingForOwner")}</p>}
      </div>
    </div>
  );
}

/** No instance yet: create one through the partner gateway (when it is configured) or link an existing one. */
function WhatsappSetup({ accountId, partnerAvailable, creating, onCreate, onConnected }: { accountId: string; partnerAvailable: boolean; creating: boolean; onCreate: (assistantId: string | null | undefined) => void; onConnected: (s: WhatsappSettings) => void }) {
  const { t } = useTranslation("channels");
  const [existingOpen, setExistingOpen] = useState(false);
  const [newAssistant, setNewAssistant] = useState<string | null | undefined>(undefined);
  return (
    <div className="space-y-4">
      {partnerAvailable ? (
        <SetupSteps steps={[t("whatsapp.setup.step1"), t("whatsapp.setup.step2"), t("whatsapp.setup.step3")]} />
      ) : (
        <Alert variant="info" data-testid="whatsapp-partner-unavailable">
          <Info aria-hidden />
          <AlertTitle>{t("whatsapp.partnerUnavailableTitle")}</AlertTitle>
          <AlertDescription>{t("whatsapp.partnerUnavailable")}</AlertDescription>
        </Alert>
      )}
      <AssistantField accountId={accountId} id="whatsapp-new-assistant" value={newAssistant} onChange={setNewAssistant} />
      <div className="flex flex-wrap gap-3">
        {partnerAvailable && (
          <Button onClick={() => onCreate(newAssistant)} loading={creating}>
            <Plus aria-hidden />
            {t("whatsapp.create")}
          </Button>
        )}
        <Button variant={partnerAvailable ? "outline" : "default"} onClick={() => setExistingOpen(true)}>
          <Link2 aria-hidden />
          {t("whatsapp.useExisting")}
        </Button>
      </div>
      <WhatsappExistingDialog accountId={accountId} assistantId={newAssistant} open={existingOpen} onOpenChange={setExistingOpen} onDone={onConnected} />
    </div>
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
