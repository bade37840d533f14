import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { CookieBanner } from "./cookie-banner";
import { LoadingBar } from "./loading-bar";
import { NotificationStack } from "./notification-stack";
import { trackPageView } from "@/lib/analytics";
import { configureApi } from "@/lib/api";
import { confirmStore } from "@/lib/confirm";
import type { NavLocation } from "@/lib/nav";
import { configureSignOutNavigation } from "@/lib/session-store";
import { setPageTitle } from "@/lib/title";

/**
 * What every page has around it, whichever router shows it (the data router's root route in
 * ./app-root, or the light boot of the sign-in pages in web/guest-app.tsx): the global hosts and
 * the per-navigation effects (page title, page view, scroll, client-side redirects of the API client).
 */
export const HASH_SCROLL_OFFSET = 60;

// The dialog (Radix) loads on the first confirmation, not with the entry.
const ConfirmDialogHost = lazy(() => import("./confirm-dialog").then((m) => ({ default: m.ConfirmDialogHost })));

/** Scrolls smoothly to the hash target 60 px above it (SPEC §2.4), or to the top. */
export function scrollForLocation(hash: string) {
  if (hash && hash.length > 1) {
    let tries = 0;
    const attempt = () => {
      const el = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (el) {
        const top = el.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET;
        window.scrollTo({ top, behavior: "smooth" });
      } else if (tries++ < 20) {
        // The target may belong to a page that is still loading.
        setTimeout(attempt, 50);
      }
    };
    attempt();
    return;
  }
  window.scrollTo({ top: 0 });
}

/**
 * Page title (route title + tagline), one analytics page view per path, scroll on navigation, and
 * the navigation the API client (401 → /login) and sign-out use.
 */
export function usePageEffects(location: NavLocation, titleKey: string | null | undefined, navigate: (to: string, opts: { replace: boolean }) => void) {
  const { t, i18n } = useTranslation("common");

  useEffect(() => {
    const go = (to: string) => navigate(to, { replace: true });
    configureApi({ navigate: go });
    configureSignOutNavigation(go);
  }, [navigate]);

  const title = titleKey ? t(titleKey) : null;

  useEffect(() => {
    setPageTitle(title);
  }, [title, i18n.language]);

  useEffect(() => {
    trackPageView({ path: location.pathname + location.search, title: document.title, language: i18n.language });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, location.search, title]);

  useEffect(() => {
    scrollForLocation(location.hash);
  }, [location.pathname, location.hash]);
}

/** Global hosts: loading bar, snackbars, confirm dialog, cookie banner, around the page. */
export function AppHosts({ children }: { children: React.ReactNode }) {
  const confirmPending = useSyncExternalStore(confirmStore.subscribe, () => !!confirmStore.get(), () => false);
  return (
    <>
      <LoadingBar />
      {children}
      <NotificationStack />
      {confirmPending && (
        <Suspense fallback={null}>
          <ConfirmDialogHost />
        </Suspense>
      )}
      <CookieBanner />
    </>
  );
}
