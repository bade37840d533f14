import { Hono } from "hono";
import { pauseThreadFlow } from "../flows/runtime/control";
import type { AppBindings } from "../../env";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { parseOrThrow, v } from "../../lib/validation";
import { can } from "../../middleware/account-scope";
import * as s from "./contacts.schemas";
import * as svc from "./contacts.service";
import { exportContacts } from "./export";
import * as msg from "./messages.service";
import * as bot from "./test-bot.service";

/**
 * §7.4 Contacts and chat, mounted at /api/accounts (app.ts applies requireAuth + accountScope).
 * Static paths (chat-contacts, count/active, export, test-bot, threads) come before /:contactId.
 */
export const contactRoutes = new Hono<AppBindings>()
  .get("/:accountId/contacts/chat-contacts", can("read", "Contact"), v("query", s.chatContactsQuery), async (c) => {
    return c.json(await svc.listChatContacts(c.env, c.get("member").accountId, c.req.valid("query")), 200);
  })
  .get("/:accountId/contacts/count/active", can("read", "Contact"), async (c) => {
    return c.json(await svc.countActive(c.env, c.get("member").accountId), 200);
  })
  .get("/:accountId/contacts/export", can("read", "Contact"), v("query", s.exportQuery), async (c) => {
    return exportContacts(c.env, c.get("member").accountId, c.req.valid("query"));
  })
  .get("/:accountId/contacts/test-bot/messages", can("read", "TestChat"), v("query", s.testBotQuery), async (c) => {
    return c.json(await bot.listTestBotMessages(c.env, c.get("member").accountId, c.get("auth").user.id, c.req.valid("query")), 200);
  })
  .post("/:accountId/contacts/test-bot/messages", can("create", "TestChat"), v("json", s.testBotPostBody), async (c) => {
    const user = c.get("auth").user;
    return c.json(await bot.postTestBotMessage(c.env, c.get("member").accountId, { id: user.id, name: user.name }, c.req.valid("json")), 201);
  })
  .put("/:accountId/contacts/threads/:threadId/set-status", can("update", "Thread"), v("param", s.threadParam), v("json", s.setStatusBody), async (c) => {
    const contact = await svc.updateThread(c.env, c.get("member").accountId, c.req.valid("param").threadId, c.req.valid("json"));
    return c.json({ ...contact, message: "Статус диалога обновлён" }, 200);
  })
  .patch("/:accountId/contacts/threads/:threadId", can("update", "Thread"), v("param", s.threadParam), v("json", s.patchThreadBody), async (c) => {
    const body = c.req.valid("json");
    const contact = await svc.updateThread(c.env, c.get("member").accountId, c.req.valid("param").threadId, body);
    // Switching the AI off pauses the thread's flow too (people take the conversation over).
    if (!body.isGptActive) await pauseThreadFlow(c.env, c.get("member").accountId, c.req.valid("param").threadId, "aiOff");
    return c.json({ ...contact, message: body.isGptActive ? "ИИ включён в диалоге" : "ИИ выключен в диалоге" }, 200);
  })
  .get("/:accountId/contacts", can("read", "Contact"), v("query", s.contactsQuery), async (c) => {
    return c.json(await svc.listContacts(c.env, c.get("member").accountId, c.req.valid("query")), 200);
  })
  .get("/:accountId/contacts/:contactId", can("read", "Contact"), v("param", s.contactParam), async (c) => {
    return c.json(await svc.getContact(c.env, c.get("member").accountId, c.req.valid("param").contactId), 200);
  })
  .delete("/:accountId/contacts/:contactId", can("delete", "Contact"), v("param", s.contactParam), async (c) => {
    const r = await svc.deleteContact(c.env, c.get("member").accountId, c.req.valid("param").contactId);
    return c.json({ ...r, message: "Контакт удалён" }, 200);
  })
  // The contact's broadcast subscription: operators too (a customer asking in the chat to stop, or to get them again).
  .put("/:accountId/contacts/:contactId/subscription", can("update", "Contact"), v("param", s.contactParam), v("json", s.subscriptionBody), async (c) => {
    if (!c.get("member").ability.can("update", "Contact", "subscription")) throw forbidden();
    const { subscription } = c.req.valid("json");
    const r = await svc.setSubscription(c.env, c.get("member").accountId, c.req.valid("param").contactId, subscription);
    return c.json({ ...r, message: SUBSCRIPTION_MESSAGES[subscription] }, 200);
  })
  .get("/:accountId/contacts/:contactId/messages", can("read", "Message"), v("param", s.contactParam), v("query", s.messagesQuery), async (c) => {
    return c.json(await msg.listMessages(c.env, c.get("member").accountId, c.req.valid("param").contactId, c.req.valid("query")), 200);
  })
  .post("/:accountId/contacts/:contactId/messages", can("create", "Message"), v("param", s.contactParam), async (c) => {
    const { body, files } = await readMessageBody(c.req.raw);
    const r = await msg.postOperatorMessage(c.env, c.get("member").accountId, c.get("auth").user.id, c.req.valid("param").contactId, body, files);
    return c.json({ ...r, message: "Сообщение отправлено" }, 201);
  })
  .delete("/:accountId/contacts/:contactId/messages", can("update", "Thread"), v("param", s.contactParam), v("query", s.clearChatQuery), async (c) => {
    const r = await msg.clearChat(c.env, c.get("member").accountId, c.req.valid("param").contactId, c.req.valid("query").threadId);
    return c.json({ ...r, message: "Чат очищен" }, 200);
  })
  .get("/:accountId/media/*", can("read", "Message"), async (c) => {
    const accountId = c.get("member").accountId;
    return serveMedia(c.env, accountId, new URL(c.req.url).pathname, `/api/accounts/${accountId}/media/`);
  });

const SUBSCRIPTION_MESSAGES = {
  subscribed: "Контакт подписан на рассылки",
  unsubscribed: "Контакт отписан от рассылок",
  blocked: "Рассылки контакту заблокированы",
} as const;

/** JSON `{content, threadId?, clientMessageId?}` or multipart with the same fields plus `files`. */
async function readMessageBody(req: Request): Promise<{ body: s.PostMessageBody; files: File[] }> {
  const type = req.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    let form: FormData;
    try {
      form = await req.formData();
    } catch {
      throw badRequest("Некорректные данные формы", "MALFORMED_REQUEST");
    }
    const files = [...form.getAll("files"), ...form.getAll("file")].filter((f): f is File => typeof f !== "string");
    if (files.length > s.MAX_ATTACHMENTS) {
      throw badRequest(`Не больше ${s.MAX_ATTACHMENTS} файлов за раз`, "VALIDATION_ERROR", { fields: { files: [`Не больше ${s.MAX_ATTACHMENTS} файлов`] } });
    }
    const fields: Record<string, string> = {};
    for (const k of ["content", "threadId", "clientMessageId"]) {
      const val = form.get(k);
      if (typeof val === "string") fields[k] = val;
    }
    return { body: parseOrThrow(s.postMessageBody, fields), files };
  }
  let json: unknown;
  try {
    json = await req.json();
  } catch {
    throw badRequest("Некорректный JSON в теле запроса", "MALFORMED_REQUEST");
  }
  return { body: parseOrThrow(s.postMessageBody, json), files: [] };
}

/** Streams an R2 object of the account; the path after `prefix` is the key inside `accounts/<accountId>/`. */
export async function serveMedia(env: AppBindings["Bindings"], accountId: string, path: string, prefix: string): Promise<Response> {
  let rest = "";
  try {
    rest = path.startsWith(prefix) ? path.slice(prefix.length).split("/").map(decodeURIComponent).join("/") : "";
  } catch {
    throw notFound("Файл не существует", "MEDIA_NOT_FOUND");
  }
  if (!rest || rest.split("/").some((p) => p === ".." || p === "")) throw notFound("Файл не существует", "MEDIA_NOT_FOUND");
  const obj = await env.MEDIA.get(`accounts/${accountId}/${rest}`);
  if (!obj) throw notFound("Файл не существует", "MEDIA_NOT_FOUND");
  const headers = new Headers();
  obj.writeHttpMetadata(headers);
  headers.set("etag", obj.httpEtag);
  headers.set("cache-control", "private, max-age=86400");
  headers.set("x-content-type-options", "nosniff");
  // Uploaded files are served from our origin: never let one run as a page.
  headers.set("content-security-policy", "sandbox; default-src 'none'");
  if (!headers.get("content-type")) headers.set("content-type", "application/octet-stream");
  return new Response(obj.body, { headers });
}
