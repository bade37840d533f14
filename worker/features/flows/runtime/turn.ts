import type { Env } from "../../../env";
import { newId } from "../../../lib/ids";
import { faultPoint } from "../../../lib/faults";
import { createLogger } from "../../../lib/logger";
import { setContactFields } from "../../custom-fields/contact-fields.service";
import { publishSafe } from "../../inbox/realtime";
import { serializeContact, serializeMessage } from "../../inbox/serialize";
import { flowBookingResult } from "../../google-calendar/flow-booking";
import { enqueueSends } from "../../outbound/outbound";
import { runAction } from "./actions";
import type { Contact, Message, Thread } from "../../../db/schema/inbox";
import { type AfterSpec, commitTurn, type RunSource, type TurnPlan } from "./commit";
import { advance } from "./engine";
import { graphOf, type Loaded, loadTurn, runView } from "./store";
import { scheduleTimer } from "./timers";
import { noteTiming } from "./timings";
import { type FlowSource, publishedFlow } from "./triggers";
import type { Effect, RtGraph, RunView, TurnInput } from "./types";

const log = createLogger({ component: "flows" });

/** A run waiting for a customer ends (dropped) after this long without an answer. */
export const RUN_TTL_MS = 24 * 3600_000;
const MAX_ATTEMPTS = 4;

export interface StartSpec {
  source: FlowSource;
  trigger: string;
  isTest: boolean;
}

export interface TurnRequest {
  accountId: string;
  threadId: string;
  /** The exactly-once key of what the run reacts to. */
  key: string;
  input: TurnInput;
  /** Starts a new run (an unfinished one of the thread ends as replaced). */
  start?: StartSpec;
  /** The first attempt may reuse what the caller already read. */
  loaded?: Loaded | null;
  /** When the incoming message's commit returned (the benchmark's stamps). */
  committedAt?: number;
}

export type TurnOutcome = { status: "done" | "duplicate" | "idle" | "gone"; passToAssistant: boolean; runId?: string };

const FRESH: RunView = { stepId: null, stepName: "", status: "running", wait: null, vars: {}, retries: 0 };

function expiry(run: RunView, now: number): number | null {
  if (run.status === "ended") return null;
  if (run.wait?.kind === "delay") return run.wait.dueAt + RUN_TTL_MS;
  return now + RUN_TTL_MS;
}

/**
 * One turn of a thread's flow: read (one round trip), advance the run (pure), commit everything in
 * one guarded transaction (the ledger key makes it exactly once; a concurrent turn on the same run
 * makes the commit write nothing, and the turn reads again), then the after-effects.
 */
export async function runTurn(env: Env, req: TurnRequest): Promise<TurnOutcome> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const l = (attempt === 0 && req.loaded) || (await loadTurn(env, req.accountId, req.threadId));
    if (!l) return { status: "gone", passToAssistant: false };
    let source: RunSource;
    let base: RunView;
    let graph: RtGraph;
    if (req.start) {
      const s = req.start.source;
      source = { kind: "new", runId: newId(), flowId: s.flowId, flowName: s.name, version: s.version, graph: s.graph, trigger: req.start.trigger, isTest: req.start.isTest, replaces: l.run };
      base = FRESH;
      graph = s.graph as RtGraph;
    } else {
      if (!l.run || l.run.status === "paused") return { status: "idle", passToAssistant: false };
      source = { kind: "existing", run: l.run };
      base = runView(l.run);
      graph = graphOf(l.run);
    }
    const result = advance(graph, base, req.start ? { kind: "start" } : req.input, l.ctx);
    if (!result.changed) return { status: "idle", passToAssistant: false };
    // A keyword or an operator's start that replaces the thread's run says so in the chat, before the new run's lines.
    const via = req.start?.trigger === "keyword" ? "keyword" : req.start?.trigger === "manual" ? "operator" : null;
    const replaced = via && l.run ? l.run : null;
    const effects: Effect[] = replaced
      ? [{ type: "event", flowEvent: "ended", reason: "replaced", of: { runId: replaced.id, flowId: replaced.flowId, flowName: replaced.flowName }, replacedBy: req.start!.source.name, replacedVia: via! }, ...result.effects]
      : result.effects;
    const plan: TurnPlan = { key: req.key, source, run: result.run, effects, expiresAt: expiry(result.run, l.ctx.now), passOn: result.passToAssistant };
    const out = await commitTurn(env, l, plan);
    if (out.status === "conflict") continue;
    // A repeat of the key (a redelivered message) passes the message on as the first turn did.
    if (out.status === "duplicate") return { status: "duplicate", passToAssistant: out.passOn };
    await runAfter(env, { accountId: l.thread.accountId, key: plan.key, spec: out.after, thread: out.thread ?? l.thread, contact: l.contact, messages: out.messages, committedAt: req.committedAt });
    return { status: "done", passToAssistant: result.passToAssistant, runId: out.runId };
  }
  throw new Error("the flow run kept changing under the turn");
}

/** What the after-effects of a committed turn need: its outbox row's spec, the thread and contact, its messages. */
export interface AfterInput {
  accountId: string;
  /** The turn's ledger key. */
  key: string;
  spec: AfterSpec;
  thread: Thread;
  contact: Contact;
  messages: Message[];
  /** When the incoming message's commit returned (the benchmark's stamps). */
  committedAt?: number;
}

/**
 * After the commit: the room, the sends (the one outbound queue), fields and actions, the delay's
 * timer, the next flow; then the turn's outbox row is marked done. Each is keyed (a message id on
 * the outbound queue, the timer's key, the goto's turn key, the hand-off note's dedupe key) or
 * idempotent, so the sweeper may run them again for a turn whose isolate died (resume.ts).
 */
export async function runAfter(env: Env, a: AfterInput): Promise<void> {
  const { accountId, spec, thread, contact } = a;
  // The thread's `flow` as the turn left it, for the chat header.
  const r = spec.run;
  const flow = r.status === "ended" ? null : { runId: spec.runId, flowId: spec.flowId, flowName: spec.flowName, status: r.status as "running" | "waiting" | "paused", stepName: r.stepName };
  const card = serializeContact(contact, thread);
  // The push starts first (the room orders by arrival) and the sends go on the queue meanwhile.
  const pushed = publishSafe(env, accountId, [
    ...a.messages.map((m) => ({ event: "message" as const, data: serializeMessage(m, contact, thread), ...(m.direction === "outgoing" ? { webhooks: ["message.sent" as const] } : {}) })),
    { event: "updateContact" as const, data: { ...card, thread: card.thread ? { ...card.thread, flow } : null } },
  ]);
  const sends = a.messages.filter((m) => m.direction === "outgoing" && m.deliveryStatus === "pending").map((m) => ({ accountId, messageId: m.id }));
  if (sends.length) {
    await enqueueSends(env, sends);
    if (a.committedAt) noteTiming({ key: a.key, committedAt: a.committedAt, enqueuedAt: Date.now() });
    // The step's sends are queued; the run's after-effects (timer, goto, actions) and its outbox row are not.
    faultPoint(env, "flow.afterSendQueued");
  }
  await pushed;
  const target = { accountId, threadId: thread.id, contactId: contact.id, runId: spec.runId, flowId: spec.flowId, flowName: spec.flowName, turnKey: a.key };
  for (const e of spec.effects) {
    if (e.type === "saveField") {
      await setContactFields(env, accountId, contact.id, { [e.key]: e.value }).catch((error) => log.warn("flow could not save a field", { error, key: e.key }));
    } else if (e.type === "action") await runAction(env, { ...target, place: e.place }, e.action);
    else if (e.type === "delay") await scheduleTimer(env, { accountId, threadId: thread.id, runId: spec.runId, key: e.key, dueAt: e.dueAt });
    else if (e.type === "goto") {
      const next = await publishedFlow(env, accountId, e.flowId);
      if (next) await runTurn(env, { accountId, threadId: thread.id, key: `${a.key}:goto:${e.flowId}`, input: { kind: "start" }, start: { source: next, trigger: "goto", isTest: spec.isTest } });
    } else if (e.type === "booking") {
      // The booking step's calendar call; its answer is the run's next turn (keyed, so a resumed turn repeats nothing).
      const result = await flowBookingResult(env, { accountId, contactId: contact.id, threadId: thread.id }, e);
      await runTurn(env, { accountId, threadId: thread.id, key: `${a.key}:booking:${e.op}`, input: { kind: "booking", key: e.key, result } });
    }
  }
  await env.DB.prepare("UPDATE flow_turns SET after_done_at = ?1 WHERE key = ?2").bind(Date.now(), a.key).run();
}
