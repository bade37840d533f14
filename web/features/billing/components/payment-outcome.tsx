import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CircleCheck, CircleX, Clock } from "lucide-react";
import { QueryView } from "@/components/query-view";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { formatDate, formatRub } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { describePayment } from "../describe";
import { planName, useInterfaceLanguage } from "../localized-name";
import { payKeys, payQueries, type Payment } from "../pay-api";

/** Without spaces of any kind: "2 500 ₽" in the stored text and in the interface's format compare equal. */
const squash = (s: string) => s.replace(/\s/g, "");

/** Kopecks as the checkout's `amount` parameter: roubles, with the kopecks when there are any (123456 → «1234.56»). */
const roublesParam = (kopecks: number) => (kopecks % 100 ? (kopecks / 100).toFixed(2) : String(kopecks / 100));

/** Where to go after a payment, by what it bought. */
function nextLinks(p: Payment, accountId: string, t: (k: string) => string) {
  const retry = p.purpose === "plan" || p.purpose === "renewal" ? `/checkout?accountId=${accountId}&kind=plan&plan=${p.planId ?? ""}&period=${p.billingPeriod ?? "month"}` : p.purpose === "package" ? `/checkout?accountId=${accountId}&kind=package&package=${p.packageId ?? ""}` : `/checkout?accountId=${accountId}&kind=topup&amount=${roublesParam(p.amountKopecks)}`;
  return {
    retry,
    onward: [
      { to: "/payment", label: t("checkout.outcome.toOperations") },
      p.purpose === "package" ? { to: `/${accountId}/broadcasts`, label: t("checkout.outcome.toBroadcasts") } : { to: `/${accountId}/pricing`, label: t("checkout.outcome.toPricing") },
    ],
  };
}

function Outcome({ p, accountId }: { p: Payment; accountId: string }) {
  const { t } = useTranslation("billing");
  const lang = useInterfaceLanguage();
  const billing = useQuery({ ...payQueries.billing(accountId), enabled: p.status === "succeeded" });
  const state = p.status === "succeeded" ? "succeeded" : p.final ? "declined" : "pending";
  const Icon = state === "succeeded" ? CircleCheck : state === "declined" ? CircleX : Clock;
  const links = nextLinks(p, accountId, t);
  const item = describePayment(t, p);
  const amount = formatRub(p.amountKopecks);
  // A top-up is named by its amount ("Пополнение баланса на 2 500 ₽"): the amount is not repeated after it.
  const statesAmount = squash(item).includes(squash(amount));
  const reason = p.cancellationReason ? t(`payments.reasons.${p.cancellationReason}`, { defaultValue: t("payments.reasons.other") }) : p.error ? t("payments.reasons.other") : null;
  return (
    <Card className="mx-auto max-w-xl items-center gap-5 px-6 py-10 text-center" data-testid="payment-outcome" data-state={state}>
      <div className={cn("flex size-16 items-center justify-center rounded-full", state === "succeeded" ? "bg-success/15 text-success" : state === "declined" ? "bg-destructive/15 text-destructive" : "bg-warning/15 text-warning")}>
        <Icon className="size-8" aria-hidden />
      </div>
      <div className="grid gap-1.5">
        <h2 className="text-xl font-semibold text-heading" data-testid="outcome-title">
          {t(`checkout.outcome.${state}.title`)}
        </h2>
        <p className="text-muted-foreground" data-testid="outcome-item">
          {item}
          {!statesAmount && (
            <>
              {" · "}
              <span className="font-medium text-heading tabular-nums">{amount}</span>
            </>
          )}
        </p>
        {state === "succeeded" && p.purpose === "plan" && billing.data && (
          <p data-testid="outcome-plan">{t("checkout.outcome.planActive", { plan: planName(billing.data.plan, lang), date: formatDate(billing.data.subscription.periodEnd, { long: true }) })}</p>
        )}
        {state === "succeeded" && p.purpose !== "plan" && billing.data && <p>{t("checkout.outcome.balance", { amount: formatRub(billing.data.balanceKopecks) })}</p>}
        {state === "succeeded" && p.receiptEmail && <p className="text-sm text-muted-foreground">{t("checkout.outcome.receipt", { email: p.receiptEmail })}</p>}
        {state === "declined" && <p className="text-sm text-muted-foreground">{reason ?? t("checkout.outcome.declined.hint")}</p>}
        {state === "pending" && (
          <p className="inline-flex items-center justify-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            {t("checkout.outcome.pending.hint")}
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        {state === "declined" && (
          <Button asChild>
            <Link to={links.retry}>{t("checkout.outcome.retry")}</Link>
          </Button>
        )}
        {state === "pending" && p.confirmationUrl && (
          <Button asChild>
            <a href={p.confirmationUrl}>{t("checkout.outcome.continue")}</a>
          </Button>
        )}
        {links.onward.map((l, i) => (
          <Button key={l.to} asChild variant={state === "succeeded" && i === 0 ? "default" : "outline"}>
            <Link to={l.to}>{l.label}</Link>
          </Button>
        ))}
      </div>
    </Card>
  );
}

/**
 * The return page (/checkout?accountId=…&paymentId=…, where the provider sends the payer back):
 * polls GET /payments/:id every 2 s until it is final, then shows paid, declined (with the reason
 * and «try again») or still pending, with the links onward. A final answer refreshes the account's
 * billing state (plan, balance, lists).
 */
export function PaymentOutcome({ accountId, paymentId }: { accountId: string; paymentId: string }) {
  const qc = useQueryClient();
  const payment = useQuery(payQueries.payment(accountId, paymentId));
  const final = payment.data?.final;
  useEffect(() => {
    if (final) void qc.invalidateQueries({ queryKey: payKeys.billing(accountId), refetchType: "all" });
  }, [final, qc, accountId]);
  return (
    <QueryView query={payment} loading={<Skeleton className="mx-auto h-80 max-w-xl" />}>
      {(p) => <Outcome p={p} accountId={accountId} />}
    </QueryView>
  );
}
