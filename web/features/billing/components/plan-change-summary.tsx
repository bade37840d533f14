import type { ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { isApiError } from "@/lib/api";
import { formatRub, localeTag } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { queryKeys } from "@/lib/query";
import { planName, useInterfaceLanguage } from "../localized-name";
import { payApi, type PlanQuote } from "../pay-api";

/** «27 декабря» this year, «27 декабря 2027 г.» another year. */
export function dayMonth(ms: number, now = Date.now()): string {
  const sameYear = new Date(ms).getFullYear() === new Date(now).getFullYear();
  return new Intl.DateTimeFormat(localeTag(), sameYear ? { day: "numeric", month: "long" } : { day: "numeric", month: "long", year: "numeric" }).format(ms);
}

function Line({ title, hint, amount, testId, titleTestId, tone }: { title: ReactNode; hint?: ReactNode; amount: string; testId: string; titleTestId?: string; tone?: "credit" }) {
  return (
    <div className="flex justify-between gap-4" data-testid={testId}>
      <div className="min-w-0">
        <p className="font-medium text-heading" data-testid={titleTestId}>
          {title}
        </p>
        {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
      </div>
      <span className={tone === "credit" ? "font-medium whitespace-nowrap text-success tabular-nums" : "font-medium whitespace-nowrap text-heading tabular-nums"}>{amount}</span>
    </div>
  );
}

/**
 * The order summary of a plan at checkout, from the server's quote: the plan the account has now,
 * the new plan's price and when it starts, the credit of the unused days (an upgrade), what the
 * balance pays (with money on it, the balance pays first; the customer may untick it) and what the
 * card pays, and a sentence saying what happens to the current plan.
 */
export function PlanChangeSummary({ quote: q, useBalance = true, onUseBalance }: { quote: PlanQuote; useBalance?: boolean; onUseBalance?: (use: boolean) => void }) {
  const { t } = useTranslation("billing");
  const lang = useInterfaceLanguage();
  const plan = planName(q.plan, lang);
  const from = planName(q.current.plan, lang);
  const period = t(`checkout.change.period.${q.period}`);
  const hint =
    q.kind === "downgrade"
      ? t("checkout.change.from", { period, date: dayMonth(q.startsAt) })
      : q.kind === "current"
        ? t("checkout.change.until", { period, date: dayMonth(q.current.periodEnd) })
        : t("checkout.change.fromTo", { period, from: dayMonth(q.startsAt), to: dayMonth(q.endsAt) });
  const note =
    q.kind === "new"
      ? t("checkout.change.noteNew", { date: dayMonth(q.endsAt) })
      : q.kind === "upgrade"
        ? [t("checkout.change.noteUpgrade", { plan, from, date: dayMonth(q.endsAt) }), q.toBalanceKopecks > 0 ? t("checkout.change.noteToBalance", { amount: formatRub(q.toBalanceKopecks) }) : ""].filter(Boolean).join(" ")
        : q.kind === "downgrade"
          ? t("checkout.change.noteDowngrade", { plan, from, date: dayMonth(q.startsAt), price: formatRub(q.priceKopecks) })
          : t("checkout.change.noteCurrent", { date: dayMonth(q.current.periodEnd) });
  const scheduled = q.scheduled && q.kind !== "current" && q.scheduled.plan.id !== q.plan.id ? t("checkout.change.noteScheduledDropped", { plan: planName(q.scheduled.plan, lang) }) : null;
  // Money on the balance and something due now: the balance may pay first.
  const offersBalance = (q.kind === "new" || q.kind === "upgrade") && q.payNowKopecks > 0 && q.balanceKopecks > 0;
  return (
    <>
      {q.current.paid && (
        <p className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="order-current">
          {t("checkout.change.current", { plan: from, period: t(`checkout.change.period.${q.current.period}`), date: dayMonth(q.current.periodEnd) })}
        </p>
      )}
      <Line title={t("checkout.summary.plan", { name: plan })} hint={hint} amount={formatRub(q.priceKopecks)} testId="order-plan" titleTestId="order-line" />
      {q.kind === "upgrade" && q.creditKopecks > 0 && (
        <Line
          title={t("checkout.change.credit", { plan: from })}
          hint={t("checkout.change.creditDays", { days: q.creditDays, total: q.periodDays })}
          amount={`−${formatRub(q.creditKopecks)}`}
          testId="order-credit"
          tone="credit"
        />
      )}
      {q.toBalanceKopecks > 0 && <Line title={t("checkout.change.toBalance")} hint={t("checkout.change.toBalanceHint")} amount={`+${formatRub(q.toBalanceKopecks)}`} testId="order-to-balance" tone="credit" />}
      {offersBalance && onUseBalance && (
        <div className="flex items-start gap-2">
          <Checkbox id="use-balance" checked={useBalance} onCheckedChange={(v) => onUseBalance(v === true)} data-testid="order-use-balance" />
          <Label htmlFor="use-balance" className="leading-snug font-normal">
            {t("checkout.balance.use", { amount: formatRub(q.balanceKopecks) })}
          </Label>
        </div>
      )}
      {q.fromBalanceKopecks > 0 && <Line title={t("checkout.balance.fromBalance")} amount={`−${formatRub(q.fromBalanceKopecks)}`} testId="order-from-balance" tone="credit" />}
      <div className="flex justify-between border-t border-border pt-4 text-lg font-semibold text-heading">
        <span>{q.fromBalanceKopecks > 0 ? t("checkout.balance.byCard") : t("checkout.change.payNow")}</span>
        <span className="tabular-nums" data-testid="order-total">
          {formatRub(q.fromBalanceKopecks > 0 ? q.byCardKopecks : q.payNowKopecks)}
        </span>
      </div>
      {q.fromBalanceKopecks > 0 && (
        <p className="text-sm font-medium text-heading" data-testid="order-balance-split">
          {q.byCardKopecks > 0 ? t("checkout.balance.split", { balance: formatRub(q.fromBalanceKopecks), card: formatRub(q.byCardKopecks) }) : t("checkout.balance.whole", { balance: formatRub(q.fromBalanceKopecks) })}
        </p>
      )}
      <p className="text-sm text-muted-foreground" data-testid="order-note">
        {note}
        {scheduled && ` ${scheduled}`}
      </p>
    </>
  );
}

/**
 * The checkout's button for a plan that is not paid by card now: a downgrade is scheduled (or an
 * upgrade the credit covers is made) and the subscription page shows it; the current plan is not
 * sold again (a scheduled downgrade can be cancelled here, and a top-up pays the next period ahead).
 */
export function PlanChangeActions({
  accountId,
  quote: q,
  useBalance = true,
  busy,
  setBusy,
  onError,
  onTopUp,
}: {
  accountId: string;
  quote: PlanQuote;
  useBalance?: boolean;
  busy: boolean;
  setBusy: (b: boolean) => void;
  onError: (message: string | null) => void;
  onTopUp: () => void;
}) {
  const { t } = useTranslation("billing");
  const lang = useInterfaceLanguage();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const run = async (call: () => Promise<unknown>, done: string, to?: string) => {
    setBusy(true);
    onError(null);
    try {
      await call();
      await qc.invalidateQueries({ queryKey: queryKeys.accountPart(accountId, "billing") });
      notify({ type: "success", message: done });
      if (to) navigate(to);
    } catch (e) {
      onError(isApiError(e) ? e.message : t("checkout.errors.network"));
    }
    setBusy(false);
  };
  const plan = planName(q.plan, lang);
  if (q.kind !== "current")
    return (
      <Button
        size="lg"
        className="w-full"
        disabled={busy}
        data-testid="checkout-change"
        onClick={() =>
          run(
            () => payApi.changePlan(accountId, { planId: q.plan.id, period: q.period, ...(q.kind !== "downgrade" && !useBalance ? { useBalance: false } : {}) }),
            q.kind === "downgrade" ? t("checkout.change.scheduled", { plan, date: dayMonth(q.startsAt) }) : t("checkout.change.applied", { plan }),
            `/${accountId}/billing`,
          )
        }
      >
        {q.kind === "downgrade"
          ? t("checkout.change.downgradeAction", { plan, date: dayMonth(q.startsAt) })
          : q.fromBalanceKopecks > 0
            ? t("checkout.balance.payAction", { plan, amount: formatRub(q.fromBalanceKopecks) })
            : t("checkout.change.upgradeAction", { plan })}
      </Button>
    );
  return (
    <div className="grid gap-2">
      <Button size="lg" className="w-full" disabled data-testid="checkout-current">
        {t("checkout.change.currentAction")}
      </Button>
      {q.scheduled && (
        <Button variant="outline" className="w-full" disabled={busy} onClick={() => run(() => payApi.cancelChange(accountId), t("checkout.change.canceled"))} data-testid="checkout-cancel-change">
          {t("checkout.change.cancelScheduled", { plan: planName(q.scheduled.plan, lang) })}
        </Button>
      )}
      <Button variant="outline" className="w-full" onClick={onTopUp}>
        {t("checkout.change.topUp")}
      </Button>
    </div>
  );
}
