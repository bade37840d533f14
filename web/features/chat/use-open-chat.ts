import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import type { ContactDto } from "./api";
import { openChatQuery, patchOpenChat, setOpenChat } from "./cache";

/**
 * The chat open on the inbox page. The URL names it (?c=<contactId>&t=<threadId>, so it can be
 * linked to); its contact is read from React Query (chatKeys.openChat), which the realtime
 * installation keeps live, so the page holds no copy of it.
 */
export function useOpenChat(accountId: string) {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const contactId = params.get("c");
  const threadId = params.get("t");
  const open = useQuery({ ...openChatQuery(qc, accountId, contactId ?? "", threadId), enabled: !!contactId });
  const selected = contactId ? (open.data?.contact ?? null) : null;
  const gone = !!contactId && !!open.data?.deleted;

  const select = useCallback(
    (c: ContactDto) => {
      setOpenChat(qc, accountId, c);
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set("c", c.contactId);
          if (c.thread) next.set("t", c.thread.threadId);
          else next.delete("t");
          return next;
        },
        { replace: !!contactId },
      );
    },
    [qc, accountId, setParams, contactId],
  );
  const close = useCallback(() => {
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete("c");
      next.delete("t");
      return next;
    });
  }, [setParams]);
  /** A newer state of the open contact from an answer of ours (header actions, a sent message). */
  const onContactChange = useCallback((c: ContactDto) => patchOpenChat(qc, accountId, c), [qc, accountId]);

  return { contactId, open, selected, gone, select, close, onContactChange };
}
