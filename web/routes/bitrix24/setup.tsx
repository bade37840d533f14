import { PortalRedirect } from "@/features/integrations/components/portal-redirect";

export const handle = { titleKey: "common:routes.crmSetup" };

/** /bitrix24/setup — the Bitrix24 app's screen: the account's /integration/bitrix24/setup. */
export default function Bitrix24AppSetupPage() {
  return <PortalRedirect page="integration/bitrix24/setup" />;
}
