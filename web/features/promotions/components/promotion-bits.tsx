import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { formatMoney } from "@/features/products/money";
import { localeTag } from "@/lib/i18n";
import type { Promotion, PromotionStatus } from "../api";

const STATUS_VARIANT: Record<PromotionStatus, "success" | "info" | "secondary" | "warning" | "outline"> = {
  active: "success",
  scheduled: "info",
  expired: "secondary",
  exhausted: "warning",
  inactive: "outline",
};

/** «Действует», «Запланирована», «Завершена», «Исчерпана», «Выключена». */
export function PromotionStatusBadge({ status }: { status: PromotionStatus }) {
  const { t } = useTranslation("products");
  return (
    <Badge variant={STATUS_VARIANT[status]} data-testid="promotion-status" data-status={status}>
      {t(`promotions.status.${status}`)}
    </Badge>
  );
}

/** What the promotion gives: «−10 %», «−500,00 ₽» or the gift's text. */
export function promotionBenefit(p: Pick<Promotion, "kind" | "percent" | "amount" | "currency" | "giftText">, giftLabel: string): string {
  if (p.kind === "percent") return `−${p.percent ?? 0} %`;
  if (p.kind === "fixed") return `−${formatMoney(p.amount ?? 0, p.currency)}`;
  return p.giftText || giftLabel;
}

/** The validity period on the account's clock: «с 01.03.2026 10:00 по 31.03.2026 23:59», «бессрочно». */
export function PromotionPeriod({ promotion: p, timeZone }: { promotion: Pick<Promotion, "validFrom" | "validTo">; timeZone: string }) {
  const { t } = useTranslation("products");
  const fmt = (iso: string) => new Intl.DateTimeFormat(localeTag(), { timeZone, day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));
  if (!p.validFrom && !p.validTo) return <span className="text-muted-foreground">{t("promotions.period.always")}</span>;
  return (
    <span className="grid text-[0.8125rem] whitespace-nowrap">
      {p.validFrom && <span>{t("promotions.period.from", { date: fmt(p.validFrom) })}</span>}
      {p.validTo && <span>{t("promotions.period.to", { date: fmt(p.validTo) })}</span>}
    </span>
  );
}
