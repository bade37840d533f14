import { Hono } from "hono";
import type { AppBindings } from "../../env";
import { AppError, badRequest } from "../../lib/errors";
import { v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import * as a from "./knowledge.assistants";
import * as s from "./knowledge.schemas";
import * as svc from "./knowledge.service";

/**
 * The knowledge base (mounted at /api/accounts): sources (FAQ entries, documents, web pages, the
 * assistants' texts), their indexing, the search "what would the assistant find", and each
 * assistant's choice of sources. Operators read; owners and admins write (`Knowledge` ability).
 */
export const knowledgeRoutes = new Hono<AppBindings>()
  .get("/:accountId/knowledge", can("read", "Knowledge"), v("query", s.listQuery), async (c) => {
    return c.json(await svc.listSources(c.env, c.get("member").accountId, c.req.valid("query")), 200);
  })
  .get("/:accountId/knowledge/search", can("read", "Knowledge"), v("query", s.searchQuery), async (c) => {
    return c.json(await a.searchKnowledge(c.env, c.get("member").accountId, c.req.valid("query")), 200);
  })
  .post("/:accountId/knowledge/faq", can("create", "Knowledge"), v("json", s.faqCreateSchema), async (c) => {
    const source = await svc.createFaq(c.env, c.get("member").accountId, c.get("auth").user.id, c.req.valid("json"));
    return c.json({ ...source, message: "Вопрос добавлен" }, 201);
  })
  .post("/:accountId/knowledge/documents", can("create", "Knowledge"), async (c) => {
    const { file, title } = await readUpload(c.req.raw);
    const source = await svc.uploadDocument(c.env, c.get("member").accountId, c.get("auth").user.id, file, title);
    return c.json({ ...source, message: "Документ загружен и индексируется" }, 202);
  })
  .post("/:accountId/knowledge/urls", can("create", "Knowledge"), v("json", s.urlCreateSchema), async (c) => {
    const source = await svc.addUrl(c.env, c.get("member").accountId, c.get("auth").user.id, c.req.valid("json").url);
    return c.json({ ...source, message: "Страница добавлена и загружается" }, 202);
  })
  .get("/:accountId/knowledge/assistants/:assistantId", can("read", "Knowledge"), v("param", s.assistantParam), async (c) => {
    return c.json(await a.getAssistantKnowledge(c.env, c.get("member").accountId, c.req.valid("param").assistantId), 200);
  })
  .put("/:accountId/knowledge/assistants/:assistantId", can("update", "Assistant"), v("param", s.assistantParam), v("json", s.assistantKnowledgeSchema), async (c) => {
    const r = await a.putAssistantKnowledge(c.env, c.get("member").accountId, c.req.valid("param").assistantId, c.req.valid("json"));
    return c.json({ ...r, message: "Источники ассистента сохранены" }, 200);
  })
  .get("/:accountId/knowledge/:sourceId", can("read", "Knowledge"), v("param", s.sourceParam), async (c) => {
    return c.json(await svc.getSource(c.env, c.get("member").accountId, c.req.valid("param").sourceId), 200);
  })
  .patch("/:accountId/knowledge/:sourceId", can("update", "Knowledge"), v("param", s.sourceParam), v("json", s.sourceUpdateSchema), async (c) => {
    const source = await svc.updateSource(c.env, c.get("member").accountId, c.req.valid("param").sourceId, c.req.valid("json"));
    return c.json({ ...source, message: "Источник сохранён" }, 200);
  })
  .delete("/:accountId/knowledge/:sourceId", can("delete", "Knowledge"), v("param", s.sourceParam), async (c) => {
    const r = await svc.deleteSource(c.env, c.get("member").accountId, c.req.valid("param").sourceId);
    return c.json({ ...r, message: "Источник удалён" }, 200);
  })
  .post("/:accountId/knowledge/:sourceId/reindex", can("update", "Knowledge"), v("param", s.sourceParam), async (c) => {
    const source = await svc.reindexSource(c.env, c.get("member").accountId, c.req.valid("param").sourceId);
    return c.json({ ...source, message: "Источник переиндексируется" }, 202);
  })
  .post("/:accountId/knowledge/:sourceId/refresh", can("update", "Knowledge"), v("param", s.sourceParam), async (c) => {
    const source = await svc.refreshSource(c.env, c.get("member").accountId, c.req.valid("param").sourceId);
    return c.json({ ...source, message: "Страница загружается заново" }, 202);
  });

/** multipart/form-data with `file` (PDF, DOCX, TXT or Markdown) and an optional `title`. */
async function readUpload(req: Request) {
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw badRequest("Отправьте файл формой (multipart/form-data)", "MALFORMED_REQUEST");
  }
  const file = form.get("file");
  if (!file || typeof file === "string") throw new AppError(400, "VALIDATION_ERROR", "Выберите файл PDF, DOCX, TXT или Markdown", { fields: { file: ["Выберите файл PDF, DOCX, TXT или Markdown"] } });
  const title = form.get("title");
  if (typeof title === "string" && title.length > s.LIMITS.title) {
    throw new AppError(400, "VALIDATION_ERROR", `Название не длиннее ${s.LIMITS.title} символов`, { fields: { title: [`Название не длиннее ${s.LIMITS.title} символов`] } });
  }
  return { file, title: typeof title === "string" ? title : undefined };
}
