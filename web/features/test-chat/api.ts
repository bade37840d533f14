import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { api, ApiError, apiLanguage, buildUrl, type ApiErrorBody, type Paged } from "@/lib/api";
import { getAccessToken } from "@/lib/session";
import type { ApiResponse } from "@/lib/api-types";
import type { newMessageBody } from "@worker/features/playground/playground.schemas";
import type { z } from "zod";
import type { MessagesPage, TestChatContact, TestChatIncoming, TestChatMessage, TestChatReply } from "./types";
import { newestFirst } from "@/features/chat/utils";

const base = (accountId: string) => `/platform-webwidget/accounts/${accountId}`;

export const testChatKeys = {
  all: (accountId: string) => ["accounts", accountId, "test-chats"] as const,
  list: (accountId: string) => ["accounts", accountId, "test-chats", "list"] as const,
  messages: (accountId: string, contactId: string) => ["accounts", accountId, "test-chats", "messages", contactId] as const,
};

export const testChatQueries = {
  list: (accountId: string) =>
    queryOptions({
      queryKey: testChatKeys.list(accountId),
      queryFn: () => api.get<ApiResponse<"/platform-webwidget/accounts/:accountId/test-chats">>(`${base(accountId)}/test-chats`, { query: { limit: 100 }, silent: true, background: true }),
    }),
  messages: (accountId: string, contactId: string) =>
    infiniteQueryOptions({
      queryKey: testChatKeys.messages(accountId, contactId),
      queryFn: ({ pageParam }) =>
        api.get<ApiResponse<"/platform-webwidget/accounts/:accountId/test-chats/:contactId/messages">>(`${base(accountId)}/test-chats/${contactId}/messages`, { query: { limit: 50, cursor: pageParam || undefined }, silent: true, background: true }),
      initialPageParam: "",
      getNextPageParam: (last) => (last.meta.hasMore ? last.meta.nextCursor : null),
      staleTime: 0,
    }),
};

export const testChatApi = {
  clear: (accountId: string, contactId: string) => api.delete<ApiResponse<"/platform-webwidget/accounts/:accountId/test-chats/:contactId", "delete">>(`${base(accountId)}/test-chats/${contactId}`, { silent: true }),
};

/** The streaming route's body (its zod schema); the SPA always sends a clientMessageId. */
export type SendBody = z.input<typeof newMessageBody> & { clientMessageId: string };

export interface StreamHandlers {
  onIncoming: (data: TestChatIncoming) => void;
  onDelta: (text: string) => void;
}

/**
 * Sends the tester's message through the streaming endpoint (server-sent events: incoming, delta…,
 * done) and resolves with the §7.6 answer. A failure before the stream starts throws ApiError.
 */
export async function sendTestMessage(accountId: string, body: SendBody, handlers: StreamHandlers, signal?: AbortSignal): Promise<TestChatReply> {
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "text/event-stream", "Accept-Language": apiLanguage() };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    headers["X-Timezone"] = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    /* no time zone */
  }
  const res = await fetch(buildUrl(`${base(accountId)}/new-message/stream`, { isTestChat: "true" }), { method: "POST", headers, body: JSON.stringify(body), signal });
  if (!res.ok || !res.body) {
    let raw: Partial<ApiErrorBody> = {};
    try {
      raw = (await res.json()) as Partial<ApiErrorBody>;
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status || 500, { statusCode: res.status || 500, error: raw.error ?? "", message: raw.message ?? "", code: raw.code, details: raw.details });
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let reply: TestChatReply | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let cut: number;
    while ((cut = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, "");
      let event = "message";
      const data: string[] = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (!data.length) continue;
      const payload = JSON.parse(data.join("\n")) as unknown;
      if (event === "incoming") handlers.onIncoming(payload as TestChatIncoming);
      else if (event === "delta") handlers.onDelta((payload as { text: string }).text);
      else if (event === "done") reply = payload as TestChatReply;
    }
    if (done) break;
  }
  if (!reply) throw new Error("stream ended without a reply");
  return reply;
}

/**
 * Puts a message into the chat's cached pages: a message already there (same messageId) is
 * replaced in place, a new one takes its stored place in the newest page (pages are newest first,
 * by stored time, then id, as the API lists them), whatever order the frames come in. This is
 * what keeps a reply that arrives both in the POST answer and over the socket to one bubble.
 */
export function upsertMessage(queryClient: QueryClient, accountId: string, contactId: string, message: TestChatMessage) {
  queryClient.setQueryData<InfiniteData<MessagesPage, string>>(testChatKeys.messages(accountId, contactId), (old) => {
    if (!old) return { pages: [{ data: [message], meta: { limit: 50, hasMore: false, nextCursor: null } }], pageParams: [""] };
    let found = false;
    const pages = old.pages.map((p) => ({
      ...p,
      data: p.data.map((m) => {
        if (m.messageId !== message.messageId) return m;
        found = true;
        return { ...m, ...message };
      }),
    }));
    if (!found) pages[0] = { ...pages[0], data: [message, ...pages[0].data].sort(newestFirst) };
    return { ...old, pages };
  });
}

/** Drops a message from a test chat's cached log (the room's `removeMessage`). */
export function removeMessage(queryClient: QueryClient, accountId: string, contactId: string, messageId: string) {
  queryClient.setQueryData<InfiniteData<MessagesPage, string>>(testChatKeys.messages(accountId, contactId), (old) =>
    old ? { ...old, pages: old.pages.map((p) => ({ ...p, data: p.data.filter((m) => m.messageId !== messageId) })) } : old,
  );
}

/** The chat's row in the list after a change (moved to the top). */
export function upsertChat(queryClient: QueryClient, accountId: string, contact: TestChatContact) {
  queryClient.setQueryData<Paged<TestChatContact>>(testChatKeys.list(accountId), (old) => {
    if (!old) return old;
    const rest = old.data.filter((c) => c.contactId !== contact.contactId);
    const added = rest.length === old.data.length;
    return { ...old, data: [contact, ...rest], meta: { ...old.meta, total: old.meta.total + (added ? 1 : 0) } };
  });
}

/** All messages of the cached pages, oldest first. */
export function flatten(data: InfiniteData<MessagesPage, unknown> | undefined): TestChatMessage[] {
  if (!data) return [];
  const out: TestChatMessage[] = [];
  for (let i = data.pages.length - 1; i >= 0; i--) {
    const page = data.pages[i];
    for (let j = page.data.length - 1; j >= 0; j--) out.push(page.data[j]);
  }
  const seen = new Set<string>();
  return out.filter((m) => (seen.has(m.messageId) ? false : (seen.add(m.messageId), true)));
}
