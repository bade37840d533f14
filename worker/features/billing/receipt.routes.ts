import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { AppBindings } from "../../env";
import { v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import { paymentParam } from "./billing.schemas";
import { getReceipt } from "./receipts";

/** GET /api/accounts/:accountId/payments/:paymentId/receipt: a payment's 54-FZ receipt and its ledger rows (owners, admins). */
export const billingReceiptRoutes = new Hono<AppBindings>().get("/:accountId/payments/:paymentId/receipt", can("read", "Billing"), v("param", paymentParam), async (c) =>
  c.json(await getReceipt(c.env, getDb(c.env.DB), c.get("member").accountId, c.req.valid("param").paymentId), 200),
);
