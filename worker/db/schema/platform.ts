import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, idKey } from "./columns";

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
    id: idKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    createdAt: createdAt(),
  },
  (t) => [index("dev_outbox_to_idx").on(t.to, t.createdAt)],
);

/** Visits that came through a partner link (?partner=CODE). */
export const partnerClicks = sqliteTable(
  "partner_clicks",
  {
    id: idKey(),
    code: text("code").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** The visitor (a first-party cookie, else a hash of address and browser) and the UTC day: one click per code, visitor and day. */
    visitor: text("visitor"),
    day: text("day"),
    /** The partner code it resolved to (null: unknown or deactivated). */
    codeId: text("code_id"),
    createdAt: createdAt(),
  },
  (t) => [index("partner_clicks_code_idx").on(t.code, t.createdAt), uniqueIndex("partner_clicks_visit_uq").on(t.code, t.visitor, t.day), index("partner_clicks_code_id_idx").on(t.codeId, t.createdAt), index("partner_clicks_visitor_idx").on(t.visitor, t.createdAt)],
);

/** Usage events per account (messages, AI tokens, broadcast recipients): billing and analytics read them. */
export const usageEvents = sqliteTable(
  "usage_events",
  {
    id: idKey(),
    accountId: text("account_id").notNull(),
    kind: text("kind").notNull(),
    quantity: integer("quantity").notNull(),
    day: text("day").notNull(),
    ref: text("ref"),
    meta: text("meta", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("usage_events_account_day_idx").on(t.accountId, t.day, t.kind)],
);
