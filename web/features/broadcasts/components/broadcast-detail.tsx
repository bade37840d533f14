import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CirclePause, Plug, ShieldCheck } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { audienceQueries } from "@/features/audience/api";
import { AudienceCount } from "@/features/audience/components/audience-count";
import { useFilterChips } from "@/features/audience/components/audience-filter-chips";
import { filterKey, readyFilter } from "@/features/audience/filter-model";
import { customFieldQueries } from "@/features/custom-fields/api";
import { useAbility } from "@/lib/ability";
import type { AudienceFilter } from "@worker/features/audience/filter";
import { broadcastQueries, type Broadcast, type RecipientFilter } from "../api";
import { mediaKeySrc } from "../media";
import { sampleVars } from "../sample-contact";
import { BroadcastActionsBar } from "./broadcast-actions-bar";
import { BroadcastFacts } from "./broadcast-facts";
import { BroadcastProgress } from "./broadcast-progress";
import { ChannelReach } from "./composer/audience-section";
import { MessagePreview } from "./message-preview";
import { RecipientsTable } from "./recipients-table";
import { BroadcastStatusBadge } from "./status-badge";

/**
 * A broadcast's page under its header (status, actions): the main column holds what the broadcast
 * is about at its stage — a started one its live progress and recipients, a draft its audience and
 * message (with what stops it from starting) — and the side column its facts (and, once started,
 * the message), so neither page leaves the main column empty.
 */
export function BroadcastDetail({ accountId, broadcast: b, onDeleted }: { accountId: string; broadcast: Broadcast; onDeleted: () => void }) {
  const { t } = useTranslation("broadcasts");
  const [state, setState] = useState<RecipientFilter | undefined>();
  const fields = useQuery(customFieldQueries.fields(accountId));
  const vars = sampleVars(t("composer.preview.sampleName"), fields.data?.data ?? []);
  const draft = b.status === "draft";
  const preview = (platform: NonNullable<Broadcast["channel"]>["platform"]) => (
    <MessagePreview
      platform={platform}
      text={b.content.text}
      buttons={b.content.buttons.map((x) => ({ label: x.label, url: x.url ?? undefined }))}
      vars={vars}
      media={b.content.media ? { name: b.content.media.fileName, kind: b.content.media.type, url: mediaKeySrc(accountId, b.content.media.key) ?? undefined } : null}
    />
  );
  return (
    <>
      <PageHeader
        title={b.name}
        badge={<BroadcastStatusBadge status={b.status} />}
        description={draft ? t("page.draftHint") : undefined}
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
          {draft ? (
            <DraftOverview accountId={accountId} broadcast={b} preview={preview} />
          ) : (
            <>
              {/* Ended before anyone was sent to: no progress to show, the recipients' card says why. */}
              {(b.counts.total > 0 || !["cancelled", "failed"].includes(b.status)) && (
                <BroadcastProgress counts={b.counts} platform={b.channel?.platform} activeState={state} onState={(s) => setState((cur) => (cur === s ? undefined : s))} />
              )}
              <RecipientsTable accountId={accountId} broadcast={b} state={state} onState={setState} />
            </>
          )}
        </div>
        <div className="space-y-6">
          <BroadcastFacts accountId={accountId} broadcast={b} />
          {!draft && b.channel && preview(b.channel.platform)}
        </div>
      </div>
    </>
  );
}

type Platform = NonNullable<Broadcast["channel"]>["platform"];

/** A draft's main column: why it cannot start yet (its channel), whom it reaches, and the message as sent. */
function DraftOverview({ accountId, broadcast: b, preview }: { accountId: string; broadcast: Broadcast; preview: (platform: Platform) => React.ReactNode }) {
  const { t } = useTranslation("broadcasts");
  const ability = useAbility();
  const channels = useQuery(broadcastQueries.channels(accountId));
  const connected = channels.data?.data;
  const audience = b.audience as { segmentId?: string; filter?: AudienceFilter };
  // Only connected channels are listed: the draft's channel not among them cannot send.
  const gap = !connected || connected.some((c) => c.channelId === b.channelId) ? null : !connected.length ? "none" : b.channelId ? "off" : "unchosen";
  const platform: Platform = b.channel?.platform ?? connected?.[0]?.platform ?? "TELEGRAM";
  return (
    <>
      {gap && ability.can("update", "Broadcast") && (
        <Alert variant="warning" data-testid="broadcast-channel-gap">
          <Plug aria-hidden />
          <AlertTitle className="line-clamp-none">{t(`page.channelGap.${gap}.title`)}</AlertTitle>
          <AlertDescription className="gap-3 text-foreground opacity-100">
            <p>{t(`page.channelGap.${gap}.text`)}</p>
            <Button asChild size="sm" variant="outline">
              {gap === "unchosen" ? (
                <Link to={`/${accountId}/broadcasts/${b.broadcastId}/edit`}>{t("actions.edit")}</Link>
              ) : (
                <Link to={`/${accountId}/connect`}>{t("composer.channel.connect")}</Link>
              )}
            </Button>
          </AlertDescription>
        </Alert>
      )}
      <Card className="gap-4" data-testid="broadcast-audience">
        <CardHeader>
          <CardTitle className="text-base">{t("composer.sections.audience")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {audience.segmentId ? <SegmentLine accountId={accountId} segmentId={audience.segmentId} /> : <FilterLine accountId={accountId} filter={audience.filter ?? {}} />}
          <div className="space-y-2 rounded-lg bg-muted/50 px-4 py-3">
            {audience.segmentId ? <AudienceCount accountId={accountId} segmentId={audience.segmentId} /> : <AudienceCount accountId={accountId} filter={readyFilter(audience.filter ?? {})} />}
            {!gap && (
              <ChannelReach accountId={accountId} channelId={b.channelId ?? ""} audience={audience.segmentId ? { segmentId: audience.segmentId } : { filter: filterKey(readyFilter(audience.filter ?? {})) }} />
            )}
            <p className="flex items-start gap-2 text-sm text-muted-foreground">
              <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
              {t("composer.audience.excluded")}
            </p>
          </div>
        </CardContent>
      </Card>
      {preview(platform)}
    </>
  );
}

function SegmentLine({ accountId, segmentId }: { accountId: string; segmentId: string }) {
  const { t } = useTranslation("broadcasts");
  const segments = useQuery(audienceQueries.segments(accountId));
  if (!segments.data) return null;
  const segment = segments.data.data.find((s) => s.segmentId === segmentId);
  return <p className="text-sm font-medium text-heading">{segment ? t("page.audienceSegment", { name: segment.name }) : t("page.audienceSegmentMissing")}</p>;
}

function FilterLine({ accountId, filter }: { accountId: string; filter: AudienceFilter }) {
  const { t } = useTranslation("broadcasts");
  const chips = useFilterChips(accountId, filter);
  if (!chips.length) return <p className="text-sm font-medium text-heading">{t("page.audienceAll")}</p>;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <span className="text-sm font-medium text-heading">{t("page.audienceFilter")}</span>
      <ul className="flex flex-wrap gap-2" aria-label={t("page.audienceFilter")}>
        {chips.map((c) => (
          <li key={c.id}>
            <Badge variant="secondary">{c.label}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
