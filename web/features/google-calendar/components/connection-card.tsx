import { CalendarDays, Link2Off, RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDate } from "@/lib/i18n";
import { confirm } from "@/lib/confirm";
import type { GcalState } from "../api";

/** The connection's state: connect (or reconnect after invalid_grant), the last work and error, disconnect. */
export function ConnectionCard({ state, canEdit, busy, onConnect, onDisconnect }: { state: GcalState; canEdit: boolean; busy: string | null; onConnect: () => void; onDisconnect: () => void }) {
  const { t } = useTranslation("integrations");
  if (state.status === "disconnected") {
    return (
      <Card>
        <EmptyState
          icon={CalendarDays}
          title={t("googleCalendar.empty.title")}
          description={state.available ? t("googleCalendar.empty.description") : t("googleCalendar.unavailable")}
          action={
            canEdit && state.available ? (
              <Button onClick={onConnect} loading={busy === "connect"} data-testid="gcal-connect">
                {t("googleCalendar.connect")}
              </Button>
            ) : undefined
          }
        />
      </Card>
    );
  }
  const statusKey = state.reconnect ? "reconnect" : state.status;
  const askDisconnect = async () => {
    const ok = await confirm({ title: t("googleCalendar.disconnectConfirm.title"), message: t("googleCalendar.disconnectConfirm.message"), confirmText: t("googleCalendar.disconnectConfirm.confirm") });
    if (ok) onDisconnect();
  };
  return (
    <Card data-testid="gcal-connection">
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <div className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/12 text-primary">
              <CalendarDays className="size-5" aria-hidden />
            </div>
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-heading">{state.calendarSummary ?? t("googleCalendar.title")}</span>
                <Badge variant={state.status === "connected" ? "success" : "destructive"} data-testid="gcal-status">
                  {t(`googleCalendar.status.${statusKey}`)}
                </Badge>
              </div>
              <p className="text-sm text-muted-foreground">
                {state.lastWorkedAt ? t("googleCalendar.lastWorked", { when: formatDate(state.lastWorkedAt, { withTime: true }) }) : state.connectedAt ? t("googleCalendar.connectedAt", { when: formatDate(state.connectedAt, { withTime: true }) }) : null}
              </p>
            </div>
          </div>
          {canEdit && (
            <div className="flex flex-wrap gap-2">
              {state.status === "error" && (
                <Button onClick={onConnect} loading={busy === "connect"} data-testid="gcal-reconnect">
                  <RefreshCw aria-hidden /> {t("googleCalendar.reconnect")}
                </Button>
              )}
              <Button variant="outline" onClick={() => void askDisconnect()} loading={busy === "disconnect"} data-testid="gcal-disconnect">
                <Link2Off aria-hidden /> {t("googleCalendar.disconnect")}
              </Button>
            </div>
          )}
        </div>
        {state.reconnect && (
          <Alert variant="destructive">
            <AlertDescription>{t("googleCalendar.reconnectAlert")}</AlertDescription>
          </Alert>
        )}
        {!state.reconnect && state.status === "error" && state.lastError && (
          <Alert variant="warning">
            <AlertDescription>{t("googleCalendar.lastError", { error: state.lastError })}</AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
