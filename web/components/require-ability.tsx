import { Navigate, Outlet, useMatches } from "react-router";
import type { Action, Subject } from "@worker/lib/permissions";
import { PageLoader } from "./page-loader";
import { useAbility } from "@/lib/ability";
import { useSession } from "@/lib/session";

/**
 * Pages that need a right (the `ability` of their route in web/router.tsx): a user without it goes
 * to /not-authorized. Waits for the session of the current account so stale rules never decide.
 */
export function RequireAbility() {
  const session = useSession();
  const ability = useAbility();
  const matches = useMatches();
  const needed = [...matches].reverse().map((m) => (m.handle as { ability?: [Action, Subject] } | undefined)?.ability).find(Boolean);
  if (!needed) return <Outlet />;
  if (session.isLoading || session.isPlaceholder || !session.accountsLoaded) return <PageLoader />;
  if (!ability.can(needed[0], needed[1])) return <Navigate to="/not-authorized" replace />;
  return <Outlet />;
}

export default RequireAbility;
