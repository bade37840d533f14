import { useTranslation } from "react-i18next";
import { MousePointerClick } from "lucide-react";
import { RECIPIENT_STATES, type BroadcastCounts, type RecipientState } from "@worker/features/broadcasts/contract";
import { Card, CardContent } from "@/components/ui/card";
import { formatNumber } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { STATE_BAR } from "../status";

/** Recipients the pump has not handed to the sender yet. */
export const pendingOf = (c: BroadcastCounts) => Math.max(0, c.total - c.queued - c.sent - c.delivered - c.read - c.failed - c.skipped);

/** Share of the recipients that are done (sent, delivered, read, failed or skipped), 0–100. */
export function progressOf(c: BroadcastCounts): number {
  if (!c.total) return 0;
  return Math.round(((c.sent + c.delivered + c.read + c.failed + c.skipped) / c.total) * 100);
}

/**
 * A broadcast's progress: one bar split by recipient state, a counter per state and the button
 * clicks. The counts come from the page's query, which the room's frames patch as they arrive.
 */
export function BroadcastProgress({ counts, onState, activeState }: { counts: BroadcastCounts; onState?: (s: RecipientState) => void; activeState?: string }) {
  const { t } = useTranslation("broadcasts");
  const percent = progressOf(counts);
  return (
    <Card className="gap-5 py-5" data-testid="broadcast-progress">
      <CardContent className="space-y-5">
        <div className="space-y-2">
          <div className="flex items-baseline justify-between gap-3">
            <span className="text-sm font-medium text-heading">{t("page.progress")}</span>
            <span className="text-sm text-muted-foreground tabular-nums" data-testid="broadcast-progress-text">
              {t("page.progressText", { percent, done: formatNumber(counts.total - pendingOf(counts) - counts.queued), total: formatNumber(counts.total) })}
            </span>
          </div>
          <div role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t("page.progress")} className="flex h-3 overflow-hidden rounded-full bg-muted">
            {counts.total > 0 &&
              RECIPIENT_STATES.filter((s) => s !== "queued").map((s) => (
                <span key={s} className={cn("h-full transition-[width] duration-500", STATE_BAR[s])} style={{ width: `${(counts[s] / counts.total) * 100}%` }} />
              ))}
          </div>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-8" aria-label={t("page.byState")}>
          <Counter label={t("page.total")} value={counts.total} testId="count-total" />
          <Counter label={t("state.pending")} value={pendingOf(counts)} testId="count-pending" />
          {RECIPIENT_STATES.map((s) => (
            <Counter key={s} label={t(`state.${s}`)} value={counts[s]} dot={STATE_BAR[s]} testId={`count-${s}`} active={activeState === s} onClick={onState && counts[s] > 0 ? () => onState(s) : undefined} />
          ))}
        </ul>
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="count-clicks">
          <MousePointerClick className="size-4" aria-hidden />
          {t("page.clicks", { count: counts.clicks, formatted: formatNumber(counts.clicks) })}
        </p>
      </CardContent>
    </Card>
  );
}

function Counter({ label, value, dot, testId, active, onClick }: { label: string; value: number; dot?: string; testId: string; active?: boolean; onClick?: () => void }) {
  const body = (
    <>
      <span className="flex items-center gap-1.5 text-[0.8125rem] text-muted-foreground">
        {dot && <span className={cn("size-2 rounded-full", dot)} aria-hidden />}
        {label}
      </span>
      <span className="block text-xl font-semibold text-heading tabular-nums" data-testid={testId}>
        {formatNumber(value)}
      </span>
    </>
  );
  const frame = cn("block h-full w-full rounded-lg border px-3 py-2 text-start", active && "border-primary bg-primary/5");
  return (
    <li>
      {onClick ? (
        <button type="button" className={cn(frame, "cursor-pointer transition-colors hover:bg-muted/60")} onClick={onClick} aria-pressed={active}>
          {body}
        </button>
      ) : (
        <div className={frame}>{body}</div>
      )}
    </li>
  );
}
