import type { Env } from "../../../env";
import type { ContactDto, ThreadFlowDto } from "../../inbox/serialize";
import { accountHasUnfinishedRunSql } from "./ai-seam";

/**
 * The unfinished runs of these threads: each thread's run by the partial index on unfinished runs
 * (CROSS JOIN keeps the threads' list outside, else SQLite walks every run of the account); an
 * account without unfinished runs (most inbox pages) reads nothing past that one check.
 */
export function flowBadgesStatement(db: D1Database, accountId: string, threadIds: string[]): D1PreparedStatement {
  return db
    .prepare(
      `SELECT r.id, r.thread_id, r.flow_id, r.flow_name, r.status, r.step_name
       FROM (SELECT 1 WHERE ${accountHasUnfinishedRunSql("?1")}) CROSS JOIN json_each(?2) j
         CROSS JOIN flow_runs r ON r.thread_id = j.value AND r.status <> 'ended'
       WHERE r.account_id = ?1`,
    )
    .bind(accountId, JSON.stringify(threadIds));
}

/** The unfinished runs of these threads, as the chat's `thread.flow`. */
export async function flowBadges(env: Env, accountId: string, threadIds: string[]): Promise<Map<string, ThreadFlowDto>> {
  if (!threadIds.length) return new Map();
  const rows = await flowBadgesStatement(env.DB, accountId, threadIds).all<Record<string, string>>();
  return new Map(
    rows.results.map((r) => [r.thread_id!, { runId: r.id!, flowId: r.flow_id!, flowName: r.flow_name!, status: r.status as ThreadFlowDto["status"], stepName: r.step_name! }]),
  );
}

/** Contacts with their thread's `flow` filled (null without an unfinished run). */
export async function withFlows<T extends Pick<ContactDto, "thread">>(env: Env, accountId: string, contacts: T[]): Promise<T[]> {
  const ids = contacts.map((c) => c.thread?.threadId).filter((x): x is string => !!x);
  const badges = await flowBadges(env, accountId, ids);
  return contacts.map((c) => (c.thread ? { ...c, thread: { ...c.thread, flow: badges.get(c.thread.threadId) ?? null } } : c));
}
