/**
 * Every page module under web/routes, loaded lazily. A route of the table in web/router.tsx is
 * mounted only when its module file exists, so a later issue adds a page by creating the file at
 * the path the table names (e.g. web/routes/account/assistants.tsx).
 */
import { loadPageModule, type RouteModule } from "./preload-error";

export { PRELOAD_ERROR_EVENT, type PreloadErrorEvent, type RouteModule } from "./preload-error";

const modules = import.meta.glob<RouteModule>("../routes/**/*.tsx");

const keyOf = (module: string) => `../routes/${module}.tsx`;

export function isModuleMounted(module: string | undefined): boolean {
  return !!module && keyOf(module) in modules;
}

export function moduleLoader(module: string): (() => Promise<RouteModule>) | undefined {
  return modules[keyOf(module)];
}

/** Loads a page module with the preload-error rule of SPEC §8 (see ./preload-error). */
export async function loadRouteModule(module: string, load = moduleLoader(module)): Promise<RouteModule> {
  if (!load) throw new Error(`Route module ${module} does not exist`);
  return loadPageModule(module, load);
}
