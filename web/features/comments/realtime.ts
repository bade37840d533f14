import type { QueryClient } from "@tanstack/react-query";
import type { MessageDto } from "@worker/features/inbox/serialize";
import { onSocketEvent } from "@/lib/socket";
import { commentKeys } from "./api";

/** How long a burst of comment events is gathered into one refetch. */
export const COMMENTS_REFRESH_MS = 500;

/** A comment, a reply of ours to one, or anything of an Instagram contact (comments live there). */
export function isCommentEvent(m: MessageDto): boolean {
  const meta = m.metadata ?? {};
  return (m.thread ?? m.contact?.thread)?.kind === "comments" || "replyToCommentId" in meta || "privateReplyToCommentId" in meta || m.contact?.platform === "INSTAGRAM";
}

/**
 * New comments and our replies' delivery states arrive as `message` events; the comment lists
 * refetch (at most every 500 ms per account, so a burst of events costs one round trip).
 */
export function installCommentsRealtime(qc: QueryClient): () => void {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const off = onSocketEvent("message", (m, { accountId }) => {
    if (!isCommentEvent(m) || timers.has(accountId)) return;
    timers.set(
      accountId,
      setTimeout(() => {
        timers.delete(accountId);
        void qc.invalidateQueries({ queryKey: commentKeys.all(accountId) });
      }, COMMENTS_REFRESH_MS),
    );
  });
  return () => {
    off();
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
  };
}
