/** Pure slot arithmetic: working hours in the business's zone, busy times, buffers (no bindings). */
import { utcToZoned, zonedToUtc } from "../../lib/zoned-time";

export interface WorkingDayLike {
  on: boolean;
  from: string;
  to: string;
}

export interface SlotRules {
  timezone: string;
  /** Index 0 is Monday. */
  workingHours: WorkingDayLike[];
  slotMinutes: number;
  bufferMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
}

export interface Interval {
  start: number;
  end: number;
}

const MIN = 60_000;
const DAY = 86_400_000;

function hm(s: string): [number, number] {
  const [h, m] = s.split(":").map(Number);
  return [h ?? 0, m ?? 0];
}

/** Monday 0 … Sunday 6 of a civil date. */
function weekdayIndex(y: number, mo: number, d: number): number {
  return (new Date(Date.UTC(y, mo - 1, d)).getUTCDay() + 6) % 7;
}

/** The working intervals (instants) of every local day that touches [from, to). */
export function workingIntervals(rules: Pick<SlotRules, "timezone" | "workingHours">, from: number, to: number): Interval[] {
  const out: Interval[] = [];
  const first = utcToZoned(rules.timezone, from - DAY).slice(0, 10);
  let [y, mo, d] = first.split("-").map(Number) as [number, number, number];
  for (let i = 0; i < 400; i++) {
    const dayStart = zonedToUtc(rules.timezone, y, mo, d);
    if (dayStart >= to) break;
    const wd = rules.workingHours[weekdayIndex(y, mo, d)];
    if (wd?.on) {
      const [fh, fm] = hm(wd.from);
      const [th, tm] = hm(wd.to);
      const start = zonedToUtc(rules.timezone, y, mo, d, fh, fm);
      const end = th === 24 ? zonedToUtc(rules.timezone, y, mo, d + 1) : zonedToUtc(rules.timezone, y, mo, d, th, tm);
      if (end > start && end > from && start < to) out.push({ start, end });
    }
    const next = new Date(Date.UTC(y, mo - 1, d + 1));
    [y, mo, d] = [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()];
  }
  return out;
}

/**
 * Free slots in [from, to): each working interval cut into `slotMinutes` pieces from its start,
 * a piece kept when it starts after now + minimum notice, before now + horizon, and no busy time
 * (widened by the buffer on both sides) overlaps it.
 */
export function freeSlots(rules: SlotRules, busy: Interval[], from: number, to: number, now: number, limit = 500): Interval[] {
  const len = rules.slotMinutes * MIN;
  const buffer = rules.bufferMinutes * MIN;
  const earliest = Math.max(from, now + rules.minNoticeMinutes * MIN);
  const latest = Math.min(to, now + rules.horizonDays * DAY);
  const blocked = busy.map((b) => ({ start: b.start - buffer, end: b.end + buffer })).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const w of workingIntervals(rules, from, to)) {
    for (let t = w.start; t + len <= w.end; t += len) {
      if (t < earliest || t >= latest) continue;
      const end = t + len;
      if (blocked.some((b) => b.start < end && b.end > t)) continue;
      out.push({ start: t, end });
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/** An instant as the customer reads it: "2026-03-10T15:00+03:00" (RFC 3339 with the zone's offset). */
export function zonedIso(tz: string, at: number): string {
  const wall = utcToZoned(tz, at);
  const offMin = Math.round((Date.parse(`${wall}:00Z`) - Math.floor(at / MIN) * MIN) / MIN);
  const sign = offMin < 0 ? "-" : "+";
  const abs = Math.abs(offMin);
  return `${wall}:00${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}
