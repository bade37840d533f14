import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { formatNumber, formatRub } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { packageName, planName, useInterfaceLanguage } from "../localized-name";
import type { BillingPeriod, PackageOnSale, Plan } from "../pay-api";

export const TOPUP_PRESETS = [100_000, 300_000, 500_000, 1_000_000];

/** One choice of a radio list drawn as a bordered row (title, hint, price on the right). */
function ChoiceRow({ value, id, title, hint, price, testId, badge }: { value: string; id: string; title: string; hint?: string; price: string; testId?: string; badge?: string }) {
  return (
    <Label htmlFor={id} className="flex cursor-pointer items-center gap-3 rounded-md border border-border px-4 py-3 font-normal has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5" data-testid={testId}>
      <RadioGroupItem value={value} id={id} />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2 leading-snug font-medium text-heading">
          {title}
          {badge && (
            <Badge variant="success" data-testid="checkout-plan-current">
              {badge}
            </Badge>
          )}
        </span>
        {hint && <span className="mt-0.5 block text-[0.8125rem] leading-snug text-muted-foreground">{hint}</span>}
      </span>
      <span className="font-semibold whitespace-nowrap text-heading tabular-nums">{price}</span>
    </Label>
  );
}

/** The plans for a month or a year; the account's own plan is marked («Ваш тариф», with its period when the other one is shown). */
export function PlanPicker({
  plans,
  planId,
  period,
  current,
  onPlan,
  onPeriod,
}: {
  plans: Plan[];
  planId: string | null;
  period: BillingPeriod;
  current: { planId: string; period: BillingPeriod } | null;
  onPlan: (id: string) => void;
  onPeriod: (p: BillingPeriod) => void;
}) {
  const { t } = useTranslation("billing");
  const lang = useInterfaceLanguage();
  return (
    <div className="grid gap-4">
      <RadioGroup value={period} onValueChange={(v) => onPeriod(v as BillingPeriod)} className="grid-cols-2" aria-label={t("pricing.periodLabel")}>
        {(["month", "year"] as const).map((p) => (
          <Label key={p} htmlFor={`period-${p}`} className="flex cursor-pointer items-center gap-3 rounded-md border border-border px-4 py-2.5 font-normal has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5">
            <RadioGroupItem value={p} id={`period-${p}`} />
            {t(p === "month" ? "pricing.monthly" : "pricing.yearly")}
          </Label>
        ))}
      </RadioGroup>
      <RadioGroup value={planId ?? ""} onValueChange={onPlan} aria-label={t("checkout.plan")}>
        {plans.map((p) => (
          <ChoiceRow
            key={p.id}
            value={p.id}
            id={`plan-${p.id}`}
            testId={`checkout-plan-${p.code}`}
            title={planName(p, lang)}
            hint={t("checkout.planHint", { replies: formatNumber(p.included.aiReplies), messages: formatNumber(p.included.messagesIn) })}
            price={`${formatRub(period === "year" ? p.yearlyPriceKopecks : p.monthlyPriceKopecks)} ${t(`pricing.per.${period}`)}`}
            badge={current?.planId === p.id ? (current.period === period ? t("pricing.yourPlan") : t(`checkout.change.yourPlanPeriod.${current.period}`)) : undefined}
          />
        ))}
      </RadioGroup>
    </div>
  );
}

export function PackagePicker({ packages, packageId, onPackage }: { packages: PackageOnSale[]; packageId: string | null; onPackage: (id: string) => void }) {
  const { t } = useTranslation("billing");
  const lang = useInterfaceLanguage();
  if (packages.length === 0) return <p className="text-sm text-muted-foreground">{t("checkout.noPackages")}</p>;
  return (
    <RadioGroup value={packageId ?? ""} onValueChange={onPackage} aria-label={t("checkout.package")}>
      {packages.map((p) => (
        <ChoiceRow key={p.id} value={p.id} id={`package-${p.id}`} title={packageName(p, lang)} hint={t("checkout.packageHint", { count: p.recipients, formatted: formatNumber(p.recipients), days: p.validityDays })} price={formatRub(p.priceKopecks)} />
      ))}
    </RadioGroup>
  );
}

export function TopupPicker({ amount, onAmount, error }: { amount: string; onAmount: (v: string) => void; error?: string }) {
  const { t } = useTranslation("billing");
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        {TOPUP_PRESETS.map((k) => (
          <button
            key={k}
            type="button"
            onClick={() => onAmount(String(k / 100))}
            className={cn("cursor-pointer rounded-full border border-border px-4 py-1.5 text-sm font-medium tabular-nums hover:border-primary", amount === String(k / 100) && "border-primary bg-primary/10 text-primary")}
          >
            {formatRub(k)}
          </button>
        ))}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="topup-amount">{t("checkout.amount")}</Label>
        <Input id="topup-amount" inputMode="decimal" value={amount} onChange={(e) => onAmount(e.target.value)} aria-invalid={!!error} aria-describedby="topup-amount-hint" data-testid="topup-amount" className="sm:max-w-60" />
        <p id="topup-amount-hint" className={cn("text-[0.8125rem]", error ? "text-destructive" : "text-muted-foreground")}>
          {error ?? t("checkout.amountHint")}
        </p>
      </div>
    </div>
  );
}
