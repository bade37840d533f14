import { Hono } from "hono";
import { z } from "zod";
import { getDb, schema } from "../../db/client";
import type { AppBindings } from "../../env";
import { newId } from "../../lib/ids";
import { clientIp } from "../../lib/rate-limit";
import { v } from "../../lib/validation";

export const partnerCode = () => z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, "Код партнёра: латиница, цифры, _ и -, до 64 символов");

/** Mounted at /api/partners. The partner programme itself builds on these clicks later. */
export const partnerRoutes = new Hono<AppBindings>().get("/codes/track-click", v("query", z.object({ partner: partnerCode() })), async (c) => {
  await getDb(c.env.DB)
    .insert(schema.partnerClicks)
    .values({ id: newId(), code: c.req.valid("query").partner, ip: clientIp(c.req.raw.headers), userAgent: c.req.header("user-agent")?.slice(0, 300) ?? null, createdAt: Date.now() });
  return c.json({ tracked: true }, 200);
});
