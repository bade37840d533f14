import { addDays, dayStart, daysBetween, offsetMinutes } from "./local-days";

const HOUR = 3_600_000;

/**
 * The UTC hours of a range of local days and the SQL that turns a rollup hour into its local day
 * number (days since the epoch, local): `(hour * 60 + offset) / 1440`, the offset a CASE over the
 * hours where the zone's offset changes (DST), so one GROUP BY sums hours into local days in any zone.
 */
export interface HourPlan {
  days: string[];
  fromHour: number;
  toHour: number;
  /** SQL over the column `hour`: the local day number. */
  dayExpr: string;
  dayOf: (n: number) => string;
}

function transitionHour(tz: string, lo: number, hi: number, before: number): number {
  // The first hour in [lo, hi] whose offset differs from `before` (binary search).
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetMinutes(tz, mid * HOUR) === before) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function hourPlan(tz: string, from: string, to: string): HourPlan {
  const days = daysBetween(from, to);
  const starts = [...days, addDays(to, 1)].map((d) => dayStart(tz, d));
  const fromHour = Math.floor(starts[0]! / HOUR);
  const toHour = Math.ceil(starts[starts.length - 1]! / HOUR);
  const segments: { until: number; offset: number }[] = [];
  let current = offsetMinutes(tz, fromHour * HOUR);
  for (let i = 1; i < starts.length; i++) {
    const next = offsetMinutes(tz, starts[i]!);
    if (next !== current) {
      segments.push({ until: transitionHour(tz, Math.floor(starts[i - 1]! / HOUR), Math.ceil(starts[i]! / HOUR), current), offset: current });
      current = next;
    }
  }
  const offsetSql = segments.length ? `CASE ${segments.map((s) => `WHEN hour < ${s.until} THEN ${s.offset}`).join(" ")} ELSE ${current} END` : String(current);
  return {
    days,
    fromHour,
    toHour,
    dayExpr: `((hour * 60 + ${offsetSql}) / 1440)`,
    dayOf: (n) => new Date(n * 86_400_000).toISOString().slice(0, 10),
  };
}

