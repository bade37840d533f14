import { useTranslation } from "react-i18next";
import type { FlowStatus } from "@worker/features/flows/contract";
import { Badge } from "@/components/ui/badge";

const TONE: Record<FlowStatus, "secondary" | "success" | "outline"> = { draft: "secondary", published: "success", archived: "outline" };

/** A flow's status as a tonal badge; a published flow with newer draft changes says so. */
export function FlowStatusBadge({ status, changed }: { status: FlowStatus; changed?: boolean }) {
  const { t } = useTranslation("flows");
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
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
