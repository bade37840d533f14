import { and, eq, gt, isNull } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { getDb, schema } from "../db/client";
import type { AppBindings } from "../env";
import { sha256Hex } from "../lib/crypto";
import { forbidden, unauthorized } from "../lib/errors";

export interface AuthContext {
  sessionId: string;
  user: typeof schema.users.$inferSelect;
}

const TOUCH_EVERY_MS = 60 * 60 * 1000;

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  return m ? m[1]!.trim() : null;
}

/** Resolves an opaque session token to its live session and user, or null. */
export async function resolveSession(d1: D1Database, token: string): Promise<AuthContext | null> {
  if (!token || token.length > 200) return null;
  const db = getDb(d1);
  const now = Date.now();
  const row = await db
    .select({ session: schema.sessions, user: schema.users })
    .from(schema.sessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
    .where(and(eq(schema.sessions.tokenHash, await sha256Hex(token)), isNull(schema.sessions.revokedAt), gt(schema.sessions.expiresAt, now)))
    .get();
  if (!row) return null;
  if (now - row.session.lastUsedAt > TOUCH_EVERY_MS) {
    await db.update(schema.sessions).set({ lastUsedAt: now }).where(eq(schema.sessions.id, row.session.id));
  }
  return { sessionId: row.session.id, user: row.user };
}

/** Requires `Authorization: Bearer <token>` of a live session; 401 otherwise. */
export const requireAuth = createMiddleware<AppBindings>(async (c, next) => {
  const token = bearerToken(c.req.header("authorization"));
  const auth = token ? await resolveSession(c.env.DB, token) : null;
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
