import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Bot, ChartColumnBig, Hand, MessagesSquare, Sparkles, UserRound } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { QueryView } from "@/components/query-view";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useAbility } from "@/lib/ability";
import { formatNumber } from "@/lib/i18n";
import { isModuleMounted } from "@/lib/route-modules";
import { accountQueries } from "@/features/accounts/api";
import { type Analytics, type AnalyticsParams, analyticsQueries } from "@/features/analytics/api";
import { ChannelDailyChart, RepliesChart, StatusBars } from "@/features/analytics/components/charts";
import { FigureCard } from "@/features/analytics/components/figure-card";
import { RangeBar } from "@/features/analytics/components/range-bar";
import { BroadcastsTable, FlowsTable, ModelsTable, TimesTable } from "@/features/analytics/components/tables";
import { useAnalyticsRange } from "@/features/analytics/use-range";
import { StatCard } from "@/features/dashboard/components/stat-card";

export const handle = { titleKey: "analytics:pageTitle" };

function Totals({ data }: { data: Analytics }) {
  const { t } = useTranslation("analytics");
  const s = data.totals;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" data-testid="analytics-totals">
      <StatCard icon={MessagesSquare} tone="primary" label={t("totals.conversations")} value={formatNumber(s.conversations)} hint={t("totals.messages", { in: formatNumber(s.messagesIn), out: formatNumber(s.messagesOut) })} testId="total-conversations" />
      <StatCard icon={Bot} tone="info" label={t("totals.aiReplies")} value={formatNumber(s.aiReplies)} testId="total-ai" />
      <StatCard icon={UserRound} tone="success" label={t("totals.operatorReplies")} value={formatNumber(s.operatorReplies)} testId="total-operator" />
      <StatCard icon={Sparkles} tone="primary" label={t("totals.aiOnly")} value={s.aiOnlyShare === null ? "—" : `${s.aiOnlyShare}%`} hint={t("totals.aiOnlyHint", { count: s.aiOnly })} testId="total-ai-only" />
      <StatCard icon={Hand} tone="warning" label={t("totals.handoffs")} value={formatNumber(s.handoffs)} testId="total-handoffs" />
    </div>
  );
}

function Figures({ data, params }: { data: Analytics; params: AnalyticsParams }) {
  const { t } = useTranslation("analytics");
  return (
    <div className="space-y-6">
      <Totals data={data} />
      <div className="grid gap-6 lg:grid-cols-2">
        <FigureCard title={t("cards.conversations")} description={t("cards.conversationsHint")} table="channels" params={params}>
          <ChannelDailyChart data={data} value="conversations" />
        </FigureCard>
        <FigureCard title={t("cards.messages")} description={t("cards.messagesHint")} table="daily" params={params}>
          <ChannelDailyChart data={data} value="messages" />
        </FigureCard>
        <FigureCard title={t("cards.replies")} description={t("cards.repliesHint")} table="replies" params={params}>
          <RepliesChart data={data} />
        </FigureCard>
        <FigureCard title={t("cards.times")} description={t("cards.timesHint")} table="times" params={params}>
          <TimesTable data={data} />
        </FigureCard>
        <FigureCard title={t("cards.statuses")} description={t("cards.statusesHint")} table="statuses" params={params}>
          <StatusBars data={data} />
        </FigureCard>
        <FigureCard title={t("cards.models")} description={t("cards.modelsHint")} table="models" params={params}>
          <ModelsTable data={data} />
        </FigureCard>
        <FigureCard title={t("cards.broadcasts")} description={t("cards.broadcastsHint")} table="broadcasts" params={params}>
          <BroadcastsTable data={data} />
        </FigureCard>
        <FigureCard title={t("cards.flows")} description={t("cards.flowsHint")} table="flows" params={params}>
          <FlowsTable data={data} />
        </FigureCard>
      </div>
    </div>
  );
}

/** Nothing to show at all: no conversation ever (statuses are the account's now), and nothing in the period. */
function hasNoData(data: Analytics) {
  const t = data.totals;
  const counted = t.conversations + t.messagesIn + t.messagesOut + t.aiReplies + t.operatorReplies + t.handoffs;
  return counted === 0 && data.statuses.every((s) => !s.count) && !data.broadcasts.length && !data.flows.length && !data.models.length;
}

/** A new account's page: what will be here and, for those who may, where to start. */
function NoData() {
  const { t } = useTranslation("analytics");
  const { accountId = "" } = useParams();
  const ability = useAbility();
  const canConnect = isModuleMounted("account/connect") && ability.can("create", "Channel");
  return (
    <Card data-testid="analytics-empty">
      <EmptyState
        icon={ChartColumnBig}
        title={t("empty.noDataTitle")}
        description={t("empty.noDataText")}
        action={
          canConnect && (
            <Button asChild>
              <Link to={`/${accountId}/connect`}>{t("empty.connect")}</Link>
            </Button>
          )
        }
      />
    </Card>
  );
}

function Loading() {
  return (
    <div className="space-y-6" aria-busy="true">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Card key={i}>
            <CardContent>
              <Skeleton className="h-72" />
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}

export default function AnalyticsPage() {
  const { t } = useTranslation("analytics");
  const { accountId = "" } = useParams();
  const account = useQuery(accountQueries.detail(accountId));
  const range = useAnalyticsRange(account.data?.timezone);
  const figures = useQuery({ ...analyticsQueries.figures(accountId, range.query), enabled: !!account.data });
  const query = account.isError ? { ...account, data: undefined } : figures.isPending && !account.data ? { ...figures, isPending: true } : figures;
  return (
    <div>
      <PageHeader title={t("title")} description={account.data ? t("subtitle", { timezone: account.data.timezone }) : <Skeleton className="h-4 w-64" />} />
      <div className="mb-6">
        <RangeBar range={range} filters={figures.data?.filters} />
      </div>
      <QueryView query={query} loading={<Loading />}>
        {(data) => (!data ? null : hasNoData(data) ? <NoData /> : <Figures data={data} params={range.query} />)}
      </QueryView>
    </div>
  );
}
