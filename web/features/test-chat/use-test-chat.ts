import { useCallback, useEffect, useMemo, useState } from "react";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "@/lib/session";
import { assistantQueries } from "@/features/assistants/api";
import { flatten, testChatApi, testChatKeys, testChatQueries, upsertChat } from "./api";
import type { ActiveChat, TestChatContact } from "./types";
import { useTestChatSend } from "./use-test-chat-send";
import { useTestChatSocket } from "./use-test-chat-socket";

const newPlatformUserId = (userId: string) => `test-${userId.slice(0, 24)}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function fromContact(c: TestChatContact, fallbackAssistant: string): ActiveChat {
  return { platformUserId: c.platformUserId, contactId: c.contactId, assistantId: c.thread?.testChatAssistantId ?? c.thread?.assistantId ?? fallbackAssistant, name: c.name };
}

/**
 * The state of one test chat view (§4 "Test chat"): assistants and test chats load when the view
 * opens, the first chat is selected, choosing an assistant starts a new chat, a reply is appended
 * once per messageId (from the streamed answer, the refetch and the socket alike).
 */
export function useTestChat({ accountId, lockedAssistantId, enabled = true }: { accountId: string; lockedAssistantId?: string; enabled?: boolean }) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const assistants = useQuery({ ...assistantQueries.list(accountId, { page: 1, limit: 100 }), enabled });
  const chats = useQuery({ ...testChatQueries.list(accountId), enabled });
  // undefined: nothing chosen yet (the first chat gets auto-selected); null: deliberately no chat.
  const [active, setActive] = useState<ActiveChat | null | undefined>(undefined);

  const assistantList = useMemo(() => assistants.data?.data ?? [], [assistants.data]);
  const chatList = useMemo(() => {
    const all = chats.data?.data ?? [];
    return lockedAssistantId ? all.filter((c) => (c.thread?.testChatAssistantId ?? c.thread?.assistantId) === lockedAssistantId) : all;
  }, [chats.data, lockedAssistantId]);

  useEffect(() => {
    if (active !== undefined || !chats.data) return;
    const first = chatList[0];
    setActive(first ? fromContact(first, lockedAssistantId ?? "") : null);
  }, [active, chats.data, chatList, lockedAssistantId]);

  const contactId = active?.contactId ?? null;
  const messages = useInfiniteQuery({ ...testChatQueries.messages(accountId, contactId ?? "none"), enabled: enabled && !!contactId });

  useTestChatSocket(accountId, enabled);

  const { pending, streamText, awaiting, notice, reset, send } = useTestChatSend(accountId, active, setActive);

  const startChat = useCallback(
    (assistantId: string) => {
      reset();
      setActive({ platformUserId: newPlatformUserId(user?.id ?? "user"), contactId: null, assistantId, name: user?.name ?? "" });
    },
    [reset, user],
  );

  const selectChat = useCallback(
    (c: TestChatContact) => {
      reset();
      setActive(fromContact(c, lockedAssistantId ?? ""));
    },
    [reset, lockedAssistantId],
  );

  /** For "test this assistant": its latest chat, or a new one. */
  const openForAssistant = useCallback(
    (assistantId: string) => {
      const existing = (chats.data?.data ?? []).find((c) => (c.thread?.testChatAssistantId ?? c.thread?.assistantId) === assistantId);
      if (existing) selectChat(existing);
      else startChat(assistantId);
    },
    [chats.data, selectChat, startChat],
  );

  // The chat is emptied but stays the one being tested: same test customer, same assistant, so the
  // next message goes on with the assistant the user was checking (not the account's first one).
  const clear = useCallback(async () => {
    const current = active;
    reset();
    if (!current?.contactId) return;
    try {
      const r = await testChatApi.clear(accountId, current.contactId);
      await queryClient.resetQueries({ queryKey: testChatKeys.messages(accountId, current.contactId) });
      upsertChat(queryClient, accountId, r.contact);
    } catch (e) {
      // §8: a failure to clear the test chat is only logged.
      console.error("[test-chat] clear failed", e);
    }
  }, [accountId, active, queryClient, reset]);

  const log = useMemo(() => {
    const stored = flatten(messages.data);
    const all = [...stored, ...pending.filter((p) => !stored.some((m) => m.messageId === p.messageId))];
    return all.sort((a, b) => a.createdAt - b.createdAt || (a.messageId < b.messageId ? -1 : a.messageId > b.messageId ? 1 : 0));
  }, [messages.data, pending]);

  const activeAssistant = active ? assistantList.find((a) => a.assistantId === active.assistantId) : undefined;
  const activeContact = contactId ? (chats.data?.data ?? []).find((c) => c.contactId === contactId) : undefined;

  return {
    assistants,
    assistantList,
    chats,
    chatList,
    active: active ?? null,
    activeAssistant,
    activeContact,
    aiOff: activeContact?.thread?.isGptActive === false,
    messages,
    log,
    streamText,
    awaiting,
    notice,
    loading: assistants.isPending || chats.isPending || active === undefined,
    send,
    clear,
    startChat,
    selectChat,
    openForAssistant,
  };
}

export type TestChatState = ReturnType<typeof useTestChat>;
