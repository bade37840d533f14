import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accountRef } from "./accounts";
import { idKey, stringList, textOrEmpty, timestamps } from "./columns";

export const PLATFORMS = ["TELEGRAM", "WHATSAPP", "INSTAGRAM", "WEBCHAT"] as const;
export type Platform = (typeof PLATFORMS)[number];
export const SUBSCRIPTIONS = ["subscribed", "unsubscribed", "blocked"] as const;
export type Subscription = (typeof SUBSCRIPTIONS)[number];
export const THREAD_STATUSES = ["active", "archived", "closed", "pending"] as const;
export const GPT_STATUSES = ["WAITING_RESPONSE", "COMPLETED"] as const;
export const MESSAGE_TYPES = ["text", "image", "video", "audio", "document", "incomingCall", "contact", "tool_call", "tool_result"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MESSAGE_DIRECTIONS = ["incoming", "outgoing", "system"] as const;
export const DELIVERY_STATUSES = ["pending", "sent", "delivered", "read", "failed"] as const;

/** A connected messenger: a Telegram bot, a Green API WhatsApp instance, an Instagram professional account. */
export const channels = sqliteTable(
  "channels",
  {
    id: idKey(),
    accountId: accountRef(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    /** Bot id, idInstance, Instagram account id. */
    externalId: text("external_id").notNull(),
    name: textOrEmpty("name"),
    assistantId: text("assistant_id"),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    /** AES-GCM sealed JSON of tokens (lib/crypto encryptSecret). */
    credentials: text("credentials"),
    /** SHA-256 of the webhook secret the platform sends back. */
    webhookSecretHash: text("webhook_secret_hash"),
    /** Platform state (webhook health, WhatsApp instance state, …). */
    state: text("state", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [uniqueIndex("channels_platform_external_uq").on(t.platform, t.externalId), index("channels_account_idx").on(t.accountId)],
);

export const contacts = sqliteTable(
  "contacts",
  {
    id: idKey(),
    accountId: accountRef(),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    platformUserId: text("platform_user_id").notNull(),
    name: textOrEmpty("name"),
    platformUsername: text("platform_username"),
    phone: text("phone"),
    avatar: text("avatar"),
    status: text("status", { enum: ["online", "busy", "away"] }),
    about: text("about"),
    isTestContact: integer("is_test_contact", { mode: "boolean" }).notNull().default(false),
    /** Whether broadcasts reach the contact: "unsubscribed" (asked to stop, or blocked the bot) and "blocked" (by the account) are left out of every audience count. */
    subscription: text("subscription", { enum: SUBSCRIPTIONS }).notNull().default("subscribed"),
    /** Lower-cased (in JS, so Cyrillic too) name + username + phone + platform user id, for the contacts table search. */
    searchText: textOrEmpty("search_text"),
    /** { [customFieldKey]: value } */
    customFields: text("custom_fields", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    /** Facts the assistant saved about the contact. */
    facts: stringList("facts"),
    firstSeenAt: integer("first_seen_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("contacts_account_platform_user_uq").on(t.accountId, t.platform, t.platformUserId),
    index("contacts_account_test_idx").on(t.accountId, t.isTestContact, t.lastSeenAt),
    index("contacts_account_created_idx").on(t.accountId, t.createdAt, t.id),
    // An audience count joins its contact ids here and reads nothing else: one seek in a small index
    // instead of the id's autoindex plus the (wide) row.
    index("contacts_audience_idx").on(t.id, t.accountId, t.isTestContact, t.subscription, t.platform, t.lastSeenAt),
  ],
);

export const threads = sqliteTable(
  "threads",
  {
    id: idKey(),
    accountId: accountRef(),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    /** null for test chats. */
    channelId: text("channel_id").references(() => channels.id, { onDelete: "set null" }),
    /** "dm", or "comments" for an Instagram post's comment thread (externalThreadId = media id). */
    kind: text("kind", { enum: ["dm", "comments"] }).notNull().default("dm"),
    externalThreadId: textOrEmpty("external_thread_id"),
    /** The assistant answering here (the channel's, or the test chat's chosen one). */
    assistantId: text("assistant_id"),
    status: text("status", { enum: THREAD_STATUSES }).notNull().default("active"),
    gptStatus: text("gpt_status", { enum: GPT_STATUSES }).notNull().default("COMPLETED"),
    isGptActive: integer("is_gpt_active", { mode: "boolean" }).notNull().default(true),
    lastMessage: text("last_message"),
    lastMessageType: text("last_message_type", { enum: MESSAGE_TYPES }),
    lastMessageAt: integer("last_message_at"),
    /** Last time the customer wrote (Instagram's 24-hour window). */
    lastIncomingAt: integer("last_incoming_at"),
    unreadCount: integer("unread_count").notNull().default(0),
    /** Lower-cased name + username + last message, for case-insensitive (Cyrillic too) search. */
    searchText: textOrEmpty("search_text"),
    /** Copies of the contact's platform and test flag, so the inbox list filters without a join. */
    platform: text("platform", { enum: PLATFORMS }),
    isTest: integer("is_test", { mode: "boolean" }).notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("threads_contact_channel_uq").on(t.contactId, t.channelId, t.kind, t.externalThreadId),
    index("threads_account_updated_idx").on(t.accountId, t.updatedAt, t.id),
    index("threads_account_test_updated_idx").on(t.accountId, t.isTest, t.updatedAt, t.id),
    // contact_id alone (migration 0058): an index with updated_at in it is rewritten on every message (a row written each).
    index("threads_contact_idx").on(t.contactId),
    // channel_id's foreign key (migration 0057): a channel's delete sets its threads' channel to null by it, not by a scan of every thread.
    index("threads_channel_idx").on(t.channelId),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: idKey(),
    accountId: accountRef(),
    threadId: text("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    type: text("type", { enum: MESSAGE_TYPES }).notNull(),
    direction: text("direction", { enum: MESSAGE_DIRECTIONS }).notNull(),
    content: textOrEmpty("content"),
    /** R2 key (served by /api/accounts/:id/media/...) or an external URL. */
    payloadUrl: text("payload_url"),
    fileName: text("file_name"),
    mimeType: text("mime_type"),
    fileSize: integer("file_size"),
    isSystem: integer("is_system", { mode: "boolean" }).notNull().default(false),
    isSent: integer("is_sent", { mode: "boolean" }).notNull().default(false),
    isDelivered: integer("is_delivered", { mode: "boolean" }).notNull().default(false),
    isRead: integer("is_read", { mode: "boolean" }).notNull().default(false),
    deliveryStatus: text("delivery_status", { enum: DELIVERY_STATUSES }),
    /** §3 metadata: isAttachmentDeleted, status, contacts, tool_call_id, tool_calls, … */
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    /** Who wrote it: contact, operator (senderUserId), assistant, system. */
    senderType: text("sender_type", { enum: ["contact", "operator", "assistant", "system"] }).notNull(),
    senderUserId: text("sender_user_id"),
    /** The platform's id of the message once sent or received (status updates find it by this). */
    platformMessageId: text("platform_message_id"),
    /** Idempotency key: Telegram bot+update_id, Green API instance+idMessage, Instagram mid/comment id, client id. */
    dedupeKey: text("dedupe_key"),
    ...timestamps(),
  },
  (t) => [
    index("messages_thread_created_idx").on(t.threadId, t.createdAt, t.id),
    index("messages_contact_created_idx").on(t.contactId, t.createdAt, t.id),
    uniqueIndex("messages_account_dedupe_uq").on(t.accountId, t.dedupeKey).where(sql`${t.dedupeKey} IS NOT NULL`),
    index("messages_platform_id_idx").on(t.accountId, t.platformMessageId),
  ],
);

export type Channel = typeof channels.$inferSelect;
export type Contact = typeof contacts.$inferSelect;
export type Thread = typeof threads.$inferSelect;
export type Message = typeof messages.$inferSelect;

/**
 * Commits of the inbound consumer whose after-commit work (the room push, the handler chain) has
 * not finished yet: one row per queue message (`source`) and commit, listing the messages it stored
 * (`message_ids`, a JSON array), written in the ingest's own transaction and deleted once that work
 * is done. A redelivery of that same queue message (its holder died between the commit and the ack)
 * finds its row here and finishes the work (worker/features/inbox/ingest-outbox.ts). One row per
 * queue message rather than per message: D1 bills every row written, and a row and its index entry
 * written and deleted per message were a sixth of what storing a message wrote. No index beyond the
 * key: the table holds only commits in flight (a few rows; the cron sweep drops any a dead-lettered
 * message left), and every index entry is one more row written and deleted per commit.
 */
export const ingestOutbox = sqliteTable(
  "ingest_outbox",
  {
    id: integer("id").primaryKey(),
    accountId: accountRef(),
    source: text("source").notNull(),
    messageIds: text("message_ids").notNull(),
    createdAt: integer("created_at").notNull(),
  },
);

/**
 * How many operator mails of one kind (`handoff`) an account got in the current window
 * (worker/ai/handoff-mail.ts): the first few in a window go out one by one, then one summary, then
 * nothing until the window is over, so a burst of hand-offs does not flood the team's inboxes.
 */
export const operatorMailWindows = sqliteTable(
  "operator_mail_windows",
  {
    accountId: accountRef(),
    kind: text("kind").notNull(),
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind] })],
);
