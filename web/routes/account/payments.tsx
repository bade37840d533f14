import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { PlusCircle, ScrollText, Tag } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { useAbility } from "@/lib/ability";
import { PaymentsPanel } from "@/features/billing/components/pay-panels";

export const handle = { titleKey: "billing:payments.pageTitle" };

/**
 * /:accountId/payments — the account's payment history: every checkout, renewal and auto top-up
 * with its status, filters (status, purpose, days), the receipt, and «continue» for one still
 * waiting on the provider's page. The balance's movements are in Operations (/payment).
 */
export default function PaymentsPage() {
  const { t } = useTranslation("billing");
  const { accountId = "" } = useParams();
  const canPay = useAbility().can("update", "Billing");
  return (
    <div>
      <PageHeader
        title={t("payments.title")}
        description={t("payments.description")}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/payment">
                <ScrollText aria-hidden />
                {t("payments.toOperations")}
              </Link>
            </Button>
            {canPay && (
              <Button asChild>
                <Link to={`/checkout?accountId=${accountId}&kind=topup`}>
                  <PlusCircle aria-hidden />
                  {t("operations.topup")}
                </Link>
              </Button>
            )}
          </>
        }
      />
      <PaymentsPanel
        accountId={accountId}
        emptyAction={
          <Button asChild>
            <Link to={`/${accountId}/pricing`}>
              <Tag aria-hidden />
              {t("payments.toPricing")}
            </Link>
          </Button>
        }
      />
    </div>
  );
}
