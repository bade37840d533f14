import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { queryClient } from "@/lib/query";
import { onSocketEvent } from "@/lib/socket";
import { contactQueries } from "@/features/contacts/api";
import { searchFold } from "@worker/lib/search-fold";
import { chatKeys, type ChatFilters, type ContactDto, type ContactPages, type MessageDto, type MessagePages, type OpenChat } from "./api";
import { newestFirst } from "./utils";

/**
 * The realtime rules of SPEC §4 applied to the React Query caches of the chat page:
 * - `message`: de-duplicated by messageId (a repeat replaces the stored one) in the contact's log;
 *   the contact moves to the top of every list it belongs in, or is added there.
 * - `updateContact`: the contact is replaced in place (status, AI switch, unread, waiting state); a
 *   thread whose last message became empty was cleared, so its messages leave the log.
 * - `removeMessage`: a reply shown before its write that was not stored after all leaves the log.
 *   The log is ordered by each message's stored time and id (as the server's pages are), not by
 *   when its frame came, so what every screen shows is the stored order.
 * - `deleteContact`: gone from the lists and its log dropped.
 * The open chat (chatKeys.openChat) follows the same events: the page only reads it.
 */
export function matchesFilters(c: ContactDto, f: ChatFilters): boolean {
  if ((f.isTestContact ?? false) !== c.isTestContact) return false;
  if (f.status && c.thread?.status !== f.status) return false;
  if (f.platform && c.platform !== f.platform) return false;
  if (f.q) {
    // Folded as the server folds its haystacks (ё as е), so a live message joins the list the search shows.
    const n = searchFold(f.q);
    const hay = searchFold([c.name, c.platformUsername ?? "", c.thread?.lastMessage ?? ""].join("\n"));
    if (!hay.includes(n)) return false;
  }
  return true;
}

/** Same contact and thread (the inbox lists one item per thread). */
const sameItem = (a: ContactDto, b: ContactDto) => a.contactId === b.contactId && (a.thread?.threadId ?? null) === (b.thread?.threadId ?? null);

function patchLists(qc: QueryClient, accountId: string, fn: (pages: ContactPages, filters: ChatFilters) => ContactPages) {
  for (const [key, data] of qc.getQueriesData<ContactPages>({ queryKey: chatKeys.contactLists(accountId) })) {
    if (!data) continue;
    const filters = (key[4] ?? {}) as ChatFilters;
    qc.setQueryData<ContactPages>(key, fn(data, filters));
  }
}

function removeFromPages(pages: ContactPages, pred: (c: ContactDto) => boolean): { pages: ContactPages; removed: number } {
  let removed = 0;
  const next = pages.pages.map((p) => {
    const data = p.data.filter((c) => {
      const hit = pred(c);
      if (hit) removed++;
      return !hit;
    });
    return data.length === p.data.length ? p : { ...p, data };
  });
  return { pages: removed ? { ...pages, pages: next } : pages, removed };
}

function withTotal(pages: ContactPages, delta: number): ContactPages {
  if (!delta) return pages;
  return { ...pages, pages: pages.pages.map((p) => ({ ...p, meta: { ...p.meta, total: Math.max(0, p.meta.total + delta) } })) };
}

/** Puts the contact first (moving it from wherever it was) when it belongs in the list. */
export function moveContactToTop(qc: QueryClient, accountId: string, contact: ContactDto) {
  patchLists(qc, accountId, (pages, f) => {
    const { pages: without, removed } = removeFromPages(pages, (c) => sameItem(c, contact));
    if (!matchesFilters(contact, f)) return withTotal(without, -removed);
    const [first, ...rest] = without.pages;
    if (!first) return pages;
    return withTotal({ ...without, pages: [{ ...first, data: [contact, ...first.data] }, ...rest] }, removed ? 0 : 1);
  });
}

/** Replaces the contact where it is (or drops it when it no longer matches the list's filters). */
export function replaceContact(qc: QueryClient, accountId: string, contact: ContactDto) {
  patchLists(qc, accountId, (pages, f) => {
    if (!matchesFilters(contact, f)) {
      const { pages: without, removed } = removeFromPages(pages, (c) => sameItem(c, contact));
      return withTotal(without, -removed);
    }
    let found = false;
    const next = pages.pages.map((p) => {
      if (!p.data.some((c) => sameItem(c, contact))) return p;
      found = true;
      return { ...p, data: p.data.map((c) => (sameItem(c, contact) ? contact : c)) };
    });
    if (found) return { ...pages, pages: next };
    // Newly matching (e.g. the status filter it now has): show it first.
    const [first, ...rest] = pages.pages;
    return first ? withTotal({ ...pages, pages: [{ ...first, data: [contact, ...first.data] }, ...rest] }, 1) : pages;
  });
}

export function removeContact(qc: QueryClient, accountId: string, contactId: string) {
  patchLists(qc, accountId, (pages) => {
    const { pages: without, removed } = removeFromPages(pages, (c) => c.contactId === contactId);
    return withTotal(without, -removed);
  });
  qc.removeQueries({ queryKey: chatKeys.messages(accountId, contactId) });
}

/** Adds a message to the open log, or replaces the one with the same messageId (§4 dedupe). */
export function upsertMessage(qc: QueryClient, accountId: string, m: MessageDto) {
  const key = chatKeys.messages(accountId, m.contactId);
  const data = qc.getQueryData<MessagePages>(key);
  if (!data) return;
  const { contact: _c, thread: _t, ...clean } = m;
  let found = false;
  const pages = data.pages.map((p) => {
    if (!p.data.some((x) => x.messageId === m.messageId)) return p;
    found = true;
    // The newer state wins: the POST answer (pending) may land after the socket's "sent".
    return { ...p, data: p.data.map((x) => (x.messageId === m.messageId ? ((x.updatedAt ?? 0) > (clean.updatedAt ?? 0) ? x : { ...x, ...clean }) : x)) };
  });
  if (!found && pages[0]) {
    // Newest first; a late event of an older message still lands in order.
    const first = [...pages[0].data, clean].sort(newestFirst);
    pages[0] = { ...pages[0], data: first };
  }
  qc.setQueryData<MessagePages>(key, { ...data, pages });
}

/** Drops one message from the contact's log (`removeMessage`). */
export function removeMessage(qc: QueryClient, accountId: string, contactId: string, messageId: string) {
  const key = chatKeys.messages(accountId, contactId);
  const data = qc.getQueryData<MessagePages>(key);
  if (!data?.pages.some((p) => p.data.some((m) => m.messageId === messageId))) return;
  qc.setQueryData<MessagePages>(key, { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.filter((m) => m.messageId !== messageId) })) });
}

/** Drops the messages of a cleared thread from the contact's log. */
export function clearThreadMessages(qc: QueryClient, accountId: string, contactId: string, threadId: string | null) {
  const key = chatKeys.messages(accountId, contactId);
  const data = qc.getQueryData<MessagePages>(key);
  if (!data) return;
  const pages = data.pages.map((p) => ({ ...p, data: threadId ? p.data.filter((m) => m.threadId !== threadId) : [] }));
  qc.setQueryData<MessagePages>(key, { ...data, pages });
}

/** The contact of the lists with this contactId (any thread), if loaded. */
export function findContact(qc: QueryClient, accountId: string, contactId: string): ContactDto | undefined {
  for (const [, data] of qc.getQueriesData<ContactPages>({ queryKey: chatKeys.contactLists(accountId) })) {
    for (const p of data?.pages ?? []) {
      const hit = p.data.find((c) => c.contactId === contactId);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** Same contact, and the same thread when both name one (an update without a thread still concerns the open chat). */
const isOpen = (open: ContactDto, c: { contactId: string; thread?: { threadId: string } | null }) =>
  c.contactId === open.contactId && (!c.thread || !open.thread || c.thread.threadId === open.thread.threadId);

/**
 * A message frame's thread does not carry the thread's flow (`flow` undefined: unknown, not "none"):
 * the flow the cache knows for the same thread stays.
 */
export function keepFlow(prev: ContactDto | undefined, next: ContactDto): ContactDto {
  if (!prev?.thread || !next.thread || next.thread.flow !== undefined || prev.thread.threadId !== next.thread.threadId || prev.thread.flow === undefined) return next;
  return { ...next, thread: { ...next.thread, flow: prev.thread.flow } };
}

/** Replaces the open chat's contact with a newer state of it (socket frame, an answer of ours). */
export function patchOpenChat(qc: QueryClient, accountId: string, contact: ContactDto) {
  for (const [key, data] of qc.getQueriesData<OpenChat>({ queryKey: chatKeys.openChats(accountId) })) {
    if (data && isOpen(data.contact, contact)) qc.setQueryData<OpenChat>(key, { ...data, contact: keepFlow(data.contact, contact) });
  }
}

function markOpenChatDeleted(qc: QueryClient, accountId: string, contactId: string) {
  for (const [key, data] of qc.getQueriesData<OpenChat>({ queryKey: chatKeys.openChats(accountId) })) {
    if (data && data.contact.contactId === contactId) qc.setQueryData<OpenChat>(key, { ...data, deleted: true });
  }
}

/** Opens a chat picked from a list: its row is the newest state, no fetch. */
export function setOpenChat(qc: QueryClient, accountId: string, contact: ContactDto) {
  qc.setQueryData<OpenChat>(chatKeys.openChat(accountId, contact.contactId, contact.thread?.threadId ?? null), { contact, deleted: false });
}

/**
 * The chat named by the URL: its row in a loaded list, else the contact's profile (a link, a
 * reload). Live afterwards through the realtime installation; a deleted one stays deleted.
 */
export function openChatQuery(qc: QueryClient, accountId: string, contactId: string, threadId: string | null) {
  const queryKey = chatKeys.openChat(accountId, contactId, threadId);
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<OpenChat> => {
      const known = qc.getQueryData<OpenChat>(queryKey);
      if (known?.deleted) return known;
      // A refetch (the join after a gap, a resync) asks the server: the lists may be refetching too.
      const cached = known ? undefined : findContact(qc, accountId, contactId);
      if (cached && (!threadId || cached.thread?.threadId === threadId)) return { contact: cached, deleted: false };
      // staleTime 0: the contact panel keeps the same detail cached (fresh for 30 s), and a refetch
      // answered from it undid what the refetch was for (the thread's flow a manual start had just set).
      const { threads, facts: _f, ...rest } = await qc.fetchQuery({ ...contactQueries.detail(accountId, contactId), staleTime: 0 });
      const thread = threads.find((x) => x.threadId === threadId) ?? threads[0] ?? null;
      return { contact: { ...rest, thread: thread ? (({ channel: _c, ...th }) => th)(thread) : null }, deleted: false };
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

let installed = false;

/** Subscribes the cache patchers once (from the realtime installation, web/lib/realtime.ts). */
export function installChatRealtime(qc: QueryClient = queryClient) {
  if (installed) return;
  installed = true;
  onSocketEvent("message", (m, { accountId }) => {
    upsertMessage(qc, accountId, m);
    if (m.contact) patchOpenChat(qc, accountId, m.contact);
    const contact = m.contact ?? findContact(qc, accountId, m.contactId);
    const thread = m.contact?.thread ?? m.thread;
    if (contact) moveContactToTop(qc, accountId, keepFlow(findContact(qc, accountId, contact.contactId), thread && contact.thread?.threadId === thread.threadId ? { ...contact, thread } : contact));
  });
  onSocketEvent("updateContact", (c, { accountId }) => {
    const before = findContact(qc, accountId, c.contactId);
    replaceContact(qc, accountId, c);
    patchOpenChat(qc, accountId, c);
    if (c.thread && c.thread.lastMessage === null && c.thread.lastMessageType === null) {
      clearThreadMessages(qc, accountId, c.contactId, c.thread.threadId);
    } else if (before && c.thread && before.thread?.threadId === c.thread.threadId && c.thread.updatedAt > (before.thread?.updatedAt ?? 0)) {
      moveContactToTop(qc, accountId, c);
    }
  });
  onSocketEvent("removeMessage", ({ contactId, messageId }, { accountId }) => removeMessage(qc, accountId, contactId, messageId));
  onSocketEvent("deleteContact", ({ contactId }, { accountId }) => {
    removeContact(qc, accountId, contactId);
    markOpenChatDeleted(qc, accountId, contactId);
  });
  onSocketEvent("joinedAccount", (j, { accountId }) => {
    // Events between our first fetch and this join were not seen: refresh what is on screen once.
    if (j.fresh && !j.resync) void qc.invalidateQueries({ queryKey: chatKeys.all(accountId) });
  });
}
