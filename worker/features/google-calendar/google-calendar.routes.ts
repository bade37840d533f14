import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppBindings } from "../../env";
import { AppError } from "../../lib/errors";
import { v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import { bookSlot, cancelBooking, findSlots, listBookings } from "./booking.service";
import { disconnect, handleGoogleCallback, NONCE_COOKIE, publicState, redirectUri, startGoogleOauth, STATE_TTL_MS } from "./connection.service";
import { bookingParam, bookingsQuery, createBookingSchema, googleCallbackQuery, settingsSchema, slotsQuery } from "./google-calendar.schemas";
import { getSettings, putSettings, writableCalendars } from "./settings.service";

const P = "/:accountId/integrations/google-calendar";
const COOKIE_PATH = "/api/oauth/google";

/** Mounted at /api/accounts (requireAuth + accountScope). Operators read; owners and admins write. */
export const googleCalendarRoutes = new Hono<AppBindings>()
  .get(P, can("read", "Integration"), async (c) => c.json(await publicState(c.env, c.get("member").accountId), 200))
  .delete(P, can("delete", "Integration"), async (c) => {
    const r = await disconnect(c.env, c.get("member").accountId);
    return c.json({ ...(await publicState(c.env, c.get("member").accountId)), revoked: r.revoked, message: "Google Календарь отключён" }, 200);
  })
  .post(`${P}/oauth/start`, can("update", "Integration"), async (c) => {
    const { url, nonce } = await startGoogleOauth(c.env, c.get("member").accountId, c.get("auth").user.id, c.req.url);
    setCookie(c, NONCE_COOKIE, nonce, { path: COOKIE_PATH, httpOnly: true, sameSite: "Lax", secure: new URL(redirectUri(c.env, c.req.url)).protocol === "https:", maxAge: STATE_TTL_MS / 1000 });
    return c.json({ url }, 200);
  })
  .get(`${P}/settings`, can("read", "Integration"), async (c) => c.json(await getSettings(c.env, c.get("member").accountId, c.req.header("x-timezone")), 200))
  .put(`${P}/settings`, can("update", "Integration"), v("json", settingsSchema), async (c) =>
    c.json({ ...(await putSettings(c.env, c.get("member").accountId, c.req.valid("json"))), message: "Настройки записи сохранены" }, 200),
  )
  .get(`${P}/calendars`, can("read", "Integration"), async (c) => c.json({ data: await writableCalendars(c.env, c.get("member").accountId) }, 200))
  .get(`${P}/slots`, can("read", "Integration"), v("query", slotsQuery), async (c) => {
    const q = c.req.valid("query");
    return c.json(await findSlots(c.env, c.get("member").accountId, { ...q, timezone: q.timezone ?? c.req.header("x-timezone") ?? undefined }), 200);
  })
  .get(`${P}/bookings`, can("read", "Integration"), v("query", bookingsQuery), async (c) => c.json(await listBookings(c.env, c.get("member").accountId, c.req.valid("query")), 200))
  .post(`${P}/bookings`, can("create", "Integration"), v("json", createBookingSchema), async (c) => {
    const input = c.req.valid("json");
    const r = await bookSlot(c.env, c.get("member").accountId, { ...input, source: "api" });
    // Thrown, so the error body is built (and worded in the caller's language) in one place.
    if (!r.ok) throw new AppError(409, r.reason === "slot_taken" ? "SLOT_TAKEN" : "SLOT_OUTSIDE_HOURS", r.message);
    return c.json({ ...r.booking, alreadyBooked: r.alreadyBooked }, r.alreadyBooked ? 200 : 201);
  })
  .delete(`${P}/bookings/:bookingId`, can("delete", "Integration"), v("param", bookingParam), async (c) => {
    const b = await cancelBooking(c.env, c.get("member").accountId, c.req.valid("param").bookingId);
    return c.json({ ...b, message: "Запись отменена" }, 200);
  });

/** Mounted at /api/oauth: Google's consent page sends the browser back here (no session: the signed state and the nonce cookie). */
export const googleOauthRoutes = new Hono<AppBindings>().get("/google/callback", v("query", googleCallbackQuery), async (c) => {
  const to = await handleGoogleCallback(c.env, c.req.valid("query"), getCookie(c, NONCE_COOKIE), c.req.url);
  deleteCookie(c, NONCE_COOKIE, { path: COOKIE_PATH });
  return c.redirect(to, 302);
});
