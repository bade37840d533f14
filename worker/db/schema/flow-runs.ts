import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accountRef } from "./accounts";
import { createdAt, idKey, timestamps } from "./columns";

export const FLOW_RUN_STATUSES = ["running", "waiting", "paused", "ended"] as const;
export type FlowRunStatus = (typeof FLOW_RUN_STATUSES)[number];

/**
 * A thread's flow run (the runtime's state, worker/features/flows/runtime/). One unfinished run per
 * thread (partial unique index). The run carries the graph it started on (the published version's,
 * or the draft's for a test run), so a later publish never changes a conversation in progress.
 * `rev` is the optimistic lock every turn's commit checks.
 */
export const flowRuns = sqliteTable(
  "flow_runs",
  {
    id: idKey(),
    accountId: accountRef(),
    threadId: text("thread_id").notNull(),
    contactId: text("contact_id").notNull(),
    flowId: text("flow_id").notNull(),
    flowName: text("flow_name").notNull().default(""),
    /** The published version it runs; 0 for a test run of the draft. */
    flowVersion: integer("flow_version").notNull().default(0),
    graph: text("graph", { mode: "json" }).$type<unknown>().notNull(),
    stepId: text("step_id"),
    stepName: text("step_name").notNull().default(""),
    status: text("status", { enum: FLOW_RUN_STATUSES }).notNull().default("running"),
    /** What it waits for: a choice, an answer, the assistant's turns, a delay (JSON), or null. */
    wait: text("wait", { mode: "json" }).$type<Record<string, unknown> | null>(),
    variables: text("variables", { mode: "json" }).$type<Record<string, string>>().notNull().default({}),
    retries: integer("retries").notNull().default(0),
    /** A waiting run past this time ends (dropped) when the thread is next touched. */
    expiresAt: integer("expires_at"),
    isTest: integer("is_test", { mode: "boolean" }).notNull().default(false),
    trigger: text("trigger").notNull().default("manual"),
    endReason: text("end_reason"),
    rev: integer("rev").notNull().default(0),
    startedAt: integer("started_at").notNull(),
    endedAt: integer("ended_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("flow_runs_active_thread_uq").on(t.threadId).where(sql`status <> 'ended'`),
    index("flow_runs_flow_idx").on(t.flowId, t.startedAt),
    index("flow_runs_account_idx").on(t.accountId, t.status),
  ],
);

/**
 * The exactly-once ledger: one row per thing a run reacted to (an incoming message's id, a delay's
 * job key, a start request). A turn commits only together with its row, so a redelivered update or
 * a repeated job finds the key taken and does nothing.
 */
export const flowTurns = sqliteTable(
  "flow_turns",
  {
    key: text("key").primaryKey(),
    accountId: accountRef(),
    runId: text("run_id").notNull(),
    /** The attempt that wrote it: the turn's other statements are guarded on (key, nonce). */
    nonce: text("nonce").notNull(),
    /**
     * The turn's outbox: what follows its commit (the room push, the sends, fields and actions, the
     * delay's job, a goto), written in the same transaction; `afterDoneAt` is set once they ran. A
     * turn whose isolate died between the two is resumed by the sweeper (runtime/resume.ts).
     */
    after: text("after", { mode: "json" }),
    afterDoneAt: integer("after_done_at"),
    createdAt: createdAt(),
  },
  (t) => [index("flow_turns_after_idx").on(t.createdAt).where(sql`after_done_at IS NULL AND after IS NOT NULL`)],
);

/** Per flow, step and UTC day: how many runs entered, completed (left by an output) and dropped at a step. `step_id` '' is the flow's own started/completed. */
export const flowStepStats = sqliteTable(
  "flow_step_stats",
  {
    accountId: accountRef(),
    flowId: text("flow_id").notNull(),
    stepId: text("step_id").notNull(),
    day: text("day").notNull(),
    entered: integer("entered").notNull().default(0),
    completed: integer("completed").notNull().default(0),
    dropped: integer("dropped").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.flowId, t.stepId, t.day] }), index("flow_step_stats_account_idx").on(t.accountId, t.day)],
);

export type FlowRun = typeof flowRuns.$inferSelect;
