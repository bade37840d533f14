import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { AlertTriangle, Info } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { useAbility } from "@/lib/ability";
import { BitrixShell } from "@/features/integrations/components/bitrix-shell";
import { OauthConnectForm, WebhookConnectForm } from "@/features/integrations/components/setup-forms";

export const handle = { titleKey: "common:routes.crmSetup" };

/** /:accountId/integration/bitrix24/setup — the connect steps: an incoming webhook, or the Bitrix24 app (OAuth). */
export default function Bitrix24SetupPage() {
  const { t } = useTranslation("integrations");
  const { accountId = "" } = useParams();
  const [params] = useSearchParams();
  const error = params.get("error");
  const canEdit = useAbility().can("update", "Integration");
  return (
    <BitrixShell accountId={accountId} title={t("bitrix.setup.title")} description={t("bitrix.setup.description")} needsConnection={false}>
      {(state) => (
        <div className="space-y-6">
          {error && (
            <Alert variant="destructive" data-testid="bitrix-setup-error">
              <AlertTriangle aria-hidden />
              <AlertTitle>{t("bitrix.setup.errorTitle")}</AlertTitle>
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          )}
          {state.connected && (
            <Alert>
              <Info aria-hidden />
              <AlertTitle>{t("bitrix.setup.alreadyTitle", { domain: state.domain })}</AlertTitle>
              <AlertDescription>{t("bitrix.setup.alreadyHint")}</AlertDescription>
            </Alert>
          )}
          {!canEdit && <p className="text-sm text-muted-foreground">{t("bitrix.readOnly")}</p>}
          <div className="grid gap-6 xl:grid-cols-2">
            <WebhookConnectForm accountId={accountId} canEdit={canEdit} />
            <OauthConnectForm accountId={accountId} canEdit={canEdit} available={state.oauthAvailable} />
          </div>
        </div>
      )}
    </BitrixShell>
  );
}
