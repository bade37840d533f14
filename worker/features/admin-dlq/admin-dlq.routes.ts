import { Hono } from "hono";
import { z } from "zod";
import { schema } from "../../db/client";
import type { AppBindings } from "../../env";
import { pageQuery, v } from "../../lib/validation";
import { requireAuth, requirePlatformAdmin } from "../../middleware/session";
import { deleteDeadLetter, getDeadLetter, listDeadLetters, replayDeadLetter } from "./dead-letters.service";

const listQuery = pageQuery().extend({
  queue: z.enum(schema.DEAD_LETTER_QUEUES).optional(),
  accountId: z.string().trim().max(64).optional(),
  pending: z
    .enum(["true", "false"])
    .optional()
    .transform((x) => x === "true"),
});
const idParam = z.object({ id: z.string().min(1).max(64) });

/** /api/admin/dead-letters: what the queues gave up on, for platform administrators to inspect and replay. */
export const deadLetterRoutes = new Hono<AppBindings>()
  .use(requireAuth, requirePlatformAdmin)
  .get("/", v("query", listQuery), async (c) => c.json(await listDeadLetters(c.env, c.req.valid("query")), 200))
  .get("/:id", v("param", idParam), async (c) => c.json(await getDeadLetter(c.env, c.req.valid("param").id), 200))
  .post("/:id/replay", v("param", idParam), async (c) => c.json(await replayDeadLetter(c.env, c.req.valid("param").id), 200))
  .delete("/:id", v("param", idParam), async (c) => {
    await deleteDeadLetter(c.env, c.req.valid("param").id);
    return c.body(null, 204);
  });
