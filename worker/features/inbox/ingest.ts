import { z } from "zod";
import { type IncomingItem, incomingItemSchema } from "../../channels/types";
import type { Contact, Thread } from "../../db/schema/inbox";
import type { Env } from "../../env";
import { faultPoint } from "../../lib/faults";
import { createLogger } from "../../lib/logger";
import { parseOrThrow } from "../../lib/validation";
import { settingsSchema } from "../accounts/accounts.schemas";
import { isInDowntime } from "../accounts/downtime";
import type { WebhookTag } from "../outgoing-webhooks/emit";
import { accountHasUnfinishedRunSql } from "../flows/runtime/ai-seam";
import { type ChainItem, chainDecider, chainPreReads, type FlowDecision, planInCommit, type PreCommitMessage, runHandlers } from "./handlers";
import { clearOutbox, finishUnfinished, OUTBOX_INSERT_SQL, OUTBOX_READ_SQL, type Unfinished } from "./ingest-outbox";
import { type RoomEventInput, publishWaitingSafe } from "./realtime";
import { MESSAGE_VALUE_COLUMNS, messageColumnsFromJson, messageRow } from "./message-writer";
import { orderedId, rowToContact, rowToMessage, rowToThread, sequencedId } from "./rows";
import { type MessageDto, contactSearchText, previewOf, serializeContact, serializeMessage, threadSearchText } from "./serialize";

/**
 * The one way a message from outside (a messenger webhook, the test chat, the test bot, a message
 * typed on the phone) enters the inbox. Idempotent on `dedupeKey`. The item's schema is the
 * channels' contract (worker/channels/types.ts).
 */
export { type IncomingItem, incomingItemSchema };
type Item = z.output<typeof incomingItemSchema>;

export type IngestResult =
  | { dedupeKey: string; duplicate: true }
  | { dedupeKey: string; duplicate: false; rejected: string }
  | {
      dedupeKey: string;
      duplicate: false;
      rejected?: undefined;
      accountId: string;
      messageId: string;
      threadId: string;
      contactId: string;
      newContact: boolean;
      newThread: boolean;
      message: MessageDto;
    };

/**
 * Upserts contacts and threads, inserts the messages (a repeated dedupeKey returns
 * `{duplicate:true}` and changes nothing), updates each thread's last message / unread count /
 * search text, all in one D1 batch (one transaction) per account; then pushes one `message` frame
 * per message (with its contact and thread) to the room in commit order and hands new incoming
 * messages to the handler chain (handlers.ts).
 * Results come back in the order of `items`.
 */
export async function ingestIncoming(env: Env, items: IncomingItem[], opts: IngestOptions = {}): Promise<IngestResult[]> {
  const parsed = items.map((i) => parseOrThrow(incomingItemSchema, i));
  const results = new Array<IngestResult>(parsed.length);
  const byAccount = new Map<string, number[]>();
  parsed.forEach((it, i) => {
    const list = byAccount.get(it.accountId) ?? [];
    list.push(i);
    byAccount.set(it.accountId, list);
  });
  for (const [accountId, idx] of byAccount) {
    const out = await ingestForAccount(env, accountId, idx.map((i) => parsed[i]), opts.sources ? idx.map((i) => opts.sources![i]) : undefined);
    idx.forEach((i, k) => (results[i] = out[k]));
  }
  return results;
}

export interface IngestOptions {
  /**
   * Per item, the queue message that carries it (the inbound consumer's): the commit records its
   * new messages in ingest_outbox under it until the room push and the handler chain are done, and
   * a redelivery of that same queue message finishes what a crash after the commit left undone.
   */
  sources?: (string | undefined)[];
}

interface Plan {
  item: Item;
  contactKey: string;
  threadKey: string;
  messageId: string;
  createdAt: number;
}

type ExistingContact = { name: string; platformUsername: string | null; phone: string | null; lastSeenAt: number };
type ContactState = { name: string; platformUsername: string | null; phone: string | null; isNew: boolean; newId: string };

/** What the first round trip found: the account's switches and the rows the batch already has. */
interface Existing {
  aiOnForNewThreads: boolean;
  inDowntime: boolean;
  hasAssistant: boolean;
  /** A published flow or an unfinished flow run: the chain's flow slot looks at the incoming messages. */
  hasFlows: boolean;
  /** From the flow slot's reads: whether a flow takes a thread's one new message (handlers.ts). */
  flowDecision(env: Env): Promise<(m: PreCommitMessage) => FlowDecision>;
  keys: Set<string>;
  /** Stored messages of the batch whose after-commit work is unfinished (ingest_outbox, this batch's sources only), by dedupe key. */
  unfinished: Map<string, Unfinished>;
  channelAssistant: Map<string, string | null>;
  contacts: Map<string, ExistingContact>;
}

/** The write batch before it is sent, with where each kind of row's statements sit in it. */
interface Writes {
  writes: { sql: string; values: unknown[] }[];
  contacts: [number, number];
  messages: [number, number];
  /** The threads' last-message update (its RETURNING rows are the committed threads). */
  threads: [number, number];
  /** The closed or archived threads this batch's customer messages reopen (read just before that update). */
  reopened: [number, number];
  contactState: Map<string, ContactState>;
  threadNewIds: Map<string, string>;
  previews: Map<string, string>;
  messageRowsIn: Map<string, Record<string, unknown>>;
}

/**
 * The stages of one account's batch, as README's diagram has them: drop repeats → read what
 * exists (round trip 1) → plan the messages → plan the writes (set-based) → the handlers' in-commit
 * statements → commit (round trip 2) → frames and results → push to the room and hand over to the
 * handler chain.
 */
async function ingestForAccount(env: Env, accountId: string, items: Item[], sources?: (string | undefined)[]): Promise<IngestResult[]> {
  const now = Date.now();
  const results = repeatsInBatch(items);
  const existing = await readExisting(env.DB, accountId, items, now, sources);
  if (!existing) return items.map((it, i) => results[i] ?? { dedupeKey: it.message.dedupeKey, duplicate: false, rejected: "ACCOUNT_NOT_FOUND" });
  const plans = planMessages(items, results, existing, now);
  // The same queue message again, after its holder died between the commit and the ack: finish its work.
  if (sources && existing.unfinished.size) await finishUnfinished(env, accountId, items, sources, existing.unfinished, results);
  const live = plans.filter((p): p is Plan => p !== null);
  if (live.length === 0) return results as IngestResult[];
  const w = planWrites(accountId, live, existing, now);
  const outboxAt = sources ? planOutbox(w, accountId, now, plans, sources) : null;

  // A thread with one incoming message in this batch gets its handler's work (the assistant's run
  // created, claimed and loaded) in the same transaction: the turn can start as soon as the commit
  // returns. A burst in one thread goes through the chain after the commit (runHandlers).
  // An account without an active assistant gets no runs at all (a run needs one): its messages
  // skip the assistant's planning, which costs more JavaScript than storing them.
  // With flows, the first read also told which threads a flow takes (its run goes on, or a trigger
  // matches): those go to the flow slot after the commit, the rest are planned for the assistant.
  const incomingByThread = new Map<string, Plan[]>();
  if (existing.hasAssistant) for (const p of live) if (p.item.message.direction === "incoming") incomingByThread.set(p.threadKey, [...(incomingByThread.get(p.threadKey) ?? []), p]);
  let single = [...incomingByThread.values()].filter((g) => g.length === 1).map((g) => g[0]!);
  if (existing.hasFlows && single.length) {
    const decide = await existing.flowDecision(env);
    single = single.filter((p) => decide(preCommitMessage(p, existing)) === "pass");
  }
  const inCommit = new Set(single.map((p) => p.messageId));
  const inCommitPlan = planInCommit(env, [...inCommit].map((messageId) => ({ accountId, messageId })), { armWaiting: !existing.inDowntime, flowGuard: existing.hasFlows });
  const chainFrom = w.writes.length;

  // No yield between the plan and the commit: the plan stamped the messages' ids and times, and a
  // reply committed in between would get later ones yet reach the room first (the stored order and
  // the sockets' order would differ; tests/worker/exactly-once/order.test.ts).
  const written = await commit(env.DB, accountId, w.writes, inCommitPlan?.statements ?? []);
  // A crash here (the isolate dies between the commit and the ack) is what ingest_outbox is for.
  faultPoint(env, "ingest.afterCommit");
  const committedAt = Date.now();
  // Threads whose waiting state this commit set (§4): their frames show it, and the same room call arms the deadline.
  const waitingRows = inCommitPlan ? inCommitPlan.waitingThreads(written.slice(chainFrom)) : new Map<string, Record<string, unknown>>();
  const out = framesAndResults(accountId, items, plans, results, existing, w, written, waitingRows);
  // On a flow account, a message whose in-commit run was not created may be a flow's after all (a
  // run that started between the read and the commit): the flow slot looks at it.
  if (inCommitPlan && existing.hasFlows) for (const id of inCommitPlan.notCreated(written.slice(chainFrom))) inCommit.delete(id);
  const chain: ChainItem[] = existing.hasAssistant || existing.hasFlows
    ? out.incoming.filter((m) => !inCommit.has(m.messageId)).map((m) => ({ accountId, threadId: m.threadId, messageId: m.messageId, committedAt, flows: existing.hasFlows }))
    : [];

  // The push and the chain start together: the assistant's turn does not wait for the fan-out, and
  // the turn's own room events (the waiting state) wait for this push, so the order stays.
  // No yield from the commit's answer to the room call: the push starts in the same turn, so rooms
  // get the batches' events in commit order.
  const published = publishWaitingSafe(env, accountId, out.events, { start: out.waitingThreadIds });
  const handlers: Promise<void>[] = [];
  if (inCommitPlan) handlers.push(inCommitPlan.finish(env, written.slice(chainFrom), published, committedAt));
  if (chain.length) handlers.push(runHandlers(env, chain, published));
  for (const r of await Promise.allSettled(handlers)) {
    // The messages are stored and pushed; a failing handler must not make the webhook retry them.
    if (r.status === "rejected") createLogger({ accountId }).error("handler chain failed", { error: r.reason, messages: chain.length + inCommit.size });
  }
  await published;
  if (outboxAt) await clearOutbox(env.DB, written.slice(outboxAt[0], outboxAt[1]).flatMap((r) => r.results.map((row) => Number(row.id))));
  return out.results;
}

/** What the flow slot's decision before the commit looks at in a planned message. */
function preCommitMessage(p: Plan, existing: Existing): PreCommitMessage {
  const it = p.item;
  const buttonData = it.message.metadata?.buttonData;
  return {
    platform: it.platform,
    platformUserId: it.contact.platformUserId,
    channelId: it.channelId,
    threadKind: it.thread?.kind ?? "dm",
    externalThreadId: it.thread?.externalThreadId ?? "",
    text: it.message.content,
    buttonData: typeof buttonData === "string" ? buttonData : null,
    test: !!it.contact.isTestContact || it.platform === "WEBCHAT",
    newContact: !existing.contacts.has(p.contactKey),
  };
}

/**
 * The commit's ingest_outbox rows: one per queue message, listing the messages of it this commit
 * stores (ingest-outbox.ts). Returns where its statements sit in the writes (their RETURNING ids are
 * the rows to clear), or null when there is nothing to record.
 */
function planOutbox(w: Writes, accountId: string, now: number, plans: (Plan | null)[], sources: (string | undefined)[]): [number, number] | null {
  const bySource = new Map<string, string[]>();
  plans.forEach((p, i) => {
    const source = sources[i];
    if (!p || !source) return;
    const ids = bySource.get(source);
    if (ids) ids.push(p.messageId);
    else bySource.set(source, [p.messageId]);
  });
  if (!bySource.size) return null;
  const from = w.writes.length;
  for (const json of jsonArrays([...bySource].map(([s, ids]) => JSON.stringify({ s, ids })))) w.writes.push({ sql: OUTBOX_INSERT_SQL, values: [accountId, now, json] });
  return [from, w.writes.length];
}

/** Repeats inside the batch: the first one wins. */
function repeatsInBatch(items: Item[]): (IngestResult | undefined)[] {
  const results: (IngestResult | undefined)[] = new Array(items.length);
  const seenKeys = new Set<string>();
  items.forEach((it, i) => {
    if (seenKeys.has(it.message.dedupeKey)) results[i] = { dedupeKey: it.message.dedupeKey, duplicate: true };
    seenKeys.add(it.message.dedupeKey);
  });
  return results;
}

/** Round trip 1: the account's switches and the dedupe keys, channels and contacts that already exist; null without the account. */
async function readExisting(db: D1Database, accountId: string, items: Item[], now: number, sources?: (string | undefined)[]): Promise<Existing | null> {
  const keys = [...new Set(items.map((it) => it.message.dedupeKey))];
  const channelIds = [...new Set(items.map((i) => i.channelId).filter((c): c is string => !!c))];
  const contactsByPlatform = new Map<string, string[]>();
  for (const it of items) {
    const list = contactsByPlatform.get(it.platform) ?? [];
    if (!list.includes(it.contact.platformUserId)) list.push(it.contact.platformUserId);
    contactsByPlatform.set(it.platform, list);
  }
  const reads: D1PreparedStatement[] = [
    db
      .prepare(
        `SELECT settings, downtime, timezone, EXISTS (SELECT 1 FROM assistants a WHERE a.account_id = accounts.id AND a.is_active = 1) AS has_assistant,
           EXISTS (SELECT 1 FROM flows f WHERE f.account_id = accounts.id AND f.status = 'published') OR ${accountHasUnfinishedRunSql("accounts.id", "r")} AS has_flows
         FROM accounts WHERE id = ?`,
      )
      .bind(accountId),
  ];
  // Lists go in as one JSON array parameter each (json_each): D1 allows 100 bound parameters.
  for (const json of jsonArrays(keys.map((k) => JSON.stringify(k)))) {
    reads.push(
      db
        .prepare(
          "SELECT m.dedupe_key, m.id FROM messages m WHERE m.account_id = ? AND m.dedupe_key IN (SELECT value FROM json_each(?))",
        )
        .bind(accountId, json),
    );
  }
  const dedupeEnd = reads.length;
  // This batch's queue messages' unfinished commits (a redelivery's own), if any.
  const batchSources = sources ? [...new Set(sources.filter((x): x is string => !!x))] : [];
  const outboxRead = batchSources.length ? reads.push(db.prepare(OUTBOX_READ_SQL).bind(accountId, JSON.stringify(batchSources))) - 1 : -1;
  const channelFrom = reads.length;
  for (const json of jsonArrays(channelIds.map((c) => JSON.stringify(c)))) {
    reads.push(db.prepare("SELECT id, assistant_id FROM channels WHERE account_id = ? AND id IN (SELECT value FROM json_each(?))").bind(accountId, json));
  }
  const contactFrom = reads.length;
  for (const [platform, ids] of contactsByPlatform) {
    for (const json of jsonArrays(ids.map((c) => JSON.stringify(c)))) {
      reads.push(
        db
          .prepare(
            "SELECT platform, platform_user_id, name, platform_username, phone, last_seen_at FROM contacts WHERE account_id = ? AND platform = ? AND platform_user_id IN (SELECT value FROM json_each(?))",
          )
          .bind(accountId, platform, json),
      );
    }
  }
  // The flow slot's reads (the published starts, the unfinished runs of these contacts): with them
  // a message no flow takes is planned for the assistant inside the commit on a flow account too.
  const flowFrom = reads.length;
  const flowContacts = [...contactsByPlatform].flatMap(([platform, ids]) => jsonArrays(ids.map((c) => JSON.stringify(c))).map((json) => ({ platform, json })));
  reads.push(...chainPreReads(db, accountId, flowContacts));
  const readResults = await db.batch<Record<string, unknown>>(reads);
  const accountRow = readResults[0]!.results[0];
  if (!accountRow) return null;
  const settings = settingsSchema.safeParse(typeof accountRow.settings === "string" ? safeJson(accountRow.settings) : accountRow.settings);
  const existing: Existing = {
    aiOnForNewThreads: settings.success ? settings.data.inbox.aiOnForNewThreads : true,
    // Outside the downtime schedule a turn that starts at once sets its thread's waiting state in
    // this same commit (the turn checks the schedule again and clears it if it now says otherwise).
    inDowntime: isInDowntime(
      (typeof accountRow.downtime === "string" ? safeJson(accountRow.downtime) : accountRow.downtime) as never,
      String(accountRow.timezone ?? "UTC"),
      new Date(now),
    ),
    hasAssistant: !!accountRow.has_assistant,
    hasFlows: !!accountRow.has_flows,
    flowDecision: (env) => chainDecider(env, accountId, readResults.slice(flowFrom), flowContacts.map((c) => c.platform), now),
    keys: new Set(),
    unfinished: new Map(),
    channelAssistant: new Map(),
    contacts: new Map(),
  };
  const storedKeyOf = new Map<string, string>();
  for (let r = 1; r < dedupeEnd; r++) {
    for (const row of readResults[r]!.results) {
      existing.keys.add(String(row.dedupe_key));
      storedKeyOf.set(String(row.id), String(row.dedupe_key));
    }
  }
  if (outboxRead >= 0) {
    for (const row of readResults[outboxRead]!.results) {
      for (const messageId of safeJsonArray(row.message_ids)) {
        const key = storedKeyOf.get(messageId);
        if (key) existing.unfinished.set(key, { messageId, source: String(row.source), at: Number(row.created_at), row: Number(row.id) });
      }
    }
  }
  for (let r = channelFrom; r < contactFrom; r++) {
    for (const row of readResults[r]!.results) existing.channelAssistant.set(String(row.id), (row.assistant_id as string | null) ?? null);
  }
  for (let r = contactFrom; r < flowFrom; r++) {
    for (const row of readResults[r]!.results) {
      existing.contacts.set(`${row.platform}|${row.platform_user_id}`, {
        name: String(row.name ?? ""),
        platformUsername: (row.platform_username as string | null) ?? null,
        phone: (row.phone as string | null) ?? null,
        lastSeenAt: Number(row.last_seen_at),
      });
    }
  }
  return existing;
}

/** Which messages are new, and where they go (fills `results` for the repeats and the rejected). */
function planMessages(items: Item[], results: (IngestResult | undefined)[], existing: Existing, now: number): (Plan | null)[] {
  return items.map((it, i) => {
    if (results[i]) return null;
    if (existing.keys.has(it.message.dedupeKey)) {
      results[i] = { dedupeKey: it.message.dedupeKey, duplicate: true };
      return null;
    }
    if (it.channelId && !existing.channelAssistant.has(it.channelId)) {
      results[i] = { dedupeKey: it.message.dedupeKey, duplicate: false, rejected: "CHANNEL_NOT_FOUND" };
      return null;
    }
    const contactKey = `${it.platform}|${it.contact.platformUserId}`;
    const threadKey = `${contactKey}|${it.channelId ?? ""}|${it.thread?.kind ?? "dm"}|${it.thread?.externalThreadId ?? ""}`;
    return { item: it, contactKey, threadKey, messageId: messageIdOf(it), createdAt: it.message.createdAt ?? now };
  });
}

/** Telegram numbers a chat's messages: its incoming messages sort by that number within their second (see sequencedId). */
function messageIdOf(it: Item): string {
  const seq = it.platform === "TELEGRAM" && it.message.direction === "incoming" && it.message.createdAt ? Number(it.message.platformMessageId) : NaN;
  return Number.isSafeInteger(seq) && seq > 0 ? sequencedId(it.message.createdAt!, seq) : orderedId();
}

/** Contacts: the merged view (what we know after this batch) drives the search text. */
function contactStates(live: Plan[], existing: Existing) {
  const contactState = new Map<string, ContactState>();
  const lastOfContact = new Map<string, Item>();
  const incomingContacts = new Set<string>();
  for (const p of live) {
    const it = p.item;
    const known = existing.contacts.get(p.contactKey);
    const prev = contactState.get(p.contactKey) ?? (known ? { ...known, isNew: false, newId: orderedId() } : null);
    const c = it.contact;
    const name = c.name?.trim() || prev?.name || c.platformUsername || c.phone || "";
    contactState.set(p.contactKey, {
      name,
      platformUsername: c.platformUsername ?? prev?.platformUsername ?? null,
      phone: c.phone ?? prev?.phone ?? null,
      isNew: prev ? prev.isNew : true,
      newId: prev?.newId ?? orderedId(),
    });
    lastOfContact.set(p.contactKey, it);
    if (it.message.direction === "incoming") incomingContacts.add(p.contactKey);
  }
  return { contactState, lastOfContact, incomingContacts };
}

/**
 * Plans the writes: one statement per kind of row, each over a JSON array (jsonb_each) of the
 * batch's rows, so a batch costs a handful of statements instead of several per message. On
 * wrangler dev every statement of a batch costs ~25 µs of the Worker thread apart from its SQL.
 */
function planWrites(accountId: string, live: Plan[], existing: Existing, now: number): Writes {
  const { contactState, lastOfContact, incomingContacts } = contactStates(live, existing);
  const contactJson: string[] = [];
  const newThreads = new Map<string, Record<string, unknown>>();
  const messageJson: string[] = [];
  const previewJson: string[] = [];
  const threadNewIds = new Map<string, string>();
  const searchTextOf = new Map<string, { it: Item; text: string }>();
  const previews = new Map<string, string>();
  const messageRowsIn = new Map<string, Record<string, unknown>>();
  const firstOfContact = new Set<string>();
  for (const p of live) {
    const it = p.item;
    const st = contactState.get(p.contactKey)!;
    const key = { platform: it.platform, puid: it.contact.platformUserId };
    const test = it.contact.isTestContact || it.platform === "WEBCHAT" ? 1 : 0;
    if (!firstOfContact.has(p.contactKey)) {
      firstOfContact.add(p.contactKey);
      const lastItem = lastOfContact.get(p.contactKey)!;
      contactJson.push(
        JSON.stringify({
          ...key,
          id: st.newId,
          name: st.name,
          username: lastItem.contact.platformUsername ?? it.contact.platformUsername ?? null,
          phone: lastItem.contact.phone ?? it.contact.phone ?? null,
          avatar: lastItem.contact.avatar ?? it.contact.avatar ?? null,
          test,
          search: contactSearchText({ name: st.name, platformUsername: st.platformUsername, phone: st.phone, platformUserId: it.contact.platformUserId }),
          // Last seen moves on with an incoming message (a new contact is seen now in any case).
          seen: incomingContacts.has(p.contactKey) || !existing.contacts.has(p.contactKey) ? now : 0,
        }),
      );
    }
    const where = { ...key, channel: it.channelId, kind: it.thread?.kind ?? "dm", ext: it.thread?.externalThreadId ?? "" };
    if (!threadNewIds.has(p.threadKey)) {
      const id = orderedId();
      threadNewIds.set(p.threadKey, id);
      const assistantId = it.thread?.assistantId ?? (it.channelId ? existing.channelAssistant.get(it.channelId) : null) ?? null;
      newThreads.set(p.threadKey, { ...where, id, assistant: assistantId, ai: assistantId && existing.aiOnForNewThreads ? 1 : 0, test });
    }
    const m = it.message;
    const preview = previewOf(m);
    previews.set(p.messageId, preview);
    // Named as the columns: the committed row is this plus what the insert returns (thread, contact).
    const row = messageRow({ ...m, id: p.messageId, delivery: m.direction === "outgoing" ? "sent" : null, createdAt: p.createdAt, updatedAt: now });
    messageRowsIn.set(p.messageId, row);
    messageJson.push(JSON.stringify({ ...where, ...row }));
    previewJson.push(JSON.stringify({ id: p.messageId, preview }));
    searchTextOf.set(p.threadKey, { it, text: threadSearchText(st, preview) });
  }
  // Kept as SQL and values until the batch is sent: the statements are prepared for the JSON table
  // function in use (see bulkJsonEach).
  const writes: { sql: string; values: unknown[] }[] = [];
  const bulk = (sql: string, rows: string[], withAt = true): [number, number] => {
    const from = writes.length;
    for (const json of jsonArrays(rows)) writes.push({ sql, values: withAt ? [accountId, now, json] : [accountId, json] });
    return [from, writes.length];
  };
  const contacts = bulk(CONTACTS_UPSERT_SQL, contactJson);
  // A new thread starts with its search text as of its last message of the batch (the update
  // below then leaves it alone, so its FTS entry is written once).
  bulk(THREADS_INSERT_SQL, [...newThreads].map(([key, t]) => JSON.stringify({ ...t, search: searchTextOf.get(key)!.text })));
  const messages = bulk(MESSAGES_INSERT_SQL, messageJson);
  const reopened = bulk(THREADS_REOPENED_SQL, previewJson);
  // The threads' last message, unread count and last incoming time, from the rows really inserted
  // (a concurrent duplicate leaves its thread alone).
  const threads = bulk(THREADS_LAST_MESSAGE_SQL, previewJson);
  // The search text (name, username, last message) once per thread, after its last message of the
  // batch, and only when it changed: every write of it rewrites the thread's trigram FTS entry,
  // which is most of what storing a message costs, so a burst in one thread pays for it once.
  bulk(
    THREADS_SEARCH_SQL,
    [...searchTextOf.values()].map(({ it, text }) =>
      JSON.stringify({ platform: it.platform, puid: it.contact.platformUserId, channel: it.channelId, kind: it.thread?.kind ?? "dm", ext: it.thread?.externalThreadId ?? "", text }),
    ),
    false,
  );
  return { writes, contacts, messages, threads, reopened, contactState, threadNewIds, previews, messageRowsIn };
}

/** Round trip 2: every write (and the handlers' in-commit statements) in one transaction. */
async function commit(db: D1Database, accountId: string, writes: Writes["writes"], extra: D1PreparedStatement[]): Promise<D1Result<Record<string, unknown>>[]> {
  const batchFor = (each: JsonEach) => [...writes.map((w) => db.prepare(each === "jsonb_each" ? w.sql : w.sql.replaceAll("jsonb_each(", "json_each(")).bind(...w.values)), ...extra];
  try {
    return await db.batch<Record<string, unknown>>(batchFor(bulkJsonEach));
  } catch (error) {
    // A D1 without JSONB (SQLite before 3.45) refuses jsonb_each: the transaction wrote nothing, so
    // the same rows go again through json_each, and this isolate keeps to it.
    if (bulkJsonEach !== "jsonb_each" || !/jsonb_each/.test(String((error as Error)?.message ?? error))) throw error;
    createLogger({ accountId }).warn("jsonb_each unavailable: ingest falls back to json_each", { error });
    bulkJsonEach = "json_each";
    return db.batch<Record<string, unknown>>(batchFor(bulkJsonEach));
  }
}

/**
 * Reads the commit back into one `message` frame per stored message (with its contact and thread
 * as they were right after it) and the results in the order of `items`; a planned message the
 * commit did not store lost a race with a concurrent delivery of the same message.
 */
function framesAndResults(
  accountId: string,
  items: Item[],
  plans: (Plan | null)[],
  results: (IngestResult | undefined)[],
  existing: Existing,
  w: Writes,
  written: D1Result<Record<string, unknown>>[],
  waitingRows: Map<string, Record<string, unknown>>,
) {
  const contactRows = new Map<string, Contact>();
  for (let s = w.contacts[0]; s < w.contacts[1]; s++) {
    for (const row of written[s]!.results) {
      const c = rowToContact(row);
      contactRows.set(`${c.platform}|${c.platformUserId}`, c);
    }
  }
  const messageRows = new Map<string, Record<string, unknown>>();
  // The insert returns where each new message went; the rest of the row is what was written.
  for (let s = w.messages[0]; s < w.messages[1]; s++) {
    for (const r of written[s]!.results) messageRows.set(String(r.id), { ...w.messageRowsIn.get(String(r.id)), account_id: accountId, thread_id: r.thread_id, contact_id: r.contact_id });
  }
  const threadRows = new Map<string, Thread>();
  // Conversations this batch's customer messages reopened: their first frame tells the webhooks.
  const reopened = new Set<string>();
  for (let s = w.reopened[0]; s < w.reopened[1]; s++) for (const row of written[s]!.results) reopened.add(String(row.id));
  for (let s = w.threads[0]; s < w.threads[1]; s++) for (const row of written[s]!.results) threadRows.set(String(row.id), rowToThread(row));
  // Each frame shows its thread as it was right after its message: the committed row, less the
  // incoming messages of this batch that came after it.
  const incomingAfter = new Map<string, number>();
  for (const row of messageRows.values()) if (row.direction === "incoming") incomingAfter.set(String(row.thread_id), (incomingAfter.get(String(row.thread_id)) ?? 0) + 1);
  const lastIncomingAt = new Map<string, number>();
  // Known contacts whose name, username or phone this batch changed: a contact.updated webhook rides on their first message.
  const changedContacts = new Set<string>();
  for (const [key, st] of w.contactState) {
    const ex = existing.contacts.get(key);
    if (ex && (ex.name !== st.name || ex.platformUsername !== st.platformUsername || ex.phone !== st.phone)) changedContacts.add(key);
  }
  const events: RoomEventInput[] = [];
  const incoming: { messageId: string; threadId: string }[] = [];
  const waitingThreadIds: string[] = [];
  items.forEach((it, i) => {
    const p = plans[i];
    if (!p) return;
    const mRow = messageRows.get(p.messageId);
    const committed = mRow ? threadRows.get(String(mRow.thread_id)) : undefined;
    const contact = contactRows.get(p.contactKey);
    if (!mRow || !committed || !contact) {
      results[i] = { dedupeKey: it.message.dedupeKey, duplicate: true };
      return;
    }
    const message = rowToMessage(mRow);
    if (message.direction === "incoming") {
      incomingAfter.set(committed.id, incomingAfter.get(committed.id)! - 1);
      lastIncomingAt.set(committed.id, message.createdAt);
    }
    const waitingRow = waitingRows.get(message.id);
    const thread: Thread = waitingRow
      ? rowToThread(waitingRow)
      : {
          ...committed,
          lastMessage: w.previews.get(message.id) ?? committed.lastMessage,
          lastMessageType: message.type,
          lastMessageAt: message.createdAt,
          unreadCount: committed.unreadCount - (incomingAfter.get(committed.id) ?? 0),
          lastIncomingAt: lastIncomingAt.get(committed.id) ?? committed.lastIncomingAt,
        };
    const dto = serializeMessage(message, contact, thread);
    // The message frame carries its contact and thread as committed: no separate updateContact,
    // except for the waiting state, which is also pushed on its own as §4 has it.
    const newContact = contact.id === w.contactState.get(p.contactKey)!.newId;
    const webhooks: WebhookTag[] = newContact && dto.contact ? [{ type: "contact.created", data: dto.contact }] : [];
    if (changedContacts.delete(p.contactKey) && dto.contact) webhooks.push({ type: "contact.updated", data: dto.contact });
    if (reopened.delete(thread.id)) webhooks.push({ type: "thread.status_changed", data: serializeContact(contact, thread) });
    if (message.direction === "incoming") webhooks.push("message.received");
    else if (message.direction === "outgoing") webhooks.push("message.sent");
    events.push({ event: "message", data: dto, webhooks });
    if (waitingRow) {
      events.push({ event: "updateContact", data: serializeContact(contact, thread) });
      waitingThreadIds.push(thread.id);
    }
    results[i] = {
      dedupeKey: it.message.dedupeKey,
      duplicate: false,
      accountId,
      messageId: message.id,
      threadId: thread.id,
      contactId: contact.id,
      newContact,
      newThread: thread.id === w.threadNewIds.get(p.threadKey),
      message: dto,
    };
    if (message.direction === "incoming") incoming.push({ messageId: message.id, threadId: thread.id });
  });
  return { events, incoming, waitingThreadIds, results: results as IngestResult[] };
}

/**
 * JSON arrays of already serialized rows, each small enough for one bound parameter (D1 takes
 * strings up to 2 MB; 600 000 UTF-16 units are at most 1.8 MB of UTF-8).
 */
function jsonArrays(rows: string[], maxChars = 600_000): string[] {
  const out: string[] = [];
  let part: string[] = [];
  let size = 2;
  for (const r of rows) {
    if (part.length && size + r.length + 1 > maxChars) {
      out.push(`[${part.join(",")}]`);
      part = [];
      size = 2;
    }
    part.push(r);
    size += r.length + 1;
  }
  if (part.length) out.push(`[${part.join(",")}]`);
  return out;
}

type JsonEach = "jsonb_each" | "json_each";
let bulkJsonEach: JsonEach = "jsonb_each";
/** Tests run the fallback's SQL too. */
export function setIngestJsonEachForTests(each: JsonEach) {
  bulkJsonEach = each;
}

// The batch's writes, each over a JSON array of rows (?3; ?1 is the account, ?2 the commit time).
// The JSON array drives every join (CROSS JOIN keeps it the outer loop): without statistics the
// planner would otherwise walk all of the account's contacts or threads and probe the array.
// jsonb_each hands each row over as JSONB, so its fields are read without parsing the row's text
// again for every column (a message's row: 8 instead of 29 µs of SQLite CPU, measured in node:sqlite).
// A message finds its contact by (platform, platform user id) and its thread by (contact, channel,
// kind, external id); the JSON keys are the ones planWrites writes.
const CONTACT_OF = "c.account_id = ?1 AND c.platform = j.value ->> 'platform' AND c.platform_user_id = j.value ->> 'puid'";
const THREAD_OF = "t.account_id = ?1 AND t.contact_id = c.id AND t.channel_id IS j.value ->> 'channel' AND t.kind = j.value ->> 'kind' AND t.external_thread_id = j.value ->> 'ext'";

const CONTACTS_UPSERT_SQL = `INSERT INTO contacts (id, account_id, platform, platform_user_id, name, platform_username, phone, avatar, is_test_contact, search_text, custom_fields, facts, first_seen_at, last_seen_at, created_at, updated_at)
  SELECT j.value ->> 'id', ?1, j.value ->> 'platform', j.value ->> 'puid', j.value ->> 'name', j.value ->> 'username', j.value ->> 'phone', j.value ->> 'avatar', j.value ->> 'test', j.value ->> 'search', '{}', '[]', ?2, j.value ->> 'seen', ?2, ?2
  FROM jsonb_each(?3) AS j WHERE true
  ON CONFLICT (account_id, platform, platform_user_id) DO UPDATE SET
    name = excluded.name,
    platform_username = coalesce(excluded.platform_username, contacts.platform_username),
    phone = coalesce(excluded.phone, contacts.phone),
    avatar = coalesce(excluded.avatar, contacts.avatar),
    search_text = excluded.search_text,
    last_seen_at = max(contacts.last_seen_at, excluded.last_seen_at),
    updated_at = excluded.updated_at
  RETURNING *`;

// The unique (contact, channel, kind, external id) does not cover a NULL channel (test chats), so a thread is inserted only when missing.
const THREADS_INSERT_SQL = `INSERT INTO threads (id, account_id, contact_id, channel_id, kind, external_thread_id, assistant_id, status, gpt_status, is_gpt_active, unread_count, search_text, platform, is_test, created_at, updated_at)
  SELECT j.value ->> 'id', ?1, c.id, j.value ->> 'channel', j.value ->> 'kind', j.value ->> 'ext', j.value ->> 'assistant', 'active', 'COMPLETED', j.value ->> 'ai', 0, j.value ->> 'search', j.value ->> 'platform', j.value ->> 'test', ?2, ?2
  FROM jsonb_each(?3) AS j CROSS JOIN contacts c ON ${CONTACT_OF}
  WHERE NOT EXISTS (SELECT 1 FROM threads t WHERE ${THREAD_OF})
  ON CONFLICT DO NOTHING`;

// The message's own columns come from the writer's row (messageRow), in the writer's column order.
const MESSAGES_INSERT_SQL = `INSERT INTO messages (account_id, thread_id, contact_id, ${MESSAGE_VALUE_COLUMNS.join(", ")})
  SELECT ?1, (SELECT t.id FROM threads t WHERE ${THREAD_OF} ORDER BY t.created_at, t.id LIMIT 1), c.id, ${messageColumnsFromJson("j")}
  FROM jsonb_each(?3) AS j CROSS JOIN contacts c ON ${CONTACT_OF}
  WHERE true
  ON CONFLICT DO NOTHING RETURNING id, thread_id, contact_id`;

// Only rows this batch really inserted count (a duplicate that lost a race to a concurrent delivery
// has no row under its id); the last of them (in batch order) is the thread's last message.
// A customer's message reopens a closed or archived conversation (it is active again, back in the
// operators' list, and the assistant answers as in any active one); THREADS_REOPENED_SQL, in the same
// transaction just before, names those threads.
const THREADS_LAST_MESSAGE_SQL = `WITH ins AS MATERIALIZED (
    SELECT m.thread_id AS tid, m.type AS type, m.created_at AS at, j.value ->> 'preview' AS preview,
      row_number() OVER (PARTITION BY m.thread_id ORDER BY j.key DESC) AS nth_from_last,
      sum(m.direction = 'incoming') OVER (PARTITION BY m.thread_id) AS unread,
      max(CASE WHEN m.direction = 'incoming' THEN m.created_at END) OVER (PARTITION BY m.thread_id) AS incoming_at,
      t.status IN ('closed', 'archived') AS closed
    FROM jsonb_each(?3) AS j CROSS JOIN messages m ON m.id = j.value ->> 'id' CROSS JOIN threads t ON t.id = m.thread_id
  )
  UPDATE threads SET last_message = ins.preview, last_message_type = ins.type, last_message_at = ins.at, updated_at = max(threads.updated_at, ?2),
    unread_count = threads.unread_count + ins.unread, last_incoming_at = coalesce(ins.incoming_at, threads.last_incoming_at),
    status = CASE WHEN ins.unread > 0 AND ins.closed THEN 'active' ELSE threads.status END
  FROM ins WHERE ins.nth_from_last = 1 AND threads.id = ins.tid
  RETURNING *`;

// The closed or archived threads that this batch's stored customer messages reopen: read in the
// commit's transaction right before the update above, so it sees their status before it. (It was a
// subquery of that update's RETURNING over the CTE, which SQLite scanned once per updated thread:
// rows read grew with the square of the batch, 1 448 per batch of 40 in the cost benchmark.)
const THREADS_REOPENED_SQL = `SELECT DISTINCT t.id FROM jsonb_each(?3) AS j
    CROSS JOIN messages m ON m.id = j.value ->> 'id'
    CROSS JOIN threads t ON t.id = m.thread_id
  WHERE m.direction = 'incoming' AND t.account_id = ?1 AND t.status IN ('closed', 'archived')`;

const THREADS_SEARCH_SQL = `WITH s AS MATERIALIZED (
    SELECT t.id AS tid, j.value ->> 'text' AS text
    FROM jsonb_each(?2) AS j
      CROSS JOIN contacts c ON c.account_id = ?1 AND c.platform = j.value ->> 'platform' AND c.platform_user_id = j.value ->> 'puid'
      CROSS JOIN threads t ON t.account_id = ?1 AND t.contact_id = c.id AND t.channel_id IS j.value ->> 'channel' AND t.kind = j.value ->> 'kind' AND t.external_thread_id = j.value ->> 'ext'
  )
  UPDATE threads SET search_text = s.text FROM s WHERE threads.id = s.tid AND threads.search_text IS NOT s.text`;

function safeJsonArray(s: unknown): string[] {
  const v = typeof s === "string" ? safeJson(s) : null;
  return Array.isArray(v) ? v.map(String) : [];
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return {};
  }
}
