import { useTranslation } from "react-i18next";
import { packageName, planName, useInterfaceLanguage } from "@/features/billing/localized-name";
import type { BroadcastQuota } from "@/features/broadcasts/api";
import { formatDate, formatNumber } from "@/lib/i18n";
import { cn } from "@/lib/utils";

/**
 * An account's broadcast quota as lines, in the order broadcasts spend them: what the plan still
 * includes this period (until the period's end), then each unexpired package grant with what is
 * left of it and its expiry (earliest first), then what running broadcasts hold. Shown in the quota
 * badge's tooltip and in the administrator's grant dialog.
 */
export function QuotaGrants({ quota, className }: { quota: Pick<BroadcastQuota, "grants" | "reserved"> & { plan?: BroadcastQuota["plan"] }; className?: string }) {
  const { t } = useTranslation("broadcasts");
  const lang = useInterfaceLanguage();
  const grants = quota.grants.filter((g) => !g.expired).sort((a, b) => a.expiresAt - b.expiresAt);
  const plan = quota.plan && quota.plan.included > 0 ? quota.plan : null;
  return (
    <ul className={cn("space-y-1 text-sm", className)} data-testid="quota-grants">
      {plan && (
        <li className="flex flex-wrap justify-between gap-x-3" data-testid="quota-plan-line">
          {t("quota.planLine", {
            plan: plan.name ? planName({ name: plan.name, translations: plan.translations }, lang) : "",
            remaining: formatNumber(plan.remaining),
            total: formatNumber(plan.included),
            date: plan.periodEnd ? formatDate(plan.periodEnd) : "—",
          })}
        </li>
      )}
      {!grants.length && <li>{t("quota.noGrants")}</li>}
      {grants.map((g) => (
        <li key={g.id} className="flex flex-wrap justify-between gap-x-3">
          <span className="font-medium">{packageName({ name: g.packageName, translations: g.packageTranslations }, lang)}</span>
          <span className="tabular-nums">
            {t("quota.grantLine", { remaining: formatNumber(g.remaining), total: formatNumber(g.recipients), date: formatDate(g.expiresAt) })}
          </span>
        </li>
      ))}
      {quota.reserved > 0 && <li className="opacity-80">{t("quota.reservedLine", { count: quota.reserved, formatted: formatNumber(quota.reserved) })}</li>}
    </ul>
  );
}
