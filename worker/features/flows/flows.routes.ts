import { Hono } from "hono";
import type { AppBindings } from "../../env";
import { v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import { flowExportSchema } from "./contract";
import * as s from "./flows.schemas";
import * as svc from "./flows.service";
import { templateLanguage, templateList } from "./templates";

/**
 * /api/accounts/:accountId/flows (#16): the model, the draft's graph, versions, templates and
 * import/export. Operators read flows; admins and owners change them (ability "Flow"). The
 * runtime's routes (stats, test run, thread start/stop) live in runtime/.
 */
export const flowRoutes = new Hono<AppBindings>()
  .get("/:accountId/flows", can("read", "Flow"), v("query", s.listQuery), async (c) => {
    return c.json(await svc.listFlows(c.env, c.get("member").accountId, c.req.valid("query")), 200);
  })
  .get("/:accountId/flows/templates", can("read", "Flow"), async (c) => {
    c.header("Vary", "Accept-Language", { append: true });
    return c.json(templateList(templateLanguage(c.req.header("Accept-Language"), c.get("auth").user.language)), 200);
  })
  .post("/:accountId/flows", can("create", "Flow"), v("json", s.flowCreate), async (c) => {
    // A template's texts (step names, messages, buttons, keywords) in the caller's interface language.
    const lang = templateLanguage(c.req.header("Accept-Language"), c.get("auth").user.language);
    const flow = await svc.createFlow(c.env, c.get("member").accountId, c.get("auth").user.id, c.req.valid("json"), lang);
    return c.json({ ...flow, message: "Сценарий создан" }, 201);
  })
  // The export file itself (`{format, version, name, graph}`); malformed → 400 with paths.
  .post("/:accountId/flows/import", can("create", "Flow"), v("json", flowExportSchema), async (c) => {
    const file = c.req.valid("json");
    const flow = await svc.importFlow(c.env, c.get("member").accountId, c.get("auth").user.id, file);
    return c.json({ ...flow, message: flow.issues.length ? "Сценарий импортирован как черновик: исправьте ошибки перед публикацией" : "Сценарий импортирован" }, 201);
  })
  .get("/:accountId/flows/:flowId", can("read", "Flow"), v("param", s.flowParam), async (c) => {
    return c.json(await svc.getFlow(c.env, c.get("member").accountId, c.req.valid("param").flowId), 200);
  })
  .patch("/:accountId/flows/:flowId", can("update", "Flow"), v("param", s.flowParam), v("json", s.flowUpdate), async (c) => {
    const flow = await svc.updateFlow(c.env, c.get("member").accountId, c.get("auth").user.id, c.req.valid("param").flowId, c.req.valid("json"));
    return c.json({ ...flow, message: "Сценарий сохранён" }, 200);
  })
  .delete("/:accountId/flows/:flowId", can("delete", "Flow"), v("param", s.flowParam), async (c) => {
    const r = await svc.deleteFlow(c.env, c.get("member").accountId, c.req.valid("param").flowId);
    return c.json({ ...r, message: "Сценарий удалён" }, 200);
  })
  .put("/:accountId/flows/:flowId/graph", can("update", "Flow"), v("param", s.flowParam), v("json", s.graphSave), async (c) => {
    const r = await svc.saveGraph(c.env, c.get("member").accountId, c.get("auth").user.id, c.req.valid("param").flowId, c.req.valid("json"));
    return c.json(r, 200);
  })
  .post("/:accountId/flows/:flowId/publish", can("update", "Flow"), v("param", s.flowParam), async (c) => {
    const r = await svc.publishFlow(c.env, c.get("member").accountId, c.get("auth").user.id, c.req.valid("param").flowId);
    return c.json({ ...r, message: `Опубликована версия ${r.publishedVersion}` }, 200);
  })
  .post("/:accountId/flows/:flowId/unpublish", can("update", "Flow"), v("param", s.flowParam), async (c) => {
    const flow = await svc.unpublishFlow(c.env, c.get("member").accountId, c.get("auth").user.id, c.req.valid("param").flowId);
    return c.json({ ...flow, message: "Сценарий снят с публикации" }, 200);
  })
  .post("/:accountId/flows/:flowId/duplicate", can("create", "Flow"), v("param", s.flowParam), async (c) => {
    const flow = await svc.duplicateFlow(c.env, c.get("member").accountId, c.get("auth").user.id, c.req.valid("param").flowId);
    return c.json({ ...flow, message: "Копия сценария создана" }, 201);
  })
  .get("/:accountId/flows/:flowId/export", can("read", "Flow"), v("param", s.flowParam), async (c) => {
    const file = await svc.exportFlow(c.env, c.get("member").accountId, c.req.valid("param").flowId);
    const slug = file.name.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "").slice(0, 60) || "flow";
    c.header("Content-Disposition", `attachment; filename="flow.json"; filename*=UTF-8''${encodeURIComponent(slug)}.json`);
    return c.json(file, 200);
  });
