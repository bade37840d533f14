import { and, desc, eq, sql } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import { inJson, rowInAccount, tablePage } from "../../db/queries";
import type { Env } from "../../env";
import { AppError, conflict, notFound } from "../../lib/errors";
import { createLogger } from "../../lib/logger";
import { paged } from "../../lib/validation";
import type { IngestResult } from "../inbox/ingest";
import { publishSafe } from "../inbox/realtime";
import { orderedId, rowToMessage, rowToThread } from "../inbox/rows";
import { insertMessageStatement, lastMessageFields, messageRow, threadFollowStatement } from "../inbox/message-writer";
import { serializeContact, serializeMessage, threadSearchText } from "../inbox/serialize";
import { enqueueSend } from "../outbound/outbound";
import { isStored, openCredentials } from "./channels.service";
import { instagramClient, type InstagramCreds, requireInstagram } from "./instagram.service";
import type { CommentInfo } from "../../channels/types";

/** Instagram allows one private reply to a comment, within 7 days of it. */
export const PRIVATE_REPLY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** Called by the inbound consumer after ingest: keeps the comment's post grouping and reply state. */
export async function recordComments(env: Env, list: { accountId: string; channelId: string; info: CommentInfo; dedupeKey: string; result: IngestResult }[]): Promise<void> {
  const db = getDb(env.DB);
  const now = Date.now();
  const newMedia: { accountId: string; channelId: string; mediaId: string }[] = [];
  for (const c of list) {
    let ids: { messageId: string; threadId: string; contactId: string } | null = null;
    if (isStored(c.result)) ids = { messageId: c.result.messageId, threadId: c.result.threadId, contactId: c.result.contactId };
    else {
      const row = await db
        .select({ messageId: schema.messages.id, threadId: schema.messages.threadId, contactId: schema.messages.contactId })
        .from(schema.messages)
        .where(and(eq(schema.messages.accountId, c.accountId), eq(schema.messages.dedupeKey, c.dedupeKey)))
        .get();
      ids = row ?? null;
    }
    const inserted = await db
      .insert(schema.instagramComments)
      .values({
        id: orderedId(),
        accountId: c.accountId,
        channelId: c.channelId,
        commentId: c.info.commentId,
        mediaId: c.info.mediaId,
        parentCommentId: c.info.parentCommentId ?? null,
        fromId: c.info.fromId,
        fromUsername: c.info.fromUsername ?? null,
        text: c.info.text,
        contactId: ids?.contactId ?? null,
        threadId: ids?.threadId ?? null,
        messageId: ids?.messageId ?? null,
        commentedAt: c.info.at,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: schema.instagramComments.id });
    if (!inserted.length) continue;
    const media = await db
      .insert(schema.instagramMedia)
      .values({ accountId: c.accountId, mediaId: c.info.mediaId, channelId: c.channelId, mediaProductType: c.info.mediaProductType ?? null, commentsCount: 1, lastCommentAt: c.info.at, createdAt: now })
      .onConflictDoUpdate({
        target: [schema.instagramMedia.accountId, schema.instagramMedia.mediaId],
        set: { commentsCount: sql`${schema.instagramMedia.commentsCount} + 1`, lastCommentAt: sql`max(${schema.instagramMedia.lastCommentAt}, excluded.last_comment_at)` },
      })
      .returning({ caption: schema.instagramMedia.caption, permalink: schema.instagramMedia.permalink });
    if (media[0] && media[0].permalink === null && media[0].caption === null) newMedia.push({ accountId: c.accountId, channelId: c.channelId, mediaId: c.info.mediaId });
  }
  // The post's caption and link, once, best effort.
  for (const m of newMedia) {
    try {
      const ch = await db.select().from(schema.channels).where(eq(schema.channels.id, m.channelId)).get();
      if (!ch?.credentials) continue;
      const info = await instagramClient(env, await openCredentials<InstagramCreds>(env, ch)).media(m.mediaId);
      await db
        .update(schema.instagramMedia)
        .set({ caption: info.caption ?? "", permalink: info.permalink ?? null, mediaUrl: info.media_url ?? null, mediaProductType: info.media_product_type ?? undefined })
        .where(and(eq(schema.instagramMedia.accountId, m.accountId), eq(schema.instagramMedia.mediaId, m.mediaId)));
    } catch (error) {
      createLogger({ accountId: m.accountId }).warn("instagram: media details unavailable", { error, mediaId: m.mediaId });
    }
  }
}

/** Posts with comments, newest activity first. */
export async function listPosts(env: Env, accountId: string, page: number, limit: number) {
  const db = getDb(env.DB);
  const where = eq(schema.instagramMedia.accountId, accountId);
  const { rows, total } = await tablePage(db, schema.instagramMedia, where, [desc(schema.instagramMedia.lastCommentAt), desc(schema.instagramMedia.mediaId)], page, limit);
  return paged(
    rows.map((r) => ({ mediaId: r.mediaId, mediaProductType: r.mediaProductType, caption: r.caption, permalink: r.permalink, mediaUrl: r.mediaUrl, commentsCount: r.commentsCount, lastCommentAt: r.lastCommentAt })),
    total,
    page,
    limit,
  );
}

/** A post's comments, newest first, each with our replies and whether a private reply is still possible. */
export async function listComments(env: Env, accountId: string, mediaId: string, page: number, limit: number) {
  const db = getDb(env.DB);
  const where = and(eq(schema.instagramComments.accountId, accountId), eq(schema.instagramComments.mediaId, mediaId));
  const { rows, total } = await tablePage(db, schema.instagramComments, where, [desc(schema.instagramComments.commentedAt), desc(schema.instagramComments.id)], page, limit);
  const threadIds = [...new Set(rows.map((r) => r.threadId).filter((x): x is string => !!x))];
  const replies = threadIds.length
    ? await db
        .select()
        .from(schema.messages)
        .where(and(eq(schema.messages.accountId, accountId), inJson(schema.messages.threadId, threadIds), eq(schema.messages.direction, "outgoing")))
        .orderBy(schema.messages.createdAt)
        .all()
    : [];
  const privateIds = rows.map((r) => r.privateReplyMessageId).filter((x): x is string => !!x);
  const privates = privateIds.length ? await db.select().from(schema.messages).where(and(eq(schema.messages.accountId, accountId), inJson(schema.messages.id, privateIds))).all() : [];
  const privById = new Map(privates.map((m) => [m.id, m]));
  const now = Date.now();
  return paged(
    rows.map((r) => {
      const mine = replies.filter((m) => (m.metadata as Record<string, unknown>)?.replyToCommentId === r.commentId);
      const priv = r.privateReplyMessageId ? privById.get(r.privateReplyMessageId) : undefined;
      return {
        commentId: r.commentId,
        mediaId: r.mediaId,
        parentCommentId: r.parentCommentId,
        text: r.text,
        fromId: r.fromId,
        fromUsername: r.fromUsername,
        contactId: r.contactId,
        threadId: r.threadId,
        commentedAt: r.commentedAt,
        replies: mine.map((m) => serializeMessage(m)),
        privateReply: priv ? serializeMessage(priv) : null,
        canReplyPrivately: !r.privateReplyMessageId && now - r.commentedAt <= PRIVATE_REPLY_WINDOW_MS,
        privateReplyDeadline: r.commentedAt + PRIVATE_REPLY_WINDOW_MS,
      };
    }),
    total,
    page,
    limit,
  );
}

/**
 * A reply to a comment: public (under the post, in the comment thread) or private (the one DM
 * Instagram allows within 7 days, in the contact's direct thread). Stored as a pending outgoing
 * message and handed to the outbound queue like every other send.
 */
export async function replyToComment(env: Env, accountId: string, userId: string | null, commentId: string, input: { text: string; visibility: "public" | "private" }) {
  const ch = await requireInstagram(env, accountId);
  const db = getDb(env.DB);
  const comment = await db
    .select()
    .from(schema.instagramComments)
    .where(and(eq(schema.instagramComments.accountId, accountId), eq(schema.instagramComments.commentId, commentId)))
    .get();
  if (!comment || !comment.contactId) throw notFound("Комментарий не найден", "COMMENT_NOT_FOUND");
  const now = Date.now();
  let threadId: string;
  let metadata: Record<string, unknown>;
  if (input.visibility === "private") {
    if (comment.privateReplyMessageId) throw conflict("На этот комментарий уже отправлен личный ответ: Instagram разрешает только один", "PRIVATE_REPLY_USED");
    if (now - comment.commentedAt > PRIVATE_REPLY_WINDOW_MS) throw new AppError(400, "PRIVATE_REPLY_EXPIRED", "Личный ответ возможен только в течение 7 дней после комментария");
    threadId = await dmThreadFor(env, accountId, ch.id, comment.contactId, ch.assistantId);
    metadata = { privateReplyToCommentId: commentId, mediaId: comment.mediaId };
  } else {
    if (!comment.threadId) throw notFound("Комментарий не найден", "COMMENT_NOT_FOUND");
    threadId = comment.threadId;
    metadata = { replyToCommentId: commentId, mediaId: comment.mediaId, visibility: "public" };
  }
  const row = messageRow({ type: "text", direction: "outgoing", content: input.text, metadata, senderType: "operator", senderUserId: userId, delivery: "pending", createdAt: now });
  const messageId = String(row.id);
  const stmts = [
    insertMessageStatement(env.DB, { accountId, threadId, contactId: comment.contactId }, row),
    threadFollowStatement(env.DB, accountId, threadId, { last: lastMessageFields({ type: "text", content: input.text }, now) }),
  ];
  if (input.visibility === "private") {
    stmts.push(
      env.DB.prepare(`UPDATE instagram_comments SET private_reply_message_id = ?1, private_replied_at = ?2 WHERE account_id = ?3 AND comment_id = ?4 AND private_reply_message_id IS NULL`).bind(
        messageId,
        now,
        accountId,
        commentId,
      ),
    );
  } else {
    stmts.push(env.DB.prepare(`UPDATE instagram_comments SET public_reply_count = public_reply_count + 1 WHERE account_id = ?1 AND comment_id = ?2`).bind(accountId, commentId));
  }
  const written = await env.DB.batch<Record<string, unknown>>(stmts);
  const msg = rowToMessage(written[0]!.results[0]!);
  const thread = rowToThread(written[1]!.results[0]!);
  const contact = await db.select().from(schema.contacts).where(and(eq(schema.contacts.id, comment.contactId), eq(schema.contacts.accountId, accountId))).get();
  await publishSafe(env, accountId, [
    { event: "message", data: serializeMessage(msg, contact, thread) },
    ...(contact ? [{ event: "updateContact" as const, data: serializeContact(contact, thread) }] : []),
  ]);
  await enqueueSend(env, { accountId, messageId });
  return serializeMessage(msg);
}

/** The contact's direct thread on the channel (created for a private reply if the person never wrote a DM). */
async function dmThreadFor(env: Env, accountId: string, channelId: string, contactId: string, assistantId: string | null): Promise<string> {
  const db = getDb(env.DB);
  const find = () =>
    db
      .select({ id: schema.threads.id })
      .from(schema.threads)
      .where(and(eq(schema.threads.accountId, accountId), eq(schema.threads.contactId, contactId), eq(schema.threads.channelId, channelId), eq(schema.threads.kind, "dm"), eq(schema.threads.externalThreadId, "")))
      .get();
  const found = await find();
  if (found) return found.id;
  const contact = await rowInAccount(db, schema.contacts, contactId, accountId);
  const now = Date.now();
  await db
    .insert(schema.threads)
    .values({
      id: orderedId(),
      accountId,
      contactId,
      channelId,
      kind: "dm",
      externalThreadId: "",
      assistantId,
      isGptActive: false,
      searchText: contact ? threadSearchText(contact, null) : "",
      platform: "INSTAGRAM",
      createdAt: now,
      updatedAt: now,
    } as typeof schema.threads.$inferInsert)
    .onConflictDoNothing();
  return (await find())!.id;
}
