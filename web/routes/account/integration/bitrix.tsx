import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { AlertTriangle, Settings2, Unplug } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeading } from "@/components/ui/card";
import { useAbility } from "@/lib/ability";
import { confirm } from "@/lib/confirm";
import { formatDate, formatRelative } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { integrationApi, integrationKeys, type Bitrix24State } from "@/features/integrations/api";
import { BitrixShell } from "@/features/integrations/components/bitrix-shell";
import { CallLog } from "@/features/integrations/components/call-log";

export const handle = { titleKey: "common:routes.crm" };

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="space-y-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words text-foreground">{children}</dd>
    </div>
  );
}

function Overview({ accountId, state }: { accountId: string; state: Bitrix24State }) {
  const { t } = useTranslation("integrations");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const canEdit = useAbility().can("update", "Integration");
  const disconnect = async () => {
    if (!(await confirm({ title: t("hub.disconnectTitle", { name: "Bitrix24" }), message: t("hub.disconnectMessage"), confirmText: t("hub.disconnect") }))) return;
    try {
      await integrationApi.disconnect(`/accounts/${accountId}/integrations/bitrix24`);
      notify({ type: "success", message: t("hub.disconnected", { name: "Bitrix24" }) });
      await qc.invalidateQueries({ queryKey: integrationKeys.hub(accountId) });
      await qc.invalidateQueries({ queryKey: integrationKeys.bitrix(accountId) });
      navigate(`/${accountId}/integrations`);
    } catch {
      /* the snackbar said why */
    }
  };
  if (!state.connected) return null;
  return (
    <div className="space-y-6">
      <Card className="gap-4" data-testid="bitrix-overview">
        <CardHeading
          title={t("bitrix.overview.title")}
          description={t("bitrix.overview.description")}
          action={
            canEdit && (
              <div className="flex flex-wrap gap-2">
                <Button asChild variant="outline">
                  <Link to={`/${accountId}/integration/bitrix24/settings`}>
                    <Settings2 aria-hidden />
                    {t("bitrix.tabs.settings")}
                  </Link>
                </Button>
                <Button variant="ghost" onClick={disconnect} data-testid="bitrix-disconnect">
                  <Unplug aria-hidden />
                  {t("hub.disconnect")}
                </Button>
              </div>
            )
          }
        />
        <CardContent className="space-y-4">
          {state.status === "error" && state.lastError && (
            <p className="flex items-start gap-2 rounded-md bg-destructive/10 p-3 text-sm text-destructive" role="status">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              {state.lastError}
            </p>
          )}
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Fact label={t("bitrix.overview.portal")}>{state.domain}</Fact>
            <Fact label={t("bitrix.overview.mode")}>{t(`bitrix.overview.modes.${state.mode}`)}</Fact>
            <Fact label={t("bitrix.overview.connectedAt")}>{formatDate(state.connectedAt, { withTime: true })}</Fact>
            <Fact label={t("bitrix.overview.lastOk")}>{state.lastOkAt ? formatRelative(state.lastOkAt) : t("hub.neverWorked")}</Fact>
          </dl>
        </CardContent>
      </Card>
      <CallLog accountId={accountId} />
    </div>
  );
}

/** /:accountId/integration/bitrix — the connected portal, its state and the call log. */
export default function BitrixPage() {
  const { t } = useTranslation("integrations");
  const { accountId = "" } = useParams();
  return (
    <BitrixShell accountId={accountId} title={t("bitrix.title")} description={t("bitrix.description")}>
      {(state) => <Overview accountId={accountId} state={state} />}
    </BitrixShell>
  );
}
