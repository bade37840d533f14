import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Inbox } from "lucide-react";
import { ListSkeleton } from "@/components/list-skeleton";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeading } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatRelative } from "@/lib/i18n";
import type { Dashboard } from "@/features/analytics/api";
import { ThreadPreviewText } from "@/features/chat/components/thread-preview";
import { CardLoadError, type CardFailure } from "./card-load-error";

/** The threads waiting for an operator now (pending), newest first; follows the room live. A failed load says so, not "nobody waits". */
export function WaitingList({ data, loading, failed }: { data: Dashboard | undefined; loading: boolean; failed?: CardFailure | null }) {
  const { t } = useTranslation("dashboard");
  const { accountId = "" } = useParams();
  const waiting = data?.waiting ?? [];
  return (
    <Card className="min-w-0" data-testid="waiting-list">
      <CardHeading
        title={t("waiting.title")}
        description={t("waiting.description")}
        action={data && !failed ? <Badge variant={data.today.waiting ? "warning" : "secondary"} data-testid="waiting-count">{data.today.waiting}</Badge> : undefined}
      />
      <CardContent>
        {failed ? (
          <CardLoadError failure={failed} />
        ) : loading ? (
          <ListSkeleton count={3} className="space-y-4" lead="size-8 rounded-full" lines={["h-4 w-40", "h-3 w-3/4"]} busy={false} />
        ) : waiting.length === 0 ? (
          <EmptyState icon={Inbox} title={t("waiting.emptyTitle")} description={t("waiting.emptyDescription")} />
        ) : (
          <ul className="divide-y divide-border">
            {waiting.map((w) => (
              <li key={w.threadId} data-testid="waiting-thread" data-thread={w.threadId}>
                <Link to={`/${accountId}/apps/chat?c=${w.contactId}&t=${w.threadId}`} className="flex items-start justify-between gap-3 rounded-md px-2 py-3 hover:bg-muted/50">
                  <div className="min-w-0">
                    <p dir="auto" className="truncate align-page-start font-medium text-heading">{w.contactName || t("waiting.noName")}</p>
                    <p dir="auto" className="truncate align-page-start text-sm text-muted-foreground">{w.lastMessage ? <ThreadPreviewText text={w.lastMessage} /> : t("waiting.noMessage")}</p>
                  </div>
                  <div className="shrink-0 text-end text-xs text-muted-foreground">
                    <p>{formatRelative(w.waitingSince)}</p>
                    <p>{w.channelName ? <bdi>{w.channelName}</bdi> : (w.platform ? t(`platforms.${w.platform}`, { defaultValue: w.platform }) : "")}</p>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
