// A local stand-in of Google OAuth and Calendar for `npm start` without a Google OAuth client: the
// protocol fake of tests/fakes/google.ts (loaded through tsx, as demo-payments.mjs does for YooKassa).
// Its consent page has "Разрешить"; its calendars keep the events the app books. Port, tokens and
// events are kept in the local data folder, so a connected calendar still works after a restart.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { root } from "./lib.mjs";

/** A stand-in is needed when no Google OAuth client is configured. */
export function googleStandInNeeded(vars) {
  return !(process.env.GOOGLE_CLIENT_ID || vars.GOOGLE_CLIENT_ID);
}

const portFree = (port) =>
  new Promise((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
const replacer = (_k, v) => (v instanceof Map ? { __map: [...v.entries()] } : v instanceof Set ? { __set: [...v] } : v);
const reviver = (_k, v) => (v && typeof v === "object" && Array.isArray(v.__map) ? new Map(v.__map) : v && typeof v === "object" && Array.isArray(v.__set) ? new Set(v.__set) : v);
const KEPT = ["codes", "refresh", "access", "events", "deleted", "busy"];

/** Starts the stand-in → { bindings, url, connectDemo(origin, login), stop() } */
export async function startDemoGoogle({ persistDir = join(root, ".wrangler", "state") } = {}) {
  const file = join(persistDir, "demo-google.json");
  let saved = {};
  try {
    saved = existsSync(file) ? JSON.parse(readFileSync(file, "utf8"), reviver) : {};
  } catch {
    saved = {};
  }
  const { register } = await import("tsx/esm/api");
  register();
  const { startGoogleFake, googleBindings } = await import("../tests/fakes/google.ts");
  const fake = await startGoogleFake(saved.port && (await portFree(saved.port)) ? saved.port : 0);
  for (const k of KEPT) if (saved.data?.[k]) fake.state.data[k] = saved.data[k];
  let last = "";
  const save = () => {
    if (fake.state.requests.length > 2000) fake.state.requests.splice(0, fake.state.requests.length - 1000);
    const text = JSON.stringify({ port: fake.port, data: Object.fromEntries(KEPT.map((k) => [k, fake.state.data[k]])) }, replacer, 1);
    if (text === last) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    last = text;
  };
  save();
  const timer = setInterval(save, 1000);
  timer.unref();
  return {
    url: fake.url,
    bindings: googleBindings(fake.url),
    connectDemo: (origin, login) => connectDemoCalendar(origin, login),
    async stop() {
      clearInterval(timer);
      save();
      await fake.close();
    },
  };
}

const DEMO_CALENDAR = "bookings.lavanda@group.calendar.google.com";
const weekday = { on: true, from: "10:00", to: "19:00" };
const DEMO_SETTINGS = {
  calendarId: DEMO_CALENDAR,
  timezone: "Europe/Moscow",
  workingHours: [weekday, weekday, weekday, weekday, weekday, { on: true, from: "11:00", to: "16:00" }, { on: false, from: "10:00", to: "19:00" }],
  slotMinutes: 60,
  bufferMinutes: 15,
  minNoticeMinutes: 120,
  horizonDays: 30,
  reminderHours: 24,
};
/** Demo customers (scripts/seed-inbox.mjs) with a booking each, this many days ahead. */
const DEMO_BOOKINGS = [
  { contactId: "demo-c-anna", days: 1, summary: "Примерка штор: Анна" },
  { contactId: "demo-c-maria", days: 2, summary: "Консультация по текстилю: Мария" },
  { contactId: "demo-c-olga", days: 4, summary: "Замер окон: Ольга" },
];

/**
 * Connects the demo account's Google Calendar to the stand-in through the app's own OAuth flow (the
 * consent page's "Разрешить", the callback with the start's nonce cookie), saves the booking
 * settings and books a few demo customers, so the calendar page is filled. Idempotent: a connected
 * calendar is left as it is, and bookings are made only while the account has none.
 */
async function connectDemoCalendar(origin, { email, password, accountId }) {
  const login = await fetch(`${origin}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  if (!login.ok) return "demo login failed";
  const { accessToken } = await login.json();
  const headers = { authorization: `Bearer ${accessToken}`, "content-type": "application/json", "x-timezone": "Europe/Moscow" };
  const base = `${origin}/api/accounts/${accountId}/integrations/google-calendar`;
  const state = await (await fetch(base, { headers })).json();
  let note = "already connected";
  if (state.status !== "connected") {
    const start = await fetch(`${base}/oauth/start`, { method: "POST", headers });
    if (!start.ok) return `not connected (${start.status})`;
    const nonce = /google_oauth_nonce=([^;]+)/.exec(start.headers.get("set-cookie") ?? "")?.[1] ?? "";
    const { url } = await start.json();
    const allow = /id="allow" href="([^"]+)"/.exec(await (await fetch(url)).text())?.[1]?.replace(/&#38;/g, "&").replace(/&amp;/g, "&");
    if (!allow) return "no consent page";
    // "Разрешить" links straight to our callback, which must come back with the start's nonce cookie.
    const done = await fetch(allow, { redirect: "manual", headers: { cookie: `google_oauth_nonce=${nonce}` } });
    if (!(done.headers.get("location") ?? "").includes("google_connected=1")) return `not connected (${done.headers.get("location") ?? done.status})`;
    note = "connected";
  }
  if (!state.calendarId) {
    const put = await fetch(`${base}/settings`, { method: "PUT", headers, body: JSON.stringify(DEMO_SETTINGS) });
    if (!put.ok) return `${note}, settings not saved (${put.status})`;
  }
  const list = await (await fetch(`${base}/bookings?when=all&limit=1`, { headers })).json();
  if ((list.meta?.total ?? 0) > 0) return note;
  let booked = 0;
  for (const b of DEMO_BOOKINGS) {
    const from = new Date(Date.now() + b.days * 86_400_000).toISOString();
    const to = new Date(Date.now() + (b.days + 1) * 86_400_000).toISOString();
    const slots = await (await fetch(`${base}/slots?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { headers })).json();
    const slot = slots.slots?.[Math.min(2, (slots.slots?.length ?? 1) - 1)];
    if (!slot) continue;
    const res = await fetch(`${base}/bookings`, { method: "POST", headers, body: JSON.stringify({ start: slot.start, contactId: b.contactId, timezone: "Europe/Moscow", summary: b.summary }) });
    if (res.ok) booked++;
  }
  return `${note}, ${booked} demo bookings`;
}
