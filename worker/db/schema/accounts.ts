import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { userRef, userRefOrNull } from "./users";
import { createdAt, idKey, textOrEmpty, timestamps } from "./columns";

export const ROLES = ["owner", "admin", "operator"] as const;
export type Role = (typeof ROLES)[number];

export const accounts = sqliteTable("accounts", {
  id: idKey(),
  name: text("name").notNull(),
  /** Lower-cased name (JS lower-casing: SQLite's lower() leaves Cyrillic alone). */
  nameSearch: textOrEmpty("name_search"),
  timezone: text("timezone").notNull().default("Europe/Moscow"),
  language: text("language").notNull().default("ru"),
  description: text("description"),
  website: text("website"),
  /** JSON: AccountSettings (features/accounts/accounts.schemas.ts). */
  settings: text("settings", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
  /** The business's field (one of INDUSTRIES in features/accounts/accounts.schemas.ts), asked by the wizard. */
  industry: text("industry"),
  /**
   * JSON: { completed: string[], skipped: string[], at?: WizardPage } of the setup wizard; `at` is the
   * wizard page the user reached (the wizard resumes there).
   */
  wizard: text("wizard", { mode: "json" }).$type<{ completed: string[]; skipped: string[]; at?: string }>().notNull().default({ completed: [], skipped: [] }),
  /** Set by a platform administrator: webhooks are still acknowledged, AI replies and broadcasts stop. */
  blockedAt: integer("blocked_at"),
  blockedReason: text("blocked_reason"),
  /** JSON: the weekly schedule when assistants stay silent. */
  downtime: text("downtime", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({ enabled: false, intervals: [] }),
  createdBy: userRefOrNull("created_by"),
  ...timestamps(),
  /**
   * The account's number for the inbox search, set by a trigger at creation (migration 0010): its
   * threads' rowids lie in [slot·2³², (slot+1)·2³²), test threads in the upper half, so the FTS
   * index can be searched within one account's range.
   */
  searchSlot: integer("search_slot"),
}, (t) => [
  uniqueIndex("accounts_search_slot_uq").on(t.searchSlot),
  // created_by's foreign key and a partner's referred accounts (migration 0057): found by it, not by a scan of every account.
  index("accounts_created_by_idx").on(t.createdBy),
]);

/** The owning account: the row goes when the account does. */
export const accountRef = () =>
  text("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" });

export const members = sqliteTable(
  "members",
  {
    accountId: accountRef(),
    userId: userRef(),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("members_account_user_uq").on(t.accountId, t.userId), index("members_user_idx").on(t.userId)],
);

export const invitations = sqliteTable(
  "invitations",
  {
    id: idKey(),
    accountId: accountRef(),
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: userRefOrNull("invited_by"),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
    acceptedAt: integer("accepted_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [uniqueIndex("invitations_token_uq").on(t.tokenHash), index("invitations_account_idx").on(t.accountId), index("invitations_email_idx").on(t.email)],
);

export type Account = typeof accounts.$inferSelect;
export type Member = typeof members.$inferSelect;
export type Invitation = typeof invitations.$inferSelect;
