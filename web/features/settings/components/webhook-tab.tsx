import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleAlert, History, KeyRound, MoreVertical, Pencil, Plus, Power, Send, ShieldCheck, Trash2, Webhook } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { EmptyState } from "@/components/ui/empty-state";
import { useAbility } from "@/lib/ability";
import { confirm } from "@/lib/confirm";
import { formatDate, formatRelative } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { useMediaQuery } from "@/lib/use-media-query";
import { cn } from "@/lib/utils";
import { LoadError } from "@/components/load-error";
import { webhookApi, webhookQueries, type WebhookEndpoint } from "../webhooks-api";
import { DeliveriesSheet, DeliveryStatusBadge } from "./webhook-deliveries-sheet";
import { EndpointDialog } from "./webhook-endpoint-dialog";
import { SecretDialog } from "./webhook-secret-dialog";
import { SectionSkeleton } from "./section-skeleton";

/** The account's outgoing webhook endpoints: list, add/edit, secret, test event, delivery log. */
export function WebhookTab({ accountId }: { accountId: string }) {
  const { t } = useTranslation("settings");
  const endpoints = useQuery(webhookQueries.endpoints(accountId));
  const canEdit = useAbility().can("update", "AccountSettings");
  const [editing, setEditing] = useState<WebhookEndpoint | "new" | null>(null);
  const [secret, setSecret] = useState<{ secret: string; rotated: boolean; url: string } | null>(null);
  const [log, setLog] = useState<WebhookEndpoint | null>(null);
  const wide = useMediaQuery("(min-width: 640px)");

  if (endpoints.isPending) return <SectionSkeleton rows={3} />;
  if (endpoints.isError) return <LoadError error={endpoints.error} onRetry={() => endpoints.refetch()} retrying={endpoints.isFetching} />;
  const list = endpoints.data.data;

  return (
    <div className="space-y-6">
      <Card className="gap-4" data-testid="webhooks-card">
        <CardHeader>
          <CardTitle>{t("webhooks.title")}</CardTitle>
          <CardDescription>{t("webhooks.description")}</CardDescription>
          {canEdit && list.length > 0 && wide && (
            <CardAction>
              <Button onClick={() => setEditing("new")} data-testid="webhook-add">
                <Plus aria-hidden />
                {t("webhooks.add")}
              </Button>
            </CardAction>
          )}
        </CardHeader>
        <CardContent className="space-y-3">
          {canEdit && list.length > 0 && !wide && (
            // On a phone the header has no room beside the description: the button goes above the list.
            <Button className="w-full" onClick={() => setEditing("new")} data-testid="webhook-add">
              <Plus aria-hidden />
              {t("webhooks.add")}
            </Button>
          )}
          {list.length === 0 ? (
            <EmptyState
              icon={Webhook}
              title={t("webhooks.empty.title")}
              description={t("webhooks.empty.description")}
              action={
                canEdit && (
                  <Button onClick={() => setEditing("new")} data-testid="webhook-add">
                    <Plus aria-hidden />
                    {t("webhooks.add")}
                  </Button>
                )
              }
            />
          ) : (
            list.map((ep) => <EndpointRow key={ep.id} accountId={accountId} endpoint={ep} canEdit={canEdit} onEdit={() => setEditing(ep)} onLog={() => setLog(ep)} onSecret={setSecret} />)
          )}
        </CardContent>
      </Card>
      <SigningHelp />
      {editing && (
        <EndpointDialog
          accountId={accountId}
          endpoint={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(created) => setSecret({ secret: created.secret, rotated: false, url: created.url })}
        />
      )}
      {secret && <SecretDialog {...secret} onClose={() => setSecret(null)} />}
      {log && <DeliveriesSheet accountId={accountId} endpoint={log} canEdit={canEdit} onClose={() => setLog(null)} />}
    </div>
  );
}

function EndpointRow({
  accountId,
  endpoint: ep,
  canEdit,
  onEdit,
  onLog,
  onSecret,
}: {
  accountId: string;
  endpoint: WebhookEndpoint;
  canEdit: boolean;
  onEdit: () => void;
  onLog: () => void;
  onSecret: (s: { secret: string; rotated: boolean; url: string }) => void;
}) {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookQueries.endpoints(accountId).queryKey });

  const run = async (what: string, fn: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await fn();
    } catch {
      // the API client has shown the reason
    } finally {
      setBusy(null);
    }
  };

  const sendTest = () =>
    run("test", async () => {
      await webhookApi.test(accountId, ep.id);
      notify({ type: "success", message: t("webhooks.testSent") });
      await refresh();
      await queryClient.invalidateQueries({ queryKey: [...webhookQueries.endpoints(accountId).queryKey, ep.id, "deliveries"] });
    });
  const toggle = () =>
    run("toggle", async () => {
      await webhookApi.update(accountId, ep.id, { enabled: !ep.enabled });
      notify({ type: "success", message: ep.enabled ? t("webhooks.disabledDone") : t("webhooks.enabledDone") });
      await refresh();
    });
  const rotate = async () => {
    const ok = await confirm({ title: t("webhooks.rotate.confirmTitle"), message: t("webhooks.rotate.confirm"), confirmText: t("webhooks.rotate.action") });
    if (!ok) return;
    await run("rotate", async () => {
      const res = await webhookApi.rotate(accountId, ep.id);
      onSecret({ secret: res.secret, rotated: true, url: ep.url });
      await refresh();
    });
  };
  const remove = async () => {
    const ok = await confirm({ title: t("webhooks.remove.confirmTitle"), message: t("webhooks.remove.confirm", { url: ep.url }), confirmText: t("webhooks.remove.action") });
    if (!ok) return;
    await run("remove", async () => {
      await webhookApi.remove(accountId, ep.id);
      notify({ type: "success", message: t("webhooks.remove.done") });
      await refresh();
    });
  };

  const gone = !ep.enabled && ep.disabledReason === "gone";
  return (
    <div className={cn("rounded-md border p-4 transition-colors", !ep.enabled && "bg-muted/30")} data-testid="webhook-endpoint" data-url={ep.url}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
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
        <div className="flex items-center gap-1.5 ps-5.5 sm:ps-0">
          <Button variant="outline" size="sm" onClick={onLog} data-testid="webhook-log">
            <History aria-hidden />
            {t("webhooks.log")}
          </Button>
          {canEdit && (
            <Button variant="outline" size="sm" onClick={sendTest} loading={busy === "test"} data-testid="webhook-test">
              <Send aria-hidden />
              <span className="hidden sm:inline">{t("webhooks.test")}</span>
            </Button>
          )}
          {canEdit && (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" size="icon" className="size-8" aria-label={t("webhooks.more")} data-testid="webhook-menu" loading={busy === "rotate" || busy === "remove" || busy === "toggle"}>
                  <MoreVertical aria-hidden />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem onSelect={onEdit}>
                  <Pencil aria-hidden />
                  {t("webhooks.edit")}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={rotate} data-testid="webhook-rotate">
                  <KeyRound aria-hidden />
                  {t("webhooks.rotate.action")}
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={toggle}>
                  <Power aria-hidden />
                  {ep.enabled ? t("webhooks.disable") : t("webhooks.enable")}
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive" onSelect={remove} data-testid="webhook-delete">
                  <Trash2 aria-hidden />
                  {t("webhooks.remove.action")}
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          )}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-1.5 ps-5.5">
        {ep.events.map((e) => (
          <code key={e} className="rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">
            {e}
          </code>
        ))}
      </div>
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
      {gone && (
        <div role="alert" className="mt-3 flex flex-wrap items-start gap-3 rounded-md border border-destructive/30 bg-destructive/8 p-3 text-sm" data-testid="webhook-gone">
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          <p className="min-w-0 flex-1 text-foreground">{t("webhooks.goneExplained", { date: ep.disabledAt ? formatDate(ep.disabledAt, { withTime: true }) : "" })}</p>
          {canEdit && (
            <Button size="sm" variant="outline" onClick={toggle} loading={busy === "toggle"}>
              {t("webhooks.enable")}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function SigningHelp() {
  const { t } = useTranslation("settings");
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <ShieldCheck className="size-5 text-primary" aria-hidden />
          {t("webhooks.help.title")}
        </CardTitle>
        <CardDescription>{t("webhooks.help.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm sm:grid-cols-3">
          {(["id", "timestamp", "signature"] as const).map((h) => (
            <li key={h} className="rounded-md border p-3">
              <code className="text-xs font-medium text-heading">webhook-{h}</code>
              <p className="mt-1 text-muted-foreground">{t(`webhooks.help.${h}`)}</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
