import { useQuery } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import type { AbilityRule } from "@worker/lib/permissions";
import { api, configureApi } from "./api";
import { deleteCookie, getCookie, setCookie } from "./cookies";
import { queryClient, queryKeys } from "./query";
import { createStore } from "./utils";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  isPlatformAdmin: boolean;
  language: string;
}

export interface AccountSummary {
  accountId: string;
  name: string;
  role: "owner" | "admin" | "operator";
}

export interface MeResponse {
  user: SessionUser;
  accounts: AccountSummary[];
  currentAccountId: string | null;
  abilityRules: AbilityRule[];
}

export const ABILITY_RULES_KEY = "userAbilityRules";

/** Bumped whenever the token cookie changes, so hooks re-read it. */
const tokenVersion = createStore(0);
/** The accountId of the account route being shown (set by the router's account scope). */
const currentAccount = createStore<string | null>(null);

export const getAccessToken = () => getCookie("accessToken");
export const hasAccessToken = () => !!getCookie("accessToken");

export function getStoredUser(): SessionUser | null {
  const raw = getCookie("user");
  if (!raw) return null;
  try {
    return JSON.parse(raw) as SessionUser;
  } catch {
    return null;
  }
}

export function getStoredAbilityRules(): AbilityRule[] {
  try {
    const raw = localStorage.getItem(ABILITY_RULES_KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(parsed) ? (parsed as AbilityRule[]) : [];
  } catch {
    return [];
  }
}

function storeAbilityRules(rules: AbilityRule[] | null) {
  try {
    if (rules) localStorage.setItem(ABILITY_RULES_KEY, JSON.stringify(rules));
    else localStorage.removeItem(ABILITY_RULES_KEY);
  } catch {
    /* ignore */
  }
}

export function setCurrentAccountId(accountId: string | null) {
  if (currentAccount.get() !== accountId) currentAccount.set(accountId);
}
export const getCurrentAccountId = currentAccount.get;

export function useCurrentAccountId(): string | null {
  return useSyncExternalStore(currentAccount.subscribe, currentAccount.get, currentAccount.get);
}

/** Drops every trace of the session on this device (cookies, cached queries, stored rules). */
export function clearSession() {
  deleteCookie("accessToken");
  deleteCookie("user");
  storeAbilityRules(null);
  tokenVersion.set((v) => v + 1);
  queryClient.removeQueries({ queryKey: ["auth"] });
  queryClient.removeQueries({ queryKey: ["accounts"] });
}

configureApi({
  onUnauthorized: () => {
    storeAbilityRules(null);
    tokenVersion.set((v) => v + 1);
    queryClient.removeQueries({ queryKey: ["auth"] });
    queryClient.removeQueries({ queryKey: ["accounts"] });
  },
});

export function meQueryOptions(accountId: string | null) {
  return {
    queryKey: queryKeys.me(accountId),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const me = await api.get<MeResponse>("/auth/me", { query: { accountId: accountId ?? undefined }, signal, background: true });
      setCookie("user", JSON.stringify(me.user));
      storeAbilityRules(me.abilityRules);
      return me;
    },
    staleTime: 60_000,
  };
}

/** Loads (or reuses) the session for an account; resolves null when signed out. */
export async function fetchSession(accountId: string | null = currentAccount.get()): Promise<MeResponse | null> {
  if (!hasAccessToken()) return null;
  try {
    return await queryClient.fetchQuery(meQueryOptions(accountId));
  } catch {
    return hasAccessToken() ? (queryClient.getQueryData<MeResponse>(queryKeys.me(accountId)) ?? null) : null;
  }
}

export function signIn(accessToken: string, user: SessionUser) {
  setCookie("accessToken", accessToken);
  setCookie("user", JSON.stringify(user));
  tokenVersion.set((v) => v + 1);
  void queryClient.invalidateQueries({ queryKey: ["auth"] });
}

let signOutNavigate: (to: string) => void = (to) => window.location.assign(to);
export function configureSignOutNavigation(fn: (to: string) => void) {
  signOutNavigate = fn;
}

export async function signOut() {
  if (hasAccessToken()) await api.post("/auth/logout", undefined, { silent: true }).catch(() => undefined);
  clearSession();
  queryClient.clear();
  signOutNavigate("/login");
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
  useSyncExternalStore(tokenVersion.subscribe, tokenVersion.get, tokenVersion.get);
  const accountId = useCurrentAccountId();
  const token = getAccessToken();
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
