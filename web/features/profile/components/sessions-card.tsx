import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut, Monitor, Smartphone } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeading } from "@/components/ui/card";
import { ListSkeleton } from "@/components/list-skeleton";
import { QueryView } from "@/components/query-view";
import { profileApi, profileQueries } from "@/features/profile/api";
import type { SessionInfo } from "@worker/features/auth/auth.service";
import { confirm } from "@/lib/confirm";
import { formatDate, formatRelative } from "@/lib/i18n";
import { notify } from "@/lib/notify";
import { queryKeys } from "@/lib/query";
import { useBusyAction } from "@/lib/use-busy-action";
import { describeUserAgent } from "./user-agent";

export function SessionsCard() {
  const { t } = useTranslation("profile");
  const queryClient = useQueryClient();
  const { busy, run } = useBusyAction();
  const sessions = useQuery(profileQueries.sessions());
  const others = sessions.data?.data.filter((s) => !s.current) ?? [];

  const endOne = async (s: SessionInfo) => {
    const ua = describeUserAgent(s.userAgent);
    const ok = await confirm({ title: t("sessions.endConfirmTitle"), message: t("sessions.endConfirm", { device: label(ua) }), confirmText: t("sessions.end") });
    if (!ok) return;
    await run(s.id, async () => {
      await profileApi.revokeSession(s.id);
      notify({ type: "success", message: t("sessions.ended") });
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions() });
    });
  };

  const endOthers = async () => {
    const ok = await confirm({ title: t("sessions.endOthersConfirmTitle"), message: t("sessions.endOthersConfirm", { count: others.length }), confirmText: t("sessions.endOthers") });
    if (!ok) return;
    await run("others", async () => {
      const res = await profileApi.logoutOthers();
      notify({ type: "success", message: t("sessions.endedOthers", { count: res.count }) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions() });
    });
  };

  const label = (ua: ReturnType<typeof describeUserAgent>) =>
    ua.browser && ua.os ? t("sessions.browserOn", { browser: ua.browser, os: ua.os }) : ua.browser || ua.os || t("sessions.unknownDevice");

  return (
    <Card data-testid="sessions-card">
      <CardHeading
        title={t("sessions.title")}
        description={t("sessions.description")}
        action={
          others.length > 0 && (
            <Button variant="outline" onClick={endOthers} loading={busy === "others"} data-testid="end-other-sessions">
              <LogOut aria-hidden />
              {t("sessions.endOthers")}
            </Button>
          )
        }
      />
      <CardContent>
        <QueryView
          query={sessions}
          loading={<ListSkeleton count={3} className="space-y-4" rowClassName="flex items-center gap-4" lead="size-10 rounded-md" lines={["h-4 w-48", "h-3 w-64"]} busy={false} />}
        >
          {(data) => (
            <ul className="divide-y">
              {data.data.map((s) => {
                const ua = describeUserAgent(s.userAgent);
                const Icon = ua.mobile ? Smartphone : Monitor;
                return (
                  <li key={s.id} className="flex flex-wrap items-center gap-4 py-3 first:pt-0 last:pb-0" data-testid={s.current ? "session-current" : "session-other"}>
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary/12 text-primary">
                      <Icon className="size-5" aria-hidden />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="flex flex-wrap items-center gap-2 font-medium text-heading">
                        {label(ua)}
                        {s.current && <Badge variant="success">{t("sessions.current")}</Badge>}
                      </p>
                      <p className="text-sm text-muted-foreground">
                        {[s.ip, t("sessions.lastUsed", { when: formatRelative(s.lastUsedAt) }), t("sessions.since", { date: formatDate(s.createdAt) })].filter(Boolean).join(" · ")}
                      </p>
                    </div>
                    {!s.current && (
                      <Button variant="ghost" size="sm" className="text-muted-foreground hover:text-destructive" onClick={() => endOne(s)} loading={busy === s.id}>
                        {t("sessions.end")}
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </QueryView>
        {sessions.data && others.length === 0 && <p className="mt-4 text-sm text-muted-foreground">{t("sessions.onlyThis")}</p>}
      </CardContent>
    </Card>
  );
}
