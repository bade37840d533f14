import type { Env } from "../../env";
import { notFound } from "../../lib/errors";
import type { AnalyticsQuery } from "./analytics.schemas";
import { COUNTER_METRICS, type CounterMetric, histogramPercentile, TIME_BUCKETS_MS, tokenCostKopecks } from "./contract";
import { type HourPlan, hourPlan } from "./hours";
import { presetRange } from "./local-days";

type Counters = Record<CounterMetric, number>;
const zero = (): Counters => Object.fromEntries(COUNTER_METRICS.map((m) => [m, 0])) as Counters;
const HIST_METRICS = ["frtAi", "frtOperator", "resAi", "resOperator"] as const;
const TOKEN_METRICS = ["tokensIn", "tokensOut", "aiRequests"] as const;

interface Filter {
  sql: string;
  args: string[];
}

function rollupFilter(accountId: string, plan: HourPlan, q: AnalyticsQuery): Filter {
  const parts = ["account_id = ?", `hour >= ${plan.fromHour}`, `hour < ${plan.toHour}`];
  const args = [accountId];
  if (q.channel) (parts.push("channel_id = ?"), args.push(q.channel));
  if (q.assistantId) (parts.push("assistant_id = ?"), args.push(q.assistantId));
  return { sql: parts.join(" AND "), args };
}

/** The rollup reads of one analytics answer: counters per local day and channel, histograms, tokens, broadcast replies. */
function rollupStatements(env: Env, accountId: string, plan: HourPlan, q: AnalyticsQuery) {
  const f = rollupFilter(accountId, plan, q);
  const list = (xs: readonly string[]) => xs.map((x) => `'${x}'`).join(", ");
  return [
    env.DB.prepare(
      `SELECT ${plan.dayExpr} AS d, metric, channel_id AS ch, sum(quantity) AS q FROM analytics_hourly WHERE ${f.sql} AND metric IN (${list(COUNTER_METRICS)}) GROUP BY d, metric, ch`,
    ).bind(...f.args),
    env.DB.prepare(`SELECT metric, CAST(dim AS INTEGER) AS b, sum(quantity) AS q FROM analytics_hourly WHERE ${f.sql} AND metric IN (${list(HIST_METRICS)}) GROUP BY metric, b`).bind(...f.args),
    env.DB.prepare(`SELECT metric, dim AS model, sum(quantity) AS q FROM analytics_hourly WHERE ${f.sql} AND metric IN (${list(TOKEN_METRICS)}) GROUP BY metric, dim`).bind(...f.args),
  ];
}

interface CounterRow { d: number; metric: CounterMetric; ch: string; q: number }
interface HistRow { metric: (typeof HIST_METRICS)[number]; b: number; q: number }
interface TokenRow { metric: (typeof TOKEN_METRICS)[number]; model: string; q: number }

function dailyFigures(plan: HourPlan, rows: CounterRow[]) {
  const days = new Map(plan.days.map((d) => [d, { day: d, ...zero(), byChannel: {} as Record<string, { conversations: number; messages: number }> }]));
  const byChannel = new Map<string, Counters>();
  const totals = zero();
  for (const r of rows) {
    const day = days.get(plan.dayOf(r.d));
    if (!day) continue;
    day[r.metric] += r.q;
    totals[r.metric] += r.q;
    const ch = byChannel.get(r.ch) ?? zero();
    ch[r.metric] += r.q;
    byChannel.set(r.ch, ch);
    if (r.metric === "conversations" || r.metric === "messagesIn" || r.metric === "messagesOut") {
      const c = (day.byChannel[r.ch] ??= { conversations: 0, messages: 0 });
      if (r.metric === "conversations") c.conversations += r.q;
      else c.messages += r.q;
    }
  }
  return { daily: [...days.values()], totals, byChannel };
}

function timeFigures(rows: HistRow[]) {
  const hist = (metric: HistRow["metric"]) => {
    const counts = TIME_BUCKETS_MS.map(() => 0).concat(0);
    for (const r of rows) if (r.metric === metric && r.b >= 0 && r.b < counts.length) counts[r.b]! += r.q;
    return { count: counts.reduce((a, b) => a + b, 0), p50Ms: histogramPercentile(counts, 0.5), p90Ms: histogramPercentile(counts, 0.9), histogram: counts };
  };
  return { firstResponse: { ai: hist("frtAi"), operator: hist("frtOperator") }, resolution: { ai: hist("resAi"), operator: hist("resOperator") } };
}

function modelFigures(rows: TokenRow[]) {
  const models = new Map<string, { model: string; requests: number; tokensIn: number; tokensOut: number; costKopecks: number }>();
  for (const r of rows) {
    const m = models.get(r.model) ?? { model: r.model, requests: 0, tokensIn: 0, tokensOut: 0, costKopecks: 0 };
    if (r.metric === "aiRequests") m.requests += r.q;
    else if (r.metric === "tokensIn") m.tokensIn += r.q;
    else m.tokensOut += r.q;
    models.set(r.model, m);
  }
  return [...models.values()].map((m) => ({ ...m, costKopecks: tokenCostKopecks(m.model, m.tokensIn, m.tokensOut) })).sort((a, b) => b.tokensIn + b.tokensOut - (a.tokensIn + a.tokensOut));
}

/** Everything of the page but the rollups: the account, its channels and assistants (filters), statuses now, broadcasts (their per-state counts made cumulative: a read message was sent and delivered), flows. */
function contextStatements(env: Env, accountId: string, plan: HourPlan, q: AnalyticsQuery) {
  const fromMs = plan.fromHour * 3_600_000;
  const toMs = plan.toHour * 3_600_000;
  return [
    env.DB.prepare("SELECT id, name, platform FROM channels WHERE account_id = ? ORDER BY created_at").bind(accountId),
    env.DB.prepare("SELECT id, name FROM assistants WHERE account_id = ? ORDER BY created_at").bind(accountId),
    env.DB.prepare("SELECT status, sum(n) AS n FROM thread_counts WHERE account_id = ? AND is_test = 0 GROUP BY status").bind(accountId),
    env.DB.prepare(
      `SELECT b.id, b.name, b.channel_id AS channelId, coalesce(b.started_at, b.created_at) AS startedAt, b.status, b.total, b.sent + b.delivered + b.read AS sent, b.delivered + b.read AS delivered, b.read, b.failed,
         coalesce((SELECT sum(h.quantity) FROM analytics_hourly h WHERE h.account_id = b.account_id AND h.hour >= ${Math.floor(fromMs / 3_600_000)} AND h.metric = 'broadcastReplies' AND h.dim = b.id), 0) AS replied
       FROM broadcasts b WHERE b.account_id = ? AND b.started_at >= ? AND b.started_at < ?${q.channel ? " AND b.channel_id = ?" : ""} ORDER BY b.started_at DESC LIMIT 100`,
    ).bind(accountId, fromMs, toMs, ...(q.channel ? [q.channel] : [])),
    env.DB.prepare(
      `SELECT s.flow_id AS id, coalesce(f.name, '') AS name, sum(s.entered) AS started, sum(s.completed) AS completed, sum(s.dropped) AS dropped
       FROM flow_step_stats s LEFT JOIN flows f ON f.id = s.flow_id
       WHERE s.account_id = ? AND s.step_id = '' AND s.day >= ? AND s.day <= ? GROUP BY s.flow_id ORDER BY started DESC LIMIT 100`,
    ).bind(accountId, plan.days[0], plan.days[plan.days.length - 1]),
  ];
}

export type AnalyticsResult = Awaited<ReturnType<typeof getAnalytics>>;

/** All figures of the analytics page, from the rollups, in the account's time zone (default: the last 7 days). */
export async function getAnalytics(env: Env, accountId: string, q: AnalyticsQuery, now = Date.now()) {
  const account = await env.DB.prepare("SELECT timezone FROM accounts WHERE id = ?").bind(accountId).first<{ timezone: string }>();
  if (!account) throw notFound("Аккаунт не найден");
  const tz = account.timezone;
  const def = presetRange("7d", tz, now);
  const from = q.from ?? (q.to && q.to < def.from ? q.to : def.from);
  const to = q.to ?? (q.from && q.from > def.to ? q.from : def.to);
  const plan = hourPlan(tz, from, to);
  const results = await env.DB.batch<Record<string, unknown>>([...rollupStatements(env, accountId, plan, q), ...contextStatements(env, accountId, plan, q)]);
  const [counters, hist, tokens, channels, assistants, statuses, broadcasts, flows] = results.map((r) => r.results);
  const { daily, totals, byChannel } = dailyFigures(plan, counters as unknown as CounterRow[]);
  const channelList = channels as { id: string; name: string; platform: string }[];
  return {
    range: { from, to, timezone: tz, days: plan.days, channel: q.channel ?? null, assistantId: q.assistantId ?? null },
    filters: { channels: channelList, assistants: assistants as { id: string; name: string }[] },
    totals: { ...totals, aiOnlyShare: totals.conversations > 0 ? Math.round((totals.aiOnly / totals.conversations) * 1000) / 10 : null },
    daily,
    channels: [...byChannel.entries()].map(([id, c]) => ({ id, name: channelList.find((x) => x.id === id)?.name ?? "", platform: channelList.find((x) => x.id === id)?.platform ?? null, ...c })),
    times: timeFigures(hist as unknown as HistRow[]),
    statuses: (statuses as { status: string; n: number }[]).map((s) => ({ status: s.status, count: s.n })),
    models: modelFigures(tokens as unknown as TokenRow[]),
    broadcasts: (broadcasts as { id: string; name: string; channelId: string | null; startedAt: number; status: string; total: number; sent: number; delivered: number; read: number; failed: number; replied: number }[]),
    flows: (flows as { id: string; name: string; started: number; completed: number; dropped: number }[]).map((f) => ({ ...f, completionRate: f.started > 0 ? Math.round((f.completed / f.started) * 1000) / 10 : null })),
  };
}
