// Query plans (issue 23, D1 rows): SQLite's plan for every hand-written statement of the Worker and
// the room, on the schema the migrations build, and every foreign key without an index of its own.
// D1 runs without table statistics (no ANALYZE), so SQLite picks an index by its shape alone; where a
// statement names a narrow key (a contact, a thread, an endpoint) but the plan walks an index on
// `account_id` alone, or scans a table, it reads rows that grow with the account or the platform.
// Each such statement is printed with its plan, unless it is one of the reads explained in README
// ("D1 rows read…": a cron's pass, the admin dashboard's counts, a table of rows in flight), which
// are listed as such. Statements built with `${…}` parts are explained with them as `?` where that
// still parses (their plan can differ with the real parts: the cost benchmark explains those as run).
// Usage: npm run bench query-plans
import { DatabaseSync } from "node:sqlite";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The audit itself: every hand-written statement's plan on the schema the migrations build, and every
 * foreign key without an index. `flagged` (walks not explained) and `otherUnindexed` (foreign keys to
 * tables other than accounts, users and plans) are what must stay empty (tests/web/query-plans.test.ts).
 */
export function auditQueryPlans(root = fileURLToPath(new URL("..", import.meta.url))) {
  const db = new DatabaseSync(":memory:");
  for (const f of readdirSync(join(root, "migrations")).filter((f) => f.endsWith(".sql")).sort())
    for (const st of readFileSync(join(root, "migrations", f), "utf8").split("--> statement-breakpoint")) if (st.trim()) db.exec(st);

  /** Accepted, with the reason README gives: matched on the statement's text. */
  const EXPLAINED = [
    [/FROM usage_daily WHERE day >= \?/, "renewal cron: one pass over the days since the last run"],
    [/FROM ledger_entries l\s+WHERE l\.type IN/, "monthly acts cron: one pass over the month's ledger"],
    [/auto_topup_amount_kopecks AS amount/, "auto top-up cron: one pass over the subscriptions"],
    [/count\(\*\) FROM accounts\) AS accounts/, "admin dashboard: platform-wide counts"],
    [/FROM ingest_outbox/, "ingest_outbox holds only the batches in flight (no index: a row written less per batch)"],
    [/FROM bitrix24_integrations WHERE lower\(domain\)/, "one row per connected portal"],
    [/FROM (threads_fts|knowledge_fts)/, "full-text index: searched by its own MATCH"],
    [/FROM analytics_hourly WHERE \?/, "dynamic WHERE (account and period) not visible here"],
    [/FROM thread_counts WHERE \?|FROM promotions WHERE \?|FROM assistant_runs WHERE \?|FROM threads t JOIN contacts c ON c\.id = t\.contact_id WHERE \?/, "dynamic WHERE (account first) not visible here"],
    [/FROM products p, json_each\(p\.images\)/, "a product's deletion: whether another product of the account still shows its images (a JSON list has no index)"],
  [/^\s*INSERT INTO (threads|contacts|send_slots)\b/, "the insert's own look-ups; planned with its real parts in the cost benchmark"],
  ];
  const NARROW = /(contact_id|thread_id|broadcast_id|flow_id|assistant_id|channel_id|message_id|tag_id|field_id|user_id|endpoint_id|event_id|category_id)\s*(=|IN\b)/;

  const files = [];
  const walk = (d) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith(".ts")) files.push(p);
    }
  };
  walk(join(root, "worker"));
  walk(join(root, "durable-objects"));

  const tableNames = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((r) => r.name));
  let total = 0;
  let unparsed = 0;
  const flagged = [];
  const explained = [];
  for (const f of files) {
    const src = readFileSync(f, "utf8");
    const re = /(`|")((?:SELECT|UPDATE|DELETE|WITH|INSERT)\b[\s\S]*?)\1/g;
    for (let m = re.exec(src); m; m = re.exec(src)) {
      if (m[1] === '"' && m[2].includes("\n")) continue;
      const sql = m[2].replace(/\$\{[^}]*\}/g, "?").replace(/\?\d+/g, "?");
      total++;
      let plan;
      try {
        plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all().map((r) => r.detail);
      } catch {
        unparsed++;
        continue;
      }
      // The statement's tables by alias (an unaliased table is its own alias).
      const aliases = new Map();
      for (const a of sql.matchAll(/\b(?:FROM|JOIN|UPDATE|INTO)\s+(\w+)(?:\s+(?:AS\s+)?(?!ON\b|WHERE\b|SET\b|USING\b|INDEXED\b|CROSS\b|LEFT\b|JOIN\b|GROUP\b|ORDER\b|LIMIT\b)(\w+))?/gi)) {
        if (tableNames.has(a[1])) aliases.set(a[2] ?? a[1], a[1]).set(a[1], a[1]);
      }
      // A JSON list (json_each in FROM) scanned as the inner loop of a table's rows: rows × list.
    const jsonInner = /json_each\(\?|jsonb_each\(\?/.test(sql) && plan.some((d, i) => /^SCAN \w+ VIRTUAL TABLE/.test(d) && i > 0 && /^SEARCH \w+ USING/.test(plan[i - 1]) && !/^(LIST|CORRELATED|SCALAR)/.test(plan[i - 1]));
    if (jsonInner) plan.push("← the JSON list is the inner loop: every row of the table above scans it (CROSS JOIN it first)");
    const bad = plan.filter((d) => {
      if (d.startsWith("← the JSON list")) return true;
        const scan = /^SCAN (\w+)(?! VIRTUAL)/.exec(d);
        if (scan) return aliases.has(scan[1]) && !/^SCAN \w+ USING (COVERING )?INDEX \w+ \(/.test(d);
        const walk = /^SEARCH (\w+) USING (?:COVERING )?INDEX \w+ \(account_id=\?\)$/.exec(d);
        if (!walk) return false;
        // The same table (by its alias, or unprefixed in a one-table statement) is also filtered by a narrower key.
        const alias = walk[1];
        const prefixed = new RegExp(`\\b${alias}\\.${NARROW.source}`);
        return prefixed.test(sql) || (aliases.size <= 1 && NARROW.test(sql));
      });
      if (!bad.length) continue;
      const where = `${relative(root, f)}:${src.slice(0, m.index).split("\n").length}`;
      const why = EXPLAINED.find(([re]) => re.test(sql));
      (why ? explained : flagged).push({ where, sql: sql.replace(/\s+/g, " ").slice(0, 240), plan, why: why?.[1] });
    }
  }

  const unindexed = [];
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%'").all().map((r) => r.name);
  for (const t of tables) {
    const fks = db.prepare(`PRAGMA foreign_key_list("${t}")`).all();
    if (!fks.length) continue;
    const indexes = db.prepare(`PRAGMA index_list("${t}")`).all().map((i) => ({ partial: i.partial, cols: db.prepare(`PRAGMA index_info("${i.name}")`).all().map((c) => c.name) }));
    const groups = new Map();
    for (const fk of fks) {
      const g = groups.get(fk.id) ?? { parent: fk.table, cols: [], onDelete: fk.on_delete };
      g.cols.push(fk.from);
      groups.set(fk.id, g);
    }
    for (const g of groups.values()) {
      if (indexes.some((i) => !i.partial && g.cols.every((c, k) => i.cols[k] === c))) continue;
      unindexed.push(`${t}(${g.cols.join(", ")}) → ${g.parent} ON DELETE ${g.onDelete}`);
    }
  }
  const otherUnindexed = unindexed.filter((u) => !/→ (accounts|users|plans) /.test(u));
  return { total, unparsed, flagged, explained, unindexed, otherUnindexed };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { total, unparsed, flagged, explained, unindexed, otherUnindexed } = auditQueryPlans();
  console.log(`query plans: ${total} hand-written statements in worker/ and durable-objects/, ${total - unparsed} explained on the migrated schema (${unparsed} with parts only known when they run)`);
  console.log(`\n  walking an account-wide index or scanning a table, not explained: ${flagged.length}`);
  for (const s of flagged) console.log(`  • ${s.where}\n      ${s.sql}\n      ${s.plan.join("\n      ")}`);
  console.log(`\n  explained (README, "D1 rows read…"): ${explained.length}`);
  for (const s of explained) console.log(`  • ${s.where}: ${s.why}`);
  console.log(`\n  foreign keys without an index of their own (a parent's delete scans the child table once per row): ${unindexed.length}`);
  for (const u of unindexed) console.log(`  • ${u}`);
  console.log(`  accepted: those to accounts, users and plans (rarely deleted; an index on the large tables would cost a row written per insert: README); others: ${otherUnindexed.length}`);
  for (const u of otherUnindexed) console.log(`  ! ${u}`);
}
