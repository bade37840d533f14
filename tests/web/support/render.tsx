import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";

/** A query client for one test: a failed query is not retried, so its error shows at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** Renders `ui` under the query client (and a memory router for components with links). */
export function renderWithClient(client: QueryClient, ui: ReactElement, { router = false }: { router?: boolean } = {}) {
  return render(<QueryClientProvider client={client}>{router ? <MemoryRouter>{ui}</MemoryRouter> : ui}</QueryClientProvider>);
}
