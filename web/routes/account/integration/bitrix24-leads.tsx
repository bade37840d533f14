import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { BitrixShell } from "@/features/integrations/components/bitrix-shell";
import { CrmList } from "@/features/integrations/components/crm-list";

export const handle = { titleKey: "common:routes.crmLeads" };

/** /:accountId/integration/bitrix24/leads — Bitrix24's leads, read live. */
export default function Bitrix24LeadsPage() {
  const { t } = useTranslation("integrations");
  const { accountId = "" } = useParams();
  return (
    <BitrixShell accountId={accountId} title={t("bitrix.lists.titles.leads")} description={t("bitrix.lists.description")}>
      {() => <CrmList accountId={accountId} kind="leads" />}
    </BitrixShell>
  );
}
