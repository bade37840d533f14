import { count, desc, eq, like } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { getDb, schema } from "../../db/client";
import type { AppBindings } from "../../env";
import { badRequest, notFound } from "../../lib/errors";
import { likePattern, paged, pageQuery, v } from "../../lib/validation";
import { requireAuth, requirePlatformAdmin } from "../../middleware/session";
import { forgetAuth } from "../../middleware/auth-cache";

const listQuery = pageQuery().extend({ q: z.string().trim().max(100).optional() });

/** Platform administration: every route needs a platform administrator. */
export const adminRoutes = new Hono<AppBindings>()
  .use(requireAuth, requirePlatformAdmin)
  .get("/stats", async (c) => {
    const db = getDb(c.env.DB);
    const [users, accounts] = await Promise.all([
      db.select({ n: count() }).from(schema.users).get(),
      db.select({ n: count() }).from(schema.accounts).get(),
    ]);
    return c.json({ users: users?.n ?? 0, accounts: accounts?.n ?? 0 }, 200);
  })
  .get("/accounts", v("query", listQuery), async (c) => {
    const { page, limit, q } = c.req.valid("query");
    const db = getDb(c.env.DB);
    const where = q ? like(schema.accounts.nameSearch, likePattern(q)) : undefined;
    const members = db
      .select({ accountId: schema.members.accountId, n: count().as("n") })
      .from(schema.members)
      .groupBy(schema.members.accountId)
      .as("m");
    const [rows, total] = await Promise.all([
      db
        .select({ accountId: schema.accounts.id, name: schema.accounts.name, timezone: schema.accounts.timezone, createdAt: schema.accounts.createdAt, memberCount: members.n })
        .from(schema.accounts)
        .leftJoin(members, eq(members.accountId, schema.accounts.id))
        .where(where)
        .orderBy(desc(schema.accounts.createdAt))
        .limit(limit)
        .offset((page - 1) * limit)
        .all(),
      db.select({ n: count() }).from(schema.accounts).where(where).get(),
    ]);
    return c.json(paged(rows.map((r) => ({ ...r, memberCount: r.memberCount ?? 0 })), total?.n ?? 0, page, limit), 200);
  })
  .get("/users", v("query", listQuery), async (c) => {
    const { page, limit, q } = c.req.valid("query");
    const db = getDb(c.env.DB);
    const where = q ? like(schema.users.searchText, likePattern(q)) : undefined;
    const [rows, total] = await Promise.all([
      db
        .select({ id: schema.users.id, email: schema.users.email, name: schema.users.name, emailVerified: schema.users.emailVerified, isPlatformAdmin: schema.users.isPlatformAdmin, createdAt: schema.users.createdAt })
        .from(schema.users)
        .where(where)
        .orderBy(desc(schema.users.createdAt))
        .limit(limit)
        .offset((page - 1) * limit)
        .all(),
      db.select({ n: count() }).from(schema.users).where(where).get(),
    ]);
    return c.json(paged(rows, total?.n ?? 0, page, limit), 200);
  })
  .patch("/users/:userId", v("json", z.object({ isPlatformAdmin: z.boolean() })), async (c) => {
    const userId = c.req.param("userId");
    if (userId === c.get("auth").user.id && !c.req.valid("json").isPlatformAdmin) throw badRequest("Нельзя снять права администратора с самого себя", "SELF_DEMOTION");
    const [u] = await getDb(c.env.DB)
      .update(schema.users)
      .set({ isPlatformAdmin: c.req.valid("json").isPlatformAdmin, updatedAt: Date.now() })
      .where(eq(schema.users.id, userId))
      .returning({ id: schema.users.id, isPlatformAdmin: schema.users.isPlatformAdmin });
    forgetAuth();
    if (!u) throw notFound("Пользователь не найден", "USER_NOT_FOUND");
    return c.json(u, 200);
  });
