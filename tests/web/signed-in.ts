import type { QueryClient } from "@tanstack/react-query";
import { rulesFor } from "@worker/lib/permissions";
import type { Role } from "@worker/db/schema/accounts";
import { meQueryOptions } from "@/lib/session";
import { stubResizeObserver } from "./support/fixtures";
import { testQueryClient } from "./support/render";

/** jsdom has no layout: Radix measures with ResizeObserver, cmdk scrolls items into view. */
export function stubLayout() {
  stubResizeObserver();
  Element.prototype.scrollIntoView ??= function () {};
}

/**
 * A query client whose session is a member with `role` (the ability rules the server would send),
 * or signed out with null. Call signOut() after the test.
 */
export function sessionClient(role: Role | null): QueryClient {
  const client = testQueryClient();
  if (role) {
    document.cookie = "accessToken=token; path=/";
    client.setQueryData(meQueryOptions(null).queryKey, { user: { id: "u1", name: "Участник", email: "member@example.test" }, accounts: [], currentAccountId: null, abilityRules: rulesFor(role) } as never);
  }
  return client;
}

export function signOut() {
  document.cookie = "accessToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
}
