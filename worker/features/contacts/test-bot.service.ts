import { and, eq } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import { rowInAccount } from "../../db/queries";
import type { Env } from "../../env";
import { AppError, notFound } from "../../lib/errors";
import { ingestIncoming } from "../inbox/ingest";
import { orderedId } from "../inbox/rows";
import { serializeContact } from "../inbox/serialize";
import type { MessagesQuery } from "./contacts.schemas";
import { listMessages } from "./messages.service";

const { contacts, threads, assistants } = schema;

/**
 * The test bot (§7.4): each member has one test contact in the account (WEBCHAT, isTestContact)
 * and writes as that customer; the thread's assistant answers through the normal handler chain,
 * never through a messenger.
 */
export const testBotUserId = (userId: string) => `test-bot:${userId}`;

async function findTestContact(env: Env, accountId: string, userId: string) {
  return getDb(env.DB)
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.platform, "WEBCHAT"), eq(contacts.platformUserId, testBotUserId(userId))))
    .get();
}

export async function listTestBotMessages(env: Env, accountId: string, userId: string, q: Omit<MessagesQuery, "threadId">) {
  const contact = await findTestContact(env, accountId, userId);
  if (!contact) return { data: [], meta: { limit: q.limit, hasMore: false, nextCursor: null }, contact: null };
  const page = await listMessages(env, accountId, contact.id, q);
  const thread = await getDb(env.DB).select().from(threads).where(and(eq(threads.accountId, accountId), eq(threads.contactId, contact.id))).get();
  return { ...page, contact: serializeContact(contact, thread ?? null) };
}

export async function postTestBotMessage(
  env: Env,
  accountId: string,
  user: { id: string; name: string },
  body: { content: string; assistantId?: string; clientMessageId?: string },
) {
  const db = getDb(env.DB);
  if (body.assistantId) {
    if (!(await rowInAccount(db, assistants, body.assistantId, accountId))) throw notFound("Ассистент не найден", "ASSISTANT_NOT_FOUND");
    const existing = await findTestContact(env, accountId, user.id);
    if (existing) {
      await db
        .update(threads)
        .set({ assistantId: body.assistantId, isGptActive: true })
        .where(and(eq(threads.accountId, accountId), eq(threads.contactId, existing.id)));
    }
  }
  const [result] = await ingestIncoming(env, [
    {
      accountId,
      channelId: null,
      platform: "WEBCHAT",
      contact: { platformUserId: testBotUserId(user.id), name: user.name, isTestContact: true },
      thread: { kind: "dm", assistantId: body.assistantId ?? null },
      message: { type: "text", direction: "incoming", content: body.content, dedupeKey: `test-bot:${user.id}:${body.clientMessageId ?? orderedId()}` },
    },
  ]);
  if (!result || result.duplicate) throw new AppError(409, "DUPLICATE", "Это сообщение уже отправлено");
  if (result.rejected !== undefined) throw new AppError(409, "NOT_STORED", "Сообщение не сохранено");
  const m = result.message;
  return { contact: m.contact!, messageId: m.messageId, content: m.content, updatedAt: m.updatedAt, message: m };
}
