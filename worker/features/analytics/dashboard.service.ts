import type { Env } from "../../env";
import { notFound } from "../../lib/errors";
import { getBilling } from "../billing/billing.service";
import { histogramPercentile, TIME_BUCKETS_MS } from "./contract";
import { hourPlan } from "./hours";
import { addDays, localDate } from "./local-days";

interface DayRow { d: number; metric: string; b: number | null; q: number }

const DAY_METRICS = ["conversations", "aiReplies", "handoffs", "frtAi", "frtOperator"];

function dayFigures(rows: DayRow[], dayNumber: number) {
  const sum = (m: string) => rows.filter((r) => r.d === dayNumber && r.metric === m).reduce((a, r) => a + r.q, 0);
  const counts = TIME_BUCKETS_MS.map(() => 0).concat(0);
  for (const r of rows) if (r.d === dayNumber && (r.metric === "frtAi" || r.metric === "frtOperator") && r.b !== null && r.b >= 0 && r.b < counts.length) counts[r.b]! += r.q;
  return { conversations: sum("conversations"), aiReplies: sum("aiReplies"), handoffs: sum("handoffs"), firstResponseP50Ms: histogramPercentile(counts, 0.5) };
}

type ChannelRow = { id: string; name: string; platform: string; enabled: number; credentials: string | null; state: string };

function channelHealth(ch: ChannelRow) {
  const state = JSON.parse(ch.state || "{}") as Record<string, unknown>;
  const connected = !!ch.credentials && state.connected === true;
  const whatsappState = typeof state.stateInstance === "string" ? state.stateInstance : null;
  const error = typeof state.lastError === "string" ? state.lastError : typeof state.lastErrorMessage === "string" ? state.lastErrorMessage : null;
  const health = !connected ? "disconnected" : !ch.enabled ? "disabled" : (whatsappState && whatsappState !== "authorized") || error ? "error" : "ok";
  return { id: ch.id, name: ch.name, platform: ch.platform, connected, enabled: !!ch.enabled, whatsappState, error, health };
}

const WAITING_LIMIT = 20;

/** The control panel: today against yesterday (local days), threads waiting for an operator now, channel health, balance and usage (for those who read billing). */
export async function getDashboard(env: Env, accountId: string, opts: { withBilling: boolean }, now = Date.now()) {
  const account = await env.DB.prepare("SELECT timezone FROM accounts WHERE id = ?").bind(accountId).first<{ timezone: string }>();
  if (!account) throw notFound("Аккаунт не найден");
  const today = localDate(account.timezone, now);
  const plan = hourPlan(account.timezone, addDays(today, -1), today);
  const [days, waitingCount, waiting, channels] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare(
      `SELECT ${plan.dayExpr} AS d, metric, CASE WHEN metric LIKE 'frt%' THEN CAST(dim AS INTEGER) END AS b, sum(quantity) AS q FROM analytics_hourly
       WHERE account_id = ? AND hour >= ${plan.fromHour} AND hour < ${plan.toHour} AND metric IN (${DAY_METRICS.map((m) => `'${m}'`).join(", ")}) GROUP BY d, metric, b`,
    ).bind(accountId),
    env.DB.prepare("SELECT coalesce(sum(n), 0) AS n FROM thread_counts WHERE account_id = ? AND is_test = 0 AND status = 'pending'").bind(accountId),
    env.DB.prepare(
      `SELECT t.id AS threadId, t.contact_id AS contactId, c.name AS contactName, t.platform, t.channel_id AS channelId, coalesce(ch.name, '') AS channelName,
         t.last_message AS lastMessage, t.last_message_at AS lastMessageAt, t.updated_at AS waitingSince, t.unread_count AS unreadCount
       FROM threads t JOIN contacts c ON c.id = t.contact_id LEFT JOIN channels ch ON ch.id = t.channel_id
       WHERE t.account_id = ? AND t.is_test = 0 AND t.status = 'pending' ORDER BY t.updated_at DESC LIMIT ${WAITING_LIMIT}`,
    ).bind(accountId),
    env.DB.prepare("SELECT id, name, platform, enabled, credentials, state FROM channels WHERE account_id = ? ORDER BY created_at").bind(accountId),
  ]).then((r) => r.map((x) => x.results));
  const rows = days as unknown as DayRow[];
  const todayN = Math.floor(Date.parse(`${today}T00:00:00Z`) / 86_400_000);
  const billing = opts.withBilling ? await getBilling(env, accountId, now) : null;
  return {
    timezone: account.timezone,
    today: { day: today, ...dayFigures(rows, todayN), waiting: Number((waitingCount[0] as { n: number } | undefined)?.n ?? 0) },
    yesterday: { day: addDays(today, -1), ...dayFigures(rows, todayN - 1) },
    waiting: waiting as { threadId: string; contactId: string; contactName: string; platform: string | null; channelId: string | null; channelName: string; lastMessage: string | null; lastMessageAt: number | null; waitingSince: number; unreadCount: number }[],
    channels: (channels as unknown as ChannelRow[]).map(channelHealth),
    billing: billing
      ? { planName: billing.plan.name, planTranslations: billing.plan.translations, balanceKopecks: billing.balanceKopecks, state: billing.limits.state, periodEnd: billing.subscription.periodEnd, units: billing.units.filter((u) => u.kind === "consumable").map((u) => ({ unit: u.unit, used: u.used, included: u.included, percent: u.percent })) }
      : null,
  };
}
