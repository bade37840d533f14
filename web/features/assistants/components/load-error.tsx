import { useTranslation } from "react-i18next";
import { CloudOff, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/api";
import { cn } from "@/lib/utils";

/** A failed load: what happened in words and a retry. */
export function LoadError({ error, onRetry, retrying, className }: { error: unknown; onRetry: () => void; retrying?: boolean; className?: string }) {
  const { t } = useTranslation("assistants");
  return (
    <div role="alert" className={cn("flex flex-col items-center justify-center gap-3 rounded-md border border-dashed p-8 text-center", className)} data-testid="load-error">
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <CloudOff className="size-6" aria-hidden />
      </span>
      <div className="space-y-1">
        <p className="font-medium text-foreground">{t("errors.loadTitle")}</p>
        <p className="text-sm text-muted-foreground">{isApiError(error) ? error.body.message : t("errors.network")}</p>
      </div>
      <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
        <RefreshCw className="size-4" aria-hidden />
        {t("errors.retry")}
      </Button>
    </div>
  );
}
