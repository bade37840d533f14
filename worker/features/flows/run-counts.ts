import type { Env } from "../../env";
import { statsSince } from "./runtime/stats";

export interface FlowRunCounts {
  started7d: number;
  completed7d: number;
}

/**
 * Conversations each flow started and completed in the last 7 days (today and the 6 days before,
 * UTC), for the list: the runtime's per-day counts (flow_step_stats, the flow's own row).
 */
export async function flowRunCounts(env: Env, accountId: string, flowIds: string[]): Promise<Map<string, FlowRunCounts>> {
  if (!flowIds.length) return new Map();
  const rows = await env.DB.prepare(
    `SELECT flow_id, sum(entered) AS started, sum(completed) AS completed FROM flow_step_stats
     WHERE account_id = ?1 AND step_id = '' AND day >= ?2 AND flow_id IN (SELECT value FROM json_each(?3)) GROUP BY flow_id`,
  )
    .bind(accountId, statsSince(7), JSON.stringify(flowIds))
    .all<{ flow_id: string; started: number; completed: number }>();
  return new Map(rows.results.map((r) => [r.flow_id, { started7d: Number(r.started), completed7d: Number(r.completed) }]));
}
