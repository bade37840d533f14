import { and, asc, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { flowBadges, withFlows } from "../flows/runtime/badge";
import { getDb, schema } from "../../db/client";
import { accountFilter, inJson, rowInAccount } from "../../db/queries";
import type { Env } from "../../env";
import { notFound } from "../../lib/errors";
import { searchFold } from "../../lib/search-fold";
import { paged } from "../../lib/validation";
import { deleteMedia } from "../inbox/media";
import { clearWaiting, publishSafe } from "../inbox/realtime";
import type { WebhookTag } from "../outgoing-webhooks/emit";
import { rowToContact, rowToThread } from "../inbox/rows";
import { type ContactDto, serializeContact } from "../inbox/serialize";
import type { ChatContactsQuery, ContactsQuery } from "./contacts.schemas";
import { CHAT_SEARCH_COUNT_SQL, chatSearchSql } from "./search-sql";
import { valuesOfContact } from "../custom-fields/contact-fields.service";
import { tagsOfContact } from "../custom-fields/tags.service";
import { announceContactChange } from "../custom-fields/announce";
import type { Subscription } from "../../db/schema/inbox";
import { contactRows, tagsAndValues } from "../audience/audience.service";
import { compileFilter } from "../audience/compile";

const { contacts, threads, messages, channels } = schema;

export const CONTACT_NOT_FOUND = "Контакт не найден";
export const THREAD_NOT_FOUND = "Диалог не найден";

/** The query folded as the stored haystacks are (lib/search-fold.ts: JS lower-casing, ё as е). */
export const needle = (q: string | undefined) => (q ? searchFold(q) : "");

// The list never shows the search haystacks: leaving them out makes every row D1 hands back smaller.
const prefixed = (alias: string, table: typeof threads | typeof contacts) =>
  Object.values(getTableColumns(table))
    .filter((col) => col.name !== "search_text")
    .map((col) => `${alias}.${col.name} AS ${alias}__${col.name}`)
    .join(", ");
const THREAD_COLS = prefixed("t", threads);
const CONTACT_COLS = prefixed("c", contacts);
const CHAT_SEARCH_SQL = chatSearchSql(`${THREAD_COLS}, ${CONTACT_COLS}`);

function unprefix(row: Record<string, unknown>, alias: string) {
  const out: Record<string, unknown> = {};
  const p = `${alias}__`;
  for (const [k, v] of Object.entries(row)) if (k.startsWith(p)) out[k.slice(p.length)] = v;
  return out;
}

/**
 * The inbox list: one item per thread (a contact with its thread), newest activity first, in one
 * D1 round trip.
 * - Without a search, the page walks the (account, is_test, updated_at) index and the total is a sum
 *   over the trigger-kept `thread_counts` rows (migration 0007), not a count over every thread.
 * - With a search (the thread's JS-lower-cased haystack, so Cyrillic matches case-insensitively),
 *   the trigram index (migration 0006) yields the candidates for needles of 3+ characters, instr()
 *   keeps the match exact; the page's rowids and the total (a window count) come from one pass,
 *   and only the 30 rows of the page are joined to their contacts.
 */
export async function listChatContacts(env: Env, accountId: string, q: ChatContactsQuery) {
  const page = await chatContactsPage(env, accountId, q);
  return { ...page, data: await withFlows(env, accountId, page.data) };
}

async function chatContactsPage(env: Env, accountId: string, q: ChatContactsQuery) {
  const isTest = q.isTestContact ? 1 : 0;
  const filters: string[] = [];
  const filterArgs: (string | number)[] = [];
  if (q.status) filters.push("status = ?"), filterArgs.push(q.status);
  if (q.platform) filters.push("platform = ?"), filterArgs.push(q.platform);
  if (q.isGptActive !== undefined) filters.push("is_gpt_active = ?"), filterArgs.push(q.isGptActive ? 1 : 0);
  const offset = (q.page - 1) * q.limit;
  const n = needle(q.q);

  if (!n) {
    const tFilters = filters.map((f) => `t.${f}`);
    const [rows, total] = await env.DB.batch<Record<string, unknown>>([
      env.DB.prepare(
        `SELECT ${THREAD_COLS}, ${CONTACT_COLS} FROM threads t JOIN contacts c ON c.id = t.contact_id WHERE ${["t.account_id = ?", "t.is_test = ?", ...tFilters].join(" AND ")} ORDER BY t.updated_at DESC, t.id DESC LIMIT ? OFFSET ?`,
      ).bind(accountId, isTest, ...filterArgs, q.limit, offset),
      env.DB.prepare(`SELECT coalesce(sum(n), 0) AS n FROM thread_counts WHERE ${["account_id = ?", "is_test = ?", ...filters].join(" AND ")}`).bind(
        accountId,
        isTest,
        ...filterArgs,
      ),
    ]);
    return paged(toItems(rows.results), Number(total.results[0]?.n ?? 0), q.page, q.limit);
  }

  const fts = n.length >= 3;
  if (fts && filters.length === 0) return searchChatContacts(env, accountId, isTest, n, q.limit, offset, q.page);
  const where = ["t.account_id = ?", "t.is_test = ?", ...filters.map((f) => `t.${f}`)];
  const args: (string | number)[] = [accountId, isTest, ...filterArgs];
  let from = "threads t";
  if (fts) {
    // A trigram phrase matches exactly the rows whose (already lower-cased) text contains the
    // needle, so no instr() re-check of every match is needed.
    from = "threads_fts f CROSS JOIN threads t ON t.rowid = f.rowid";
    where.unshift("threads_fts MATCH ?");
    args.unshift(`"${n.replace(/"/g, '""')}"`);
  } else {
    where.push("instr(t.search_text, ?) > 0");
    args.push(n);
  }
  const cond = where.join(" AND ");
  const rows = await env.DB.prepare(
    `WITH page AS (SELECT t.rowid AS rid, count(*) OVER () AS total FROM ${from} WHERE ${cond} ORDER BY t.updated_at DESC, t.id DESC LIMIT ? OFFSET ?)
     SELECT page.total AS page__total, ${THREAD_COLS}, ${CONTACT_COLS} FROM page CROSS JOIN threads t ON t.rowid = page.rid JOIN contacts c ON c.id = t.contact_id
     ORDER BY t.updated_at DESC, t.id DESC`,
  )
    .bind(...args, q.limit, offset)
    .all<Record<string, unknown>>();
  let total = Number(rows.results[0]?.page__total ?? 0);
  if (rows.results.length === 0 && offset > 0) {
    // Past the last page: the window count saw no row, ask for the total alone.
    const r = await env.DB.prepare(`SELECT count(*) AS n FROM ${from} WHERE ${cond}`)
      .bind(...args)
      .first<{ n: number }>();
    total = Number(r?.n ?? 0);
  }
  return paged(toItems(rows.results), total, q.page, q.limit);
}

/** The inbox search without filters: see search-sql.ts. */
async function searchChatContacts(env: Env, accountId: string, isTest: number, needle: string, limit: number, offset: number, page: number) {
  const match = `"${needle.replace(/"/g, '""')}"`;
  const rows = await env.DB.prepare(CHAT_SEARCH_SQL)
    .bind(match, accountId, isTest, limit, offset)
    .all<Record<string, unknown>>();
  let total = Number(rows.results[0]?.page__total ?? 0);
  if (rows.results.length === 0 && offset > 0) {
    // Past the last page: no row carried the count.
    const r = await env.DB.prepare(CHAT_SEARCH_COUNT_SQL).bind(match, accountId, isTest).first<{ n: number }>();
    total = Number(r?.n ?? 0);
  }
  return paged(toItems(rows.results), total, page, limit);
}

function toItems(rows: Record<string, unknown>[]) {
  return rows.map((r) => serializeContact(rowToContact(unprefix(r, "c")), rowToThread(unprefix(r, "t"))));
}

/**
 * The contacts table: one page of the audience filter (`filter`, plus the older single parameters),
 * with each contact's latest thread, tags and custom field values (the column chooser shows them).
 */
export async function listContacts(env: Env, accountId: string, q: ContactsQuery) {
  const f = await compileFilter(env, accountId, q.filter ?? {}, q.isTestContact ?? false);
  const n = needle(q.q);
  if (q.platform) f.where += " AND c.platform = ?", f.args.push(q.platform);
  if (n) f.where += " AND instr(c.search_text, ?) > 0", f.args.push(n);
  if (q.status) f.where += " AND EXISTS (SELECT 1 FROM threads t WHERE t.contact_id = c.id AND t.status = ?)", f.args.push(q.status);
  const col = q.sortBy === "name" ? "c.name" : q.sortBy === "createdAt" ? "c.created_at" : "c.last_seen_at";
  const dir = q.sortDir === "asc" ? "ASC" : "DESC";
  const { rows, total } = await contactRows(env, f, `${col} ${dir}, c.id ${dir}`, q.limit, (q.page - 1) * q.limit);
  const ids = rows.map((r) => r.id);
  const [latest, extra] = await Promise.all([latestThreads(env, accountId, ids), tagsAndValues(env, accountId, ids)]);
  return paged(
    rows.map((c) => ({ ...serializeContact(c, latest.get(c.id) ?? null), subscription: c.subscription, tags: extra.tags.get(c.id) ?? [], fieldValues: extra.values.get(c.id) ?? {} })),
    total,
    q.page,
    q.limit,
  );
}

async function latestThreads(env: Env, accountId: string, contactIds: string[]) {
  const out = new Map<string, typeof threads.$inferSelect>();
  if (contactIds.length === 0) return out;
  const rows = await getDb(env.DB)
    .select()
    .from(threads)
    .where(and(accountFilter(threads.accountId, accountId), inJson(threads.contactId, contactIds)))
    .orderBy(asc(threads.updatedAt))
    .all();
  for (const t of rows) out.set(t.contactId, t); // ascending: the newest wins
  return out;
}

/** Active contacts: real (non-test) contacts with at least one thread in status "active"; total: all real contacts. */
export async function countActive(env: Env, accountId: string) {
  const db = getDb(env.DB);
  const [active, total] = await db.batch([
    db
      .select({ n: sql<number>`count(DISTINCT ${threads.contactId})` })
      .from(threads)
      .where(and(eq(threads.accountId, accountId), eq(threads.isTest, false), eq(threads.status, "active"))),
    db
      .select({ n: count() })
      .from(contacts)
      .where(and(eq(contacts.accountId, accountId), eq(contacts.isTestContact, false))),
  ]);
  return { count: Number(active[0]?.n ?? 0), total: total[0]?.n ?? 0 };
}

/** The contact profile and one of its threads as the API sends them; the SPA imports these types. */
export type ContactProfile = Awaited<ReturnType<typeof getContact>>;
export type ContactThread = ContactProfile["threads"][number];

/** The contact profile: fields, custom field values ({ [key]: value }), tags and every thread with its channel. */
export async function getContact(env: Env, accountId: string, contactId: string) {
  const db = getDb(env.DB);
  const contact = await rowInAccount(db, contacts, contactId, accountId);
  if (!contact) throw notFound(CONTACT_NOT_FOUND, "CONTACT_NOT_FOUND");
  const [rows, fieldValues, tags] = await Promise.all([
    db
      .select({ t: threads, channelName: channels.name, channelPlatform: channels.platform })
      .from(threads)
      .leftJoin(channels, eq(channels.id, threads.channelId))
      .where(and(accountFilter(threads.accountId, accountId), eq(threads.contactId, contactId)))
      .orderBy(desc(threads.updatedAt))
      .all(),
    valuesOfContact(env, accountId, contactId),
    tagsOfContact(env, accountId, contactId),
  ]);
  const badges = await flowBadges(env, accountId, rows.map((r) => r.t.id));
  const dto = serializeContact(contact, rows[0]?.t ?? null);
  if (dto.thread) dto.thread.flow = badges.get(dto.thread.threadId) ?? null;
  return {
    ...dto,
    subscription: contact.subscription,
    facts: contact.facts ?? [],
    fieldValues,
    tags,
    threads: rows.map((r) => ({
      ...serializeContact(contact, r.t).thread!,
      flow: badges.get(r.t.id) ?? null,
      channel: r.t.channelId ? { channelId: r.t.channelId, name: r.channelName ?? "", platform: r.channelPlatform } : null,
    })),
  };
}

/** Deletes the contact with its threads and messages (FK cascade) and its media files; pushes deleteContact. */
export async function deleteContact(env: Env, accountId: string, contactId: string) {
  const db = getDb(env.DB);
  const contact = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)))
    .get();
  if (!contact) throw notFound(CONTACT_NOT_FOUND, "CONTACT_NOT_FOUND");
  const media = await db
    .select({ key: messages.payloadUrl })
    .from(messages)
    .where(and(eq(messages.accountId, accountId), eq(messages.contactId, contactId), sql`${messages.payloadUrl} LIKE ${`accounts/${accountId}/%`}`))
    .all();
  await db.delete(contacts).where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)));
  await deleteMedia(env, accountId, media.map((m) => m.key));
  await publishSafe(env, accountId, [{ event: "deleteContact", data: { contactId } }]);
  return { contactId, deletedFiles: media.length };
}

/** Thread changes by an operator (status, AI switch); pushes updateContact. */
export async function updateThread(env: Env, accountId: string, threadId: string, patch: { status?: (typeof schema.THREAD_STATUSES)[number]; isGptActive?: boolean }): Promise<ContactDto> {
  const db = getDb(env.DB);
  // The values before the change tell outgoing webhooks whether the status or the AI switch really changed.
  const before = await db
    .select({ status: threads.status, isGptActive: threads.isGptActive })
    .from(threads)
    .where(and(eq(threads.id, threadId), eq(threads.accountId, accountId)))
    .get();
  const [thread] = await db
    .update(threads)
    .set(patch)
    .where(and(eq(threads.id, threadId), eq(threads.accountId, accountId)))
    .returning();
  if (!thread) throw notFound(THREAD_NOT_FOUND, "THREAD_NOT_FOUND");
  const contact = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.id, thread.contactId), eq(contacts.accountId, accountId)))
    .get();
  if (!contact) throw notFound(CONTACT_NOT_FOUND, "CONTACT_NOT_FOUND");
  const webhooks: WebhookTag[] = [];
  if (before && patch.status !== undefined && patch.status !== before.status) webhooks.push("thread.status_changed");
  if (before && patch.isGptActive !== undefined && patch.isGptActive !== before.isGptActive) webhooks.push("thread.ai_toggled");
  if (patch.isGptActive === false && thread.gptStatus === "WAITING_RESPONSE") {
    // The AI was switched off while a reply was awaited: nothing will come, stop the typing state now.
    await clearWaiting(env, accountId, threadId, webhooks);
    return serializeContact(contact, { ...thread, gptStatus: "COMPLETED" });
  }
  const dto = serializeContact(contact, thread);
  await publishSafe(env, accountId, [{ event: "updateContact", data: dto, webhooks }]);
  return dto;
}

/**
 * Whether broadcasts reach the contact (an operator's switch on the contact card or the chat's
 * panel): subscribed, unsubscribed (the customer asked to stop) or blocked (by the account). The
 * room and outgoing webhooks hear of it as of any other change of the contact.
 */
export async function setSubscription(env: Env, accountId: string, contactId: string, subscription: Subscription): Promise<{ contactId: string; subscription: Subscription; changed: boolean }> {
  const db = getDb(env.DB);
  const before = await db
    .select({ subscription: contacts.subscription })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)))
    .get();
  if (!before) throw notFound(CONTACT_NOT_FOUND, "CONTACT_NOT_FOUND");
  if (before.subscription === subscription) return { contactId, subscription, changed: false };
  await db
    .update(contacts)
    .set({ subscription, updatedAt: Date.now() })
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)));
  await announceContactChange(env, accountId, contactId);
  return { contactId, subscription, changed: true };
}
