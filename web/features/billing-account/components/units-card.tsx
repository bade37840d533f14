import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { BillingUnit } from "@/features/billing-account/api";
import { formatNumber, formatRub } from "@/lib/i18n";
import { cn } from "@/lib/utils";

function barTone(percent: number) {
  if (percent >= 100) return "bg-destructive";
  if (percent >= 80) return "bg-warning";
  return "bg-primary";
}

/** One unit: its name, used of included, and a bar (role=progressbar, so it is read out). */
function UnitBar({ unit }: { unit: BillingUnit }) {
  const { t } = useTranslation("billing");
  const percent = unit.percent ?? 0;
  const label = t(`usage.units.${unit.unit}`);
  return (
    <li className="space-y-2" data-testid={`unit-${unit.unit}`}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-heading">{label}</span>
        <span className="text-muted-foreground tabular-nums">
          {t("usage.usedOf", { used: formatNumber(unit.used), included: formatNumber(unit.included) })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, percent)}
        aria-valuetext={t("usage.percent", { percent })}
        className="h-2 overflow-hidden rounded-full bg-muted-foreground/15"
      >
        <div className={cn("h-full rounded-full transition-[width]", barTone(percent))} style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
      {unit.overUnits > 0 && (
        <p className="text-xs text-muted-foreground">
          {unit.kind === "consumable" && unit.priceKopecks > 0
            ? t("usage.overPriced", { count: unit.overUnits, price: formatRub(unit.priceKopecks), total: formatRub(unit.overUnits * unit.priceKopecks) })
            : t("usage.over", { count: unit.overUnits })}
        </p>
      )}
    </li>
  );
}

/** Included units of the plan against the period's usage (consumables) and what exists now (caps). */
export function UnitsCard({ units }: { units: BillingUnit[] }) {
  const { t } = useTranslation("billing");
  const consumables = units.filter((u) => u.kind === "consumable");
  const caps = units.filter((u) => u.kind === "cap");
  return (
    <Card data-testid="billing-units">
      <CardHeader>
        <CardTitle>{t("usage.unitsTitle")}</CardTitle>
        <CardDescription>{t("usage.unitsDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8 md:grid-cols-2">
        <section aria-label={t("usage.consumables")}>
          <h3 className="mb-4 text-sm font-semibold tracking-wide text-muted-foreground uppercase">{t("usage.consumables")}</h3>
          <ul className="space-y-5">
            {consumables.map((u) => (
              <UnitBar key={u.unit} unit={u} />
            ))}
          </ul>
        </section>
        <section aria-label={t("usage.caps")}>
          <h3 className="mb-4 text-sm font-semibold tracking-wide text-muted-foreground uppercase">{t("usage.caps")}</h3>
          <ul className="space-y-5">
            {caps.map((u) => (
              <UnitBar key={u.unit} unit={u} />
            ))}
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}
