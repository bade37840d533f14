import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { BitrixShell } from "@/features/integrations/components/bitrix-shell";
import { CrmList } from "@/features/integrations/components/crm-list";

export const handle = { titleKey: "common:routes.crmDeals" };

/** /:accountId/integration/bitrix24/deals — Bitrix24's deals, read live. */
export default function Bitrix24DealsPage() {
  const { t } = useTranslation("integrations");
  const { accountId = "" } = useParams();
  return (
    <BitrixShell accountId={accountId} title={t("bitrix.lists.titles.deals")} description={t("bitrix.lists.description")}>
      {() => <CrmList accountId={accountId} kind="deals" />}
    </BitrixShell>
  );
}
