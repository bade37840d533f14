/**
 * Wall-clock times of a time zone as instants. A date typed on the contact card ("1990-05-01", or
 * "2026-11-25T14:30" without an offset) means that moment in the account's time zone, not in the
 * browser's or the server's.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: tz, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    formatters.set(tz, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in ms (Moscow: +3 h). */
export function zoneOffsetMs(tz: string, at: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(new Date(at))) if (p.type !== "literal") parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant when the zone's clocks show this wall time (the later reading when a clock change repeats it). */
export function zonedToUtc(tz: string, y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number {
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  let at = wall - zoneOffsetMs(tz, wall);
  // One correction covers a guess made on the other side of a clock change.
  const again = wall - zoneOffsetMs(tz, at);
  if (again !== at) at = again;
  return at;
}

/** The wall-clock reading of an instant in the zone, as "YYYY-MM-DDTHH:mm". */
export function utcToZoned(tz: string, at: number): string {
  return new Date(at + zoneOffsetMs(tz, at)).toISOString().slice(0, 16);
}
