import type { FlowRun } from "../../../db/schema/flow-runs";
import type { Message } from "../../../db/schema/inbox";
import type { Env } from "../../../env";
import { newId } from "../../../lib/ids";
import { insertMessageStatement, lastMessageFields, type MessageDraft, messageRow, threadFollowStatement } from "../../inbox/message-writer";
import { orderedId, rowToMessage, rowToThread } from "../../inbox/rows";
import type { Loaded } from "./store";
import type { Effect, FlowEvent, RunView, StepType } from "./types";

/** Where the turn's run comes from: the thread's run as loaded, or a new one (which may replace it). */
export type RunSource =
  | { kind: "existing"; run: FlowRun }
  | { kind: "new"; runId: string; flowId: string; flowName: string; version: number; graph: unknown; trigger: string; isTest: boolean; replaces: FlowRun | null };

export interface TurnPlan {
  /** The exactly-once key: an incoming message id, a delay's key, a start request's id. */
  key: string;
  source: RunSource;
  run: RunView;
  effects: Effect[];
  /** How long a waiting run lives without an answer. */
  expiresAt: number | null;
  /** The customer's message goes on to the assistant after the turn (kept in the ledger for a repeat). */
  passOn?: boolean;
}

export type CommitOutcome =
  | { status: "done"; runId: string; messages: Message[]; thread: ReturnType<typeof rowToThread> | null; after: AfterSpec }
  | { status: "duplicate"; passOn: boolean }
  | { status: "conflict" };

/**
 * The turn's outbox (flow_turns.after), written with its ledger row: everything the after-effects
 * need besides the thread and contact, so a sweeper can run them when the isolate died after the
 * commit (resume.ts). The messages are named by their dedupe keys.
 */
export interface AfterSpec {
  threadId: string;
  runId: string;
  flowId: string;
  flowName: string;
  isTest: boolean;
  run: { status: RunView["status"]; stepName: string };
  effects: Effect[];
  messageKeys: string[];
  /** The turn handed the customer's message on to the assistant. */
  passOn?: boolean;
}

const AFTER_EFFECTS = new Set<Effect["type"]>(["saveField", "action", "delay", "goto", "booking"]);

export function afterSpec(l: Loaded, plan: TurnPlan): AfterSpec {
  const src = plan.source;
  const runId = src.kind === "existing" ? src.run.id : src.runId;
  return {
    threadId: l.thread.id,
    runId,
    flowId: src.kind === "existing" ? src.run.flowId : src.flowId,
    flowName: src.kind === "existing" ? src.run.flowName : src.flowName,
    isTest: src.kind === "existing" ? src.run.isTest : src.isTest,
    run: { status: plan.run.status, stepName: plan.run.stepName },
    effects: plan.effects.filter((e) => AFTER_EFFECTS.has(e.type)),
    messageKeys: plan.effects.flatMap((e, i) => (e.type === "send" || e.type === "event" ? [messageKey(plan.key, runId, i)] : [])),
    ...(plan.passOn ? { passOn: true } : {}),
  };
}

const messageKey = (key: string, runId: string, i: number) => `flow:${key}:${runId}:${i}`;

const day = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The system line of a flow event (metadata.flowEvent), in Russian as the chat shows it. */
export function eventLine(e: { flowEvent: FlowEvent; stepName?: string; stepType?: StepType; reason?: string; replacedBy?: string; replacedVia?: "keyword" | "operator" }, flowName: string): string {
  switch (e.flowEvent) {
    case "started":
      return `Сценарий «${flowName}» запущен`;
    case "step":
      return `Сценарий «${flowName}»: шаг «${e.stepName ?? ""}»`;
    case "ended":
      if (e.reason === "replaced" && e.replacedBy !== undefined)
        return e.replacedVia === "operator"
          ? `Сценарий «${flowName}» прерван: оператор запустил сценарий «${e.replacedBy}»`
          : `Сценарий «${flowName}» прерван: клиент написал ключевое слово сценария «${e.replacedBy}»`;
      return e.reason === "stopped" ? `Сценарий «${flowName}» остановлен` : `Сценарий «${flowName}» завершён`;
    case "paused":
      return `Сценарий «${flowName}» приостановлен`;
    case "resumed":
      return `Сценарий «${flowName}» продолжен`;
  }
}

/**
 * The chat's order follows the run's: each send and system line gets its id here, in the order of
 * the effects, and so does each action (`place`), for the message it may write after the commit (a
 * hand-off note), so that note sits between the lines of the steps around it, not after the turn's
 * last line («завершён»). All carry the commit's time; the ids keep the order within it.
 */
export function placeEffects(plan: TurnPlan, now: number): { plan: TurnPlan; ids: (string | null)[] } {
  const ids = plan.effects.map((e) => (e.type === "send" || e.type === "event" || e.type === "action" ? orderedId() : null));
  const effects = plan.effects.map((e, i): Effect => (e.type === "action" ? { ...e, place: e.place ?? { id: ids[i]!, at: now } } : e));
  return { plan: { ...plan, effects }, ids };
}

/** The turn's effects as message drafts: the sends (outgoing, pending for a messenger) and the system lines. */
function drafts(l: Loaded, plan: TurnPlan, ids: (string | null)[], runId: string, flowId: string, flowName: string, now: number): MessageDraft[] {
  const toMessenger = !!l.thread.channelId && !l.contact.isTestContact;
  const out: MessageDraft[] = [];
  plan.effects.forEach((e, i) => {
    const dedupeKey = messageKey(plan.key, runId, i);
    const id = ids[i] ?? undefined;
    if (e.type === "send") {
      out.push({
        id,
        type: (e.media?.type as Message["type"] | undefined) ?? "text",
        direction: "outgoing",
        senderType: "assistant",
        content: e.text,
        payloadUrl: e.media?.key ?? null,
        fileName: e.media?.fileName ?? null,
        mimeType: e.media?.mimeType ?? null,
        metadata: { flowId, flowStepId: e.stepId, runId, ...(e.buttons?.length ? { buttons: e.buttons } : {}) },
        dedupeKey,
        delivery: toMessenger ? "pending" : "sent",
        createdAt: now,
      });
    } else if (e.type === "event") {
      // A line of another run (the one a keyword replaced) names that run.
      const of = e.of ?? { runId, flowId, flowName };
      out.push({
        id,
        type: "text",
        direction: "system",
        senderType: "system",
        content: eventLine(e, of.flowName),
        metadata: {
          flowEvent: e.flowEvent,
          flowId: of.flowId,
          flowName: of.flowName,
          runId: of.runId,
          ...(e.stepName !== undefined ? { stepName: e.stepName, stepType: e.stepType, flowStepId: e.stepId } : {}),
          ...(e.reason ? { reason: e.reason } : {}),
          ...(e.replacedBy !== undefined ? { replacedBy: e.replacedBy } : {}),
          ...(e.replacedVia !== undefined ? { replacedVia: e.replacedVia } : {}),
        },
        dedupeKey,
        createdAt: now,
      });
    }
  });
  return out;
}

function statStatements(db: D1Database, accountId: string, flowId: string, effects: Effect[], now: number, guard: string, gp: unknown[]): D1PreparedStatement[] {
  const counts = new Map<string, { entered: number; completed: number; dropped: number }>();
  for (const e of effects) {
    if (e.type !== "stat") continue;
    const c = counts.get(e.stepId) ?? { entered: 0, completed: 0, dropped: 0 };
    c[e.kind]++;
    counts.set(e.stepId, c);
  }
  if (!counts.size) return [];
  const rows = JSON.stringify([...counts].map(([step, c]) => ({ step, ...c })));
  return [
    db
      .prepare(
        `INSERT INTO flow_step_stats (account_id, flow_id, step_id, day, entered, completed, dropped)
         SELECT ?1, ?2, j.value ->> 'step', ?3, j.value ->> 'entered', j.value ->> 'completed', j.value ->> 'dropped' FROM json_each(?4) AS j WHERE ${guard}
         ON CONFLICT (flow_id, step_id, day) DO UPDATE SET entered = entered + excluded.entered, completed = completed + excluded.completed, dropped = dropped + excluded.dropped`,
      )
      .bind(accountId, flowId, day(now), rows, ...gp),
  ];
}

/**
 * One transaction for the whole turn: the ledger row (only when the run is still at the revision
 * the turn read, and the key is new), then, each guarded on that row, the run, the messages, the
 * thread's preview and the step counts. A repeat of the key or a concurrent turn writes nothing.
 */
export async function commitTurn(env: Env, l: Loaded, unplaced: TurnPlan): Promise<CommitOutcome> {
  const db = env.DB;
  const now = Date.now();
  const { plan, ids } = placeEffects(unplaced, now);
  const after = afterSpec(l, plan);
  const nonce = newId();
  const accountId = l.thread.accountId;
  const src = plan.source;
  const runId = src.kind === "existing" ? src.run.id : src.runId;
  const flowId = src.kind === "existing" ? src.run.flowId : src.flowId;
  const flowName = src.kind === "existing" ? src.run.flowName : src.flowName;
  // Every other statement holds only when this attempt's ledger row exists (key and nonce).
  const guard = "EXISTS (SELECT 1 FROM flow_turns WHERE key = ? AND nonce = ?)";
  const gp = [plan.key, nonce];
  const stmts: D1PreparedStatement[] = [];
  // The ledger row is written only when the run is as the turn read it: the run at its revision, or
  // for a new run the thread's unfinished one it replaces (at its revision) or none at all.
  const replaces = src.kind === "new" ? src.replaces : null;
  const readAs =
    src.kind === "existing"
      ? "EXISTS (SELECT 1 FROM flow_runs WHERE id = ?3 AND rev = ?6)"
      : replaces
        ? "EXISTS (SELECT 1 FROM flow_runs WHERE id = ?6 AND rev = ?8 AND status <> 'ended')"
        : "NOT EXISTS (SELECT 1 FROM flow_runs WHERE thread_id = ?6 AND status <> 'ended')";
  const ledger = db
    .prepare(`INSERT INTO flow_turns (key, account_id, run_id, nonce, created_at, after) SELECT ?1, ?2, ?3, ?4, ?5, ?7 WHERE ${readAs} ON CONFLICT DO NOTHING RETURNING key`)
    .bind(
      plan.key,
      accountId,
      runId,
      nonce,
      now,
      src.kind === "existing" ? src.run.rev : (replaces?.id ?? l.thread.id),
      JSON.stringify(after),
      ...(replaces ? [replaces.rev] : []),
    );
  const ledgerAt = stmts.length;
  stmts.push(ledger);
  // The run it replaces ends only with this attempt's ledger row (a repeat of the key ends nothing).
  if (replaces) {
    stmts.push(
      db
        .prepare(`UPDATE flow_runs SET status = 'ended', end_reason = 'replaced', ended_at = ?, updated_at = ?, rev = rev + 1 WHERE id = ? AND rev = ? AND ${guard}`)
        .bind(now, now, replaces.id, replaces.rev, ...gp),
    );
  }
  const r = plan.run;
  const ended = r.status === "ended";
  if (src.kind === "existing") {
    stmts.push(
      db
        .prepare(
          `UPDATE flow_runs SET step_id = ?, step_name = ?, status = ?, wait = ?, variables = ?, retries = ?, expires_at = ?, end_reason = ?, ended_at = ?, updated_at = ?, rev = rev + 1 WHERE id = ? AND ${guard}`,
        )
        .bind(r.stepId, r.stepName, r.status, r.wait ? JSON.stringify(r.wait) : null, JSON.stringify(r.vars), r.retries, plan.expiresAt, r.endReason ?? null, ended ? now : null, now, runId, ...gp),
    );
  } else {
    stmts.push(
      db
        .prepare(
          `INSERT INTO flow_runs (id, account_id, thread_id, contact_id, flow_id, flow_name, flow_version, graph, step_id, step_name, status, wait, variables, retries, expires_at, is_test, trigger, end_reason, rev, started_at, ended_at, created_at, updated_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, 1, ?19, ?20, ?19, ?19 WHERE EXISTS (SELECT 1 FROM flow_turns WHERE key = ?21 AND nonce = ?22)`,
        )
        .bind(
          runId,
          accountId,
          l.thread.id,
          l.contact.id,
          flowId,
          flowName,
          src.version,
          JSON.stringify(src.graph),
          r.stepId,
          r.stepName,
          r.status,
          r.wait ? JSON.stringify(r.wait) : null,
          JSON.stringify(r.vars),
          r.retries,
          plan.expiresAt,
          src.isTest ? 1 : 0,
          src.trigger,
          r.endReason ?? null,
          now,
          ended ? now : null,
          ...gp,
        ),
    );
  }
  const rows = drafts(l, plan, ids, runId, flowId, flowName, now).map(messageRow);
  const at = { accountId, threadId: l.thread.id, contactId: l.contact.id };
  const msgFrom = stmts.length;
  for (const row of rows) stmts.push(insertMessageStatement(db, at, row, (n) => ({ sql: `AND EXISTS (SELECT 1 FROM flow_turns WHERE key = ?${n} AND nonce = ?${n + 1})`, params: gp })));
  const lastVisible = [...rows].reverse().find((x) => x.direction === "outgoing");
  const threadAt = stmts.length;
  if (lastVisible) {
    stmts.push(
      threadFollowStatement(db, accountId, l.thread.id, {
        last: lastMessageFields({ type: lastVisible.type as Message["type"], content: String(lastVisible.content ?? ""), fileName: lastVisible.file_name as string | null }, now, l.contact),
        onlyIfInserted: rows.map((x) => String(x.id)),
      }),
    );
  }
  stmts.push(...statStatements(db, accountId, flowId, plan.effects, now, guard, gp));
  const results = await db.batch<Record<string, unknown>>(stmts);
  if (!results[ledgerAt]!.results.length) {
    const seen = await db.prepare("SELECT json_extract(after, '$.passOn') AS pass FROM flow_turns WHERE key = ?").bind(plan.key).first<{ pass: number | null }>();
    return seen ? { status: "duplicate", passOn: !!seen.pass } : { status: "conflict" };
  }
  const messages = results.slice(msgFrom, msgFrom + rows.length).flatMap((x) => x.results.map(rowToMessage));
  const threadRow = lastVisible ? results[threadAt]!.results[0] : undefined;
  return { status: "done", runId, messages, thread: threadRow ? rowToThread(threadRow) : null, after };
}
