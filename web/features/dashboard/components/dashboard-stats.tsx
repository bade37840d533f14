import { useTranslation } from "react-i18next";
import type { UseQueryResult } from "@tanstack/react-query";
import { CalendarClock, ListChecks, MailPlus, Users } from "lucide-react";
import { Can } from "@/lib/ability";
import type { ApiResponse } from "@/lib/api-types";
import type { TFunction } from "i18next";
import type { Role } from "@worker/db/schema/accounts";
import type { AccountDetail, AccountSettings } from "@/features/accounts/types";
import { localeTag } from "@/lib/i18n";
import { failureOf } from "./card-load-error";
import { stepStates } from "./setup-steps";
import { StatCard } from "./stat-card";

type Members = ApiResponse<"/accounts/:accountId/members">;

/** Every role of the account, in the order of their rights. */
const ROLE_ORDER = ["owner", "admin", "operator"] as const satisfies readonly Role[];

/** "1 владелец, 2 администратора и 1 оператор": each role present with its count, as the interface language lists them. */
export function teamComposition(members: readonly { role: Role }[], t: TFunction<"dashboard">): string {
  const parts = ROLE_ORDER.map((role) => ({ role, count: members.filter((m) => m.role === role).length }))
    .filter((x) => x.count > 0)
    .map(({ role, count }) => t(`stats.roleCount.${role}`, { count }));
  return new Intl.ListFormat(localeTag(), { type: "conjunction" }).format(parts);
}

/**
 * The four figures on top of the control panel: members (with every role counted), pending
 * invitations, setup progress, downtime. A figure whose data failed says so instead of a zero.
 */
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
  const membersFailed = failureOf(members);
  return (
    <section className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-label={t("figures")}>
      <StatCard
        testId="stat-members"
        icon={Users}
        tone="primary"
        label={t("stats.members")}
        value={memberCount}
        loading={account.isPending}
        hint={members.data ? teamComposition(members.data.data, t) : undefined}
      />
      <Can I="manage" a="Member">
        <StatCard
          testId="stat-invitations"
          icon={MailPlus}
          tone="warning"
          label={t("stats.invitations")}
          value={pendingInvitations}
          loading={members.isPending}
          failed={membersFailed}
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
          failed={failureOf(settings)}
          hint={downtime ? (downtime.enabled ? t("stats.downtimeIntervals", { count: downtime.intervals.length }) : t("stats.downtimeOffHint")) : undefined}
        />
      )}
    </section>
  );
}
