import { eq } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import { accessToken, DEFAULT_SETTINGS, getConnection, googleFailure, notConnected, recordWorked } from "./connection.service";
import { listCalendars as googleCalendars } from "./google-client";
import type { SettingsInput } from "./google-calendar.schemas";

/** The calendars a booking may go to: the ones the person owns or writes to (readers and free/busy viewers are left out). */
export async function writableCalendars(env: Env, accountId: string) {
  const { token } = await accessToken(env, accountId);
  let all;
  try {
    all = await googleCalendars(env, token);
  } catch (e) {
    throw googleFailure(e);
  }
  await recordWorked(env, accountId);
  return all
    .filter((c) => c.accessRole === "owner" || c.accessRole === "writer")
    .map((c) => ({ id: c.id, summary: c.summary, timeZone: c.timeZone ?? null, accessRole: c.accessRole, primary: !!c.primary }));
}

/**
 * The booking settings; before the first save the time zone defaults to the browser's (`X-Timezone`)
 * when it is a valid IANA name, else the account's.
 */
export async function getSettings(env: Env, accountId: string, browserZone?: string) {
  const c = await getConnection(getDb(env.DB), accountId);
  if (!c || c.status === "disconnected") throw notConnected();
  const zone = validZone(browserZone) ?? c.settings?.timezone ?? "Europe/Moscow";
  return { calendarId: c.calendarId, calendarSummary: c.calendarSummary, saved: !!c.calendarId, ...(c.calendarId && c.settings ? c.settings : { ...DEFAULT_SETTINGS(zone), ...(c.settings ?? {}), timezone: zone }) };
}

function validZone(tz: string | undefined): string | null {
  if (!tz || tz.length > 64) return null;
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return tz;
  } catch {
    return null;
  }
}

export async function putSettings(env: Env, accountId: string, input: SettingsInput) {
  const calendars = await writableCalendars(env, accountId);
  const cal = calendars.find((c) => c.id === input.calendarId);
  if (!cal) throw new AppError(400, "VALIDATION_ERROR", "Проверьте поля формы", { fields: { calendarId: ["Выберите календарь, в который у вас есть право записи"] } });
  const { calendarId, ...settings } = input;
  await getDb(env.DB)
    .update(schema.googleCalendarConnections)
    .set({ calendarId, calendarSummary: cal.summary, settings, updatedAt: Date.now() })
    .where(eq(schema.googleCalendarConnections.accountId, accountId));
  return { calendarId, calendarSummary: cal.summary, saved: true, ...settings };
}
