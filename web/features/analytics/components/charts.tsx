import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatNumber } from "@/lib/i18n";
import type { Analytics } from "../api";

export const SERIES_COLORS = ["var(--color-primary)", "var(--color-info)", "var(--color-success)", "var(--color-warning)", "var(--color-secondary)", "var(--color-destructive)"];
/** A chart's day label: "2026-11-21" → "21.11" (every chart of days uses it). */
export const shortDay = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}`;
export const axis = { stroke: "var(--color-muted-foreground)", fontSize: 12, tickLine: false, axisLine: false } as const;
/**
 * Legend labels in the text colour (a series colour as text fails contrast in the dark theme); the swatch carries the colour.
 * Each label takes its direction from its own text (unicode-bidi: plaintext): a channel's name "@uyut_shop_bot" or "+7 495…"
 * in the Arabic interface read "uyut_shop_bot@" without it.
 */
export const legendStyle = { wrapperStyle: { fontSize: 12 }, labelStyle: { color: "var(--color-foreground)", unicodeBidi: "plaintext" } } as const;
export const tooltipStyle = {
  contentStyle: { background: "var(--color-popover)", border: "1px solid var(--color-border)", borderRadius: 8, color: "var(--color-popover-foreground)" },
  labelStyle: { color: "var(--color-heading)" },
  cursor: { fill: "var(--color-muted)", opacity: 0.5 },
};

export function channelLabel(c: { name: string; platform: string | null; id: string }, t: TFunction<"analytics">) {
  return c.name || (c.platform ? t(`platforms.${c.platform}`, { defaultValue: c.platform }) : t("filters.noChannel"));
}

/** A chart's place when the period has nothing to draw: a sentence instead of bare axes. */
export function ChartEmpty({ text, testId }: { text: string; testId?: string }) {
  return (
    <div className="flex h-64 items-center justify-center px-4 text-center text-sm text-muted-foreground" data-testid={testId}>
      {text}
    </div>
  );
}

/** Conversations or messages per local day, stacked by channel. */
export function ChannelDailyChart({ data, value }: { data: Analytics; value: "conversations" | "messages" }) {
  const { t } = useTranslation("analytics");
  const channels = data.channels.length ? data.channels : [];
  const rows = data.daily.map((d) => ({ day: shortDay(d.day), ...Object.fromEntries(channels.map((c) => [c.id || "none", d.byChannel[c.id]?.[value] ?? 0])) }));
  const total = data.daily.reduce((a, d) => a + Object.values(d.byChannel).reduce((b, c) => b + c[value], 0), 0);
  if (!total) return <ChartEmpty text={t(value === "conversations" ? "empty.conversations" : "empty.messages")} testId={`chart-empty-${value}`} />;
  return (
    <div className="h-64" role="img" aria-label={t(value === "conversations" ? "charts.conversationsAria" : "charts.messagesAria")}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis dataKey="day" {...axis} minTickGap={12} />
          <YAxis {...axis} allowDecimals={false} tickFormatter={formatNumber} />
          <Tooltip {...tooltipStyle} formatter={(v) => formatNumber(Number(v))} />
          <Legend {...legendStyle} />
          {channels.map((c, i) => (
            <Bar isAnimationActive={false} key={c.id || "none"} dataKey={c.id || "none"} name={channelLabel(c, t)} stackId="a" fill={SERIES_COLORS[i % SERIES_COLORS.length]} radius={i === channels.length - 1 ? [4, 4, 0, 0] : 0} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The AI's and operators' replies per day, with the hand-offs as a line. */
export function RepliesChart({ data }: { data: Analytics }) {
  const { t } = useTranslation("analytics");
  const rows = data.daily.map((d) => ({ day: shortDay(d.day), ai: d.aiReplies, operator: d.operatorReplies, handoffs: d.handoffs }));
  if (!rows.some((r) => r.ai || r.operator || r.handoffs)) return <ChartEmpty text={t("empty.replies")} testId="chart-empty-replies" />;
  return (
    <div className="h-64" role="img" aria-label={t("charts.repliesAria")}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis dataKey="day" {...axis} minTickGap={12} />
          <YAxis {...axis} allowDecimals={false} tickFormatter={formatNumber} />
          <Tooltip {...tooltipStyle} formatter={(v) => formatNumber(Number(v))} />
          <Legend {...legendStyle} />
          <Bar isAnimationActive={false} dataKey="ai" name={t("series.ai")} stackId="r" fill="var(--color-primary)" />
          <Bar isAnimationActive={false} dataKey="operator" name={t("series.operator")} stackId="r" fill="var(--color-info)" radius={[4, 4, 0, 0]} />
          <Line isAnimationActive={false} dataKey="handoffs" name={t("series.handoffs")} type="monotone" stroke="var(--color-warning)" strokeWidth={2} dot={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Thread statuses now, as proportional bars. */
export function StatusBars({ data }: { data: Analytics }) {
  const { t } = useTranslation("analytics");
  const total = data.statuses.reduce((a, s) => a + s.count, 0);
  if (!total) return <p className="text-sm text-muted-foreground">{t("empty.statuses")}</p>;
  return (
    <ul className="space-y-3">
      {data.statuses.map((s, i) => (
        <li key={s.status} className="space-y-1" data-testid={`status-${s.status}`}>
          <div className="flex justify-between text-sm">
            <span>{t(`statuses.${s.status}`, { defaultValue: s.status })}</span>
            <span className="tabular-nums text-muted-foreground">{formatNumber(s.count)}</span>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-muted">
            <div className="h-full rounded-full" style={{ width: `${(s.count / total) * 100}%`, background: SERIES_COLORS[i % SERIES_COLORS.length] }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
