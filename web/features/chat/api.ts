import { infiniteQueryOptions, type InfiniteData } from "@tanstack/react-query";
import type { ContactDto, MessageDto, ThreadDto } from "@worker/features/inbox/serialize";
import { api, type Paged } from "@/lib/api";

export type { ContactDto, MessageDto, ThreadDto };
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

export interface MessagesPage {
  data: MessageDto[];
  meta: { limit: number; hasMore: boolean; nextCursor: string | null };
}

export type ContactPages = InfiniteData<Paged<ContactDto>, number>;
export type MessagePages = InfiniteData<MessagesPage, string | null>;

/** Keys of the chat page, under ["accounts", accountId, "chat", …] (socket events patch them). */
export const chatKeys = {
  all: (accountId: string) => ["accounts", accountId, "chat"] as const,
  contactLists: (accountId: string) => ["accounts", accountId, "chat", "contacts"] as const,
  contacts: (accountId: string, f: ChatFilters) => ["accounts", accountId, "chat", "contacts", f] as const,
  messages: (accountId: string, contactId: string) => ["accounts", accountId, "chat", "messages", contactId] as const,
};

export const chatQueries = {
  contacts: (accountId: string, f: ChatFilters) =>
    infiniteQueryOptions({
      queryKey: chatKeys.contacts(accountId, f),
      queryFn: ({ pageParam, signal }) =>
        api.get<Paged<ContactDto>>(`/accounts/${accountId}/contacts/chat-contacts`, {
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
        api.get<MessagesPage>(`/accounts/${accountId}/contacts/${contactId}/messages`, {
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
    api.put<ContactDto & { message: string }>(`/accounts/${accountId}/contacts/threads/${threadId}/set-status`, { status }),
  setAi: (accountId: string, threadId: string, isGptActive: boolean) =>
    api.patch<ContactDto & { message: string }>(`/accounts/${accountId}/contacts/threads/${threadId}`, { isGptActive }),
  clear: (accountId: string, contactId: string, threadId?: string) =>
    api.delete<{ deleted: number; contact: ContactDto; message: string }>(`/accounts/${accountId}/contacts/${contactId}/messages`, { query: { threadId } }),
  send: (accountId: string, contactId: string, input: { content: string; threadId?: string; clientMessageId: string; files: File[] }) => {
    const path = `/accounts/${accountId}/contacts/${contactId}/messages`;
    if (input.files.length === 0) {
      return api.post<{ data: MessageDto[]; contact: ContactDto }>(path, { content: input.content, threadId: input.threadId, clientMessageId: input.clientMessageId });
    }
    const form = new FormData();
    form.set("content", input.content);
    if (input.threadId) form.set("threadId", input.threadId);
    form.set("clientMessageId", input.clientMessageId);
    for (const f of input.files) form.append("files", f, f.name);
    return api.post<{ data: MessageDto[]; contact: ContactDto }>(path, form);
  },
};
