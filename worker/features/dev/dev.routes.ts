import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { getDb, schema } from "../../db/client";
import type { AppBindings } from "../../env";
import { notFound } from "../../lib/errors";
import { v } from "../../lib/validation";

/** Exists only when ENVIRONMENT=development: the mail that would have been sent. */
export const devRoutes = new Hono<AppBindings>()
  .use(async (c, next) => {
    if (c.env.ENVIRONMENT !== "development") throw notFound("Маршрут не найден", "ROUTE_NOT_FOUND");
    await next();
  })
  .get("/outbox", v("query", z.object({ to: z.string().trim().toLowerCase().max(254).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) })), async (c) => {
    const { to, limit } = c.req.valid("query");
    const rows = await getDb(c.env.DB)
      .select()
      .from(schema.devOutbox)
      .where(to ? eq(schema.devOutbox.to, to) : undefined)
      .orderBy(desc(schema.devOutbox.createdAt), desc(schema.devOutbox.id))
      .limit(limit)
      .all();
    return c.json({ data: rows }, 200);
  });
