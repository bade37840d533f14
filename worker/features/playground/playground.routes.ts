import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { onReplyDelta } from "../../ai/assistant-handler";
import type { AppBindings } from "../../env";
import { v } from "../../lib/validation";
import { accountScope, can } from "../../middleware/account-scope";
import { requireAuth } from "../../middleware/session";
import * as s from "./playground.schemas";
import * as svc from "./playground.service";

/**
 * The test chat (§2.11, §7.6), mounted at /api/platform-webwidget. Outside /accounts, so the
 * session and the membership are applied here.
 *
 *   GET    /accounts/:accountId/test-chats                       test chats (paged, ?q=)
 *   POST   /accounts/:accountId/new-message?isTestChat=true      → { contact, messageId, content, updatedAt, … } (waits for the reply)
 *   POST   /accounts/:accountId/new-message/stream?isTestChat=true  the same as server-sent events: incoming, delta…, done
 *   GET    /accounts/:accountId/test-chats/:contactId/messages   a test chat's messages (newest first, cursor)
 *   DELETE /accounts/:accountId/test-chats/:contactId            clears the chat (messages, facts; AI back on)
 */
export const playgroundRoutes = new Hono<AppBindings>()
  .use("/accounts/:accountId/*", requireAuth, accountScope)
  .get("/accounts/:accountId/test-chats", can("read", "TestChat"), v("query", s.testChatsQuery), async (c) => {
    return c.json(await svc.listTestChats(c.env, c.get("member").accountId, c.req.valid("query")), 200);
  })
  .post("/accounts/:accountId/new-message", can("create", "TestChat"), v("query", s.newMessageQuery), v("json", s.newMessageBody), async (c) => {
    const accountId = c.get("member").accountId;
    const { incoming, turn } = await svc.postTestMessage(c.env, accountId, c.req.valid("json"));
    return c.json(await svc.settleReply(c.env, accountId, incoming, turn), 200);
  })
  .post("/accounts/:accountId/new-message/stream", can("create", "TestChat"), v("query", s.newMessageQuery), v("json", s.newMessageBody), async (c) => {
    const accountId = c.get("member").accountId;
    const { incoming, turn } = await svc.postTestMessage(c.env, accountId, c.req.valid("json"));
    return streamSSE(c, async (stream) => {
      await stream.writeSSE({ event: "incoming", data: JSON.stringify({ messageId: incoming.messageId, contact: incoming.contact }) });
      const writes: Promise<void>[] = [];
      const stop = onReplyDelta(incoming.messageId, (text) => {
        writes.push(stream.writeSSE({ event: "delta", data: JSON.stringify({ text }) }));
      });
      try {
        const reply = await svc.settleReply(c.env, accountId, incoming, turn);
        stop();
        await Promise.all(writes);
        await stream.writeSSE({ event: "done", data: JSON.stringify(reply) });
      } finally {
        stop();
      }
    });
  })
  .get("/accounts/:accountId/test-chats/:contactId/messages", can("read", "TestChat"), v("param", s.contactParam), v("query", s.messagesQuery), async (c) => {
    const { contactId } = c.req.valid("param");
    return c.json(await svc.testChatMessages(c.env, c.get("member").accountId, contactId, c.req.valid("query")), 200);
  })
  .delete("/accounts/:accountId/test-chats/:contactId", can("delete", "TestChat"), v("param", s.contactParam), async (c) => {
    const { contactId } = c.req.valid("param");
    return c.json(await svc.clearTestChat(c.env, c.get("member").accountId, contactId), 200);
  });
