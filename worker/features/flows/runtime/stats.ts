import type { Env } from "../../../env";
import { notFound } from "../../../lib/errors";

/** The first UTC day of a window of `days` days ending today (YYYY-MM-DD). */
export function statsSince(days: number, now = Date.now()): string {
  return new Date(now - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}

export interface FlowStats {
  started: number;
  completed: number;
  steps: Record<string, { entered: number; completed: number; dropped: number }>;
}

/** `GET …/flows/:flowId/stats?days=`: the flow's runs started and completed, and each step's counts. */
export async function flowStats(env: Env, accountId: string, flowId: string, days: number): Promise<FlowStats> {
  const [flow, rows] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare("SELECT id FROM flows WHERE id = ?1 AND account_id = ?2").bind(flowId, accountId),
    env.DB.prepare(
      `SELECT step_id, sum(entered) AS entered, sum(completed) AS completed, sum(dropped) AS dropped FROM flow_step_stats
       WHERE account_id = ?1 AND flow_id = ?2 AND day >= ?3 GROUP BY step_id`,
    ).bind(accountId, flowId, statsSince(days)),
  ]);
  if (!flow!.results[0]) throw notFound("Сценарий не найден", "FLOW_NOT_FOUND");
  const out: FlowStats = { started: 0, completed: 0, steps: {} };
  for (const r of rows!.results) {
    const c = { entered: Number(r.entered), completed: Number(r.completed), dropped: Number(r.dropped) };
    if (r.step_id === "") {
      out.started = c.entered;
      out.completed = c.completed;
    } else out.steps[String(r.step_id)] = c;
  }
  return out;
}
