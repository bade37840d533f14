// Billing figures (issue 18 "Figures"). First the SQL alone, on raw node:sqlite with every migration applied (the same SQL
// D1 runs; no Worker, no HTTP), because metering adds no round trip of its own: the triggers run inside
// the statements that commit a reply, and the AI gate is one more statement in the batch that claims
// the turn. Measured in one run, interleaved: a reply's commit (the assistant's message + its
// ai_tokens event) with the metering triggers on and off, and the gate's statement.
// Then 1 000 charges (distinct keys) plus 200 repeats of their keys: rows, balance against the
// ledger's sum, and the time. (The Worker-side proof under 1 000 concurrent charges is
// tests/worker/billing.test.ts, which prints its time.)
// Then the same two figures through the real pipeline (bench/billing-pipeline.mjs: wrangler dev, a
// Telegram webhook in → the AI reply committed, metering triggers on and off in the same run; 1 000
// concurrent charges through the Worker); `--sql-only` skips that part.
// Run: npm run bench -- billing   or   npx node bench/billing.mjs [--replies=3000] [--sql-only]
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fmt, root, stats } from "./inbox-lib.mjs";

const REPLIES = Number(process.argv.find((a) => a.startsWith("--replies="))?.split("=")[1] ?? 3000);
const ACCOUNT = "benchaccount0000001";

const db = new DatabaseSync(":memory:");
const dir = join(root, "migrations");
for (const f of readdirSync(dir).filter((n) => n.endsWith(".sql")).sort()) {
  for (const stmt of readFileSync(join(dir, f), "utf8").split("--> statement-breakpoint")) if (stmt.trim()) db.exec(stmt);
}
const triggers = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN ('messages_usage_daily', 'usage_events_usage_daily')").all();
if (triggers.length !== 2) throw new Error("metering triggers not found");

const now = Date.now();
db.exec(`INSERT INTO users (id, email, name, search_text, password_hash, created_at, updated_at) VALUES ('u1', 'b@b.b', 'B', 'b', 'x', ${now}, ${now})`);
db.exec(`INSERT INTO accounts (id, name, created_at, updated_at) VALUES ('${ACCOUNT}', 'Бенчмарк', ${now}, ${now})`);
db.exec(`INSERT INTO channels (id, account_id, platform, external_id, name, created_at, updated_at) VALUES ('ch1', '${ACCOUNT}', 'TELEGRAM', 'x', 'bot', ${now}, ${now})`);
db.exec(`INSERT INTO contacts (id, account_id, platform, platform_user_id, name, search_text, custom_fields, facts, first_seen_at, last_seen_at, created_at, updated_at) VALUES ('c1', '${ACCOUNT}', 'TELEGRAM', '1', 'Клиент', 'клиент', '{}', '[]', ${now}, ${now}, ${now}, ${now})`);
db.exec(`INSERT INTO threads (id, account_id, contact_id, channel_id, kind, external_thread_id, status, gpt_status, is_gpt_active, last_message, last_message_type, last_message_at, unread_count, search_text, platform, is_test, created_at, updated_at) VALUES ('t1', '${ACCOUNT}', 'c1', 'ch1', 'dm', '', 'active', 'COMPLETED', 1, '', 'text', ${now}, 0, '', 'TELEGRAM', 0, ${now}, ${now})`);
db.exec(`INSERT INTO assistants (id, account_id, name, model, instructions, greeting, temperature, max_reply_tokens, language, knowledge, tools, debounce_seconds, handoff_keywords, handoff_message, is_active, created_at, updated_at) VALUES ('a1', '${ACCOUNT}', 'A', 'gpt-4.1-mini', '', '', 0.4, 400, 'ru', '', '[]', 0, '[]', '', 1, ${now}, ${now})`);

const insMsg = db.prepare(
  "INSERT INTO messages (id, account_id, thread_id, contact_id, type, direction, content, metadata, sender_type, dedupe_key, created_at, updated_at) VALUES (?, ?, 't1', 'c1', 'text', 'outgoing', 'Доставка стоит 300 ₽.', ?, 'assistant', ?, ?, ?)",
);
const insEvent = db.prepare("INSERT INTO usage_events (id, account_id, kind, quantity, day, ref, meta, created_at) VALUES (?, ?, 'ai_tokens', 1040, ?, ?, ?, ?)");
const { aiGateSql } = await gateSql();
const gate = db.prepare(aiGateSql(`'${ACCOUNT}'`));

async function gateSql() {
  // The gate's SQL is TypeScript (worker/features/billing/limits.ts): loaded through tsx.
  const { register } = await import("tsx/esm/api");
  register();
  return import("../worker/features/billing/limits.ts");
}

let n = 0;
function reply() {
  n++;
  const t = Date.now();
  const day = new Date(t).toISOString().slice(0, 10);
  const t0 = performance.now();
  db.exec("BEGIN");
  insMsg.run(`m${n}`, ACCOUNT, JSON.stringify({ assistantId: "a1", runId: `r${n}`, model: "gpt-4.1-mini" }), `ai:r${n}`, t, t);
  insEvent.run(`e${n}`, ACCOUNT, day, `run:r${n}`, JSON.stringify({ assistantId: "a1", promptTokens: 940, completionTokens: 100, requests: 1 }), t);
  db.exec("COMMIT");
  return performance.now() - t0;
}
const setMetering = (on) => {
  for (const t of triggers) db.exec(on ? t.sql : `DROP TRIGGER ${t.name}`);
};

for (let i = 0; i < 300; i++) reply(); // warm-up
const on = [];
const off = [];
const gates = [];
const ROUND = 100;
let metering = true;
for (let done = 0; done < REPLIES * 2; done += ROUND) {
  for (let i = 0; i < ROUND; i++) (metering ? on : off).push(reply());
  setMetering(!metering);
  metering = !metering;
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    gate.all();
    gates.push(performance.now() - t0);
  }
}
if (!metering) setMetering(true);
const a = stats(on);
const b = stats(off);
const g = stats(gates);
console.log(`\nbilling: metering per AI reply, node:sqlite in memory, ${on.length} replies with metering and ${off.length} without, interleaved in rounds of ${ROUND}`);
console.log(`  reply commit with metering triggers   p50 ${fmt(a.p50)}  p99 ${fmt(a.p99)}`);
console.log(`  reply commit without                  p50 ${fmt(b.p50)}  p99 ${fmt(b.p99)}`);
console.log(`  added by the triggers                 p50 ${fmt(a.p50 - b.p50)}  p99 ${fmt(a.p99 - b.p99)}`);
console.log(`  the AI gate's statement (per turn)    p50 ${fmt(g.p50)}  p99 ${fmt(g.p99)}`);
console.log(`  metering's added cost per AI reply    p50 ${fmt(a.p50 - b.p50 + g.p50)}  p99 ${fmt(a.p99 - b.p99 + g.p99)}  (target ≤ 1 ms p50)`);

// 1 000 charges and 200 repeats of their keys.
const charge = db.prepare(
  "INSERT INTO ledger_entries (id, account_id, type, amount_kopecks, key, description, created_at) VALUES (?, ?, 'charge', ?, ?, 'Списание', ?) ON CONFLICT (key) DO NOTHING",
);
const t0 = performance.now();
let expected = 0;
for (let i = 0; i < 1200; i++) {
  const k = i % 1000;
  if (i < 1000) expected -= 100 + (k % 7);
  charge.run(`l${i}`, ACCOUNT, -(100 + (k % 7)), `bench:${k}`, Date.now());
}
const ms = performance.now() - t0;
const r = db.prepare("SELECT (SELECT balance_kopecks FROM account_balances WHERE account_id = ?1) AS balance, (SELECT sum(amount_kopecks) FROM ledger_entries WHERE account_id = ?1) AS sum, (SELECT count(*) FROM ledger_entries WHERE account_id = ?1) AS rows").get(ACCOUNT);
console.log(`\nbilling: 1 000 charges + 200 repeated keys in ${ms.toFixed(1)} ms: ${r.rows} rows, balance ${r.balance} = ledger sum ${r.sum} (expected ${expected})`);
if (r.rows !== 1000 || r.balance !== r.sum || r.sum !== expected) {
  console.error("balance and ledger disagree");
  process.exit(1);
}

if (!process.argv.includes("--sql-only")) {
  const { runBillingPipeline } = await import("./billing-pipeline.mjs");
  try {
    await runBillingPipeline({ turnsPerMode: Number(process.env.N ?? 300) });
  } catch (e) {
    console.error("billing pipeline benchmark failed:", e);
    process.exit(1);
  }
}
