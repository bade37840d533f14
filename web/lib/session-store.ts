import { useSyncExternalStore } from "react";
import type { AbilityRule } from "@worker/lib/permissions";
import type { Me as MeResponse, SessionUser } from "@worker/features/auth/auth.service";
import { api, configureApi } from "./api";
import { deleteCookie, getCookie, setCookie } from "./cookies";
import { getLoadedQueryClient } from "./query-host";
import { createStore } from "./utils";

/**
 * The part of the session that needs no server state: the token and user cookies, the current
 * account, sign-in and sign-out. It is in the entry; `useSession()` (web/lib/session.ts, which
 * re-exports all of this) adds the /auth/me query and loads with the first page that shows the
 * session, so the sign-in pages do without @tanstack/react-query.
 */
export type { AccountSummary, Me as MeResponse, SessionUser } from "@worker/features/auth/auth.service";

export const ABILITY_RULES_KEY = "userAbilityRules";

/** Bumped whenever the token cookie changes, so hooks re-read it. */
const tokenVersion = createStore(0);
/** The accountId of the account route being shown (set by the router's account scope). */
const currentAccount = createStore<string | null>(null);
/**
 * The /auth/me request of a signed-in start, sent by main.tsx at once so it runs while the page's
 * code downloads; the session query takes it over (web/lib/session.ts) instead of asking again.
 */
let bootRequest: { accountId: string | null; promise: Promise<MeResponse> } | null = null;

export const getAccessToken = () => getCookie("accessToken");
export const hasAccessToken = () => !!getCookie("accessToken");

/** The access token, re-read whenever sign-in or sign-out changes it. */
export function useAccessToken(): string | null {
  useSyncExternalStore(tokenVersion.subscribe, tokenVersion.get, tokenVersion.get);
  return getAccessToken();
}

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

export function storeAbilityRules(rules: AbilityRule[] | null) {
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

function dropCachedSession() {
  const client = getLoadedQueryClient();
  client?.removeQueries({ queryKey: ["auth"] });
  client?.removeQueries({ queryKey: ["accounts"] });
}

/** Drops every trace of the session on this device (cookies, cached queries, stored rules). */
export function clearSession() {
  deleteCookie("accessToken");
  deleteCookie("user");
  storeAbilityRules(null);
  bootRequest = null;
  tokenVersion.set((v) => v + 1);
  dropCachedSession();
}

configureApi({
  onUnauthorized: () => {
    storeAbilityRules(null);
    bootRequest = null;
    tokenVersion.set((v) => v + 1);
    dropCachedSession();
  },
});

export function signIn(accessToken: string, user: SessionUser) {
  setCookie("accessToken", accessToken);
  setCookie("user", JSON.stringify(user));
  bootRequest = null;
  tokenVersion.set((v) => v + 1);
  void getLoadedQueryClient()?.invalidateQueries({ queryKey: ["auth"] });
}

let signOutNavigate: (to: string) => void = (to) => window.location.assign(to);
export function configureSignOutNavigation(fn: (to: string) => void) {
  signOutNavigate = fn;
}

export async function signOut() {
  if (hasAccessToken()) await api.post("/auth/logout", undefined, { silent: true }).catch(() => undefined);
  clearSession();
  getLoadedQueryClient()?.clear();
  signOutNavigate("/login");
}

export function startSessionRequest(accountId: string | null) {
  if (!hasAccessToken() || bootRequest) return;
  const promise = api.get<MeResponse>("/auth/me", { query: { accountId: accountId ?? undefined }, background: true });
  promise.catch(() => undefined);
  bootRequest = { accountId, promise };
}

/** The started request for this account, once (later fetches go to the server again). */
export function takeSessionRequest(accountId: string | null): Promise<MeResponse> | null {
  if (!bootRequest || bootRequest.accountId !== accountId) return null;
  const { promise } = bootRequest;
  bootRequest = null;
  return promise;
}
