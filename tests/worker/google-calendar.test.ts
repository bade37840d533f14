import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { googleCalendarHubState } from "../../worker/features/google-calendar/connection.service";
import { runBookingReminder, sweepBookingReminders } from "../../worker/features/google-calendar/reminder.job";
import worker from "../../worker/index";
import { freeSlots, zonedIso } from "../../worker/features/google-calendar/slots";
import { addMember, api, BASE } from "./helpers";
import { waitFor } from "./ai-helpers";
import { createChannel, incoming, ingest, ownerWithAccount } from "./inbox-helpers";
import { allDay, connect, gc, gUrl, setupCalendar, WRITER } from "./google-helpers";

/** A customer who wrote to the account: the contact id. */
async function customer(accountId: string, channelId: string, user: string): Promise<string> {
  const [r] = await ingest([incoming(accountId, channelId, user, "Здравствуйте")]);
  return (r as { contactId: string }).contactId;
}

/** Google Calendar booking against the fake Google OAuth + Calendar (tests/fakes/google.ts). */

const READER = "ru.russian#holiday@group.v.calendar.google.com";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function gRequests(pred: (r: { method: string; path: string; rawBody: string }) => boolean) {
  return ((await (await fetch(`${gUrl()}/__requests`)).json()) as { method: string; path: string; rawBody: string }[]).filter(pred);
}

async function connected(settings: Record<string, unknown> = {}) {
  const o = await ownerWithAccount();
  await setupCalendar(o, settings);
  return o;
}

/** The first free slot at least `days` days ahead (tests share the fake's calendar: each uses its own day). */
async function slotAt(token: string, accountId: string, days: number) {
  const from = new Date(Date.now() + days * DAY).toISOString();
  const r = await api("GET", `${gc(accountId, "/slots")}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(new Date(Date.now() + (days + 1) * DAY).toISOString())}`, { token });
  expect(r.status).toBe(200);
  return r.body.slots[0] as { start: string; startUtc: string };
}

describe("Google Calendar: connecting", () => {
  it("sends the person to the consent page offline with prompt=consent and a signed state, stores sealed tokens, lists only writable calendars", async () => {
    const o = await ownerWithAccount();
    const c = await connect(o.token, o.accountId);
    const u = new URL(c.url);
    expect(u.pathname).toBe("/o/oauth2/v2/auth");
    expect(u.searchParams.get("access_type")).toBe("offline");
    expect(u.searchParams.get("prompt")).toBe("consent");
    expect(u.searchParams.get("state")).toMatch(/^[A-Za-z0-9_-]+\.[0-9a-f]{64}$/);
    expect(c.cb.status).toBe(302);
    const state = await api("GET", gc(o.accountId), { token: o.token });
    expect(state.body).toMatchObject({ status: "connected", reconnect: false });
    const row = await env.DB.prepare("SELECT refresh_token_enc, access_token_enc FROM google_calendar_connections WHERE account_id = ?").bind(o.accountId).first<Record<string, string>>();
    expect(row!.refresh_token_enc).toMatch(/^v1\./);
    expect(row!.refresh_token_enc).not.toContain("1//0fake-");
    const cals = await api("GET", gc(o.accountId, "/calendars"), { token: o.token });
    expect(cals.body.data.map((x: { accessRole: string }) => x.accessRole).sort()).toEqual(["owner", "writer"]);
    const bad = await api("PUT", gc(o.accountId, "/settings"), {
      token: o.token,
      body: { calendarId: READER, timezone: "Europe/Moscow", workingHours: allDay, slotMinutes: 60, bufferMinutes: 0, minNoticeMinutes: 0, horizonDays: 30, reminderHours: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields.calendarId).toBeTruthy();
  });

  it("refuses a state it did not sign and a callback from another browser", async () => {
    const o = await ownerWithAccount();
    const forged = await SELF.fetch(`${BASE}/api/oauth/google/callback?code=x&state=abc.def`, { redirect: "manual" });
    expect(forged.status).toBe(400);
    const start = await SELF.fetch(`${BASE}/api${gc(o.accountId, "/oauth/start")}`, { method: "POST", headers: { authorization: `Bearer ${o.token}` } });
    const { url } = (await start.json()) as { url: string };
    const allow = /id="allow" href="([^"]+)"/.exec(await (await fetch(url)).text())![1]!.replace(/&#38;/g, "&");
    const cb = await SELF.fetch(allow, { redirect: "manual", headers: { cookie: "google_oauth_nonce=someone-else" } });
    expect(cb.headers.get("location")).toContain("google_error=session");
    expect((await api("GET", gc(o.accountId), { token: o.token })).body.status).toBe("disconnected");
  });

  it("refreshes an expired access token with the refresh token", async () => {
    const o = await connected();
    await env.DB.prepare("UPDATE google_calendar_connections SET access_expires_at = ? WHERE account_id = ?").bind(Date.now() - 1000, o.accountId).run();
    const before = await env.DB.prepare("SELECT access_token_enc FROM google_calendar_connections WHERE account_id = ?").bind(o.accountId).first<{ access_token_enc: string }>();
    const refreshes = (await gRequests((r) => r.path === "/token" && r.rawBody.includes("grant_type=refresh_token"))).length;
    const r = await api("GET", gc(o.accountId, "/calendars"), { token: o.token });
    expect(r.status).toBe(200);
    expect((await gRequests((r) => r.path === "/token" && r.rawBody.includes("grant_type=refresh_token"))).length).toBe(refreshes + 1);
    const after = await env.DB.prepare("SELECT access_token_enc, access_expires_at FROM google_calendar_connections WHERE account_id = ?").bind(o.accountId).first<{ access_token_enc: string; access_expires_at: number }>();
    expect(after!.access_token_enc).not.toBe(before!.access_token_enc);
    expect(after!.access_expires_at).toBeGreaterThan(Date.now() + 50 * 60_000);
  });

  it("invalid_grant on refresh becomes the reconnect state (page and hub); disconnecting revokes the token", async () => {
    const o = await connected();
    const row = await env.DB.prepare("SELECT refresh_token_enc FROM google_calendar_connections WHERE account_id = ?").bind(o.accountId).first<{ refresh_token_enc: string }>();
    // This account's refresh token dies at Google (as after 7 days in "Testing", or a revoke elsewhere).
    const { decryptSecret } = await import("../../worker/lib/crypto");
    await fetch(`${gUrl()}/revoke`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token: await decryptSecret(row!.refresh_token_enc, env.ENCRYPTION_KEY!) }) });
    await env.DB.prepare("UPDATE google_calendar_connections SET access_expires_at = ? WHERE account_id = ?").bind(Date.now() - 1000, o.accountId).run();
    const r = await api("GET", gc(o.accountId, "/slots"), { token: o.token });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("GOOGLE_RECONNECT");
    expect(r.body.message).toMatch(/подключите Google Календарь заново/);
    expect((await api("GET", gc(o.accountId), { token: o.token })).body).toMatchObject({ status: "error", reconnect: true });
    expect(await googleCalendarHubState(getDb(env.DB), o.accountId)).toMatchObject({ state: "error", lastError: expect.stringMatching(/заново/) });

    const o2 = await connected();
    const revokes = (await gRequests((r) => r.path === "/revoke")).length;
    const del = await api("DELETE", gc(o2.accountId), { token: o2.token });
    expect(del.body).toMatchObject({ status: "disconnected", revoked: true });
    expect((await gRequests((r) => r.path === "/revoke")).length).toBe(revokes + 1);
    expect(await googleCalendarHubState(getDb(env.DB), o2.accountId)).toEqual({ state: "not_connected" });
  });
});

describe("Google Calendar: free slots", () => {
  it("keeps working hours in the business's zone across a clock change and shows them in the customer's zone", () => {
    // Berlin leaves summer time on 2026-10-25: 09:00 local is 07:00Z before and 08:00Z after.
    const rules = { timezone: "Europe/Berlin", workingHours: allDay.map(() => ({ on: true, from: "09:00", to: "11:00" })), slotMinutes: 60, bufferMinutes: 0, minNoticeMinutes: 0, horizonDays: 30 };
    const from = Date.parse("2026-10-24T00:00:00Z");
    const slots = freeSlots(rules, [], from, Date.parse("2026-10-27T00:00:00Z"), from);
    expect(slots.map((s) => new Date(s.start).toISOString())).toEqual([
      "2026-10-24T07:00:00.000Z",
      "2026-10-24T08:00:00.000Z",
      "2026-10-25T08:00:00.000Z",
      "2026-10-25T09:00:00.000Z",
      "2026-10-26T08:00:00.000Z",
      "2026-10-26T09:00:00.000Z",
    ]);
    // Moscow keeps +03:00 all year: the same working hour reads 10:00 before the change and 11:00 after.
    expect(zonedIso("Europe/Moscow", slots[0]!.start)).toBe("2026-10-24T10:00:00+03:00");
    expect(zonedIso("Europe/Moscow", slots[2]!.start)).toBe("2026-10-25T11:00:00+03:00");
    // A busy time widened by the buffer takes its neighbours; minimum notice hides the early ones.
    const busy = [{ start: Date.parse("2026-10-26T08:00:00Z"), end: Date.parse("2026-10-26T08:45:00Z") }];
    const buffered = freeSlots({ ...rules, bufferMinutes: 30 }, busy, from, Date.parse("2026-10-27T00:00:00Z"), from + 30 * HOUR);
    expect(buffered.map((s) => new Date(s.start).toISOString())).toEqual(["2026-10-25T08:00:00.000Z", "2026-10-25T09:00:00.000Z"]);
  });

  it("the API answers Yekaterinburg's working hours in Moscow's clock, minus the calendar's busy times", async () => {
    const o = await connected({ timezone: "Asia/Yekaterinburg", workingHours: allDay.map(() => ({ on: true, from: "10:00", to: "12:00" })) });
    const day = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    const r = await api("GET", `${gc(o.accountId, "/slots")}?from=${day}T00:00:00Z&to=${day}T23:59:00Z&timezone=Europe/Moscow`, { token: o.token });
    expect(r.status).toBe(200);
    expect(r.body.timezone).toBe("Asia/Yekaterinburg");
    expect(r.body.slots.map((s: { start: string }) => s.start)).toEqual([`${day}T08:00:00+03:00`, `${day}T09:00:00+03:00`]);
  });
});

describe("Google Calendar: bookings", () => {
  it("prevents a double booking: one of two concurrent requests wins, a repeat is 'already booked', Google holds one event", async () => {
    const o = await connected();
    const ch = await createChannel(o.accountId);
    const c1 = { contactId: await customer(o.accountId, ch, "d1") };
    const c2 = { contactId: await customer(o.accountId, ch, "d2") };
    const slot = await slotAt(o.token, o.accountId, 5);
    const [a, b] = await Promise.all([
      api("POST", gc(o.accountId, "/bookings"), { token: o.token, body: { start: slot.start, contactId: c1.contactId } }),
      api("POST", gc(o.accountId, "/bookings"), { token: o.token, body: { start: slot.start, contactId: c2.contactId } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const winner = a.status === 201 ? { res: a, contactId: c1.contactId } : { res: b, contactId: c2.contactId };
    const repeat = await api("POST", gc(o.accountId, "/bookings"), { token: o.token, body: { start: slot.start, contactId: winner.contactId } });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({ alreadyBooked: true, id: winner.res.body.id });
    const ours = async () =>
      ((await (await fetch(`${gUrl()}/__events`)).json()) as { extendedProperties?: { private?: { accountId?: string } } }[]).filter((e) => e.extendedProperties?.private?.accountId === o.accountId);
    expect(await ours()).toHaveLength(1);
    // A retry after a crash between Google's insert and our commit: Google's 409 on the same id is taken as booked.
    await env.DB.prepare("UPDATE calendar_bookings SET status = 'pending' WHERE account_id = ?").bind(o.accountId).run();
    const again = await api("POST", gc(o.accountId, "/bookings"), { token: o.token, body: { start: slot.start, contactId: winner.contactId } });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ status: "booked", id: winner.res.body.id });
    expect(await ours()).toHaveLength(1);
    expect((await api("GET", gc(o.accountId, "/bookings"), { token: o.token })).body.meta.total).toBe(1);
  });

  it("another contact gets 'slot taken'; a time busy in Google is refused by the re-check before inserting", async () => {
    const o = await connected();
    const ch = await createChannel(o.accountId);
    const r1 = { contactId: await customer(o.accountId, ch, "u1") };
    const r2 = { contactId: await customer(o.accountId, ch, "u2") };
    const slot = await slotAt(o.token, o.accountId, 7);
    const first = await api("POST", gc(o.accountId, "/bookings"), { token: o.token, body: { start: slot.start, contactId: r1.contactId } });
    expect(first.status).toBe(201);
    const second = await api("POST", gc(o.accountId, "/bookings"), { token: o.token, body: { start: slot.start, contactId: r2.contactId } });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("SLOT_TAKEN");

    const next = new Date(Date.parse(slot.startUtc) + 2 * HOUR);
    await fetch(`${gUrl()}/__busy`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ calendarId: WRITER, start: next.toISOString(), end: new Date(next.getTime() + HOUR).toISOString() }) });
    const busy = await api("POST", gc(o.accountId, "/bookings"), { token: o.token, body: { start: next.toISOString(), contactId: r2.contactId } });
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe("SLOT_TAKEN");

    // The contact's bookings; cancelling deletes the event and frees the slot.
    const mine = await api("GET", `${gc(o.accountId, "/bookings")}?contactId=${r1.contactId}`, { token: o.token });
    expect(mine.body.data).toHaveLength(1);
    const cancel = await api("DELETE", gc(o.accountId, `/bookings/${first.body.id}`), { token: o.token });
    expect(cancel.body.status).toBe("cancelled");
    const rebook = await api("POST", gc(o.accountId, "/bookings"), { token: o.token, body: { start: slot.start, contactId: r2.contactId } });
    expect(rebook.status).toBe(201);
  });

  it("reminds the customer once through the outbound sender, however often the job runs", async () => {
    const o = await connected();
    const ch = await createChannel(o.accountId);
    const r = { contactId: await customer(o.accountId, ch, "u-rem") };
    const slot = await slotAt(o.token, o.accountId, 9);
    const b = await api("POST", gc(o.accountId, "/bookings"), { token: o.token, body: { start: slot.start, contactId: r.contactId } });
    expect(b.status).toBe(201);
    const job = { kind: "booking-reminder" as const, accountId: o.accountId, bookingId: b.body.id, dueAt: Date.now() };
    await runBookingReminder(env, job);
    await runBookingReminder(env, job);
    const msgs = await env.DB.prepare("SELECT content, direction FROM messages WHERE account_id = ? AND dedupe_key = ?").bind(o.accountId, `booking-reminder:${b.body.id}`).all<{ content: string; direction: string }>();
    expect(msgs.results).toHaveLength(1);
    expect(msgs.results[0]!.direction).toBe("outgoing");
    expect(msgs.results[0]!.content).toMatch(/Напоминаем о вашей записи/);
  });

  it("the cron's sweep sends a due reminder whose job was lost, once, however often it runs and if the job turns up late", async () => {
    const o = await connected();
    const ch = await createChannel(o.accountId);
    const contactId = await customer(o.accountId, ch, "u-lost");
    const slot = await slotAt(o.token, o.accountId, 15);
    const b = await api("POST", gc(o.accountId, "/bookings"), { token: o.token, body: { start: slot.start, contactId } });
    expect(b.status).toBe(201);
    // Its queued job was lost: the reminder fell due ten minutes ago and nothing was sent.
    const dueAt = Date.now() - 10 * 60_000;
    await env.DB.prepare("UPDATE calendar_bookings SET reminder_at = ? WHERE id = ?").bind(dueAt, b.body.id).run();
    const count = async () => (await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE account_id = ? AND dedupe_key = ?").bind(o.accountId, `booking-reminder:${b.body.id}`).first<{ n: number }>())!.n;
    // The scheduled handler queues the sweep; the jobs consumer runs it.
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    await waitFor(async () => (await count()) === 1, 15_000);
    await sweepBookingReminders(env);
    await runBookingReminder(env, { kind: "booking-reminder", accountId: o.accountId, bookingId: b.body.id, dueAt });
    expect(await count()).toBe(1);
    const row = await env.DB.prepare("SELECT reminder_sent_at FROM calendar_bookings WHERE id = ?").bind(b.body.id).first<{ reminder_sent_at: number | null }>();
    expect(row!.reminder_sent_at).toBeGreaterThan(0);
    // A reminder due a minute ago (within the grace: its job may still be on its way) is left to its job.
    const later = await api("POST", gc(o.accountId, "/bookings"), { token: o.token, body: { start: (await slotAt(o.token, o.accountId, 16)).start, contactId } });
    await env.DB.prepare("UPDATE calendar_bookings SET reminder_at = ? WHERE id = ?").bind(Date.now() - 60_000, later.body.id).run();
    await sweepBookingReminders(env);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE dedupe_key = ?").bind(`booking-reminder:${later.body.id}`).first<{ n: number }>())!.n).toBe(0);
  });

  it("another account's integration and bookings are never reachable; operators read but cannot book", async () => {
    const a = await connected();
    const b = await connected();
    const slot = await slotAt(a.token, a.accountId, 11);
    const booked = await api("POST", gc(a.accountId, "/bookings"), { token: a.token, body: { start: slot.start } });
    expect(booked.status).toBe(201);
    expect((await api("GET", gc(a.accountId, "/bookings"), { token: b.token })).status).toBe(404);
    expect((await api("DELETE", gc(a.accountId, `/bookings/${booked.body.id}`), { token: b.token })).status).toBe(404);
    const viaOwn = await api("DELETE", gc(b.accountId, `/bookings/${booked.body.id}`), { token: b.token });
    expect(viaOwn.status).toBe(404);
    expect((await api("GET", gc(b.accountId, "/bookings"), { token: b.token })).body.meta.total).toBe(0);
    const op = await addMember(a.token, a.accountId, "operator");
    expect((await api("GET", gc(a.accountId, "/bookings"), { token: op.token })).body.meta.total).toBe(1);
    expect((await api("POST", gc(a.accountId, "/bookings"), { token: op.token, body: { start: slot.start } })).status).toBe(403);
  });

  it("delivers booking.created and booking.cancelled to the account's subscribed endpoint", async () => {
    const o = await connected();
    const receiver = (JSON.parse((env as unknown as { FAKE_URLS: string }).FAKE_URLS) as Record<string, string>).WEBHOOK_RECEIVER_URL!;
    const path = `/hooks/gcal-${Date.now().toString(36)}`;
    const ep = await api("POST", `/accounts/${o.accountId}/webhooks`, { token: o.token, body: { url: `${receiver}${path}`, events: ["booking.created", "booking.cancelled"], description: "CRM" } });
    expect(ep.status, JSON.stringify(ep.body)).toBe(201);
    const slot = await slotAt(o.token, o.accountId, 13);
    const b = await api("POST", gc(o.accountId, "/bookings"), { token: o.token, body: { start: slot.start } });
    expect(b.status).toBe(201);
    await api("DELETE", gc(o.accountId, `/bookings/${b.body.id}`), { token: o.token });
    const types = await waitFor(async () => {
      const all = ((await (await fetch(`${receiver}/__requests`)).json()) as { path: string; body: { type: string; data: { id: string } } }[]).filter((r) => r.path === path);
      return all.length >= 2 && all.map((r) => `${r.body.type}:${r.body.data.id}`);
    }, 15_000);
    expect(types.sort()).toEqual([`booking.cancelled:${b.body.id}`, `booking.created:${b.body.id}`]);
  });
});
