import type { Action, Subject } from "@worker/lib/permissions";

// The route table's shape, apart from web/router.tsx: web/guest-routes.ts describes its pages with it
// and the router spreads those pages in, so defining it in the router would make an import circle.

export type Access = "public" | "guest" | "auth" | "admin";
export type Layout = "default" | "blank" | "fixed";

export interface RouteDef {
  path: string;
  module: string;
  access: Access;
  layout: Layout;
  titleKey: string;
  /** Translation namespaces loaded with the page. */
  ns?: string[];
  /** What the user must be allowed to do to open the page (otherwise /not-authorized). */
  ability?: [Action, Subject];
}
