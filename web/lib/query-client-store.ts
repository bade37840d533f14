import type { QueryClient } from "@tanstack/react-query";
import { createStore } from "./utils";

// The QueryClient once web/lib/query.ts has created it. A leaf module: query.ts writes it and
// ./query-host (which imports query.ts lazily) reads it, without the two importing each other.
export const queryClientStore = createStore<QueryClient | null>(null);

/** Called by web/lib/query.ts when it creates the client. */
export function registerQueryClient(queryClient: QueryClient) {
  if (queryClientStore.get() !== queryClient) queryClientStore.set(queryClient);
}
