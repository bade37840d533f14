import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { AudienceFilter } from "../../features/audience/filter";
import { accountRef } from "./accounts";
import { idKey, timestamps } from "./columns";

/** A saved audience filter of an account (the contacts list's filter under a name; a broadcast audience). */
export const segments = sqliteTable(
  "segments",
  {
    id: idKey(),
    accountId: accountRef(),
    name: text("name").notNull(),
    filter: text("filter", { mode: "json" }).$type<AudienceFilter>().notNull(),
    ...timestamps(),
  },
  (t) => [index("segments_account_name_idx").on(t.accountId, t.name)],
);

export type Segment = typeof segments.$inferSelect;
