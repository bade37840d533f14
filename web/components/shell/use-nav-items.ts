import { useMemo } from "react";
import { visibleNavItems, type ResolvedNavItem } from "../navigation";
import { useAbility } from "@/lib/ability";
import { useSession } from "@/lib/session";

/** Navigation items the current user may see for the current account. */
export function useNavItems(): ResolvedNavItem[] {
  const ability = useAbility();
  const { currentAccountId } = useSession();
  return useMemo(() => visibleNavItems(ability, currentAccountId), [ability, currentAccountId]);
}
