import { and, desc, eq, gt, lt, or, type SQL, sql } from "drizzle-orm";
import { pauseThreadFlow } from "../flows/runtime/control";
import type { BatchItem } from "drizzle-orm/batch";
import { getDb, schema } from "../../db/client";
import { accountFilter, rowInAccount } from "../../db/queries";
import type { Contact, Message, Thread } from "../../db/schema/inbox";
import type { Env } from "../../env";
import { badRequest, notFound } from "../../lib/errors";
import { base64url, fromBase64url } from "../../lib/ids";
import { deleteMedia, messageTypeOf, storeMedia } from "../inbox/media";
import { publishSafe, pushFirst } from "../inbox/realtime";
import { dedupeKeys, insertMessageStatement, lastMessageFields, type MessageDraft, messageRow, threadFollowStatement } from "../inbox/message-writer";
import { orderedId, rowToContact, rowToMessage, rowToThread } from "../inbox/rows";
import { type MessageDto, serializeContact, serializeMessage, threadSearchText } from "../inbox/serialize";
import { enqueueSend } from "../outbound/outbound";
import { CONTACT_NOT_FOUND, THREAD_NOT_FOUND } from "./contacts.service";
import type { MessagesQuery, PostMessageBody } from "./contacts.schemas";

const { contacts, threads, messages } = schema;

export function encodeCursor(createdAt: number, id: string): string {
  return base64url(new TextEncoder().encode(JSON.stringify([createdAt, id])));
}

export function decodeCursor(cursor: string): { createdAt: number; id: string } {
  try {
    const [createdAt, id] = JSON.parse(new TextDecoder().decode(fromBase64url(cursor))) as [unknown, unknown];
    if (typeof createdAt === "number" && Number.isFinite(createdAt) && typeof id === "string" && id.length <= 64) return { createdAt, id };
  } catch {
    /* fall through */
  }
  throw badRequest("Некорректный курсор", "VALIDATION_ERROR", { fields: { cursor: ["Некорректный курсор"] } });
}

async function loadContact(env: Env, accountId: string, contactId: string) {
  const contact = await rowInAccount(getDb(env.DB), contacts, contactId, accountId);
  if (!contact) throw notFound(CONTACT_NOT_FOUND, "CONTACT_NOT_FOUND");
  return contact;
}

/** A page of a contact's messages (inbox thread and test chat) as the API sends it; the SPA imports this type. */
export type MessagesPage = Awaited<ReturnType<typeof listMessages>>;

/**
 * A contact's messages, newest first, `limit` per page. The cursor is the (createdAt, id) of the
 * last item seen; the next page is strictly older, so messages arriving meanwhile (newer) never
 * shift the pages: nothing is skipped or repeated. The first page also marks the threads read.
 */
export async function listMessages(env: Env, accountId: string, contactId: string, q: MessagesQuery) {
  const db = getDb(env.DB);
  const where: SQL[] = [eq(messages.accountId, accountId), eq(messages.contactId, contactId)];
  if (q.threadId) where.push(eq(messages.threadId, q.threadId));
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    where.push(or(lt(messages.createdAt, c.createdAt), and(eq(messages.createdAt, c.createdAt), lt(messages.id, c.id)))!);
  }
  const pageQuery = db
    .select()
    .from(messages)
    .where(and(...where))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(q.limit + 1);
  const contactQuery = db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)))
    .limit(1);
  // One round trip: the contact (404 check), the page, and on the first page the read marking.
  const [contactRows, rows, read] = q.cursor
    ? [...(await db.batch([contactQuery, pageQuery])), [] as Thread[]]
    : await db.batch([
        contactQuery,
        pageQuery,
        db
          .update(threads)
          .set({ unreadCount: 0 })
          .where(and(eq(threads.accountId, accountId), eq(threads.contactId, contactId), gt(threads.unreadCount, 0), q.threadId ? eq(threads.id, q.threadId) : undefined))
          .returning(),
      ]);
  const contact = contactRows[0];
  if (!contact) throw notFound(CONTACT_NOT_FOUND, "CONTACT_NOT_FOUND");
  const hasMore = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  if (read.length) await publishSafe(env, accountId, read.map((t) => ({ event: "updateContact" as const, data: serializeContact(contact, t) })));
  return {
    data: page.map((m) => serializeMessage(m)),
    meta: { limit: q.limit, hasMore, nextCursor: hasMore && last ? encodeCursor(last.createdAt, last.id) : null },
  };
}

async function pickThread(env: Env, accountId: string, contactId: string, threadId?: string): Promise<Thread> {
  const db = getDb(env.DB);
  const thread = await db
    .select()
    .from(threads)
    .where(and(accountFilter(threads.accountId, accountId), eq(threads.contactId, contactId), threadId ? eq(threads.id, threadId) : undefined))
    .orderBy(desc(threads.updatedAt))
    .limit(1)
    .get();
  if (!thread) throw notFound(THREAD_NOT_FOUND, "THREAD_NOT_FOUND");
  return thread;
}

/**
 * What an operator's reply needs before its write, in one round trip of plain statements (the
 * reply is the socket benchmark's hot path; drizzle's query building cost more than the SQL): the
 * contact, its thread (the given one, else the latest), and whether that thread has a flow run to
 * pause (a live run: not ended, not paused already).
 */
async function replyTarget(d1: D1Database, accountId: string, contactId: string, threadId?: string): Promise<{ contact: Contact; thread: Thread; flowRunning: boolean }> {
  const pick = `SELECT * FROM threads WHERE ${CONTACT_THREADS}${threadId ? " AND id = ?3" : ""} ORDER BY updated_at DESC LIMIT 1`;
  const args = threadId ? [accountId, contactId, threadId] : [accountId, contactId];
  const [c, t, r] = await d1.batch<Record<string, unknown>>([
    d1.prepare("SELECT * FROM contacts WHERE id = ?1 AND account_id = ?2").bind(contactId, accountId),
    d1.prepare(pick).bind(...args),
    d1.prepare(`SELECT 1 AS live FROM flow_runs WHERE account_id = ?1 AND status <> 'ended' AND status <> 'paused' AND thread_id = (SELECT id FROM (${pick})) LIMIT 1`).bind(...args),
  ]);
  if (!c!.results[0]) throw notFound(CONTACT_NOT_FOUND, "CONTACT_NOT_FOUND");
  if (!t!.results[0]) throw notFound(THREAD_NOT_FOUND, "THREAD_NOT_FOUND");
  return { contact: rowToContact(c!.results[0]), thread: rowToThread(t!.results[0]), flowRunning: r!.results.length > 0 };
}

export interface Attachment {
  file: File;
}

/** Whom a reply goes to: the contact and the thread (read now, or remembered from this isolate's last reply). */
type ReplyTarget = { contact: Contact; thread: Thread; flowRunning?: boolean };

/**
 * An operator reply: text and/or attachments, each one outgoing message with deliveryStatus
 * "pending", queued for the contact's channel (the outbound consumer reports sent → delivered →
 * read). Test contacts never reach a messenger: their replies are "sent" at once.
 *
 * A text reply to a contact this isolate replied to before is shown first and stored at the same
 * time (replyShownFirst); any other reply reads its target, is stored, then shown.
 */
export async function postOperatorMessage(env: Env, accountId: string, userId: string, contactId: string, body: PostMessageBody, files: File[] = []) {
  if (!body.content && files.length === 0) {
    throw badRequest("Введите сообщение или приложите файл", "VALIDATION_ERROR", { fields: { content: ["Введите сообщение или приложите файл"] } });
  }
  const now = Date.now();
  const remembered = files.length === 0 ? recallTarget(accountId, contactId, body.threadId) : undefined;
  if (remembered) return replyShownFirst(env, accountId, userId, contactId, body, remembered, now);
  const target = await replyTarget(env.DB, accountId, contactId, body.threadId);
  const drafts = await replyDrafts(env, accountId, userId, body, files, target, now);
  return finishReply(env, accountId, contactId, body, target, (await writeReplyOrStored(env, accountId, contactId, body, drafts, target))!, []);
}

type Written = NonNullable<Awaited<ReturnType<typeof writeReply>>>;

/** The reply's write; when it throws, a reply D1 committed anyway (its answer lost) goes on as stored (storedAfterAll). */
async function writeReplyOrStored(env: Env, accountId: string, contactId: string, body: PostMessageBody, drafts: MessageDraft[], target: ReplyTarget) {
  try {
    return await writeReply(env, accountId, contactId, body, drafts, target);
  } catch (error) {
    const stored = await storedAfterAll(env, accountId, contactId, drafts);
    if (stored) return stored;
    throw error;
  }
}

/**
 * After a write that failed: whether the reply was stored after all (D1 committed it, but its answer
 * was lost on the way back). All of the drafts' messages there: what the write would have answered
 * (the messages, their contact and thread as stored, whether a flow run is live), so the reply goes
 * on as stored. Otherwise, or when this read fails too, null: the failure stands.
 */
async function storedAfterAll(env: Env, accountId: string, contactId: string, drafts: MessageDraft[]): Promise<Written | null> {
  const ids = JSON.stringify(drafts.map((d) => d.id));
  try {
    const [m, c, t] = await env.DB.batch<Record<string, unknown>>([
      env.DB.prepare("SELECT * FROM messages WHERE account_id = ?1 AND id IN (SELECT value FROM json_each(?2)) ORDER BY created_at, id").bind(accountId, ids),
      env.DB.prepare("SELECT * FROM contacts WHERE account_id = ?1 AND id = ?2").bind(accountId, contactId),
      env.DB.prepare(
        `SELECT t.*, ${LIVE_RUN.replaceAll("?2", "t.id")} AS live_run FROM threads t
         WHERE t.account_id = ?1 AND t.id = (SELECT thread_id FROM messages WHERE account_id = ?1 AND id = (SELECT value FROM json_each(?2) LIMIT 1))`,
      ).bind(accountId, ids),
    ]);
    if (m!.results.length !== drafts.length || !c!.results[0] || !t!.results[0]) return null;
    return { inserted: m!.results.map(rowToMessage), thread: rowToThread(t!.results[0]), contact: rowToContact(c!.results[0]), flowRunning: !!t!.results[0].live_run };
  } catch {
    return null;
  }
}

/**
 * The shown-first reply (issue 23: the room's push and the D1 write overlap). The message frame,
 * built from the remembered target, goes to the room first; the write starts right behind it and
 * checks the target inside its own transaction (targetGuard). Then, by what the write found:
 * - stored as shown: nothing more is pushed;
 * - stored, but the contact or the thread as committed differs from what was shown (the customer
 *   wrote in between, say), or the target had changed (a renamed contact, a newer thread: the
 *   write stored nothing; the target is read and the same message, same id and time, is stored
 *   again): the message is pushed again as committed (the chat replaces it by id);
 * - nothing stored (a retried clientMessageId) or the write failed: a `removeMessage` frame takes
 *   the shown message back.
 * The chat orders its log by the stored time and id, as the log itself, so a customer's message
 * that commits while this reply is in flight still takes its stored place on every screen.
 */
async function replyShownFirst(env: Env, accountId: string, userId: string, contactId: string, body: PostMessageBody, target: ReplyTarget, now: number) {
  const drafts = await replyDrafts(env, accountId, userId, body, [], target, now);
  const last = lastMessageFields({ type: drafts[0]!.type, content: drafts[0]!.content ?? "" }, now, target.contact);
  const thread: Thread = { ...target.thread, lastMessage: last.preview, lastMessageType: last.type, lastMessageAt: now, updatedAt: now, unreadCount: 0, searchText: last.searchText ?? target.thread.searchText };
  const shown = drafts.map((d) => serializeMessage(rowToMessage({ ...messageRow(d), account_id: accountId, thread_id: thread.id, contact_id: contactId }), target.contact, thread));
  const pushed = pushFirst(env, accountId, shown.map((d) => ({ event: "message" as const, data: d })));
  let to = target;
  let written: Awaited<ReturnType<typeof writeReply>>;
  try {
    written = await writeReplyOrStored(env, accountId, contactId, body, drafts, target);
    if (!written) {
      to = await replyTarget(env.DB, accountId, contactId, body.threadId);
      const again = await replyDrafts(env, accountId, userId, body, [], to, now, drafts.map((d) => d.id!));
      written = (await writeReplyOrStored(env, accountId, contactId, body, again, to))!;
    }
  } catch (error) {
    // Nothing was stored (the contact is gone, or D1 failed): the shown message goes back.
    await pushed;
    await takeBack(env, accountId, contactId, shown);
    throw error;
  }
  await pushed;
  return finishReply(env, accountId, contactId, body, to, written!, shown);
}

/** A shown message that was not stored goes back: the chats drop it (`removeMessage`). */
function takeBack(env: Env, accountId: string, contactId: string, shown: MessageDto[]) {
  return publishSafe(env, accountId, shown.map((d) => ({ event: "removeMessage" as const, data: { messageId: d.messageId, contactId, threadId: d.threadId } })));
}

/** Test and web-chat contacts, and threads without a channel, never reach a messenger: their replies are "sent" at once. */
const isLocal = (contact: Contact, thread: Thread) => contact.isTestContact || contact.platform === "WEBCHAT" || !thread.channelId;

/** The reply's messages (attachments stored first), with their ids: `ids` keeps those of an earlier attempt. */
async function replyDrafts(env: Env, accountId: string, userId: string, body: PostMessageBody, files: File[], target: ReplyTarget, now: number, ids?: string[]) {
  const { contact, thread } = target;
  const local = isLocal(contact, thread);
  const drafts: MessageDraft[] = [];
  const base = {
    direction: "outgoing" as const,
    senderType: "operator" as const,
    senderUserId: userId,
    delivery: local ? ("sent" as const) : ("pending" as const),
    createdAt: now,
  };
  for (const [i, file] of files.entries()) {
    const stored = await storeMedia(env, accountId, await file.arrayBuffer(), { fileName: file.name, mimeType: file.type });
    drafts.push({
      ...base,
      type: messageTypeOf(file.type),
      // The text goes with the first attachment as its caption, as messengers do.
      content: i === 0 ? body.content : "",
      payloadUrl: stored.key,
      fileName: file.name || "file",
      mimeType: file.type || "application/octet-stream",
      fileSize: file.size,
      dedupeKey: body.clientMessageId ? dedupeKeys.operator(body.clientMessageId, i) : null,
    });
  }
  if (files.length === 0) {
    drafts.push({ ...base, type: "text", content: body.content, dedupeKey: body.clientMessageId ? dedupeKeys.operator(body.clientMessageId) : null });
  }
  return drafts.map((d, i) => ({ ...d, id: ids?.[i] ?? orderedId() }));
}

/**
 * The reply's one write transaction: the messages (a repeated clientMessageId inserts nothing)
 * and, only if something was inserted, the thread's last message. With a remembered target (no
 * read before it) the batch also checks, inside the transaction, what the write itself depends on
 * (targetGuard), and reads the contact as it is now and whether the thread has a live flow run;
 * when the check fails nothing is written and this returns null.
 */
async function writeReply(env: Env, accountId: string, contactId: string, body: PostMessageBody, drafts: MessageDraft[], target: ReplyTarget) {
  const { contact, thread } = target;
  const lastDraft = drafts[drafts.length - 1]!;
  const rows = drafts.map(messageRow);
  const at = { accountId, threadId: thread.id, contactId };
  const guard = target.flowRunning === undefined ? targetGuard(contact, body.threadId) : undefined;
  const writes = await env.DB.batch<Record<string, unknown>>([
    ...(guard
      ? [env.DB.prepare(`SELECT c.*, (${guard.at(4)}) AS guard_ok, ${LIVE_RUN} AS guard_live FROM contacts c WHERE c.id = ?3 AND c.account_id = ?1`).bind(accountId, thread.id, contactId, ...guard.params)]
      : []),
    ...rows.map((row) => insertMessageStatement(env.DB, at, row, guard ? (n) => ({ sql: `AND ${guard.at(n)}`, params: guard.params }) : undefined)),
    threadFollowStatement(env.DB, accountId, thread.id, {
      last: lastMessageFields({ type: lastDraft.type, content: drafts[0]!.content ?? "", fileName: lastDraft.fileName }, lastDraft.createdAt, contact),
      markRead: true,
      operatorAnswered: true,
      onlyIfInserted: rows.map((r) => String(r.id)),
    }),
  ]);
  const check = guard ? (writes.shift()!.results[0] ?? { guard_ok: 0 }) : undefined;
  if (check && !check.guard_ok) {
    forgetTarget(accountId, contactId, body.threadId);
    return null;
  }
  const updatedRow = writes[drafts.length]!.results[0];
  return {
    inserted: writes.slice(0, drafts.length).flatMap((w) => w.results.map(rowToMessage)),
    thread: updatedRow ? rowToThread(updatedRow) : thread,
    // The contact as committed with the reply (a remembered one may be stale in what it shows).
    contact: check ? rowToContact(check) : contact,
    flowRunning: check ? !!check.guard_live : !!target.flowRunning,
  };
}

/**
 * What follows the reply's write: the answer, the room's frames (only those that differ from what
 * was `shown` before the write; a shown message that was not stored is taken back), the sends and
 * the flow's pause.
 */
async function finishReply(
  env: Env,
  accountId: string,
  contactId: string,
  body: PostMessageBody,
  target: ReplyTarget,
  written: NonNullable<Awaited<ReturnType<typeof writeReply>>>,
  shown: MessageDto[],
) {
  const { inserted, thread: t, contact, flowRunning } = written;
  if (inserted.length === 0) {
    // A retry with the same clientMessageId: answer with what was stored the first time.
    const again = await getDb(env.DB)
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, accountId), sql`${messages.dedupeKey} LIKE ${`${dedupeKeys.operatorPrefix(body.clientMessageId ?? "")}%`}`))
      .all();
    if (shown.length) await takeBack(env, accountId, contactId, shown);
    return { data: again.map((m) => serializeMessage(m, contact, target.thread)), contact: serializeContact(contact, target.thread) };
  }
  rememberTarget(accountId, contactId, body.threadId, contact, t);
  const dtos: MessageDto[] = inserted.map((m) => serializeMessage(m, contact, t));
  // Each message frame carries the contact and its thread as committed (no separate updateContact).
  const differs = (d: MessageDto) => {
    const s = shown.find((x) => x.messageId === d.messageId);
    return !s || JSON.stringify(s) !== JSON.stringify(d);
  };
  const frames = dtos.filter(differs).map((d) => ({ event: "message" as const, data: d }));
  if (frames.length) await publishSafe(env, accountId, frames);
  const local = isLocal(contact, t);
  if (!local) for (const m of inserted) await enqueueSend(env, { accountId, messageId: m.id });
  // An operator's reply takes the conversation over: the thread's flow pauses (only a thread whose
  // run is live loads the flow's turn; most replies go to threads without one).
  if (flowRunning) await pauseThreadFlow(env, accountId, t.id, "operator");
  return { data: dtos, contact: serializeContact(contact, t) };
}

/**
 * A contact's threads (?1 account, ?2 contact) by the contact's index: `+account_id` keeps SQLite off
 * the account's (account_id, updated_at) index, which gives "the latest" in order but walks the
 * account's threads from the newest until the contact's (168 rows read per reply on a 300-thread
 * account: issue 23, tests/worker/hot-path-reads.test.ts).
 */
export const CONTACT_THREADS = "+account_id = ?1 AND contact_id = ?2";

/** Whether the thread (?2 of the reply's statements; ?1 the account) has a flow run to pause (not ended, not paused), by the unfinished runs' partial index (its `status <> 'ended'`). */
export const LIVE_RUN = "EXISTS (SELECT 1 FROM flow_runs WHERE account_id = ?1 AND thread_id = ?2 AND status <> 'ended' AND status <> 'paused')";

/**
 * The check of a remembered target inside the reply's transaction (?1 account, ?2 thread, ?3
 * contact, then `params` from `n`): what the write depends on is unchanged. The contact is still
 * there with the name and username the thread's search text is made of (the rest of a remembered
 * contact only shows in the frame, which the commit corrects), and the thread is the one
 * replyTarget would pick now (the given one of this contact, else the contact's latest).
 */
function targetGuard(contact: Contact, threadId: string | undefined) {
  const at = (n: number) =>
    `EXISTS (SELECT 1 FROM contacts WHERE id = ?3 AND account_id = ?1 AND name = ?${n} AND platform_username IS ?${n + 1}) AND ` +
    (threadId
      ? "EXISTS (SELECT 1 FROM threads WHERE id = ?2 AND account_id = ?1 AND contact_id = ?3)"
      : `(SELECT id FROM threads WHERE ${CONTACT_THREADS.replace("?2", "?3")} ORDER BY updated_at DESC LIMIT 1) = ?2`);
  return { at, params: [contact.name, contact.platformUsername] };
}

/**
 * Reply targets (the contact and the thread an operator last replied to) by isolate: the next reply
 * to the same contact skips the read before its write. Nothing here is trusted: the write's own
 * transaction checks the target (targetGuard) and, when it changed, writes nothing and the reply
 * reads it afresh.
 */
const targets = new Map<string, { contact: Contact; thread: Thread }>();
const TARGETS_MAX = 2_000;
const targetKey = (accountId: string, contactId: string, threadId?: string) => `${accountId}|${contactId}|${threadId ?? ""}`;

function recallTarget(accountId: string, contactId: string, threadId?: string) {
  return targets.get(targetKey(accountId, contactId, threadId));
}

function rememberTarget(accountId: string, contactId: string, threadId: string | undefined, contact: Contact, thread: Thread) {
  const key = targetKey(accountId, contactId, threadId);
  targets.delete(key);
  if (targets.size >= TARGETS_MAX) targets.delete(targets.keys().next().value!);
  targets.set(key, { contact, thread });
}

function forgetTarget(accountId: string, contactId: string, threadId?: string) {
  targets.delete(targetKey(accountId, contactId, threadId));
}

/** Clearing a chat: every message of the contact (or one thread) and its files go; last message blanked. */
export async function clearChat(env: Env, accountId: string, contactId: string, threadId?: string) {
  const db = getDb(env.DB);
  const contact = await loadContact(env, accountId, contactId);
  if (threadId) await pickThread(env, accountId, contactId, threadId);
  const scope = and(eq(messages.accountId, accountId), eq(messages.contactId, contactId), threadId ? eq(messages.threadId, threadId) : undefined);
  const media = await db
    .select({ key: messages.payloadUrl })
    .from(messages)
    .where(and(scope, sql`${messages.payloadUrl} LIKE ${`accounts/${accountId}/%`}`))
    .all();
  const [deleted, cleared] = await db.batch([
    db.delete(messages).where(scope).returning({ id: messages.id }),
    db
      .update(threads)
      .set({ lastMessage: null, lastMessageType: null, lastMessageAt: null, unreadCount: 0, gptStatus: "COMPLETED", searchText: threadSearchText(contact, null) })
      .where(and(eq(threads.accountId, accountId), eq(threads.contactId, contactId), threadId ? eq(threads.id, threadId) : undefined))
      .returning(),
  ]);
  await deleteMedia(env, accountId, media.map((m) => m.key));
  await publishSafe(env, accountId, cleared.map((t) => ({ event: "updateContact" as const, data: serializeContact(contact, t) })));
  return { deleted: deleted.length, contact: serializeContact(contact, cleared[0] ?? null) };
}
