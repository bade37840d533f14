import { WifiOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button";
import { retryWaitingLoads, useOnline, useWaitingLoads } from "@/lib/connection";
import { cn } from "@/lib/utils";

/**
 * While the browser is offline: says so, and that nothing loads or saves until the connection
 * returns; gone when it is back. A page whose code waits for the connection (web/lib/connection.ts)
 * is named here too, with «Повторить». The live region stays in the page so the notice is read out.
 */
export function OfflineBanner({ className }: { className?: string }) {
  const { t } = useTranslation("common");
  const online = useOnline();
  const waiting = useWaitingLoads();
  const show = !online || waiting > 0;
  return (
    <div role="status" aria-live="polite">
      {show && (
        <div className={cn("rounded-md bg-card shadow-nav bordered:border bordered:border-border", className)} data-testid="offline-banner">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-md bg-warning/14 px-4 py-2 text-sm text-warning">
            <WifiOff className="size-4 shrink-0" aria-hidden />
            <p className="min-w-0 flex-1">
              <span className="font-medium">{t("connection.offline")}</span> {waiting > 0 ? t("connection.pageWaits") : t("connection.offlineHint")}
            </p>
            {waiting > 0 && (
              <Button type="button" size="sm" variant="outline" onClick={retryWaitingLoads} data-testid="offline-retry">
                {t("connection.retry")}
              </Button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
