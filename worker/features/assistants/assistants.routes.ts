import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { isDemoModel } from "../../ai/llm";
import { modelInfo } from "../ai-provider/ai-provider.service";
import { toolCatalog } from "../../ai/tools";
import type { AppBindings } from "../../env";
import { forbidden, notFound } from "../../lib/errors";
import { parseOrThrow, readJsonBody, v } from "../../lib/validation";
import { ACCOUNT_NOT_FOUND, can, loadMember } from "../../middleware/account-scope";
import { requireAuth, requirePlatformAdmin } from "../../middleware/session";
import type { Action, Subject } from "../../lib/permissions";
import * as s from "./assistants.schemas";
import * as svc from "./assistants.service";

/** Mounted at /api/accounts (app.ts applies requireAuth + accountScope there). */
export const accountAssistantRoutes = new Hono<AppBindings>()
  .get("/:accountId/assistants", can("read", "Assistant"), v("query", s.listAssistantsQuery), async (c) => {
    return c.json(await svc.listAssistants(c.env, c.get("member").accountId, c.req.valid("query")), 200);
  })
  .post("/:accountId/assistants", can("create", "Assistant"), v("json", s.createAssistantSchema), async (c) => {
    const a = await svc.createAssistant(c.env, c.get("member").accountId, c.get("auth").user.id, c.req.valid("json"));
    return c.json({ ...a, message: "Ассистент успешно создан!" }, 201);
  })
  .get("/:accountId/assistants/:assistantId", can("read", "Assistant"), async (c) => {
    return c.json(svc.publicAssistant(await svc.findAssistant(c.env, c.get("member").accountId, c.req.param("assistantId"))), 200);
  })
  .patch("/:accountId/assistants/:assistantId", can("update", "Assistant"), v("json", s.updateAssistantSchema), async (c) => {
    const a = await svc.updateAssistant(c.env, c.get("member").accountId, c.req.param("assistantId"), c.req.valid("json"));
    return c.json({ ...a, message: "Ассистент успешно обновлен!" }, 200);
  })
  .delete("/:accountId/assistants/:assistantId", can("delete", "Assistant"), async (c) => {
    await svc.deleteAssistant(c.env, c.get("member").accountId, c.req.param("assistantId"));
    return c.json({ assistantId: c.req.param("assistantId"), message: "Ассистент успешно удален!" }, 200);
  })
  .post("/:accountId/assistants/:assistantId/generate", can("update", "Assistant"), v("json", s.generateSchema), async (c) => {
    const r = await svc.generateInstructions(c.env, c.get("member").accountId, c.req.param("assistantId"), c.req.valid("json"));
    return c.json({ ...r, message: "Инструкции сгенерированы" }, 200);
  });

/** `?accountId=` membership for the template routes that act on an account (404 for a non-member, as everywhere). */
const queryAccount = (action: Action, subject: Subject) =>
  createMiddleware<AppBindings>(async (c, next) => {
    const { accountId } = parseOrThrow(s.accountIdQuery, { accountId: c.req.query("accountId") });
    const user = c.get("auth").user;
    const member = await loadMember(c.env.DB, accountId, user.id, user.isPlatformAdmin);
    if (!member) throw notFound(ACCOUNT_NOT_FOUND, "ACCOUNT_NOT_FOUND");
    if (!member.ability.can(action, subject)) throw forbidden();
    c.set("member", member);
    await next();
  });


/** Mounted at /api/assistants: the template constructor and what the editor needs to know. */
export const assistantRoutes = new Hono<AppBindings>()
  .use(requireAuth)
  // With ?accountId= (a member's account): whether that account's own provider answers instead of
  // the platform's demo model, and the models its provider lists.
  .get("/model-info", async (c) => {
    const raw = c.req.query("accountId");
    if (raw === undefined) return c.json(await modelInfo(c.env, null, isDemoModel(c.env)), 200);
    const { accountId } = parseOrThrow(s.accountIdQuery, { accountId: raw });
    const user = c.get("auth").user;
    const member = await loadMember(c.env.DB, accountId, user.id, user.isPlatformAdmin);
    if (!member) throw notFound(ACCOUNT_NOT_FOUND, "ACCOUNT_NOT_FOUND");
    return c.json(await modelInfo(c.env, accountId, isDemoModel(c.env)), 200);
  })
  .get("/tools", (c) => c.json({ data: toolCatalog() }, 200))
  .get("/templates", v("query", s.templatesQuery), async (c) => {
    const q = c.req.valid("query");
    return c.json(await svc.listTemplates(c.env, { ...q, includeUnpublished: c.get("auth").user.isPlatformAdmin }), 200);
  })
  .get("/templates/:id", async (c) => {
    return c.json(svc.publicTemplate(await svc.findTemplate(c.env, c.req.param("id"), c.get("auth").user.isPlatformAdmin)), 200);
  })
  .patch("/templates/:id", requirePlatformAdmin, v("json", s.updateTemplateSchema), async (c) => {
    const t = await svc.updateTemplate(c.env, c.req.param("id"), c.req.valid("json"));
    return c.json({ ...t, message: "Шаблон обновлен" }, 200);
  })
  .delete("/templates/:id", requirePlatformAdmin, async (c) => {
    await svc.deleteTemplate(c.env, c.req.param("id"));
    return c.json({ assistantId: c.req.param("id"), message: "Шаблон удален" }, 200);
  })
  .get("/template-tags", async (c) => c.json(await svc.listTemplateTags(c.env, c.get("auth").user.isPlatformAdmin), 200))
  .post("/:id/template-count-add", async (c) => {
    return c.json(await svc.addTemplateUse(c.env, c.req.param("id"), c.get("auth").user.isPlatformAdmin), 200);
  })
  .post("/:id/copy-template", queryAccount("create", "Assistant"), async (c) => {
    const body = parseOrThrow(s.copyTemplateBody, await readJsonBody(c));
    const m = c.get("member");
    const a = await svc.copyTemplate(c.env, c.req.param("id"), m.accountId, c.get("auth").user.id, body, c.get("auth").user.isPlatformAdmin);
    return c.json({ ...a, message: "Шаблон скопирован" }, 201);
  })
  .post("/:id/copy-to-template", requirePlatformAdmin, queryAccount("read", "Assistant"), async (c) => {
    const body = parseOrThrow(s.copyToTemplateBody, await readJsonBody(c));
    const t = await svc.copyToTemplate(c.env, c.get("member").accountId, c.req.param("id"), c.get("auth").user.id, body);
    return c.json({ ...t, message: "Ассистент скопирован в шаблоны" }, 201);
  });
