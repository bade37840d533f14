import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { userRefOrNull } from "./users";
import { timestamps } from "./columns";

/**
 * An account's own OpenAI-compatible provider (at most one per account). Without a row the
 * platform's OPENAI_BASE_URL / OPENAI_API_KEY answer. The key is stored AES-GCM sealed
 * (lib/crypto.ts) and never leaves the server; `keyHint` is what the UI may show of it.
 */
export const aiProviders = sqliteTable("ai_providers", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  baseUrl: text("base_url").notNull(),
  apiKeySealed: text("api_key_sealed").notNull(),
  /** The key's last 4 characters, for "ключ сохранён •••• 1234". */
  keyHint: text("key_hint").notNull(),
  /** Model ids from the provider's GET /models at the last save or check; null when it has no list. */
  models: text("models", { mode: "json" }).$type<string[] | null>(),
  modelsCheckedAt: integer("models_checked_at"),
  updatedBy: userRefOrNull("updated_by"),
  ...timestamps(),
});

export type AiProvider = typeof aiProviders.$inferSelect;
