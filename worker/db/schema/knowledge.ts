import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accountRef } from "./accounts";
import { assistants } from "./assistants";
import { idKey, stringList, textOrEmpty, timestamps } from "./columns";
import { userRefOrNull } from "./users";

export const KNOWLEDGE_KINDS = ["faq", "document", "url", "text"] as const;
export type KnowledgeKind = (typeof KNOWLEDGE_KINDS)[number];
export const KNOWLEDGE_STATUSES = ["pending", "indexing", "indexed", "failed"] as const;
export type KnowledgeStatus = (typeof KNOWLEDGE_STATUSES)[number];

/**
 * One source of an account's knowledge base, shared by its assistants: an FAQ entry, an uploaded
 * document (the original in R2), a web page fetched by URL, or an assistant's own knowledge text
 * (kind `text`, kept in step with the assistant's field). Its text is split into knowledge_chunks,
 * which the full-text index (knowledge_fts, a hand-written migration) covers.
 */
export const knowledgeSources = sqliteTable(
  "knowledge_sources",
  {
    id: idKey(),
    accountId: accountRef(),
    kind: text("kind", { enum: KNOWLEDGE_KINDS }).notNull(),
    title: text("title").notNull(),
    status: text("status", { enum: KNOWLEDGE_STATUSES }).notNull().default("pending"),
    /** Why indexing failed, a sentence for the user. */
    error: text("error"),
    /** FAQ entries. */
    question: textOrEmpty("question"),
    answer: textOrEmpty("answer"),
    tags: stringList("tags"),
    /** Web pages. */
    url: text("url"),
    /** Documents: the file's name, type and R2 key. */
    fileName: text("file_name"),
    mimeType: text("mime_type"),
    fileKey: text("file_key"),
    /** The kind `text` source of an assistant. */
    assistantId: text("assistant_id").references(() => assistants.id, { onDelete: "cascade" }),
    /** Hash of the text last indexed (an assistant's text is re-indexed when it changes). */
    contentHash: text("content_hash"),
    /** Bytes of the original (file, page, or text). */
    sizeBytes: integer("size_bytes").notNull().default(0),
    /** Characters of the extracted text. */
    charCount: integer("char_count").notNull().default(0),
    chunkCount: integer("chunk_count").notNull().default(0),
    fetchedAt: integer("fetched_at"),
    indexedAt: integer("indexed_at"),
    createdBy: userRefOrNull("created_by"),
    ...timestamps(),
  },
  (t) => [index("knowledge_sources_account_idx").on(t.accountId, t.updatedAt), index("knowledge_sources_assistant_idx").on(t.assistantId)],
);

/** A piece of a source's text (≈ 800 characters, split on paragraphs and sentences). */
export const knowledgeChunks = sqliteTable(
  "knowledge_chunks",
  {
    /** Integer key: the rowid of its row in knowledge_fts. */
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: accountRef(),
    sourceId: text("source_id")
      .notNull()
      .references(() => knowledgeSources.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    text: text("text").notNull(),
    /** Float32 vector (little-endian bytes) when an embeddings endpoint is configured. */
    embedding: text("embedding"),
  },
  (t) => [index("knowledge_chunks_source_idx").on(t.sourceId, t.position), index("knowledge_chunks_account_idx").on(t.accountId)],
);

/**
 * Which sources an assistant uses. No row means every source of the account (`all`); `selected`
 * limits it to `sourceIds` (ids of sources, or `faq` for every FAQ entry, present and future).
 */
export const KNOWLEDGE_MODES = ["all", "selected"] as const;
export const assistantKnowledge = sqliteTable("assistant_knowledge", {
  assistantId: text("assistant_id")
    .primaryKey()
    .references(() => assistants.id, { onDelete: "cascade" }),
  accountId: accountRef(),
  mode: text("mode", { enum: KNOWLEDGE_MODES }).notNull().default("all"),
  sourceIds: stringList("source_ids"),
  /** A question the knowledge does not cover goes to an operator instead of the model. */
  handoffWhenUncovered: integer("handoff_when_uncovered", { mode: "boolean" }).notNull().default(false),
  updatedAt: integer("updated_at").notNull(),
});

export type KnowledgeSource = typeof knowledgeSources.$inferSelect;
export type KnowledgeChunk = typeof knowledgeChunks.$inferSelect;
export type AssistantKnowledge = typeof assistantKnowledge.$inferSelect;
