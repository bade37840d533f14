import { integer, text } from "drizzle-orm/sqlite-core";

/**
 * Column groups many tables repeat, written once. Each call makes fresh column builders, so a helper
 * can be spread into any number of tables; the SQL is the same as the columns written out.
 * References to accounts and users live beside those tables (accountRef in accounts.ts, userRef in users.ts).
 */

/** The text primary key of an entity table (ids made by lib/ids). */
export const idKey = () => text("id").primaryKey();

/** When the row was written (ms since the epoch). */
export const createdAt = () => integer("created_at").notNull();

/** created_at and updated_at (ms since the epoch), both required. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: integer("updated_at").notNull() });

/** A JSON list of strings, empty by default. */
export const stringList = (name: string) => text(name, { mode: "json" }).$type<string[]>().notNull().default([]);

/** Required text that starts empty. */
export const textOrEmpty = (name: string) => text(name).notNull().default("");
