import { PortalRedirect } from "@/features/integrations/components/portal-redirect";

export const handle = { titleKey: "common:routes.crmSettings" };

/** /bitrix24/settings — the Bitrix24 app's screen: the account's /integration/bitrix24/settings. */
export default function Bitrix24AppSettingsPage() {
  return <PortalRedirect page="integration/bitrix24/settings" />;
}
