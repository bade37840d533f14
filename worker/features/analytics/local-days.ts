/**
 * Local days of a time zone, for the analytics page and its API. @shared-with-spa (pure, Intl only).
 * A day is "YYYY-MM-DD" in the zone; its start is the UTC instant of its local midnight.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: tz, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    formatters.set(tz, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in minutes (Moscow: 180). */
export function offsetMinutes(tz: string, at: number): number {
  const p = Object.fromEntries(formatter(tz).formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute), Number(p.second));
  return Math.round((local - Math.floor(at / 1000) * 1000) / 60_000);
}

/** The local date of an instant. */
export function localDate(tz: string, at: number): string {
  return new Date(at + offsetMinutes(tz, at) * 60_000).toISOString().slice(0, 10);
}

/** The instant the local day starts (its midnight; the first existing minute on a DST gap). */
export function dayStart(tz: string, day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  let at = utcMidnight - offsetMinutes(tz, utcMidnight) * 60_000;
  at = utcMidnight - offsetMinutes(tz, at) * 60_000;
  return at;
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length < 1000; d = addDays(d, 1)) out.push(d);
  return out;
}

export const RANGE_PRESETS = ["today", "7d", "30d", "month"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** A preset's days in the zone, today included. */
export function presetRange(preset: RangePreset, tz: string, now = Date.now()): { from: string; to: string } {
  const today = localDate(tz, now);
  if (preset === "today") return { from: today, to: today };
  if (preset === "7d") return { from: addDays(today, -6), to: today };
  if (preset === "30d") return { from: addDays(today, -29), to: today };
  return { from: `${today.slice(0, 8)}01`, to: today };
}
