import { Hono } from "hono";
import type { AppBindings } from "../../env";
import { forbidden } from "../../lib/errors";
import { v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import * as s from "./audience.schemas";
import { bulkAction, countAudience } from "./audience.service";
import { compileFilter } from "./compile";
import * as seg from "./segments.service";

/**
 * Bulk actions on contacts and saved segments (mounted at /api/accounts). Tagging and untagging
 * many contacts is open to operators (they set tags on contacts); deleting them, changing whom
 * broadcasts reach in bulk (subscribe, unsubscribe: those who run broadcasts), and changing
 * segments, is for admins and owners.
 */
function bulkMessage(action: s.BulkBody["action"], affected: number): string {
  switch (action) {
    case "delete":
      return `Удалено контактов: ${affected}`;
    case "tag":
      return `Тег поставлен контактам: ${affected}`;
    case "untag":
      return `Тег снят с контактов: ${affected}`;
    case "subscribe":
      return `Подписано на рассылки контактов: ${affected}`;
    case "unsubscribe":
      return `Отписано от рассылок контактов: ${affected}`;
  }
}

export const audienceRoutes = new Hono<AppBindings>()
  .post("/:accountId/contacts/bulk", can("update", "Contact"), v("json", s.bulkBody), async (c) => {
    const body = c.req.valid("json");
    const { ability } = c.get("member");
    if (body.action === "delete" && !ability.can("delete", "Contact")) throw forbidden();
    if ((body.action === "subscribe" || body.action === "unsubscribe") && !ability.can("create", "Broadcast")) throw forbidden();
    const r = await bulkAction(c.env, c.get("member").accountId, body);
    return c.json({ ...r, message: bulkMessage(body.action, r.affected) }, 200);
  })
  .get("/:accountId/segments", can("read", "Segment"), async (c) => {
    return c.json(await seg.listSegments(c.env, c.get("member").accountId), 200);
  })
  .post("/:accountId/segments", can("create", "Segment"), v("json", s.segmentCreate), async (c) => {
    const segment = await seg.createSegment(c.env, c.get("member").accountId, c.req.valid("json"));
    return c.json({ ...segment, message: "Сегмент сохранён" }, 201);
  })
  .get("/:accountId/segments/:segmentId", can("read", "Segment"), v("param", s.segmentParam), async (c) => {
    return c.json(await seg.getSegment(c.env, c.get("member").accountId, c.req.valid("param").segmentId), 200);
  })
  .patch("/:accountId/segments/:segmentId", can("update", "Segment"), v("param", s.segmentParam), v("json", s.segmentUpdate), async (c) => {
    const segment = await seg.updateSegment(c.env, c.get("member").accountId, c.req.valid("param").segmentId, c.req.valid("json"));
    return c.json({ ...segment, message: "Сегмент сохранён" }, 200);
  })
  .delete("/:accountId/segments/:segmentId", can("delete", "Segment"), v("param", s.segmentParam), async (c) => {
    const r = await seg.deleteSegment(c.env, c.get("member").accountId, c.req.valid("param").segmentId);
    return c.json({ ...r, message: "Сегмент удалён" }, 200);
  })
  .get("/:accountId/segments/:segmentId/count", can("read", "Segment"), v("param", s.segmentParam), async (c) => {
    return c.json(await seg.countSegment(c.env, c.get("member").accountId, c.req.valid("param").segmentId), 200);
  })
  // The live count of an unsaved filter (the contacts list's "save as segment", a broadcast's inline audience).
  .get("/:accountId/audience/count", can("read", "Contact"), v("query", s.audienceCountQuery), async (c) => {
    const accountId = c.get("member").accountId;
    return c.json(await countAudience(c.env, await compileFilter(c.env, accountId, c.req.valid("query").filter ?? {})), 200);
  });
