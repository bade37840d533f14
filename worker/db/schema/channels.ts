import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accountRef } from "./accounts";
import { channels, contacts, messages, threads } from "./inbox";
import { createdAt, idKey, textOrEmpty } from "./columns";

/**
 * Channel plumbing around the `channels` table (inbox.ts): dead letters of the queues, outbound send
 * attempts, the pacing slots of the outbound sender and Instagram comment specifics.
 */

export const DEAD_LETTER_QUEUES = ["inbound", "outbound", "jobs"] as const;

/** A queue message that could not be processed: shown to platform admins, replayable. */
export const deadLetters = sqliteTable(
  "dead_letters",
  {
    id: idKey(),
    queue: text("queue", { enum: DEAD_LETTER_QUEUES }).notNull(),
    /** Null when the body names no account (or it could not be parsed). */
    accountId: text("account_id"),
    platform: text("platform"),
    /** The original queue message body (JSON). */
    body: text("body", { mode: "json" }).$type<unknown>().notNull(),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    replayCount: integer("replay_count").notNull().default(0),
    replayedAt: integer("replayed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("dead_letters_created_idx").on(t.createdAt, t.id), index("dead_letters_account_idx").on(t.accountId)],
);

/** One row per call to a messenger for an outgoing message (what happened, why it was retried). */
export const outboundAttempts = sqliteTable(
  "outbound_attempts",
  {
    id: idKey(),
    accountId: accountRef(),
    messageId: text("message_id").notNull(),
    channelId: text("channel_id"),
    attempt: integer("attempt").notNull(),
    /** sent | rate_limited | retry | failed */
    outcome: text("outcome", { enum: ["sent", "rate_limited", "retry", "failed"] }).notNull(),
    httpStatus: integer("http_status"),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("outbound_attempts_message_idx").on(t.messageId, t.createdAt)],
);

/**
 * The next free send time per pacing key (`bot:<channelId>`, `chat:<channelId>:<chatId>`): the
 * outbound sender reserves a slot atomically, so concurrent consumer batches share one budget.
 */
export const sendSlots = sqliteTable("send_slots", {
  key: text("key").primaryKey(),
  nextAt: integer("next_at").notNull(),
});

/** An Instagram post (media) that received comments: the /comments page groups by it. */
export const instagramMedia = sqliteTable(
  "instagram_media",
  {
    accountId: accountRef(),
    mediaId: text("media_id").notNull(),
    channelId: text("channel_id").references(() => channels.id, { onDelete: "set null" }),
    mediaProductType: text("media_product_type"),
    caption: text("caption"),
    permalink: text("permalink"),
    mediaUrl: text("media_url"),
    commentsCount: integer("comments_count").notNull().default(0),
    lastCommentAt: integer("last_comment_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.mediaId] }),
    index("instagram_media_last_idx").on(t.accountId, t.lastCommentAt),
    // Foreign keys' own indexes (migration 0057): a parent's delete finds its children by them.
    index("instagram_media_channel_idx").on(t.channelId),
  ],
);

/** A comment under a post; its text is also a message in the commenter's comment thread. */
export const instagramComments = sqliteTable(
  "instagram_comments",
  {
    id: idKey(),
    accountId: accountRef(),
    channelId: text("channel_id").references(() => channels.id, { onDelete: "set null" }),
    /** The platform's comment id. */
    commentId: text("comment_id").notNull(),
    mediaId: text("media_id").notNull(),
    parentCommentId: text("parent_comment_id"),
    fromId: text("from_id").notNull(),
    fromUsername: text("from_username"),
    text: textOrEmpty("text"),
    contactId: text("contact_id").references(() => contacts.id, { onDelete: "cascade" }),
    threadId: text("thread_id").references(() => threads.id, { onDelete: "cascade" }),
    messageId: text("message_id").references(() => messages.id, { onDelete: "set null" }),
    /** Our one private reply (a DM) to this comment, if sent. */
    privateReplyMessageId: text("private_reply_message_id"),
    privateRepliedAt: integer("private_replied_at"),
    publicReplyCount: integer("public_reply_count").notNull().default(0),
    commentedAt: integer("commented_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("instagram_comments_account_comment_uq").on(t.accountId, t.commentId),
    index("instagram_comments_media_idx").on(t.accountId, t.mediaId, t.commentedAt),
    // Foreign keys' own indexes (migration 0057): without them every delete of a message, thread,
    // contact or channel scanned this whole table (every account's comments) once per deleted row.
    index("instagram_comments_message_idx").on(t.messageId),
    index("instagram_comments_thread_idx").on(t.threadId),
    index("instagram_comments_contact_idx").on(t.contactId),
    index("instagram_comments_channel_idx").on(t.channelId),
  ],
);

export type DeadLetter = typeof deadLetters.$inferSelect;
export type InstagramComment = typeof instagramComments.$inferSelect;
