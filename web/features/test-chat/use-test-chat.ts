import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { isApiError } from "@/lib/api";
import { notify } from "@/lib/notify";
import { i18n } from "@/lib/i18n";
import { useSession } from "@/lib/session";
import { assistantQueries } from "@/features/assistants/api";
import { flatten, sendTestMessage, testChatApi, testChatKeys, testChatQueries, upsertChat, upsertMessage } from "./api";
import type { TestChatContact, TestChatMessage } from "./types";
import { useTestChatSocket } from "./use-test-chat-socket";

export interface ActiveChat {
  /** The test customer's id (one chat per id), chosen by the client. */
  platformUserId: string;
  /** Known once the server stored the first message. */
  contactId: string | null;
  assistantId: string;
  name: string;
}

const newPlatformUserId = (userId: string) => `test-${userId.slice(0, 24)}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function fromContact(c: TestChatContact, fallbackAssistant: string): ActiveChat {
  return { platformUserId: c.platformUserId, contactId: c.contactId, assistantId: c.thread?.testChatAssistantId ?? c.thread?.assistantId ?? fallbackAssistant, name: c.name };
}

function messageFromReply(contactId: string, r: { messageId: string; content: string | null; updatedAt: number; threadId?: string }): TestChatMessage {
  return {
    messageId: r.messageId,
    messageType: "text",
    messageDirection: "outgoing",
    content: r.content ?? "",
    createdAt: r.updatedAt,
    updatedAt: r.updatedAt,
    payloadUrl: null,
    fileName: null,
    mimeType: null,
    fileSize: null,
    isSystem: false,
    isRead: false,
    isDelivered: true,
    isSent: true,
    deliveryStatus: "sent",
    senderType: "assistant",
    metadata: {},
    contactId,
    threadId: r.threadId ?? "",
  } as TestChatMessage;
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
  const [pending, setPending] = useState<TestChatMessage[]>([]);
  const [streamText, setStreamText] = useState<string | null>(null);
  const [awaiting, setAwaiting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

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

  // Leaving the view (popup closed, page left) stops waiting for a reply.
  useEffect(() => () => abort.current?.abort(), []);

  const reset = useCallback(() => {
    abort.current?.abort();
    setPending([]);
    setStreamText(null);
    setAwaiting(false);
    setNotice(null);
  }, []);

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

  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const message = text.trim();
      if (!message || !active || awaiting) return false;
      const clientMessageId = `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
      const now = Date.now();
      const local = { ...messageFromReply(active.contactId ?? "", { messageId: `local-${clientMessageId}`, content: message, updatedAt: now }), messageDirection: "incoming", senderType: "contact", pending: true } as TestChatMessage;
      setPending((p) => [...p, local]);
      setNotice(null);
      setAwaiting(true);
      setStreamText(null);
      const controller = new AbortController();
      abort.current = controller;
      let chatContactId = active.contactId;
      try {
        const reply = await sendTestMessage(
          accountId,
          { assistantId: active.assistantId, contactPlatformUserId: active.platformUserId, message, name: user?.name || undefined, clientMessageId },
          {
            onIncoming: ({ messageId, contact }) => {
              chatContactId = contact.contactId;
              upsertMessage(queryClient, accountId, contact.contactId, { ...local, messageId, contactId: contact.contactId, pending: false });
              setPending((p) => p.filter((m) => m.messageId !== local.messageId));
              if (!active.contactId) setActive((a) => (a && a.platformUserId === active.platformUserId ? { ...a, contactId: contact.contactId, name: contact.name } : a));
            },
            onDelta: (piece) => setStreamText((s) => (s ?? "") + piece),
          },
          controller.signal,
        );
        const cid = reply.contact.contactId;
        if (reply.messageId) upsertMessage(queryClient, accountId, cid, messageFromReply(cid, { messageId: reply.messageId, content: reply.content, updatedAt: reply.updatedAt }));
        if (reply.status !== "answered" && reply.notice) setNotice(reply.notice);
        upsertChat(queryClient, accountId, reply.contact);
        // The stored rows bring what the answer does not carry: tool calls and results, system notes.
        await queryClient.invalidateQueries({ queryKey: testChatKeys.messages(accountId, cid) });
        return true;
      } catch (e) {
        if (controller.signal.aborted) return false;
        setPending((p) => p.filter((m) => m.messageId !== local.messageId));
        if (chatContactId) {
          // The message may have been stored before the stream broke: show what the server has.
          await queryClient.invalidateQueries({ queryKey: testChatKeys.messages(accountId, chatContactId) });
          if (!isApiError(e)) notify({ type: "warning", message: i18n.t("testChat:streamFailed") });
          return true;
        }
        if (!(isApiError(e) && e.status === 401)) {
          notify({ type: "error", title: i18n.t("testChat:sendFailed"), message: isApiError(e) ? e.body.message : i18n.t("assistants:errors.network") });
        }
        return false;
      } finally {
        if (abort.current === controller) abort.current = null;
        setStreamText(null);
        setAwaiting(false);
      }
    },
    [accountId, active, awaiting, queryClient, user],
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
