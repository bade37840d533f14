import type { ChainItem } from "../../../ai/assistant-handler";
import type { FlowRun } from "../../../db/schema/flow-runs";
import type { Env } from "../../../env";
import { createLogger } from "../../../lib/logger";
import { replyHooks } from "./ai-seam";
import { commentMatch } from "./comment-trigger";
import { keywordsDuringRun } from "./engine";
import { graphOf, type Loaded, loadTurn } from "./store";
import { broadcastButtonFlow, keywordStart, matchMessage, publishedFlow, startSource } from "./triggers";
import type { Wait } from "./types";
import { runTurn, type StartSpec } from "./turn";

const log = createLogger({ component: "flows" });

/**
 * The flow slot of the inbox's handler chain: each new incoming message (in order within its
 * thread) goes to the thread's unfinished run, or starts a published flow whose trigger it matches;
 * what no flow takes goes on to the assistant. An AI step hands its messages on too: the assistant
 * answers them with the step's instructions (worker/ai reads the run). So does a turn that sent the
 * customer nothing and ended the run or brought it to an AI step (engine.ts): the message is not
 * swallowed. A keyword of a published flow written while the run waits starts that flow instead.
 */
export async function flowSlot(env: Env, items: ChainItem[]): Promise<ChainItem[]> {
  const mine = items.filter((it) => it.flows);
  if (!mine.length) return items;
  const byThread = new Map<string, ChainItem[]>();
  for (const it of mine) byThread.set(it.threadId, [...(byThread.get(it.threadId) ?? []), it]);
  const taken = new Set<string>();
  await Promise.all(
    [...byThread.values()].map(async (list) => {
      for (const it of list) {
        try {
          if (await takeMessage(env, it)) taken.add(it.messageId);
        } catch (error) {
          log.error("flow turn failed", { error, threadId: it.threadId, messageId: it.messageId });
          // A turn that committed before failing is the flow's (its after-effects are resumed by
          // resume.ts): the assistant must not answer it too, unless the turn handed it on. One that
          // never committed goes on to the assistant rather than to nobody.
          if ((await committedTurn(env, it.messageId).catch(() => "taken" as const)) === "taken") taken.add(it.messageId);
        }
      }
    }),
  );
  return items.filter((it) => !taken.has(it.messageId));
}

/** Whether a flow turn keyed by this message committed (its ledger row exists), and whether it handed the message on. */
async function committedTurn(env: Env, key: string): Promise<"taken" | "passed" | "none"> {
  const row = await env.DB.prepare("SELECT json_extract(after, '$.passOn') AS pass FROM flow_turns WHERE key = ?1").bind(key).first<{ pass: number | null }>();
  return !row ? "none" : row.pass ? "passed" : "taken";
}

/** Whether the flow takes this message (true: the assistant does not see it). */
async function takeMessage(env: Env, it: ChainItem): Promise<boolean> {
  const l = await loadTurn(env, it.accountId, it.threadId, it.messageId, { starts: true });
  if (!l?.message || l.message.direction !== "incoming") return false;
  if (l.run && l.run.status !== "paused" && l.run.expiresAt !== null && l.run.expiresAt < l.ctx.now) {
    await expireRun(env, l);
    l.run = null;
  }
  const text = l.message.content ?? "";
  const buttonData = typeof l.message.metadata?.buttonData === "string" ? l.message.metadata.buttonData : null;
  if (l.run) {
    // A paused run (an operator took over) leaves the thread to people.
    if (l.run.status === "paused") return false;
    // A keyword of a published flow the customer writes now starts that flow (the run ends as replaced).
    const switchTo = await keywordDuringRun(env, l, l.run, text, buttonData);
    if (switchTo) {
      const out = await runTurn(env, { accountId: it.accountId, threadId: it.threadId, key: it.messageId, input: { kind: "start" }, start: switchTo, loaded: l, committedAt: it.committedAt });
      return !out.passToAssistant && out.status !== "gone";
    }
    // A delay does not wait for the customer.
    if ((l.run.wait as { kind?: string } | null)?.kind === "delay") return false;
    const out = await runTurn(env, { accountId: it.accountId, threadId: it.threadId, key: it.messageId, input: { kind: "message", text, buttonData }, loaded: l, committedAt: it.committedAt });
    return !out.passToAssistant && out.status !== "gone";
  }
  // A comment matching a comment keyword is the flow's (startCommentFlows DMs the contact after the comment is recorded).
  if (l.thread.kind === "comments") return !!commentMatch(l.starts ?? [], text);
  const start = await startFor(env, l, text, buttonData);
  if (!start) return false;
  const out = await runTurn(env, { accountId: it.accountId, threadId: it.threadId, key: it.messageId, input: { kind: "start" }, start, loaded: l, committedAt: it.committedAt });
  return !out.passToAssistant;
}

/**
 * The published flow whose keyword the customer wrote while the thread's run waits (engine.ts
 * keywordsDuringRun says which keywords count there), or null: the message is then the run's.
 * Never in a test chat, nor for a test run.
 */
async function keywordDuringRun(env: Env, l: Loaded, run: FlowRun, text: string, buttonData: string | null): Promise<StartSpec | null> {
  if (l.contact.isTestContact || run.isTest || !l.starts?.length) return null;
  const mode = keywordsDuringRun(graphOf(run), run.wait as Wait | null, text, buttonData);
  if (mode === "none") return null;
  const hit = keywordStart(l.starts, { text, platform: l.ctx.platform, threadKind: l.thread.kind }, (s, t) => t.match === "exact" || (mode === "any" && s.flowId !== run.flowId));
  if (!hit) return null;
  const source = await startSource(env, l.thread.accountId, hit);
  return source ? { source, trigger: "keyword", isTest: false } : null;
}

/** The published flow this message starts: a broadcast button with a flow, a keyword, the first message of a new contact. */
async function startFor(env: Env, l: Loaded, text: string, buttonData: string | null): Promise<StartSpec | null> {
  // A test chat talks to the assistant it tests; a flow runs there only when started by hand
  // (the editor's "Test", an operator's start), never because a published trigger matched.
  if (l.contact.isTestContact) return null;
  const isTest = false;
  const fromButton = await broadcastButtonFlow(env, l.thread.accountId, buttonData);
  if (fromButton) {
    const source = await publishedFlow(env, l.thread.accountId, fromButton);
    if (source) return { source, trigger: "broadcastButton", isTest };
  }
  const hit = matchMessage(l.starts ?? [], { text, platform: l.ctx.platform, firstOfContact: l.firstOfContact, threadKind: l.thread.kind });
  if (!hit) return null;
  const source = await startSource(env, l.thread.accountId, hit.start);
  return source ? { source, trigger: hit.trigger, isTest } : null;
}

/** A run that waited past its expiry ends (dropped at its step) before the message is looked at. */
async function expireRun(env: Env, l: Loaded) {
  const run = l.run!;
  const now = Date.now();
  const day = new Date(now).toISOString().slice(0, 10);
  await env.DB.batch([
    env.DB.prepare("UPDATE flow_runs SET status = 'ended', end_reason = 'expired', wait = NULL, ended_at = ?1, updated_at = ?1, rev = rev + 1 WHERE id = ?2 AND rev = ?3").bind(now, run.id, run.rev),
    env.DB.prepare(
      `INSERT INTO flow_step_stats (account_id, flow_id, step_id, day, entered, completed, dropped) SELECT ?1, ?2, ?3, ?4, 0, 0, 1 WHERE changes() > 0
       ON CONFLICT (flow_id, step_id, day) DO UPDATE SET dropped = dropped + 1`,
    ).bind(run.accountId, run.flowId, run.stepId ?? "", day),
  ]);
}

/**
 * After the assistant answered a thread whose run waits on an AI step: the goal phrase in the
 * reply, or the step's last turn, moves the run on (exactly once per assistant run).
 */
replyHooks.push(async (env, r) => {
  await runTurn(env as Env, { accountId: r.accountId, threadId: r.threadId, key: `ai:${r.runId}`, input: { kind: "aiReply", text: r.text } });
});
