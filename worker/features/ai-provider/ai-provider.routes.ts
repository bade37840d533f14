import { Hono } from "hono";
import type { AppBindings, Env } from "../../env";
import { parseOrThrow, readJsonBody } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import * as s from "./ai-provider.schemas";
import * as svc from "./ai-provider.service";

const development = (env: Env) => env.ENVIRONMENT === "development";


/**
 * Mounted at /api/accounts (app.ts applies requireAuth + accountScope there). Owners and admins
 * only, reads included: the address and the key's hint are the account's settings, not an operator's.
 */
export const aiProviderRoutes = new Hono<AppBindings>()
  .get("/:accountId/ai-provider", can("read", "AiProvider"), async (c) => {
    return c.json(await svc.getProvider(c.env, c.get("member").accountId), 200);
  })
  .put("/:accountId/ai-provider", can("update", "AiProvider"), async (c) => {
    // The schema depends on the environment (http only in development), so it is applied here.
    const input = parseOrThrow(s.saveProviderSchema(development(c.env)), await readJsonBody(c));
    const p = await svc.saveProvider(c.env, c.get("member").accountId, c.get("auth").user.id, input);
    return c.json({ ...p, message: "AI-провайдер сохранён" }, 200);
  })
  .delete("/:accountId/ai-provider", can("delete", "AiProvider"), async (c) => {
    const removed = await svc.deleteProvider(c.env, c.get("member").accountId);
    return c.json({ ...svc.publicProvider(undefined), removed, message: "AI-провайдер удалён: ассистенты снова работают через модель платформы" }, 200);
  })
  .post("/:accountId/ai-provider/check", can("update", "AiProvider"), async (c) => {
    const input = parseOrThrow(s.checkProviderSchema(development(c.env)), await readJsonBody(c));
    return c.json(await svc.checkProvider(c.env, c.get("member").accountId, input), 200);
  });
