import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { flowAssistantSql, flowAiActiveSql, flowInstructionsSql, replyHooks } from "../features/flows/runtime/ai-seam";
import type { BatchItem } from "drizzle-orm/batch";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { type Db, getDb, schema } from "../db/client";
import type { AiProvider } from "../db/schema/ai-providers";
import type { Assistant, AssistantRun } from "../db/schema/assistants";
import { providerFromRow } from "../features/ai-provider/ai-provider.service";
import type { Contact, Message, Thread } from "../db/schema/inbox";
import type { Env } from "../env";
import { isInDowntime } from "../features/accounts/downtime";
import { clearWaiting, publishSafe, publishWaitingSafe, setWaiting, type RoomEventInput } from "../features/inbox/realtime";
import type { WebhookTag } from "../features/outgoing-webhooks/emit";
import { dedupeKeys, insertMessageStatement, lastMessageFields, type MessageDraft, messageRow, threadFollowStatement } from "../features/inbox/message-writer";
import { rowToMessage, rowToThread } from "../features/inbox/rows";
import { type MessageDto, serializeContact, serializeMessage } from "../features/inbox/serialize";
import { enqueueSend } from "../features/outbound/outbound";
import { faultPoint, InjectedFault } from "../lib/faults";
import { createLogger } from "../lib/logger";
import { handoffSubject, notifyOperatorsByMail } from "./handoff-mail";
import { chatCompletion, LlmError, type ToolCall } from "./llm";
import { BUDGET, historyMessages, systemPrompt, withinBudget } from "./prompt";
import { knowledgeForTurn, knowledgeToolResult } from "../features/knowledge/knowledge.assistants";
import { cardProduct, productCardParts } from "../features/products/product-card";
import { enabledTools, executeTool, type ProductCardSource, SEARCH_KNOWLEDGE, type ToolContext, type ToolOutcome, toolSpecs } from "./tools";
import { addUsage, recordTokens, tokenStatements, type TokenUsage } from "./usage";
import { AI_STOPPED_NOTE, aiAllowed, aiGateSql, type GateRow, notifyAiStopped } from "../features/billing/limits";

/** Tool rounds per turn; then one last request without tools forces a text answer. */
export const MAX_TOOL_STEPS = 5;
/** A claimed run that has not finished after this long is considered crashed and may be taken over. */
export const LEASE_MS = 5 * 60_000;
/** Attempts of one run (deferred 429s, crashes) before it is settled as failed. */
export const MAX_ATTEMPTS = 5;
/** Longest reply we send (Telegram's limit is 4096). */
const MAX_REPLY_CHARS = 4000;

export type RunOutcome =
  | { status: "done"; runId: string; reply: MessageDto; handoff: boolean }
  | { status: "superseded" | "skipped"; runId: string; reason: string }
  /** Someone else holds the run: look again later. */
  | { status: "busy"; runId: string; retryInMs: number }
  /** Already settled earlier (redelivery). */
  | { status: "settled"; runId: string; previous: AssistantRun["status"] }
  | { status: "failed"; runId: string; error: string; systemMessage: MessageDto | null }
  /** The model asked us to wait longer than we sleep in-process: run again after `delaySeconds`. */
  | { status: "deferred"; runId: string; delaySeconds: number };

export interface RunOptions {
  /** Streams the reply text as it arrives (test chat). */
  onDelta?: (text: string) => void;
  /** The run was already claimed and its turn loaded in the batch that created it. */
  preclaimed?: ClaimResult;
  /** When the triggering message's commit returned (kept in the run's timings). */
  committedAt?: number;
  /** The push of the triggering messages: the turn's room events go after it. */
  published?: Promise<void>;
  /**
   * The thread's WAITING_RESPONSE was written in the commit that claimed the run, and `published`
   * arms its deadline in the room: the turn does not set it again, and it clears it if it skips.
   */
  waitingArmed?: boolean;
}

interface Loaded {
  run: AssistantRun;
  thread: Thread;
  contact: Contact;
  account: { id: string; name: string; timezone: string; downtime: Record<string, unknown>; settings: Record<string, unknown>; blockedAt: number | null };
  assistant: Assistant | null;
  channelEnabled: boolean;
  historyNewestFirst: Message[];
  /** The account's own AI provider (read in the claim's round trip), or null for the platform's. */
  provider: AiProvider | null;
  /** created_at of the turn's last commit (its next messages never sort before it). */
  writtenAt?: number;
  /** Billing's AI gate (the period's usage, plan and balance), read in the claim's round trip. */
  billing?: GateRow[];
  /** A flow's AI step holds the thread: its extra instructions ("" for none); null without one. */
  flowInstructions?: string | null;
}

const log = (fields: Record<string, unknown>) => createLogger({ component: "assistant-runner", ...fields });

async function settle(env: Env, runId: string, status: AssistantRun["status"], extra: Partial<AssistantRun> = {}) {
  await settleStatement(env, runId, status, extra).run();
}

/** settle as a statement, to join another batch (a turn settles and records its tokens in one round trip). */
function settleStatement(env: Env, runId: string, status: AssistantRun["status"], extra: Partial<AssistantRun> = {}): D1PreparedStatement {
  const q = getDb(env.DB)
    .update(schema.assistantRuns)
    .set({ status, updatedAt: Date.now(), ...extra })
    .where(eq(schema.assistantRuns.id, runId))
    .toSQL();
  return env.DB.prepare(q.sql).bind(...q.params);
}

/** Gives the run back (deferred retry, crash): the next delivery claims it again. */
export async function release(env: Env, runId: string, error?: string) {
  await getDb(env.DB)
    .update(schema.assistantRuns)
    .set({ status: "pending", claimedAt: null, updatedAt: Date.now(), ...(error ? { error } : {}) })
    .where(and(eq(schema.assistantRuns.id, runId), eq(schema.assistantRuns.status, "running")));
}

export type ClaimResult =
  | { claimed: true; run: AssistantRun; loaded: Omit<Loaded, "run"> | null; superseded: boolean; existingReply: Message | null }
  | { claimed: false; row: AssistantRun | null };

/**
 * One D1 round trip (one transaction) for the start of a turn: take the run if it is pending or if
 * its previous holder's lease ran out, and read everything the turn needs (the thread, contact,
 * account, assistant, channel, recent history, whether a newer message has its own run, whether an
 * earlier attempt already committed the reply). The reads are addressed through the run's row.
 */
async function claimAndLoad(env: Env, runId: string, now: number): Promise<ClaimResult> {
  const db = getDb(env.DB);
  return readClaim((await db.batch(claimQueries(db, runId, now) as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[]);
}

/**
 * The statements of claimAndLoad, for a batch of their own or appended to the batch that creates
 * the run (the chain does that for a turn it starts at once: one round trip less). `onlyIf` is an
 * extra SQL condition on the claim (the run is taken only when it holds).
 */
export function claimQueries(db: Db, runId: string, now: number, onlyIf?: SQL) {
  const R = schema.assistantRuns;
  const runCol = (col: string) => sql.raw(`(SELECT ${col} FROM assistant_runs WHERE id = '${runId.replace(/'/g, "''")}')`);
  const threadId = runCol("thread_id");
  const accountId = runCol("account_id");
  const assistantOf = sql`coalesce(
      ${sql.raw(flowAssistantSql(`(SELECT thread_id FROM assistant_runs WHERE id = '${runId.replace(/'/g, "''")}')`))},
      (SELECT assistant_id FROM threads WHERE id = ${threadId} AND account_id = ${accountId}),
      (SELECT c.assistant_id FROM channels c JOIN threads t ON t.channel_id = c.id WHERE t.id = ${threadId} AND c.account_id = ${accountId}))`;
  return [
    db
      .update(R)
      .set({ status: "running", claimedAt: now, attempts: sql`${R.attempts} + 1`, updatedAt: now })
      .where(and(eq(R.id, runId), sql`(${R.status} = 'pending' OR (${R.status} = 'running' AND ${R.claimedAt} < ${now - LEASE_MS}))`, onlyIf))
      .returning(),
    db.select().from(R).where(eq(R.id, runId)),
    db.select().from(schema.threads).where(and(sql`${schema.threads.id} = ${threadId}`, sql`${schema.threads.accountId} = ${accountId}`)),
    db.select().from(schema.contacts).where(and(sql`${schema.contacts.id} = ${runCol("contact_id")}`, sql`${schema.contacts.accountId} = ${accountId}`)),
    db
      .select({ id: schema.accounts.id, name: schema.accounts.name, timezone: schema.accounts.timezone, downtime: schema.accounts.downtime, settings: schema.accounts.settings, blockedAt: schema.accounts.blockedAt })
      .from(schema.accounts)
      .where(sql`${schema.accounts.id} = ${accountId}`),
    db.select().from(schema.assistants).where(and(sql`${schema.assistants.accountId} = ${accountId}`, sql`${schema.assistants.id} = ${assistantOf}`)),
    db
      .select({ enabled: schema.channels.enabled })
      .from(schema.channels)
      .where(and(sql`${schema.channels.accountId} = ${accountId}`, sql`${schema.channels.id} = (SELECT channel_id FROM threads WHERE id = ${threadId})`)),
    db
      .select()
      .from(schema.messages)
      .where(and(sql`${schema.messages.threadId} = ${threadId}`, sql`${schema.messages.accountId} = ${accountId}`))
      .orderBy(desc(schema.messages.createdAt), desc(schema.messages.id))
      .limit(BUDGET.historyMessages),
    db
      .select({ id: R.id })
      .from(R)
      .where(sql.raw(newerRunCondition(runId)))
      .limit(1),
    db.select().from(schema.messages).where(and(sql`${schema.messages.accountId} = ${accountId}`, eq(schema.messages.dedupeKey, dedupeKeys.aiReply(runId)))),
    db.select().from(schema.aiProviders).where(sql`${schema.aiProviders.accountId} = ${accountId}`),
    db.all(sql.raw(aiGateSql(`(SELECT account_id FROM assistant_runs WHERE id = '${runId.replace(/'/g, "''")}')`))),
    // A flow's AI step on the thread: its extra instructions (the step's assistant is assistantOf's first choice).
    db.all<{ instructions: string | null }>(sql.raw(flowInstructionsSql(`(SELECT thread_id FROM assistant_runs WHERE id = '${runId.replace(/'/g, "''")}')`))),
  ] as const;
}

/** Reads the results of claimQueries (in their order). */
export function readClaim(results: unknown[]): ClaimResult {
  const [claimed, runRow, threads, contacts, accounts, assistants, channel, history, newer, existing, providers, billing, flowAi] = results as [
    AssistantRun[],
    AssistantRun[],
    Thread[],
    Contact[],
    Loaded["account"][],
    Assistant[],
    { enabled: boolean }[],
    Message[],
    { id: string }[],
    Message[],
    AiProvider[],
    GateRow[],
    { instructions: string | null }[],
  ];
  const run = claimed[0];
  if (!run) return { claimed: false, row: runRow[0] ?? null };
  const thread = threads[0];
  const contact = contacts[0];
  const account = accounts[0];
  const loaded =
    thread && contact && account
      ? {
          thread,
          contact,
          account,
          assistant: assistants[0] ?? null,
          channelEnabled: thread.channelId ? (channel[0]?.enabled ?? false) : true,
          historyNewestFirst: history,
          provider: providers[0] ?? null,
          billing,
          flowInstructions: flowAi[0] ? (flowAi[0].instructions ?? "") : null,
        }
      : null;
  return { claimed: true, run, loaded, superseded: newer.length > 0, existingReply: existing[0] ?? null };
}

/** SQL condition on assistant_runs rows: another run of the same thread triggered by a newer message. */
function newerRunCondition(runId: string): string {
  const me = `(SELECT %s FROM assistant_runs WHERE id = '${runId.replace(/'/g, "''")}')`;
  const col = (c: string) => me.replace("%s", c);
  return `assistant_runs.thread_id = ${col("thread_id")} AND assistant_runs.account_id = ${col("account_id")} AND assistant_runs.id != '${runId.replace(/'/g, "''")}'
     AND (assistant_runs.trigger_at > ${col("trigger_at")} OR (assistant_runs.trigger_at = ${col("trigger_at")} AND assistant_runs.trigger_message_id > ${col("trigger_message_id")}))`;
}

type NewMessage = Omit<MessageDraft, "createdAt" | "id"> & { content: string; senderType: Message["senderType"]; metadata: Record<string, unknown>; dedupeKey: string };

/** Conditions a reply must still meet at its commit, checked inside the commit's transaction. */
interface Guard {
  run: AssistantRun;
  /** The thread's AI must still be on (not when the turn itself handed off). */
  requireAiOn: boolean;
}

/** The guard as SQL for insertMessageStatement (?1 account, ?2 thread; its own values from `first`). */
function guardCondition(guard: Guard) {
  return (first: number) => {
    const [thread, run, at, msg] = [first, first + 1, first + 2, first + 3].map((n) => `?${n}`);
    return {
      sql:
        `AND NOT EXISTS (SELECT 1 FROM assistant_runs r WHERE r.thread_id = ${thread} AND r.account_id = ?1 AND r.id != ${run} AND (r.trigger_at > ${at} OR (r.trigger_at = ${at} AND r.trigger_message_id > ${msg})))` +
        (guard.requireAiOn ? ` AND (EXISTS (SELECT 1 FROM threads t WHERE t.id = ?2 AND t.account_id = ?1 AND t.is_gpt_active = 1) OR ${flowAiActiveSql("?2")})` : ""),
      params: [guard.run.threadId, guard.run.id, guard.run.triggerAt, guard.run.triggerMessageId],
    };
  };
}

/**
 * Commits messages written by the assistant (or about it) and pushes them to the room, in one D1
 * round trip. `asLast` makes the last one the thread's preview (the reply); tool messages and notes
 * don't. Idempotent on dedupeKey: a message that already exists is returned as it is, not pushed
 * again. With a guard, nothing is written when a newer customer message has its own run or the AI
 * was switched off meanwhile (`blocked`).
 */
async function appendMessages(
  env: Env,
  l: Pick<Loaded, "thread" | "contact" | "writtenAt"> & Partial<Pick<Loaded, "historyNewestFirst">>,
  items: NewMessage[],
  opts: { asLast?: boolean; extraThreadPatch?: { isGptActive?: boolean; awaitOperator?: boolean }; guard?: Guard; completes?: boolean; webhooks?: (message: MessageDto) => WebhookTag[] } = {},
) {
  // The log is ordered by (created_at, id): a turn's call, result and reply must sort after the
  // message they answer, also when that message carries the messenger's clock a little ahead of
  // ours, and after each other. So created_at never goes below what the turn has seen or written;
  // within one millisecond the ids (orderedId: time, then a per-isolate counter) keep the order.
  const now = Math.max(Date.now(), l.historyNewestFirst?.[0]?.createdAt ?? 0, l.writtenAt ?? 0);
  const accountId = l.thread.accountId;
  const at = { accountId, threadId: l.thread.id, contactId: l.contact.id };
  const rows = items.map((m) => messageRow({ ...m, createdAt: now }));
  const stmts: D1PreparedStatement[] = rows.map((row) => insertMessageStatement(env.DB, at, row, opts.guard ? guardCondition(opts.guard) : undefined));
  const last = items[items.length - 1]!;
  // Applies only when the last message was really inserted now (not a repeat, not blocked by the guard).
  stmts.push(
    threadFollowStatement(env.DB, accountId, l.thread.id, {
      last: opts.asLast ? lastMessageFields(last, now, l.contact) : undefined,
      completeAi: opts.completes,
      isGptActive: opts.extraThreadPatch?.isGptActive,
      awaitOperator: opts.extraThreadPatch?.awaitOperator,
      onlyIfInserted: [String(rows[rows.length - 1]!.id)],
    }),
  );
  const results = await env.DB.batch<Record<string, unknown>>(stmts);
  const inserted = results.slice(0, -1).map((r) => (r.results[0] ? rowToMessage(r.results[0]) : null));
  const threadRow = results[results.length - 1]!.results[0];
  const thread = threadRow ? rowToThread(threadRow) : l.thread;
  const committed: Message[] = [];
  let blocked = false;
  for (let i = 0; i < items.length; i++) {
    if (inserted[i]) {
      committed.push(inserted[i]!);
      continue;
    }
    const existing = await env.DB.prepare("SELECT * FROM messages WHERE account_id = ? AND dedupe_key = ?").bind(accountId, items[i]!.dedupeKey).first<Record<string, unknown>>();
    if (existing) committed.push(rowToMessage(existing));
    else blocked = true;
  }
  const fresh = inserted.filter((m): m is Message => !!m);
  // Every message frame carries the contact and the thread as committed (last message, AI switch):
  // the lists follow it without a separate updateContact.
  const events: RoomEventInput[] = fresh.map((m) => {
    const data = serializeMessage(m, l.contact, thread);
    return { event: "message" as const, data, webhooks: opts.webhooks?.(data) };
  });
  if (opts.completes && threadRow) {
    // The reply ends the waiting state (§4) in its own commit: the same room call pushes the
    // contact's update and drops the thread's deadline.
    events.push({ event: "updateContact", data: serializeContact(l.contact, thread) });
    await publishWaitingSafe(env, accountId, events, { stop: [thread.id] });
  } else if (events.length) await publishSafe(env, accountId, events);
  const pushedAt = Date.now();
  l.thread = thread;
  if (fresh.length) l.writtenAt = now;
  return { messages: committed, thread, pushedAt, blocked };
}

/** Hands the thread to the operators: AI off, the thread waits for an operator ("pending" until one answers), a system note in the chat (the room notifies the operators), mail if enabled. */
async function handOff(env: Env, l: Loaded, reason: string, source: "tool" | "keyword" | "knowledge", keyword?: string) {
  const r = await appendMessages(
    env,
    l,
    [
      {
        type: "text",
        direction: "system",
        senderType: "system",
        content: `Ассистент передал диалог оператору. Причина: ${reason}`,
        // What the note says, for the SPA to tell it in another language (web/features/chat/system-note.ts).
        metadata: { event: "handoff", reason, source, ...(keyword ? { keyword } : {}), runId: l.run.id },
        dedupeKey: dedupeKeys.aiHandoff(l.run.id),
      },
    ],
    {
      extraThreadPatch: { isGptActive: false, awaitOperator: true },
      // Outgoing webhooks: the handoff itself (with the system note and its reason), the AI switch and the status change it made.
      webhooks: (note) => [
        "thread.handoff",
        ...(note.contact ? [{ type: "thread.ai_toggled" as const, data: note.contact }] : []),
        ...(note.contact && l.thread.status !== "pending" ? [{ type: "thread.status_changed" as const, data: note.contact }] : []),
      ],
    },
  );
  await notifyOperatorsByMail(env, l, handoffSubject(l.contact.name), `Ассистент передал диалог оператору. Причина: ${reason}`).catch((error) =>
    log({ runId: l.run.id }).warn("handoff mail failed", { error }),
  );
  return r;
}

function pendingCustomerText(historyNewestFirst: Message[]): string {
  const out: string[] = [];
  for (const m of historyNewestFirst) {
    if (m.direction === "incoming") out.push(m.content ?? "");
    else if (m.direction === "outgoing" && m.type === "text") break;
  }
  return out.reverse().join("\n");
}

/**
 * Runs one assistant turn for the run's thread: everything between claiming the run and settling it.
 * Safe to call any number of times for the same run (queue redelivery, watchdog): only the first
 * claim does the work, and the reply's dedupe key makes its commit happen once.
 * Stages: claim → gate (skip reasons) → waiting state → produce the reply (keyword handoff or the
 * model with its tool rounds) → commit the reply → settle; a failure goes to turnFailed.
 */
export async function executeRun(env: Env, runId: string, opts: RunOptions = {}): Promise<RunOutcome> {
  const t0 = Date.now();
  const opened = await openTurn(env, runId, opts, t0);
  if ("outcome" in opened) return opened.outcome;
  const { l, timings, unarm } = opened;
  const skip = async (reason: string) => {
    await unarm();
    await settle(env, runId, "skipped", { error: reason });
    return { status: "skipped" as const, runId, reason };
  };
  const reason = skipReason(l, t0);
  if (reason) return skip(reason);
  if (!aiAllowed(l.billing)) return billingStop(env, l, unarm);
  const assistant = l.assistant!;
  const { waiting, finishWaiting } = waitingState(env, l.run, opts);
  const meter: Meter = { usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, requests: 0 };
  try {
    const { replyText, handedOff, card } = await produceReply(env, l, assistant, opts, t0, timings, meter);
    if (!replyText) {
      if (handedOff) {
        await finishWaiting();
        await settle(env, runId, "done", { timings });
        await recordTokens(env, l.run.accountId, assistant.id, meter.usage, meter.requests, `run:${runId}`);
        return { status: "skipped", runId, reason: "handed off without a message" };
      }
      throw new LlmError("Модель вернула пустой ответ", undefined, false);
    }
    // The waiting state was set before the reply commits (so the reply's COMPLETED comes after it).
    await waiting;
    faultPoint(env, "runner.afterModel");
    return await commitReply(env, l, assistant, replyText, handedOff, { t0, timings, meter, finishWaiting, card });
  } catch (e) {
    return turnFailed(env, l, assistant, e, meter, waiting, finishWaiting);
  }
}

interface Meter {
  usage: TokenUsage;
  requests: number;
}

/**
 * Stage 1: claim the run (or take the claim made in the commit that created it) and decide what
 * an already settled, busy, gone, answered or superseded run returns.
 */
async function openTurn(
  env: Env,
  runId: string,
  opts: RunOptions,
  t0: number,
): Promise<{ outcome: RunOutcome } | { l: Loaded; timings: Record<string, number>; unarm: () => Promise<void> }> {
  const c = opts.preclaimed?.claimed ? opts.preclaimed : await claimAndLoad(env, runId, t0);
  if (!c.claimed) {
    const row = c.row;
    if (!row) return { outcome: { status: "skipped", runId, reason: "unknown run" } };
    if (row.status === "running") return { outcome: { status: "busy", runId, retryInMs: Math.max(1000, (row.claimedAt ?? t0) + LEASE_MS - t0 + 1000) } };
    return { outcome: { status: "settled", runId, previous: row.status } };
  }
  const { run, loaded, superseded, existingReply } = c;
  const timings: Record<string, number> = { claimedAt: t0, triggerAt: run.triggerAt, loadedAt: Date.now() };
  if (opts.committedAt) timings.committedAt = opts.committedAt;
  // Undo a waiting state armed in the claiming commit when the turn ends without its reply commit.
  const unarm = async () => {
    if (!opts.waitingArmed) return;
    await (opts.published ?? Promise.resolve()).catch(() => undefined);
    await clearWaiting(env, run.accountId, run.threadId).catch((error) => log({ runId }).warn("clearWaiting failed", { error }));
  };
  if (!loaded) {
    await unarm();
    await settle(env, runId, "skipped", { error: "thread or contact gone" });
    return { outcome: { status: "skipped", runId, reason: "thread gone" } };
  }
  const l: Loaded = { run, ...loaded };
  if (existingReply) {
    // A previous attempt committed the reply and died before settling: finish its bookkeeping only.
    await unarm();
    await settle(env, runId, "done", { replyMessageId: existingReply.id });
    return { outcome: { status: "done", runId, reply: serializeMessage(existingReply, l.contact, l.thread), handoff: false } };
  }
  if (superseded) {
    await unarm();
    await settle(env, runId, "superseded");
    return { outcome: { status: "superseded", runId, reason: "a newer message of the burst answers" } };
  }
  return { l, timings, unarm };
}

/**
 * The plan's AI replies and the balance are both used up: no reply; the thread gets a system line
 * (the customer's message is already stored), the account a notice for the banner and the owners' mail.
 */
async function billingStop(env: Env, l: Loaded, unarm: () => Promise<void>): Promise<RunOutcome> {
  await unarm();
  await appendMessages(env, l, [
    { type: "text", direction: "system", senderType: "system", content: AI_STOPPED_NOTE, metadata: { event: "billing_limit", runId: l.run.id }, dedupeKey: `ai-billing:${l.run.id}` },
  ]);
  await settle(env, l.run.id, "skipped", { error: "billing limit" });
  await notifyAiStopped(env, l.run.accountId).catch((error) => log({ runId: l.run.id }).warn("billing notice failed", { error }));
  return { status: "skipped", runId: l.run.id, reason: "billing limit" };
}

/** Stage 2: why this turn does not answer at all, or null. */
function skipReason(l: Loaded, t0: number): string | null {
  // A platform administrator blocked the account: its customers' messages still land, nobody answers them automatically.
  if (l.account.blockedAt) return "account blocked";
  if (!l.thread.isGptActive && l.flowInstructions == null) return "ai off";
  if (!l.assistant) return "no assistant";
  if (!l.assistant.isActive) return "assistant inactive";
  if (!l.channelEnabled) return "channel disabled";
  if (isInDowntime(l.account.downtime as never, l.account.timezone, new Date(t0))) return "downtime";
  return null;
}

/** Stage 3: the waiting state, armed already in the claiming commit, or set now after the customer's push. */
function waitingState(env: Env, run: AssistantRun, opts: RunOptions) {
  const waiting = opts.waitingArmed
    ? (opts.published ?? Promise.resolve()).catch(() => undefined)
    : (opts.published ?? Promise.resolve())
        .then(() => setWaiting(env, run.accountId, run.threadId))
        .catch((error) => log({ runId: run.id }).warn("setWaiting failed", { error }));
  const finishWaiting = async () => {
    await waiting;
    await clearWaiting(env, run.accountId, run.threadId).catch((error) => log({ runId: run.id }).warn("clearWaiting failed", { error }));
  };
  return { waiting, finishWaiting };
}

/** Stage 4: the reply's text: a keyword hands off without the model; otherwise the model with its tool rounds. */
async function produceReply(
  env: Env,
  l: Loaded,
  assistant: Assistant,
  opts: RunOptions,
  t0: number,
  timings: Record<string, number>,
  meter: Meter,
): Promise<{ replyText: string | null; handedOff: boolean; card?: ProductCardSource | null }> {
  const pending = pendingCustomerText(l.historyNewestFirst).toLowerCase();
  const keyword = assistant.handoffKeywords.find((k) => k && pending.includes(k.toLowerCase()));
  if (keyword) {
    if (opts.published) await opts.published;
    await handOff(env, l, `ключевое слово «${keyword}»`, "keyword", keyword);
    return { replyText: assistant.handoffMessage.trim() || null, handedOff: true };
  }
  const { run } = l;
  const toolCtx: ToolContext = { env, accountId: run.accountId, threadId: run.threadId, contactId: run.contactId, assistantId: assistant.id, timezone: l.account.timezone, now: t0 };
  const messages: ChatCompletionMessageParam[] = [
    {
      role: "system",
      content: systemPrompt({
        assistant: l.flowInstructions ? { ...assistant, instructions: `${assistant.instructions}\n\n${l.flowInstructions}` } : assistant,
        accountName: l.account.name,
        timezone: l.account.timezone,
        now: t0,
        contact: { name: l.contact.name, platform: l.contact.platform, facts: l.contact.facts ?? [], phone: l.contact.phone },
      }),
    },
    ...historyMessages(withinBudget(l.historyNewestFirst)),
  ];
  const enabled = [...enabledTools(assistant)];
  // The knowledge base: searched before the model with the customer's words, the chunks shown in
  // the chat as a search_knowledge call; a question it does not cover may go to an operator.
  const question = pendingCustomerText(l.historyNewestFirst);
  const knowledge = await knowledgeForTurn(env, run.accountId, assistant.id, question);
  if (knowledge) {
    if (!enabled.includes(SEARCH_KNOWLEDGE)) enabled.push(SEARCH_KNOWLEDGE);
    if (opts.published) await opts.published;
    const call = { id: `kb_${run.id}`, type: "function" as const, function: { name: SEARCH_KNOWLEDGE, arguments: JSON.stringify({ query: question.slice(0, 500) }) } };
    await runToolStep(env, l, toolCtx, enabled, -1, [call], messages, [{ ok: true, result: knowledgeToolResult(knowledge.retrieval) }]);
    // An assistant that knows the catalogue may still answer from it (a price, a product): the model decides then.
    if (!knowledge.retrieval.covered && knowledge.handoffWhenUncovered && !assistant.knowsCatalogue) {
      await handOff(env, l, "в базе знаний нет ответа на вопрос клиента", "knowledge");
      return { replyText: assistant.handoffMessage.trim() || null, handedOff: true };
    }
  }
  const tools = toolSpecs(enabled);
  const provider = l.provider ? await providerFromRow(env, l.provider) : undefined;
  let handedOff = false;
  let replyText: string | null = null;
  for (let step = 0; ; step++) {
    const lastStep = step >= MAX_TOOL_STEPS;
    const r = await chatCompletion(
      env,
      { model: assistant.model, messages, tools, toolChoice: lastStep ? "none" : "auto", temperature: assistant.temperature, maxTokens: assistant.maxReplyTokens },
      { onDelta: opts.onDelta, onRequest: (at) => (timings.firstRequestAt ??= at), provider },
    );
    meter.requests++;
    meter.usage = addUsage(meter.usage, r.usage);
    timings.lastResponseAt = r.receivedAt;
    // Whatever the turn commits is pushed after the customer's message (long done by now).
    if (opts.published) await opts.published;
    if (!r.toolCalls.length || lastStep) {
      replyText = r.content?.trim() || null;
      break;
    }
    await runToolStep(env, l, toolCtx, enabled, step, r.toolCalls, messages);
    if (toolCtx.handoff && !handedOff) {
      await handOff(env, l, toolCtx.handoff.reason, "tool");
      handedOff = true;
    }
  }
  if (!replyText && handedOff) replyText = assistant.handoffMessage.trim() || null;
  return { replyText, handedOff, card: handedOff ? null : cardProduct(toolCtx.productsShown) };
}

/**
 * Stage 5: the guarded commit of the reply (a newer customer message with its own run answers
 * everything instead, and a thread whose AI an operator switched off meanwhile gets no reply),
 * then the send and the settling.
 */
async function commitReply(
  env: Env,
  l: Loaded,
  assistant: Assistant,
  replyText: string,
  handedOff: boolean,
  t: { t0: number; timings: Record<string, number>; meter: Meter; finishWaiting: () => Promise<void>; card?: ProductCardSource | null },
): Promise<RunOutcome> {
  const { run } = l;
  const runId = run.id;
  const { usage, requests } = t.meter;
  const toMessenger = !!l.thread.channelId && !l.contact.isTestContact;
  const meta = { assistantId: assistant.id, runId, model: assistant.model };
  const delivery = toMessenger ? ("pending" as const) : ("sent" as const);
  // A product answer goes out as the product's card (features/products/product-card.ts), else as text.
  const items: NewMessage[] = t.card
    ? productCardParts(t.card, replyText.slice(0, MAX_REPLY_CHARS), l.contact.platform).map(({ keySuffix, metadata, ...part }) => ({
        ...part,
        direction: "outgoing" as const,
        senderType: "assistant" as const,
        metadata: { ...meta, ...metadata },
        dedupeKey: `${dedupeKeys.aiReply(runId)}${keySuffix}`,
        delivery,
      }))
    : [{ type: "text", direction: "outgoing", senderType: "assistant", content: replyText.slice(0, MAX_REPLY_CHARS), metadata: meta, dedupeKey: dedupeKeys.aiReply(runId), delivery }];
  const committed = await appendMessages(env, l, items, { asLast: true, guard: { run, requireAiOn: !handedOff }, completes: true });
  if (committed.blocked) {
    const newer = await env.DB.prepare(`SELECT 1 AS x FROM assistant_runs WHERE ${newerRunCondition(runId)} LIMIT 1`).first();
    await t.finishWaiting();
    await settle(env, runId, newer ? "superseded" : "skipped", { timings: t.timings, ...(newer ? {} : { error: "ai switched off during the turn" }) });
    await recordTokens(env, run.accountId, assistant.id, usage, requests, `run:${runId}`);
    return newer ? { status: "superseded", runId, reason: "a newer message arrived during the turn" } : { status: "skipped", runId, reason: "ai off" };
  }
  const reply = committed.messages[committed.messages.length - 1]!;
  t.timings.replyCommittedAt = Date.now();
  t.timings.pushedAt = committed.pushedAt;
  // The run settles and its tokens are counted in one round trip, beside the send.
  await Promise.all([
    toMessenger ? sendInOrder(env, run.accountId, committed.messages) : Promise.resolve(),
    env.DB.batch([
      settleStatement(env, runId, "done", { replyMessageId: reply.id, timings: t.timings }),
      ...tokenStatements(env, run.accountId, assistant.id, usage, requests, `run:${runId}`),
    ]),
  ]);
  for (const hook of replyHooks) await hook(env, { accountId: run.accountId, threadId: run.threadId, runId, text: reply.content }).catch((error) => log({ runId }).warn("reply hook failed", { error }));
  log({ runId, accountId: run.accountId }).info("assistant replied", { ms: Date.now() - t.t0, requests, tokens: usage.totalTokens, handoff: handedOff });
  return { status: "done", runId, reply: serializeMessage(reply, l.contact, committed.thread), handoff: handedOff };
}

/** The reply's messages to the sender, enqueued in order (a card's photo before its text). */
async function sendInOrder(env: Env, accountId: string, messages: Message[]) {
  for (const m of messages) await enqueueSend(env, { accountId, messageId: m.id });
}

/** Stage 6, on error: a long 429 defers through the queue, our own faults retry, the rest fail the run with a note. */
async function turnFailed(env: Env, l: Loaded, assistant: Assistant, e: unknown, meter: Meter, waiting: Promise<unknown>, finishWaiting: () => Promise<void>): Promise<RunOutcome> {
  const { run } = l;
  const runId = run.id;
  // An injected crash is the isolate dying: the run stays claimed until its lease runs out and the watchdog takes it over.
  if (e instanceof InjectedFault) throw e;
  if (meter.requests > 0) await recordTokens(env, run.accountId, assistant.id, meter.usage, meter.requests, `run:${runId}`).catch(() => undefined);
  if (e instanceof LlmError && e.transient && e.retryAfterMs !== undefined && run.attempts < MAX_ATTEMPTS) {
    // The provider asked for a long pause: don't hold the worker, come back through the queue.
    await release(env, runId, e.message);
    await waiting;
    return { status: "deferred", runId, delaySeconds: Math.min(15 * 60, Math.ceil(e.retryAfterMs / 1000)) };
  }
  if (!(e instanceof LlmError) && run.attempts < MAX_ATTEMPTS) {
    // Our own fault (D1, room): let the caller retry the run.
    await release(env, runId, e instanceof Error ? e.message : String(e));
    await waiting;
    throw e;
  }
  const reason = e instanceof Error ? e.message : String(e);
  return fail(env, l, reason, finishWaiting, e instanceof LlmError ? e.code : undefined);
}

/** One round of tool calls: run them (or take the outcomes already known, as the knowledge search's), store the trace, extend the messages. */
async function runToolStep(env: Env, l: Loaded, ctx: ToolContext, enabled: string[], step: number, calls: ToolCall[], messages: ChatCompletionMessageParam[], known?: ToolOutcome[]) {
  const normalized = calls.map((c, i) => ({ ...c, id: c.id || `call_${l.run.id}_${step}_${i}` }));
  messages.push({ role: "assistant", content: null, tool_calls: normalized.map((c) => ({ id: c.id, type: "function", function: c.function })) });
  const outcomes: ToolOutcome[] = known ?? [];
  if (!known) for (const c of normalized) outcomes.push(await executeTool(ctx, enabled, c.function.name, c.function.arguments));
  const items: NewMessage[] = [];
  normalized.forEach((c) => {
    items.push({
      type: "tool_call",
      direction: "outgoing",
      senderType: "assistant",
      content: c.function.name,
      metadata: { tool_calls: [{ id: c.id, type: "function", function: { name: c.function.name, arguments: c.function.arguments } }], step, runId: l.run.id },
      dedupeKey: dedupeKeys.aiCall(l.run.id, l.run.attempts, step, c.id),
    });
  });
  normalized.forEach((c, i) => {
    const content = JSON.stringify(outcomes[i]!.result);
    messages.push({ role: "tool", tool_call_id: c.id, content });
    items.push({
      type: "tool_result",
      direction: "outgoing",
      senderType: "assistant",
      content,
      metadata: { tool_call_id: c.id, name: c.function.name, ok: outcomes[i]!.ok, step, runId: l.run.id },
      dedupeKey: dedupeKeys.aiResult(l.run.id, l.run.attempts, step, c.id),
    });
  });
  await appendMessages(env, l, items);
  if (ctx.contactChanged) {
    ctx.contactChanged = false;
    const contact = await getDb(env.DB).select().from(schema.contacts).where(and(eq(schema.contacts.id, l.contact.id), eq(schema.contacts.accountId, l.contact.accountId))).get();
    if (contact) l.contact = contact;
  }
}

/** Permanent failure: no reply; a system note in the thread tells the operators (room + mail). */
async function fail(env: Env, l: Loaded, reason: string, finishWaiting: () => Promise<void>, code?: string): Promise<RunOutcome> {
  let note: MessageDto | null = null;
  try {
    const r = await appendMessages(env, l, [
      {
        type: "text",
        direction: "system",
        senderType: "system",
        content: `Ассистент не смог ответить клиенту: ${reason}. Ответьте, пожалуйста, вручную.`,
        metadata: { event: "ai_error", reason, ...(code ? { code } : {}), runId: l.run.id },
        dedupeKey: dedupeKeys.aiError(l.run.id),
      },
    ]);
    note = serializeMessage(r.messages[0]!, l.contact, r.thread);
    await notifyOperatorsByMail(env, l, `Ассистент не ответил клиенту ${l.contact.name || ""}`.trim(), `Ассистент не смог ответить: ${reason}`, "ai_error").catch(() => undefined);
  } finally {
    await finishWaiting();
    await settle(env, l.run.id, "failed", { error: reason.slice(0, 1000) });
  }
  log({ runId: l.run.id, accountId: l.run.accountId }).warn("assistant failed", { reason });
  return { status: "failed", runId: l.run.id, error: reason, systemMessage: note };
}

/** Settles a run that ran out of attempts outside executeRun (queue gave up): the same system note. */
export async function failRun(env: Env, runId: string, reason: string): Promise<void> {
  // Take it over whatever state a crashed attempt left it in (never a settled one).
  await env.DB.prepare("UPDATE assistant_runs SET status = 'pending', claimed_at = NULL WHERE id = ? AND status IN ('pending', 'running')").bind(runId).run();
  const c = await claimAndLoad(env, runId, Date.now());
  if (!c.claimed) return;
  if (!c.loaded) return settle(env, runId, "failed", { error: reason });
  await fail(env, { run: c.run, ...c.loaded }, reason, () => clearWaiting(env, c.run.accountId, c.run.threadId).catch(() => undefined));
}
