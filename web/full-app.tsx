import { StrictMode } from "react";
import type { Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { RouterProvider } from "react-router/dom";
import { accountIdOf, isNotAccountPath } from "@/lib/account-route";
import { i18n } from "@/lib/i18n";
import { beginLoading } from "@/lib/loading-bar";
import { trackPartner } from "@/lib/partner";
import { QueryHost } from "@/lib/query-host";
import { getCurrentAccountId, hasAccessToken, setCurrentAccountId, startSessionRequest } from "@/lib/session-store";
import { createAppRouter } from "./router";

/**
 * The app with react-router's data router: every page but the sign-in pages a signed-out visitor
 * opens first (web/guest-app.tsx boots those without it). main.tsx loads this module at the start
 * for any other page, and the light boot loads it as soon as the visitor goes elsewhere.
 */
export type AppRouter = ReturnType<typeof createAppRouter>;

export function startFullApp(root: Root, opts: { renderWhenLoaded?: boolean } = {}): { router: AppRouter; ready: Promise<void> } {
  const router = createAppRouter();

  // The account of an /:accountId route is known as soon as the route matches: setting it here
  // (before React renders the match) lets the session load once, with that accountId.
  const syncAccount = (matches: typeof router.state.matches) => {
    const accountId = accountIdOf(matches);
    // A segment that cannot be an account id is a 404 (web/components/app-root.tsx), not an account.
    if (accountId && !isNotAccountPath(matches)) setCurrentAccountId(accountId);
  };
  syncAccount(router.state.matches);

  // A signed-in start asks for the session now, while the router downloads the page's code (and
  // the QueryClient with it): the session query takes this request over instead of waiting for the code.
  if (hasAccessToken()) startSessionRequest(getCurrentAccountId());

  // Before every navigation: the partner code of the target URL (SPEC §2.4, §7.7), and the loading bar.
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

  const loaded = router.state.initialized
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const unsubscribe = router.subscribe((state) => {
          if (!state.initialized) return;
          unsubscribe();
          resolve();
        });
      });
  const render = () =>
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <QueryHost>
            <RouterProvider router={router} />
          </QueryHost>
        </I18nextProvider>
      </StrictMode>,
    );
  // Coming from a sign-in page, that page stays on screen until the next one has loaded (as a
  // navigation inside the router would); a fresh start renders at once, as before.
  if (opts.renderWhenLoaded) return { router, ready: loaded.then(render) };
  render();
  return { router, ready: loaded };
}
