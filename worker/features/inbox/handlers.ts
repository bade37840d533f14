import { type AssistantPlan, assistantInCommit, type ChainItem, scheduleAssistant } from "../../ai/assistant-handler";
import type { Env } from "../../env";
import { flowSlot as takeForFlows } from "../flows/runtime/handler";
import { flowDecider, flowPreReads, type FlowDecision, type PreCommitMessage } from "../flows/runtime/pre-commit";

export type { ChainItem };

/**
 * The handler chain of freshly ingested incoming messages, in order. Each handler gets the
 * messages the handlers before it left, and returns the ones it leaves to the next: a flow that
 * takes a thread keeps its messages, so the assistant never sees them. A handler may also plan
 * inside the ingest's own commit (`inCommit`, threads with one incoming message, so their turn can
 * start as soon as the commit returns); the first handler that has one gets those messages. The flow
 * slot decides before the commit which of them it takes (chainPreReads/chainDecider, from the
 * ingest's first read batch): only the ones it leaves are planned in the commit.
 *
 * Slots: 1. flows (worker/features/flows/runtime/handler.ts: a thread's running flow, or a
 *           message matching a published flow's trigger; runtime/pre-commit.ts decides before the commit),
 *        2. the thread's assistant.
 */
export interface InboxHandler {
  name: string;
  /** Runs after the commit and the room push began; returns the messages it did not take. */
  afterCommit(env: Env, items: ChainItem[], published?: Promise<void>): Promise<ChainItem[]>;
  /** Statements for the ingest's write batch (one incoming message per thread). */
  inCommit?(env: Env, items: { accountId: string; messageId: string }[], opts: InCommitOpts): AssistantPlan;
}

export interface InCommitOpts {
  armWaiting: boolean;
  /** The account has flows: a run is created only while the thread has no flow run that goes on (a turn that started meanwhile). */
  flowGuard?: boolean;
}

const flowSlot: InboxHandler = {
  name: "flow",
  afterCommit: (env, items) => takeForFlows(env, items),
};

const assistant: InboxHandler = {
  name: "assistant",
  afterCommit: async (env, items, published) => {
    await scheduleAssistant(env, items, published);
    return [];
  },
  inCommit: (env, items, opts) => assistantInCommit(env, items, opts),
};

export const INBOX_HANDLERS: readonly InboxHandler[] = [flowSlot, assistant];

/** Hands committed incoming messages down the chain. */
export async function runHandlers(env: Env, items: ChainItem[], published?: Promise<void>): Promise<void> {
  let left = items;
  for (const h of INBOX_HANDLERS) {
    if (!left.length) return;
    left = await h.afterCommit(env, left, published);
  }
}

/** The in-commit plan of the chain's first handler that has one (today the assistant), or null. */
export function planInCommit(env: Env, items: { accountId: string; messageId: string }[], opts: InCommitOpts): AssistantPlan | null {
  if (!items.length) return null;
  const h = INBOX_HANDLERS.find((x) => x.inCommit);
  return h?.inCommit?.(env, items, opts) ?? null;
}

/**
 * Before the commit, on an account with flows: the flow slot's statements for the ingest's first
 * read batch, and from their results whether a flow takes each thread's one new message
 * (pre-commit.ts). "pass" leaves it to the in-commit plan of the assistant; the rest go to the
 * chain after the commit.
 */
export const chainPreReads = flowPreReads;
export const chainDecider = flowDecider;
export type { FlowDecision, PreCommitMessage };
