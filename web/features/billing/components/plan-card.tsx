import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Check } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatNumber, formatRub } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { planDescription, planName, useInterfaceLanguage } from "../localized-name";
import type { BillingPeriod, Plan } from "../pay-api";

const INCLUDED = ["aiReplies", "messagesIn", "messagesOut", "broadcastRecipients", "assistants", "channels", "seats"] as const;
const OVERAGE = ["aiReplies", "messagesIn", "messagesOut"] as const;

export type PlanChoice = { kind: "current" } | { kind: "choose"; to: string } | { kind: "free" } | { kind: "readOnly" } | { kind: "scheduled"; date: string };

/** One plan on /pricing: the price for the chosen period, what is included, the price beyond it, and the way to buy it. */
export function PlanCard({ plan, period, current, choice, featured }: { plan: Plan; period: BillingPeriod; current: boolean; choice: PlanChoice; featured: boolean }) {
  const { t } = useTranslation("billing");
  const lang = useInterfaceLanguage();
  const name = planName(plan, lang);
  const price = period === "year" ? plan.yearlyPriceKopecks : plan.monthlyPriceKopecks;
  return (
    <Card className={cn("relative gap-5 px-6 py-6", featured && "border-primary ring-1 ring-primary", current && "border-success ring-1 ring-success")} data-testid={`plan-${plan.code}`} aria-current={current ? "true" : undefined}>
      <div className="flex min-h-7 flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-heading">{name}</h2>
        {current ? <Badge variant="success">{t("pricing.current")}</Badge> : featured ? <Badge>{t("pricing.popular")}</Badge> : null}
      </div>
      <div>
        <p className="text-3xl font-semibold text-heading tabular-nums" data-testid="plan-price">
          {plan.free ? t("pricing.free") : formatRub(price)}
          {!plan.free && <span className="text-base font-normal text-muted-foreground"> {t(`pricing.per.${period}`)}</span>}
        </p>
        <p className="mt-1 min-h-5 text-sm text-muted-foreground">
          {plan.free ? t("pricing.freeHint") : period === "year" ? t("pricing.perMonthYearly", { amount: formatRub(Math.round(price / 12)), percent: plan.yearlyDiscountPercent }) : t("pricing.yearlyHint", { amount: formatRub(plan.yearlyPriceKopecks) })}
        </p>
        <p className="mt-2 text-sm lg:min-h-15">{planDescription(plan, lang)}</p>
      </div>
      <PlanAction choice={choice} planName={name} />
      <div>
        <h3 className="mb-2 text-sm font-semibold text-heading">{t("pricing.included")}</h3>
        <ul className="grid gap-1.5 text-sm">
          {INCLUDED.map((u) => (
            <li key={u} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
              <span>{t(`pricing.units.${u}`, { count: plan.included[u], formatted: formatNumber(plan.included[u]) })}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="border-t border-border pt-4">
        <h3 className="mb-2 text-sm font-semibold text-heading">{t("pricing.overage")}</h3>
        <dl className="grid gap-1 text-sm">
          {OVERAGE.map((u) => (
            <div key={u} className="flex justify-between gap-3">
              <dt className="text-muted-foreground">{t(`pricing.overageUnits.${u}`)}</dt>
              <dd className="font-medium text-heading tabular-nums">{formatRub(plan.overage[u])}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">{t("pricing.overageUnits.broadcastRecipients")}</dt>
            <dd className="text-end font-medium text-heading">{t("pricing.fromPackages")}</dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}

function PlanAction({ choice, planName }: { choice: PlanChoice; planName: string }) {
  const { t } = useTranslation("billing");
  if (choice.kind === "choose")
    return (
      <Button asChild className="w-full" data-testid="plan-choose">
        <Link to={choice.to} aria-label={t("pricing.chooseNamed", { name: planName })}>
          {t("pricing.choose")}
        </Link>
      </Button>
    );
  const label =
    choice.kind === "current" ? t("pricing.yourPlan") : choice.kind === "scheduled" ? t("pricing.scheduledFrom", { date: choice.date }) : choice.kind === "free" ? t("pricing.freeAlways") : t("pricing.ownerPays");
  return (
    <Button className="w-full" variant="outline" disabled>
      {label}
    </Button>
  );
}
