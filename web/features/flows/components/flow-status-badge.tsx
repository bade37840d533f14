import { useTranslation } from "react-i18next";
import type { FlowStatus } from "@worker/features/flows/contract";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

const TONE: Record<FlowStatus, "secondary" | "success" | "outline"> = { draft: "secondary", published: "success", archived: "outline" };

/** A flow's status as a tonal badge; a published flow with newer draft changes says so. */
export function FlowStatusBadge({ status, changed, className }: { status: FlowStatus; changed?: boolean; className?: string }) {
  const { t } = useTranslation("flows");
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-1.5", className)}>
      <Badge variant={TONE[status]} data-testid="flow-status" data-status={status}>
        {t(`status.${status}`)}
      </Badge>
      {changed && status === "published" && (
        <Badge variant="warning" title={t("list.changedHint")}>
          {t("list.changed")}
        </Badge>
      )}
    </span>
  );
}
