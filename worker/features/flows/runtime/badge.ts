import type { Env } from "../../../env";
import type { ContactDto, ThreadFlowDto } from "../../inbox/serialize";

/** The unfinished runs of these threads, as the chat's `thread.flow`. */
export async function flowBadges(env: Env, accountId: string, threadIds: string[]): Promise<Map<string, ThreadFlowDto>> {
  if (!threadIds.length) return new Map();
  const rows = await env.DB.prepare(
    `SELECT id, thread_id, flow_id, flow_name, status, step_name FROM flow_runs WHERE account_id = ?1 AND status <> 'ended' AND thread_id IN (SELECT value FROM json_each(?2))`,
  )
    .bind(accountId, JSON.stringify(threadIds))
    .all<Record<string, string>>();
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
