import type { RouteModule } from "@/lib/preload-error";
import type { RouteDef } from "./route-def";

/**
 * The public auth pages a signed-out visitor opens first (sign-in, registration, the password
 * pages). They are part of the route table (web/router.tsx spreads them in) and, for a signed-out
 * visitor, also boot without react-router's data router (web/guest-app.tsx): their page code is
 * imported here by name, so the entry does not carry the loaders of every page.
 */
export interface GuestBootRoute extends RouteDef {
  load: () => Promise<RouteModule>;
}

export const GUEST_BOOT_ROUTES = {
  login: { path: "/login", module: "auth/login", access: "guest", layout: "blank", titleKey: "common:routes.login", ns: ["auth"], load: () => import("./routes/auth/login") },
  register: { path: "/register", module: "auth/register", access: "guest", layout: "blank", titleKey: "common:routes.register", ns: ["auth"], load: () => import("./routes/auth/register") },
  forgotPassword: { path: "/auth/forgot-password", module: "auth/forgot-password", access: "guest", layout: "blank", titleKey: "common:routes.forgotPassword", ns: ["auth"], load: () => import("./routes/auth/forgot-password") },
  resetPassword: { path: "/auth/reset", module: "auth/reset", access: "public", layout: "blank", titleKey: "common:routes.resetPassword", ns: ["auth"], load: () => import("./routes/auth/reset") },
} satisfies Record<string, GuestBootRoute>;

/** The page of a path as react-router matches it (case-insensitive, trailing slash ignored). */
export function matchGuestBootRoute(pathname: string): GuestBootRoute | null {
  const path = (pathname.replace(/\/+$/, "") || "/").toLowerCase();
  return Object.values(GUEST_BOOT_ROUTES).find((r) => r.path === path) ?? null;
}
