import { badRequest } from "../../lib/errors";
import { DAY_MS, subscriptionOf, utcDayOf } from "./subscription";
import type { Db } from "../../db/client";
import { METRICS, type Metric } from "./units";

/** Longest range one usage request covers (a year and a day). */
const MAX_DAYS = 367;

type DayRow = { day: string } & Record<Metric, number>;

/**
 * Usage per UTC day between `from` and `to` (inclusive; default: the current period up to today),
 * from `usage_daily` (kept by triggers as messages and token events are committed), with the
 * breakdowns by channel (messages, broadcast recipients) and by model (AI replies, tokens).
 */
export async function getUsage(d1: D1Database, db: Db, accountId: string, q: { from?: string; to?: string }, now = Date.now()) {
  const { sub } = await subscriptionOf(db, accountId, now);
  const from = q.from ?? utcDayOf(sub.periodStart);
  const to = q.to ?? utcDayOf(Math.min(now, sub.periodEnd - 1));
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (span > MAX_DAYS) throw badRequest(`Слишком длинный период: не больше ${MAX_DAYS} дней`, "RANGE_TOO_LONG");
  const [rows, channels] = await Promise.all([
    d1.prepare("SELECT day, metric, dim, quantity FROM usage_daily WHERE account_id = ? AND day >= ? AND day <= ? ORDER BY day").bind(accountId, from, to).all<{ day: string; metric: Metric; dim: string; quantity: number }>(),
    d1.prepare("SELECT id, platform, name FROM channels WHERE account_id = ?").bind(accountId).all<{ id: string; platform: string; name: string | null }>(),
  ]);
  const zero = () => Object.fromEntries(METRICS.map((m) => [m, 0])) as Record<Metric, number>;
  const days = new Map<string, DayRow>();
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY_MS) days.set(utcDayOf(t), { day: utcDayOf(t), ...zero() });
  const byModel = new Map<string, { model: string; aiReplies: number; tokensIn: number; tokensOut: number }>();
  const byChannel = new Map<string, { channelId: string | null; platform: string | null; name: string | null; messagesIn: number; messagesOut: number; broadcastRecipients: number }>();
  const channelInfo = new Map(channels.results.map((c) => [c.id, c]));
  const totals = zero();
  for (const r of rows.results) {
    if (!(METRICS as readonly string[]).includes(r.metric)) continue;
    const d = days.get(r.day);
    if (d) d[r.metric] += r.quantity;
    totals[r.metric] += r.quantity;
    if (r.metric === "aiReplies" || r.metric === "tokensIn" || r.metric === "tokensOut") {
      const m = byModel.get(r.dim) ?? { model: r.dim, aiReplies: 0, tokensIn: 0, tokensOut: 0 };
      m[r.metric] += r.quantity;
      byModel.set(r.dim, m);
    } else {
      const info = channelInfo.get(r.dim);
      const c = byChannel.get(r.dim) ?? { channelId: r.dim || null, platform: info?.platform ?? null, name: info?.name ?? null, messagesIn: 0, messagesOut: 0, broadcastRecipients: 0 };
      c[r.metric] += r.quantity;
      byChannel.set(r.dim, c);
    }
  }
  return { from, to, days: [...days.values()], totals, byModel: [...byModel.values()], byChannel: [...byChannel.values()] };
}
