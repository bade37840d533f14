import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useSearchParams } from "react-router";
import { Unplug } from "lucide-react";
import { PageLoader } from "@/components/page-loader";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { useSession } from "@/lib/session";
import { integrationApi } from "../api";

/**
 * The /bitrix24/* screens: the same pages for the Bitrix24 app opened inside a portal. The portal's
 * `member_id` (as Bitrix24 passes it) names the account; without it a signed-in user goes to the
 * current account's own page.
 */
export function PortalRedirect({ page }: { page: string }) {
  const { t } = useTranslation("integrations");
  const [params] = useSearchParams();
  const memberId = params.get("member_id") ?? params.get("memberId") ?? "";
  const session = useSession();
  const portal = useQuery({ queryKey: ["bitrix24-portal", memberId], queryFn: () => integrationApi.portalAccount(memberId), enabled: !!memberId, retry: false });
  if (!memberId) {
    if (session.isLoading) return <PageLoader />;
    return <Navigate to={session.currentAccountId ? `/${session.currentAccountId}/${page}` : "/accounts"} replace />;
  }
  if (portal.isPending) return <PageLoader />;
  if (portal.data) return <Navigate to={`/${portal.data.accountId}/${page}`} replace />;
  return (
    <Card>
      <EmptyState
        icon={Unplug}
        title={t("bitrix.portal.notFound")}
        description={t("bitrix.portal.notFoundHint")}
        action={
          <Button asChild>
            <Link to="/accounts">{t("bitrix.portal.accounts")}</Link>
          </Button>
        }
      />
    </Card>
  );
}
