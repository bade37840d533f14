import { PortalRedirect } from "@/features/integrations/components/portal-redirect";

export const handle = { titleKey: "common:routes.crm" };

/** /bitrix24 — the Bitrix24 app's screen: the account's /integration/bitrix. */
export default function Bitrix24AppIndexPage() {
  return <PortalRedirect page="integration/bitrix" />;
}
