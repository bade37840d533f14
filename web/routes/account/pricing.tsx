import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { PackageOpen, Wallet } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { QueryView } from "@/components/query-view";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAbility } from "@/lib/ability";
import { formatDate } from "@/lib/i18n";
import { payQueries, type BillingPeriod, type Plan } from "@/features/billing/pay-api";
import { PlanCard, type PlanChoice } from "@/features/billing/components/plan-card";
import { dayMonth } from "@/features/billing/components/plan-change-summary";
import { planName, useInterfaceLanguage } from "@/features/billing/localized-name";
import { Segmented } from "@/features/billing/components/segmented";

export const handle = { titleKey: "billing:pricing.pageTitle" };

/**
 * /:accountId/pricing — the plans side by side (GET /api/plans) for a month or a year, the
 * account's current plan marked, what each includes and costs beyond it in roubles; «Выбрать» goes
 * to /checkout with the plan and period.
 */
export default function PricingPage() {
  const { t } = useTranslation("billing");
  const lang = useInterfaceLanguage();
  const { accountId = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const period: BillingPeriod = params.get("period") === "year" ? "year" : "month";
  const plans = useQuery(payQueries.plans());
  const billing = useQuery(payQueries.billing(accountId));
  const canPay = useAbility().can("update", "Billing");
  const sub = billing.data?.subscription;
  const currentId = billing.data?.plan.id;
  const maxDiscount = Math.max(0, ...(plans.data?.data.map((p) => p.yearlyDiscountPercent) ?? []));

  const choiceOf = (plan: Plan): PlanChoice => {
    if (plan.id === currentId && (plan.free || sub?.billingPeriod === period) && sub?.status === "active") return { kind: "current" };
    if (sub?.scheduledChange && plan.id === sub.scheduledChange.plan.id && sub.scheduledChange.period === period) return { kind: "scheduled", date: dayMonth(sub.scheduledChange.startsAt) };
    if (plan.free) return { kind: "free" };
    if (!canPay) return { kind: "readOnly" };
    return { kind: "choose", to: `/checkout?accountId=${accountId}&kind=plan&plan=${plan.id}&period=${period}` };
  };

  return (
    <div>
      <PageHeader
        title={t("pricing.title")}
        description={sub && billing.data ? t("pricing.currentLine", { plan: planName(billing.data.plan, lang), date: formatDate(sub.periodEnd, { long: true }) }) : t("pricing.description")}
        actions={
          <Segmented
            value={period}
            onChange={(v) => setParams((p) => (v === "year" ? (p.set("period", "year"), p) : (p.delete("period"), p)), { replace: true })}
            label={t("pricing.periodLabel")}
            items={[
              { value: "month", label: t("pricing.monthly"), testId: "period-month" },
              {
                value: "year",
                testId: "period-year",
                label: (
                  <>
                    {t("pricing.yearly")}
                    {maxDiscount > 0 && <span className="rounded-full bg-success/15 px-2 text-xs text-success">−{maxDiscount} %</span>}
                  </>
                ),
              },
            ]}
          />
        }
      />
      <QueryView
        query={plans}
        loading={
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-[560px]" />
            ))}
          </div>
        }
      >
        {(data) => (
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-4" data-testid="plans">
            {data.data.map((plan, i, all) => (
              <PlanCard key={plan.id} plan={plan} period={period} current={plan.id === currentId} choice={choiceOf(plan)} featured={i === Math.min(2, all.length - 1) && plan.id !== currentId} />
            ))}
          </div>
        )}
      </QueryView>
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <Extra icon={Wallet} title={t("pricing.topupTitle")} text={t("pricing.topupText")} to={canPay ? `/checkout?accountId=${accountId}&kind=topup` : null} action={t("pricing.topupAction")} />
        <Extra icon={PackageOpen} title={t("pricing.packageTitle")} text={t("pricing.packageText")} to={canPay ? `/checkout?accountId=${accountId}&kind=package` : null} action={t("pricing.packageAction")} />
      </div>
    </div>
  );
}

function Extra({ icon: Icon, title, text, to, action }: { icon: typeof Wallet; title: string; text: string; to: string | null; action: string }) {
  return (
    <Card className="flex-row flex-wrap items-center gap-4 px-6 py-5">
      <div className="flex size-11 shrink-0 items-center justify-center rounded-md bg-primary/12 text-primary">
        <Icon className="size-5.5" aria-hidden />
      </div>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold text-heading">{title}</h2>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      {to && (
        <Button asChild variant="outline">
          <Link to={to}>{action}</Link>
        </Button>
      )}
    </Card>
  );
}
