import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { RotateCw, Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useDebounced } from "@/components/shell/use-palette-search";
import { Skeleton } from "@/components/ui/skeleton";
import { PlatformIcon } from "@/features/chat/components/platform-icon";
import { cn } from "@/lib/utils";
import { audienceErrorText, audienceQueries, type AudienceFilter, type AudienceTotals } from "../api";
import { filterKey, parseFilter } from "../filter-model";

export type AudienceCountProps = ({ accountId: string; filter: AudienceFilter } | { accountId: string; segmentId: string }) & { className?: string };

const CHANNELS = [
  ["telegram", "TELEGRAM"],
  ["whatsapp", "WHATSAPP"],
  ["instagram", "INSTAGRAM"],
] as const;

/**
 * The live size of an audience (a filter, debounced while it is edited, or a saved segment): the
 * reachable total (subscribed, no test contacts) and the numbers per channel.
 */
export function AudienceCount(props: AudienceCountProps) {
  const segmentId = "segmentId" in props ? props.segmentId : undefined;
  const key = useDebounced("filter" in props ? filterKey(props.filter) : "", 400);
  const byFilter = useQuery({ ...audienceQueries.count(props.accountId, parseFilter(key)), enabled: !segmentId });
  const bySegment = useQuery({ ...audienceQueries.segmentCount(props.accountId, segmentId ?? ""), enabled: !!segmentId });
  const q = segmentId ? bySegment : byFilter;
  return <AudienceTotalsView totals={q.data} pending={q.isPending} error={q.isError ? q.error : null} onRetry={() => void q.refetch()} retrying={q.isFetching} className={props.className} />;
}

export function AudienceTotalsView({
  totals,
  pending,
  error,
  onRetry,
  retrying,
  className,
}: {
  totals: AudienceTotals | undefined;
  pending: boolean;
  error: Error | null;
  onRetry: () => void;
  retrying: boolean;
  className?: string;
}) {
  const { t } = useTranslation(["contacts", "chat"]);
  if (error) {
    return (
      <div className={cn("flex flex-wrap items-center gap-2 text-sm text-destructive", className)} role="alert" data-testid="audience-count-error">
        <span>{audienceErrorText(error, t("audience.count.error"))}</span>
        <Button variant="ghost" size="sm" onClick={onRetry} loading={retrying}>
          <RotateCw aria-hidden />
          {t("audience.count.retry")}
        </Button>
      </div>
    );
  }
  if (pending || !totals) {
    return (
      <div className={cn("flex items-center gap-3", className)} aria-busy data-testid="audience-count-loading">
        <span className="sr-only">{t("audience.count.loading")}</span>
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-5 w-40" />
      </div>
    );
  }
  return (
    <div className={cn("flex flex-wrap items-center gap-x-4 gap-y-1 text-sm", className)} data-testid="audience-count" aria-live="polite" title={t("audience.count.hint")}>
      <span className="inline-flex items-center gap-1.5 font-medium text-heading">
        <Users className="size-4 text-muted-foreground" aria-hidden />
        <span data-testid="audience-total">{t("audience.count.total", { count: totals.total })}</span>
      </span>
      {CHANNELS.map(([k, platform]) => (
        <span key={k} className="inline-flex items-center gap-1.5 text-muted-foreground" data-testid={`audience-count-${k}`} title={t(`chat:platform.${platform}`)}>
          <PlatformIcon platform={platform} className="size-4" decorative />
          <span className="sr-only">{t(`chat:platform.${platform}`)}</span>
          <span className="tabular-nums">{totals.byChannel[k]}</span>
        </span>
      ))}
    </div>
  );
}
