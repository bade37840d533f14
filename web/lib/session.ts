import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import type { AbilityRule } from "@worker/lib/permissions";
import { api } from "./api";
import { setCookie } from "./cookies";
import { queryClient, queryKeys } from "./query";
import {
  getCurrentAccountId,
  getStoredAbilityRules,
  getStoredUser,
  hasAccessToken,
  signIn,
  signOut,
  storeAbilityRules,
  takeSessionRequest,
  useAccessToken,
  useCurrentAccountId,
  type AccountSummary,
  type MeResponse,
  type SessionUser,
} from "./session-store";

// Cookies, the current account, sign-in and sign-out live in ./session-store (in the entry); this
// module adds the /auth/me query and is what pages import as `@/lib/session`.
export * from "./session-store";

export function meQueryOptions(accountId: string | null) {
  return {
    queryKey: queryKeys.me(accountId),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const me = await (takeSessionRequest(accountId) ??
        api.get<MeResponse>("/auth/me", { query: { accountId: accountId ?? undefined }, signal, background: true }));
      setCookie("user", JSON.stringify(me.user));
      storeAbilityRules(me.abilityRules);
      return me;
    },
    staleTime: 60_000,
  };
}

/** Loads (or reuses) the session for an account; resolves null when signed out. */
export async function fetchSession(accountId: string | null = getCurrentAccountId()): Promise<MeResponse | null> {
  if (!hasAccessToken()) return null;
  try {
    return await queryClient.fetchQuery(meQueryOptions(accountId));
  } catch {
    return hasAccessToken() ? (queryClient.getQueryData<MeResponse>(queryKeys.me(accountId)) ?? null) : null;
  }
}

export interface Session {
  user: SessionUser | null;
  accounts: AccountSummary[];
  currentAccountId: string | null;
  abilityRules: AbilityRule[];
  isLoading: boolean;
  isAuthenticated: boolean;
  /** The data shown belongs to the previous account while this one loads. */
  isPlaceholder: boolean;
  /** The account list came from the server (not only the cookie). */
  accountsLoaded: boolean;
  signIn: (accessToken: string, user: SessionUser) => void;
  signOut: () => Promise<void>;
  refresh: () => Promise<unknown>;
}

export function useSession(): Session {
  const token = useAccessToken();
  const accountId = useCurrentAccountId();
  const query = useQuery({
    ...meQueryOptions(accountId),
    enabled: !!token,
    placeholderData: (previous) => previous,
  });
  const refresh = useCallback(() => query.refetch(), [query]);
  const data = token ? query.data : undefined;
  const user = data?.user ?? (token ? getStoredUser() : null);
  return {
    user,
    accounts: data?.accounts ?? [],
    currentAccountId: data?.currentAccountId ?? accountId,
    abilityRules: data?.abilityRules ?? (token ? getStoredAbilityRules() : []),
    isLoading: !!token && query.isPending,
    isAuthenticated: !!token && !!user,
    isPlaceholder: !!token && query.isPlaceholderData,
    accountsLoaded: !!data,
    signIn,
    signOut,
    refresh,
  };
}
