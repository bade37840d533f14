import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Building2 } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { useSession } from "@/lib/session";
import { CheckoutForm } from "@/features/billing/components/checkout-form";
import { PaymentOutcome } from "@/features/billing/components/payment-outcome";

export const handle = { titleKey: "billing:checkout.pageTitle" };

/**
 * /checkout — buying a plan, a top-up or a broadcast package for the account in `?accountId=`
 * (else the current one); with `?paymentId=` it is the return page from the provider, which shows
 * the payment's outcome.
 */
export default function CheckoutPage() {
  const { t } = useTranslation("billing");
  const [params] = useSearchParams();
  const { currentAccountId, accounts, user } = useSession();
  const accountId = params.get("accountId") || currentAccountId;
  const paymentId = params.get("paymentId");
  const account = accounts.find((a) => a.accountId === accountId);
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
  return (
    <div>
      <PageHeader title={paymentId ? t("checkout.outcome.pageTitle") : t("checkout.title")} description={account ? t("checkout.forAccount", { name: account.name }) : undefined} />
      {paymentId ? <PaymentOutcome accountId={accountId} paymentId={paymentId} /> : <CheckoutForm accountId={accountId} defaultEmail={user?.email ?? ""} />}
    </div>
  );
}
