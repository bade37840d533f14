import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Settings } from "lucide-react";
import { ListSkeleton } from "@/components/list-skeleton";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAbility } from "@/lib/ability";
import { useSession } from "@/lib/session";
import { accountQueries } from "@/features/accounts/api";
import { analyticsQueries } from "@/features/analytics/api";
import { BalanceCard } from "@/features/dashboard/components/balance-card";
import { failureOf } from "@/features/dashboard/components/card-load-error";
import { ChannelHealth } from "@/features/dashboard/components/channel-health";
import { TodayFigures } from "@/features/dashboard/components/today-figures";
import { WaitingList } from "@/features/dashboard/components/waiting-list";
import { AccountCard } from "@/features/dashboard/components/account-card";
import { DashboardStats } from "@/features/dashboard/components/dashboard-stats";
import { SetupSteps } from "@/features/dashboard/components/setup-steps";
import { TeamCard } from "@/features/dashboard/components/team-card";

export const handle = { titleKey: "dashboard:pageTitle" };

function greetingKey(hour: number) {
  if (hour < 5) return "greeting.night";
  if (hour < 12) return "greeting.morning";
  if (hour < 18) return "greeting.day";
  return "greeting.evening";
}

export default function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const { accountId = "" } = useParams();
  const { user } = useSession();
  const canSettings = useAbility().can("read", "AccountSettings");
  const account = useQuery(accountQueries.detail(accountId));
  const members = useQuery(accountQueries.members(accountId));
  const settings = useQuery({ ...accountQueries.settings(accountId), enabled: canSettings });
  const panel = useQuery(analyticsQueries.dashboard(accountId));
  const memberCount = account.data?.memberCount ?? members.data?.data.length ?? 0;
  const panelFailed = failureOf(panel);

  if (account.isError) {
    return (
      <div>
        <PageHeader title={t("title")} />
        <LoadError error={account.error} onRetry={() => account.refetch()} retrying={account.isFetching} />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={t(greetingKey(new Date().getHours()), { name: user?.name.split(/\s+/)[0] ?? "" })}
        description={account.data ? t("subtitle", { account: account.data.name }) : <Skeleton className="h-4 w-64" />}
        actions={
          <Button asChild variant="outline">
            <Link to={`/${accountId}/account-settings`}>
              <Settings aria-hidden />
              {t("openSettings")}
            </Link>
          </Button>
        }
      />
      {/* Each card whose data failed says so with its own retry: none shows zeros it does not have. */}
      <TodayFigures data={panel.data} loading={panel.isPending} failed={panelFailed} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <WaitingList data={panel.data} loading={panel.isPending} failed={panelFailed} />
        </div>
        <div className="min-w-0 space-y-6">
          <ChannelHealth data={panel.data} loading={panel.isPending} failed={panelFailed} />
          {panel.data?.billing && <BalanceCard billing={panel.data.billing} />}
        </div>
      </div>
      <DashboardStats account={account} members={members} settings={settings} memberCount={memberCount} canSettings={canSettings} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {account.data ? (
            <SetupSteps account={account.data} memberCount={memberCount} />
          ) : (
            <Card>
              <CardContent>
                <ListSkeleton count={5} className="space-y-4" lead="size-8 rounded-full" lines={["h-4 w-40", "h-3 w-3/4"]} busy={false} />
              </CardContent>
            </Card>
          )}
        </div>
        <div className="space-y-6">
          <TeamCard accountId={accountId} members={members} />
          <AccountCard account={account.data} />
        </div>
      </div>
    </div>
  );
}
