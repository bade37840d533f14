import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import type { PayoutStatus } from "@/features/partners/api";

const VARIANT = { requested: "secondary", approved: "info", paid: "success", rejected: "destructive" } as const;

export function PayoutBadge({ status }: { status: PayoutStatus }) {
  const { t } = useTranslation("partners");
  return <Badge variant={VARIANT[status]}>{t(`payoutStatus.${status}`)}</Badge>;
}
