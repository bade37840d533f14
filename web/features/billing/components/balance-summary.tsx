import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { CalendarClock, Layers, Wallet } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatRub } from "@/lib/i18n";
import { methodLabel } from "../describe";
import { planName, useInterfaceLanguage } from "../localized-name";
import { payQueries } from "../pay-api";

function Tile({ icon: Icon, label, value, hint, testId }: { icon: LucideIcon; label: string; value: React.ReactNode; hint?: React.ReactNode; testId?: string }) {
  return (
    <Card className="flex-row items-center gap-4 px-5 py-4">
      <div className="flex size-11 shrink-0 items-center justify-center rounded-md bg-primary/12 text-primary">
        <Icon className="size-5.5" aria-hidden />
      </div>
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="truncate text-lg font-semibold text-heading tabular-nums" data-testid={testId}>
          {value}
        </p>
        {hint && <p className="truncate text-[0.8125rem] text-muted-foreground">{hint}</p>}
      </div>
    </Card>
  );
}

/** The balance, the plan and its period at the top of Operations (GET /billing). */
export function BalanceSummary({ accountId }: { accountId: string }) {
  const { t } = useTranslation("billing");
  const lang = useInterfaceLanguage();
  const billing = useQuery(payQueries.billing(accountId));
  if (billing.isPending) return <Skeleton className="mb-6 h-20 w-full" />;
  if (!billing.data) return null;
  const { plan, subscription: s, balanceKopecks, unsettledKopecks } = billing.data;
  return (
    <div className="mb-6 grid gap-4 md:grid-cols-3">
      <Tile icon={Wallet} label={t("operations.summary.balance")} value={formatRub(balanceKopecks)} hint={unsettledKopecks > 0 ? t("operations.summary.unsettled", { amount: formatRub(unsettledKopecks) }) : undefined} testId="operations-balance" />
      <Tile icon={Layers} label={t("operations.summary.plan")} value={planName(plan, lang)} hint={t(`operations.summary.period.${s.billingPeriod}`)} testId="operations-plan" />
      <Tile icon={CalendarClock} label={t("operations.summary.until")} value={formatDate(s.periodEnd, { long: true })} hint={s.paymentMethod ? t("operations.summary.method", { title: methodLabel(t, s.paymentMethod) }) : t("operations.summary.noMethod")} />
    </div>
  );
}
