import type { ComponentType } from "react";
import { isOffline, loadWhenOnline } from "./connection";
import { queryClientStore } from "./query-client-store";

/**
 * Loading a page's code with the preload-error rule of SPEC §8 (the listener is in main.tsx). Kept
 * apart from ./route-modules, whose table of every page's loader the light boot of the sign-in
 * pages (web/guest-app.tsx) does not need.
 */
export interface RouteModule {
  default: ComponentType;
  handle?: { titleKey?: string; [key: string]: unknown };
}

/** Event raised on window when a lazily loaded page fails to load (SPEC §8). */
export const PRELOAD_ERROR_EVENT = "preload-error";

export interface PreloadErrorEvent extends Event {
  payload: unknown;
  module: string;
}

/**
 * Loads a page module. While the browser is offline a failure waits for the connection and tries
 * again (./connection): the navigation completes when the connection returns. A failure online
 * dispatches a cancelable "preload-error" event on window (the same contract as Vite's
 * `vite:preloadError`); the error is rethrown unless a listener cancelled it. A cancelled failure
 * resolves to a module rendering nothing (the listener handles it, e.g. reloads).
 */
export async function loadPageModule(module: string, load: () => Promise<RouteModule>): Promise<RouteModule> {
  try {
    return await loadWhenOnline(load);
  } catch (error) {
    const event = new Event(PRELOAD_ERROR_EVENT, { cancelable: true }) as PreloadErrorEvent;
    event.payload = error;
    event.module = module;
    const notCancelled = window.dispatchEvent(event);
    if (notCancelled) throw error;
    return { default: () => null };
  }
}

export const PRELOAD_RELOAD_KEY = "preloadErrorReloadAt";
/** How long a reload waits for changes being sent (a chat reply, a save) before going ahead anyway. */
export const RELOAD_MUTATION_WAIT_MS = 15_000;

/**
 * The reload half of the preload-error rule (SPEC §8): code that fails to load online is usually a
 * stale tab after a deploy, so the page reloads once; a second failure within a minute is rethrown
 * (to the error page). Never while offline: the reload would end on the browser's "no internet"
 * page, so the failure goes on to the caller (a page's code waits for the connection instead). A
 * reload also waits for changes still being sent, so it does not cut them off.
 */
export function reloadOnPreloadError(event: Event) {
  if (isOffline()) return;
  const last = Number(sessionStorage.getItem(PRELOAD_RELOAD_KEY) ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem(PRELOAD_RELOAD_KEY, String(Date.now()));
  event.preventDefault();
  void reloadWhenIdle();
}

async function reloadWhenIdle() {
  const client = queryClientStore.get();
  const deadline = Date.now() + RELOAD_MUTATION_WAIT_MS;
  while (client && client.isMutating() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  window.location.reload();
}

/** main.tsx: the rule for our own page loads and for Vite's event (a chunk's dependencies failed to preload). */
export function installPreloadErrorReload() {
  window.addEventListener(PRELOAD_ERROR_EVENT, reloadOnPreloadError);
  window.addEventListener("vite:preloadError", reloadOnPreloadError);
}
