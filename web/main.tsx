import "./lib/zod-config";
import "./styles.css";
import { createRoot } from "react-dom/client";
import { hasAccessToken } from "@/lib/session-store";
import { i18nReady } from "@/lib/i18n";
import { signedOutHome, trackPartner } from "@/lib/partner";
import { initPreferences } from "@/lib/preferences";
import { installPreloadErrorReload, PRELOAD_ERROR_EVENT } from "@/lib/preload-error";
import { startGuestApp } from "./guest-app";

// Preferences (theme, skin, language, direction) apply before the first paint.
initPreferences();

// A page chunk that fails to load is usually a stale tab after a deploy: reload once (the
// preload-error rule of SPEC §8; never while offline); a second failure within a minute is rethrown
// to the error page. Vite's own event (a chunk's dependencies failed to preload) follows the same rule.
installPreloadErrorReload();

// Before the first navigation: the partner code of the URL the visitor arrives with (SPEC §2.4, §7.7).
trackPartner(window.location.search);

// `/` sends a signed-out visitor to /login, or to /register from a partner's link (web/components/guards.tsx does the same in the router).
if (window.location.pathname === "/" && !hasAccessToken()) window.history.replaceState(window.history.state, "", signedOutHome(window.location.search));

const root = createRoot(document.getElementById("root")!);

// A signed-out visitor of the sign-in pages gets them without react-router's data router
// (web/guest-app.tsx); every other start loads the data router at once (web/full-app.tsx).
if (!startGuestApp(root)) {
  // A signed-in start fetches the session gate with the router (the session request itself goes
  // out as soon as the router knows the account: web/full-app.tsx).
  if (hasAccessToken()) void import("@/components/session-gate").catch(() => undefined);
  const app = import("./full-app").catch((error: unknown) => {
    // The same rule as a page's code (SPEC §8): reload once, rethrow a second failure.
    const event = Object.assign(new Event(PRELOAD_ERROR_EVENT, { cancelable: true }), { payload: error, module: "full-app" });
    if (window.dispatchEvent(event)) throw error;
    return new Promise<never>(() => {});
  });
  // A non-Russian visitor's `common` table loads before the first render (Russian is bundled).
  void Promise.all([app, i18nReady]).then(([{ startFullApp }]) => startFullApp(root));
}
