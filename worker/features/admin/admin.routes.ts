import { count, desc, eq, like } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { getDb, schema } from "../../db/client";
import type { AppBindings } from "../../env";
import { badRequest, notFound } from "../../lib/errors";
import { likePattern, paged, pageQuery, v } from "../../lib/validation";
import { requireAuth, requirePlatformAdmin } from "../../middleware/session";
import { forgetAuth } from "../../middleware/auth-cache";
import { adminAccountsQuery, blockSchema, changePlan, deleteByAdmin, deleteSchema, getAdminAccount, listAdminAccounts, planChangeSchema, platformOverview, setBlocked } from "./admin-accounts.service";

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
  .get("/overview", async (c) => c.json(await platformOverview(c.env), 200))
  .get("/accounts", v("query", adminAccountsQuery), async (c) => c.json(await listAdminAccounts(c.env, c.req.valid("query")), 200))
  .get("/accounts/:accountId", async (c) => c.json(await getAdminAccount(c.env, c.req.param("accountId")), 200))
  .post("/accounts/:accountId/block", v("json", blockSchema), async (c) => {
    const r = await setBlocked(c.env, c.get("auth").user.id, c.req.param("accountId"), c.req.valid("json").reason);
    return c.json({ ...r, message: "Аккаунт заблокирован" }, 200);
  })
  .post("/accounts/:accountId/unblock", async (c) => {
    const r = await setBlocked(c.env, c.get("auth").user.id, c.req.param("accountId"), null);
    return c.json({ ...r, message: "Аккаунт разблокирован" }, 200);
  })
  .put("/accounts/:accountId/plan", v("json", planChangeSchema), async (c) => {
    const r = await changePlan(c.env, c.get("auth").user.id, c.req.param("accountId"), c.req.valid("json"));
    return c.json({ ...r, message: "Тариф изменён" }, 200);
  })
  .delete("/accounts/:accountId", v("json", deleteSchema), async (c) => {
    await deleteByAdmin(c.env, c.get("auth").user.id, c.req.param("accountId"), c.req.valid("json").confirm);
    return c.json({ message: "Аккаунт удалён" }, 200);
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
