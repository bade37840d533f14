import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, idKey, textOrEmpty, timestamps } from "./columns";

export const users = sqliteTable(
  "users",
  {
    id: idKey(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** Lower-cased name and e-mail for case-insensitive search (Cyrillic included). */
    searchText: textOrEmpty("search_text"),
    passwordHash: text("password_hash").notNull(),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    isPlatformAdmin: integer("is_platform_admin", { mode: "boolean" }).notNull().default(false),
    language: text("language").notNull().default("ru"),
    lastAccountId: text("last_account_id"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("users_email_uq").on(t.email)],
);

/** The user the row belongs to: it goes when the user does. */
export const userRef = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** A user who acted on the row (created, invited, updated it); null once that user is deleted. */
export const userRefOrNull = (name: string) => text(name).references(() => users.id, { onDelete: "set null" });

export const sessions = sqliteTable(
  "sessions",
  {
    id: idKey(),
    userId: userRef(),
    tokenHash: text("token_hash").notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
  },
  (t) => [uniqueIndex("sessions_token_uq").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** Single-use e-mail tokens: verification and password reset. Only the hash is stored. */
export const emailTokens = sqliteTable(
  "email_tokens",
  {
    id: idKey(),
    userId: userRef(),
    kind: text("kind", { enum: ["verify", "reset"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [uniqueIndex("email_tokens_hash_uq").on(t.tokenHash), index("email_tokens_user_idx").on(t.userId, t.kind)],
);

export type User = typeof users.$inferSelect;
