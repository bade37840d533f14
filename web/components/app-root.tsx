import { useCallback, useMemo } from "react";
import { Outlet, useLocation, useMatches, useNavigate } from "react-router";
import { AppHosts, usePageEffects } from "./app-hosts";
import { NavProvider, type Nav } from "@/lib/nav";

export { HASH_SCROLL_OFFSET, scrollForLocation } from "./app-hosts";

/**
 * The root route: global hosts (snackbars, confirm dialog, cookie banner, loading bar), the
 * per-navigation effects, and web/lib/nav's primitives over the data router (for the sign-in
 * pages, which also render without it: web/guest-app.tsx).
 */
export function AppRoot() {
  const routerNavigate = useNavigate();
  const location = useLocation();
  const matches = useMatches();

  const navigate = useCallback<Nav["navigate"]>((to, opts) => void routerNavigate(to, opts), [routerNavigate]);
  const nav = useMemo<Nav>(() => ({ location, navigate }), [location, navigate]);

  const titleKey = [...matches].reverse().map((m) => (m.handle as { titleKey?: string } | undefined)?.titleKey).find(Boolean);
  usePageEffects(location, titleKey, navigate);

  return (
    <NavProvider value={nav}>
      <AppHosts>
        <Outlet />
      </AppHosts>
    </NavProvider>
  );
}
