import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ArrowDownRight, ArrowUpRight, CalendarClock, Wallet } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { billingKeys, checkoutHref, type BillingState } from "@/features/billing-account/api";
import { dayMonth } from "@/features/billing/components/plan-change-summary";
import { planName, useInterfaceLanguage } from "@/features/billing/localized-name";
import { payApi, payQueries } from "@/features/billing/pay-api";
import { isApiError } from "@/lib/api";
import { formatDate, formatRub } from "@/lib/i18n";
import { notify } from "@/lib/notify";

const STATE_VARIANT: Record<string, "success" | "warning" | "destructive"> = { ok: "success", warning: "warning", exhausted: "warning", grace: "destructive", ai_stopped: "destructive" };

/** The current plan and period, the limits state, and the balance with its top-up (→ checkout). */
export function PlanCard({ accountId, billing, canPay }: { accountId: string; billing: BillingState; canPay: boolean }) {
  const { t } = useTranslation("billing");
  const lang = useInterfaceLanguage();
  const { plan, subscription: sub } = billing;
  const price = sub.billingPeriod === "year" ? plan.yearlyPriceKopecks : plan.monthlyPriceKopecks;
  const next = sub.scheduledChange;
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  // A paid plan running with nothing scheduled: it may be set not to renew, moving to the free plan at the period's end.
  const offerFree = canPay && !plan.free && !next && sub.status === "active";
  const free = useQuery({ ...payQueries.plans(), enabled: offerFree, select: (r) => r.data.find((p) => p.free && p.active && !p.archived) }).data;
  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      await qc.invalidateQueries({ queryKey: billingKeys.all(accountId) });
      notify({ type: "success", message: done });
    } catch (e) {
      notify({ type: "error", message: isApiError(e) ? e.message : t("checkout.errors.network") });
    }
    setBusy(false);
  };
  const cancel = () => run(() => payApi.cancelChange(accountId), t("checkout.change.canceled"));
  const toFree = () =>
    free && run(() => payApi.changePlan(accountId, { planId: free.id, period: "month" }), t("checkout.change.scheduled", { plan: planName(free, lang), date: dayMonth(sub.periodEnd) }));
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2" data-testid="billing-plan">
        <CardContent className="flex flex-col gap-5 pt-6 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-2">
            <p className="text-sm text-muted-foreground">{t("account.currentPlan")}</p>
            <div className="flex flex-wrap items-center gap-3">
              <h2 className="text-2xl font-semibold text-heading" data-testid="billing-plan-name">
                {planName(plan, lang)}
              </h2>
              <Badge variant={STATE_VARIANT[billing.limits.state]}>{t(`account.states.${billing.limits.state}`)}</Badge>
            </div>
            <p className="text-[0.9375rem]">
              {plan.free ? t("account.free") : t(`account.price.${sub.billingPeriod}`, { price: formatRub(price) })}
            </p>
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <CalendarClock className="size-4" aria-hidden />
              {t("account.period", { from: formatDate(sub.periodStart, { long: true }), to: formatDate(sub.periodEnd - 1, { long: true }) })}
            </p>
            {next && (
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md bg-info/10 px-3 py-2 text-sm" data-testid="billing-scheduled">
                <ArrowDownRight className="size-4 shrink-0 text-info" aria-hidden />
                <span className="font-medium text-heading">
                  {t("account.scheduled", {
                    date: dayMonth(next.startsAt),
                    plan: planName(next.plan, lang),
                    price: next.plan.free ? t("account.free").toLowerCase() : t(`account.price.${next.period}`, { price: formatRub(next.period === "year" ? next.plan.yearlyPriceKopecks : next.plan.monthlyPriceKopecks) }),
                  })}
                </span>
                {canPay && (
                  <Button size="sm" variant="ghost" className="ms-auto" disabled={busy} onClick={cancel} data-testid="billing-scheduled-cancel">
                    {t("account.cancelScheduled")}
                  </Button>
                )}
              </div>
            )}
            {offerFree && free && (
              <Button size="sm" variant="ghost" className="-ms-3 text-muted-foreground" disabled={busy} onClick={toFree} data-testid="billing-to-free">
                {t("account.toFree", { plan: planName(free, lang), date: dayMonth(sub.periodEnd) })}
              </Button>
            )}
            {sub.status === "past_due" && sub.graceUntil && (
              <p className="rounded-md bg-destructive/10 p-3 text-sm text-destructive" role="status">
                {t("account.grace", { date: formatDate(sub.graceUntil, { long: true }), reason: sub.lastRenewalError ?? "" })}
              </p>
            )}
          </div>
          {canPay && (
            <Button asChild variant="outline" className="shrink-0">
              <Link to={`/${accountId}/pricing`}>
                <ArrowUpRight aria-hidden />
                {t("account.changePlan")}
              </Link>
            </Button>
          )}
        </CardContent>
      </Card>
      <Card data-testid="billing-balance">
        <CardContent className="flex h-full flex-col justify-between gap-4 pt-6">
          <div className="space-y-1">
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Wallet className="size-4" aria-hidden />
              {t("account.balance")}
            </p>
            <p className="text-3xl font-semibold text-heading tabular-nums" data-testid="billing-balance-value">
              {formatRub(billing.balanceKopecks)}
            </p>
            {billing.unsettledKopecks > 0 && <p className="text-sm text-muted-foreground">{t("account.unsettled", { amount: formatRub(billing.unsettledKopecks) })}</p>}
          </div>
          {canPay && (
            <Button asChild data-testid="billing-topup">
              <Link to={checkoutHref(accountId, { kind: "topup", amount: 1000 })}>{t("account.topUp")}</Link>
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
