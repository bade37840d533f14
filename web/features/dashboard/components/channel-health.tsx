import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Plug } from "lucide-react";
import { ListSkeleton } from "@/components/list-skeleton";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeading } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import type { Dashboard } from "@/features/analytics/api";
import { CardLoadError, type CardFailure } from "./card-load-error";

const VARIANT = { ok: "success", error: "destructive", disabled: "secondary", disconnected: "secondary" } as const;

/**
 * Each channel: connected or not, switched off, in error (a WhatsApp instance not authorized, a
 * webhook error). A failed load says so, not "no channels connected".
 */
export function ChannelHealth({ data, loading, failed }: { data: Dashboard | undefined; loading: boolean; failed?: CardFailure | null }) {
  const { t } = useTranslation("dashboard");
  const { accountId = "" } = useParams();
  return (
    <Card data-testid="channel-health">
      <CardHeading title={t("channels.title")} description={t("channels.description")} />
      <CardContent>
        {failed ? (
          <CardLoadError failure={failed} />
        ) : loading ? (
          <ListSkeleton count={2} className="space-y-4" lead="size-8 rounded-full" lines={["h-4 w-32"]} busy={false} />
        ) : !data?.channels.length ? (
          <EmptyState
            icon={Plug}
            title={t("channels.emptyTitle")}
            description={t("channels.emptyDescription")}
            action={
              <Button asChild size="sm" variant="outline">
                <Link to={`/${accountId}/connect`}>{t("channels.connect")}</Link>
              </Button>
            }
          />
        ) : (
          <ul className="space-y-3">
            {data.channels.map((c) => (
              <li key={c.id} className="flex items-start justify-between gap-3" data-testid="channel-health-row" data-health={c.health}>
                <div className="min-w-0">
                  {/* a bot's @username, a WhatsApp number or a page's name: in its own direction */}
                  <p dir="auto" className="truncate align-page-start font-medium text-heading">{c.name || t(`platforms.${c.platform}`, { defaultValue: c.platform })}</p>
                  <p className="truncate text-sm text-muted-foreground">
                    {t(`platforms.${c.platform}`, { defaultValue: c.platform })}
                    {c.whatsappState ? ` · ${t(`channels.whatsapp.${c.whatsappState}`, { defaultValue: c.whatsappState })}` : ""}
                    {c.error ? ` · ${c.error}` : ""}
                  </p>
                </div>
                <Badge variant={VARIANT[c.health as keyof typeof VARIANT] ?? "secondary"}>{t(`channels.health.${c.health}`)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
