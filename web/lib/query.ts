import { MutationCache, QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { isApiError } from "./api";
import { registerQueryClient } from "./query-client-store";

/**
 * The API answers 404 ACCOUNT_NOT_FOUND to a caller who is not (or no longer) a member of the
 * account. Then the session is asked again: once it no longer lists the account, the account
 * scope (web/components/account-scope.tsx) says that access is gone instead of the page showing
 * a load error whose retry can never succeed.
 */
export function onAccountGone(error: unknown, key?: QueryKey): void {
  if (!isApiError(error) || error.status !== 404 || error.code !== "ACCOUNT_NOT_FOUND") return;
  if (key && (key[0] !== "accounts" || typeof key[1] !== "string" || key[1] === "list")) return;
  // Many queries of the account fail at once: they share one refetch of the session.
  void queryClient.invalidateQueries({ queryKey: ["auth", "me"] }, { cancelRefetch: false });
}

/** The one QueryClient: server state lives only here (ARCHITECTURE convention 9). */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => onAccountGone(error, query.queryKey) }),
  mutationCache: new MutationCache({ onError: (error) => onAccountGone(error) }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not get better by asking again; network blips and 5xx get one more try.
      retry: (count, error) => (isApiError(error) && error.status < 500 ? false : count < 1),
    },
    mutations: { retry: false },
  },
});
registerQueryClient(queryClient);

/** Query keys: everything of an account nests under ["accounts", accountId, …]. */
export const queryKeys = {
  me: (accountId?: string | null) => ["auth", "me", accountId ?? null] as const,
  sessions: () => ["auth", "sessions"] as const,
  accounts: () => ["accounts"] as const,
  account: (accountId: string) => ["accounts", accountId] as const,
  accountPart: (accountId: string, ...parts: unknown[]) => ["accounts", accountId, ...parts] as const,
  settings: (accountId: string) => ["accounts", accountId, "settings"] as const,
  members: (accountId: string, params?: unknown) =>
    (params === undefined ? ["accounts", accountId, "members"] : ["accounts", accountId, "members", params]) as readonly unknown[],
  invitations: (accountId: string) => ["accounts", accountId, "invitations"] as const,
  admin: (...parts: unknown[]) => ["admin", ...parts] as const,
};
