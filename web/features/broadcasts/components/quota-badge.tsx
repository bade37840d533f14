import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Users } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { broadcastQueries } from "@/features/broadcasts/api";
import { formatNumber } from "@/lib/i18n";
import { QuotaGrants } from "./quota-grants";

/**
 * Recipients the account may still send broadcasts to: what the plan still includes this period
 * plus its unexpired packages, less what was sent and what running broadcasts hold. The tooltip
 * lists the plan's part and the packages with their expiry, in the order broadcasts spend them.
 */
export function QuotaBadge({ accountId }: { accountId: string }) {
  const { t } = useTranslation("broadcasts");
  const quota = useQuery(broadcastQueries.quota(accountId));
  if (quota.isPending) return <Skeleton className="h-6 w-44 rounded-full" data-testid="quota-badge-loading" />;
  if (quota.isError) {
    return (
      <Badge variant="destructive" data-testid="quota-badge" role="status">
        {t("quota.loadFailed")}
      </Badge>
    );
  }
  const { remaining } = quota.data;
  const label = t("quota.remaining", { count: remaining, formatted: formatNumber(remaining) });
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Badge variant={remaining > 0 ? "info" : "warning"} tabIndex={0} data-testid="quota-badge" aria-label={label}>
          <Users aria-hidden />
          {label}
        </Badge>
      </TooltipTrigger>
      <TooltipContent className="min-w-60 py-2">
        <QuotaGrants quota={quota.data} />
      </TooltipContent>
    </Tooltip>
  );
}
