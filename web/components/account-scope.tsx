import { lazy, Suspense, useLayoutEffect, useState } from "react";
import { Outlet, useParams } from "react-router";
import { PageLoader } from "./page-loader";
import { NotFoundPage } from "./route-error";
import { enterAccountRoute } from "@/lib/account-route";
import { installRealtime } from "@/lib/realtime";
import { setCurrentAccountId } from "@/lib/session-store";
import { useSession } from "@/lib/session";

// The floating test chat (and CASL with it) renders after the page: it does not hold the page back.
const TestChatLauncher = lazy(() => import("@/features/test-chat/components/test-chat-launcher").then((m) => ({ default: m.TestChatLauncher })));


/**
 * Parent of every /:accountId route: makes it the current account (the session is re-read with
 * that accountId, so the ability rules are the ones of this account) and runs the account-route
 * hooks (the live socket arrives there); the realtime installation is set up here once. For a user who is not a member it shows the not-found
 * page, as the API answers 404; a segment that cannot be an account id (/checkout, a typo) never
 * gets here (web/components/app-root.tsx).
 * Loaded lazily by the router (web/router.tsx), next to the page's own code.
 */
export function AccountScope() {
  const { accountId = "" } = useParams();
  const [entered, setEntered] = useState<string | null>(null);
  const session = useSession();
  const member = session.accounts.some((a) => a.accountId === accountId);

  // The room's events patch React Query from here on, for every page of the account (web/lib/realtime.ts).
  useLayoutEffect(() => installRealtime(), []);

  useLayoutEffect(() => {
    setCurrentAccountId(accountId);
    setEntered(accountId);
  }, [accountId]);

  // The live socket and the account-route hooks start once the session lists the account: a
  // socket for someone else's account would only be refused (403) and retried every few seconds.
  // Moving between one's own accounts keeps the previous list, so there is no wait then.
  useLayoutEffect(() => (member ? enterAccountRoute(accountId) : undefined), [accountId, member]);

  if (entered !== accountId) return <PageLoader />;
  if (!session.isLoading && !session.isPlaceholder && session.user && session.accountsLoaded && !member) {
    // An account the user does not belong to does not exist for them (the API answers 404 too).
    return <NotFoundPage inShell />;
  }
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <TestChatLauncher accountId={accountId} />
      </Suspense>
    </>
  );
}

export default AccountScope;
