import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { UseQueryResult } from "@tanstack/react-query";
import { ListSkeleton } from "@/components/list-skeleton";
import { QueryView } from "@/components/query-view";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeading } from "@/components/ui/card";
import { useAbility } from "@/lib/ability";
import type { ApiResponse } from "@/lib/api-types";
import { InitialsAvatar } from "@/features/accounts/components/initials-avatar";
import { RoleBadge } from "@/features/accounts/components/role-badge";
import { CardLoadError, failureOf } from "./card-load-error";

const SHOWN = 5;

/** The first members of the team with their roles, and the way to the members tab. */
export function TeamCard({ accountId, members }: { accountId: string; members: UseQueryResult<ApiResponse<"/accounts/:accountId/members">> }) {
  const { t } = useTranslation("dashboard");
  const ability = useAbility();
  const failed = failureOf(members);
  return (
    <Card data-testid="team-card">
      <CardHeading title={t("team.title")} description={t("team.description")} />
      <CardContent>
        <QueryView query={members} error={failed ? <CardLoadError failure={failed} /> : undefined} loading={<ListSkeleton count={3} className="space-y-3" lead="size-9 rounded-full" lines={["h-4"]} busy={false} />}>
          {(data) => (
            <ul className="space-y-3">
              {data.data.slice(0, SHOWN).map((m) => (
                <li key={m.userId} className="flex items-center gap-3">
                  <InitialsAvatar name={m.name} />
                  <div className="min-w-0 flex-1">
                    <p dir="auto" className="truncate align-page-start text-sm font-medium text-heading">{m.name}</p>
                    <p dir="ltr" className="truncate align-page-start text-sm text-muted-foreground">{m.email}</p>
                  </div>
                  <RoleBadge role={m.role} />
                </li>
              ))}
            </ul>
          )}
        </QueryView>
        {members.data && members.data.data.length > SHOWN && <p className="mt-3 text-sm text-muted-foreground">{t("team.more", { count: members.data.data.length - SHOWN })}</p>}
        <Button asChild variant="ghost" size="sm" className="mt-4 -ms-3">
          <Link to={`/${accountId}/account-settings?tab=members`}>{ability.can("create", "Member") ? t("team.manage") : t("team.view")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
