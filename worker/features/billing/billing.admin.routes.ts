import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { AppBindings } from "../../env";
import { pageQuery, v } from "../../lib/validation";
import { requireAuth, requirePlatformAdmin } from "../../middleware/session";
import { auditStatement, listAudit } from "../admin/audit-log";
import * as s from "./billing.schemas";
import { adjustBalance, getBilling } from "./billing.service";
import { listLedger } from "./ledger";
import { listPayments } from "./payments";
import { refundPayment } from "./refunds";
import { notFound } from "../../lib/errors";
import { createPlan, deletePlan, listPlans, updatePlan } from "./plans";

/** /api/admin/…: plans, an account's billing, balance adjustments and the audit log (platform administrators only). */
export const billingAdminRoutes = new Hono<AppBindings>()
  .use(requireAuth, requirePlatformAdmin)
  .use("/accounts/:accountId/*", async (c, next) => {
    const found = await c.env.DB.prepare("SELECT 1 AS x FROM accounts WHERE id = ?").bind(c.req.param("accountId")).first();
    if (!found) throw notFound("Аккаунт не найден", "ACCOUNT_NOT_FOUND");
    await next();
  })
  .get("/plans", v("query", s.planListQuery), async (c) => c.json(await listPlans(getDb(c.env.DB), c.req.valid("query")), 200))
  .post("/plans", v("json", s.planCreateSchema), async (c) => {
    const plan = await createPlan(getDb(c.env.DB), c.req.valid("json"));
    await auditStatement(c.env.DB, { actorUserId: c.get("auth").user.id, action: "plan.create", targetType: "plan", targetId: plan.id, after: plan }).run();
    return c.json({ ...plan, message: "Тариф создан" }, 201);
  })
  .patch("/plans/:planId", v("param", s.planParam), v("json", s.planUpdateSchema), async (c) => {
    const { before, after } = await updatePlan(getDb(c.env.DB), c.req.valid("param").planId, c.req.valid("json"));
    await auditStatement(c.env.DB, { actorUserId: c.get("auth").user.id, action: "plan.update", targetType: "plan", targetId: after.id, before, after }).run();
    return c.json({ ...after, message: "Тариф сохранён" }, 200);
  })
  .delete("/plans/:planId", v("param", s.planParam), async (c) => {
    const r = await deletePlan(getDb(c.env.DB), c.req.valid("param").planId);
    await auditStatement(c.env.DB, { actorUserId: c.get("auth").user.id, action: r.deleted ? "plan.delete" : "plan.archive", targetType: "plan", targetId: r.before.id, before: r.before, after: r.after }).run();
    return c.json({ deleted: r.deleted, message: r.deleted ? "Тариф удалён" : "На тариф есть подписки или платежи: он отправлен в архив" }, 200);
  })
  .get("/accounts/:accountId/billing", v("param", s.accountParam), async (c) => c.json(await getBilling(c.env, c.req.valid("param").accountId), 200))
  .get("/accounts/:accountId/ledger", v("param", s.accountParam), v("query", s.ledgerQuery), async (c) => c.json(await listLedger(getDb(c.env.DB), c.req.valid("param").accountId, c.req.valid("query")), 200))
  .get("/accounts/:accountId/payments", v("param", s.accountParam), v("query", s.paymentsQuery), async (c) =>
    c.json(await listPayments(getDb(c.env.DB), c.req.valid("param").accountId, c.req.valid("query")), 200),
  )
  .post("/accounts/:accountId/balance-adjustments", v("param", s.accountParam), v("json", s.adjustmentSchema), async (c) => {
    const r = await adjustBalance(c.env, c.req.valid("param").accountId, c.get("auth").user.id, c.req.valid("json"));
    return c.json({ ...r, message: "Баланс изменён" }, 201);
  })
  .post("/payments/:paymentId/refunds", v("param", s.adminPaymentParam), v("json", s.refundSchema), async (c) => {
    const r = await refundPayment(c.env, c.req.valid("param").paymentId, c.get("auth").user.id, c.req.valid("json"));
    return c.json({ ...r, message: "Возврат оформлен" }, 201);
  })
  .get("/audit-log", v("query", pageQuery(50).extend({ accountId: s.accountParam.shape.accountId.optional() })), async (c) => c.json(await listAudit(getDb(c.env.DB), c.req.valid("query")), 200));
