import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api";
import { registerQueryClient } from "./query-client-store";

/** The one QueryClient: server state lives only here (ARCHITECTURE convention 9). */
export const queryClient = new QueryClient({
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
