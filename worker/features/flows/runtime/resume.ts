import type { Env } from "../../../env";
import { createLogger } from "../../../lib/logger";
import { rowToMessage } from "../../inbox/rows";
import type { AfterSpec } from "./commit";
import { loadTurn } from "./store";
import { runAfter, runTurn } from "./turn";

const log = createLogger({ component: "flows" });

/** A turn's after-effects count as lost when its outbox row is still open this long after the commit. */
export const RESUME_AFTER_MS = 60_000;

/**
 * The sweeper of the turns' outbox (flow_turns.after): a turn whose isolate died between its
 * commit and its after-effects left its messages `pending` and its row open. This runs those
 * after-effects again from the row (the sends enqueued by message id, so a message already sent
 * is not sent twice; the timer and the goto keyed; the hand-off once by its note's key) and closes
 * the row. Run by the jobs queue's `flow-resume` job (the cron enqueues it).
 */
export async function resumeFlowTurns(env: Env, opts: { now?: number; olderThanMs?: number; limit?: number } = {}): Promise<number> {
  const now = opts.now ?? Date.now();
  const rows = await env.DB.prepare(
    "SELECT key, account_id, after FROM flow_turns WHERE after_done_at IS NULL AND after IS NOT NULL AND created_at <= ?1 ORDER BY created_at LIMIT ?2",
  )
    .bind(now - (opts.olderThanMs ?? RESUME_AFTER_MS), opts.limit ?? 200)
    .all<{ key: string; account_id: string; after: string }>();
  let resumed = 0;
  for (const row of rows.results) {
    try {
      const spec = JSON.parse(row.after) as AfterSpec;
      const l = await loadTurn(env, row.account_id, spec.threadId);
      if (l) {
        const msgs = await env.DB.prepare("SELECT * FROM messages WHERE account_id = ?1 AND dedupe_key IN (SELECT value FROM json_each(?2)) ORDER BY created_at, id")
          .bind(row.account_id, JSON.stringify(spec.messageKeys))
          .all<Record<string, unknown>>();
        await runAfter(env, { accountId: row.account_id, key: row.key, spec, thread: l.thread, contact: l.contact, messages: msgs.results.map(rowToMessage) });
        resumed++;
      } else {
        // The thread is gone: nothing to do for it.
        await env.DB.prepare("UPDATE flow_turns SET after_done_at = ?1 WHERE key = ?2").bind(now, row.key).run();
      }
    } catch (error) {
      log.error("could not resume a flow turn", { error, key: row.key });
    }
  }
  if (resumed) log.warn("resumed flow turns whose after-effects were lost", { resumed });
  return resumed;
}

/** A delay this overdue lost its timer (a queue message that ran out of retries, a hop that was never queued). */
export const OVERDUE_DELAY_MS = 5 * 60_000;

/**
 * The safety net of the delay step: its timer is a delayed job on the queue (it survives restarts),
 * and a run still waiting on a delay well past its due time is continued here, from D1 alone. The
 * turn is keyed as the timer's own (`timer:<key>:<runId>`), so a timer delivered late after all
 * continues nothing a second time. Run by the same `flow-resume` job.
 */
export async function resumeOverdueDelays(env: Env, opts: { now?: number; graceMs?: number; limit?: number } = {}): Promise<number> {
  const now = opts.now ?? Date.now();
  // `status <> 'ended' AND thread_id > ''` lets SQLite walk the unfinished runs' partial index, not every run ever.
  const rows = await env.DB.prepare(
    `SELECT id, account_id, thread_id, json_extract(wait, '$.key') AS key FROM flow_runs
     WHERE status <> 'ended' AND thread_id > '' AND status = 'waiting' AND json_extract(wait, '$.kind') = 'delay' AND json_extract(wait, '$.dueAt') <= ?1
     LIMIT ?2`,
  )
    .bind(now - (opts.graceMs ?? OVERDUE_DELAY_MS), opts.limit ?? 200)
    .all<{ id: string; account_id: string; thread_id: string; key: string }>();
  let resumed = 0;
  for (const r of rows.results) {
    try {
      await runTurn(env, { accountId: r.account_id, threadId: r.thread_id, key: `timer:${r.key}:${r.id}`, input: { kind: "timer", key: r.key } });
      resumed++;
    } catch (error) {
      log.error("could not continue an overdue flow delay", { error, runId: r.id });
    }
  }
  if (resumed) log.warn("continued flow delays whose timer was lost", { resumed });
  return resumed;
}
