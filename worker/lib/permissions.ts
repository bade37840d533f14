import { createMongoAbility, type MongoAbility, type RawRuleOf } from "@casl/ability";
import type { Role } from "../db/schema/accounts";

/**
 * The ability model shared by the server (enforcement) and the SPA (what to show).
 * `manage` means every action and `all` every subject, as CASL defines them.
 */
export const ACTIONS = ["manage", "create", "read", "update", "delete", "use"] as const;
export type Action = (typeof ACTIONS)[number];

export const SUBJECTS = [
  "all",
  "Account",
  "AccountSettings",
  "Member",
  "Assistant",
  "Template",
  "Contact",
  "Thread",
  "Message",
  "TestChat",
  "Channel",
  "Broadcast",
  "Flow",
  "Product",
  "Promotion",
  "PromotionUse",
  "Knowledge",
  "CustomField",
  "Tag",
  "Segment",
  "Billing",
  "Integration",
  "AiProvider",
  "Analytics",
  "Partner",
  "Admin",
] as const;
export type Subject = (typeof SUBJECTS)[number];

export type AppAbility = MongoAbility<[Action, Subject]>;
export type AbilityRule = RawRuleOf<AppAbility>;

/** What an operator may read; the few things an operator changes are written out in rulesFor. */
const OPERATOR_READS: readonly Subject[] = [
  // The account, its team, its assistants (and the templates they start from) and channels.
  "Account", "Member", "Assistant", "Template", "Channel",
  // Conversations, and what is known of the contacts.
  "Contact", "Thread", "Message", "CustomField", "Tag", "Segment",
  // Operators follow broadcasts (and the quota left); admins and owners create, start and stop them.
  "Broadcast", "Product", "Promotion", "Flow", "Analytics",
  // The knowledge base (sources and the search of what an assistant would find).
  "Knowledge",
  // Integrations: their states, the calendar's free slots and bookings (connecting and settings are for admins and owners).
  "Integration",
];

/** Rules of a member of one account, plus the platform-wide rules of the user. */
export function rulesFor(role: Role | null, opts: { isPlatformAdmin?: boolean } = {}): AbilityRule[] {
  const rules: AbilityRule[] = [];
  if (role === "owner") {
    rules.push({ action: "manage", subject: "all" });
  } else if (role === "admin") {
    rules.push(
      { action: "manage", subject: "all" },
      // Only an owner removes the account or pays for it.
      { action: "delete", subject: "Account", inverted: true },
      { action: "manage", subject: "Billing", inverted: true },
      { action: "read", subject: "Billing" },
    );
  } else if (role === "operator") {
    rules.push(
      ...OPERATOR_READS.map((subject) => ({ action: "read" as const, subject })),
      // An operator unsubscribes a customer who asks in the chat (or subscribes one again who agrees).
      { action: "update", subject: "Contact", fields: ["name", "about", "customFields", "tags", "status", "subscription"] },
      { action: "update", subject: "Thread" },
      { action: "create", subject: "Message" },
      { action: "manage", subject: "TestChat" },
      // An operator applying a customer's promo code in the chat records its use.
      { action: "create", subject: "PromotionUse" },
    );
  }
  // The partner programme is the user's own (its routes check the partner row), whatever the role.
  rules.push({ action: "manage", subject: "Partner" });
  if (opts.isPlatformAdmin) rules.push({ action: "manage", subject: "Admin" });
  if (!opts.isPlatformAdmin) rules.push({ action: "manage", subject: "Admin", inverted: true });
  return rules;
}

export function abilityFor(rules: AbilityRule[]): AppAbility {
  return createMongoAbility<AppAbility>(rules);
}
