import { and, desc, eq, sql } from "drizzle-orm";
import { turnOf } from "../../ai/assistant-handler";
import type { RunOutcome } from "../../ai/runner";
import { getDb, schema } from "../../db/client";
import { rowInAccount } from "../../db/queries";
import type { Env } from "../../env";
import { AppError, notFound } from "../../lib/errors";
import { searchFold } from "../../lib/search-fold";
import { paged } from "../../lib/validation";
import { clearChat, listMessages } from "../contacts/messages.service";
import { ingestIncoming } from "../inbox/ingest";
import { publishSafe } from "../inbox/realtime";
import { orderedId } from "../inbox/rows";
import { type ContactDto, contactSearchText, serializeContact, serializeMessage, threadSearchText } from "../inbox/serialize";
import type { NewMessageBody } from "./playground.schemas";

const { contacts, threads, assistants, assistantRuns, messages } = schema;

export const TEST_CHAT_NOT_FOUND = "Тестовый чат не найден";
/** How long the request waits for the assistant's answer. */
const REPLY_TIMEOUT_MS = 120_000;

/** A test chat's row, and the stream's first event (the stored tester message), as the API sends them; the SPA imports these types. */
export type TestChatContact = ReturnType<typeof testChat>;
export type TestChatIncoming = Awaited<ReturnType<typeof postTestMessage>>["incoming"];

/** §3 "Test chat contact": contactId, platformUserId, name, thread (with testChatAssistantId), lastMessage, updatedAt. */
function testChat(dto: ContactDto) {
  return { ...dto, lastMessage: dto.thread?.lastMessage ?? null, updatedAt: Math.max(dto.updatedAt, dto.thread?.updatedAt ?? 0) };
}

export async function listTestChats(env: Env, accountId: string, q: { q?: string; page: number; limit: number }) {
  const where = and(eq(threads.accountId, accountId), eq(threads.isTest, true), sql`${threads.channelId} IS NULL`, q.q ? sql`instr(${threads.searchText}, ${searchFold(q.q)}) > 0` : undefined);
  const db = getDb(env.DB);
  const [rows, total] = await Promise.all([
    db
      .select({ thread: threads, contact: contacts })
      .from(threads)
      .innerJoin(contacts, and(eq(contacts.id, threads.contactId), eq(contacts.accountId, accountId)))
      .where(and(where, eq(contacts.isTestContact, true)))
      .orderBy(desc(threads.updatedAt), desc(threads.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(threads)
      .innerJoin(contacts, and(eq(contacts.id, threads.contactId), eq(contacts.accountId, accountId)))
      .where(and(where, eq(contacts.isTestContact, true)))
      .get(),
  ]);
  return paged(
    rows.map((r) => testChat(serializeContact(r.contact, r.thread))),
    total?.n ?? 0,
    q.page,
    q.limit,
  );
}

async function findTestContact(env: Env, accountId: string, contactId: string) {
  const c = await getDb(env.DB)
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId), eq(contacts.isTestContact, true)))
    .get();
  if (!c) throw notFound(TEST_CHAT_NOT_FOUND, "TEST_CHAT_NOT_FOUND");
  return c;
}

export async function testChatMessages(env: Env, accountId: string, contactId: string, q: { cursor?: string; limit: number }) {
  await findTestContact(env, accountId, contactId);
  return listMessages(env, accountId, contactId, q);
}

/** Empties the chat and forgets what the assistant learned there (facts), with the AI back on: a fresh test. */
export async function clearTestChat(env: Env, accountId: string, contactId: string) {
  await findTestContact(env, accountId, contactId);
  const db = getDb(env.DB);
  const r = await clearChat(env, accountId, contactId);
  const [, reset, fresh] = await db.batch([
    db.delete(assistantRuns).where(and(eq(assistantRuns.accountId, accountId), eq(assistantRuns.contactId, contactId))),
    db
      .update(threads)
      .set({ isGptActive: true, gptStatus: "COMPLETED" })
      .where(and(eq(threads.accountId, accountId), eq(threads.contactId, contactId)))
      .returning(),
    db
      .update(contacts)
      .set({ facts: [], updatedAt: Date.now() })
      .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)))
      .returning(),
  ]);
  const contact = serializeContact(fresh[0]!, reset[0] ?? null);
  await publishSafe(env, accountId, [{ event: "updateContact", data: contact }]);
  return { deleted: r.deleted, contact: testChat(contact), message: "Чат очищен" };
}

const SKIP_TEXT: Record<string, string> = {
  "ai off": "ИИ выключен в этом чате (диалог передан оператору). Очистите чат, чтобы начать заново.",
  "assistant inactive": "Ассистент выключен. Включите его в настройках ассистента.",
  downtime: "Сейчас действует расписание простоя ассистентов: ассистент не отвечает.",
  "no assistant": "У чата нет ассистента.",
};

export interface TestChatReply {
  contact: TestChatContact;
  /** The assistant's reply (null when it stayed silent or failed). */
  messageId: string | null;
  content: string | null;
  updatedAt: number;
  incomingMessageId: string;
  status: "answered" | "silent" | "failed";
  /** Why there is no reply (Russian, for the popup). */
  notice?: string;
  handoff?: boolean;
}

/**
 * Posts the tester's message as the test customer's incoming message (through the normal ingestion
 * and handler chain) and waits for the assistant's turn that it started.
 */
export async function postTestMessage(env: Env, accountId: string, body: NewMessageBody): Promise<{ incoming: { messageId: string; contact: ContactDto }; turn: Promise<RunOutcome | null> | undefined }> {
  const db = getDb(env.DB);
  if (!(await rowInAccount(db, assistants, body.assistantId, accountId))) throw notFound("Ассистент не найден", "ASSISTANT_NOT_FOUND");
  const now = Date.now();
  const name = body.name?.trim() || "Тестовый клиент";
  // The test chat's contact and thread exist before ingestion, with the AI on whatever the account's
  // default for new threads is, and follow the assistant the tester picked.
  const existing = await db
    .select({ isTest: contacts.isTestContact })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.platform, "WEBCHAT"), eq(contacts.platformUserId, body.contactPlatformUserId)))
    .get();
  if (existing && !existing.isTest) throw new AppError(409, "NOT_A_TEST_CHAT", "Этот контакт не является тестовым");
  const contactSql = "(SELECT id FROM contacts WHERE account_id = ? AND platform = 'WEBCHAT' AND platform_user_id = ?)";
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO contacts (id, account_id, platform, platform_user_id, name, is_test_contact, search_text, custom_fields, facts, first_seen_at, last_seen_at, created_at, updated_at)
       VALUES (?, ?, 'WEBCHAT', ?, ?, 1, ?, '{}', '[]', ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ).bind(orderedId(), accountId, body.contactPlatformUserId, name, contactSearchText({ name, platformUsername: null, phone: null, platformUserId: body.contactPlatformUserId }), now, now, now, now),
    env.DB.prepare(
      `INSERT INTO threads (id, account_id, contact_id, channel_id, kind, external_thread_id, assistant_id, status, gpt_status, is_gpt_active, unread_count, search_text, platform, is_test, created_at, updated_at)
       SELECT ?, ?, c.id, NULL, 'dm', '', ?, 'active', 'COMPLETED', 1, 0, ?, 'WEBCHAT', 1, ?, ?
       FROM contacts c WHERE c.id = ${contactSql}
         AND NOT EXISTS (SELECT 1 FROM threads t WHERE t.account_id = c.account_id AND t.contact_id = c.id AND t.channel_id IS NULL AND t.kind = 'dm' AND t.external_thread_id = '')`,
    ).bind(orderedId(), accountId, body.assistantId, threadSearchText({ name, platformUsername: null }, null), now, now, accountId, body.contactPlatformUserId),
    env.DB.prepare(`UPDATE threads SET assistant_id = ? WHERE account_id = ? AND contact_id = ${contactSql} AND channel_id IS NULL AND assistant_id IS NOT ?`).bind(
      body.assistantId,
      accountId,
      accountId,
      body.contactPlatformUserId,
      body.assistantId,
    ),
  ]);
  const dedupeKey = `testchat:${body.contactPlatformUserId}:${body.clientMessageId ?? orderedId()}`;
  const [result] = await ingestIncoming(env, [
    {
      accountId,
      channelId: null,
      platform: "WEBCHAT",
      contact: { platformUserId: body.contactPlatformUserId, name, isTestContact: true },
      thread: { kind: "dm", assistantId: body.assistantId },
      message: { type: "text", direction: "incoming", content: body.message, dedupeKey },
    },
  ]);
  if (!result) throw new AppError(500, "NOT_STORED", "Сообщение не сохранено");
  if (result.duplicate) {
    // A retry of a message we already have: answer with the reply its turn produced.
    const m = await db.select().from(messages).where(and(eq(messages.accountId, accountId), eq(messages.dedupeKey, dedupeKey))).get();
    if (!m) throw new AppError(409, "DUPLICATE", "Это сообщение уже отправлено");
    const contact = await db.select().from(contacts).where(and(eq(contacts.id, m.contactId), eq(contacts.accountId, accountId))).get();
    const thread = await db.select().from(threads).where(and(eq(threads.id, m.threadId), eq(threads.accountId, accountId))).get();
    return { incoming: { messageId: m.id, contact: serializeContact(contact!, thread ?? null) }, turn: previousTurn(env, accountId, m.id) };
  }
  if (result.rejected !== undefined) throw new AppError(409, "NOT_STORED", "Сообщение не сохранено");
  return { incoming: { messageId: result.messageId, contact: result.message.contact! }, turn: turnOf(result.messageId) };
}

async function previousTurn(env: Env, accountId: string, messageId: string): Promise<RunOutcome | null> {
  const inflight = turnOf(messageId);
  if (inflight) return inflight;
  const run = await getDb(env.DB).select().from(assistantRuns).where(and(eq(assistantRuns.accountId, accountId), eq(assistantRuns.triggerMessageId, messageId))).get();
  if (!run?.replyMessageId) return null;
  const reply = await getDb(env.DB).select().from(messages).where(and(eq(messages.id, run.replyMessageId), eq(messages.accountId, accountId))).get();
  return reply ? { status: "done", runId: run.id, reply: serializeMessage(reply), handoff: false } : null;
}

/** Waits for the turn and shapes the §7.6 answer. */
export async function settleReply(env: Env, accountId: string, incoming: { messageId: string; contact: ContactDto }, turn: Promise<RunOutcome | null> | undefined): Promise<TestChatReply> {
  const outcome = turn
    ? await Promise.race([turn, new Promise<null>((r) => setTimeout(() => r(null), REPLY_TIMEOUT_MS))])
    : null;
  const db = getDb(env.DB);
  const [contactRow, threadRow] = await db.batch([
    db.select().from(contacts).where(and(eq(contacts.id, incoming.contact.contactId), eq(contacts.accountId, accountId))),
    db
      .select()
      .from(threads)
      .where(and(eq(threads.accountId, accountId), eq(threads.contactId, incoming.contact.contactId), sql`${threads.channelId} IS NULL`))
      .orderBy(desc(threads.updatedAt))
      .limit(1),
  ]);
  const contact = contactRow[0] ? testChat(serializeContact(contactRow[0], threadRow[0] ?? null)) : testChat(incoming.contact);
  const base = { contact, incomingMessageId: incoming.messageId };
  if (outcome?.status === "done") {
    return { ...base, messageId: outcome.reply.messageId, content: outcome.reply.content, updatedAt: outcome.reply.updatedAt, status: "answered", handoff: outcome.handoff };
  }
  if (outcome?.status === "failed") {
    return { ...base, messageId: null, content: null, updatedAt: Date.now(), status: "failed", notice: outcome.systemMessage?.content ?? outcome.error };
  }
  const reason = outcome && "reason" in outcome ? outcome.reason : contact.thread?.isGptActive === false ? "ai off" : "";
  return { ...base, messageId: null, content: null, updatedAt: Date.now(), status: "silent", notice: SKIP_TEXT[reason] ?? "Ассистент не ответил." };
}
