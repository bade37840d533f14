import type { FlowRun } from "../../../db/schema/flow-runs";
import type { Env } from "../../../env";
import { AppError, notFound } from "../../../lib/errors";
import { newId } from "../../../lib/ids";
import { insertMessageStatement, messageRow } from "../../inbox/message-writer";
import { orderedId, rowToMessage } from "../../inbox/rows";
import { publishSafe } from "../../inbox/realtime";
import { serializeContact, serializeMessage, type ThreadFlowDto } from "../../inbox/serialize";
import { eventLine } from "./commit";
import { flowBadges } from "./badge";
import { type Loaded, loadTurn } from "./store";
import { scheduleTimer } from "./timers";
import { draftFlow, publishedFlow } from "./triggers";
import { runTurn } from "./turn";
import type { FlowEvent, Wait } from "./types";

export const FLOW_RUN_NOT_FOUND = "В этом диалоге нет запущенного сценария";

/**
 * A change of the run's status by people (stop, pause, resume), with its system line, in one
 * transaction guarded on the run's revision; the thread's new `flow` goes to the room.
 */
async function setRunStatus(env: Env, l: Loaded, run: FlowRun, to: { status: FlowRun["status"]; event: FlowEvent; reason: string }): Promise<boolean> {
  const now = Date.now();
  const ended = to.status === "ended";
  const row = messageRow({
    type: "text",
    direction: "system",
    content: eventLine({ flowEvent: to.event, reason: to.reason }, run.flowName),
    metadata: { flowEvent: to.event, flowId: run.flowId, flowName: run.flowName, runId: run.id, reason: to.reason, stepName: run.stepName },
    dedupeKey: `flow-${to.event}:${run.id}:${run.rev}`,
    createdAt: now,
  });
  const day = new Date(now).toISOString().slice(0, 10);
  const results = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare("UPDATE flow_runs SET status = ?1, end_reason = ?2, ended_at = ?3, updated_at = ?4, rev = rev + 1 WHERE id = ?5 AND rev = ?6 RETURNING id").bind(
      to.status,
      ended ? to.reason : null,
      ended ? now : null,
      now,
      run.id,
      run.rev,
    ),
    insertMessageStatement(env.DB, { accountId: run.accountId, threadId: run.threadId, contactId: run.contactId }, row, (n) => ({
      sql: `AND EXISTS (SELECT 1 FROM flow_runs WHERE id = ?${n} AND rev = ?${n + 1})`,
      params: [run.id, run.rev + 1],
    })),
    ...(ended
      ? [
          env.DB.prepare(
            `INSERT INTO flow_step_stats (account_id, flow_id, step_id, day, entered, completed, dropped) SELECT ?1, ?2, ?3, ?4, 0, 0, 1 WHERE EXISTS (SELECT 1 FROM flow_runs WHERE id = ?5 AND rev = ?6)
             ON CONFLICT (flow_id, step_id, day) DO UPDATE SET dropped = dropped + 1`,
          ).bind(run.accountId, run.flowId, run.stepId ?? "", day, run.id, run.rev + 1),
        ]
      : []),
  ]);
  if (!results[0]!.results.length) return false;
  const msg = results[1]!.results[0];
  const badge = ended ? null : ((await flowBadges(env, run.accountId, [run.threadId])).get(run.threadId) ?? null);
  const contact = serializeContact(l.contact, l.thread);
  await publishSafe(env, run.accountId, [
    ...(msg ? [{ event: "message" as const, data: serializeMessage(rowToMessage(msg), l.contact, l.thread) }] : []),
    { event: "updateContact", data: { ...contact, thread: contact.thread ? { ...contact.thread, flow: badge } : null } },
  ]);
  return true;
}

async function loaded(env: Env, accountId: string, threadId: string): Promise<Loaded> {
  const l = await loadTurn(env, accountId, threadId);
  if (!l) throw notFound("Диалог не найден", "THREAD_NOT_FOUND");
  return l;
}

/** An operator's reply or the AI switched off: the thread's running flow pauses (people took over). */
export async function pauseThreadFlow(env: Env, accountId: string, threadId: string, reason: "operator" | "aiOff"): Promise<void> {
  const l = await loadTurn(env, accountId, threadId);
  if (!l?.run || l.run.status === "paused") return;
  await setRunStatus(env, l, l.run, { status: "paused", event: "paused", reason });
}

export type ThreadFlowBody = { action: "start"; flowId: string } | { action: "stop" } | { action: "resume" };

/** `POST …/contacts/threads/:threadId/flow`: start a published flow, stop or resume the thread's run (operators too). */
export async function threadFlowAction(env: Env, accountId: string, threadId: string, body: ThreadFlowBody): Promise<{ flow: ThreadFlowDto | null }> {
  const l = await loaded(env, accountId, threadId);
  if (body.action === "start") {
    const source = await publishedFlow(env, accountId, body.flowId);
    if (!source) throw new AppError(409, "FLOW_NOT_PUBLISHED", "Запустить можно только опубликованный сценарий");
    await runTurn(env, { accountId, threadId, key: `manual:${newId()}`, input: { kind: "start" }, start: { source, trigger: "manual", isTest: l.contact.isTestContact }, loaded: l });
  } else if (!l.run) throw notFound(FLOW_RUN_NOT_FOUND, "FLOW_RUN_NOT_FOUND");
  else if (body.action === "stop") await setRunStatus(env, l, l.run, { status: "ended", event: "ended", reason: "stopped" });
  else {
    if (l.run.status !== "paused") throw new AppError(409, "FLOW_NOT_PAUSED", "Сценарий не приостановлен");
    const wait = l.run.wait as Wait | null;
    await setRunStatus(env, l, l.run, { status: wait ? "waiting" : "running", event: "resumed", reason: "operator" });
    // A delay that fell due while the run was paused continues now.
    if (wait?.kind === "delay") await scheduleTimer(env, { accountId, threadId, runId: l.run.id, key: wait.key, dueAt: wait.dueAt });
  }
  return { flow: (await flowBadges(env, accountId, [threadId])).get(threadId) ?? null };
}

/** `POST …/flows/:flowId/test`: the current draft in the member's own test chat (the playground's test contact). */
export async function testFlow(env: Env, accountId: string, user: { id: string; name: string }, flowId: string): Promise<{ threadId: string }> {
  const source = await draftFlow(env, accountId, flowId);
  if (!source) throw notFound("Сценарий не найден", "FLOW_NOT_FOUND");
  const threadId = await testThread(env, accountId, user);
  await runTurn(env, { accountId, threadId, key: `test:${newId()}`, input: { kind: "start" }, start: { source, trigger: "test", isTest: true } });
  return { threadId };
}

/** The member's test chat thread (test-bot contact, WEBCHAT), made when missing. */
async function testThread(env: Env, accountId: string, user: { id: string; name: string }): Promise<string> {
  const puid = `test-bot:${user.id}`;
  const find = () =>
    env.DB.prepare(
      "SELECT t.id FROM threads t JOIN contacts c ON c.id = t.contact_id WHERE c.account_id = ?1 AND c.platform = 'WEBCHAT' AND c.platform_user_id = ?2 AND t.account_id = ?1 ORDER BY t.created_at LIMIT 1",
    )
      .bind(accountId, puid)
      .first<{ id: string }>();
  const found = await find();
  if (found) return found.id;
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO contacts (id, account_id, platform, platform_user_id, name, is_test_contact, search_text, custom_fields, facts, first_seen_at, last_seen_at, created_at, updated_at)
       VALUES (?1, ?2, 'WEBCHAT', ?3, ?4, 1, ?5, '{}', '[]', ?6, ?6, ?6, ?6) ON CONFLICT DO NOTHING`,
    ).bind(orderedId(), accountId, puid, user.name, user.name.toLocaleLowerCase("ru"), now),
    env.DB.prepare(
      `INSERT INTO threads (id, account_id, contact_id, channel_id, kind, external_thread_id, status, gpt_status, is_gpt_active, unread_count, search_text, platform, is_test, created_at, updated_at)
       SELECT ?1, ?2, c.id, NULL, 'dm', '', 'active', 'COMPLETED', 0, 0, ?4, 'WEBCHAT', 1, ?5, ?5 FROM contacts c
       WHERE c.account_id = ?2 AND c.platform = 'WEBCHAT' AND c.platform_user_id = ?3 AND NOT EXISTS (SELECT 1 FROM threads t WHERE t.contact_id = c.id)`,
    ).bind(orderedId(), accountId, puid, user.name.toLocaleLowerCase("ru"), now),
  ]);
  return (await find())!.id;
}
