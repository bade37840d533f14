import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { AppBindings } from "../../env";
import { createLogger } from "../../lib/logger";
import { readJsonBody, v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import * as s from "./billing.schemas";
import { getBanner, getBilling, markNotificationsRead, setAutoTopup } from "./billing.service";
import { listLedger } from "./ledger";
import { getUsage } from "./metering";
import { checkout, deleteMethod, getPayment, handleNotification, listMethods, listPayments } from "./payments";
import { cancelScheduledChange, changePlan, quotePlanChange, serializeQuote } from "./plan-change";
import { listPublicPlans } from "./plans";
import { getRequisites, putRequisites } from "./requisites";

const log = createLogger({ component: "billing" });

/**
 * /api/accounts/:accountId/…: billing of an account. Owners read and pay; admins read; operators
 * get 403 (the `Billing` subject). The banner state is for every member.
 */
export const billingRoutes = new Hono<AppBindings>()
  .get("/:accountId/billing/banner", can("read", "Account"), async (c) => c.json(await getBanner(c.env, c.get("member").accountId), 200))
  .get("/:accountId/billing", can("read", "Billing"), async (c) => c.json(await getBilling(c.env, c.get("member").accountId), 200))
  .put("/:accountId/billing/auto-topup", can("update", "Billing"), v("json", s.autoTopupSchema), async (c) => c.json(await setAutoTopup(c.env, c.get("member").accountId, c.req.valid("json")), 200))
  .post("/:accountId/billing/notifications/read", can("read", "Billing"), async (c) => {
    await markNotificationsRead(c.env, c.get("member").accountId);
    return c.json({ message: "Уведомления прочитаны" }, 200);
  })
  .get("/:accountId/billing/plan-change", can("read", "Billing"), v("query", s.planChangeQuery), async (c) => {
    const q = c.req.valid("query");
    return c.json(serializeQuote(await quotePlanChange(getDb(c.env.DB), c.get("member").accountId, q.planId, q.period, Date.now(), q.useBalance ?? true)), 200);
  })
  .post("/:accountId/billing/plan-change", can("update", "Billing"), v("json", s.planChangeSchema), async (c) => c.json(await changePlan(c.env, c.get("member").accountId, c.get("auth").user.id, c.req.valid("json")), 200))
  .delete("/:accountId/billing/plan-change", can("update", "Billing"), async (c) => c.json(await cancelScheduledChange(c.env, c.get("member").accountId), 200))
  .get("/:accountId/usage", can("read", "Billing"), v("query", s.usageQuery), async (c) => c.json(await getUsage(c.env.DB, getDb(c.env.DB), c.get("member").accountId, c.req.valid("query")), 200))
  .get("/:accountId/ledger", can("read", "Billing"), v("query", s.ledgerQuery), async (c) => c.json(await listLedger(getDb(c.env.DB), c.get("member").accountId, c.req.valid("query")), 200))
  .get("/:accountId/payments", can("read", "Billing"), v("query", s.paymentsQuery), async (c) => c.json(await listPayments(getDb(c.env.DB), c.get("member").accountId, c.req.valid("query")), 200))
  .get("/:accountId/payments/:paymentId", can("read", "Billing"), v("param", s.paymentParam), async (c) => c.json(await getPayment(c.env, c.get("member").accountId, c.req.valid("param").paymentId), 200))
  .post("/:accountId/checkout", can("update", "Billing"), v("json", s.checkoutSchema), async (c) => {
    const r = await checkout(c.env, c.get("member").accountId, c.get("auth").user.id, c.req.valid("json"));
    return c.json(r, 201);
  })
  .get("/:accountId/payment-methods", can("read", "Billing"), async (c) => c.json(await listMethods(getDb(c.env.DB), c.get("member").accountId), 200))
  .delete("/:accountId/payment-methods/:methodId", can("update", "Billing"), v("param", s.methodParam), async (c) => {
    await deleteMethod(getDb(c.env.DB), c.get("member").accountId, c.req.valid("param").methodId);
    return c.json({ message: "Способ оплаты удалён" }, 200);
  })
  .get("/:accountId/requisites", can("read", "Billing"), async (c) => c.json({ requisites: await getRequisites(getDb(c.env.DB), c.get("member").accountId) }, 200))
  .put("/:accountId/requisites", can("update", "Billing"), v("json", s.requisitesSchema), async (c) =>
    c.json({ requisites: await putRequisites(getDb(c.env.DB), c.get("member").accountId, c.req.valid("json")), message: "Реквизиты сохранены" }, 200),
  );

/** GET /api/plans: the public price list (/pricing), no sign-in. */
export const publicPlanRoutes = new Hono<AppBindings>().get("/", async (c) => c.json(await listPublicPlans(getDb(c.env.DB)), 200));

/**
 * POST /api/webhooks/yookassa: a hint only (see handleNotification). Always 200 once handled, so
 * YooKassa stops repeating it; a failure of our own answers 500 and YooKassa repeats for 24 h.
 */
export const yookassaWebhookRoutes = new Hono<AppBindings>().post("/yookassa", async (c) => {
  const body = await readJsonBody(c);
  const r = await handleNotification(c.env, body);
  log.info("yookassa notification", r);
  return c.json({ ok: true }, 200);
});
