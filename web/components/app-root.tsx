import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useMatches, useNavigate } from "react-router";
import { CookieBanner } from "./cookie-banner";
import { LoadingBar } from "./loading-bar";
import { NotificationStack } from "./notification-stack";
import { trackPageView } from "@/lib/analytics";
import { configureApi } from "@/lib/api";
import { confirmStore } from "@/lib/confirm";
import { configureSignOutNavigation } from "@/lib/session-store";
import { setPageTitle } from "@/lib/title";

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

/** The root route: global hosts (snackbars, confirm dialog, cookie banner, loading bar) and per-navigation effects. */
export function AppRoot() {
  const navigate = useNavigate();
  const location = useLocation();
  const matches = useMatches();
  const { t, i18n } = useTranslation("common");
  const confirmPending = useSyncExternalStore(confirmStore.subscribe, () => !!confirmStore.get(), () => false);

  useEffect(() => {
    const go = (to: string) => void navigate(to, { replace: true });
    configureApi({ navigate: go });
    configureSignOutNavigation(go);
  }, [navigate]);

  const titleKey = [...matches].reverse().map((m) => (m.handle as { titleKey?: string } | undefined)?.titleKey).find(Boolean);
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

  return (
    <>
      <LoadingBar />
      <Outlet />
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
