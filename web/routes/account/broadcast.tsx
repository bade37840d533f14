import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ArrowLeft, CirclePause } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { QueryView } from "@/components/query-view";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { customFieldQueries } from "@/features/custom-fields/api";
import type { RecipientFilter } from "@/features/broadcasts/api";
import { broadcastQueries, type Broadcast } from "@/features/broadcasts/api";
import { BroadcastActionsBar } from "@/features/broadcasts/components/broadcast-actions-bar";
import { BroadcastFacts } from "@/features/broadcasts/components/broadcast-facts";
import { BroadcastProgress } from "@/features/broadcasts/components/broadcast-progress";
import { mediaKeySrc } from "@/features/broadcasts/media";
import { MessagePreview } from "@/features/broadcasts/components/message-preview";
import { RecipientsTable } from "@/features/broadcasts/components/recipients-table";
import { BroadcastStatusBadge } from "@/features/broadcasts/components/status-badge";
import { sampleVars } from "@/features/broadcasts/sample-contact";

export const handle = { titleKey: "broadcasts:page.title" };

/** /:accountId/broadcasts/:broadcastId — status and actions, live counts and progress, the message, the recipients. */
export default function BroadcastPage() {
  const { t } = useTranslation("broadcasts");
  const { accountId = "", broadcastId = "" } = useParams();
  const navigate = useNavigate();
  const query = useQuery(broadcastQueries.detail(accountId, broadcastId));
  return (
    <div>
      <Button asChild variant="ghost" size="sm" className="mb-3 -ms-2">
        <Link to={`/${accountId}/broadcasts`}>
          <ArrowLeft aria-hidden className="rtl:rotate-180" />
          {t("actions.backToList")}
        </Link>
      </Button>
      <QueryView query={query} loading={<PageSkeleton />}>
        {(b) => <BroadcastView accountId={accountId} broadcast={b} onDeleted={() => navigate(`/${accountId}/broadcasts`, { replace: true })} />}
      </QueryView>
    </div>
  );
}

function BroadcastView({ accountId, broadcast: b, onDeleted }: { accountId: string; broadcast: Broadcast; onDeleted: () => void }) {
  const { t } = useTranslation("broadcasts");
  const [state, setState] = useState<RecipientFilter | undefined>();
  const fields = useQuery(customFieldQueries.fields(accountId));
  const vars = sampleVars(t("composer.preview.sampleName"), fields.data?.data ?? []);
  return (
    <>
      <PageHeader
        title={b.name}
        badge={<BroadcastStatusBadge status={b.status} />}
        description={b.status === "draft" ? t("page.draftHint") : undefined}
        actions={<BroadcastActionsBar accountId={accountId} broadcast={b} onDeleted={onDeleted} />}
      />
      {b.status === "paused" && b.pausedReason && (
        <Alert variant="warning" className="mb-6" data-testid="broadcast-paused-reason">
          <CirclePause aria-hidden />
          <AlertTitle>{t("page.pausedTitle")}</AlertTitle>
          <AlertDescription className="text-foreground opacity-100">{b.pausedReason}</AlertDescription>
        </Alert>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="min-w-0 space-y-6">
          {b.status !== "draft" && <BroadcastProgress counts={b.counts} activeState={state} onState={(s) => setState((cur) => (cur === s ? undefined : s))} />}
          {b.status !== "draft" && <RecipientsTable accountId={accountId} broadcastId={b.broadcastId} state={state} onState={setState} />}
        </div>
        <div className="space-y-6">
          <BroadcastFacts broadcast={b} />
          {b.channel && (
            <MessagePreview
              platform={b.channel.platform}
              text={b.content.text}
              buttons={b.content.buttons.map((x) => ({ label: x.label, url: x.url ?? undefined }))}
              vars={vars}
              media={b.content.media ? { name: b.content.media.fileName, kind: b.content.media.type, url: mediaKeySrc(accountId, b.content.media.key) ?? undefined } : null}
            />
          )}
        </div>
      </div>
    </>
  );
}

function PageSkeleton() {
  return (
    <div className="space-y-6" aria-busy>
      <Skeleton className="h-9 w-72" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-80 w-full" />
    </div>
  );
}
