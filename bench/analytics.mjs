// Analytics figures (issue 21 "Figures"): the page's API for 30 days over an account with 1 000 000
// messages, through `wrangler dev` (p50/p99 over HTTP, auth and membership included; target p50 ≤ 50 ms),
// and beside it the raw SQL: the same statements (the service run over node:sqlite on the same file)
// and, for scale, one GROUP BY over the messages themselves (what the rollups save). Then the cost
// the rollup triggers add to a message commit: an incoming message and the AI's answer, each its
// own transaction, interleaved with the analytics triggers on and off (billing's stay on in both).
// The million rows go straight into the D1 file with the triggers on, so the rollups are what live
// traffic would have made of them.
// Run: npm run bench -- analytics   or   npx node bench/analytics.mjs [--fresh] [--iterations=200] [--commits=4000]
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { d1File, fmt, root, seededOnce, startWrangler, stats, timeGet } from "./inbox-lib.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8808);
const BASE = `http://127.0.0.1:${PORT}`;
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const arg = (name, dflt) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? dflt);
const ITER = arg("iterations", 200);
const COMMITS = arg("commits", 4000);
const persist = join(root, ".wrangler", `bench-analytics-${MESSAGES}`);
const DAY = 86_400_000;
const CHANNELS = [
  ["bch-tg", "TELEGRAM"],
  ["bch-wa", "WHATSAPP"],
  ["bch-ig", "INSTAGRAM"],
];

/** 1 000 000 messages over the last 30 days: conversations of a customer's question, the AI's answer, sometimes a hand-off and an operator. */
function seed(file, accountId) {
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA foreign_keys = OFF;");
  const now = Date.now();
  db.exec("BEGIN");
  for (const [id, platform] of CHANNELS) db.prepare("INSERT INTO channels (id, account_id, platform, external_id, name, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, '{}', ?, ?)").run(id, accountId, platform, id, id, now, now);
  for (const a of ["bas-1", "bas-2"])
    db.prepare(
      "INSERT INTO assistants (id, account_id, name, model, instructions, greeting, temperature, max_reply_tokens, language, knowledge, tools, debounce_seconds, handoff_keywords, handoff_message, is_active, created_at, updated_at) VALUES (?, ?, ?, 'gpt-4.1-mini', '', '', 0.4, 400, 'ru', '', '[]', 0, '[]', '', 1, ?, ?)",
    ).run(a, accountId, a, now, now);
  const insC = db.prepare("INSERT INTO contacts (id, account_id, platform, platform_user_id, name, search_text, custom_fields, facts, first_seen_at, last_seen_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, '', '{}', '[]', ?, ?, ?, ?)");
  const insT = db.prepare(
    "INSERT INTO threads (id, account_id, contact_id, channel_id, assistant_id, kind, external_thread_id, status, gpt_status, is_gpt_active, unread_count, search_text, platform, is_test, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'dm', '', ?, 'COMPLETED', 1, 0, '', ?, 0, ?, ?)",
  );
  const insM = db.prepare("INSERT INTO messages (id, account_id, thread_id, contact_id, type, direction, content, metadata, sender_type, created_at, updated_at) VALUES (?, ?, ?, ?, 'text', ?, 'Сколько стоит доставка?', ?, ?, ?, ?)");
  const statuses = ["active", "active", "closed", "archived", "pending"];
  let written = 0;
  const started = Date.now();
  const perThread = 20;
  for (let i = 0; written < MESSAGES; i++) {
    const [ch, platform] = CHANNELS[i % 3];
    const cid = `bc${i.toString(36)}`;
    const tid = `bt${i.toString(36)}`;
    insC.run(cid, accountId, platform, String(i), `Клиент ${i}`, now, now, now, now);
    insT.run(tid, accountId, cid, ch, i % 4 === 0 ? "bas-2" : "bas-1", statuses[i % statuses.length], platform, now, now);
    // The thread's conversations: one every 6 days from its own start, 4 messages each (a hand-off every fifth).
    let at = now - 30 * DAY + ((i * 7919 * 1000) % (6 * DAY));
    for (let k = 0; k < perThread && written < MESSAGES; at += 6 * DAY) {
      const handoff = (i + k) % 5 === 0;
      const steps = handoff
        ? [["incoming", "contact", 0, "{}"], ["outgoing", "assistant", 8_000, '{"model":"gpt-4.1-mini"}'], ["system", "system", 9_000, '{"event":"handoff"}'], ["outgoing", "operator", 240_000, "{}"]]
        : [["incoming", "contact", 0, "{}"], ["outgoing", "assistant", 6_000, '{"model":"gpt-4.1-mini"}'], ["incoming", "contact", 60_000, "{}"], ["outgoing", "assistant", 70_000, '{"model":"gpt-4.1-mini"}']];
      for (const [dir, sender, dt, meta] of steps) {
        if (k >= perThread || written >= MESSAGES || at + dt > now) break;
        insM.run(`bm${i.toString(36)}-${k}`, accountId, tid, cid, dir, meta, sender, at + dt, at + dt);
        k++;
        written++;
      }
      if (at > now) break;
    }
    if (i % 5000 === 4999) {
      db.exec("COMMIT");
      process.stdout.write(`  seeded ${written} messages (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
      db.exec("BEGIN");
    }
  }
  db.exec("COMMIT");
  db.exec("ANALYZE");
  db.exec("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;");
  const rollupRows = db.prepare("SELECT count(*) AS n FROM analytics_hourly WHERE account_id = ?").get(accountId).n;
  db.close();
  return { messages: written, rollupRows };
}

/** A D1 look-alike over node:sqlite, so the service's own statements run on the raw file. */
function d1Over(db) {
  const stmt = (sql, args = []) => ({
    bind: (...a) => stmt(sql, a),
    all: async () => ({ results: db.prepare(sql).all(...args) }),
    first: async () => db.prepare(sql).get(...args) ?? null,
    run: async () => db.prepare(sql).run(...args),
  });
  return { prepare: (sql) => stmt(sql), batch: async (list) => Promise.all(list.map((s) => s.all())) };
}

async function rawTimes(accountId, query) {
  const { register } = await import("tsx/esm/api");
  register();
  const { getAnalytics } = await import("../worker/features/analytics/analytics.service.ts");
  const db = new DatabaseSync(d1File(persist), { readOnly: true });
  const env = { DB: d1Over(db) };
  const service = [];
  for (let i = 0; i < ITER + 20; i++) {
    const t0 = performance.now();
    await getAnalytics(env, accountId, query);
    if (i >= 20) service.push(performance.now() - t0);
  }
  // What the rollups save: one pass over the messages for only the day × direction counts.
  const scan = db.prepare("SELECT (created_at + 10800000) / 86400000 AS d, direction, count(*) FROM messages WHERE account_id = ? AND created_at >= ? GROUP BY d, direction");
  const scans = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    scan.all(accountId, Date.now() - 30 * DAY);
    scans.push(performance.now() - t0);
  }
  db.close();
  return { service: stats(service), scan: stats(scans) };
}

/** Commit cost with the analytics triggers on and off, on a fresh in-memory database with every migration. */
function triggerCost() {
  const db = new DatabaseSync(":memory:");
  for (const f of readdirSync(join(root, "migrations")).filter((n) => n.endsWith(".sql")).sort())
    for (const s of readFileSync(join(root, "migrations", f), "utf8").split("--> statement-breakpoint")) if (s.trim()) db.exec(s);
  const now = Date.now();
  db.exec(`INSERT INTO accounts (id, name, created_at, updated_at) VALUES ('acc', 'Бенчмарк', ${now}, ${now})`);
  db.exec(`INSERT INTO channels (id, account_id, platform, external_id, name, created_at, updated_at) VALUES ('ch', 'acc', 'TELEGRAM', 'x', 'bot', ${now}, ${now})`);
  const triggers = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND (name LIKE '%analytics%')").all();
  const insC = db.prepare("INSERT INTO contacts (id, account_id, platform, platform_user_id, name, search_text, custom_fields, facts, first_seen_at, last_seen_at, created_at, updated_at) VALUES (?, 'acc', 'TELEGRAM', ?, 'К', '', '{}', '[]', 0, 0, 0, 0)");
  const insT = db.prepare("INSERT INTO threads (id, account_id, contact_id, channel_id, kind, external_thread_id, status, gpt_status, is_gpt_active, unread_count, search_text, platform, is_test, created_at, updated_at) VALUES (?, 'acc', ?, 'ch', 'dm', '', 'active', 'COMPLETED', 1, 0, '', 'TELEGRAM', 0, 0, 0)");
  for (let i = 0; i < 500; i++) (insC.run(`c${i}`, String(i)), insT.run(`t${i}`, `c${i}`));
  const insM = db.prepare("INSERT INTO messages (id, account_id, thread_id, contact_id, type, direction, content, metadata, sender_type, created_at, updated_at) VALUES (?, 'acc', ?, ?, 'text', ?, 'текст', ?, ?, ?, ?)");
  let n = 0;
  const commit = (dir, sender, meta) => {
    const i = n % 500;
    const at = now + n * 1000;
    const t0 = performance.now();
    db.exec("BEGIN");
    insM.run(`m${n++}`, `t${i}`, `c${i}`, dir, meta, sender, at, at);
    db.exec("COMMIT");
    return performance.now() - t0;
  };
  const on = { in: [], reply: [] };
  const off = { in: [], reply: [] };
  let enabled = true;
  for (let round = 0; round < COMMITS / 100; round++) {
    const into = enabled ? on : off;
    for (let k = 0; k < 50; k++) {
      const a = commit("incoming", "contact", "{}");
      const b = commit("outgoing", "assistant", '{"model":"gpt-4.1-mini"}');
      if (round > 1) (into.in.push(a), into.reply.push(b));
    }
    for (const t of triggers) db.exec(enabled ? `DROP TRIGGER ${t.name}` : t.sql);
    enabled = !enabled;
  }
  db.close();
  return { on: { in: stats(on.in), reply: stats(on.reply) }, off: { in: stats(off.in), reply: stats(off.reply) } };
}

async function main() {
  const meta = await seededOnce({ persist, port: PORT, what: `${MESSAGES} messages`, seed });
  const { token, accountId } = meta;
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date());
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * DAY).toISOString().slice(0, 10);
  const query = { from, to: today };
  const w = await startWrangler(PORT, persist);
  let http;
  try {
    http = await timeGet(BASE, `/api/accounts/${accountId}/analytics?from=${from}&to=${today}`, token, ITER);
  } finally {
    await w.stop();
  }
  const body = JSON.parse(http.body);
  const raw = await rawTimes(accountId, query);
  const cost = triggerCost();
  console.log(`\nAnalytics, 30 days (${from} … ${today}), ${meta.messages} messages, ${meta.rollupRows ?? "?"} rollup rows; ${body.totals.conversations} conversations, ${body.totals.messagesIn + body.totals.messagesOut} messages in the answer`);
  console.log(`  GET …/analytics through wrangler dev   p50 ${fmt(http.p50)}  p99 ${fmt(http.p99)}  (n=${http.n})  target p50 ≤ 50 ms: ${http.p50 <= 50 ? "met" : "NOT met"}`);
  console.log(`  the same statements on node:sqlite     p50 ${fmt(raw.service.p50)}  p99 ${fmt(raw.service.p99)}`);
  console.log(`  one scan of the messages (day × direction only)  p50 ${fmt(raw.scan.p50)}`);
  console.log(`\nRollup triggers per message commit (one message per transaction, in-memory SQLite, p50):`);
  console.log(`  incoming message   on ${fmt(cost.on.in.p50)}  off ${fmt(cost.off.in.p50)}  (+${fmt(cost.on.in.p50 - cost.off.in.p50)})`);
  console.log(`  the AI's answer    on ${fmt(cost.on.reply.p50)}  off ${fmt(cost.off.reply.p50)}  (+${fmt(cost.on.reply.p50 - cost.off.reply.p50)})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
