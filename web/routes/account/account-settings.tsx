import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { BrainCircuit, CalendarClock, Lock, Settings2, Users, Webhook } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import { TabsContent } from "@/components/ui/tabs";
import { UrlTabs } from "@/components/url-tabs";
import { useAbility } from "@/lib/ability";
import { useSession } from "@/lib/session";
import { accountQueries } from "@/features/accounts/api";
import { AiProviderTab } from "@/features/settings/components/ai-provider-tab";
import { DowntimeTab } from "@/features/settings/components/downtime-tab";
import { GeneralTab } from "@/features/settings/components/general-tab";
import { MembersTab } from "@/features/settings/components/members-tab";
import { WebhookTab } from "@/features/settings/components/webhook-tab";

export const handle = { titleKey: "settings:pageTitle" };

/** Every tab of the page; which of them a user sees depends on the role. */
const ALL_TABS = ["general", "members", "downtime", "webhook", "ai-provider"] as const;
const TAB_LABEL_KEYS: Record<(typeof ALL_TABS)[number], string> = { general: "tabs.general", members: "tabs.members", downtime: "tabs.downtime", webhook: "tabs.webhook", "ai-provider": "tabs.aiProvider" };

export default function AccountSettingsPage() {
  const { t } = useTranslation(["settings", "accounts", "auth"]);
  const { accountId = "" } = useParams();
  const ability = useAbility();
  const session = useSession();
  const [params] = useSearchParams();
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

  // A link to a tab this role does not have (?tab=webhook for an operator) says so instead of
  // silently showing the first tab; rules still loading decide nothing.
  const requested = params.get("tab");
  const settled = !session.isLoading && !session.isPlaceholder && session.accountsLoaded;
  const refused = settled && requested && (ALL_TABS as readonly string[]).includes(requested) && !tabs.some((x) => x.value === requested) ? (requested as (typeof ALL_TABS)[number]) : null;

  return (
    <div>
      <PageHeader title={t("title")} description={account.data ? t("description", { name: account.data.name }) : <Skeleton className="h-4 w-56" />} />
      {refused && (
        <Alert variant="warning" className="mb-4" data-testid="tab-refused">
          <Lock aria-hidden />
          <AlertDescription className="text-foreground opacity-100">{t("tabRefused", { tab: t(TAB_LABEL_KEYS[refused]), first: t("tabs.general") })}</AlertDescription>
        </Alert>
      )}
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
