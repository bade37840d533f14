import { useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useSocketEvent } from "@/lib/socket";
import { commentKeys } from "./api";

/**
 * New comments and our replies' delivery states arrive as `message` events; the comment lists
 * refetch (at most every 500 ms, so a burst of events costs one round trip).
 */
export function useLiveComments(accountId: string) {
  const queryClient = useQueryClient();
  const timer = useRef<number | null>(null);
  useSocketEvent("message", accountId, (m) => {
    const meta = m.metadata ?? {};
    const relevant = (m.thread ?? m.contact?.thread)?.kind === "comments" || "replyToCommentId" in meta || "privateReplyToCommentId" in meta || m.contact?.platform === "INSTAGRAM";
    if (!relevant || timer.current !== null) return;
    timer.current = window.setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: commentKeys.all(accountId) });
    }, 500);
  });
}
