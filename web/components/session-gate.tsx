import { Navigate, Outlet, useSearchParams } from "react-router";
import { safeRedirect } from "./guard-paths";
import { PageLoader } from "./page-loader";
import { useSession } from "@/lib/session";

/**
 * The session-dependent half of the guards in ./guards (rendered there only when a token exists):
 * waits for /auth/me, then lets the page through or redirects.
 */
export function SessionGate({ kind }: { kind: "guest" | "auth" | "admin" | "root" }) {
  const session = useSession();
  const [params] = useSearchParams();

  if (kind === "guest") {
    if (session.isLoading) return <PageLoader fullScreen />;
    if (session.isAuthenticated) return <Navigate to={safeRedirect(params.get("redirect_url")) ?? "/"} replace />;
    return <Outlet />;
  }
  if (kind === "root") {
    if (session.isLoading) return <PageLoader fullScreen />;
    if (!session.isAuthenticated) return <Navigate to="/login" replace />;
    return <Navigate to={session.currentAccountId ? `/${session.currentAccountId}/dashboard` : "/accounts"} replace />;
  }
  if (session.isLoading) return <PageLoader />;
  if (kind === "admin" && !session.user?.isPlatformAdmin) return <Navigate to="/not-authorized" replace />;
  return <Outlet />;
}
