import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Receipt } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { QueryView } from "@/components/query-view";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { billingQueries } from "@/features/billing-account/api";
import { AutoTopupCard } from "@/features/billing-account/components/auto-topup-card";
import { DocumentsCard } from "@/features/billing-account/components/documents-card";
import { PlanCard } from "@/features/billing-account/components/plan-card";
import { UnitsCard } from "@/features/billing-account/components/units-card";
import { UsageCharts } from "@/features/billing-account/components/usage-charts";
import { useAbility } from "@/lib/ability";

export const handle = { titleKey: "billing:account.pageTitle" };

function BillingSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-44 lg:col-span-2" />
        <Skeleton className="h-44" />
      </div>
      <Skeleton className="h-72" />
    </div>
  );
}

/**
 * /:accountId/billing — the plan and its period, included units against usage, the balance with a
 * top-up, usage per day as charts, invoices and acts to print, and auto top-up. Owners pay and
 * change settings; admins read (operators never get here: the route needs read Billing).
 */
export default function BillingPage() {
  const { t } = useTranslation("billing");
  const { accountId = "" } = useParams();
  const canPay = useAbility().can("update", "Billing");
  const billing = useQuery(billingQueries.state(accountId));
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("account.title")}
        description={t("account.description")}
        actions={
          <Button asChild variant="outline">
            <Link to="/payment-info">
              <Receipt aria-hidden />
              {t("account.paymentInfo")}
            </Link>
          </Button>
        }
      />
      <QueryView query={billing} loading={<BillingSkeleton />}>
        {(b) => (
          <>
            <PlanCard accountId={accountId} billing={b} canPay={canPay} />
            <UnitsCard units={b.units} />
          </>
        )}
      </QueryView>
      <UsageCharts accountId={accountId} />
      <DocumentsCard accountId={accountId} />
      {billing.data && <AutoTopupCard accountId={accountId} billing={billing.data} canPay={canPay} />}
    </div>
  );
}
