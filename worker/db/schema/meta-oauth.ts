import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accountRef } from "./accounts";
import { userRef } from "./users";
import { createdAt, idKey } from "./columns";

/**
 * The Instagram accounts one Meta login found, kept for a few minutes until the person picks one.
 * `candidates` is encrypted (AES-GCM, ENCRYPTION_KEY): it holds the Pages' access tokens, which never
 * reach the URL or the browser. A row is used once (`usedAt`); one login state makes at most one row.
 */
export const metaOauthPicks = sqliteTable(
  "meta_oauth_picks",
  {
    id: idKey(),
    accountId: accountRef(),
    userId: userRef(),
    /** The nonce of the signed login state that produced the row. */
    nonce: text("nonce").notNull(),
    candidates: text("candidates").notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [uniqueIndex("meta_oauth_picks_nonce_uq").on(t.nonce), index("meta_oauth_picks_expires_idx").on(t.expiresAt)],
);

export type MetaOauthPick = typeof metaOauthPicks.$inferSelect;
