import { badRequest } from "../../lib/errors";
import { zonedToUtc, zoneOffsetMs } from "../../lib/zoned-time";
import { DAY_MS, subscriptionOf } from "./subscription";
import type { Db } from "../../db/client";
import { METRICS, type Metric } from "./units";

/** Longest range one usage request covers (a year and a day). */
const MAX_DAYS = 367;
const HOUR_MS = 3_600_000;
/** The units kept per hour (usage_hourly, migration 0049), so their days can be the account's. */
const HOURLY = ["aiReplies", "messagesIn", "messagesOut"] as const satisfies readonly Metric[];
const isHourly = (m: string): m is (typeof HOURLY)[number] => (HOURLY as readonly string[]).includes(m);

type DayRow = { day: string } & Record<Metric, number>;

/** The account's local date (YYYY-MM-DD) of an instant. */
export function localDay(tz: string, at: number): string {
  return new Date(at + zoneOffsetMs(tz, at)).toISOString().slice(0, 10);
}
/** The instant a local day starts (its midnight in the zone). */
function localDayStart(tz: string, day: string): number {
  const [y, m, d] = day.split("-").map(Number);
  return zonedToUtc(tz, y!, m!, d!);
}
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * Usage per day of the account's time zone between `from` and `to` (inclusive; or the last `days`
 * days up to today; default: the current period up to today). Customers' messages, outgoing
 * messages and AI replies are summed from their hours (usage_hourly), so a day is the account's day
 * and today's usage is today's; broadcast recipients and model tokens are kept per UTC day
 * (usage_daily) and are counted under that date. The breakdowns by channel (messages, broadcast
 * recipients) and by model (AI replies, tokens) are usage_daily's, over the same dates.
 */
export async function getUsage(d1: D1Database, db: Db, accountId: string, q: { from?: string; to?: string; days?: number }, now = Date.now()) {
  const [{ sub }, account] = await Promise.all([subscriptionOf(db, accountId, now), d1.prepare("SELECT timezone FROM accounts WHERE id = ?").bind(accountId).first<{ timezone: string }>()]);
  const tz = account?.timezone || "Europe/Moscow";
  const today = localDay(tz, now);
  const to = q.to ?? (q.days || q.from ? today : localDay(tz, Math.min(now, sub.periodEnd - 1)));
  const from = q.from ?? (q.days ? addDays(to, -(q.days - 1)) : localDay(tz, sub.periodStart));
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (span > MAX_DAYS) throw badRequest(`Слишком длинный период: не больше ${MAX_DAYS} дней`, "RANGE_TOO_LONG");
  const fromHour = Math.floor(localDayStart(tz, from) / HOUR_MS);
  const toHour = Math.ceil(localDayStart(tz, addDays(to, 1)) / HOUR_MS);
  const [hourly, rows, channels] = await Promise.all([
    d1.prepare("SELECT hour, metric, quantity FROM usage_hourly WHERE account_id = ? AND hour >= ? AND hour < ?").bind(accountId, fromHour, toHour).all<{ hour: number; metric: string; quantity: number }>(),
    d1.prepare("SELECT day, metric, dim, quantity FROM usage_daily WHERE account_id = ? AND day >= ? AND day <= ? ORDER BY day").bind(accountId, from, to).all<{ day: string; metric: Metric; dim: string; quantity: number }>(),
    d1.prepare("SELECT id, platform, name FROM channels WHERE account_id = ?").bind(accountId).all<{ id: string; platform: string; name: string | null }>(),
  ]);
  const zero = () => Object.fromEntries(METRICS.map((m) => [m, 0])) as Record<Metric, number>;
  const days = new Map<string, DayRow>();
  for (let d = from; d <= to; d = addDays(d, 1)) days.set(d, { day: d, ...zero() });
  const byModel = new Map<string, { model: string; aiReplies: number; tokensIn: number; tokensOut: number }>();
  const byChannel = new Map<string, { channelId: string | null; platform: string | null; name: string | null; messagesIn: number; messagesOut: number; broadcastRecipients: number }>();
  const channelInfo = new Map(channels.results.map((c) => [c.id, c]));
  const totals = zero();
  for (const r of hourly.results) {
    if (!isHourly(r.metric)) continue;
    const d = days.get(localDay(tz, r.hour * HOUR_MS));
    if (!d) continue;
    d[r.metric] += r.quantity;
    totals[r.metric] += r.quantity;
  }
  for (const r of rows.results) {
    if (!(METRICS as readonly string[]).includes(r.metric)) continue;
    if (!isHourly(r.metric)) {
      const d = days.get(r.day);
      if (d) d[r.metric] += r.quantity;
      totals[r.metric] += r.quantity;
    }
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
  return { from, to, timezone: tz, days: [...days.values()], totals, byModel: [...byModel.values()], byChannel: [...byChannel.values()] };
}
