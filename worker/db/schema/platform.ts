import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Fixed-window counters for rate limits (login by e-mail and by client address). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: integer("reset_at").notNull(),
});

/** Mail written in development instead of being sent: readable through /api/dev/outbox. */
export const devOutbox = sqliteTable(
  "dev_outbox",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("dev_outbox_to_idx").on(t.to, t.createdAt)],
);

/** Visits that came through a partner link (?partner=CODE). */
export const partnerClicks = sqliteTable(
  "partner_clicks",
  {
    id: text("id").primaryKey(),
    code: text("code").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("partner_clicks_code_idx").on(t.code, t.createdAt)],
);

/** Usage events per account (messages, AI tokens, broadcast recipients): billing and analytics read them. */
export const usageEvents = sqliteTable(
  "usage_events",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    kind: text("kind").notNull(),
    quantity: integer("quantity").notNull(),
    day: text("day").notNull(),
    ref: text("ref"),
    meta: text("meta", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("usage_events_account_day_idx").on(t.accountId, t.day, t.kind)],
);
