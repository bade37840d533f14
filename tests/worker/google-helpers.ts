import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import { api, BASE } from "./helpers";

/** The fake Google OAuth + Calendar (tests/fakes/google.ts), shared by the calendar's and the flows' booking tests. */
export const gUrl = () => (JSON.parse((env as unknown as { FAKE_URLS: string }).FAKE_URLS) as Record<string, string>).GOOGLE_FAKE_URL!;
export const gc = (accountId: string, path = "") => `/accounts/${accountId}/integrations/google-calendar${path}`;
export const WRITER = "bookings.lavanda@group.calendar.google.com";
export const allDay = Array.from({ length: 7 }, () => ({ on: true, from: "00:00", to: "24:00" }));

/** The browser's round trip: our start → the fake consent page's "Разрешить" → our callback with the start's cookie. */
export async function connect(token: string, accountId: string) {
  const start = await SELF.fetch(`${BASE}/api${gc(accountId, "/oauth/start")}`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
  expect(start.status).toBe(200);
  const nonce = /google_oauth_nonce=([^;]+)/.exec(start.headers.get("set-cookie") ?? "")?.[1];
  const { url } = (await start.json()) as { url: string };
  const page = await (await fetch(url)).text();
  const allow = /id="allow" href="([^"]+)"/.exec(page)![1]!.replace(/&#38;/g, "&");
  const cb = await SELF.fetch(allow, { redirect: "manual", headers: { cookie: `google_oauth_nonce=${nonce}` } });
  return { url, cb, location: cb.headers.get("location") ?? "" };
}

/** Connects the account's Google Calendar and saves the booking settings (the writer calendar, round-the-clock hours by default). */
export async function setupCalendar(o: { token: string; accountId: string }, settings: Record<string, unknown> = {}) {
  const c = await connect(o.token, o.accountId);
  expect(c.location).toContain("google_connected=1");
  const put = await api("PUT", gc(o.accountId, "/settings"), {
    token: o.token,
    body: { calendarId: WRITER, timezone: "Europe/Moscow", workingHours: allDay, slotMinutes: 60, bufferMinutes: 0, minNoticeMinutes: 0, horizonDays: 60, reminderHours: 24, ...settings },
  });
  expect(put.status).toBe(200);
}

/** The fake calendar's events made for this account. */
export async function accountEvents(accountId: string) {
  type Ev = { id: string; start: { dateTime: string }; extendedProperties?: { private?: { accountId?: string; bookingId?: string } } };
  return ((await (await fetch(`${gUrl()}/__events`)).json()) as Ev[]).filter((e) => e.extendedProperties?.private?.accountId === accountId);
}

/** A time that becomes busy in Google itself (not through us). */
export async function markBusy(startIso: string, endIso: string) {
  await fetch(`${gUrl()}/__busy`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ calendarId: WRITER, start: startIso, end: endIso }) });
}
