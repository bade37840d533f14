import { PortalRedirect } from "@/features/integrations/components/portal-redirect";

export const handle = { titleKey: "common:routes.crmDeals" };

/** /bitrix24/deals — the Bitrix24 app's screen: the account's /integration/bitrix24/deals. */
export default function Bitrix24AppDealsPage() {
  return <PortalRedirect page="integration/bitrix24/deals" />;
}
