import { z } from "zod";
import { type ChainItem, chainInCommit, runChain } from "../../ai/chain";
import { MESSAGE_TYPES, PLATFORMS } from "../../db/schema/inbox";
import type { Env } from "../../env";
import { createLogger } from "../../lib/logger";
import { parseOrThrow } from "../../lib/validation";
import { settingsSchema } from "../accounts/accounts.schemas";
import { isInDowntime } from "../accounts/downtime";
import { type RoomEventInput, publishWaitingSafe } from "./realtime";
import { orderedId, rowToContact, rowToMessage, rowToThread } from "./rows";
import { type MessageDto, contactSearchText, previewOf, serializeContact, serializeMessage, threadSearchText } from "./serialize";

/**
 * The one way a message from outside (a messenger webhook, the test chat, the test bot, a message
 * typed on the phone) enters the inbox. Idempotent on `dedupeKey`.
 */
export const incomingItemSchema = z.object({
  accountId: z.string().min(1).max(64),
  channelId: z.string().min(1).max(64).nullable(),
  platform: z.enum(PLATFORMS),
  contact: z.object({
    platformUserId: z.string().min(1).max(200),
    name: z.string().max(200).optional(),
    platformUsername: z.string().max(200).nullish(),
    phone: z.string().max(50).nullish(),
    avatar: z.string().max(2000).nullish(),
    isTestContact: z.boolean().optional(),
  }),
  thread: z
    .object({
      kind: z.enum(["dm", "comments"]).optional(),
      externalThreadId: z.string().max(200).optional(),
      assistantId: z.string().max(64).nullish(),
    })
    .optional(),
  message: z.object({
    type: z.enum(MESSAGE_TYPES),
    direction: z.enum(["incoming", "outgoing", "system"]).default("incoming"),
    content: z.string().max(100_000).default(""),
    payloadUrl: z.string().max(2000).nullish(),
    fileName: z.string().max(300).nullish(),
    mimeType: z.string().max(200).nullish(),
    fileSize: z.number().int().min(0).nullish(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    platformMessageId: z.string().max(200).nullish(),
    dedupeKey: z.string().min(1).max(300),
    createdAt: z.number().int().positive().optional(),
    senderType: z.enum(["contact", "operator", "assistant", "system"]).optional(),
    senderUserId: z.string().max(64).nullish(),
  }),
});
export type IncomingItem = z.input<typeof incomingItemSchema>;
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

const CHUNK = 90; // D1 allows 100 bound parameters per statement

/**
 * Upserts contacts and threads, inserts the messages (a repeated dedupeKey returns
 * `{duplicate:true}` and changes nothing), updates each thread's last message / unread count /
 * search text, all in one D1 batch (one transaction) per account; then pushes one `message` frame
 * per message (with its contact and thread) to the room in commit order and hands new incoming
 * messages to the chain.
 * Results come back in the order of `items`.
 */
export async function ingestIncoming(env: Env, items: IncomingItem[]): Promise<IngestResult[]> {
  const parsed = items.map((i) => parseOrThrow(incomingItemSchema, i));
  const results = new Array<IngestResult>(parsed.length);
  const byAccount = new Map<string, number[]>();
  parsed.forEach((it, i) => {
    const list = byAccount.get(it.accountId) ?? [];
    list.push(i);
    byAccount.set(it.accountId, list);
  });
  for (const [accountId, idx] of byAccount) {
    const out = await ingestForAccount(env, accountId, idx.map((i) => parsed[i]));
    idx.forEach((i, k) => (results[i] = out[k]));
  }
  return results;
}

interface Plan {
  item: Item;
  contactKey: string;
  threadKey: string;
  messageId: string;
  createdAt: number;
}

async function ingestForAccount(env: Env, accountId: string, items: Item[]): Promise<IngestResult[]> {
  const db = env.DB;
  const now = Date.now();
  const results: (IngestResult | undefined)[] = new Array(items.length);

  // Repeats inside the batch: the first one wins.
  const seenKeys = new Set<string>();
  items.forEach((it, i) => {
    if (seenKeys.has(it.message.dedupeKey)) results[i] = { dedupeKey: it.message.dedupeKey, duplicate: true };
    seenKeys.add(it.message.dedupeKey);
  });

  // --- Round trip 1: what already exists.
  const keys = [...seenKeys];
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
        "SELECT settings, downtime, timezone, EXISTS (SELECT 1 FROM assistants a WHERE a.account_id = accounts.id AND a.is_active = 1) AS has_assistant FROM accounts WHERE id = ?",
      )
      .bind(accountId),
  ];
  for (const part of chunks(keys, CHUNK)) {
    reads.push(db.prepare(`SELECT dedupe_key FROM messages WHERE account_id = ? AND dedupe_key IN (${marks(part.length)})`).bind(accountId, ...part));
  }
  const dedupeReads = reads.length - 1;
  for (const part of chunks(channelIds, CHUNK)) {
    reads.push(db.prepare(`SELECT id, assistant_id FROM channels WHERE account_id = ? AND id IN (${marks(part.length)})`).bind(accountId, ...part));
  }
  const channelReads = reads.length - 1 - dedupeReads;
  for (const [platform, ids] of contactsByPlatform) {
    for (const part of chunks(ids, CHUNK - 2)) {
      reads.push(
        db
          .prepare(`SELECT platform, platform_user_id, name, platform_username, phone, last_seen_at FROM contacts WHERE account_id = ? AND platform = ? AND platform_user_id IN (${marks(part.length)})`)
          .bind(accountId, platform, ...part),
      );
    }
  }
  const readResults = await db.batch<Record<string, unknown>>(reads);
  const accountRow = readResults[0].results[0];
  if (!accountRow) {
    return items.map((it, i) => results[i] ?? { dedupeKey: it.message.dedupeKey, duplicate: false, rejected: "ACCOUNT_NOT_FOUND" });
  }
  const settings = settingsSchema.safeParse(typeof accountRow.settings === "string" ? safeJson(accountRow.settings) : accountRow.settings);
  const aiOnForNewThreads = settings.success ? settings.data.inbox.aiOnForNewThreads : true;
  // Outside the downtime schedule a turn that starts at once sets its thread's waiting state in
  // this same commit (the turn checks the schedule again and clears it if it now says otherwise).
  const inDowntime = isInDowntime(
    (typeof accountRow.downtime === "string" ? safeJson(accountRow.downtime) : accountRow.downtime) as never,
    String(accountRow.timezone ?? "UTC"),
    new Date(now),
  );
  const existingKeys = new Set<string>();
  for (let r = 1; r <= dedupeReads; r++) for (const row of readResults[r].results) existingKeys.add(String(row.dedupe_key));
  const channelAssistant = new Map<string, string | null>();
  for (let r = 1 + dedupeReads; r <= dedupeReads + channelReads; r++) {
    for (const row of readResults[r].results) channelAssistant.set(String(row.id), (row.assistant_id as string | null) ?? null);
  }
  const existingContacts = new Map<string, { name: string; platformUsername: string | null; phone: string | null; lastSeenAt: number }>();
  for (let r = 1 + dedupeReads + channelReads; r < readResults.length; r++) {
    for (const row of readResults[r].results) {
      existingContacts.set(`${row.platform}|${row.platform_user_id}`, {
        name: String(row.name ?? ""),
        platformUsername: (row.platform_username as string | null) ?? null,
        phone: (row.phone as string | null) ?? null,
        lastSeenAt: Number(row.last_seen_at),
      });
    }
  }

  // --- Plan the writes.
  const plans: (Plan | null)[] = items.map((it, i) => {
    if (results[i]) return null;
    if (existingKeys.has(it.message.dedupeKey)) {
      results[i] = { dedupeKey: it.message.dedupeKey, duplicate: true };
      return null;
    }
    if (it.channelId && !channelAssistant.has(it.channelId)) {
      results[i] = { dedupeKey: it.message.dedupeKey, duplicate: false, rejected: "CHANNEL_NOT_FOUND" };
      return null;
    }
    const contactKey = `${it.platform}|${it.contact.platformUserId}`;
    const threadKey = `${contactKey}|${it.channelId ?? ""}|${it.thread?.kind ?? "dm"}|${it.thread?.externalThreadId ?? ""}`;
    return { item: it, contactKey, threadKey, messageId: orderedId(), createdAt: it.message.createdAt ?? now };
  });
  const live = plans.filter((p): p is Plan => p !== null);
  if (live.length === 0) return results as IngestResult[];

  const stmts: D1PreparedStatement[] = [];
  // Contacts: merged view (what we know after this batch) drives the search text.
  const contactState = new Map<string, { name: string; platformUsername: string | null; phone: string | null; isNew: boolean; newId: string }>();
  const contactStmtIndex = new Map<string, number>();
  for (const p of live) {
    const it = p.item;
    const prev = contactState.get(p.contactKey) ?? (existingContacts.has(p.contactKey) ? { ...existingContacts.get(p.contactKey)!, isNew: false, newId: orderedId() } : null);
    const c = it.contact;
    const name = c.name?.trim() || prev?.name || c.platformUsername || c.phone || "";
    const state = {
      name,
      platformUsername: c.platformUsername ?? prev?.platformUsername ?? null,
      phone: c.phone ?? prev?.phone ?? null,
      isNew: prev ? prev.isNew : true,
      newId: prev?.newId ?? orderedId(),
    };
    contactState.set(p.contactKey, state);
  }
  for (const p of live) {
    if (contactStmtIndex.has(p.contactKey)) continue;
    const it = p.item;
    const st = contactState.get(p.contactKey)!;
    const lastItem = [...live].reverse().find((x) => x.contactKey === p.contactKey)!.item;
    const incoming = live.some((x) => x.contactKey === p.contactKey && x.item.message.direction === "incoming");
    const search = contactSearchText({ name: st.name, platformUsername: st.platformUsername, phone: st.phone, platformUserId: it.contact.platformUserId });
    contactStmtIndex.set(p.contactKey, stmts.length);
    stmts.push(
      db
        .prepare(
          `INSERT INTO contacts (id, account_id, platform, platform_user_id, name, platform_username, phone, avatar, is_test_contact, search_text, custom_fields, facts, first_seen_at, last_seen_at, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', '[]', ?, ?, ?, ?)
           ON CONFLICT (account_id, platform, platform_user_id) DO UPDATE SET
             name = excluded.name,
             platform_username = coalesce(excluded.platform_username, contacts.platform_username),
             phone = coalesce(excluded.phone, contacts.phone),
             avatar = coalesce(excluded.avatar, contacts.avatar),
             search_text = excluded.search_text,
             last_seen_at = CASE WHEN ? THEN max(contacts.last_seen_at, excluded.last_seen_at) ELSE contacts.last_seen_at END,
             updated_at = excluded.updated_at
           RETURNING *`,
        )
        .bind(
          st.newId,
          accountId,
          it.platform,
          it.contact.platformUserId,
          st.name,
          lastItem.contact.platformUsername ?? it.contact.platformUsername ?? null,
          lastItem.contact.phone ?? it.contact.phone ?? null,
          lastItem.contact.avatar ?? it.contact.avatar ?? null,
          it.contact.isTestContact || it.platform === "WEBCHAT" ? 1 : 0,
          search,
          now,
          now,
          now,
          now,
          incoming ? 1 : 0,
        ),
    );
  }

  const contactSub = "(SELECT id FROM contacts WHERE account_id = ? AND platform = ? AND platform_user_id = ?)";
  const threadSub = `(SELECT id FROM threads WHERE account_id = ? AND contact_id = ${contactSub} AND channel_id IS ? AND kind = ? AND external_thread_id = ? ORDER BY created_at, id LIMIT 1)`;
  const threadSubArgs = (it: Item) => [
    accountId,
    accountId,
    it.platform,
    it.contact.platformUserId,
    it.channelId,
    it.thread?.kind ?? "dm",
    it.thread?.externalThreadId ?? "",
  ];
  const threadNewIds = new Map<string, string>();
  for (const p of live) {
    if (threadNewIds.has(p.threadKey)) continue;
    const it = p.item;
    const id = orderedId();
    threadNewIds.set(p.threadKey, id);
    const assistantId = it.thread?.assistantId ?? (it.channelId ? channelAssistant.get(it.channelId) : null) ?? null;
    const isTest = it.contact.isTestContact || it.platform === "WEBCHAT";
    const st = contactState.get(p.contactKey)!;
    // Unique (contact, channel, kind, external id) does not cover a NULL channel (test chats), so insert only when missing.
    stmts.push(
      db
        .prepare(
          `INSERT INTO threads (id, account_id, contact_id, channel_id, kind, external_thread_id, assistant_id, status, gpt_status, is_gpt_active, unread_count, search_text, platform, is_test, created_at, updated_at)
           SELECT ?, ?, c.id, ?, ?, ?, ?, 'active', 'COMPLETED', ?, 0, ?, ?, ?, ?, ?
           FROM contacts c WHERE c.account_id = ? AND c.platform = ? AND c.platform_user_id = ?
             AND NOT EXISTS (SELECT 1 FROM threads t WHERE t.account_id = c.account_id AND t.contact_id = c.id AND t.channel_id IS ? AND t.kind = ? AND t.external_thread_id = ?)
           ON CONFLICT DO NOTHING`,
        )
        .bind(
          id,
          accountId,
          it.channelId,
          it.thread?.kind ?? "dm",
          it.thread?.externalThreadId ?? "",
          assistantId,
          assistantId && aiOnForNewThreads ? 1 : 0,
          threadSearchText(st, null),
          it.platform,
          isTest ? 1 : 0,
          now,
          now,
          accountId,
          it.platform,
          it.contact.platformUserId,
          it.channelId,
          it.thread?.kind ?? "dm",
          it.thread?.externalThreadId ?? "",
        ),
    );
  }

  const messageStmtIndex: number[] = [];
  const searchTextOf = new Map<string, { it: Item; text: string }>();
  for (const p of live) {
    const it = p.item;
    const m = it.message;
    const dir = m.direction;
    const senderType = m.senderType ?? (dir === "incoming" ? "contact" : dir === "system" ? "system" : "operator");
    messageStmtIndex.push(stmts.length);
    stmts.push(
      db
        .prepare(
          `INSERT INTO messages (id, account_id, thread_id, contact_id, type, direction, content, payload_url, file_name, mime_type, file_size, is_system, is_sent, is_delivered, is_read, delivery_status, metadata, sender_type, sender_user_id, platform_message_id, dedupe_key, created_at, updated_at)
           VALUES (?, ?, ${threadSub}, ${contactSub}, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT DO NOTHING RETURNING *`,
        )
        .bind(
          p.messageId,
          accountId,
          ...threadSubArgs(it),
          accountId,
          it.platform,
          it.contact.platformUserId,
          m.type,
          dir,
          m.content,
          m.payloadUrl ?? null,
          m.fileName ?? null,
          m.mimeType ?? null,
          m.fileSize ?? null,
          dir === "system" ? 1 : 0,
          dir === "outgoing" ? 1 : 0,
          dir === "outgoing" ? "sent" : null,
          JSON.stringify(m.metadata ?? {}),
          senderType,
          m.senderUserId ?? null,
          m.platformMessageId ?? null,
          m.dedupeKey,
          p.createdAt,
          now,
        ),
    );
    const preview = previewOf(m);
    const st = contactState.get(p.contactKey)!;
    // Applies only when this message row was really inserted (a concurrent duplicate leaves the thread alone).
    stmts.push(
      db
        .prepare(
          `UPDATE threads SET last_message = ?, last_message_type = ?, last_message_at = ?, updated_at = max(updated_at, ?),
             unread_count = unread_count + ?, last_incoming_at = CASE WHEN ? THEN ? ELSE last_incoming_at END
           WHERE id = ${threadSub} AND EXISTS (SELECT 1 FROM messages WHERE id = ?)
           RETURNING *`,
        )
        .bind(preview, m.type, p.createdAt, now, dir === "incoming" ? 1 : 0, dir === "incoming" ? 1 : 0, p.createdAt, ...threadSubArgs(it), p.messageId),
    );
    searchTextOf.set(p.threadKey, { it, text: threadSearchText(st, preview) });
  }
  // The search text (name, username, last message) once per thread, after its last message of the
  // batch, and only when it changed: every write of it rewrites the thread's trigram FTS entry,
  // which is most of what storing a message costs, so a burst in one thread pays for it once.
  for (const { it, text } of searchTextOf.values()) {
    stmts.push(db.prepare(`UPDATE threads SET search_text = ? WHERE id = ${threadSub} AND search_text IS NOT ?`).bind(text, ...threadSubArgs(it), text));
  }

  // A thread with one incoming message in this batch gets its assistant run created, claimed and
  // loaded in the same transaction (chainInCommit): the turn can start as soon as the commit
  // returns. A burst in one thread goes through the chain after the commit (runChain).
  // An account without an active assistant gets no runs at all (a run needs one, see planAssistant):
  // its messages skip the assistant's planning, which costs more JavaScript than storing them.
  const assistantsOn = !!accountRow.has_assistant;
  const incomingByThread = new Map<string, Plan[]>();
  if (assistantsOn) for (const p of live) if (p.item.message.direction === "incoming") incomingByThread.set(p.threadKey, [...(incomingByThread.get(p.threadKey) ?? []), p]);
  const inCommit = [...incomingByThread.values()].filter((g) => g.length === 1).map((g) => g[0]!.messageId);
  const inCommitIds = new Set(inCommit);
  const assistantPlan = inCommit.length ? chainInCommit(env, inCommit.map((messageId) => ({ accountId, messageId })), { armWaiting: !inDowntime }) : null;
  const chainFrom = stmts.length;
  if (assistantPlan) stmts.push(...assistantPlan.statements);

  // --- Round trip 2: every write in one transaction.
  const written = await db.batch<Record<string, unknown>>(stmts);
  const committedAt = Date.now();

  const events: RoomEventInput[] = [];
  const chain: ChainItem[] = [];
  // Threads whose waiting state this commit set (§4): their frames show it, and the same room call arms the deadline.
  const waitingRows = assistantPlan ? assistantPlan.waitingThreads(written.slice(chainFrom)) : new Map<string, Record<string, unknown>>();
  const waitingThreadIds: string[] = [];
  const contactRows = new Map<string, ReturnType<typeof rowToContact>>();
  for (const [key, i] of contactStmtIndex) contactRows.set(key, rowToContact(written[i].results[0]));
  let k = 0;
  items.forEach((it, i) => {
    const p = plans[i];
    if (!p) return;
    const si = messageStmtIndex[k++];
    const mRow = written[si].results[0];
    const tRow = written[si + 1].results[0];
    if (!mRow || !tRow) {
      // Lost a race with a concurrent delivery of the same message.
      results[i] = { dedupeKey: it.message.dedupeKey, duplicate: true };
      return;
    }
    const message = rowToMessage(mRow);
    const waitingRow = waitingRows.get(message.id);
    const thread = rowToThread(waitingRow ?? tRow);
    const contact = contactRows.get(p.contactKey)!;
    const dto = serializeMessage(message, contact, thread);
    // The message frame carries its contact and thread as committed: no separate updateContact,
    // except for the waiting state, which is also pushed on its own as §4 has it.
    events.push({ event: "message", data: dto });
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
      newContact: contact.id === contactState.get(p.contactKey)!.newId,
      newThread: thread.id === threadNewIds.get(p.threadKey),
      message: dto,
    };
    if (assistantsOn && message.direction === "incoming" && !inCommitIds.has(message.id)) chain.push({ accountId, threadId: thread.id, messageId: message.id, committedAt });
  });

  // The push and the chain start together: the assistant's turn does not wait for the fan-out, and
  // the turn's own room events (the waiting state) wait for this push, so the order stays.
  const published = publishWaitingSafe(env, accountId, events, { start: waitingThreadIds });
  const handlers: Promise<void>[] = [];
  if (assistantPlan) handlers.push(assistantPlan.finish(env, written.slice(chainFrom), published, committedAt));
  if (chain.length) handlers.push(runChain(env, chain, published));
  for (const r of await Promise.allSettled(handlers)) {
    // The messages are stored and pushed; a failing handler must not make the webhook retry them.
    if (r.status === "rejected") createLogger({ accountId }).error("handler chain failed", { error: r.reason, messages: chain.length + inCommit.length });
  }
  await published;
  return results as IngestResult[];
}

function chunks<T>(arr: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < arr.length; i += size) out.push(arr.slice(i, i + size));
  return out;
}

function marks(n: number) {
  return new Array(n).fill("?").join(", ");
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return {};
  }
}
