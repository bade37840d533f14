/**
 * The seam between a flow's AI step and the assistant's runner (one chain): while a run waits on
 * an AI step, the thread's turns are answered by the step's assistant with the step's
 * instructions, whether or not the thread's AI switch is on. SQL fragments only (no imports), so
 * worker/ai can use them without depending on the runtime; `thread` is the thread id as SQL.
 *
 * Every fragment says `status <> 'ended'` in so many words: that is the condition of the partial
 * index on a thread's one unfinished run (flow_runs_active_thread_uq), and SQLite uses a partial
 * index only when the query repeats its condition (`status = 'waiting'` alone made it scan every
 * run of every account: tests/worker/hot-path-reads.test.ts).
 */
const waitingAi = (thread: string) => `FROM flow_runs fr WHERE fr.thread_id = ${thread} AND fr.status <> 'ended' AND fr.status = 'waiting' AND json_extract(fr.wait, '$.kind') = 'ai'`;

/** The assistant of the thread's AI step, or NULL (coalesce it before the thread's and channel's own). */
export const flowAssistantSql = (thread: string) => `(SELECT json_extract(fr.wait, '$.assistantId') ${waitingAi(thread)})`;

/** True while the thread's flow waits on an AI step (the assistant answers even with the thread's AI off). */
export const flowAiActiveSql = (thread: string) => `EXISTS (SELECT 1 ${waitingAi(thread)})`;

/** The step's extra instructions (one row, or none). */
export const flowInstructionsSql = (thread: string) => `SELECT json_extract(fr.wait, '$.instructions') AS instructions ${waitingAi(thread)}`;

/**
 * True while the thread has a run that goes on with the next message (running or waiting, not in a
 * delay): the flow slot takes that message, so the ingest's in-commit assistant run must not be
 * created (a run started between the ingest's read and its commit).
 */
export const flowRunGoesOnSql = (thread: string) =>
  `EXISTS (SELECT 1 FROM flow_runs fr WHERE fr.thread_id = ${thread} AND fr.status <> 'ended' AND fr.status IN ('running', 'waiting') AND coalesce(json_extract(fr.wait, '$.kind'), '') <> 'delay')`;

/**
 * True while the account (`account` as SQL) has an unfinished run: the statuses listed, so the
 * account's index (account_id, status) is searched for them, not walked past every ended run; a
 * scalar subquery, which SQLite evaluates once per statement (an EXISTS in a join's WHERE ran per row).
 */
export const accountHasUnfinishedRunSql = (account: string, alias = "x") =>
  `coalesce((SELECT 1 FROM flow_runs ${alias} WHERE ${alias}.account_id = ${account} AND ${alias}.status IN ('running', 'waiting', 'paused') LIMIT 1), 0) = 1`;

/** Hooks run after the assistant committed a reply (the flow runtime registers its AI-step check here). */
export type ReplyHook = (env: unknown, reply: { accountId: string; threadId: string; runId: string; text: string }) => Promise<void>;
export const replyHooks: ReplyHook[] = [];
