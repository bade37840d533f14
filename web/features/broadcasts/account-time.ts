import { useQuery } from "@tanstack/react-query";
import { accountQueries } from "@/features/accounts/api";
import { localeTag } from "@/lib/i18n";

/**
 * A broadcast's times on the account's clock. The composer takes «when to send» as a wall time of
 * the account's time zone (the server reads it so), so everything the broadcast pages show of it
 * (the confirmation, the list, the page) reads on that clock too, in the one format of formatDate
 * (30.11.2026, 12:00); the zone is named wherever it is not the browser's own.
 */

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The account's time zone (the browser's until the account is known), and whether it differs from the browser's. */
export function useAccountTimeZone(accountId: string): { timeZone: string; foreign: boolean } {
  const timeZone = useQuery(accountQueries.detail(accountId)).data?.timezone || browserTimeZone();
  return { timeZone, foreign: timeZone !== browserTimeZone() };
}

/** A zone's name as people read it: Europe/Moscow, America/New York. */
export const zoneName = (timeZone: string) => timeZone.replaceAll("_", " ");

function zoned(value: Date, timeZone: string): string {
  const tag = localeTag();
  const date = new Intl.DateTimeFormat(tag, { timeZone, day: "2-digit", month: "2-digit", year: "numeric" }).format(value);
  const time = new Intl.DateTimeFormat(tag, { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(value);
  return `${date}, ${time}`;
}

/** An instant (ISO text, ms or Date) as the date and time the zone's clocks show then. */
export function formatInZone(value: Date | string | number, timeZone: string): string {
  return zoned(value instanceof Date ? value : new Date(value), timeZone);
}

/** A wall time as typed in a datetime-local field ("2026-11-30T12:00") in the same format, without moving it to any zone. */
export function formatWallTime(wall: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(wall);
  if (!m) return wall;
  return zoned(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]))), "UTC");
}
