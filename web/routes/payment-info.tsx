import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Building2, Wallet } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { QueryView } from "@/components/query-view";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { billingQueries } from "@/features/billing-account/api";
import { InvoiceCard } from "@/features/billing-account/components/invoice-card";
import { MethodsCard } from "@/features/billing-account/components/methods-card";
import { RequisitesCard } from "@/features/billing-account/components/requisites-card";
import { useAbility } from "@/lib/ability";
import { useSession } from "@/lib/session";

export const handle = { titleKey: "billing:paymentInfo.pageTitle" };

function Content({ accountId }: { accountId: string }) {
  const { t } = useTranslation("billing");
  const ability = useAbility();
  const canPay = ability.can("update", "Billing");
  const requisites = useQuery({ ...billingQueries.requisites(accountId), enabled: ability.can("read", "Billing") });
  if (!ability.can("read", "Billing")) return <EmptyState icon={Wallet} title={t("paymentInfo.forbiddenTitle")} description={t("paymentInfo.forbiddenText")} />;
  return (
    <div className="space-y-6">
      <MethodsCard accountId={accountId} canPay={canPay} />
      <QueryView query={requisites} loading={<Skeleton className="h-80 w-full" />}>
        {(r) => (
          <>
            <RequisitesCard accountId={accountId} requisites={r.requisites} canPay={canPay} />
            <InvoiceCard accountId={accountId} hasRequisites={!!r.requisites} canPay={canPay} />
          </>
        )}
      </QueryView>
    </div>
  );
}

/**
 * /payment-info — the current account's saved payment methods, its company requisites for
 * invoices and acts, and "pay by invoice" (a bank-transfer invoice to print).
 */
export default function PaymentInfoPage() {
  const { t } = useTranslation("billing");
  // The current account: the one last opened (the server remembers it), also after a reload.
  const { currentAccountId: accountId, isLoading } = useSession();
  return (
    <div>
      <PageHeader
        title={t("paymentInfo.title")}
        description={t("paymentInfo.description")}
        actions={
          accountId && (
            <Button asChild variant="outline">
              <Link to={`/${accountId}/billing`}>
                <Wallet aria-hidden />
                {t("paymentInfo.toBilling")}
              </Link>
            </Button>
          )
        }
      />
      {isLoading ? (
        <Skeleton className="h-80 w-full" />
      ) : accountId ? (
        <Content accountId={accountId} />
      ) : (
        <EmptyState
          icon={Building2}
          title={t("paymentInfo.noAccountTitle")}
          description={t("paymentInfo.noAccountText")}
          action={
            <Button asChild>
              <Link to="/accounts">{t("paymentInfo.chooseAccount")}</Link>
            </Button>
          }
        />
      )}
    </div>
  );
}
