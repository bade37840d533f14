/**
 * Every page module under web/routes, loaded lazily. A route of the table in web/router.tsx is
 * mounted only when its module file exists, so a later issue adds a page by creating the file at
 * the path the table names (e.g. web/routes/account/assistants.tsx).
 */
import type { ComponentType } from "react";

export interface RouteModule {
  default: ComponentType;
  handle?: { titleKey?: string; [key: string]: unknown };
}

const modules = import.meta.glob<RouteModule>("../routes/**/*.tsx");

const keyOf = (module: string) => `../routes/${module}.tsx`;

export function isModuleMounted(module: string | undefined): boolean {
  return !!module && keyOf(module) in modules;
}

export function moduleLoader(module: string): (() => Promise<RouteModule>) | undefined {
  return modules[keyOf(module)];
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
export async function loadRouteModule(module: string, load = moduleLoader(module)): Promise<RouteModule> {
  if (!load) throw new Error(`Route module ${module} does not exist`);
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
