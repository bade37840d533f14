// @vitest-environment node
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the benchmarks (no types)
import { auditQueryPlans } from "../../bench/query-plans.mjs";

/**
 * Issue 23's D1 rows, kept: no hand-written statement walks an account-wide index while it names a
 * narrower key, or scans a table, unless README explains it; no foreign key (other than to accounts,
 * users and plans) is without an index, so a parent's delete never scans a child table.
 * (`npm run bench query-plans` prints the same audit with each plan.)
 */
describe("query plans on the migrated schema", () => {
  it("no unexplained walk of an account or a table, no foreign key without its index", () => {
    const audit = auditQueryPlans() as { total: number; unparsed: number; flagged: { where: string; sql: string }[]; otherUnindexed: string[] };
    expect(audit.total - audit.unparsed).toBeGreaterThan(300);
    expect(audit.flagged.map((f) => `${f.where}: ${f.sql}`)).toEqual([]);
    expect(audit.otherUnindexed).toEqual([]);
  });
});
