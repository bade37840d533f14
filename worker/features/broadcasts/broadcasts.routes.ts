import { Hono } from "hono";
import type { AppBindings } from "../../env";
import { v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import * as s from "./broadcasts.schemas";
import * as svc from "./broadcasts.service";

/**
 * /api/accounts/:accountId/broadcasts (#15). Operators read broadcasts, their recipients and stats;
 * admins and owners create, change, start and stop them (ability "Broadcast").
 */
export const broadcastRoutes = new Hono<AppBindings>()
  .get("/:accountId/broadcasts", can("read", "Broadcast"), v("query", s.listQuery), async (c) => {
    return c.json(await svc.listBroadcasts(c.env, c.get("member").accountId, c.req.valid("query")), 200);
  })
  .post("/:accountId/broadcasts", can("create", "Broadcast"), v("json", s.broadcastCreate), async (c) => {
    const b = await svc.createBroadcast(c.env, c.get("member").accountId, c.get("auth").user.id, c.req.valid("json"));
    return c.json({ ...b, message: "Рассылка сохранена" }, 201);
  })
  .get("/:accountId/broadcasts/:broadcastId", can("read", "Broadcast"), v("param", s.broadcastParam), async (c) => {
    return c.json(await svc.getBroadcast(c.env, c.get("member").accountId, c.req.valid("param").broadcastId), 200);
  })
  .patch("/:accountId/broadcasts/:broadcastId", can("update", "Broadcast"), v("param", s.broadcastParam), v("json", s.broadcastUpdate), async (c) => {
    const b = await svc.updateBroadcast(c.env, c.get("member").accountId, c.req.valid("param").broadcastId, c.req.valid("json"));
    return c.json({ ...b, message: "Рассылка сохранена" }, 200);
  })
  .delete("/:accountId/broadcasts/:broadcastId", can("delete", "Broadcast"), v("param", s.broadcastParam), async (c) => {
    const r = await svc.deleteBroadcast(c.env, c.get("member").accountId, c.req.valid("param").broadcastId);
    return c.json({ ...r, message: "Рассылка удалена" }, 200);
  });
