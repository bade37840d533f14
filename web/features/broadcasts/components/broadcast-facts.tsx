import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PlatformIcon } from "@/features/chat/components/platform-icon";
import { formatDate } from "@/lib/i18n";
import type { Broadcast } from "../api";

/** The broadcast's facts: channel, author, when it was scheduled, started and finished, its pacing. */
export function BroadcastFacts({ broadcast: b }: { broadcast: Broadcast }) {
  const { t } = useTranslation(["broadcasts", "chat"]);
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
    [t("page.created"), formatDate(b.createdAt, { withTime: true })],
  ];
  if (b.scheduledAt) rows.push([t("page.scheduled"), formatDate(b.scheduledAt, { withTime: true })]);
  if (b.startedAt) rows.push([t("page.started"), formatDate(b.startedAt, { withTime: true })]);
  if (b.completedAt) rows.push([t("page.completed"), formatDate(b.completedAt, { withTime: true })]);
  // Instagram has no pacing; a draft without a channel has no platform's pacing yet.
  if (b.channel ? b.channel.platform !== "INSTAGRAM" : b.status !== "draft") rows.push([t("page.pacing"), pacing]);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">{t("page.facts")}</CardTitle>
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
