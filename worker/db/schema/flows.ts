import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { FlowGraph, FlowStatus } from "../../features/flows/contract";
import { FLOW_STATUSES } from "../../features/flows/contract";
import { accountRef } from "./accounts";
import { idKey, textOrEmpty, timestamps } from "./columns";
import { userRefOrNull } from "./users";

/**
 * A flow of an account: its editable draft (`graph`, saved whole with `revision` bumped by one on
 * every save, so two tabs cannot overwrite each other) and which immutable version runs now
 * (`publishedVersion`, null when none: a draft, unpublished or archived flow). `publishedRevision`
 * is the draft revision that version was made from, so "has unpublished changes" is one comparison.
 */
export const flows = sqliteTable(
  "flows",
  {
    id: idKey(),
    accountId: accountRef(),
    name: text("name").notNull(),
    /** The name lower-cased in JS (SQLite's lower() folds ASCII only), for the list's search. */
    nameSearch: textOrEmpty("name_search"),
    status: text("status", { enum: FLOW_STATUSES }).$type<FlowStatus>().notNull().default("draft"),
    graph: text("graph", { mode: "json" }).$type<FlowGraph>().notNull(),
    revision: integer("revision").notNull().default(1),
    publishedVersion: integer("published_version"),
    publishedRevision: integer("published_revision"),
    createdBy: userRefOrNull("created_by"),
    updatedBy: userRefOrNull("updated_by"),
    ...timestamps(),
  },
  (t) => [index("flows_account_updated_idx").on(t.accountId, t.updatedAt, t.id), index("flows_account_status_idx").on(t.accountId, t.status)],
);
export type Flow = typeof flows.$inferSelect;

/**
 * A published graph, never changed after it is written: a conversation that started on a version
 * finishes on it whatever is published later. Numbered 1, 2, 3… per flow.
 */
export const flowVersions = sqliteTable(
  "flow_versions",
  {
    id: idKey(),
    flowId: text("flow_id")
      .notNull()
      .references(() => flows.id, { onDelete: "cascade" }),
    accountId: accountRef(),
    version: integer("version").notNull(),
    graph: text("graph", { mode: "json" }).$type<FlowGraph>().notNull(),
    publishedAt: integer("published_at").notNull(),
    publishedBy: userRefOrNull("published_by"),
  },
  (t) => [uniqueIndex("flow_versions_flow_version_uq").on(t.flowId, t.version), index("flow_versions_account_idx").on(t.accountId)],
);
export type FlowVersion = typeof flowVersions.$inferSelect;
