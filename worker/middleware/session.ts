import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { getDb, schema } from "../db/client";
import type { AppBindings } from "../env";
import { sha256Hex } from "../lib/crypto";
import type { Role } from "../db/schema/accounts";
import { forbidden, unauthorized } from "../lib/errors";
import type { AuthContext } from "./request-context";
import { authCacheTtl, authGeneration, recallAuth, rememberAuth, sharedLookup } from "./auth-cache";

export type { AuthContext } from "./request-context";

const TOUCH_EVERY_MS = 60 * 60 * 1000;

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  return m ? m[1]!.trim() : null;
}

/**
 * Resolves an opaque session token to its live session and user, or null. With `accountId`, the
 * caller's membership of that account comes back from the same query (one D1 round trip for the
 * session, the user and the role instead of two).
 */
export async function resolveSession(d1: D1Database, token: string, accountId?: string, ttlMs = 0): Promise<AuthContext | null> {
  if (!token || token.length > 200) return null;
  const now = Date.now();
  const tokenHash = await sha256Hex(token);
  const key = `${tokenHash}|${accountId ?? ""}`;
  if (ttlMs > 0) {
    const hit = recallAuth(key, now);
    if (hit) return hit;
    return sharedLookup(key, () => lookupSession(d1, tokenHash, key, now, accountId, ttlMs));
  }
  return lookupSession(d1, tokenHash, key, now, accountId, ttlMs);
}

async function lookupSession(d1: D1Database, tokenHash: string, key: string, now: number, accountId: string | undefined, ttlMs: number): Promise<AuthContext | null> {
  const readAt = authGeneration();
  const db = getDb(d1);
  const live = and(eq(schema.sessions.tokenHash, tokenHash), isNull(schema.sessions.revokedAt), gt(schema.sessions.expiresAt, now));
  const row = await db
    .select({ session: schema.sessions, user: schema.users, role: accountId ? schema.members.role : sql<null>`NULL` })
    .from(schema.sessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
    .leftJoin(schema.members, and(eq(schema.members.accountId, accountId ?? ""), eq(schema.members.userId, schema.sessions.userId)))
    .where(live)
    .get();
  if (!row) return null;
  if (now - row.session.lastUsedAt > TOUCH_EVERY_MS) {
    await db.update(schema.sessions).set({ lastUsedAt: now }).where(eq(schema.sessions.id, row.session.id));
  }
  const auth: AuthContext = { sessionId: row.session.id, user: row.user };
  if (accountId) auth.membership = { accountId, role: row.role ?? null };
  if (ttlMs > 0) rememberAuth(key, auth, Math.min(now + ttlMs, row.session.expiresAt), readAt);
  return auth;
}

/** The account a request path names (`…/accounts/{id}/…`), so requireAuth can read the membership with the session. */
const ACCOUNT_IN_PATH = /\/accounts\/([A-Za-z0-9_-]{1,64})(?:\/|$)/;

/** Requires `Authorization: Bearer <token>` of a live session; 401 otherwise. */
export const requireAuth = createMiddleware<AppBindings>(async (c, next) => {
  const token = bearerToken(c.req.header("authorization"));
  const auth = token ? await resolveSession(c.env.DB, token, ACCOUNT_IN_PATH.exec(c.req.path)?.[1], authCacheTtl(c.env.AUTH_CACHE_MS)) : null;
  if (!auth) throw unauthorized(token ? "Сессия истекла или недействительна. Войдите снова." : "Требуется вход в систему");
  c.set("auth", auth);
  await next();
});

export const requirePlatformAdmin = createMiddleware<AppBindings>(async (c, next) => {
  if (!c.get("auth").user.isPlatformAdmin) {
    throw forbidden("Раздел доступен только администраторам платформы");
  }
  await next();
});
