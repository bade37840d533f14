import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { ROOM_CHECKED_HEADER, ROOM_USER_HEADER } from "../../../durable-objects/account-room/room";
import type { AppBindings } from "../../env";
import { AppError, forbidden, notFound, unauthorized } from "../../lib/errors";
import { serveMedia } from "../contacts/contacts.routes";
import { PUBLIC_MEDIA_PREFIX, verifyMediaSignature } from "../../lib/signed-url";
import { memberOf } from "../../middleware/account-scope";
import { authCacheTtl } from "../../middleware/auth-cache";
import { bearerToken, resolveSession } from "../../middleware/session";
import { accountRoom } from "./realtime";

/**
 * `GET /ws?token=<accessToken>&accountId=<id>` (ARCHITECTURE "Contracts"): the worker checks the
 * session (401) and the membership (403) before the account's room is reached at all.
 * Browsers cannot set headers on a WebSocket, hence the token in the query (a Bearer header works too).
 */
export const wsRoutes = new Hono<AppBindings>().get("/ws", async (c) => {
  const url = new URL(c.req.url);
  const token = url.searchParams.get("token") || bearerToken(c.req.header("authorization"));
  const accountId = url.searchParams.get("accountId") ?? "";
  // Before the membership is read: the room refuses the user if it revoked their access since (room.ts, revokeAccess).
  const checkedAt = Date.now();
  const auth = token ? await resolveSession(c.env.DB, token, accountId && accountId.length <= 64 ? accountId : undefined) : null;
  if (!auth) throw unauthorized(token ? "Сессия истекла или недействительна. Войдите снова." : "Требуется вход в систему");
  if (!accountId || accountId.length > 64) throw forbidden("Нет доступа к аккаунту", "NOT_A_MEMBER");
  const member = await memberOf(c.env.DB, auth, accountId);
  if (!member) throw forbidden("Нет доступа к аккаунту", "NOT_A_MEMBER");
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new AppError(426, "UPGRADE_REQUIRED", "Ожидается подключение WebSocket", undefined, { Upgrade: "websocket" });
  }
  // The room sees neither the token (the URL is kept in the socket's attachment) nor client-set identity headers.
  const roomUrl = new URL(`https://room/ws?accountId=${encodeURIComponent(accountId)}`);
  const headers = new Headers();
  for (const h of ["upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "sec-websocket-protocol", "sec-websocket-extensions"]) {
    const v = c.req.header(h);
    if (v) headers.set(h, v);
  }
  headers.set(ROOM_USER_HEADER, auth.user.id);
  headers.set(ROOM_CHECKED_HEADER, String(checkedAt));
  const stub = await accountRoom(c.env, accountId);
  return stub.fetch(new Request(roomUrl, { headers }));
});

/** The SPA keeps its session token in this cookie (web/lib/session-store.ts, SPEC §9). */
const MEDIA_COOKIE = "accessToken";

/**
 * `GET /api/media/:accountId/<key>`: the same members-only files as `/api/accounts/:accountId/media/…`,
 * for <img>/<video>/<audio> tags that cannot send a header. They send the SPA's `accessToken`
 * cookie (same origin, SameSite=Lax) instead, so the token never goes into a URL (a Bearer header
 * works too). Only this read-only route takes the cookie; every other route wants the header.
 */
export const mediaTokenRoutes = new Hono<AppBindings>().get("/api/media/:accountId/*", async (c) => {
  const url = new URL(c.req.url);
  const token = bearerToken(c.req.header("authorization")) || getCookie(c, MEDIA_COOKIE) || null;
  const accountId = c.req.param("accountId");
  const auth = token ? await resolveSession(c.env.DB, token, accountId, authCacheTtl(c.env.AUTH_CACHE_MS)) : null;
  if (!auth) throw unauthorized(token ? "Сессия истекла или недействительна. Войдите снова." : "Требуется вход в систему");
  const member = await memberOf(c.env.DB, auth, accountId);
  if (!member) throw notFound("Аккаунт не найден", "ACCOUNT_NOT_FOUND");
  if (!member.ability.can("read", "Message")) throw forbidden();
  return serveMedia(c.env, accountId, url.pathname, `/api/media/${encodeURIComponent(accountId)}/`);
}).get(`${PUBLIC_MEDIA_PREFIX}:accountId/*`, async (c) => {
  // A short-lived signed link (worker/lib/signed-url.ts) for services that fetch our files themselves (Meta).
  const url = new URL(c.req.url);
  const accountId = c.req.param("accountId");
  const prefix = `${PUBLIC_MEDIA_PREFIX}${encodeURIComponent(accountId)}/`;
  let key = "";
  try {
    key = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length).split("/").map(decodeURIComponent).join("/") : "";
  } catch {
    /* a malformed path is simply not signed */
  }
  if (!key || !(await verifyMediaSignature(c.env, accountId, key, url.searchParams.get("exp"), url.searchParams.get("sig")))) {
    throw forbidden("Ссылка на файл недействительна или истекла", "MEDIA_LINK_INVALID");
  }
  const res = await serveMedia(c.env, accountId, url.pathname, prefix);
  res.headers.set("cache-control", "private, no-store");
  if (!res.headers.get("content-disposition")) res.headers.set("content-disposition", `inline; filename*=UTF-8''${encodeURIComponent(key.split("/").pop()!)}`);
  return res;
});
