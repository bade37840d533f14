import type { ReactNode } from "react";
import type { Action, Subject } from "@worker/lib/permissions";
import { useAbility } from "./session";

export { useAbility };

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
