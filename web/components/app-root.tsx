import { useCallback, useMemo } from "react";
import { Outlet, useLocation, useMatches, useNavigate } from "react-router";
import { AppHosts, usePageEffects } from "./app-hosts";
import { BlankFrame } from "./layouts/blank-frame";
import { NotFoundPage } from "./route-error";
import { isNotAccountPath } from "@/lib/account-route";
import { NavProvider, type Nav } from "@/lib/nav";

export { HASH_SCROLL_OFFSET, scrollForLocation } from "./app-hosts";

/**
 * The root route: global hosts (snackbars, confirm dialog, cookie banner, loading bar), the
 * per-navigation effects, and web/lib/nav's primitives over the data router (for the sign-in
 * pages, which also render without it: web/guest-app.tsx).
 *
 * A path such as /checkout or a typo matches the /:accountId route (the router has no pattern for
 * a segment's shape). When that segment cannot be an account id, the root shows the plain 404
 * instead of its children: no guard, no shell, no account scope and so no socket for it.
 */
export function AppRoot() {
  const routerNavigate = useNavigate();
  const location = useLocation();
  const matches = useMatches();

  const navigate = useCallback<Nav["navigate"]>((to, opts) => void routerNavigate(to, opts), [routerNavigate]);
  const nav = useMemo<Nav>(() => ({ location, navigate }), [location, navigate]);

  const notAccount = isNotAccountPath(matches);
  const titleKey = notAccount ? "common:routes.notFound" : [...matches].reverse().map((m) => (m.handle as { titleKey?: string } | undefined)?.titleKey).find(Boolean);
  usePageEffects(location, titleKey, navigate);

  return (
    <NavProvider value={nav}>
      <AppHosts>
        {notAccount ? (
          <BlankFrame>
            <NotFoundPage />
          </BlankFrame>
        ) : (
          <Outlet />
        )}
      </AppHosts>
    </NavProvider>
  );
}
