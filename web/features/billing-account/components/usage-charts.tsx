import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { QueryView } from "@/components/query-view";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { legendStyle } from "@/features/analytics/components/charts";
import { Segmented } from "@/features/billing/components/segmented";
import { billingQueries, type Usage } from "@/features/billing-account/api";
import { formatNumber, localeTag } from "@/lib/i18n";

const RANGES = [7, 30, 90] as const;
type Range = (typeof RANGES)[number];

const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Every day of the range (the account's days, as the API counts them), the days without usage as
 * zeros, labelled in the interface language. A day is a date, so it is labelled as that date
 * whatever the browser's zone.
 */
export function fillDays(usage: Usage, from: string, to: string) {
  const byDay = new Map(usage.days.map((d) => [d.day, d]));
  const out = [];
  for (let ms = Date.parse(from); ms <= Date.parse(to); ms += 86_400_000) {
    const day = dayKey(ms);
    const d = byDay.get(day);
    out.push({ day, label: new Date(ms).toLocaleDateString(localeTag(), { day: "numeric", month: "short", timeZone: "UTC" }), aiReplies: d?.aiReplies ?? 0, messagesIn: d?.messagesIn ?? 0, messagesOut: d?.messagesOut ?? 0, broadcastRecipients: d?.broadcastRecipients ?? 0 });
  }
  return out;
}

/** Both charts label the same days: every n-th from the first, about eight labels whatever the range. */
export const tickInterval = (days: number) => Math.max(0, Math.ceil(days / 8) - 1);

const tickNumber = (v: unknown) => formatNumber(Number(v));
const AXIS = { stroke: "var(--color-muted-foreground)", fontSize: 12, tickLine: false, axisLine: false } as const;
const TOOLTIP = { contentStyle: { background: "var(--color-card)", border: "1px solid var(--color-border)", borderRadius: 8, color: "var(--color-foreground)" } };

export function Charts({ usage }: { usage: Usage }) {
  const { t } = useTranslation("billing");
  const data = fillDays(usage, usage.from, usage.to);
  const interval = tickInterval(data.length);
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <figure className="space-y-3" data-testid="usage-chart-ai">
        <figcaption className="flex items-baseline justify-between text-sm">
          <span className="font-medium text-heading">{t("usage.charts.aiReplies")}</span>
          <span className="text-muted-foreground tabular-nums">{t("usage.charts.total", { count: usage.totals.aiReplies, value: formatNumber(usage.totals.aiReplies) })}</span>
        </figcaption>
        <div className="h-60" role="img" aria-label={t("usage.charts.aiRepliesAria", { value: formatNumber(usage.totals.aiReplies) })}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -16 }}>
              <CartesianGrid vertical={false} stroke="var(--color-border)" />
              <XAxis dataKey="label" {...AXIS} interval={interval} />
              <YAxis {...AXIS} allowDecimals={false} tickFormatter={tickNumber} />
              <Tooltip {...TOOLTIP} cursor={{ fill: "var(--color-primary)", fillOpacity: 0.08 }} />
              <Bar dataKey="aiReplies" name={t("usage.units.aiReplies")} fill="var(--color-primary)" radius={[4, 4, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="space-y-3" data-testid="usage-chart-messages">
        <figcaption className="flex items-baseline justify-between text-sm">
          <span className="font-medium text-heading">{t("usage.charts.messages")}</span>
          <span className="text-muted-foreground tabular-nums">{t("usage.charts.inOut", { in: formatNumber(usage.totals.messagesIn), out: formatNumber(usage.totals.messagesOut) })}</span>
        </figcaption>
        <div className="h-60" role="img" aria-label={t("usage.charts.messagesAria", { in: formatNumber(usage.totals.messagesIn), out: formatNumber(usage.totals.messagesOut) })}>
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -16 }}>
              <CartesianGrid vertical={false} stroke="var(--color-border)" />
              <XAxis dataKey="label" {...AXIS} interval={interval} />
              <YAxis {...AXIS} allowDecimals={false} tickFormatter={tickNumber} />
              <Tooltip {...TOOLTIP} />
              <Legend {...legendStyle} />
              <Area type="monotone" dataKey="messagesIn" name={t("usage.units.messagesIn")} stroke="var(--color-info)" fill="var(--color-info)" fillOpacity={0.18} strokeWidth={2} />
              <Area type="monotone" dataKey="messagesOut" name={t("usage.units.messagesOut")} stroke="var(--color-primary)" fill="var(--color-primary)" fillOpacity={0.18} strokeWidth={2} />
            </AreaChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}

/** Usage per day (GET /usage) as charts, over the last 7, 30 or 90 days of the account's time zone. */
export function UsageCharts({ accountId }: { accountId: string }) {
  const { t } = useTranslation("billing");
  const [range, setRange] = useState<Range>(30);
  const usage = useQuery(billingQueries.usage(accountId, range));
  return (
    <Card data-testid="billing-usage">
      <CardHeader className="sm:grid-cols-[1fr_auto]">
        <CardTitle>{t("usage.chartsTitle")}</CardTitle>
        <CardDescription>{t("usage.chartsDescription")}</CardDescription>
        <div className="pt-2 sm:col-start-2 sm:row-span-2 sm:row-start-1 sm:justify-self-end sm:pt-0">
          <Segmented value={String(range)} onChange={(v) => setRange(Number(v) as Range)} label={t("usage.range")} items={RANGES.map((r) => ({ value: String(r), label: t("usage.days", { count: r }) }))} />
        </div>
      </CardHeader>
      <CardContent>
        <QueryView query={usage} loading={<Skeleton className="h-64 w-full" />}>
          {(u) => <Charts usage={u} />}
        </QueryView>
      </CardContent>
    </Card>
  );
}
