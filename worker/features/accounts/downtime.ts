import type { Downtime } from "./accounts.schemas";

/** Whether `at` falls inside the weekly downtime schedule, read in the schedule's (or account's) time zone. */
export function isInDowntime(downtime: Partial<Downtime> | null | undefined, accountTz: string, at = new Date()): boolean {
  if (!downtime?.enabled || !downtime.intervals?.length) return false;
  const tz = downtime.timezone || accountTz;
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: tz, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const wd = parts.find((p) => p.type === "weekday")!.value;
  const day = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(wd) + 1;
  const time = `${parts.find((p) => p.type === "hour")!.value}:${parts.find((p) => p.type === "minute")!.value}`;
  return downtime.intervals.some((i) => i.day === day && i.from <= time && time < i.to);
}
