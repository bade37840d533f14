import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accountRef } from "./accounts";
import type { TranslationLanguage } from "./billing";
import { createdAt, idKey, timestamps } from "./columns";
import { userRefOrNull } from "./users";

/**
 * A broadcast package of the platform's catalogue: a number of recipients an account may send
 * broadcasts to within `validityDays` of receiving it. Money is integer kopecks. `active` says
 * whether the package may be granted (or, with billing, bought); `archivedAt` hides it from the
 * catalogue. Packages are never deleted once granted: grants keep pointing at them.
 */
/** A package's name in the other interface languages; a missing one falls back to the Russian `name`. */
export type PackageTranslations = Partial<Record<TranslationLanguage, { name?: string }>>;

export const broadcastPackages = sqliteTable("broadcast_packages", {
  id: idKey(),
  name: text("name").notNull(),
  /** `name` in English, French and Arabic (migration 0046). */
  translations: text("translations", { mode: "json" }).$type<PackageTranslations>().notNull().default({}),
  recipients: integer("recipients").notNull(),
  priceKopecks: integer("price_kopecks").notNull(),
  validityDays: integer("validity_days").notNull(),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  archivedAt: integer("archived_at"),
  ...timestamps(),
});

export const QUOTA_SOURCES = ["admin", "purchase"] as const;
export type QuotaSource = (typeof QUOTA_SOURCES)[number];

/**
 * Recipients an account received (granted by an administrator, or bought: source "purchase" with
 * the payment's id in `sourceRef`, unique so a repeated payment notification grants once). A grant
 * row never changes: what was spent of it is the sum of its allocations.
 */
export const broadcastQuotaGrants = sqliteTable(
  "broadcast_quota_grants",
  {
    id: idKey(),
    accountId: accountRef(),
    packageId: text("package_id")
      .notNull()
      .references(() => broadcastPackages.id),
    recipients: integer("recipients").notNull(),
    expiresAt: integer("expires_at").notNull(),
    source: text("source", { enum: QUOTA_SOURCES }).notNull(),
    sourceRef: text("source_ref"),
    grantedBy: userRefOrNull("granted_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("broadcast_quota_grants_account_idx").on(t.accountId, t.expiresAt),
    index("broadcast_quota_grants_package_idx").on(t.packageId),
    uniqueIndex("broadcast_quota_grants_source_ref_idx").on(t.source, t.sourceRef).where(sql`source_ref IS NOT NULL`),
  ],
);

/**
 * What one broadcast holds of one grant. While `settledAt` is null the whole `amount` is reserved;
 * once the broadcast completes or is cancelled `used` (≤ amount) is what it spent and the rest is
 * free again. Spent of a grant = Σ coalesce(used, amount) over its allocations.
 */
export const broadcastQuotaAllocations = sqliteTable(
  "broadcast_quota_allocations",
  {
    broadcastId: text("broadcast_id").notNull(),
    grantId: text("grant_id")
      .notNull()
      .references(() => broadcastQuotaGrants.id, { onDelete: "cascade" }),
    accountId: accountRef(),
    amount: integer("amount").notNull(),
    used: integer("used"),
    createdAt: createdAt(),
    settledAt: integer("settled_at"),
  },
  (t) => [primaryKey({ columns: [t.broadcastId, t.grantId] }), index("broadcast_quota_allocations_grant_idx").on(t.grantId), index("broadcast_quota_allocations_account_idx").on(t.accountId, t.broadcastId)],
);

export type BroadcastPackage = typeof broadcastPackages.$inferSelect;
export type BroadcastQuotaGrant = typeof broadcastQuotaGrants.$inferSelect;
