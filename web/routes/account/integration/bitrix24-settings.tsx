import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { QueryView } from "@/components/query-view";
import { Skeleton } from "@/components/ui/skeleton";
import { useAbility } from "@/lib/ability";
import { integrationQueries } from "@/features/integrations/api";
import { BitrixShell } from "@/features/integrations/components/bitrix-shell";
import { Bitrix24SettingsForm } from "@/features/integrations/components/settings-form";

export const handle = { titleKey: "common:routes.crmSettings" };

function SettingsBody({ accountId }: { accountId: string }) {
  const settings = useQuery(integrationQueries.settings(accountId));
  const canEdit = useAbility().can("update", "Integration");
  return (
    <QueryView query={settings} loading={<Skeleton className="h-96 w-full rounded-xl" />}>
      {(s) => <Bitrix24SettingsForm accountId={accountId} settings={s} canEdit={canEdit} />}
    </QueryView>
  );
}

/** /:accountId/integration/bitrix24/settings — what is created in Bitrix24, when, and from which fields. */
export default function Bitrix24SettingsPage() {
  const { t } = useTranslation("integrations");
  const { accountId = "" } = useParams();
  return (
    <BitrixShell accountId={accountId} title={t("bitrix.settings.pageTitle")} description={t("bitrix.settings.pageDescription")}>
      {() => <SettingsBody accountId={accountId} />}
    </BitrixShell>
  );
}
