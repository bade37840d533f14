import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import type { Action, Subject } from "@worker/lib/permissions";
import { RequireAccess, RootRedirect } from "@/components/guards";
import { BlankLayout } from "@/components/layouts/blank-layout";
import { AppRoot } from "@/components/app-root";
import { PageLoader } from "@/components/page-loader";
import { RouteErrorPage } from "@/components/route-error";
import { loadNamespaces } from "@/lib/i18n";
import { loadQueryClient } from "@/lib/query-host";
import { isModuleMounted, loadRouteModule } from "@/lib/route-modules";
import { GUEST_BOOT_ROUTES } from "./guest-routes";
import type { Access, Layout, RouteDef } from "./route-def";

/**
 * Every route of SPEC §2.1/§2.2 in one table: access class, layout, page module (under web/routes)
 * and the translation namespaces it needs. A route whose module file does not exist yet is simply
 * not mounted; a later issue mounts it by creating that file.
 */
export type { Access, Layout, RouteDef } from "./route-def";

const A = "/:accountId";

export const ROUTES: RouteDef[] = [
  // §2.1 account routes (sign-in required)
  { path: `${A}/account-settings`, module: "account/account-settings", access: "auth", layout: "default", titleKey: "common:routes.accountSettings", ns: ["settings"] },
  { path: `${A}/analytics`, module: "account/analytics", access: "auth", layout: "default", titleKey: "common:routes.analytics", ns: ["analytics"], ability: ["read", "Analytics"] },
  { path: `${A}/apps/chat`, module: "account/chat", access: "auth", layout: "fixed", titleKey: "common:routes.chat", ns: ["chat", "flows"], ability: ["read", "Thread"] },
  { path: `${A}/assistants`, module: "account/assistants", access: "auth", layout: "default", titleKey: "common:routes.assistants", ns: ["assistants"], ability: ["read", "Assistant"] },
  { path: `${A}/assistants/:assistantId`, module: "account/assistant", access: "auth", layout: "default", titleKey: "common:routes.assistant", ns: ["assistants", "knowledge"], ability: ["read", "Assistant"] },
  { path: `${A}/billing`, module: "account/billing", access: "auth", layout: "default", titleKey: "common:routes.billing", ns: ["billing"], ability: ["read", "Billing"] },
  { path: `${A}/broadcasts`, module: "account/broadcasts", access: "auth", layout: "default", titleKey: "common:routes.broadcasts", ns: ["broadcasts", "chat"], ability: ["read", "Broadcast"] },
  { path: `${A}/broadcasts/new`, module: "account/broadcast-new", access: "auth", layout: "default", titleKey: "common:routes.broadcastNew", ns: ["broadcasts", "contacts", "chat", "flows"], ability: ["create", "Broadcast"] },
  { path: `${A}/broadcasts/:broadcastId`, module: "account/broadcast", access: "auth", layout: "default", titleKey: "common:routes.broadcasts", ns: ["broadcasts", "chat"], ability: ["read", "Broadcast"] },
  { path: `${A}/broadcasts/:broadcastId/edit`, module: "account/broadcast-edit", access: "auth", layout: "default", titleKey: "common:routes.broadcasts", ns: ["broadcasts", "contacts", "chat", "flows"], ability: ["update", "Broadcast"] },
  { path: `${A}/comments`, module: "account/comments", access: "auth", layout: "default", titleKey: "common:routes.comments", ns: ["comments"], ability: ["read", "Channel"] },
  { path: `${A}/connect`, module: "account/connect", access: "auth", layout: "default", titleKey: "common:routes.connect", ns: ["channels"], ability: ["read", "Channel"] },
  { path: `${A}/contacts`, module: "account/contacts", access: "auth", layout: "default", titleKey: "common:routes.contacts", ns: ["contacts", "contactImport"], ability: ["read", "Contact"] },
  { path: `${A}/contacts/:contactId`, module: "account/contact", access: "auth", layout: "default", titleKey: "common:routes.contact", ns: ["contacts"], ability: ["read", "Contact"] },
  { path: `${A}/custom-fields`, module: "account/custom-fields", access: "auth", layout: "default", titleKey: "common:routes.customFields", ns: ["customFields"], ability: ["read", "CustomField"] },
  { path: `${A}/dashboard`, module: "account/dashboard", access: "auth", layout: "default", titleKey: "common:routes.dashboard", ns: ["dashboard", "analytics"] },
  { path: `${A}/faq`, module: "account/faq", access: "auth", layout: "default", titleKey: "common:routes.faq", ns: ["help"] },
  { path: `${A}/flows`, module: "account/flows", access: "auth", layout: "default", titleKey: "common:routes.flows", ns: ["flows"], ability: ["read", "Flow"] },
  { path: `${A}/flows/:flowId/edit`, module: "account/flow-editor", access: "auth", layout: "fixed", titleKey: "common:routes.flowEditor", ns: ["flows"], ability: ["read", "Flow"] },
  { path: `${A}/integration/bitrix`, module: "account/integration/bitrix", access: "auth", layout: "default", titleKey: "common:routes.crm", ns: ["integrations"], ability: ["read", "Integration"] },
  { path: `${A}/integration/bitrix24/contacts`, module: "account/integration/bitrix24-contacts", access: "auth", layout: "default", titleKey: "common:routes.crmContacts", ns: ["integrations"], ability: ["read", "Integration"] },
  { path: `${A}/integration/bitrix24/deals`, module: "account/integration/bitrix24-deals", access: "auth", layout: "default", titleKey: "common:routes.crmDeals", ns: ["integrations"], ability: ["read", "Integration"] },
  { path: `${A}/integration/bitrix24/leads`, module: "account/integration/bitrix24-leads", access: "auth", layout: "default", titleKey: "common:routes.crmLeads", ns: ["integrations"], ability: ["read", "Integration"] },
  { path: `${A}/integration/bitrix24/settings`, module: "account/integration/bitrix24-settings", access: "auth", layout: "default", titleKey: "common:routes.crmSettings", ns: ["integrations"], ability: ["read", "Integration"] },
  { path: `${A}/integration/bitrix24/setup`, module: "account/integration/bitrix24-setup", access: "auth", layout: "default", titleKey: "common:routes.crmSetup", ns: ["integrations"], ability: ["read", "Integration"] },
  { path: `${A}/integration/google-calendar`, module: "account/integration/google-calendar", access: "auth", layout: "default", titleKey: "common:routes.googleCalendar", ns: ["integrations"], ability: ["read", "Integration"] },
  { path: `${A}/integrations`, module: "account/integrations", access: "auth", layout: "default", titleKey: "common:routes.integrations", ns: ["integrations"], ability: ["read", "Integration"] },
  { path: `${A}/knowledge`, module: "account/knowledge", access: "auth", layout: "default", titleKey: "common:routes.knowledge", ns: ["knowledge", "assistants"], ability: ["read", "Knowledge"] },
  { path: `${A}/payments`, module: "account/payments", access: "auth", layout: "default", titleKey: "common:routes.payments", ns: ["billing"], ability: ["read", "Billing"] },
  { path: `${A}/pricing`, module: "account/pricing", access: "auth", layout: "default", titleKey: "common:routes.pricing", ns: ["billing"], ability: ["read", "Billing"] },
  { path: `${A}/products`, module: "account/products", access: "auth", layout: "default", titleKey: "common:routes.products", ns: ["products"], ability: ["read", "Product"] },
  { path: `${A}/promotions`, module: "account/promotions", access: "auth", layout: "default", titleKey: "common:routes.promotions", ns: ["products"], ability: ["read", "Promotion"] },
  // The spec lists the wizard as "public"; it still works on one account, so it needs the session
  // (membership) but is shown full-screen in the blank layout. Every step changes the account, so
  // a role that may not (operators) gets the no-access page, as the menu hides it from them.
  { path: `${A}/wizard`, module: "account/wizard", access: "auth", layout: "blank", titleKey: "common:routes.wizard", ns: ["wizard"], ability: ["update", "Account"] },

  // §2.2 top-level routes
  { path: "/accounts", module: "accounts", access: "auth", layout: "default", titleKey: "common:routes.accounts", ns: ["accounts"] },
  { path: "/admin", module: "admin/index", access: "admin", layout: "default", titleKey: "common:routes.admin", ns: ["admin", "channels"] },
  { path: "/admin/accounts", module: "admin/accounts", access: "admin", layout: "default", titleKey: "common:routes.adminAccounts", ns: ["admin"] },
  // Issue 21 names "an account's page" of the admin area.
  { path: "/admin/accounts/:id", module: "admin/account", access: "admin", layout: "default", titleKey: "common:routes.adminAccount", ns: ["admin", "accounts"] },
  { path: "/admin/help", module: "admin/help", access: "admin", layout: "default", titleKey: "common:routes.adminHelp", ns: ["admin", "help"] },
  { path: "/admin/partners", module: "admin/partners", access: "admin", layout: "default", titleKey: "common:routes.adminPartners", ns: ["admin", "partners"] },
  { path: "/admin/broadcast-packages", module: "admin/broadcast-packages", access: "admin", layout: "default", titleKey: "common:routes.adminBroadcastPackages", ns: ["admin", "broadcasts"] },
  { path: "/admin/billing", module: "admin/billing", access: "admin", layout: "default", titleKey: "common:routes.adminBilling", ns: ["admin", "billing"] },
  { path: "/assistant-templates", module: "assistant-templates", access: "auth", layout: "default", titleKey: "common:routes.assistantTemplates", ns: ["assistants"] },
  { path: "/auth/email-verified", module: "auth/email-verified", access: "public", layout: "blank", titleKey: "common:routes.emailVerified", ns: ["auth"] },
  GUEST_BOOT_ROUTES.forgotPassword, // the four sign-in pages are declared in web/guest-routes.ts
  GUEST_BOOT_ROUTES.resetPassword,
  { path: "/auth/verify-email", module: "auth/verify-email", access: "public", layout: "blank", titleKey: "common:routes.verifyEmail", ns: ["auth"] },
  { path: "/bitrix24", module: "bitrix24/index", access: "auth", layout: "default", titleKey: "common:routes.crm", ns: ["integrations"] },
  { path: "/bitrix24/contacts", module: "bitrix24/contacts", access: "auth", layout: "default", titleKey: "common:routes.crmContacts", ns: ["integrations"] },
  { path: "/bitrix24/deals", module: "bitrix24/deals", access: "auth", layout: "default", titleKey: "common:routes.crmDeals", ns: ["integrations"] },
  { path: "/bitrix24/leads", module: "bitrix24/leads", access: "auth", layout: "default", titleKey: "common:routes.crmLeads", ns: ["integrations"] },
  { path: "/bitrix24/settings", module: "bitrix24/settings", access: "auth", layout: "default", titleKey: "common:routes.crmSettings", ns: ["integrations"] },
  { path: "/bitrix24/setup", module: "bitrix24/setup", access: "auth", layout: "default", titleKey: "common:routes.crmSetup", ns: ["integrations"] },
  { path: "/checkout", module: "checkout", access: "auth", layout: "default", titleKey: "common:routes.checkout", ns: ["billing"], ability: ["update", "Billing"] },
  { path: "/help-center", module: "help-center/index", access: "auth", layout: "default", titleKey: "common:routes.helpCenter", ns: ["help"] },
  { path: "/help-center/article/:title", module: "help-center/article", access: "auth", layout: "default", titleKey: "common:routes.helpArticle", ns: ["help"] },
  GUEST_BOOT_ROUTES.login,
  GUEST_BOOT_ROUTES.register,
  { path: "/invite", module: "auth/invite", access: "public", layout: "blank", titleKey: "common:routes.invite", ns: ["auth"] },
  { path: "/not-authorized", module: "misc/not-authorized", access: "public", layout: "blank", titleKey: "common:routes.notAuthorized", ns: ["pages"] },
  { path: "/pages/misc/not-authorized", module: "misc/not-authorized", access: "public", layout: "blank", titleKey: "common:routes.notAuthorized", ns: ["pages"] },
  { path: "/partners", module: "partners", access: "auth", layout: "default", titleKey: "common:routes.partners", ns: ["partners"] },
  { path: "/partner-terms", module: "misc/partner-terms", access: "public", layout: "blank", titleKey: "common:routes.partnerTerms", ns: ["pages", "partners"] },
  { path: "/partners-apply", module: "partners-apply", access: "auth", layout: "default", titleKey: "common:routes.partnersApply", ns: ["partners"] },
  { path: "/payment", module: "payment", access: "auth", layout: "default", titleKey: "common:routes.payment", ns: ["billing"], ability: ["read", "Billing"] },
  { path: "/payment-info", module: "payment-info", access: "auth", layout: "default", titleKey: "common:routes.paymentInfo", ns: ["billing"] },
  { path: "/privacy-policy", module: "misc/privacy-policy", access: "public", layout: "blank", titleKey: "common:routes.privacyPolicy", ns: ["pages"] },
  { path: "/profile", module: "profile", access: "auth", layout: "default", titleKey: "common:routes.profile", ns: ["profile"] },
  { path: "/terms-of-use", module: "misc/terms-of-use", access: "public", layout: "blank", titleKey: "common:routes.termsOfUse", ns: ["pages"] },
  { path: "/under-maintenance", module: "misc/under-maintenance", access: "public", layout: "blank", titleKey: "common:routes.underMaintenance", ns: ["pages"] },
  { path: "/pages/misc/under-maintenance", module: "misc/under-maintenance", access: "public", layout: "blank", titleKey: "common:routes.underMaintenance", ns: ["pages"] },
  { path: "/about-us", module: "misc/about-us", access: "public", layout: "blank", titleKey: "common:routes.aboutUs", ns: ["pages"] },
];

/** The catch-all page (404) and the router's error element. */
export const ERROR_MODULE = "misc/error";

const namespaceOf = (titleKey: string) => (titleKey.includes(":") ? [titleKey.split(":")[0]] : []);

/**
 * A page's code, its translations and (except on guest-only pages, which a signed-out visitor
 * opens: sign-in, registration, forgotten password) the QueryClient load in parallel.
 */
function lazyPage(def: Pick<RouteDef, "module" | "titleKey" | "ns" | "layout" | "access">, handle: RouteHandle): RouteObject["lazy"] {
  return async () => {
    const namespaces = new Set([...(def.ns ?? []), ...namespaceOf(def.titleKey)]);
    const texts = loadNamespaces([...namespaces]).catch(() => undefined);
    const [mod] = await Promise.all([loadRouteModule(def.module), texts, def.access === "guest" ? null : loadQueryClient()]);
    const titleKey = mod.handle?.titleKey ?? def.titleKey;
    const more = namespaceOf(titleKey).filter((ns) => !namespaces.has(ns));
    if (more.length) await loadNamespaces(more).catch(() => undefined);
    // react-router ignores (and warns about) a `handle` returned by `lazy` when the route has one;
    // the static handle is needed before the code arrives (layout, guard), so the module's own
    // handle (a more precise title) is merged into it instead.
    Object.assign(handle, mod.handle, { titleKey, layout: def.layout });
    return { Component: mod.default };
  };
}

type RouteHandle = { titleKey: string; access?: Access; layout: Layout; ability?: [Action, Subject] };

function toRoute(def: RouteDef, stripAccount = false): RouteObject {
  const path = stripAccount ? def.path.slice(A.length + 1) : def.path;
  const handle: RouteHandle = { titleKey: def.titleKey, access: def.access, layout: def.layout, ability: def.ability };
  return { path, lazy: lazyPage(def, handle), handle };
}

/** Wraps routes in their guard when they need one. */
function guarded(access: Access, children: RouteObject[]): RouteObject {
  return { element: <RequireAccess access={access} />, children };
}

/** Routes with an `ability`: the check (and CASL) load with the page, not with the entry. */
function abilityGuarded(route: RouteObject): RouteObject {
  return {
    lazy: async () => ({ Component: (await import("@/components/require-ability")).RequireAbility }),
    children: [route],
  };
}

/** The signed-in shell loads lazily: sign-in and public pages never download it. */
const lazyDefaultLayout: RouteObject["lazy"] = async () => {
  const [layout] = await Promise.all([import("@/components/layouts/default-layout"), loadQueryClient()]);
  return { Component: layout.DefaultLayout };
};

/** The account scope (session of that account, live socket) loads next to the page's code. */
const lazyAccountScope: RouteObject["lazy"] = async () => ({ Component: (await import("@/components/account-scope")).AccountScope });

export function buildRoutes(defs: RouteDef[] = ROUTES): RouteObject[] {
  const mounted = defs.filter((d) => isModuleMounted(d.module));
  const isAccount = (d: RouteDef) => d.path.startsWith(`${A}/`);
  const withAbility = (d: RouteDef, r: RouteObject) => (d.ability ? abilityGuarded(r) : r);

  const blank = mounted.filter((d) => d.layout === "blank");
  const shell = mounted.filter((d) => d.layout !== "blank");

  const blankChildren: RouteObject[] = [];
  for (const access of ["guest", "public"] as const) {
    const group = blank.filter((d) => d.access === access && !isAccount(d)).map((d) => toRoute(d));
    if (group.length) blankChildren.push(access === "public" ? { children: group } : guarded(access, group));
  }
  const blankAuth = blank.filter((d) => (d.access === "auth" || d.access === "admin") && !isAccount(d));
  if (blankAuth.length) blankChildren.push(guarded("auth", blankAuth.map((d) => toRoute(d))));
  const blankAccount = blank.filter(isAccount);
  if (blankAccount.length) {
    blankChildren.push(guarded("auth", [{ path: ":accountId", lazy: lazyAccountScope, children: blankAccount.map((d) => withAbility(d, toRoute(d, true))) }]));
  }

  const shellTop = shell.filter((d) => !isAccount(d));
  const shellAccount = shell.filter(isAccount);
  const shellChildren: RouteObject[] = [
    ...shellTop.filter((d) => d.access !== "admin").map((d) => withAbility(d, toRoute(d))),
  ];
  const admin = shellTop.filter((d) => d.access === "admin").map((d) => toRoute(d));
  if (admin.length) shellChildren.push(guarded("admin", admin));
  if (shellAccount.length) {
    // "/{accountId}" alone opens the account's dashboard.
    const index: RouteObject = { index: true, element: <Navigate to="dashboard" replace /> };
    shellChildren.push({ path: ":accountId", lazy: lazyAccountScope, children: [index, ...shellAccount.map((d) => withAbility(d, toRoute(d, true)))] });
  }

  const errorMounted = isModuleMounted(ERROR_MODULE);
  return [
    {
      id: "root",
      element: <AppRoot />,
      errorElement: <RouteErrorPage />,
      // Shown while the first page's code loads (the routes are lazy); without it react-router
      // renders nothing and warns on every start.
      hydrateFallbackElement: <PageLoader fullScreen />,
      children: [
        { index: true, element: <RootRedirect /> },
        { element: <BlankLayout />, children: blankChildren },
        { element: <RequireAccess access="auth" />, children: [{ lazy: lazyDefaultLayout, children: shellChildren }] },
        {
          element: <BlankLayout />,
          children: [
            errorMounted
              ? toRoute({ path: "*", module: ERROR_MODULE, titleKey: "common:routes.notFound", ns: ["pages"], layout: "blank", access: "public" })
              : { path: "*", element: <RouteErrorPage notFound />, handle: { titleKey: "common:routes.notFound" } },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
