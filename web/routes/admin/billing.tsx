import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Building2, FileText, Tag } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { UrlTabs } from "@/components/url-tabs";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { TabsContent } from "@/components/ui/tabs";
import type { AdminAccount } from "@/features/broadcast-packages/api";
import { AccountPicker } from "@/features/broadcast-packages/components/account-picker";
import { AccountMoney } from "@/features/billing-admin/components/account-money";
import { InvoicesTab } from "@/features/billing-admin/components/invoices-tab";
import { PlansTab } from "@/features/billing-admin/components/plans-tab";

export const handle = { titleKey: "billing:admin.pageTitle" };

function AccountsTab() {
  const { t } = useTranslation("billing");
  const [account, setAccount] = useState<AdminAccount | null>(null);
  return (
    <div className="space-y-6">
      <Card>
        <CardContent className="space-y-2 pt-6">
          <p className="text-sm font-medium text-heading">{t("admin.account.pick")}</p>
          <AccountPicker value={account} onChange={setAccount} />
        </CardContent>
      </Card>
      {account ? <AccountMoney accountId={account.accountId} /> : <EmptyState icon={Building2} title={t("admin.account.emptyTitle")} description={t("admin.account.emptyText")} />}
    </div>
  );
}

/**
 * /admin/billing — the platform administrators' billing area: bank invoices to mark paid, an
 * account's ledger with balance adjustments and refunds, and the plans. Every action is audit-logged
 * by the server (admin_audit_log).
 */
export default function AdminBillingPage() {
  const { t } = useTranslation("billing");
  return (
    <div>
      <PageHeader title={t("admin.title")} description={t("admin.description")} />
      <UrlTabs
        tabs={[
          { value: "invoices", icon: FileText, label: t("admin.tabs.invoices") },
          { value: "accounts", icon: Building2, label: t("admin.tabs.accounts") },
          { value: "plans", icon: Tag, label: t("admin.tabs.plans") },
        ]}
      >
        <TabsContent value="invoices">
          <InvoicesTab />
        </TabsContent>
        <TabsContent value="accounts">
          <AccountsTab />
        </TabsContent>
        <TabsContent value="plans">
          <PlansTab />
        </TabsContent>
      </UrlTabs>
    </div>
  );
}
