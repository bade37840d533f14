import { useTranslation } from "react-i18next";
import type { UseQueryResult } from "@tanstack/react-query";
import { CalendarClock, ListChecks, MailPlus, Users } from "lucide-react";
import { Can } from "@/lib/ability";
import type { ApiResponse } from "@/lib/api-types";
import type { AccountDetail, AccountSettings } from "@/features/accounts/types";
import { stepStates } from "./setup-steps";
import { StatCard } from "./stat-card";

type Members = ApiResponse<"/accounts/:accountId/members">;

/** The four figures on top of the control panel: members, pending invitations, setup progress, downtime. */
export function DashboardStats({
  account,
  members,
  settings,
  memberCount,
  canSettings,
}: {
  account: UseQueryResult<AccountDetail>;
  members: UseQueryResult<Members>;
  settings: UseQueryResult<AccountSettings>;
  memberCount: number;
  canSettings: boolean;
}) {
  const { t } = useTranslation("dashboard");
  const pendingInvitations = members.data?.invitations.filter((i) => !i.expired).length ?? 0;
  const finished = account.data ? Object.values(stepStates(account.data, memberCount)).filter((s) => s !== "todo").length : 0;
  const downtime = settings.data?.downtime;
  const count = (role: string) => members.data?.data.filter((m) => m.role === role).length ?? 0;
  return (
    <section className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-label={t("figures")}>
      <StatCard
        testId="stat-members"
        icon={Users}
        tone="primary"
        label={t("stats.members")}
        value={memberCount}
        loading={account.isPending}
        hint={members.data ? t("stats.membersHint", { owners: count("owner"), operators: count("operator") }) : undefined}
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
  );
}
