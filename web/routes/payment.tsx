import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Building2, CreditCard, PlusCircle, ScrollText } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { TabsContent } from "@/components/ui/tabs";
import { UrlTabs } from "@/components/url-tabs";
import { useAbility } from "@/lib/ability";
import { useSession } from "@/lib/session";
import { BalanceSummary } from "@/features/billing/components/balance-summary";
import { LedgerPanel, PaymentsPanel } from "@/features/billing/components/pay-panels";

export const handle = { titleKey: "billing:operations.pageTitle" };

/**
 * /payment — Operations of the current account: the balance and plan at the top, then the ledger
 * (every movement of the balance) and the payments, each with its filters, statuses and receipts.
 */
export default function OperationsPage() {
  const { t } = useTranslation("billing");
  const { currentAccountId: accountId } = useSession();
  const canPay = useAbility().can("update", "Billing");
  if (!accountId)
    return (
      <Card className="py-10">
        <EmptyState
          icon={Building2}
          title={t("operations.noAccount")}
          description={t("operations.noAccountHint")}
          action={
            <Button asChild>
              <Link to="/accounts">{t("operations.chooseAccount")}</Link>
            </Button>
          }
        />
      </Card>
    );
  const topup = canPay && (
    <Button asChild data-testid="operations-topup">
      <Link to={`/checkout?accountId=${accountId}&kind=topup`}>
        <PlusCircle aria-hidden />
        {t("operations.topup")}
      </Link>
    </Button>
  );
  return (
    <div>
      <PageHeader title={t("operations.title")} description={t("operations.description")} actions={topup} />
      <BalanceSummary accountId={accountId} />
      <UrlTabs
        tabs={[
          { value: "ledger", icon: ScrollText, label: t("operations.tabs.ledger") },
          { value: "payments", icon: CreditCard, label: t("operations.tabs.payments") },
        ]}
      >
        <TabsContent value="ledger">
          <LedgerPanel accountId={accountId} />
        </TabsContent>
        <TabsContent value="payments">
          <PaymentsPanel accountId={accountId} emptyAction={topup || undefined} />
        </TabsContent>
      </UrlTabs>
    </div>
  );
}
