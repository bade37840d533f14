import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { getDb, schema } from "../../db/client";
import type { AppBindings } from "../../env";
import { notFound } from "../../lib/errors";
import { v } from "../../lib/validation";
import { ACCOUNT_NOT_FOUND, memberOf } from "../../middleware/account-scope";
import { authCacheTtl } from "../../middleware/auth-cache";
import { bearerToken, requireAuth, resolveSession } from "../../middleware/session";
import { flowTimings } from "../flows/runtime/timings";
import { meterReset, meterSnapshot } from "../../lib/bench-meter";
import { sendAsDemoCustomer } from "./demo-customer.service";
import { searchProducts } from "../products/catalogue-tools";

const demoCustomerSchema = z.object({
  accountId: z.string().trim().min(1, "Укажите аккаунт").max(64),
  platform: z.enum(["telegram", "whatsapp", "instagram"], "Выберите мессенджер: telegram, whatsapp или instagram"),
  name: z.string().trim().min(1, "Укажите имя клиента").max(80, "Имя клиента — не длиннее 80 символов"),
  text: z.string().trim().min(1, "Напишите текст сообщения").max(1000, "Сообщение — не длиннее 1000 символов"),
});

const searchProductsQuery = z.object({
  accountId: z.string().trim().min(1).max(64),
  query: z.string().trim().max(200).default(""),
  inStockOnly: z.enum(["true", "false"]).default("false").transform((s) => s === "true"),
  limit: z.coerce.number().int().min(1).max(10).default(5),
});

/**
 * Exists only when ENVIRONMENT=development: the mail that would have been sent, and the demo's
 * "send as customer" through the messengers' local stand-ins (DEMO_CHANNELS, set by `npm start`).
 */
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
  })
  // The flow runtime's stamps for bench/flow-runtime.mjs (this isolate's last turns).
  .get("/flow-timings", (c) => c.json({ data: flowTimings() }, 200))
  // The cost benchmark's counters (bench/cost.mjs; they count only with BENCH_METER=1): read, and reset between phases.
  .get("/meter", (c) => c.json(meterSnapshot(), 200))
  .post("/meter/reset", (c) => (meterReset(), c.json(meterSnapshot(), 200)))
  .post("/customer-message", requireAuth, v("json", demoCustomerSchema), async (c) => {
    const input = c.req.valid("json");
    // Any member may play the customer of their own account; nobody else's account is reachable.
    if (!(await memberOf(c.env.DB, c.get("auth"), input.accountId))) throw notFound(ACCOUNT_NOT_FOUND, "ACCOUNT_NOT_FOUND");
    return c.json(await sendAsDemoCustomer(c.env, input.accountId, input, c.req.url), 202);
  })
  // The assistant's search_products as the tool runs it (bench/products-search.mjs times it through wrangler dev).
  .get("/search-products", requireAuth, v("query", searchProductsQuery), async (c) => {
    const { accountId, ...args } = c.req.valid("query");
    // The membership from the session memo with the account (as /accounts/:accountId routes read it), not a query of its own per call.
    const auth = await resolveSession(c.env.DB, bearerToken(c.req.header("authorization")) ?? "", accountId, authCacheTtl(c.env.AUTH_CACHE_MS));
    if (!auth || !(await memberOf(c.env.DB, auth, accountId))) throw notFound(ACCOUNT_NOT_FOUND, "ACCOUNT_NOT_FOUND");
    return c.json(await searchProducts({ env: c.env, accountId }, args), 200);
  });
