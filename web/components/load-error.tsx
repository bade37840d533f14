import { useTranslation } from "react-i18next";
import { CloudOff, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/utils";

/** The error state of a loading view, on every page: a sentence a person understands and a retry. */
export function LoadError({ error, onRetry, retrying, className }: { error: unknown; onRetry: () => void; retrying?: boolean; className?: string }) {
  const { t } = useTranslation("common");
  const detail = error instanceof ApiError ? error.body.message : t("loadError.network");
  return (
    <div role="alert" className={cn("flex flex-col items-center justify-center gap-3 rounded-md border border-dashed p-8 text-center", className)} data-testid="load-error">
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <CloudOff className="size-6" aria-hidden />
      </span>
      <div className="space-y-1">
        <p className="font-medium text-foreground">{t("loadError.title")}</p>
        <p className="text-sm text-muted-foreground">{detail}</p>
      </div>
      <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
        <RefreshCw className="size-4" aria-hidden />
        {t("loadError.retry")}
      </Button>
    </div>
  );
}
