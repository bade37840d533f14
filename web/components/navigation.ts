import type { LucideIcon } from "lucide-react";
import {
  BadgePercent,
  Blocks,
  BookOpen,
  Bot,
  Building2,
  CalendarDays,
  ChartColumn,
  Contact,
  CreditCard,
  Handshake,
  Landmark,
  LayoutDashboard,
  LayoutTemplate,
  LifeBuoy,
  ListPlus,
  Megaphone,
  MessageCircleMore,
  MessageSquarePlus,
  MessagesSquare,
  Package,
  PackageOpen,
  Receipt,
  Plug,
  ReceiptText,
  Settings,
  ShoppingCart,
  ShieldCheck,
  Tag,
  Target,
  UserRound,
  Wallet,
  Wand2,
  Workflow,
} from "lucide-react";
import type { Action, AppAbility, Subject } from "@worker/lib/permissions";
import { isModuleMounted } from "@/lib/route-modules";

/**
 * The navigation table. An item is shown when its page module exists (the route is mounted) and
 * the user's ability allows `ability`; account items also need a current account. Later issues
 * only add their page module — the item appears by itself.
 */
export type NavGroupId = "workspace" | "messaging" | "automation" | "sales" | "billing" | "account" | "platform";

export interface NavItem {
  id: string;
  titleKey: string;
  /** A shorter label for the menu when the page title is too long for 260 px. */
  navTitleKey?: string;
  icon: LucideIcon;
  /** Route path; `:accountId` is filled with the current account. */
  path: string;
  /** Page module under web/routes (see web/router.tsx). */
  module: string;
  group: NavGroupId;
  ability?: [Action, Subject];
  /** Shown in the shortcuts menu. */
  shortcut?: boolean;
  /** A page reached from its section's own tabs or from outside (the Bitrix24 portal), not listed in the menu. */
  hidden?: boolean;
}

export const NAV_GROUPS: NavGroupId[] = ["workspace", "messaging", "automation", "sales", "billing", "account", "platform"];

export const NAV_ITEMS: NavItem[] = [
  { id: "dashboard", titleKey: "common:routes.dashboard", icon: LayoutDashboard, path: "/:accountId/dashboard", module: "account/dashboard", group: "workspace", shortcut: true },
  { id: "wizard", titleKey: "common:routes.wizard", icon: Wand2, path: "/:accountId/wizard", module: "account/wizard", group: "workspace", ability: ["update", "Account"] },
  { id: "analytics", titleKey: "common:routes.analytics", icon: ChartColumn, path: "/:accountId/analytics", module: "account/analytics", group: "workspace", ability: ["read", "Analytics"] },
  { id: "chat", titleKey: "common:routes.chat", icon: MessagesSquare, path: "/:accountId/apps/chat", module: "account/chat", group: "messaging", ability: ["read", "Thread"], shortcut: true },
  { id: "contacts", titleKey: "common:routes.contacts", icon: Contact, path: "/:accountId/contacts", module: "account/contacts", group: "messaging", ability: ["read", "Contact"], shortcut: true },
  { id: "broadcasts", titleKey: "common:routes.broadcasts", icon: Megaphone, path: "/:accountId/broadcasts", module: "account/broadcasts", group: "messaging", ability: ["read", "Broadcast"] },
  { id: "broadcast-new", titleKey: "common:routes.broadcastNew", icon: MessageSquarePlus, path: "/:accountId/broadcasts/new", module: "account/broadcast-new", group: "messaging", ability: ["create", "Broadcast"], shortcut: true },
  { id: "comments", titleKey: "common:routes.comments", icon: MessageCircleMore, path: "/:accountId/comments", module: "account/comments", group: "messaging", ability: ["read", "Channel"] },
  { id: "assistants", titleKey: "common:routes.assistants", icon: Bot, path: "/:accountId/assistants", module: "account/assistants", group: "automation", ability: ["read", "Assistant"], shortcut: true },
  { id: "knowledge", titleKey: "common:routes.knowledge", icon: BookOpen, path: "/:accountId/knowledge", module: "account/knowledge", group: "automation", ability: ["read", "Knowledge"] },
  { id: "assistant-templates", titleKey: "common:routes.assistantTemplates", navTitleKey: "common:nav.items.assistantTemplates", icon: LayoutTemplate, path: "/assistant-templates", module: "assistant-templates", group: "automation", ability: ["read", "Template"] },
  { id: "flows", titleKey: "common:routes.flows", icon: Workflow, path: "/:accountId/flows", module: "account/flows", group: "automation", ability: ["read", "Flow"] },
  { id: "connect", titleKey: "common:routes.connect", navTitleKey: "common:nav.items.connect", icon: Plug, path: "/:accountId/connect", module: "account/connect", group: "automation", ability: ["read", "Channel"], shortcut: true },
  { id: "integrations", titleKey: "common:routes.integrations", icon: Blocks, path: "/:accountId/integrations", module: "account/integrations", group: "automation", ability: ["read", "Integration"] },
  { id: "crm", titleKey: "common:routes.crm", navTitleKey: "common:nav.items.crm", icon: Handshake, path: "/:accountId/integration/bitrix", module: "account/integration/bitrix", group: "automation", ability: ["read", "Integration"] },
  { id: "crm-deals", titleKey: "common:routes.crmDeals", icon: Handshake, path: "/:accountId/integration/bitrix24/deals", module: "account/integration/bitrix24-deals", group: "sales", ability: ["read", "Integration"] },
  { id: "crm-leads", titleKey: "common:routes.crmLeads", icon: Target, path: "/:accountId/integration/bitrix24/leads", module: "account/integration/bitrix24-leads", group: "sales", ability: ["read", "Integration"] },
  { id: "crm-contacts", titleKey: "common:routes.crmContacts", icon: Contact, path: "/:accountId/integration/bitrix24/contacts", module: "account/integration/bitrix24-contacts", group: "sales", ability: ["read", "Integration"] },
  { id: "crm-settings", titleKey: "common:routes.crmSettings", icon: Settings, path: "/:accountId/integration/bitrix24/settings", module: "account/integration/bitrix24-settings", group: "automation", ability: ["read", "Integration"], hidden: true },
  { id: "crm-setup", titleKey: "common:routes.crmSetup", icon: Plug, path: "/:accountId/integration/bitrix24/setup", module: "account/integration/bitrix24-setup", group: "automation", ability: ["read", "Integration"], hidden: true },
  { id: "google-calendar", titleKey: "common:routes.googleCalendar", icon: CalendarDays, path: "/:accountId/integration/google-calendar", module: "account/integration/google-calendar", group: "automation", ability: ["read", "Integration"] },
  { id: "custom-fields", titleKey: "common:routes.customFields", icon: ListPlus, path: "/:accountId/custom-fields", module: "account/custom-fields", group: "automation", ability: ["read", "CustomField"] },
  { id: "products", titleKey: "common:routes.products", icon: Package, path: "/:accountId/products", module: "account/products", group: "sales", ability: ["read", "Product"] },
  { id: "promotions", titleKey: "common:routes.promotions", icon: BadgePercent, path: "/:accountId/promotions", module: "account/promotions", group: "sales", ability: ["read", "Promotion"] },
  { id: "payments", titleKey: "common:routes.payments", icon: CreditCard, path: "/:accountId/payments", module: "account/payments", group: "billing", ability: ["read", "Billing"] },
  { id: "pricing", titleKey: "common:routes.pricing", icon: Tag, path: "/:accountId/pricing", module: "account/pricing", group: "billing", ability: ["read", "Billing"] },
  { id: "billing", titleKey: "common:routes.billing", icon: Wallet, path: "/:accountId/billing", module: "account/billing", group: "billing", ability: ["read", "Billing"] },
  { id: "operations", titleKey: "common:routes.payment", icon: ReceiptText, path: "/payment", module: "payment", group: "billing", ability: ["read", "Billing"] },
  { id: "checkout", titleKey: "common:routes.checkout", navTitleKey: "common:nav.items.checkout", icon: ShoppingCart, path: "/checkout", module: "checkout", group: "billing", ability: ["update", "Billing"] },
  { id: "payment-info", titleKey: "common:routes.paymentInfo", icon: Landmark, path: "/payment-info", module: "payment-info", group: "billing", ability: ["read", "Billing"] },
  { id: "account-settings", titleKey: "common:routes.accountSettings", icon: Settings, path: "/:accountId/account-settings", module: "account/account-settings", group: "account", ability: ["read", "Account"], shortcut: true },
  { id: "accounts", titleKey: "common:routes.accounts", icon: Building2, path: "/accounts", module: "accounts", group: "account", shortcut: true },
  { id: "profile", titleKey: "common:routes.profile", icon: UserRound, path: "/profile", module: "profile", group: "account", shortcut: true },
  { id: "faq", titleKey: "common:routes.faq", icon: LifeBuoy, path: "/:accountId/faq", module: "account/faq", group: "account" },
  { id: "help-center", titleKey: "common:routes.helpCenter", icon: LifeBuoy, path: "/help-center", module: "help-center/index", group: "account" },
  { id: "partners", titleKey: "common:routes.partners", icon: Handshake, path: "/partners", module: "partners", group: "platform", ability: ["read", "Partner"] },
  { id: "partners-apply", titleKey: "common:routes.partnersApply", icon: Handshake, path: "/partners-apply", module: "partners-apply", group: "platform", ability: ["read", "Partner"] },
  // The Bitrix24 app's screens (opened inside a portal): they send the user on to the account's CRM pages.
  ...(["index", "setup", "settings", "contacts", "deals", "leads"] as const).map((p) => ({
    id: `bitrix24-app-${p}`,
    titleKey: "common:routes.crm",
    icon: Handshake,
    path: p === "index" ? "/bitrix24" : `/bitrix24/${p}`,
    module: `bitrix24/${p}`,
    group: "platform" as const,
    hidden: true,
  })),
  { id: "admin", titleKey: "common:routes.admin", icon: ShieldCheck, path: "/admin", module: "admin/index", group: "platform", ability: ["manage", "Admin"] },
  { id: "admin-accounts", titleKey: "common:routes.adminAccounts", icon: Building2, path: "/admin/accounts", module: "admin/accounts", group: "platform", ability: ["manage", "Admin"] },
  { id: "admin-help", titleKey: "common:routes.adminHelp", icon: BookOpen, path: "/admin/help", module: "admin/help", group: "platform", ability: ["manage", "Admin"] },
  { id: "admin-billing", titleKey: "common:routes.adminBilling", icon: Receipt, path: "/admin/billing", module: "admin/billing", group: "platform", ability: ["manage", "Admin"] },
  { id: "admin-broadcast-packages", titleKey: "common:routes.adminBroadcastPackages", icon: PackageOpen, path: "/admin/broadcast-packages", module: "admin/broadcast-packages", group: "platform", ability: ["manage", "Admin"] },
  { id: "admin-partners", titleKey: "common:routes.adminPartners", icon: Handshake, path: "/admin/partners", module: "admin/partners", group: "platform", ability: ["manage", "Admin"] },
];

export interface ResolvedNavItem extends NavItem {
  to: string;
}

export function resolveNavPath(path: string, accountId: string | null): string | null {
  if (!path.includes(":accountId")) return path;
  return accountId ? path.replace(":accountId", accountId) : null;
}

/** The items this user may see now, in table order. */
export function visibleNavItems(ability: Pick<AppAbility, "can">, accountId: string | null, items: NavItem[] = NAV_ITEMS): ResolvedNavItem[] {
  const out: ResolvedNavItem[] = [];
  for (const item of items) {
    if (item.hidden || !isModuleMounted(item.module)) continue;
    if (item.ability && !ability.can(item.ability[0], item.ability[1])) continue;
    const to = resolveNavPath(item.path, accountId);
    if (!to) continue;
    out.push({ ...item, to });
  }
  return out;
}

export function groupNavItems(items: ResolvedNavItem[]): Array<{ group: NavGroupId; items: ResolvedNavItem[] }> {
  return NAV_GROUPS.map((group) => ({ group, items: items.filter((i) => i.group === group) })).filter((g) => g.items.length > 0);
}
