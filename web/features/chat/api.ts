import { infiniteQueryOptions, type InfiniteData } from "@tanstack/react-query";
import type { ContactDto, MessageDto, ThreadDto } from "@worker/features/inbox/serialize";
import type { MessagesPage } from "@worker/features/contacts/messages.service";
import type { postMessageBody } from "@worker/features/contacts/contacts.schemas";
import type { z } from "zod";
import { api, type Paged } from "@/lib/api";
import type { ApiBody, ApiResponse } from "@/lib/api-types";

export type { ContactDto, MessageDto, MessagesPage, ThreadDto };
export type Platform = ContactDto["platform"];
export type ThreadStatus = ThreadDto["status"];

export const PLATFORMS: Platform[] = ["TELEGRAM", "WHATSAPP", "INSTAGRAM", "WEBCHAT"];
export const THREAD_STATUSES: ThreadStatus[] = ["active", "pending", "archived", "closed"];
/** Chat contact page size (SPEC §9). */
export const CHAT_PAGE_SIZE = 30;
export const MESSAGES_PAGE_SIZE = 50;

export interface ChatFilters {
  q?: string;
  status?: ThreadStatus;
  platform?: Platform;
  isTestContact?: boolean;
}

export type ContactPages = InfiniteData<Paged<ContactDto>, number>;
export type MessagePages = InfiniteData<MessagesPage, string | null>;

/** Keys of the chat page, under ["accounts", accountId, "chat", …] (socket events patch them). */
export const chatKeys = {
  all: (accountId: string) => ["accounts", accountId, "chat"] as const,
  contactLists: (accountId: string) => ["accounts", accountId, "chat", "contacts"] as const,
  contacts: (accountId: string, f: ChatFilters) => ["accounts", accountId, "chat", "contacts", f] as const,
  messages: (accountId: string, contactId: string) => ["accounts", accountId, "chat", "messages", contactId] as const,
  /** The chat open on the page (?c=&t=): kept live by the realtime installation like the lists. */
  openChats: (accountId: string) => ["accounts", accountId, "chat", "open"] as const,
  openChat: (accountId: string, contactId: string, threadId: string | null) => ["accounts", accountId, "chat", "open", contactId, threadId ?? ""] as const,
};

/** The open chat's contact; `deleted` once the room said it is gone (the page then says so instead of the log). */
export interface OpenChat {
  contact: ContactDto;
  deleted: boolean;
}

export const chatQueries = {
  contacts: (accountId: string, f: ChatFilters) =>
    infiniteQueryOptions({
      queryKey: chatKeys.contacts(accountId, f),
      queryFn: ({ pageParam, signal }) =>
        api.get<ApiResponse<"/accounts/:accountId/contacts/chat-contacts">>(`/accounts/${accountId}/contacts/chat-contacts`, {
          query: { page: pageParam, limit: CHAT_PAGE_SIZE, q: f.q, status: f.status, platform: f.platform, isTestContact: f.isTestContact },
          signal,
          silent: true,
          background: pageParam > 1,
        }),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.meta.page < last.meta.lastPage ? last.meta.page + 1 : undefined),
      staleTime: 60_000,
    }),
  messages: (accountId: string, contactId: string) =>
    infiniteQueryOptions({
      queryKey: chatKeys.messages(accountId, contactId),
      queryFn: ({ pageParam, signal }) =>
        api.get<ApiResponse<"/accounts/:accountId/contacts/:contactId/messages">>(`/accounts/${accountId}/contacts/${contactId}/messages`, {
          query: { limit: MESSAGES_PAGE_SIZE, cursor: pageParam ?? undefined },
          signal,
          silent: true,
          background: !!pageParam,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => (last.meta.hasMore ? last.meta.nextCursor : undefined),
      staleTime: 60_000,
    }),
};

export const chatApi = {
  setStatus: (accountId: string, threadId: string, status: ThreadStatus) =>
    api.put<ApiResponse<"/accounts/:accountId/contacts/threads/:threadId/set-status", "put">>(`/accounts/${accountId}/contacts/threads/${threadId}/set-status`, {
      status,
    } satisfies ApiBody<"/accounts/:accountId/contacts/threads/:threadId/set-status", "put">),
  setAi: (accountId: string, threadId: string, isGptActive: boolean) =>
    api.patch<ApiResponse<"/accounts/:accountId/contacts/threads/:threadId", "patch">>(`/accounts/${accountId}/contacts/threads/${threadId}`, {
      isGptActive,
    } satisfies ApiBody<"/accounts/:accountId/contacts/threads/:threadId", "patch">),
  clear: (accountId: string, contactId: string, threadId?: string) =>
    api.delete<ApiResponse<"/accounts/:accountId/contacts/:contactId/messages", "delete">>(`/accounts/${accountId}/contacts/${contactId}/messages`, { query: { threadId } }),
  send: (accountId: string, contactId: string, input: { content: string; threadId?: string; clientMessageId: string; files: File[] }) => {
    const path = `/accounts/${accountId}/contacts/${contactId}/messages`;
    if (input.files.length === 0) {
      // The route reads JSON or multipart itself, so its body type is its zod schema's, not the route's.
      const body: z.input<typeof postMessageBody> = { content: input.content, threadId: input.threadId, clientMessageId: input.clientMessageId };
      return api.post<ApiResponse<"/accounts/:accountId/contacts/:contactId/messages", "post">>(path, body);
    }
    const form = new FormData();
    form.set("content", input.content);
    if (input.threadId) form.set("threadId", input.threadId);
    form.set("clientMessageId", input.clientMessageId);
    for (const f of input.files) form.append("files", f, f.name);
    return api.post<ApiResponse<"/accounts/:accountId/contacts/:contactId/messages", "post">>(path, form);
  },
};
