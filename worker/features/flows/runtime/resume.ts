import type { Env } from "../../../env";
import { createLogger } from "../../../lib/logger";
import { rowToMessage } from "../../inbox/rows";
import type { AfterSpec } from "./commit";
import { loadTurn } from "./store";
import { runAfter } from "./turn";

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
