import { and, eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { getDb, schema } from "../db/client";
import type { Role } from "../db/schema/accounts";
import type { AppBindings } from "../env";
import type { AuthContext, MemberContext } from "./request-context";
import { forbidden, notFound } from "../lib/errors";
import { abilityFor, type Action, type AppAbility, type Subject, rulesFor } from "../lib/permissions";

export type { MemberContext } from "./request-context";

export const ACCOUNT_NOT_FOUND = "Аккаунт не найден";

/** Loads the caller's membership of the account; not a member → 404, as if the account did not exist. */
export async function loadMember(d1: D1Database, accountId: string, userId: string, isPlatformAdmin: boolean): Promise<MemberContext | null> {
  const row = await getDb(d1)
    .select({ role: schema.members.role })
    .from(schema.members)
    .where(and(eq(schema.members.accountId, accountId), eq(schema.members.userId, userId)))
    .get();
  return row ? withAbility(accountId, row.role, isPlatformAdmin) : null;
}

/** Abilities depend on the role and the admin flag only, and are only read: one per pair per isolate. */
const abilities = new Map<string, AppAbility>();

function withAbility(accountId: string, role: Role, isPlatformAdmin: boolean): MemberContext {
  const key = `${role}|${isPlatformAdmin ? 1 : 0}`;
  let ability = abilities.get(key);
  if (!ability) abilities.set(key, (ability = abilityFor(rulesFor(role, { isPlatformAdmin }))));
  return { accountId, role, ability };
}

/**
 * The caller's membership of an account: from the session query when it read the role of that
 * account (see resolveSession), otherwise with a query of its own.
 */
export async function memberOf(d1: D1Database, auth: AuthContext, accountId: string): Promise<MemberContext | null> {
  const { user, membership } = auth;
  if (membership?.accountId === accountId) return membership.role ? withAbility(accountId, membership.role, user.isPlatformAdmin) : null;
  return loadMember(d1, accountId, user.id, user.isPlatformAdmin);
}

/** For routes under `/accounts/:accountId/...` (or `:id`): requires membership. Use after requireAuth. */
export const accountScope = createMiddleware<AppBindings>(async (c, next) => {
  const accountId = c.req.param("accountId") ?? c.req.param("id");
  if (!accountId) throw notFound(ACCOUNT_NOT_FOUND, "ACCOUNT_NOT_FOUND");
  const member = await memberOf(c.env.DB, c.get("auth"), accountId);
  if (!member) throw notFound(ACCOUNT_NOT_FOUND, "ACCOUNT_NOT_FOUND");
  c.set("member", member);
  await next();
});

/** Route guard: 403 unless the member's ability allows `action` on `subject`. */
export const can = (action: Action, subject: Subject) =>
  createMiddleware<AppBindings>(async (c, next) => {
    const member = c.get("member");
    if (!member.ability.can(action, subject)) throw forbidden();
    await next();
  });
