import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accountRef } from "./accounts";

/**
 * Analytics rollup per account and UTC hour (`hour` = ms since the epoch / 3 600 000), metric,
 * channel and assistant of the thread ('' when none), and a dimension (a model, a response-time
 * bucket, a broadcast id; '' when none). Kept by triggers as messages, conversations and usage
 * events are committed (migration analytics_sql); the page sums hours into the account's local days.
 */
export const analyticsHourly = sqliteTable(
  "analytics_hourly",
  {
    accountId: accountRef(),
    hour: integer("hour").notNull(),
    metric: text("metric").notNull(),
    channelId: text("channel_id").notNull().default(""),
    assistantId: text("assistant_id").notNull().default(""),
    dim: text("dim").notNull().default(""),
    quantity: integer("quantity").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.hour, t.metric, t.channelId, t.assistantId, t.dim] })],
);

/**
 * One conversation: a customer's message opens one on a thread whose last conversation was closed
 * or quiet for 24 hours. The triggers keep its first reply, last reply and who was involved, so
 * the response-time histograms and the AI-only count in `analytics_hourly` stay exact.
 */
export const analyticsConversations = sqliteTable(
  "analytics_conversations",
  {
    threadId: text("thread_id").notNull(),
    startedAt: integer("started_at").notNull(),
    accountId: accountRef(),
    channelId: text("channel_id").notNull().default(""),
    assistantId: text("assistant_id").notNull().default(""),
    lastAt: integer("last_at").notNull(),
    firstReplyAt: integer("first_reply_at"),
    lastReplyAt: integer("last_reply_at"),
    /** 'assistant' or 'operator': whose reply `lastReplyAt` is. */
    lastReplyBy: text("last_reply_by"),
    aiReplied: integer("ai_replied").notNull().default(0),
    /** An operator replied or the thread was handed off. */
    operatorInvolved: integer("operator_involved").notNull().default(0),
    closed: integer("closed").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.startedAt] }), index("analytics_conversations_account_idx").on(t.accountId, t.startedAt)],
);

/** Upper bounds (ms) of the response-time histogram buckets; bucket i counts times ≤ bound i (the last one is open). */
export const analyticsTimeBuckets = sqliteTable("analytics_time_buckets", {
  idx: integer("idx").primaryKey(),
  upperMs: integer("upper_ms").notNull(),
});
