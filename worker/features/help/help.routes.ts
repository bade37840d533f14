import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { AppBindings } from "../../env";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { v } from "../../lib/validation";
import { requireAuth, requirePlatformAdmin } from "../../middleware/session";
import * as articles from "./articles.service";
import * as faq from "./faq.service";
import * as s from "./help.schemas";

const IMAGE_TYPES: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "image/gif": "gif" };
const MAX_IMAGE = 5 * 1024 * 1024;
const IMAGE_NAME = /^[A-Za-z0-9_-]{1,64}\.(png|jpg|webp|gif)$/;

/** /api/help/…: the FAQ and the help center, for any signed-in user, in their language (Russian fallback). */
export const helpRoutes = new Hono<AppBindings>()
  .use(requireAuth)
  .get("/faq", v("query", s.faqQuery), async (c) => {
    const q = c.req.valid("query");
    return c.json(await faq.readFaq(getDb(c.env.DB), s.resolveLocale(q.locale, c.get("auth").user.language), q.q), 200);
  })
  .get("/articles", v("query", s.articleListQuery), async (c) => {
    const q = c.req.valid("query");
    return c.json(await articles.listArticles(getDb(c.env.DB), s.resolveLocale(q.locale, c.get("auth").user.language), q), 200);
  })
  .get("/articles/:slug", v("param", s.slugParam), v("query", s.articleQuery), async (c) => {
    const locale = s.resolveLocale(c.req.valid("query").locale, c.get("auth").user.language);
    return c.json(await articles.readArticle(getDb(c.env.DB), locale, c.req.valid("param").slug, c.get("auth").user.id), 200);
  })
  .post("/articles/:slug/feedback", v("param", s.slugParam), v("json", s.feedbackSchema), async (c) => {
    const result = await articles.voteArticle(getDb(c.env.DB), c.req.valid("param").slug, c.get("auth").user.id, c.req.valid("json").helpful);
    return c.json({ ...result, message: "Спасибо за отзыв!" }, 200);
  });

/**
 * /api/help-media/{name}: images uploaded for help content. Public like any image of a help page
 * (an <img> sends no bearer token); names are random ids, so nothing can be listed or guessed.
 */
export const helpMediaRoutes = new Hono<AppBindings>().get("/:name", async (c) => {
  const name = c.req.param("name");
  if (!IMAGE_NAME.test(name)) throw notFound("Изображение не найдено", "IMAGE_NOT_FOUND");
  const obj = await c.env.MEDIA.get(`help/${name}`);
  if (!obj) throw notFound("Изображение не найдено", "IMAGE_NOT_FOUND");
  return new Response(obj.body, {
    headers: { "Content-Type": obj.httpMetadata?.contentType ?? "application/octet-stream", "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
  });
});

/** /api/admin/help/…: platform administrators write FAQ entries and articles. */
export const helpAdminRoutes = new Hono<AppBindings>()
  .use(requireAuth, requirePlatformAdmin)
  .get("/faq", v("query", s.adminListQuery), async (c) => c.json(await faq.listFaqAdmin(getDb(c.env.DB), c.req.valid("query")), 200))
  .post("/faq", v("json", s.faqCreateSchema), async (c) => c.json({ ...(await faq.createFaqEntry(getDb(c.env.DB), c.req.valid("json"))), message: "Вопрос добавлен" }, 201))
  .get("/faq/:id", v("param", s.idParam), async (c) => c.json(await faq.getFaqEntry(getDb(c.env.DB), c.req.valid("param").id), 200))
  .patch("/faq/:id", v("param", s.idParam), v("json", s.faqUpdateSchema), async (c) =>
    c.json({ ...(await faq.updateFaqEntry(getDb(c.env.DB), c.req.valid("param").id, c.req.valid("json"))), message: "Вопрос сохранён" }, 200),
  )
  .delete("/faq/:id", v("param", s.idParam), async (c) => {
    await faq.deleteFaqEntry(getDb(c.env.DB), c.req.valid("param").id);
    return c.json({ message: "Вопрос удалён" }, 200);
  })
  .get("/articles", v("query", s.adminListQuery), async (c) => c.json(await articles.listArticlesAdmin(getDb(c.env.DB), c.req.valid("query")), 200))
  .post("/articles", v("json", s.articleCreateSchema), async (c) =>
    c.json({ ...(await articles.createArticle(getDb(c.env.DB), c.req.valid("json"))), message: "Статья создана" }, 201),
  )
  .get("/articles/:id", v("param", s.idParam), async (c) => c.json(await articles.getArticleAdmin(getDb(c.env.DB), c.req.valid("param").id), 200))
  .patch("/articles/:id", v("param", s.idParam), v("json", s.articleUpdateSchema), async (c) =>
    c.json({ ...(await articles.updateArticle(getDb(c.env.DB), c.req.valid("param").id, c.req.valid("json"))), message: "Статья сохранена" }, 200),
  )
  .delete("/articles/:id", v("param", s.idParam), async (c) => {
    await articles.deleteArticle(getDb(c.env.DB), c.req.valid("param").id);
    return c.json({ message: "Статья удалена" }, 200);
  })
  .post("/images", async (c) => {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw badRequest("Отправьте изображение формой (multipart/form-data)", "MALFORMED_REQUEST");
    }
    const file = form.get("file");
    const invalid = (msg: string) => new AppError(400, "VALIDATION_ERROR", msg, { fields: { file: [msg] } });
    if (!file || typeof file === "string") throw invalid("Выберите изображение");
    const ext = IMAGE_TYPES[file.type];
    if (!ext) throw invalid("Изображение — PNG, JPEG, WebP или GIF");
    if (file.size > MAX_IMAGE) throw invalid("Изображение — не больше 5 МБ");
    const name = `${newId()}.${ext}`;
    await c.env.MEDIA.put(`help/${name}`, await file.arrayBuffer(), { httpMetadata: { contentType: file.type } });
    return c.json({ url: `/api/help-media/${name}`, message: "Изображение загружено" }, 201);
  });
