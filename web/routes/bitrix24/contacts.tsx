import { PortalRedirect } from "@/features/integrations/components/portal-redirect";

export const handle = { titleKey: "common:routes.crmContacts" };

/** /bitrix24/contacts — the Bitrix24 app's screen: the account's /integration/bitrix24/contacts. */
export default function Bitrix24AppContactsPage() {
  return <PortalRedirect page="integration/bitrix24/contacts" />;
}
