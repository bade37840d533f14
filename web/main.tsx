import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { RouterProvider } from "react-router/dom";
import { i18n, i18nReady } from "@/lib/i18n";
import { beginLoading } from "@/lib/loading-bar";
import { trackPartner } from "@/lib/partner";
import { initPreferences } from "@/lib/preferences";
import { QueryHost } from "@/lib/query-host";
import { getCurrentAccountId, hasAccessToken, setCurrentAccountId, startSessionRequest } from "@/lib/session-store";
import { PRELOAD_ERROR_EVENT } from "@/lib/route-modules";
import { preloadSessionGate } from "@/components/guards";
import { createAppRouter } from "./router";

// Preferences (theme, skin, language, direction) apply before the first paint.
initPreferences();

// A page chunk that fails to load is usually a stale tab after a deploy: reload once (the
// preload-error rule of SPEC §8); a second failure within a minute is rethrown to the error page.
const RELOAD_KEY = "preloadErrorReloadAt";
window.addEventListener(PRELOAD_ERROR_EVENT, (event) => {
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});
// Vite raises its own event when a chunk's dependencies fail to preload; same rule.
window.addEventListener("vite:preloadError", (event) => {
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

const router = createAppRouter();

// The account of an /:accountId route is known as soon as the route matches: setting it here
// (before React renders the match) lets the session load once, with that accountId.
const syncAccount = (matches: typeof router.state.matches) => {
  const accountId = matches.at(-1)?.params.accountId;
  if (accountId) setCurrentAccountId(accountId);
};
syncAccount(router.state.matches);

// A signed-in start asks for the session now, while the router downloads the page's code (and the
// QueryClient with it): the session query takes this request over instead of waiting for the code.
if (hasAccessToken()) {
  startSessionRequest(getCurrentAccountId());
  preloadSessionGate();
}

// Before every navigation: the partner code of the target URL (SPEC §2.4, §7.7), and the loading bar.
trackPartner(window.location.search);
let endRouteLoad: (() => void) | null = null;
let lastTarget: string | null = null;
router.subscribe((state) => {
  const target = state.navigation.location;
  if (target) {
    const key = target.pathname + target.search;
    if (key !== lastTarget) {
      lastTarget = key;
      trackPartner(target.search);
    }
    if (!endRouteLoad) endRouteLoad = beginLoading();
  } else {
    syncAccount(state.matches);
    lastTarget = null;
    endRouteLoad?.();
    endRouteLoad = null;
  }
});

// A non-Russian visitor's `common` table loads before the first render (Russian is bundled).
void i18nReady.then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryHost>
          <RouterProvider router={router} />
        </QueryHost>
      </I18nextProvider>
    </StrictMode>,
  ),
);
