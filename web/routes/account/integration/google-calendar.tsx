import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { PageHeader } from "@/components/page-header";
import { QueryView } from "@/components/query-view";
import { Skeleton } from "@/components/ui/skeleton";
import { useAbility } from "@/lib/ability";
import { notify } from "@/lib/notify";
import { queryClient } from "@/lib/query";
import { useBusyAction } from "@/lib/use-busy-action";
import { gcalApi, gcalKeys, gcalQueries, type GcalSettingsInput } from "@/features/google-calendar/api";
import { BookingsCard } from "@/features/google-calendar/components/bookings-card";
import { ConnectionCard } from "@/features/google-calendar/components/connection-card";
import { SettingsCard } from "@/features/google-calendar/components/settings-card";

export const handle = { titleKey: "integrations:googleCalendar.title" };

const OAUTH_ERRORS = ["cancelled", "expired", "session", "exchange", "scope", "no_refresh"];

/** /:accountId/integration/google-calendar — connect Google Calendar, the booking settings and the bookings. */
export default function GoogleCalendarPage() {
  const { t } = useTranslation("integrations");
  const { accountId = "" } = useParams();
  const canEdit = useAbility().can("update", "Integration");
  const [params, setParams] = useSearchParams();
  const state = useQuery(gcalQueries.state(accountId));
  const live = state.data && state.data.status !== "disconnected" && !state.data.reconnect;
  const settings = useQuery(gcalQueries.settings(accountId, !!live));
  const calendars = useQuery(gcalQueries.calendars(accountId, !!live));
  const { busy, run } = useBusyAction<"connect" | "disconnect">();
  const oauthError = params.get("google_error");

  useEffect(() => {
    if (params.get("google_connected")) {
      notify({ type: "success", message: t("googleCalendar.connectedToast") });
      params.delete("google_connected");
      setParams(params, { replace: true });
    }
  }, [params, setParams, t]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: gcalKeys.all(accountId) });
  const connect = () =>
    void run("connect", async () => {
      const { url } = await gcalApi.start(accountId);
      window.location.assign(url);
    });
  const disconnect = () => void run("disconnect", () => gcalApi.disconnect(accountId), t("googleCalendar.disconnected")).then(refresh);
  const save = async (v: GcalSettingsInput) => {
    await gcalApi.saveSettings(accountId, v);
    notify({ type: "success", message: t("googleCalendar.settings.saved") });
    await refresh();
  };

  return (
    <div className="space-y-6" data-testid="google-calendar-page">
      <PageHeader title={t("googleCalendar.title")} description={t("googleCalendar.description")} />
      {oauthError && OAUTH_ERRORS.includes(oauthError) && (
        <Alert variant="destructive" data-testid="gcal-oauth-error">
          <AlertDescription>{t(`googleCalendar.errors.${oauthError}`)}</AlertDescription>
        </Alert>
      )}
      <QueryView query={state} loading={<Skeleton aria-busy="true" className="h-28" />}>
        {(s) => (
          <div className="space-y-6">
            <ConnectionCard state={s} canEdit={canEdit} busy={busy} onConnect={connect} onDisconnect={disconnect} />
            {live && (
              <QueryView query={settings} loading={<Skeleton aria-busy="true" className="h-96" />}>
                {(st) => <SettingsCard settings={st} calendars={calendars.data?.data} canEdit={canEdit} onSave={save} />}
              </QueryView>
            )}
            {s.status !== "disconnected" && <p className="text-sm text-muted-foreground">{t("googleCalendar.tools")}</p>}
            {s.status !== "disconnected" && <BookingsCard accountId={accountId} canEdit={canEdit} />}
          </div>
        )}
      </QueryView>
    </div>
  );
}
