import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber, formatRub } from "@/lib/i18n";
import { axis, legendStyle, shortDay, tooltipStyle } from "@/features/analytics/components/charts";
import { adminQueries } from "../api";

/** /admin's top: the platform at a glance — accounts, users, errors, dead letters, revenue, and 14 days of traffic. */
export function PlatformOverview() {
  const { t } = useTranslation("admin");
  const q = useQuery(adminQueries.overview());
  if (q.isError) return <LoadError error={q.error} onRetry={() => q.refetch()} retrying={q.isFetching} />;
  if (!q.data) return <Skeleton className="h-72 w-full" />;
  const { totals, perDay, revenue30d } = q.data;
  const tiles = [
    { key: "accounts", value: formatNumber(totals.accounts), hint: t("overview.blocked", { count: totals.blocked }) },
    { key: "users", value: formatNumber(totals.users) },
    { key: "revenue", value: formatRub(revenue30d.total), hint: t("overview.payments", { count: revenue30d.payments }) },
    { key: "errors", value: formatNumber(totals.aiErrors + totals.sendErrors), hint: t("overview.errorsHint", { ai: totals.aiErrors, send: totals.sendErrors }) },
    { key: "deadLetters", value: formatNumber(totals.deadLetters) },
  ];
  return (
    <div className="space-y-4" data-testid="platform-overview">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        {tiles.map((tile) => (
          <Card key={tile.key} className="py-4">
            <CardContent>
              <p className="text-sm text-muted-foreground">{t(`overview.tiles.${tile.key}`)}</p>
              <p className="text-2xl font-semibold tabular-nums text-heading" data-testid={`overview-${tile.key}`}>
                {tile.value}
              </p>
              {tile.hint && <p className="text-xs text-muted-foreground">{tile.hint}</p>}
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t("overview.traffic")}</CardTitle>
        </CardHeader>
        <CardContent className="h-72">
          {perDay.length === 0 ? (
            <p className="py-10 text-center text-sm text-muted-foreground">{t("overview.noTraffic")}</p>
          ) : (
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={perDay.map((d) => ({ ...d, day: shortDay(d.day) }))} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
                <CartesianGrid vertical={false} stroke="var(--color-border)" />
                <XAxis dataKey="day" {...axis} minTickGap={12} />
                <YAxis {...axis} allowDecimals={false} tickFormatter={formatNumber} />
                <Tooltip {...tooltipStyle} formatter={(v) => formatNumber(Number(v))} />
                <Legend {...legendStyle} />
                <Bar dataKey="messages" name={t("overview.messages")} fill="var(--color-primary)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
                <Bar dataKey="aiReplies" name={t("overview.aiReplies")} fill="var(--color-success)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
