import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accountRef } from "./accounts";
import { userRefOrNull } from "./users";
import { createdAt, idKey, stringList, textOrEmpty, timestamps } from "./columns";

export const ASSISTANT_MODELS = ["gpt-4.1-mini", "gpt-4.1-nano", "gpt-4o-mini"] as const;
export type AssistantModel = (typeof ASSISTANT_MODELS)[number];
export const ASSISTANT_LANGUAGES = ["ru", "en", "ar", "fr"] as const;

/**
 * What an assistant is, the same columns in an account's assistants and the platform's templates (a
 * template becomes an assistant with these values): model, prompt, knowledge, tools, debounce, handoff.
 */
const assistantSettings = () => ({
  model: text("model").notNull().default("gpt-4.1-mini"),
  instructions: textOrEmpty("instructions"),
  /** First words to a new customer (sent by flows/widgets; shown in the editor). */
  greeting: textOrEmpty("greeting"),
  temperature: real("temperature").notNull().default(0.4),
  /** Upper bound of a reply, in tokens (max_tokens of the request). */
  maxReplyTokens: integer("max_reply_tokens").notNull().default(400),
  language: text("language", { enum: ASSISTANT_LANGUAGES }).notNull().default("ru"),
  /** Free-text facts and FAQ the assistant may rely on. */
  knowledge: textOrEmpty("knowledge"),
  /** Names of tools from the registry (worker/ai/tools.ts). */
  tools: stringList("tools"),
  /** Wait this long after a customer's message for more before answering the burst at once. */
  debounceSeconds: integer("debounce_seconds").notNull().default(0),
  /** A customer message containing one of these hands the thread to an operator without asking the model. */
  handoffKeywords: stringList("handoff_keywords"),
  /** What the customer hears on a handoff. */
  handoffMessage: textOrEmpty("handoff_message"),
});

/** An account's AI assistant: what it knows, how it speaks, which tools it may call. */
export const assistants = sqliteTable(
  "assistants",
  {
    id: idKey(),
    accountId: accountRef(),
    name: text("name").notNull(),
    ...assistantSettings(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    /** The catalogue tools (search_products, get_product, list_promotions) are offered to the model. */
    knowsCatalogue: integer("knows_catalogue", { mode: "boolean" }).notNull().default(false),
    templateId: text("template_id"),
    createdBy: userRefOrNull("created_by"),
    ...timestamps(),
  },
  (t) => [index("assistants_account_idx").on(t.accountId, t.createdAt)],
);

/** Platform-wide templates of the constructor (/assistant-templates), edited by platform administrators. */
export const assistantTemplates = sqliteTable(
  "assistant_templates",
  {
    id: idKey(),
    name: text("name").notNull(),
    description: textOrEmpty("description"),
    ...assistantSettings(),
    tags: stringList("tags"),
    usageCount: integer("usage_count").notNull().default(0),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(true),
    /** Lower-cased name + description + tags: SQLite's lower() does not fold Cyrillic. */
    searchText: textOrEmpty("search_text"),
    sourceAccountId: text("source_account_id"),
    createdBy: userRefOrNull("created_by"),
    ...timestamps(),
  },
  (t) => [index("assistant_templates_usage_idx").on(t.usageCount, t.createdAt)],
);

export const assistantTemplateTags = sqliteTable("assistant_template_tags", {
  name: text("name").primaryKey(),
  createdAt: createdAt(),
});

/** Tokens per account, assistant and day (UTC). Billing and analytics read these. */
export const assistantTokenUsage = sqliteTable(
  "assistant_token_usage",
  {
    accountId: accountRef(),
    assistantId: text("assistant_id").notNull(),
    day: text("day").notNull(),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    totalTokens: integer("total_tokens").notNull().default(0),
    requests: integer("requests").notNull().default(0),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("assistant_token_usage_uq").on(t.accountId, t.assistantId, t.day)],
);

export const RUN_STATUSES = ["pending", "running", "done", "superseded", "skipped", "failed"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/**
 * One assistant turn per incoming message (the idempotency key): a redelivered queue message or a
 * second ingestion finds the row and does nothing; a burst marks earlier rows superseded.
 */
export const assistantRuns = sqliteTable(
  "assistant_runs",
  {
    id: idKey(),
    accountId: accountRef(),
    threadId: text("thread_id").notNull(),
    contactId: text("contact_id").notNull(),
    triggerMessageId: text("trigger_message_id").notNull(),
    /** createdAt of the trigger message: the burst ordering. */
    triggerAt: integer("trigger_at").notNull(),
    assistantId: text("assistant_id"),
    status: text("status", { enum: RUN_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When the current attempt took the run; a crashed attempt's claim lapses after the lease. */
    claimedAt: integer("claimed_at"),
    replyMessageId: text("reply_message_id"),
    error: text("error"),
    /** Pipeline timestamps (ms) for the overhead figures. */
    timings: text("timings", { mode: "json" }).$type<Record<string, number>>(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("assistant_runs_trigger_uq").on(t.triggerMessageId), index("assistant_runs_thread_idx").on(t.threadId, t.triggerAt)],
);

export type Assistant = typeof assistants.$inferSelect;
export type AssistantTemplate = typeof assistantTemplates.$inferSelect;
export type AssistantRun = typeof assistantRuns.$inferSelect;
