import { Hono } from "hono";
import { z } from "zod";
import type { AppBindings } from "../../env";
import { v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import * as s from "./outgoing-webhooks.schemas";
import * as svc from "./outgoing-webhooks.service";

const endpointParam = z.object({ accountId: z.string(), endpointId: z.string().min(1).max(64) });
const deliveryParam = z.object({ accountId: z.string(), deliveryId: z.string().min(1).max(64) });

/**
 * Outgoing webhook endpoints of an account (mounted at /api/accounts). Owners and admins only: the
 * endpoints' URLs and delivery log are settings, so operators get 403 on reads too.
 */
export const outgoingWebhookRoutes = new Hono<AppBindings>()
  .get("/:accountId/webhooks", can("read", "AccountSettings"), async (c) => {
    return c.json(await svc.listEndpoints(c.env, c.get("member").accountId), 200);
  })
  .post("/:accountId/webhooks", can("update", "AccountSettings"), v("json", s.endpointCreateSchema), async (c) => {
    const endpoint = await svc.createEndpoint(c.env, c.get("member").accountId, c.req.valid("json"));
    return c.json({ ...endpoint, message: "Эндпоинт добавлен. Сохраните секрет: он показывается один раз." }, 201);
  })
  .post("/:accountId/webhooks/deliveries/:deliveryId/redeliver", can("update", "AccountSettings"), v("param", deliveryParam), async (c) => {
    const delivery = await svc.redeliver(c.env, c.get("member").accountId, c.req.valid("param").deliveryId);
    return c.json({ ...delivery, message: "Событие поставлено в очередь на повторную отправку" }, 202);
  })
  .get("/:accountId/webhooks/:endpointId", can("read", "AccountSettings"), v("param", endpointParam), async (c) => {
    return c.json(await svc.getEndpoint(c.env, c.get("member").accountId, c.req.valid("param").endpointId), 200);
  })
  .patch("/:accountId/webhooks/:endpointId", can("update", "AccountSettings"), v("param", endpointParam), v("json", s.endpointUpdateSchema), async (c) => {
    const endpoint = await svc.updateEndpoint(c.env, c.get("member").accountId, c.req.valid("param").endpointId, c.req.valid("json"));
    return c.json({ ...endpoint, message: "Эндпоинт сохранён" }, 200);
  })
  .delete("/:accountId/webhooks/:endpointId", can("update", "AccountSettings"), v("param", endpointParam), async (c) => {
    await svc.deleteEndpoint(c.env, c.get("member").accountId, c.req.valid("param").endpointId);
    return c.json({ message: "Эндпоинт удалён" }, 200);
  })
  .post("/:accountId/webhooks/:endpointId/rotate-secret", can("update", "AccountSettings"), v("param", endpointParam), async (c) => {
    const endpoint = await svc.rotateSecret(c.env, c.get("member").accountId, c.req.valid("param").endpointId);
    return c.json({ ...endpoint, message: "Секрет заменён. Старый секрет действует ещё 24 часа." }, 200);
  })
  .post("/:accountId/webhooks/:endpointId/test", can("update", "AccountSettings"), v("param", endpointParam), async (c) => {
    const delivery = await svc.sendTestEvent(c.env, c.get("member").accountId, c.req.valid("param").endpointId);
    return c.json({ ...delivery, message: "Тестовое событие отправлено" }, 202);
  })
  .get("/:accountId/webhooks/:endpointId/deliveries", can("read", "AccountSettings"), v("param", endpointParam), v("query", s.deliveriesQuery), async (c) => {
    return c.json(await svc.listDeliveries(c.env, c.get("member").accountId, c.req.valid("param").endpointId, c.req.valid("query")), 200);
  });
