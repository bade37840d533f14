import { PortalRedirect } from "@/features/integrations/components/portal-redirect";

export const handle = { titleKey: "common:routes.crmLeads" };

/** /bitrix24/leads — the Bitrix24 app's screen: the account's /integration/bitrix24/leads. */
export default function Bitrix24AppLeadsPage() {
  return <PortalRedirect page="integration/bitrix24/leads" />;
}
