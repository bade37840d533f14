import type { Channel } from "../../db/schema/inbox";
import type { Env } from "../../env";
import { type CompiledFilter, reachable } from "../audience/compile";

/**
 * A broadcast's audience on its channel: the filter's reachable contacts (subscribed, never test,
 * of this account: `compileFilter` and `reachable` say so) that have a direct thread on the
 * broadcast's channel: the thread the message goes into. The filter comes first as a CTE so its
 * positional parameters keep their order before ours.
 */
function onChannel(f: CompiledFilter, ch: Pick<Channel, "id" | "accountId" | "platform">) {
  const r = reachable(f);
  const cte = `WITH aud AS (SELECT c.id AS id FROM ${r.from} WHERE ${r.where} AND c.platform = ?)`;
  const join = "JOIN threads t ON t.contact_id = aud.id AND t.account_id = ? AND t.channel_id = ? AND t.kind = 'dm'";
  return { cte, join, args: [...r.args, ch.platform], joinArgs: [ch.accountId, ch.id] };
}

/** How many contacts the broadcast would reach on its channel now. */
export async function countOnChannel(env: Env, f: CompiledFilter, ch: Pick<Channel, "id" | "accountId" | "platform">): Promise<number> {
  const q = onChannel(f, ch);
  const row = await env.DB.prepare(`${q.cte} SELECT count(DISTINCT aud.id) AS n FROM aud ${q.join}`)
    .bind(...q.args, ...q.joinArgs)
    .first<{ n: number }>();
  return Number(row?.n ?? 0);
}

/**
 * Materializes the recipients set-based (one INSERT … SELECT, at most `limit`, each contact once:
 * the (broadcast, contact) key ignores a repeat). Answers how many the broadcast has now.
 */
export async function materializeRecipients(env: Env, broadcastId: string, f: CompiledFilter, ch: Pick<Channel, "id" | "accountId" | "platform">, limit: number): Promise<number> {
  const q = onChannel(f, ch);
  const now = Date.now();
  const [, total] = await env.DB.batch<{ n: number }>([
    env.DB.prepare(
      `${q.cte} INSERT OR IGNORE INTO broadcast_recipients (broadcast_id, contact_id, account_id, thread_id, created_at, updated_at)
       SELECT ?, aud.id, ?, min(t.id), ?, ? FROM aud ${q.join} GROUP BY aud.id ORDER BY aud.id LIMIT ?`,
    ).bind(...q.args, broadcastId, ch.accountId, now, now, ...q.joinArgs, limit),
    env.DB.prepare("SELECT count(*) AS n FROM broadcast_recipients WHERE broadcast_id = ?").bind(broadcastId),
  ]);
  return Number(total!.results[0]?.n ?? 0);
}
