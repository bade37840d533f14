import { Component, StrictMode, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { AppHosts, usePageEffects } from "@/components/app-hosts";
import { BlankFrame } from "@/components/layouts/blank-frame";
import { i18n, i18nReady, loadNamespaces } from "@/lib/i18n";
import { beginLoading } from "@/lib/loading-bar";
import { NavProvider, toHref, type Nav, type NavLocation, type To } from "@/lib/nav";
import { signedOutHome, trackPartner } from "@/lib/partner";
import { loadPageModule, type RouteModule } from "@/lib/preload-error";
import { hasAccessToken } from "@/lib/session-store";
import { matchGuestBootRoute, type GuestBootRoute } from "./guest-routes";
import type { AppRouter } from "./full-app";

/**
 * The light boot of the sign-in pages (SPEC §2.3 public pages, /login, /register and the password
 * pages of web/guest-routes.ts) for a signed-out visitor: the page renders over the history API
 * with the same frame, hosts and per-navigation effects as under react-router's data router
 * (web/components/app-hosts.tsx), and moves between these pages itself. Going anywhere else (after
 * signing in, a link to another page, back to a page of the app) hands over to the data router
 * (web/full-app.tsx, loaded then): the visitor of /login downloads neither react-router nor the
 * route table. What the router does on a navigation is done here too: the `partner` parameter of
 * the target is read first (§7.7), the loading bar runs while the page's code loads, the page
 * title, page view and scroll follow the location, and a page that fails to load follows the
 * preload-error rule of §8 (then the data router shows it, or its error page).
 */
interface Shown {
  route: GuestBootRoute;
  page: RouteModule;
  location: NavLocation;
}

const namespaceOf = (titleKey: string) => (titleKey.includes(":") ? [titleKey.split(":")[0]] : []);
const pages = new Map<GuestBootRoute, RouteModule>();

/** A page's code and its translations, as the data router's lazy route loads them (web/router.tsx). */
async function loadPage(route: GuestBootRoute): Promise<RouteModule> {
  const cached = pages.get(route);
  if (cached) return cached;
  const namespaces = new Set([...(route.ns ?? []), ...namespaceOf(route.titleKey)]);
  const texts = loadNamespaces([...namespaces]).catch(() => undefined);
  const [page] = await Promise.all([loadPageModule(route.module, route.load), texts]);
  const more = namespaceOf(page.handle?.titleKey ?? route.titleKey).filter((ns) => !namespaces.has(ns));
  if (more.length) await loadNamespaces(more).catch(() => undefined);
  pages.set(route, page);
  return page;
}

const currentLocation = (): NavLocation => ({ pathname: window.location.pathname, search: window.location.search, hash: window.location.hash });

/** History entries in the shape react-router's browser history keeps (it takes them over later). */
function writeHistory(href: string, replace: boolean) {
  const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + (replace ? 0 : 1);
  const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx };
  if (replace) window.history.replaceState(state, "", href);
  else window.history.pushState(state, "", href);
}

let root: Root | null = null;
let fullRouter: AppRouter | null = null;
let handover: { href: string; replace: boolean; popped: boolean } | null = null;

/**
 * Hands the page over to the data router at `href` (already the current URL when the browser
 * went there itself). The page on screen stays until the router has loaded the next one.
 */
function startFullApp(href: string, replace: boolean, popped: boolean) {
  if (fullRouter) {
    // The router follows the browser's back and forward itself.
    if (!popped) void fullRouter.navigate(href, { replace });
    return;
  }
  const started = handover !== null;
  handover = { href, replace, popped };
  if (started) return;
  const end = beginLoading();
  import("./full-app")
    .then(({ startFullApp: start }) => {
      const target = handover!;
      if (!target.popped) writeHistory(target.href, target.replace);
      const app = start(root!, { renderWhenLoaded: true });
      fullRouter = app.router;
      return app.ready;
    })
    // The app's code could not load (a stale tab after a deploy): a full page load of the target.
    .catch(() => window.location.assign(handover!.href))
    .finally(end);
}

/** A page that throws goes to the data router, which shows it again or its error page. */
class HandOverOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    const { pathname, search, hash } = window.location;
    startFullApp(pathname + search + hash, true, true);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function GuestApp({ initial }: { initial: Shown }) {
  const [shown, setShown] = useState(initial);
  const latest = useRef(0);

  const go = useCallback((href: string, replace: boolean, popped: boolean) => {
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin) {
      window.location.assign(url.href);
      return;
    }
    // Before every navigation: the partner code of the target URL (SPEC §2.4, §7.7).
    trackPartner(url.search);
    // `/` sends a signed-out visitor to /login (as web/components/guards.tsx does in the router).
    const toLogin = url.pathname === "/" && !hasAccessToken();
    const location = toLogin ? { pathname: signedOutHome(url.search), search: "", hash: "" } : { pathname: url.pathname, search: url.search, hash: url.hash };
    const path = location.pathname + location.search + location.hash;
    // Signed in (sign-in and registration navigate right after it), or another page, or the data
    // router already on its way: the data router takes over.
    const route = handover || hasAccessToken() ? null : matchGuestBootRoute(location.pathname);
    const ticket = ++latest.current;
    if (!route) {
      startFullApp(path, replace, popped);
      return;
    }
    const show = (page: RouteModule) => {
      if (ticket !== latest.current) return; // a later navigation won
      if (!popped) writeHistory(path, replace);
      else if (toLogin) writeHistory(path, true);
      setShown({ route, page, location });
    };
    const cached = pages.get(route);
    if (cached) {
      show(cached);
      return;
    }
    const end = beginLoading();
    loadPage(route)
      .then(show, () => startFullApp(path, replace, popped))
      .finally(end);
  }, []);

  useEffect(() => {
    const onPop = () => {
      const { pathname, search, hash } = window.location;
      go(pathname + search + hash, false, true);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [go]);

  const navigate = useCallback<Nav["navigate"]>((to: To, opts) => go(toHref(to), !!opts?.replace, false), [go]);
  const nav = useMemo<Nav>(() => ({ location: shown.location, navigate }), [shown.location, navigate]);
  usePageEffects(shown.location, shown.page.handle?.titleKey ?? shown.route.titleKey, navigate);

  const Page = shown.page.default;
  return (
    <NavProvider value={nav}>
      <AppHosts>
        <BlankFrame>
          <HandOverOnError>
            <Page key={shown.route.path} />
          </HandOverOnError>
        </BlankFrame>
      </AppHosts>
    </NavProvider>
  );
}

/**
 * Starts the light boot when the visitor is signed out and the path is one of its pages; returns
 * false otherwise (main.tsx then starts the data router).
 */
export function startGuestApp(appRoot: Root): boolean {
  const route = hasAccessToken() ? null : matchGuestBootRoute(window.location.pathname);
  if (!route) return false;
  root = appRoot;
  // The data router marks the first history entry the same way when it starts.
  const state = window.history.state as { idx?: number } | null;
  if (state?.idx == null) window.history.replaceState({ ...state, idx: 0 }, "");
  Promise.all([loadPage(route), i18nReady]).then(
    ([page]) =>
      appRoot.render(
        <StrictMode>
          <I18nextProvider i18n={i18n}>
            <GuestApp initial={{ route, page, location: currentLocation() }} />
          </I18nextProvider>
        </StrictMode>,
      ),
    () => {
      const { pathname, search, hash } = window.location;
      startFullApp(pathname + search + hash, true, true);
    },
  );
  return true;
}
