import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { Banknote, FileText, Handshake, UserRoundCheck } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { TabsContent } from "@/components/ui/tabs";
import { UrlTabs } from "@/components/url-tabs";
import { partnerQueries } from "@/features/partners/api";
import { AdminApplications } from "@/features/partners/components/admin-applications";
import { AdminAttributions, AdminPartners, AdminPayouts } from "@/features/partners/components/admin-lists";

export const handle = { titleKey: "partners:admin.title" };

const TABS = ["applications", "partners", "attributions", "payouts"] as const;
const ICONS = { applications: FileText, partners: Handshake, attributions: UserRoundCheck, payouts: Banknote };

/** /admin/partners: the partner programme's review — applications, partners and rates, attributions, payouts. */
export default function AdminPartnersPage() {
  const { t } = useTranslation("partners");
  const me = useQuery(partnerQueries.me());
  return (
    <div>
      <PageHeader title={t("admin.title")} description={t("admin.description")} />
      <UrlTabs tabs={TABS.map((value) => ({ value, icon: ICONS[value], label: t(`admin.tabs.${value}`) }))}>
        <Card>
          <CardContent className="pt-6">
            <TabsContent value="applications">
              <AdminApplications defaultRate={me.data?.config.defaultRatePercent ?? 20} />
            </TabsContent>
            <TabsContent value="partners">
              <AdminPartners />
            </TabsContent>
            <TabsContent value="attributions">
              <AdminAttributions />
            </TabsContent>
            <TabsContent value="payouts">
              <AdminPayouts />
            </TabsContent>
          </CardContent>
        </Card>
      </UrlTabs>
    </div>
  );
}
