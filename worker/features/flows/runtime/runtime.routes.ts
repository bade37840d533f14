import { Hono } from "hono";
import type { AppBindings } from "../../../env";
import { v } from "../../../lib/validation";
import { can } from "../../../middleware/account-scope";
import { testFlow, threadFlowAction } from "./control";
import * as s from "./runtime.schemas";
import { flowStats } from "./stats";

/**
 * The flow runtime's routes (#16): a flow's per-step counts, a test run of the draft in the
 * member's test chat, and starting, stopping or resuming a thread's flow (operators too).
 */
export const flowRuntimeRoutes = new Hono<AppBindings>()
  .get("/:accountId/flows/:flowId/stats", can("read", "Flow"), v("param", s.flowParam), v("query", s.statsQuery), async (c) => {
    return c.json(await flowStats(c.env, c.get("member").accountId, c.req.valid("param").flowId, c.req.valid("query").days), 200);
  })
  .post("/:accountId/flows/:flowId/test", can("update", "Flow"), v("param", s.flowParam), async (c) => {
    const user = c.get("auth").user;
    return c.json(await testFlow(c.env, c.get("member").accountId, { id: user.id, name: user.name }, c.req.valid("param").flowId), 200);
  })
  .post("/:accountId/contacts/threads/:threadId/flow", can("update", "Thread"), v("param", s.threadParam), v("json", s.threadFlowBody), async (c) => {
    return c.json(await threadFlowAction(c.env, c.get("member").accountId, c.req.valid("param").threadId, c.req.valid("json")), 200);
  });
