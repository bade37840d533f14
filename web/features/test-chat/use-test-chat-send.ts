import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { isApiError } from "@/lib/api";
import { notify } from "@/lib/notify";
import { i18n } from "@/lib/i18n";
import { useSession } from "@/lib/session";
import { sendTestMessage, testChatKeys, upsertChat, upsertMessage } from "./api";
import type { ActiveChat, TestChatMessage } from "./types";

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
 * Sending in a test chat: the tester's message shows at once (pending), the answer streams in, the
 * stored reply lands in the log once per messageId; a notice tells why the assistant did not answer.
 * Leaving the view (popup closed, page left) stops waiting for a reply.
 */
export function useTestChatSend(accountId: string, active: ActiveChat | null | undefined, setActive: Dispatch<SetStateAction<ActiveChat | null | undefined>>) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [pending, setPending] = useState<TestChatMessage[]>([]);
  const [streamText, setStreamText] = useState<string | null>(null);
  const [awaiting, setAwaiting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const reset = useCallback(() => {
    abort.current?.abort();
    setPending([]);
    setStreamText(null);
    setAwaiting(false);
    setNotice(null);
  }, []);

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
    [accountId, active, awaiting, queryClient, user, setActive],
  );

  return { pending, streamText, awaiting, notice, reset, send };
}
