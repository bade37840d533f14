import type { QueryClient } from "@tanstack/react-query";
import type { BroadcastStatsDto } from "@worker/features/broadcasts/contract";
import { onSocketEvent } from "@/lib/socket";
import { broadcastKeys, type Broadcast, type BroadcastList } from "./api";

/** How long a burst of frames is gathered into one refetch of the recipients table and the quota. */
export const BROADCAST_REFRESH_MS = 1000;

/** A broadcast with the frame's status, reason and counts (older frames never overwrite newer ones). */
export function applyStats<T extends Pick<Broadcast, "broadcastId" | "status" | "pausedReason" | "counts" | "updatedAt">>(b: T, s: BroadcastStatsDto): T {
  if (b.broadcastId !== s.broadcastId || b.updatedAt > s.updatedAt) return b;
  return { ...b, status: s.status, pausedReason: s.pausedReason, counts: s.counts, updatedAt: s.updatedAt };
}

/**
 * The room's `broadcast` frames (one per pump tick, and on every status change) patch the
 * broadcast's page and every list page showing it (a status change refetches the page for its
 * times); the recipients table and the quota refetch at most once a second per broadcast.
 */
export function installBroadcastsRealtime(qc: QueryClient): () => void {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const off = onSocketEvent("broadcast", (s, { accountId }) => {
    const detail = broadcastKeys.detail(accountId, s.broadcastId);
    const before = qc.getQueryData<Broadcast>(detail);
    qc.setQueryData<Broadcast>(detail, (b) => (b ? applyStats(b, s) : b));
    // A new status also moves times the frame does not carry (started, finished): read the broadcast again.
    if (before && before.status !== s.status && before.updatedAt <= s.updatedAt) void qc.invalidateQueries({ queryKey: detail });
    qc.setQueriesData<BroadcastList>({ queryKey: [...broadcastKeys.all(accountId), "list"] }, (list) => (list ? { ...list, data: list.data.map((b) => applyStats(b, s)) } : list));
    const key = `${accountId}:${s.broadcastId}`;
    if (timers.has(key)) return;
    timers.set(
      key,
      setTimeout(() => {
        timers.delete(key);
        void qc.invalidateQueries({ queryKey: broadcastKeys.recipients(accountId, s.broadcastId) });
        if (s.status !== "sending") void qc.invalidateQueries({ queryKey: broadcastKeys.quota(accountId) });
      }, BROADCAST_REFRESH_MS),
    );
  });
  return () => {
    off();
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
  };
}
