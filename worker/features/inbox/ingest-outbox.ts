import { enqueueRun } from "../../ai/queue";
import type { Env } from "../../env";
import { createLogger } from "../../lib/logger";
import type { WebhookTag } from "../outgoing-webhooks/emit";
import { runHandlers } from "./handlers";
import type { IngestResult } from "./ingest";
import { publishSafe, type RoomEventInput } from "./realtime";
import { rowToContact, rowToMessage, rowToThread } from "./rows";
import { serializeMessage } from "./serialize";

/**
 * ingest_outbox: the after-commit work of the inbound consumer's commits (issue #22, "crash after
 * the ingest transaction commits, before the queue message is acked").
 *
 * The commit that stores a webhook's messages also records them here, one row per queue message
 * that carried them (`source`) listing their ids; once the room push and the handler chain are done
 * the rows go. Should the isolate die in between, the queue redelivers that same message (same id),
 * whose messages are now duplicates: without this they would never reach the room, and a turn
 * claimed in the commit would wait for a watchdog nobody queued. The redelivery finds the row of its
 * own source, so it knows their holder is gone (a copy of the webhook in another queue message
 * finds no row of its own: the first holder's redelivery will come): it pushes their frames, gives
 * their runs back and queues them, hands messages without a run to the chain, and clears the rows.
 * Its results say "stored" so the consumer's after-effects (comments, AI paused) run for them too.
 */
const log = createLogger({ component: "ingest-outbox" });

/** What the first read found for a stored message whose work is unfinished. */
export interface Unfinished {
  messageId: string;
  source: string;
  /** The commit's time: rows of the same commit carry it as created_at. */
  at: number;
  /** The outbox row that lists it. */
  row: number;
}

/** One row per source of the commit (?3: [{s: source, ids: [message id…]}]); RETURNING id for the clear. */
export const OUTBOX_INSERT_SQL = `INSERT INTO ingest_outbox (account_id, source, message_ids, created_at)
  SELECT ?1, j.value ->> 's', json(j.value -> 'ids'), ?2 FROM jsonb_each(?3) AS j WHERE true
  RETURNING id`;

/** The rows of the batch's sources (?2, a JSON array) in the account (?1): what a redelivery left unfinished. */
export const OUTBOX_READ_SQL = "SELECT id, source, message_ids, created_at FROM ingest_outbox WHERE source IN (SELECT value FROM json_each(?2)) AND account_id = ?1";

/** The cron's sweep (the jobs queue's ingest-outbox-sweep job): rows older than a day belong to queue messages that will never come again (dead-lettered), and only slow every batch's read down. */
export async function sweepIngestOutbox(env: Env): Promise<number> {
  const r = await env.DB.prepare("DELETE FROM ingest_outbox WHERE created_at < ?").bind(Date.now() - 24 * 3600_000).run();
  return r.meta.changes ?? 0;
}

export async function clearOutbox(db: D1Database, rowIds: number[]): Promise<void> {
  await db.prepare("DELETE FROM ingest_outbox WHERE id IN (SELECT value FROM json_each(?))").bind(JSON.stringify(rowIds)).run();
}

/**
 * Finishes the work of the batch's duplicates whose unfinished rows carry this very queue message as
 * their source; fills their results (stored, not duplicate). Returns how many it finished.
 */
export async function finishUnfinished(
  env: Env,
  accountId: string,
  items: { message: { dedupeKey: string; direction: string } }[],
  sources: (string | undefined)[],
  unfinished: Map<string, Unfinished>,
  results: (IngestResult | undefined)[],
): Promise<number> {
  const mine = new Map<string, { index: number; u: Unfinished }>();
  items.forEach((it, i) => {
    const u = unfinished.get(it.message.dedupeKey);
    if (u && sources[i] && u.source === sources[i] && !mine.has(u.messageId)) mine.set(u.messageId, { index: i, u });
  });
  if (!mine.size) return 0;
  const ids = JSON.stringify([...mine.keys()]);
  const now = Date.now();
  const [msgs, contacts, threads, runs] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare("SELECT * FROM messages WHERE account_id = ?1 AND id IN (SELECT value FROM json_each(?2)) ORDER BY created_at, id").bind(accountId, ids),
    env.DB.prepare("SELECT * FROM contacts WHERE account_id = ?1 AND id IN (SELECT contact_id FROM messages WHERE id IN (SELECT value FROM json_each(?2)))").bind(accountId, ids),
    env.DB.prepare("SELECT * FROM threads WHERE account_id = ?1 AND id IN (SELECT thread_id FROM messages WHERE id IN (SELECT value FROM json_each(?2)))").bind(accountId, ids),
    // Runs the dead holder claimed in its commit (or created and never dispatched) go back to pending.
    env.DB.prepare(
      `UPDATE assistant_runs SET status = 'pending', claimed_at = NULL, updated_at = ?3
       WHERE account_id = ?1 AND trigger_message_id IN (SELECT value FROM json_each(?2)) AND status IN ('pending', 'running')
       RETURNING id, trigger_message_id`,
    ).bind(accountId, ids, now),
  ]);
  const contactById = new Map(contacts!.results.map((r) => [String(r.id), rowToContact(r)]));
  const threadById = new Map(threads!.results.map((r) => [String(r.id), rowToThread(r)]));
  const withRun = new Set(runs!.results.map((r) => String(r.trigger_message_id)));
  const events: RoomEventInput[] = [];
  const chain: { accountId: string; threadId: string; messageId: string }[] = [];
  for (const row of msgs!.results) {
    const message = rowToMessage(row);
    const contact = contactById.get(message.contactId);
    const thread = threadById.get(message.threadId);
    const { index, u } = mine.get(message.id)!;
    if (!contact || !thread) continue;
    const dto = serializeMessage(message, contact, thread);
    const webhooks: WebhookTag[] = [message.direction === "incoming" ? "message.received" : "message.sent"];
    events.push({ event: "message", data: dto, webhooks });
    results[index] = {
      dedupeKey: message.dedupeKey ?? "",
      duplicate: false,
      accountId,
      messageId: message.id,
      threadId: thread.id,
      contactId: contact.id,
      newContact: contact.createdAt === u.at,
      newThread: thread.createdAt === u.at,
      message: dto,
    };
    if (message.direction === "incoming" && !withRun.has(message.id)) chain.push({ accountId, threadId: thread.id, messageId: message.id });
  }
  log.warn("finishing an ingest whose holder died after its commit", { accountId, messages: mine.size, runs: runs!.results.length });
  await publishSafe(env, accountId, events);
  await Promise.all(runs!.results.map((r) => enqueueRun(env, { runId: String(r.id), accountId, reason: "retry" }, 0)));
  if (chain.length) await runHandlers(env, chain);
  await clearOutbox(env.DB, [...new Set([...mine.values()].map((m) => m.u.row))]);
  return mine.size;
}
