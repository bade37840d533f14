import { useSyncExternalStore } from "react";
import { createStore } from "./utils";

/**
 * The browser's connection as it reports it (navigator.onLine and the online/offline events), and
 * code that cannot be fetched without it. While offline, a page's code or a translation table that
 * fails to load waits for the connection and is fetched again when it returns (the navigation that
 * asked for it completes then); it is never a reason to reload the page, which would only show the
 * browser's own "no internet" page and drop whatever was waiting to be sent.
 */

/** The browser says there is no network (navigator.onLine is false). */
export function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

function subscribeConnection(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** true while the browser is online; re-renders on the online/offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeConnection,
    () => !isOffline(),
    () => true,
  );
}

/** How many loads (page code, texts) wait for the connection right now. */
const waiting = createStore(0);
const retryNow = new Set<() => void>();

export function useWaitingLoads(): number {
  return useSyncExternalStore(waiting.subscribe, waiting.get, waiting.get);
}

/** Every load that waits for the connection tries again at once («Повторить»). */
export function retryWaitingLoads() {
  for (const resume of [...retryNow]) resume();
}

/** Resolves when the browser is back online, or when retryWaitingLoads() asks for another try. */
function untilOnlineOrRetry(): Promise<void> {
  return new Promise((resolve) => {
    const resume = () => {
      window.removeEventListener("online", resume);
      retryNow.delete(resume);
      resolve();
    };
    window.addEventListener("online", resume);
    retryNow.add(resume);
  });
}

/** Right after the connection returns the network may still be settling: a few short retries. */
export const ONLINE_RETRY_DELAYS_MS = [500, 1500];

/**
 * Runs `load` (a dynamic import); a failure while the browser is offline waits for the connection
 * (or «Повторить») and tries again, as often as it takes. A failure while online is rethrown, except
 * just after the connection came back, when it gets a couple of short retries first.
 */
export async function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  let resumed = false;
  let onlineRetries = 0;
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (!isOffline()) {
        if (!resumed || onlineRetries >= ONLINE_RETRY_DELAYS_MS.length) throw error;
        await new Promise((r) => setTimeout(r, ONLINE_RETRY_DELAYS_MS[onlineRetries++]));
        continue;
      }
      waiting.set((n) => n + 1);
      try {
        await untilOnlineOrRetry();
      } finally {
        waiting.set((n) => n - 1);
      }
      resumed = true;
      onlineRetries = 0;
    }
  }
}
