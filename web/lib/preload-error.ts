import type { ComponentType } from "react";

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
 * Loads a page module. On failure a cancelable "preload-error" event is dispatched on window (the
 * same contract as Vite's `vite:preloadError`); the error is rethrown unless a listener cancelled it.
 * A cancelled failure resolves to a module rendering nothing (the listener handles it, e.g. reloads).
 */
export async function loadPageModule(module: string, load: () => Promise<RouteModule>): Promise<RouteModule> {
  try {
    return await load();
  } catch (error) {
    const event = new Event(PRELOAD_ERROR_EVENT, { cancelable: true }) as PreloadErrorEvent;
    event.payload = error;
    event.module = module;
    const notCancelled = window.dispatchEvent(event);
    if (notCancelled) throw error;
    return { default: () => null };
  }
}
