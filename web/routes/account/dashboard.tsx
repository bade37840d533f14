import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { CalendarClock, Globe, ListChecks, MailPlus, Settings, Users } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Can, useAbility } from "@/lib/ability";
import { formatDate } from "@/lib/i18n";
import { useSession } from "@/lib/session";
import { accountQueries } from "@/features/accounts/api";
import { InitialsAvatar } from "@/features/accounts/components/initials-avatar";
import { LoadError } from "@/components/load-error";
import { RoleBadge } from "@/features/accounts/components/role-badge";
import { SetupSteps, stepStates } from "@/features/dashboard/components/setup-steps";
import { StatCard } from "@/features/dashboard/components/stat-card";

export const handle = { titleKey: "dashboard:pageTitle" };

function greetingKey(hour: number) {
  if (hour < 5) return "greeting.night";
  if (hour < 12) return "greeting.morning";
  if (hour < 18) return "greeting.day";
  return "greeting.evening";
}

export default function DashboardPage() {
  const { t } = useTranslation(["dashboard", "accounts"]);
  const { accountId = "" } = useParams();
  const { user } = useSession();
  const ability = useAbility();
  const canSettings = ability.can("read", "AccountSettings");
  const account = useQuery(accountQueries.detail(accountId));
  const members = useQuery(accountQueries.members(accountId));
  const settings = useQuery({ ...accountQueries.settings(accountId), enabled: canSettings });

  const firstName = user?.name.split(/\s+/)[0] ?? "";
  const memberCount = account.data?.memberCount ?? members.data?.data.length ?? 0;
  const pendingInvitations = members.data?.invitations.filter((i) => !i.expired).length ?? 0;
  const states = account.data ? stepStates(account.data, memberCount) : {};
  const finished = Object.values(states).filter((s) => s !== "todo").length;
  const downtime = settings.data?.downtime;

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
        title={t(greetingKey(new Date().getHours()), { name: firstName })}
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

      <section className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-label={t("figures")}>
        <StatCard
          testId="stat-members"
          icon={Users}
          tone="primary"
          label={t("stats.members")}
          value={memberCount}
          loading={account.isPending}
          hint={members.data ? t("stats.membersHint", { owners: members.data.data.filter((m) => m.role === "owner").length, operators: members.data.data.filter((m) => m.role === "operator").length }) : undefined}
        />
        <Can I="manage" a="Member">
          <StatCard
            testId="stat-invitations"
            icon={MailPlus}
            tone="warning"
            label={t("stats.invitations")}
            value={pendingInvitations}
            loading={members.isPending}
            hint={pendingInvitations ? t("stats.invitationsHint") : t("stats.invitationsNone")}
          />
        </Can>
        <StatCard
          testId="stat-setup"
          icon={ListChecks}
          tone="success"
          label={t("stats.setup")}
          value={account.data ? t("stats.setupValue", { finished, total: account.data.wizard.steps.length }) : ""}
          loading={account.isPending}
          hint={t("stats.setupHint")}
        />
        {canSettings && (
          <StatCard
            testId="stat-downtime"
            icon={CalendarClock}
            tone="info"
            label={t("stats.downtime")}
            value={downtime ? (downtime.enabled ? t("stats.downtimeOn") : t("stats.downtimeOff")) : ""}
            loading={settings.isPending}
            hint={downtime ? (downtime.enabled ? t("stats.downtimeIntervals", { count: downtime.intervals.length }) : t("stats.downtimeOffHint")) : undefined}
          />
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {account.data ? (
            <SetupSteps account={account.data} memberCount={memberCount} />
          ) : (
            <Card>
              <CardContent className="space-y-4">
                {Array.from({ length: 5 }, (_, i) => (
                  <div key={i} className="flex items-center gap-3">
                    <Skeleton className="size-8 rounded-full" />
                    <div className="flex-1 space-y-2">
                      <Skeleton className="h-4 w-40" />
                      <Skeleton className="h-3 w-3/4" />
                    </div>
                  </div>
                ))}
              </CardContent>
            </Card>
          )}
        </div>
        <div className="space-y-6">
          <Card data-testid="team-card">
            <CardHeader>
              <CardTitle>{t("team.title")}</CardTitle>
              <CardDescription>{t("team.description")}</CardDescription>
            </CardHeader>
            <CardContent>
              {members.isPending ? (
                <div className="space-y-3">
                  {Array.from({ length: 3 }, (_, i) => (
                    <div key={i} className="flex items-center gap-3">
                      <Skeleton className="size-9 rounded-full" />
                      <Skeleton className="h-4 flex-1" />
                    </div>
                  ))}
                </div>
              ) : members.isError ? (
                <LoadError error={members.error} onRetry={() => members.refetch()} retrying={members.isFetching} />
              ) : (
                <ul className="space-y-3">
                  {members.data.data.slice(0, 5).map((m) => (
                    <li key={m.userId} className="flex items-center gap-3">
                      <InitialsAvatar name={m.name} />
                      <div className="min-w-0 flex-1">
                        <p className="truncate text-sm font-medium text-heading">{m.name}</p>
                        <p className="truncate text-sm text-muted-foreground">{m.email}</p>
                      </div>
                      <RoleBadge role={m.role} />
                    </li>
                  ))}
                </ul>
              )}
              {members.data && members.data.data.length > 5 && <p className="mt-3 text-sm text-muted-foreground">{t("team.more", { count: members.data.data.length - 5 })}</p>}
              <Button asChild variant="ghost" size="sm" className="mt-4 -ms-3">
                <Link to={`/${accountId}/account-settings?tab=members`}>{ability.can("create", "Member") ? t("team.manage") : t("team.view")}</Link>
              </Button>
            </CardContent>
          </Card>

          <Card data-testid="account-card">
            <CardHeader>
              <CardTitle>{t("account.title")}</CardTitle>
            </CardHeader>
            <CardContent>
              {account.data ? (
                <dl className="space-y-3 text-sm">
                  <div>
                    <dt className="text-muted-foreground">{t("account.name")}</dt>
                    <dd className="font-medium text-heading">{account.data.name}</dd>
                  </div>
                  {account.data.role && (
                    <div>
                      <dt className="text-muted-foreground">{t("account.yourRole")}</dt>
                      <dd className="mt-1">
                        <RoleBadge role={account.data.role} />
                      </dd>
                    </div>
                  )}
                  <div>
                    <dt className="text-muted-foreground">{t("account.timezone")}</dt>
                    <dd className="flex items-center gap-1.5">
                      <Globe className="size-4 text-muted-foreground" aria-hidden />
                      {account.data.timezone.replaceAll("_", " ")}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{t("account.language")}</dt>
                    <dd>{t(`accounts:languages.${account.data.language}`)}</dd>
                  </div>
                  {account.data.website && (
                    <div>
                      <dt className="text-muted-foreground">{t("account.website")}</dt>
                      <dd>
                        <a href={account.data.website} target="_blank" rel="noreferrer noopener" className="break-all text-primary hover:underline">
                          {account.data.website.replace(/^https?:\/\//, "")}
                        </a>
                      </dd>
                    </div>
                  )}
                  <div>
                    <dt className="text-muted-foreground">{t("account.created")}</dt>
                    <dd>{formatDate(account.data.createdAt, { long: true })}</dd>
                  </div>
                </dl>
              ) : (
                <div className="space-y-3">
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-4 w-2/3" />
                </div>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
