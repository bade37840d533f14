import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { ImportMapping } from "../../features/contact-import/import-format";
import { accountRef } from "./accounts";
import { idKey, stringList, timestamps } from "./columns";
import { userRefOrNull } from "./users";

/** A chunk that keeps failing goes to the dead letters; the import stays "running" until it is replayed. */
export const IMPORT_STATUSES = ["running", "completed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * One contact import (a CSV or XLSX file). The upload keeps the file in R2 and its rows as chunks
 * of 1 000 (R2 objects too); each chunk is one `import-chunk` job. The totals add up as chunks finish.
 */
export const contactImports = sqliteTable(
  "contact_imports",
  {
    id: idKey(),
    accountId: accountRef(),
    createdBy: userRefOrNull("created_by"),
    fileName: text("file_name").notNull(),
    /** R2 key of the uploaded file; the chunks sit beside it. */
    fileKey: text("file_key").notNull(),
    format: text("format", { enum: ["csv", "xlsx"] }).notNull(),
    /** The file's header row, as the report names columns. */
    header: stringList("header"),
    mapping: text("mapping", { mode: "json" }).$type<ImportMapping>().notNull(),
    status: text("status", { enum: IMPORT_STATUSES }).notNull().default("running"),
    totalRows: integer("total_rows").notNull(),
    chunkCount: integer("chunk_count").notNull(),
    chunksDone: integer("chunks_done").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    finishedAt: integer("finished_at"),
    ...timestamps(),
  },
  (t) => [index("contact_imports_account_created_idx").on(t.accountId, t.createdAt)],
);

/** A finished chunk: written in the same transaction as its contacts, so a redelivered chunk sees it and stops. */
export const contactImportChunks = sqliteTable(
  "contact_import_chunks",
  {
    importId: text("import_id")
      .notNull()
      .references(() => contactImports.id, { onDelete: "cascade" }),
    chunk: integer("chunk").notNull(),
    doneAt: integer("done_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.chunk] })],
);

/** A refused or skipped row of an import, with the column and the reason (Russian). */
export const contactImportIssues = sqliteTable(
  "contact_import_issues",
  {
    importId: text("import_id")
      .notNull()
      .references(() => contactImports.id, { onDelete: "cascade" }),
    row: integer("row").notNull(),
    /** The column's header; empty when the reason is about the whole row. */
    column: text("column").notNull().default(""),
    value: text("value").notNull().default(""),
    reason: text("reason").notNull(),
    /** "failed" (refused by validation) or "skipped" (repeats an earlier row of the file). */
    kind: text("kind", { enum: ["failed", "skipped"] }).notNull(),
  },
  (t) => [index("contact_import_issues_import_row_idx").on(t.importId, t.row)],
);

export type ContactImport = typeof contactImports.$inferSelect;
