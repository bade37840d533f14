import { createMongoAbility } from "@casl/ability";
import { useMemo, type ReactNode } from "react";
import type { Action, AppAbility, Subject } from "@worker/lib/permissions";
import { useSession } from "./session";

/**
 * The CASL ability of the current user in the current account (rules from the session, cached in
 * localStorage under userAbilityRules; an empty list until known). Kept out of @/lib/session so
 * pages that never check abilities (sign-in, public pages) do not download CASL.
 */
export function useAbility(): AppAbility {
  const { abilityRules } = useSession();
  const key = JSON.stringify(abilityRules);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => createMongoAbility<AppAbility>(abilityRules), [key]);
}

export interface CanProps {
  I: Action;
  a: Subject;
  /** Optional field check (CASL field-level rules). */
  field?: string;
  not?: boolean;
  children: ReactNode;
  fallback?: ReactNode;
}

/** Renders children only when the current ability allows `I` on `a` (or forbids it with `not`). */
export function Can({ I, a, field, not, children, fallback = null }: CanProps) {
  const ability = useAbility();
  const allowed = field ? ability.can(I, a, field) : ability.can(I, a);
  return <>{allowed !== !!not ? children : fallback}</>;
}
