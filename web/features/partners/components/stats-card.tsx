import { useState } from "react";
import { useTranslation } from "react-i18next";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import Papa from "papaparse";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { QueryView } from "@/components/query-view";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { partnerQueries, type PartnerCode, type Stats } from "@/features/partners/api";
import { saveBlob } from "@/lib/api";
import { formatNumber, formatRub } from "@/lib/i18n";

const ALL = "all";
const AXIS = { fontSize: 12, fill: "var(--color-muted-foreground)" };
/** Legend labels in the text colour, not the series colour (contrast in the dark theme); the swatch carries the colour. */
const LEGEND = { wrapperStyle: { fontSize: 12 }, labelStyle: { color: "var(--color-foreground)" } } as const;

function monthLabel(m: string, lang: string, long = false) {
  const [y, mo] = m.split("-").map(Number);
  const text = new Intl.DateTimeFormat(lang, long ? { month: "long", year: "numeric", timeZone: "UTC" } : { month: "short", year: "2-digit", timeZone: "UTC" }).format(new Date(Date.UTC(y!, mo! - 1, 1)));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Axis ticks in the interface language's digit grouping: «20 000», not «20000». */
const tickNumber = (v: unknown) => formatNumber(Number(v));

/** The partner's funnel (clicks, registrations, paying accounts) and money (revenue, commission) per month. */
export function Charts({ stats }: { stats: Stats }) {
  const { t, i18n } = useTranslation("partners");
  const rows = stats.months.map((m) => ({ ...m, label: monthLabel(m.month, i18n.language), commission: m.commissionKopecks / 100, revenue: m.revenueKopecks / 100 }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <figure className="h-64" aria-label={t("stats.funnelChart")}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ left: -16, right: -16 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" vertical={false} />
            <XAxis dataKey="label" tick={AXIS} />
            {/* Clicks on the left axis; registrations and paying accounts (far fewer) on the right one. */}
            <YAxis yAxisId="clicks" allowDecimals={false} tick={AXIS} tickFormatter={tickNumber} />
            <YAxis yAxisId="people" orientation="right" allowDecimals={false} tick={AXIS} tickFormatter={tickNumber} />
            <Tooltip contentStyle={{ background: "var(--color-popover)", borderColor: "var(--color-border)", color: "var(--color-popover-foreground)" }} />
            <Legend {...LEGEND} />
            <Bar yAxisId="clicks" dataKey="clicks" name={t("stats.clicks")} fill="var(--color-chart-1, #6366f1)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Bar yAxisId="people" dataKey="registrations" name={t("stats.registrations")} fill="var(--color-chart-2, #22c55e)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Bar yAxisId="people" dataKey="payingAccounts" name={t("stats.paying")} fill="var(--color-chart-3, #f59e0b)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <figure className="h-64" aria-label={t("stats.moneyChart")}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ left: 0, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" vertical={false} />
            <XAxis dataKey="label" tick={AXIS} />
            <YAxis tick={AXIS} tickFormatter={tickNumber} width={64} />
            <Tooltip formatter={(v) => formatRub(Math.round(Number(v) * 100))} contentStyle={{ background: "var(--color-popover)", borderColor: "var(--color-border)", color: "var(--color-popover-foreground)" }} />
            <Legend {...LEGEND} />
            <Bar dataKey="revenue" name={t("stats.revenue")} fill="var(--color-chart-4, #0ea5e9)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Bar dataKey="commission" name={t("stats.commission")} fill="var(--color-chart-5, #a855f7)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}

function StatsTable({ stats }: { stats: Stats }) {
  const { t, i18n } = useTranslation("partners");
  return (
    <div className="overflow-x-auto rounded-lg border">
      <Table data-testid="partner-stats-table">
        <TableHeader>
          <TableRow>
            <TableHead>{t("stats.month")}</TableHead>
            <TableHead className="text-end">{t("stats.clicks")}</TableHead>
            <TableHead className="text-end">{t("stats.registrations")}</TableHead>
            <TableHead className="text-end">{t("stats.paying")}</TableHead>
            <TableHead className="text-end">{t("stats.revenue")}</TableHead>
            <TableHead className="text-end">{t("stats.commission")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {[...stats.months].reverse().map((m) => (
            <TableRow key={m.month}>
              <TableCell className="whitespace-nowrap">{monthLabel(m.month, i18n.language, true)}</TableCell>
              <TableCell className="text-end tabular-nums">{formatNumber(m.clicks)}</TableCell>
              <TableCell className="text-end tabular-nums">{formatNumber(m.registrations)}</TableCell>
              <TableCell className="text-end tabular-nums">{formatNumber(m.payingAccounts)}</TableCell>
              <TableCell className="whitespace-nowrap text-end tabular-nums">{formatRub(m.revenueKopecks)}</TableCell>
              <TableCell className="whitespace-nowrap text-end tabular-nums">{formatRub(m.commissionKopecks)}</TableCell>
            </TableRow>
          ))}
          <TableRow className="font-medium">
            <TableCell>{t("stats.total")}</TableCell>
            <TableCell className="text-end tabular-nums" data-testid="partner-total-clicks">{formatNumber(stats.totals.clicks)}</TableCell>
            <TableCell className="text-end tabular-nums" data-testid="partner-total-registrations">{formatNumber(stats.totals.registrations)}</TableCell>
            <TableCell className="text-end tabular-nums" data-testid="partner-total-paying">{formatNumber(stats.totals.payingAccounts)}</TableCell>
            <TableCell className="whitespace-nowrap text-end tabular-nums">{formatRub(stats.totals.revenueKopecks)}</TableCell>
            <TableCell className="whitespace-nowrap text-end tabular-nums" data-testid="partner-total-commission">{formatRub(stats.totals.commissionKopecks)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </div>
  );
}

/** Month rows and per-code rows as one CSV (amounts in roubles with kopecks). */
function exportCsv(stats: Stats, t: (k: string) => string) {
  const rub = (k: number) => (k / 100).toFixed(2);
  const head = [t("stats.month"), t("stats.code"), t("stats.clicks"), t("stats.registrations"), t("stats.paying"), t("stats.revenue"), t("stats.commission")];
  const months = stats.months.map((m) => [m.month, "", m.clicks, m.registrations, m.payingAccounts, rub(m.revenueKopecks), rub(m.commissionKopecks)]);
  const codes = stats.codes.map((c) => [`${stats.from}…${stats.to}`, c.code ?? t("stats.deletedCode"), c.clicks, c.registrations, c.payingAccounts, rub(c.revenueKopecks), rub(c.commissionKopecks)]);
  const csv = "\uFEFF" + Papa.unparse([head, ...months, ...codes]);
  saveBlob(new Blob([csv], { type: "text/csv;charset=utf-8" }), `partner-stats-${stats.from}-${stats.to}.csv`);
}

/** Stats per code and period: charts by month, the table, and the CSV export. */
export function StatsCard({ codes }: { codes: PartnerCode[] }) {
  const { t } = useTranslation("partners");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [codeId, setCodeId] = useState(ALL);
  const params = { from: from || undefined, to: to || undefined, codeId: codeId === ALL ? undefined : codeId };
  const query = useQuery({ ...partnerQueries.stats(params), placeholderData: keepPreviousData });
  // Busy while the figures load (the export waits for them): assistive technology hears it, and the
  // accessibility audit reads the card once its export button has its final state.
  return (
    <Card aria-busy={query.isFetching || undefined}>
      <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle>{t("stats.title")}</CardTitle>
          <CardDescription>{t("stats.description")}</CardDescription>
        </div>
        <Button variant="outline" disabled={!query.data} onClick={() => query.data && exportCsv(query.data, t)} data-testid="partner-stats-csv">
          <Download aria-hidden />
          {t("stats.csv")}
        </Button>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="grid gap-1.5">
            <Label htmlFor="stats-from">{t("stats.from")}</Label>
            <Input id="stats-from" type="month" value={from || query.data?.from || ""} onChange={(e) => setFrom(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="stats-to">{t("stats.to")}</Label>
            <Input id="stats-to" type="month" value={to || query.data?.to || ""} onChange={(e) => setTo(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="stats-code">{t("stats.code")}</Label>
            <Select value={codeId} onValueChange={setCodeId}>
              <SelectTrigger id="stats-code">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>{t("stats.allCodes")}</SelectItem>
                {codes.map((c) => (
                  <SelectItem key={c.id} value={c.id}>
                    {c.label ? `${c.code} · ${c.label}` : c.code}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
        <QueryView query={query} loading={<Skeleton className="h-64 w-full" />}>
          {(stats) => (
            <>
              <Charts stats={stats} />
              <StatsTable stats={stats} />
            </>
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}
