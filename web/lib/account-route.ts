import { isIdShape } from "@worker/lib/ids";
import { setCurrentAccountId } from "./session-store";

/**
 * What happens when an account route (/:accountId/…) is entered and left. The session is refreshed
 * with that accountId (so abilityRules match the account). The live socket of SPEC §2.4 hooks in
 * here: when web/lib/socket.ts exists and exports `connectAccount(accountId) => disconnect`, it is
 * loaded on entering and the returned function is called on leaving.
 */
type Disconnect = () => void;
type SocketModule = { connectAccount?: (accountId: string) => Disconnect | void };

const socketModules = import.meta.glob<SocketModule>("./socket.ts");
const listeners = new Set<(accountId: string) => Disconnect | void>();

/** The account id an /:accountId route names (route params are shared along the matches). */
export function accountIdOf(matches: readonly { params: Record<string, string | undefined> }[]): string | undefined {
  return matches.at(-1)?.params.accountId;
}

/** The path matched /:accountId with a segment that cannot be an account id (/checkout, a typo). */
export function isNotAccountPath(matches: readonly { params: Record<string, string | undefined> }[]): boolean {
  const accountId = accountIdOf(matches);
  return accountId !== undefined && !isIdShape(accountId);
}

/** Other features may run code per account route (returns an unsubscribe). */
export function onAccountRoute(fn: (accountId: string) => Disconnect | void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function enterAccountRoute(accountId: string): Disconnect {
  setCurrentAccountId(accountId);
  const cleanups: Disconnect[] = [];
  let left = false;
  for (const fn of listeners) {
    const c = fn(accountId);
    if (c) cleanups.push(c);
  }
  const load = socketModules["./socket.ts"];
  if (load) {
    void load().then((mod) => {
      if (left || !mod.connectAccount) return;
      const c = mod.connectAccount(accountId);
      if (c) cleanups.push(c);
    });
  }
  return () => {
    left = true;
    for (const c of cleanups.splice(0)) c();
  };
}
