import type { QueryClient } from "@tanstack/react-query";
import { onSocketEvent } from "@/lib/socket";
import { analyticsKeys } from "./api";

/** How long a burst of room frames is gathered into one refetch of the control panel. */
export const DASHBOARD_REFRESH_MS = 400;

/**
 * The control panel follows the room: a thread's new status (a hand-off makes it pending, an operator
 * takes it) arrives as `updateContact`, a new message as `message`; either refetches the panel (its
 * waiting list and today's figures) once per burst, only while a panel is on screen.
 */
export function installDashboardRealtime(qc: QueryClient): () => void {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const refresh = (accountId: string) => {
    const key = analyticsKeys.dashboard(accountId);
    if (!qc.getQueryCache().find({ queryKey: key })?.getObserversCount() || timers.has(accountId)) return;
    timers.set(
      accountId,
      setTimeout(() => {
        timers.delete(accountId);
        void qc.invalidateQueries({ queryKey: key });
      }, DASHBOARD_REFRESH_MS),
    );
  };
  const offs = [onSocketEvent("updateContact", (_c, { accountId }) => refresh(accountId)), onSocketEvent("message", (_m, { accountId }) => refresh(accountId))];
  return () => {
    for (const off of offs) off();
    for (const t of timers.values()) clearTimeout(t);
  };
}
