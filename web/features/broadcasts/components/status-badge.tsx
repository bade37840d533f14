import { useTranslation } from "react-i18next";
import type { BroadcastStatus, RecipientState } from "@worker/features/broadcasts/contract";
import { Badge } from "@/components/ui/badge";
import { STATE_TONE, STATUS_TONE } from "../status";

/** A broadcast's status as a tonal badge (the same words in the list, the page and the filter). */
export function BroadcastStatusBadge({ status, className }: { status: BroadcastStatus; className?: string }) {
  const { t } = useTranslation("broadcasts");
  return (
    <Badge variant={STATUS_TONE[status]} className={className} data-testid="broadcast-status" data-status={status}>
      {status === "sending" && <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden />}
      {t(`status.${status}`)}
    </Badge>
  );
}

/** One recipient's state as a tonal badge. */
export function RecipientStateBadge({ state }: { state: RecipientState | null }) {
  const { t } = useTranslation("broadcasts");
  if (!state) return <Badge variant="outline">{t("state.pending")}</Badge>;
  return (
    <Badge variant={STATE_TONE[state]} data-state={state}>
      {t(`state.${state}`)}
    </Badge>
  );
}
