import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeading } from "@/components/ui/card";
import { formatDate, formatNumber, formatRub } from "@/lib/i18n";
import { isModuleMounted } from "@/lib/route-modules";
import type { Dashboard } from "@/features/analytics/api";
import { planName, useInterfaceLanguage } from "@/features/billing/localized-name";

/** Balance, plan and the period's usage of each consumable (shown to those who read billing). */
export function BalanceCard({ billing }: { billing: NonNullable<Dashboard["billing"]> }) {
  const { t } = useTranslation("dashboard");
  const lang = useInterfaceLanguage();
  const { accountId = "" } = useParams();
  return (
    <Card data-testid="balance-card">
      <CardHeading
        title={t("balance.title")}
        description={t("balance.plan", { plan: planName({ name: billing.planName, translations: billing.planTranslations }, lang), until: formatDate(billing.periodEnd) })}
        action={
          isModuleMounted("account/billing") ? (
            <Button asChild size="sm" variant="outline">
              <Link to={`/${accountId}/billing`}>{t("balance.open")}</Link>
            </Button>
          ) : undefined
        }
      />
      <CardContent className="space-y-4">
        <p className="text-2xl font-semibold text-heading tabular-nums" data-testid="balance-value">
          {formatRub(billing.balanceKopecks)}
        </p>
        <ul className="space-y-3">
          {billing.units.map((u) => (
            <li key={u.unit} className="space-y-1">
              <div className="flex justify-between gap-2 text-sm">
                <span>{t(`balance.units.${u.unit}`, { defaultValue: u.unit })}</span>
                <span className="tabular-nums text-muted-foreground">{t("balance.usedOf", { used: formatNumber(u.used), included: formatNumber(u.included) })}</span>
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-label={t(`balance.units.${u.unit}`, { defaultValue: u.unit })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.min(100, u.percent ?? 0)}>
                <div className={(u.percent ?? 0) >= 100 ? "h-full bg-destructive" : (u.percent ?? 0) >= 80 ? "h-full bg-warning" : "h-full bg-primary"} style={{ width: `${Math.min(100, u.percent ?? 0)}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
