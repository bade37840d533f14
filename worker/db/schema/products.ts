import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { ProductAttribute, ProductImportMapping } from "../../features/products/contract";
import { AVAILABILITY, PROMOTION_KINDS, PROMOTION_SCOPES } from "../../features/products/contract";
import { accountRef } from "./accounts";
import { idKey, stringList, textOrEmpty, timestamps } from "./columns";
import { userRefOrNull } from "./users";

/** A category of an account's catalogue: a tree of depth 2 (a root or a child of a root), ordered by position among its siblings. */
export const productCategories = sqliteTable(
  "product_categories",
  {
    id: idKey(),
    accountId: accountRef(),
    parentId: text("parent_id"),
    name: text("name").notNull(),
    /** JS-lower-cased name: one category per name among siblings, whatever the case. */
    nameKey: text("name_key").notNull(),
    position: integer("position").notNull().default(0),
    ...timestamps(),
  },
  (t) => [index("product_categories_account_parent_idx").on(t.accountId, t.parentId, t.position)],
);

/**
 * A product. Money is integer minor units (kopecks) with its ISO 4217 currency. `search_name` (name
 * and SKU) and `search_body` (description, category and attribute values) are JS-lower-cased
 * haystacks (Cyrillic folds too) for the trigram index `products_fts` (a hand-written migration).
 */
export const products = sqliteTable(
  "products",
  {
    id: idKey(),
    accountId: accountRef(),
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    description: textOrEmpty("description"),
    categoryId: text("category_id").references(() => productCategories.id, { onDelete: "set null" }),
    price: integer("price").notNull(),
    oldPrice: integer("old_price"),
    currency: text("currency").notNull().default("RUB"),
    availability: text("availability", { enum: AVAILABILITY }).notNull().default("in_stock"),
    stockCount: integer("stock_count"),
    /** R2 keys under accounts/{id}/products/, the first is the cover. */
    images: stringList("images"),
    link: text("link"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    attributes: text("attributes", { mode: "json" }).$type<ProductAttribute[]>().notNull().default([]),
    searchName: textOrEmpty("search_name"),
    searchBody: textOrEmpty("search_body"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("products_account_sku_uq").on(t.accountId, t.sku),
    index("products_account_updated_idx").on(t.accountId, t.updatedAt),
    index("products_account_name_idx").on(t.accountId, t.searchName),
    index("products_account_price_idx").on(t.accountId, t.price),
    index("products_account_category_idx").on(t.accountId, t.categoryId),
    // category_id's foreign key (migration 0057): a category's delete finds its products by it, not by a scan of every account's products.
    index("products_category_idx").on(t.categoryId),
  ],
);

/** A promotion. Dates are instants (ms); the API reads and shows them in the account's time zone. The status is derived, never stored. */
export const promotions = sqliteTable(
  "promotions",
  {
    id: idKey(),
    accountId: accountRef(),
    name: text("name").notNull(),
    description: textOrEmpty("description"),
    code: text("code"),
    kind: text("kind", { enum: PROMOTION_KINDS }).notNull(),
    percent: integer("percent"),
    amount: integer("amount"),
    currency: text("currency").notNull().default("RUB"),
    giftText: text("gift_text"),
    appliesTo: text("applies_to", { enum: PROMOTION_SCOPES }).notNull().default("all"),
    categoryIds: stringList("category_ids"),
    productIds: stringList("product_ids"),
    minOrder: integer("min_order"),
    validFrom: integer("valid_from"),
    validTo: integer("valid_to"),
    usageLimit: integer("usage_limit"),
    usedCount: integer("used_count").notNull().default(0),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    /** JS-lower-cased name and code, for the list's search. */
    searchText: textOrEmpty("search_text"),
    ...timestamps(),
  },
  (t) => [index("promotions_account_created_idx").on(t.accountId, t.createdAt)],
);

/**
 * One use of a promotion: the assistant applied its code in a conversation (`apply_promotion`), or an
 * operator recorded it. Written in the same batch as the promotion's `used_count + 1`, and only when
 * the promotion was active and under its usage limit then.
 */
export const promotionUses = sqliteTable(
  "promotion_uses",
  {
    id: idKey(),
    accountId: accountRef(),
    promotionId: text("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    source: text("source", { enum: ["assistant", "operator"] }).notNull(),
    threadId: text("thread_id"),
    contactId: text("contact_id"),
    userId: userRefOrNull("user_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("promotion_uses_promotion_created_idx").on(t.promotionId, t.createdAt)],
);

/** One product import (CSV/XLSX): the file and its chunks in R2, one `product-import-chunk` job per chunk. */
export const productImports = sqliteTable(
  "product_imports",
  {
    id: idKey(),
    accountId: accountRef(),
    createdBy: userRefOrNull("created_by"),
    fileName: text("file_name").notNull(),
    fileKey: text("file_key").notNull(),
    header: stringList("header"),
    mapping: text("mapping", { mode: "json" }).$type<ProductImportMapping>().notNull(),
    status: text("status", { enum: ["running", "completed", "failed"] }).notNull().default("running"),
    totalRows: integer("total_rows").notNull(),
    chunkCount: integer("chunk_count").notNull(),
    chunksDone: integer("chunks_done").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    finishedAt: integer("finished_at"),
    ...timestamps(),
  },
  (t) => [index("product_imports_account_created_idx").on(t.accountId, t.createdAt)],
);

/** A finished chunk, written in the chunk's own transaction: a redelivered chunk finds it and does nothing. */
export const productImportChunks = sqliteTable(
  "product_import_chunks",
  {
    importId: text("import_id")
      .notNull()
      .references(() => productImports.id, { onDelete: "cascade" }),
    chunk: integer("chunk").notNull(),
    doneAt: integer("done_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.chunk] })],
);

/** A refused row of a product import, with the column and the reason (Russian). */
export const productImportIssues = sqliteTable(
  "product_import_issues",
  {
    importId: text("import_id")
      .notNull()
      .references(() => productImports.id, { onDelete: "cascade" }),
    row: integer("row").notNull(),
    column: text("column").notNull().default(""),
    value: text("value").notNull().default(""),
    reason: text("reason").notNull(),
  },
  (t) => [index("product_import_issues_import_row_idx").on(t.importId, t.row)],
);

export type ProductRow = typeof products.$inferSelect;
export type ProductCategoryRow = typeof productCategories.$inferSelect;
export type PromotionRow = typeof promotions.$inferSelect;
export type ProductImportRow = typeof productImports.$inferSelect;
