import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { CircleAlert, History, KeyRound, Pencil, Power, Send, Trash2 } from "lucide-react";
import { ActionsMenu } from "@/components/actions-menu";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DropdownMenuItem, DropdownMenuSeparator } from "@/components/ui/dropdown-menu";
import { confirm } from "@/lib/confirm";
import { formatDate, formatRelative } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { useBusyAction } from "@/lib/use-busy-action";
import { cn } from "@/lib/utils";
import { webhookApi, webhookQueries, type WebhookEndpoint } from "../webhooks-api";
import { DeliveryStatusBadge } from "./webhook-deliveries-sheet";

export type ShownSecret = { secret: string; rotated: boolean; url: string };
type EndpointActions = ReturnType<typeof useEndpointActions>;

/** One endpoint of the webhooks card: its address and state, actions, events, last delivery and why it stopped. */
export function EndpointRow({ accountId, endpoint: ep, canEdit, onEdit, onLog, onSecret }: { accountId: string; endpoint: WebhookEndpoint; canEdit: boolean; onEdit: () => void; onLog: () => void; onSecret: (s: ShownSecret) => void }) {
  const actions = useEndpointActions(accountId, ep, onSecret);
  const gone = !ep.enabled && ep.disabledReason === "gone";
  return (
    <div className={cn("rounded-md border p-4 transition-colors", !ep.enabled && "bg-muted/30")} data-testid="webhook-endpoint" data-url={ep.url}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <EndpointSummary endpoint={ep} gone={gone} />
        <EndpointButtons endpoint={ep} canEdit={canEdit} actions={actions} onEdit={onEdit} onLog={onLog} />
      </div>
      <div className="mt-3 flex flex-wrap gap-1.5 ps-5.5">
        {ep.events.map((e) => (
          <code key={e} className="rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">
            {e}
          </code>
        ))}
      </div>
      <EndpointDeliveryLine endpoint={ep} />
      {gone && <GoneNotice endpoint={ep} canEdit={canEdit} onEnable={actions.toggle} enabling={actions.busy === "toggle"} />}
    </div>
  );
}

/** Test, enable/disable, rotate and remove; the list (and the test's delivery log) is read again after each. */
function useEndpointActions(accountId: string, ep: WebhookEndpoint, onSecret: (s: ShownSecret) => void) {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  const { busy, run } = useBusyAction<"test" | "toggle" | "rotate" | "remove">();
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookQueries.endpoints(accountId).queryKey });

  return {
    busy,
    sendTest: () =>
      run("test", async () => {
        await webhookApi.test(accountId, ep.id);
        notify({ type: "success", message: t("webhooks.testSent") });
        await refresh();
        await queryClient.invalidateQueries({ queryKey: [...webhookQueries.endpoints(accountId).queryKey, ep.id, "deliveries"] });
      }),
    toggle: () =>
      run("toggle", async () => {
        await webhookApi.update(accountId, ep.id, { enabled: !ep.enabled });
        notify({ type: "success", message: ep.enabled ? t("webhooks.disabledDone") : t("webhooks.enabledDone") });
        await refresh();
      }),
    rotate: async () => {
      const ok = await confirm({ title: t("webhooks.rotate.confirmTitle"), message: t("webhooks.rotate.confirm"), confirmText: t("webhooks.rotate.action") });
      if (!ok) return;
      await run("rotate", async () => {
        const res = await webhookApi.rotate(accountId, ep.id);
        onSecret({ secret: res.secret, rotated: true, url: ep.url });
        await refresh();
      });
    },
    remove: async () => {
      const ok = await confirm({ title: t("webhooks.remove.confirmTitle"), message: t("webhooks.remove.confirm", { url: ep.url }), confirmText: t("webhooks.remove.action") });
      if (!ok) return;
      await run("remove", async () => {
        await webhookApi.remove(accountId, ep.id);
        notify({ type: "success", message: t("webhooks.remove.done") });
        await refresh();
      });
    },
  };
}

/** The state dot, the address, its description, the state badge and how many events it takes. */
function EndpointSummary({ endpoint: ep, gone }: { endpoint: WebhookEndpoint; gone: boolean }) {
  const { t } = useTranslation("settings");
  return (
    <div className="flex min-w-0 flex-1 items-start gap-3">
      <span className={cn("mt-1.5 size-2.5 shrink-0 rounded-full", ep.enabled ? "bg-success" : gone ? "bg-destructive" : "bg-secondary")} aria-hidden />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="truncate font-mono text-sm font-medium text-heading" title={ep.url}>
          {ep.url}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          {ep.description && <span className="truncate">{ep.description}</span>}
          <Badge variant={ep.enabled ? "success" : gone ? "destructive" : "secondary"} data-testid="webhook-status">
            {ep.enabled ? t("webhooks.status.enabled") : gone ? t("webhooks.status.gone") : t("webhooks.status.disabled")}
          </Badge>
          <span className="whitespace-nowrap">{t("webhooks.eventsCount", { count: ep.events.length })}</span>
        </div>
      </div>
    </div>
  );
}

function EndpointButtons({ endpoint: ep, canEdit, actions, onEdit, onLog }: { endpoint: WebhookEndpoint; canEdit: boolean; actions: EndpointActions; onEdit: () => void; onLog: () => void }) {
  const { t } = useTranslation("settings");
  const { busy } = actions;
  return (
    <div className="flex items-center gap-1.5 ps-5.5 sm:ps-0">
      <Button variant="outline" size="sm" onClick={onLog} data-testid="webhook-log">
        <History aria-hidden />
        {t("webhooks.log")}
      </Button>
      {canEdit && (
        <Button variant="outline" size="sm" onClick={actions.sendTest} loading={busy === "test"} data-testid="webhook-test">
          <Send aria-hidden />
          <span className="hidden sm:inline">{t("webhooks.test")}</span>
        </Button>
      )}
      {canEdit && (
        <ActionsMenu label={t("webhooks.more")} testId="webhook-menu" loading={busy === "rotate" || busy === "remove" || busy === "toggle"}>
          <DropdownMenuItem onSelect={onEdit}>
            <Pencil aria-hidden />
            {t("webhooks.edit")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={actions.rotate} data-testid="webhook-rotate">
            <KeyRound aria-hidden />
            {t("webhooks.rotate.action")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={actions.toggle}>
            <Power aria-hidden />
            {ep.enabled ? t("webhooks.disable") : t("webhooks.enable")}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={actions.remove} data-testid="webhook-delete">
            <Trash2 aria-hidden />
            {t("webhooks.remove.action")}
          </DropdownMenuItem>
        </ActionsMenu>
      )}
    </div>
  );
}

/** The last delivery's outcome and, while an old secret still signs, until when. */
function EndpointDeliveryLine({ endpoint: ep }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation("settings");
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 ps-5.5 text-sm text-muted-foreground" data-testid="webhook-last-delivery">
      {ep.lastDelivery ? (
        <>
          <span>{t("webhooks.lastDelivery")}</span>
          <DeliveryStatusBadge status={ep.lastDelivery.status} attempted={ep.lastDelivery.statusCode !== null} />
          {ep.lastDelivery.statusCode !== null && <span className="font-mono text-xs">HTTP {ep.lastDelivery.statusCode}</span>}
          <span title={formatDate(ep.lastDelivery.at, { withTime: true })}>{formatRelative(ep.lastDelivery.at)}</span>
        </>
      ) : (
        <span>{t("webhooks.noDeliveries")}</span>
      )}
      {ep.previousSecretUntil && (
        <span className="inline-flex items-center gap-1">
          <KeyRound className="size-3.5" aria-hidden />
          {t("webhooks.rotate.overlap", { until: formatDate(ep.previousSecretUntil, { withTime: true }) })}
        </span>
      )}
    </div>
  );
}

/** The receiver answered 410 Gone, so the endpoint was switched off: say so and offer to switch it on again. */
function GoneNotice({ endpoint: ep, canEdit, onEnable, enabling }: { endpoint: WebhookEndpoint; canEdit: boolean; onEnable: () => void; enabling: boolean }) {
  const { t } = useTranslation("settings");
  return (
    <div role="alert" className="mt-3 flex flex-wrap items-start gap-3 rounded-md border border-destructive/30 bg-destructive/8 p-3 text-sm" data-testid="webhook-gone">
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <p className="min-w-0 flex-1 text-foreground">{t("webhooks.goneExplained", { date: ep.disabledAt ? formatDate(ep.disabledAt, { withTime: true }) : "" })}</p>
      {canEdit && (
        <Button size="sm" variant="outline" onClick={onEnable} loading={enabling}>
          {t("webhooks.enable")}
        </Button>
      )}
    </div>
  );
}
