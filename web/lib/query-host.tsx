import { QueryClientContext, type QueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import { queryClientStore as client } from "./query-client-store";

/**
 * The QueryClient arrives with the first page that needs server state, not with the entry: a
 * signed-out visitor on /login never downloads @tanstack/query-core. `QueryHost` sits at the root
 * (main.tsx) and provides the client from the moment web/lib/query.ts has run; route loaders that
 * render query-driven pages await `loadQueryClient()` first (web/router.tsx).
 */
let loading: Promise<QueryClient> | null = null;

/** The client when its module has loaded, else null (nothing can be cached before that). */
export const getLoadedQueryClient = client.get;

export function loadQueryClient(): Promise<QueryClient> {
  return (loading ??= import("./query").then((m) => m.queryClient));
}

/** QueryClientProvider with a client that may arrive later (mount/unmount as the provider does). */
export function QueryHost({ children }: { children: ReactNode }) {
  const current = useSyncExternalStore(client.subscribe, client.get, client.get);
  useEffect(() => {
    if (!current) return;
    current.mount();
    return () => current.unmount();
  }, [current]);
  return <QueryClientContext.Provider value={current ?? undefined}>{children}</QueryClientContext.Provider>;
}
