import { lazy, Suspense, useLayoutEffect, useState } from "react";
import { Navigate, Outlet, useLocation, useParams, useSearchParams } from "react-router";
import { PageLoader } from "./page-loader";
import { enterAccountRoute } from "@/lib/account-route";
import { hasAccessToken, useSession } from "@/lib/session";

// The floating test chat needs CASL and its own code: it loads with the first account page, so
// the entry (and the sign-in pages) stay without them.
const TestChatLauncher = lazy(() => import("@/features/test-chat/components/test-chat-launcher").then((m) => ({ default: m.TestChatLauncher })));

/** A same-origin path from `redirect_url`, or null (no open redirects). */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}

export function loginPath(location: { pathname: string; search: string; hash: string }): string {
  return `/login?redirect_url=${encodeURIComponent(location.pathname + location.search + location.hash)}`;
}

/**
 * Route guard by access class (SPEC §2.3): guest-only pages send signed-in users on (to
 * redirect_url or /), auth pages send signed-out users to /login?redirect_url=<path>, admin pages
 * send non-admins to /not-authorized. Ability checks live in ./require-ability (loaded with the
 * shell, so sign-in pages do not download CASL).
 */
export function RequireAccess({ access }: { access: "public" | "guest" | "auth" | "admin" }) {
  const location = useLocation();
  const [params] = useSearchParams();
  const session = useSession();
  const token = hasAccessToken();

  if (access === "public") return <Outlet />;
  if (access === "guest") {
    if (!token) return <Outlet />;
    if (session.isLoading) return <PageLoader fullScreen />;
    if (session.isAuthenticated) return <Navigate to={safeRedirect(params.get("redirect_url")) ?? "/"} replace />;
    return <Outlet />;
  }
  if (!token) return <Navigate to={loginPath(location)} replace />;
  if (session.isLoading) return <PageLoader />;
  if (access === "admin" && !session.user?.isPlatformAdmin) return <Navigate to="/not-authorized" replace />;
  return <Outlet />;
}

/** `/` → the last account's dashboard, or /accounts, or /login. */
export function RootRedirect() {
  const session = useSession();
  if (!hasAccessToken()) return <Navigate to="/login" replace />;
  if (session.isLoading) return <PageLoader fullScreen />;
  if (!session.isAuthenticated) return <Navigate to="/login" replace />;
  return <Navigate to={session.currentAccountId ? `/${session.currentAccountId}/dashboard` : "/accounts"} replace />;
}

/**
 * Parent of every /:accountId route: makes it the current account (the session is re-read with
 * that accountId, so the ability rules are the ones of this account) and runs the account-route
 * hooks (the live socket arrives there). A user who is not a member goes to /not-authorized.
 */
export function AccountScope() {
  const { accountId = "" } = useParams();
  const [entered, setEntered] = useState<string | null>(null);
  const session = useSession();

  useLayoutEffect(() => {
    const leave = enterAccountRoute(accountId);
    setEntered(accountId);
    return leave;
  }, [accountId]);

  if (entered !== accountId) return <PageLoader />;
  if (!session.isLoading && !session.isPlaceholder && session.user && session.accountsLoaded && !session.accounts.some((a) => a.accountId === accountId)) {
    return <Navigate to="/not-authorized" replace />;
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
