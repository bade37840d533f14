import type { Role } from "../db/schema/accounts";
import type { users } from "../db/schema/users";
import type { AppAbility } from "../lib/permissions";

// The shapes the middleware puts on the request context live in this leaf module: worker/env.ts
// names them in AppVariables and the middleware imports AppBindings from env.ts, so keeping them
// in session.ts / account-scope.ts would make an import circle.

export interface AuthContext {
  sessionId: string;
  user: typeof users.$inferSelect;
  /** The caller's role in the account the request path names, read in the same query (null: not a member). */
  membership?: { accountId: string; role: Role | null };
}

export interface MemberContext {
  accountId: string;
  role: Role;
  ability: AppAbility;
}
