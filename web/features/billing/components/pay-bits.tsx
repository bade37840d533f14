import { useTranslation } from "react-i18next";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { formatRub } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { PaymentStatus } from "../pay-api";

const STATUS_VARIANT: Record<PaymentStatus, BadgeProps["variant"]> = {
  succeeded: "success",
  pending: "warning",
  waiting_for_capture: "warning",
  creating: "secondary",
  canceled: "destructive",
  failed: "destructive",
};

/** A payment's status as a tonal badge («Оплачен», «Ожидает оплаты», «Отклонён»…). */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation("billing");
  return (
    <Badge variant={STATUS_VARIANT[status]} data-testid="payment-status">
      {t(`payments.status.${status}`)}
    </Badge>
  );
}

/** A signed amount of a ledger row: credits green with «+», debits with «−». */
export function SignedAmount({ kopecks, className }: { kopecks: number; className?: string }) {
  const text = `${kopecks > 0 ? "+" : kopecks < 0 ? "−" : ""}${formatRub(Math.abs(kopecks))}`;
  return <span className={cn("font-medium whitespace-nowrap tabular-nums", kopecks > 0 ? "text-success" : "text-heading", className)}>{text}</span>;
}
