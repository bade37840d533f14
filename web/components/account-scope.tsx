import { lazy, Suspense, useEffect, useLayoutEffect, useState } from "react";
import { Outlet, useParams } from "react-router";
import type { RevokedReason } from "@do/account-room/protocol";
import { AccountUnavailable } from "./account-unavailable";
import { PageLoader } from "./page-loader";
import { enterAccountRoute } from "@/lib/account-route";
import { installRealtime } from "@/lib/realtime";
import { setCurrentAccountId } from "@/lib/session-store";
import { useSession } from "@/lib/session";
import { onAccessLost } from "@/lib/socket";

// The floating test chat (and CASL with it) renders after the page: it does not hold the page back.
const TestChatLauncher = lazy(() => import("@/features/test-chat/components/test-chat-launcher").then((m) => ({ default: m.TestChatLauncher })));


/**
 * Parent of every /:accountId route: makes it the current account (the session is re-read with
 * that accountId, so the ability rules are the ones of this account) and runs the account-route
 * hooks (the live socket arrives there); the realtime installation is set up here once. For a user who is not a member
 * (the API answers 404 ACCOUNT_NOT_FOUND) it says that they have no access to the account, in the
 * room's words when it shut them out while the page was open (removed, left, account deleted), and
 * offers their accounts; a segment that cannot be an account id (/checkout, a typo) never gets
 * here (web/components/app-root.tsx).
 * Loaded lazily by the router (web/router.tsx), next to the page's own code.
 */
export function AccountScope() {
  const { accountId = "" } = useParams();
  const [entered, setEntered] = useState<string | null>(null);
  const session = useSession();
  const known = session.accounts.find((a) => a.accountId === accountId);
  const member = !!known;
  // The account's name while it was listed, and the room's reason if it shut the user out here.
  const [seen, setSeen] = useState<{ accountId: string; name: string } | null>(null);
  const [revoked, setRevoked] = useState<{ accountId: string; reason: RevokedReason } | null>(null);
  const knownName = known?.name;
  useEffect(() => {
    if (knownName !== undefined) setSeen({ accountId, name: knownName });
  }, [accountId, knownName]);
  useEffect(() => onAccessLost((id, reason) => id === accountId && setRevoked({ accountId: id, reason })), [accountId]);

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
  const name = seen?.accountId === accountId ? seen.name : known?.name;
  // Shut out by the room: said at once, while the session is still being asked again.
  if (revoked?.accountId === accountId) return <AccountUnavailable account={name} reason={revoked.reason} />;
  if (!session.isLoading && !session.isPlaceholder && session.user && session.accountsLoaded && !member) {
    // Not a member: the API answers 404 as if the account did not exist; the person is told they have no access.
    return <AccountUnavailable account={name} />;
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
