import { waitUntil } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { type Db, getDb } from "../db/client";
import type { Env } from "../env";
import { isInDowntime } from "../features/accounts/downtime";
import { clearWaiting } from "../features/inbox/realtime";
import { InjectedFault } from "../lib/faults";
import { createLogger } from "../lib/logger";
import { newId } from "../lib/ids";
import { flowAiActiveSql, flowAssistantSql, flowRunGoesOnSql } from "../features/flows/runtime/ai-seam";
import { enqueueRun, WATCHDOG_SECONDS } from "./queue";
import { claimQueries, executeRun, readClaim, release, type RunOutcome, type RunOptions } from "./runner";

const log = createLogger({ component: "chain" });

/**
 * Turns started in this isolate, by incoming message id: the test chat awaits the turn its
 * message started (same request), everyone else lets it run in the background.
 */
const inflight = new Map<string, Promise<RunOutcome | null>>();

/**
 * Reply text streamed so far per incoming message (test chats stream from the model); a listener
 * registered after ingestion first gets what was buffered, then every new piece.
 */
const streams = new Map<string, { text: string; listeners: Set<(piece: string) => void> }>();

function emitDelta(messageId: string, piece: string) {
  const s = streams.get(messageId) ?? { text: "", listeners: new Set() };
  s.text += piece;
  streams.set(messageId, s);
  for (const l of s.listeners) l(piece);
}

/** Follows the reply of a message's turn as it streams; returns the unsubscribe function. */
export function onReplyDelta(messageId: string, listener: (piece: string) => void): () => void {
  const s = streams.get(messageId) ?? { text: "", listeners: new Set() };
  streams.set(messageId, s);
  if (s.text) listener(s.text);
  s.listeners.add(listener);
  return () => s.listeners.delete(listener);
}

/** Messages handed to the assistant after their commit (a burst of one thread, or a later chain). */
export interface ChainItem {
  accountId: string;
  threadId: string;
  messageId: string;
  /** When the message's commit returned (for the runner's timings). */
  committedAt?: number;
  /** The account has flows (a published one or a run): the chain's flow slot reads the thread. */
  flows?: boolean;
}

/**
 * The assistant's handler for messages already committed: one round trip creates the runs (the
 * newest of each thread claimed and loaded when it starts at once), then dispatches them.
 * It only schedules: the answer is produced after ingestion returns.
 */
export async function scheduleAssistant(env: Env, items: ChainItem[], published?: Promise<void>): Promise<void> {
  if (!items.length) return;
  const plan = planAssistant(
    env,
    [...groupBy(items, (it) => it.threadId)].map(([threadId, list]) => ({ accountId: list[0]!.accountId, thread: literal(threadId), items: list })),
  );
  const results = await env.DB.batch(plan.statements);
  await plan.finish(env, results, published);
}

/**
 * An incoming message whose run is created, claimed and loaded in the same transaction that stores
 * it (the inbox's handler chain appends these statements to the ingest's write batch): its thread and contact are read
 * from the message row inside that transaction, so a duplicate that inserts nothing starts nothing.
 * One message per thread only; a burst goes through scheduleAssistant after the commit.
 */
export interface InCommitItem {
  accountId: string;
  messageId: string;
}

export function assistantInCommit(env: Env, items: InCommitItem[], opts: { armWaiting?: boolean; flowGuard?: boolean } = {}): AssistantPlan {
  return planAssistant(
    env,
    items.map((it) => ({
      accountId: it.accountId,
      thread: `(SELECT thread_id FROM messages WHERE id = ${literal(it.messageId)})`,
      items: [{ accountId: it.accountId, messageId: it.messageId }],
    })),
    opts,
  );
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const it of items) out.set(key(it), [...(out.get(key(it)) ?? []), it]);
  return out;
}

function literal(v: string | number): string {
  return typeof v === "number" ? String(Math.trunc(v)) : `'${v.replace(/'/g, "''")}'`;
}

interface PreparedForBatch {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch: boolean): unknown;
}

export interface AssistantPlan {
  /** The plan's statements, to run in one batch (on their own or after a batch's other writes). */
  statements: D1PreparedStatement[];
  /** Reads the statements' results (in order) and dispatches the runs. */
  finish(env: Env, results: D1Result[], published?: Promise<void>, committedAt?: number): Promise<void>;
  /**
   * With `armWaiting`: the threads set to WAITING_RESPONSE in the same transaction (their rows as
   * committed), by incoming message id. The caller pushes them and arms their deadlines in the
   * room with the message frames (publishWaitingSafe); the turn then skips its own setWaiting.
   */
  waitingThreads(results: D1Result[]): Map<string, Record<string, unknown>>;
  /** The messages whose run the statements did not create (AI off, no assistant, a flow's run went on). */
  notCreated(results: D1Result[]): string[];
}

/**
 * Creates one run per incoming message (its idempotency key) for threads whose AI is on and whose
 * assistant is active outside the downtime schedule, then dispatches the newest run of each thread:
 *  - debounce 0 (and every test chat): started at once in this isolate (`waitUntil`), with a
 *    delayed watchdog queue message that takes the run over if this isolate dies;
 *  - debounce N: a queue message delayed N seconds; when it fires, a newer message of the same
 *    thread (its own run) means "still typing": this run is superseded and the newest answers the burst.
 * `thread` is the thread's id as SQL (a literal, or a subquery over the message inside the commit).
 */
type Group = { accountId: string; thread: string; items: PlanItem[] };
type PlanItem = { accountId: string; messageId: string; committedAt?: number };

/** Where each message's statements sit in the plan's batch. */
interface RunSlot {
  item: PlanItem;
  runId: string;
  newest: boolean;
  stmt: number;
  gate: number;
  claim: [number, number] | null;
  wait: number | null;
}

interface GateRow {
  thread_id: string;
  is_test: number;
  channel_id: string | null;
  debounce_seconds: number | null;
  downtime: string | null;
  timezone: string;
}

function planAssistant(env: Env, groups: Group[], opts: { armWaiting?: boolean; flowGuard?: boolean } = {}): AssistantPlan {
  const now = Date.now();
  const { queries, slots } = runQueries(getDb(env.DB), groups, now, opts);
  // drizzle's own batch cannot bind raw statements; its prepared form gives the SQL, the values and
  // the mapping of the rows, so these statements can also join a batch of someone else's writes.
  const prepared = queries.map((q) => (q as { _prepare(): PreparedForBatch })._prepare());
  const statements = prepared.map((p) => {
    const { sql: text, params } = p.getQuery();
    return env.DB.prepare(text).bind(...params);
  });
  return {
    statements,
    notCreated: (raw) => slots.filter((p) => !raw[p.stmt]?.results.length).map((p) => p.item.messageId),
    waitingThreads(raw) {
      const out = new Map<string, Record<string, unknown>>();
      for (const p of slots) {
        const row = p.wait === null ? undefined : (raw[p.wait]?.results[0] as Record<string, unknown> | undefined);
        if (row) out.set(p.item.messageId, row);
      }
      return out;
    },
    finish(env, raw, published, committedAt) {
      const results = raw.map((r, i) => prepared[i]!.mapResult(r, true)) as Record<string, unknown>[][];
      return dispatchRuns(env, slots, results, now, published, committedAt);
    },
  };
}

/**
 * Stage 1, the statements: one round trip holds the gate of each thread and, per message, its
 * run — inserted only when the thread's AI is on and its assistant active (the earlier messages of
 * a burst in this batch are born superseded: the newest answers them all). The run's thread and
 * contact are the message's.
 */
function runQueries(db: Db, groups: Group[], now: number, opts: { armWaiting?: boolean; flowGuard?: boolean }): { queries: unknown[]; slots: RunSlot[] } {
  const queries: unknown[] = [];
  const slots: RunSlot[] = [];
  for (const g of groups) {
    const gate = queries.length;
    queries.push(db.all(sql.raw(gateSql(g.thread, g.accountId))));
    g.items.forEach((item, k) => {
      const runId = newId();
      const newest = k === g.items.length - 1;
      const stmt = queries.length;
      queries.push(db.all(sql.raw(insertRunSql(runId, newest ? "pending" : "superseded", item.messageId, item.accountId, now, opts.flowGuard ? `AND NOT ${flowRunGoesOnSql("t.id")}` : ""))));
      // For the newest message of each thread, the same round trip also claims its run and loads
      // the turn (thread, contact, assistant, history…) when the turn starts at once (debounce 0,
      // test chats): the claim only holds under that condition, so a debounced run stays pending.
      let claim: [number, number] | null = null;
      if (newest) {
        const from = queries.length;
        queries.push(...claimQueries(db, runId, now, sql.raw(startsAtOnceSql(g.thread, g.accountId))));
        claim = [from, queries.length];
      }
      // §4 waiting state in the same transaction: only for a run this plan has just claimed (it
      // starts at once) on a thread whose channel is on; the turn's remaining skip reason (the
      // downtime schedule) is checked by the caller before it asks for this, and again by the turn.
      let wait: number | null = null;
      if (claim && opts.armWaiting) {
        wait = queries.length;
        queries.push(db.all(sql.raw(armWaitingSql(g.thread, g.accountId, runId, now))));
      }
      slots.push({ item, runId, newest, stmt, gate, claim, wait });
    });
  }
  return { queries, slots };
}

const gateSql = (thread: string, accountId: string) => `SELECT t.id AS thread_id, t.is_test, t.channel_id, a.debounce_seconds, acc.downtime, acc.timezone
    FROM threads t JOIN accounts acc ON acc.id = t.account_id
    LEFT JOIN channels ch ON ch.id = t.channel_id AND ch.account_id = t.account_id
    LEFT JOIN assistants a ON a.account_id = t.account_id AND a.id = coalesce(${flowAssistantSql("t.id")}, t.assistant_id, ch.assistant_id)
    WHERE t.id = ${thread} AND t.account_id = ${literal(accountId)}`;

const insertRunSql = (runId: string, status: string, messageId: string, accountId: string, now: number, guard = "") => `INSERT INTO assistant_runs (id, account_id, thread_id, contact_id, trigger_message_id, trigger_at, assistant_id, status, attempts, created_at, updated_at)
    SELECT ${literal(runId)}, t.account_id, t.id, m.contact_id, m.id, m.created_at, a.id, ${literal(status)}, 0, ${literal(now)}, ${literal(now)}
    FROM messages m JOIN threads t ON t.id = m.thread_id AND t.account_id = m.account_id
    LEFT JOIN channels ch ON ch.id = t.channel_id AND ch.account_id = t.account_id
    JOIN assistants a ON a.account_id = t.account_id AND a.id = coalesce(${flowAssistantSql("t.id")}, t.assistant_id, ch.assistant_id)
    WHERE m.id = ${literal(messageId)} AND m.account_id = ${literal(accountId)} AND (t.is_gpt_active = 1 OR ${flowAiActiveSql("t.id")}) AND a.is_active = 1 ${guard}
    ON CONFLICT (trigger_message_id) DO NOTHING RETURNING id`;

const startsAtOnceSql = (thread: string, accountId: string) => `EXISTS (SELECT 1 FROM threads t LEFT JOIN channels ch ON ch.id = t.channel_id AND ch.account_id = t.account_id
             LEFT JOIN assistants a ON a.account_id = t.account_id AND a.id = coalesce(${flowAssistantSql("t.id")}, t.assistant_id, ch.assistant_id)
             WHERE t.id = ${thread} AND t.account_id = ${literal(accountId)} AND (t.is_test = 1 OR t.channel_id IS NULL OR coalesce(a.debounce_seconds, 0) <= 0))`;

const armWaitingSql = (thread: string, accountId: string, runId: string, now: number) => `UPDATE threads SET gpt_status = 'WAITING_RESPONSE'
              WHERE id = ${thread} AND account_id = ${literal(accountId)}
                AND EXISTS (SELECT 1 FROM assistant_runs r WHERE r.id = ${literal(runId)} AND r.status = 'running' AND r.claimed_at = ${literal(now)})
                AND (threads.channel_id IS NULL OR EXISTS (SELECT 1 FROM channels c WHERE c.id = threads.channel_id AND c.account_id = threads.account_id AND c.enabled = 1))
              RETURNING *`;

/** Stage 2, the dispatch: reads the plan's results and starts, queues or skips each thread's newest run. */
async function dispatchRuns(env: Env, slots: RunSlot[], results: Record<string, unknown>[][], now: number, published?: Promise<void>, committedAt?: number): Promise<void> {
  const sends: Promise<void>[] = [];
  const downtimeRuns: string[] = [];
  for (const p of slots) {
    if (!p.newest || !results[p.stmt]![0]) continue; // earlier messages of the batch, a gated thread, or a run that already existed
    const g = results[p.gate]![0] as unknown as GateRow | undefined;
    if (!g) continue;
    const armed = p.wait !== null && !!results[p.wait]![0];
    if (isInDowntime(parseJson(g.downtime) as never, g.timezone, new Date(now))) {
      downtimeRuns.push(p.runId);
      // The caller's downtime check just before the commit said otherwise (a schedule boundary).
      if (armed) sends.push((published ?? Promise.resolve()).then(() => clearWaiting(env, p.item.accountId, g.thread_id)).catch(() => undefined));
      continue;
    }
    const ref = { runId: p.runId, accountId: p.item.accountId };
    const test = !!g.is_test || !g.channel_id;
    const debounce = g.debounce_seconds ?? 0;
    if (debounce > 0 && !test) {
      sends.push(enqueueRun(env, { ...ref, reason: "debounce" }, debounce));
      continue;
    }
    const preclaimed = p.claim ? readClaim(results.slice(...p.claim)) : undefined;
    startInline(env, p, { preclaimed, committedAt: p.item.committedAt ?? committedAt, published, waitingArmed: armed }, test);
    sends.push(enqueueRun(env, { ...ref, reason: "watchdog" }, WATCHDOG_SECONDS));
  }
  if (downtimeRuns.length) {
    // Inside the account's downtime schedule the assistant stays silent; the run row records why.
    sends.push(
      // The ids as one JSON parameter: a batch of 100 threads would pass D1's 100 bound parameters.
      env.DB.prepare("UPDATE assistant_runs SET status = 'skipped', error = 'downtime', updated_at = ? WHERE id IN (SELECT value FROM json_each(?))")
        .bind(now, JSON.stringify(downtimeRuns))
        .run()
        .then(() => undefined),
    );
  }
  await Promise.all(sends);
}

/** A turn that starts at once in this isolate (test chats stream their reply), kept alive past the response. */
function startInline(env: Env, p: RunSlot, base: RunOptions, test: boolean) {
  const messageId = p.item.messageId;
  const opts: RunOptions = test ? { ...base, onDelta: (piece) => emitDelta(messageId, piece) } : base;
  const turn = runInline(env, p.runId, p.item.accountId, opts);
  inflight.set(messageId, turn);
  void turn.finally(() =>
    setTimeout(() => {
      inflight.delete(messageId);
      streams.delete(messageId);
    }, 30_000),
  );
  keepAlive(turn);
}

function parseJson(s: string | null): unknown {
  try {
    return s ? JSON.parse(s) : null;
  } catch {
    return null;
  }
}

function keepAlive(p: Promise<unknown>) {
  try {
    waitUntil(p);
  } catch {
    // Outside a request context: the promise still runs while the isolate lives; the watchdog covers the rest.
  }
}

async function runInline(env: Env, runId: string, accountId: string, opts: RunOptions): Promise<RunOutcome | null> {
  try {
    const outcome = await executeRun(env, runId, opts);
    if (outcome.status === "deferred") await enqueueRun(env, { runId, accountId, reason: "retry" }, outcome.delaySeconds);
    return outcome;
  } catch (error) {
    // An injected crash is the isolate dying: no release, no retry from here; the watchdog queued with the turn takes over.
    if (error instanceof InjectedFault) return null;
    log.warn("inline assistant run crashed; retrying through the queue", { error, runId });
    await release(env, runId).catch(() => undefined);
    await enqueueRun(env, { runId, accountId, reason: "retry" }, 5).catch((e) => log.error("could not enqueue retry", { error: e, runId }));
    return null;
  }
}

/** The turn a message started in this isolate (test chat: the route awaits its reply). */
export function turnOf(messageId: string): Promise<RunOutcome | null> | undefined {
  return inflight.get(messageId);
}
