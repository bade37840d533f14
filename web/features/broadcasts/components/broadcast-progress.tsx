import { useTranslation } from "react-i18next";
import { Info, MousePointerClick } from "lucide-react";
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

/** Receipt states a messenger never reports: Telegram's Bot API tells of no delivery or reading. */
export function unreportedStates(platform: string | undefined): readonly RecipientState[] {
  return platform === "TELEGRAM" ? ["delivered", "read"] : [];
}

/**
 * A broadcast's progress: one bar split by recipient state, a counter per state and the button
 * clicks. The counts come from the page's query, which the room's frames patch as they arrive.
 * States the channel never reports (Telegram's delivery and reading) show «—» with the reason,
 * not a zero that would read as nobody got it.
 */
export function BroadcastProgress({ counts, platform, onState, activeState }: { counts: BroadcastCounts; platform?: string; onState?: (s: RecipientState) => void; activeState?: string }) {
  const { t } = useTranslation("broadcasts");
  const percent = progressOf(counts);
  const unreported = unreportedStates(platform);
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
          {RECIPIENT_STATES.map((s) =>
            unreported.includes(s) && counts[s] === 0 ? (
              <Counter key={s} label={t(`state.${s}`)} value={null} dot={STATE_BAR[s]} testId={`count-${s}`} hint={t("page.noReceipts")} />
            ) : (
              <Counter key={s} label={t(`state.${s}`)} value={counts[s]} dot={STATE_BAR[s]} testId={`count-${s}`} active={activeState === s} onClick={onState && counts[s] > 0 ? () => onState(s) : undefined} />
            ),
          )}
        </ul>
        {unreported.length > 0 && (
          <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="no-receipts">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t("page.noReceipts")}
          </p>
        )}
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="count-clicks">
          <MousePointerClick className="size-4" aria-hidden />
          {t("page.clicks", { count: counts.clicks, formatted: formatNumber(counts.clicks) })}
        </p>
      </CardContent>
    </Card>
  );
}

/** One state's count; `null`: the channel does not report it (`hint` says so, as the counter's title). */
function Counter({ label, value, dot, testId, active, onClick, hint }: { label: string; value: number | null; dot?: string; testId: string; active?: boolean; onClick?: () => void; hint?: string }) {
  const body = (
    <>
      <span className="flex items-center gap-1.5 text-[0.8125rem] text-muted-foreground">
        {dot && <span className={cn("size-2 rounded-full", dot)} aria-hidden />}
        {label}
      </span>
      {value === null ? (
        <span className="block text-xl font-semibold text-muted-foreground" data-testid={testId} title={hint}>
          —
        </span>
      ) : (
        <span className="block text-xl font-semibold text-heading tabular-nums" data-testid={testId}>
          {formatNumber(value)}
        </span>
      )}
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
