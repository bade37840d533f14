import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { Banknote, ChartColumn, Coins, Handshake, Link2, Users } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { QueryView } from "@/components/query-view";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { TabsContent } from "@/components/ui/tabs";
import { UrlTabs } from "@/components/url-tabs";
import { partnerQueries, type Cabinet } from "@/features/partners/api";
import { CodesCard } from "@/features/partners/components/codes-card";
import { CommissionsCard, ReferredCard } from "@/features/partners/components/ledger-tables";
import { BalanceTiles, PayoutsCard } from "@/features/partners/components/payouts-card";
import { StatsCard } from "@/features/partners/components/stats-card";
import { Link } from "@/lib/nav";

export const handle = { titleKey: "partners:cabinet.pageTitle" };

/** Not a partner (yet): what the application says, and the way to apply. */
function NotPartner({ cabinet }: { cabinet: Cabinet }) {
  const { t } = useTranslation("partners");
  const status = cabinet.application?.status;
  return (
    <Card>
      <CardContent className="py-6">
        <EmptyState
          icon={Handshake}
          title={t(status === "pending" ? "cabinet.pendingTitle" : "cabinet.joinTitle")}
          description={status === "pending" ? t("cabinet.pendingText") : status === "rejected" ? t("cabinet.rejectedText", { reason: cabinet.application?.rejectReason }) : t("cabinet.joinText", { rate: cabinet.config.defaultRatePercent })}
          action={
            status === "pending" ? undefined : (
              <Button asChild data-testid="partner-apply-link">
                <Link to="/partners-apply">{t("cabinet.apply")}</Link>
              </Button>
            )
          }
        />
      </CardContent>
    </Card>
  );
}

const TABS = ["links", "stats", "referred", "commissions", "payouts"] as const;
const ICONS = { links: Link2, stats: ChartColumn, referred: Users, commissions: Coins, payouts: Banknote };

function PartnerCabinet({ cabinet }: { cabinet: Cabinet }) {
  const { t } = useTranslation("partners");
  const active = cabinet.partner?.status === "active";
  return (
    <div className="space-y-6">
      {!active && (
        <p className="rounded-md bg-warning/12 p-3 text-sm text-warning" role="status">
          {t("cabinet.deactivated")}
        </p>
      )}
      {cabinet.balance && <BalanceTiles balance={cabinet.balance} />}
      <UrlTabs tabs={TABS.map((value) => ({ value, icon: ICONS[value], label: t(`tabs.${value}`) }))}>
        <TabsContent value="links">
          <CodesCard codes={cabinet.codes} canEdit={active} />
        </TabsContent>
        <TabsContent value="stats">
          <StatsCard codes={cabinet.codes} />
        </TabsContent>
        <TabsContent value="referred">
          <ReferredCard />
        </TabsContent>
        <TabsContent value="commissions">
          <CommissionsCard holdDays={cabinet.config.holdDays} />
        </TabsContent>
        <TabsContent value="payouts">
          <PayoutsCard cabinet={cabinet} />
        </TabsContent>
      </UrlTabs>
    </div>
  );
}

/** /partners: the partner cabinet (links, stats, referred accounts, commission, payouts). */
export default function PartnersPage() {
  const { t } = useTranslation("partners");
  const query = useQuery(partnerQueries.me());
  const partner = query.data?.partner;
  return (
    <div>
      <PageHeader
        title={t("cabinet.title")}
        description={partner ? t("cabinet.description", { rate: partner.ratePercent, days: query.data?.config.holdDays }) : t("cabinet.descriptionGuest")}
        badge={partner ? <Badge variant="success">{t("cabinet.rate", { rate: partner.ratePercent })}</Badge> : undefined}
        actions={
          <Button asChild variant="ghost">
            <Link to="/partner-terms">{t("cabinet.terms")}</Link>
          </Button>
        }
      />
      <QueryView query={query} loading={<Skeleton className="h-80 w-full" />}>
        {(cabinet) => (cabinet.partner ? <PartnerCabinet cabinet={cabinet} /> : <NotPartner cabinet={cabinet} />)}
      </QueryView>
    </div>
  );
}
