import { lazy, Suspense } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { signedOutHome } from "@/lib/partner";
import { PageLoader } from "./page-loader";
import { useAccessToken } from "@/lib/session-store";
import { loginPath } from "./guard-paths";

export { loginPath, safeRedirect } from "./guard-paths";


// Whatever depends on the /auth/me session (and so on @tanstack/react-query) is in ./session-gate:
// it loads only once there is a token, so a signed-out visitor of /login never downloads it.
const loadSessionGate = () => import("./session-gate");
const SessionGate = lazy(() => loadSessionGate().then((m) => ({ default: m.SessionGate })));

/** A signed-in start fetches the gate (and the session query) with the page's code, not after it. */
export function preloadSessionGate() {
  void loadSessionGate().catch(() => undefined);
}

function Gate({ kind }: { kind: "guest" | "auth" | "admin" | "root" }) {
  const fullScreen = kind === "guest" || kind === "root";
  return (
    <Suspense fallback={<PageLoader fullScreen={fullScreen} />}>
      <SessionGate kind={kind} />
    </Suspense>
  );
}

/**
 * Route guard by access class (SPEC §2.3): guest-only pages send signed-in users on (to
 * redirect_url or /), auth pages send signed-out users to /login?redirect_url=<path>, admin pages
 * send non-admins to /not-authorized. Ability checks live in ./require-ability (loaded with the
 * shell, so sign-in pages do not download CASL).
 */
export function RequireAccess({ access }: { access: "public" | "guest" | "auth" | "admin" }) {
  const location = useLocation();
  const token = useAccessToken();

  if (access === "public") return <Outlet />;
  if (access === "guest") return token ? <Gate kind="guest" /> : <Outlet />;
  if (!token) return <Navigate to={loginPath(location)} replace />;
  return <Gate kind={access} />;
}

/** `/` → the last account's dashboard, or /accounts, or /login (/register from a partner's link). */
export function RootRedirect() {
  const token = useAccessToken();
  const location = useLocation();
  if (!token) return <Navigate to={signedOutHome(location.search)} replace />;
  return <Gate kind="root" />;
}
