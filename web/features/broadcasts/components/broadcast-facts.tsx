import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PlatformIcon } from "@/features/chat/components/platform-icon";
import { formatInZone, useAccountTimeZone, zoneName } from "../account-time";
import type { Broadcast } from "../api";

/**
 * The broadcast's facts: channel, author, when it was scheduled, started and finished (on the
 * account's clock, as the schedule was entered; the zone named when it is not the browser's), its pacing.
 */
export function BroadcastFacts({ accountId, broadcast: b }: { accountId: string; broadcast: Broadcast }) {
  const { t } = useTranslation(["broadcasts", "chat"]);
  const { timeZone, foreign } = useAccountTimeZone(accountId);
  const when = (at: string | number) => formatInZone(at, timeZone);
  const pacing = b.pacing.minDelaySec !== undefined ? t("page.pacingDelay", { min: b.pacing.minDelaySec, max: b.pacing.maxDelaySec ?? b.pacing.minDelaySec }) : b.pacing.perSecond ? t("page.pacingRate", { n: b.pacing.perSecond }) : t("page.pacingOff");
  const rows: Array<[string, React.ReactNode]> = [
    [
      t("page.channel"),
      b.channel ? (
        <span className="inline-flex items-center gap-2">
          <PlatformIcon platform={b.channel.platform} className="size-4" decorative />
          {t(`chat:platform.${b.channel.platform}`)}
          {b.channel.name && <span className="text-muted-foreground">· {b.channel.name}</span>}
        </span>
      ) : b.status === "draft" ? (
        // A draft saved before a channel was chosen (a deleted channel is "disconnected").
        t("page.noChannel")
      ) : (
        t("list.noChannel")
      ),
    ],
    [t("page.author"), b.author?.name || "—"],
    [t("page.created"), when(b.createdAt)],
  ];
  if (b.scheduledAt) rows.push([t("page.scheduled"), <span data-testid="broadcast-scheduled-at">{when(b.scheduledAt)}</span>]);
  if (b.startedAt) rows.push([t("page.started"), when(b.startedAt)]);
  // A cancelled broadcast's end is when it was cancelled.
  if (b.completedAt) rows.push([b.status === "cancelled" ? t("status.cancelled") : t("page.completed"), when(b.completedAt)]);
  // Instagram has no pacing; a draft without a channel has no platform's pacing yet.
  if (b.channel ? b.channel.platform !== "INSTAGRAM" : b.status !== "draft") rows.push([t("page.pacing"), pacing]);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">{t("page.facts")}</CardTitle>
        {foreign && <CardDescription data-testid="broadcast-time-zone">{t("page.timeZone", { zone: zoneName(timeZone) })}</CardDescription>}
      </CardHeader>
      <CardContent>
        <ul className="space-y-2.5 text-sm">
          {rows.map(([label, value]) => (
            <li key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5">
              <span className="text-muted-foreground">{label}</span>
              <span className="text-end font-medium text-heading">{value}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
