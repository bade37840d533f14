import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { BrainCircuit, CalendarClock, Settings2, Users, Webhook } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { TabsContent } from "@/components/ui/tabs";
import { UrlTabs } from "@/components/url-tabs";
import { useAbility } from "@/lib/ability";
import { accountQueries } from "@/features/accounts/api";
import { AiProviderTab } from "@/features/settings/components/ai-provider-tab";
import { DowntimeTab } from "@/features/settings/components/downtime-tab";
import { GeneralTab } from "@/features/settings/components/general-tab";
import { MembersTab } from "@/features/settings/components/members-tab";
import { WebhookTab } from "@/features/settings/components/webhook-tab";

export const handle = { titleKey: "settings:pageTitle" };

export default function AccountSettingsPage() {
  const { t } = useTranslation(["settings", "accounts", "auth"]);
  const { accountId = "" } = useParams();
  const ability = useAbility();
  const account = useQuery(accountQueries.detail(accountId));
  const canSettings = ability.can("read", "AccountSettings");
  const canAiProvider = ability.can("read", "AiProvider");

  const tabs = [
    { value: "general", icon: Settings2, label: t("tabs.general") },
    { value: "members", icon: Users, label: t("tabs.members") },
    ...(canSettings
      ? [
          { value: "downtime", icon: CalendarClock, label: t("tabs.downtime") },
          { value: "webhook", icon: Webhook, label: t("tabs.webhook") },
        ]
      : []),
    ...(canAiProvider ? [{ value: "ai-provider", icon: BrainCircuit, label: t("tabs.aiProvider") }] : []),
  ];

  return (
    <div>
      <PageHeader title={t("title")} description={account.data ? t("description", { name: account.data.name }) : <Skeleton className="h-4 w-56" />} />
      <UrlTabs tabs={tabs}>
        <TabsContent value="general">
          <GeneralTab accountId={accountId} />
        </TabsContent>
        <TabsContent value="members">
          <MembersTab accountId={accountId} myRole={account.data?.role} />
        </TabsContent>
        {canSettings && (
          <>
            <TabsContent value="downtime">
              <DowntimeTab accountId={accountId} />
            </TabsContent>
            <TabsContent value="webhook">
              <WebhookTab accountId={accountId} />
            </TabsContent>
          </>
        )}
        {canAiProvider && (
          <TabsContent value="ai-provider">
            <AiProviderTab accountId={accountId} />
          </TabsContent>
        )}
      </UrlTabs>
    </div>
  );
}
