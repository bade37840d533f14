import { useTranslation } from "react-i18next";
import { CloudOff, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/utils";

/** A dashboard card's failed data: what failed and a retry (the card then shows no figures it does not have). */
export interface CardFailure {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}

/** A query's failure as a card reads it; null while it has not failed. */
export function failureOf(query: { isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown }): CardFailure | null {
  return query.isError ? { error: query.error, onRetry: () => void query.refetch(), retrying: query.isFetching } : null;
}

/**
 * The compact error inside one dashboard card: a line saying the data did not load, the server's
 * sentence (or the connection's) unless `brief`, and «Повторить».
 */
export function CardLoadError({ failure, brief, className }: { failure: CardFailure; brief?: boolean; className?: string }) {
  const { t } = useTranslation("common");
  const detail = failure.error instanceof ApiError ? failure.error.body.message : t("loadError.network");
  return (
    <div role="alert" className={cn("flex flex-col items-start gap-2", className)} data-testid="card-load-error">
      <p className="flex items-center gap-1.5 text-sm font-medium text-destructive">
        <CloudOff className="size-4 shrink-0" aria-hidden />
        {t("loadError.title")}
      </p>
      {brief ? null : <p className="text-sm text-muted-foreground">{detail}</p>}
      <Button variant="outline" size="sm" onClick={failure.onRetry} loading={failure.retrying} title={brief ? detail : undefined}>
        <RefreshCw className="size-4" aria-hidden />
        {t("loadError.retry")}
      </Button>
    </div>
  );
}
