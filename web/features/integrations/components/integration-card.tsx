import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, CalendarDays, Handshake, Unplug, Webhook, type LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter } from "@/components/ui/card";
import { useAbility } from "@/lib/ability";
import { confirm } from "@/lib/confirm";
import { formatRelative } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { integrationApi, integrationKeys, type IntegrationState } from "../api";
import { StatusBadge } from "./status-badge";
import type { Action, Subject } from "@worker/lib/permissions";

const ICONS: Record<string, LucideIcon> = { bitrix24: Handshake, "google-calendar": CalendarDays, webhooks: Webhook };

/** What opening an integration's page needs beyond reading integrations: the webhooks live in the account's settings. */
const PAGE_NEEDS: Record<string, [Action, Subject]> = { webhooks: ["read", "AccountSettings"] };

/**
 * The card's way on: those who may change integrations connect or open it; the others open a
 * connected one when its page is theirs to read, and are told who connects it otherwise (no button
 * that leads to a page they cannot use).
 */
function wayOn(item: IntegrationState, canEdit: boolean, canOpen: boolean): "connect" | "open" | "forbidden" {
  if (canEdit) return item.status === "not_connected" ? "connect" : "open";
  return item.status !== "not_connected" && canOpen ? "open" : "forbidden";
}

/** One integration on the hub: what it is, its state, when it last worked, open and disconnect. */
export function IntegrationCard({ accountId, item, canEdit }: { accountId: string; item: IntegrationState; canEdit: boolean }) {
  const { t } = useTranslation("integrations");
  const qc = useQueryClient();
  const Icon = ICONS[item.id] ?? Handshake;
  const to = item.path.replace(":accountId", accountId);
  const name = t(`hub.items.${item.id}.name`, { defaultValue: item.id });
  const ability = useAbility();
  const way = wayOn(item, canEdit, ability.can(...(PAGE_NEEDS[item.id] ?? (["read", "Integration"] as [Action, Subject]))));
  const disconnect = async () => {
    if (!item.disconnectApi) return;
    if (!(await confirm({ title: t("hub.disconnectTitle", { name }), message: t("hub.disconnectMessage"), confirmText: t("hub.disconnect") }))) return;
    try {
      await integrationApi.disconnect(item.disconnectApi);
      notify({ type: "success", message: t("hub.disconnected", { name }) });
      await qc.invalidateQueries({ queryKey: integrationKeys.hub(accountId) });
    } catch {
      /* the snackbar said why */
    }
  };
  return (
    <Card className="gap-4" data-testid={`integration-${item.id}`}>
      <CardContent className="flex items-start gap-4">
        <div className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/12 text-primary">
          <Icon className="size-6" aria-hidden />
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold text-heading">{name}</h2>
            <StatusBadge status={item.status} />
          </div>
          <p className="text-sm text-muted-foreground">{t(`hub.items.${item.id}.description`, { defaultValue: "" })}</p>
          {item.detail && <p className="truncate text-sm text-foreground">{t(`hub.items.${item.id}.detail`, { detail: item.detail, count: Number(item.detail) || 0, defaultValue: item.detail })}</p>}
          <p className="text-sm text-muted-foreground">{item.lastOkAt ? t("hub.lastOk", { when: formatRelative(item.lastOkAt) }) : t("hub.neverWorked")}</p>
          {item.status === "error" && item.lastError && (
            <p className="flex items-start gap-1.5 text-sm text-destructive" role="status">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              {item.lastError}
            </p>
          )}
        </div>
      </CardContent>
      <CardFooter className="mt-auto justify-end gap-2 border-t pt-4">
        {canEdit && item.disconnectApi && (
          <Button variant="ghost" onClick={disconnect} data-testid={`integration-${item.id}-disconnect`}>
            <Unplug aria-hidden />
            {t("hub.disconnect")}
          </Button>
        )}
        {way === "forbidden" ? (
          <p className="me-auto text-sm text-muted-foreground" data-testid={`integration-${item.id}-forbidden`}>
            {t("hub.manageForbidden")}
          </p>
        ) : (
          <Button asChild variant={way === "connect" ? "default" : "outline"}>
            <Link to={to} data-testid={`integration-${item.id}-open`}>
              {way === "connect" ? t("hub.connect") : t("hub.open")}
            </Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
