import { Hono } from "hono";
import type { AppBindings } from "../../env";
import { parseOrThrow, readJsonBody, v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import { notFound } from "../../lib/errors";
import * as run from "./broadcast-run.service";
import * as s from "./broadcasts.schemas";
import * as svc from "./broadcasts.service";
import { readClickToken, recordClick } from "./clicks";
import * as rec from "./recipients.service";
import { testSend } from "./test-send";
import { getDb } from "../../db/client";
import { assertCanBroadcast } from "../billing/limits";

/**
 * /api/accounts/:accountId/broadcasts (#15). Operators read broadcasts, their recipients and stats;
 * admins and owners create, change, start and stop them (ability "Broadcast").
 */
export const broadcastRoutes = new Hono<AppBindings>()
  .get("/:accountId/broadcast-audience", can("read", "Broadcast"), v("query", s.audiencePreviewQuery), async (c) => {
    return c.json(await svc.previewAudience(c.env, c.get("member").accountId, c.req.valid("query")), 200);
  })
  .get("/:accountId/broadcasts", can("read", "Broadcast"), v("query", s.listQuery), async (c) => {
    return c.json(await svc.listBroadcasts(c.env, c.get("member").accountId, c.req.valid("query")), 200);
  })
  .post("/:accountId/broadcasts", can("create", "Broadcast"), v("json", s.broadcastCreate), async (c) => {
    // Billing: nothing left of the plan's included recipients nor of packages is a 402 with the numbers.
    await assertCanBroadcast(getDb(c.env.DB), c.get("member").accountId);
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
  })
  // The body is optional (`{ at }` schedules; nothing starts now).
  .post("/:accountId/broadcasts/:broadcastId/start", can("update", "Broadcast"), v("param", s.broadcastParam), async (c) => {
    const body = parseOrThrow(s.startBody, await readJsonBody(c));
    const b = await run.startBroadcast(c.env, c.get("member").accountId, c.req.valid("param").broadcastId, body);
    return c.json({ ...b, message: b.status === "scheduled" ? "Рассылка запланирована" : "Рассылка запущена" }, 200);
  })
  .post("/:accountId/broadcasts/:broadcastId/pause", can("update", "Broadcast"), v("param", s.broadcastParam), async (c) => {
    const b = await run.pauseBroadcast(c.env, c.get("member").accountId, c.req.valid("param").broadcastId);
    return c.json({ ...b, message: "Рассылка на паузе" }, 200);
  })
  .post("/:accountId/broadcasts/:broadcastId/resume", can("update", "Broadcast"), v("param", s.broadcastParam), async (c) => {
    const b = await run.resumeBroadcast(c.env, c.get("member").accountId, c.req.valid("param").broadcastId);
    return c.json({ ...b, message: "Рассылка продолжена" }, 200);
  })
  .post("/:accountId/broadcasts/:broadcastId/cancel", can("update", "Broadcast"), v("param", s.broadcastParam), async (c) => {
    const b = await run.cancelBroadcast(c.env, c.get("member").accountId, c.req.valid("param").broadcastId);
    return c.json({ ...b, message: "Рассылка отменена" }, 200);
  })
  .post("/:accountId/broadcasts/:broadcastId/test", can("update", "Broadcast"), v("param", s.broadcastParam), async (c) => {
    const r = await testSend(c.env, c.get("member").accountId, c.req.valid("param").broadcastId, c.get("auth").user);
    return c.json({ ...r, message: "Тестовое сообщение отправлено в ваш тестовый чат" }, 200);
  })
  .get("/:accountId/broadcasts/:broadcastId/recipients", can("read", "Broadcast"), v("param", s.broadcastParam), v("query", s.recipientsQuery), async (c) => {
    return c.json(await rec.listRecipients(c.env, c.get("member").accountId, c.req.valid("param").broadcastId, c.req.valid("query")), 200);
  })
  .get("/:accountId/broadcasts/:broadcastId/stats", can("read", "Broadcast"), v("param", s.broadcastParam), async (c) => {
    return c.json(await rec.broadcastStats(c.env, c.get("member").accountId, c.req.valid("param").broadcastId), 200);
  })
  .get("/:accountId/broadcasts/:broadcastId/export", can("read", "Broadcast"), v("param", s.broadcastParam), v("query", s.exportQuery), async (c) => {
    return rec.exportRecipients(c.env, c.get("member").accountId, c.req.valid("param").broadcastId, c.req.valid("query").format);
  });

/**
 * `GET /api/b/:token`: a broadcast button's tracked link. No session (the contact opens it from the
 * messenger): the signed token names the broadcast, the contact and the button; the click is
 * recorded and the contact is redirected to the button's url.
 */
export const broadcastClickRoutes = new Hono<AppBindings>().get("/:token", async (c) => {
  const t = await readClickToken(c.env, c.req.param("token"));
  if (!t) throw notFound("Ссылка недействительна", "LINK_INVALID");
  const r = await recordClick(c.env, t.broadcastId, t.contactId, t.button);
  if (!r?.url) throw notFound("Ссылка больше не действует", "LINK_GONE");
  return c.redirect(r.url, 302);
});
