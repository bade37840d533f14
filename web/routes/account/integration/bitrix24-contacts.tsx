import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { BitrixShell } from "@/features/integrations/components/bitrix-shell";
import { CrmList } from "@/features/integrations/components/crm-list";

export const handle = { titleKey: "common:routes.crmContacts" };

/** /:accountId/integration/bitrix24/contacts — Bitrix24's contacts, read live. */
export default function Bitrix24ContactsPage() {
  const { t } = useTranslation("integrations");
  const { accountId = "" } = useParams();
  return (
    <BitrixShell accountId={accountId} title={t("bitrix.lists.titles.contacts")} description={t("bitrix.lists.description")}>
      {() => <CrmList accountId={accountId} kind="contacts" />}
    </BitrixShell>
  );
}
