// Inbox query figures (issue 4 "Figures"): 100 000 contacts and 1 000 000 messages in a local D1
// (wrangler's local persistence), three inbox queries through `wrangler dev` (p50/p99 over HTTP,
// auth and membership included) and the same SQL on raw node:sqlite over the same file as the floor.
// Run: npm run bench -- inbox-queries   or   npx node bench/inbox-queries.mjs [--fresh] [--iterations=300]
// Targets: p50 ≤ 10 ms, p99 ≤ 30 ms.
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { d1File, fmt, root, seededOnce, startWrangler, stats, timeGet } from "./inbox-lib.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8792);
const BASE = `http://127.0.0.1:${PORT}`;
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const ITER = Number(process.argv.find((a) => a.startsWith("--iterations="))?.split("=")[1] ?? 300);
const persist = join(root, ".wrangler", `bench-inbox-${CONTACTS}-${MESSAGES}`);
const SEARCH = "самовывоз";

const FIRST = ["Мария", "Иван", "Олег", "Анна", "Дмитрий", "Елена", "Сергей", "Ольга", "Алексей", "Наталья", "Павел", "Татьяна", "Никита", "Ксения", "Артём"];
const LAST = ["Иванова", "Петров", "Смирнова", "Кузнецов", "Попова", "Васильев", "Соколова", "Михайлов", "Новикова", "Фёдоров"];
const PHRASES = ["Здравствуйте! Сколько стоит доставка?", "Есть ли в наличии синий диван?", "Спасибо, жду ответа", "Когда откроется магазин?", "Можно оплатить картой?", "Хочу оформить заказ", "А скидки есть?", "Подскажите размеры, пожалуйста"];

function seed(file, accountId) {
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA foreign_keys = OFF;"); // rows of a contact go in child-first; all consistent at COMMIT
  const now = Date.now();
  const insC = db.prepare(
    "INSERT INTO contacts (id, account_id, platform, platform_user_id, name, platform_username, phone, is_test_contact, search_text, custom_fields, facts, first_seen_at, last_seen_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, '{}', '[]', ?, ?, ?, ?)",
  );
  const insT = db.prepare(
    "INSERT INTO threads (id, account_id, contact_id, channel_id, kind, external_thread_id, status, gpt_status, is_gpt_active, last_message, last_message_type, last_message_at, last_incoming_at, unread_count, search_text, platform, is_test, created_at, updated_at) VALUES (?, ?, ?, NULL, 'dm', '', ?, 'COMPLETED', ?, ?, 'text', ?, ?, ?, ?, ?, 0, ?, ?)",
  );
  const insM = db.prepare(
    "INSERT INTO messages (id, account_id, thread_id, contact_id, type, direction, content, is_system, is_sent, is_delivered, is_read, metadata, sender_type, dedupe_key, created_at, updated_at) VALUES (?, ?, ?, ?, 'text', ?, ?, 0, ?, ?, 0, '{}', ?, ?, ?, ?)",
  );
  const platforms = ["TELEGRAM", "WHATSAPP", "INSTAGRAM"];
  const statuses = ["active", "active", "active", "pending", "closed", "archived"];
  let written = 0;
  const started = Date.now();
  db.exec("BEGIN");
  for (let i = 0; i < CONTACTS; i++) {
    const cid = `c${i.toString(36).padStart(7, "0")}`;
    const tid = `t${i.toString(36).padStart(7, "0")}`;
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
    const username = `user_${i}`;
    const phone = `+7999${String(i).padStart(7, "0")}`;
    const platform = platforms[i % 3];
    // The first 1 % of contacts have long histories (100 messages), the rest share the remainder.
    const longOnes = Math.floor(CONTACTS / 100);
    const rest = MESSAGES - longOnes * 100;
    const perRest = Math.floor(rest / (CONTACTS - longOnes));
    const extra = rest - perRest * (CONTACTS - longOnes);
    const count = i < longOnes ? 100 : perRest + (i - longOnes < extra ? 1 : 0);
    const base = now - 90 * 86_400_000 + Math.floor((i / CONTACTS) * 89 * 86_400_000);
    let last = "";
    let lastAt = base;
    for (let k = 0; k < count; k++) {
      const at = base + k * 60_000;
      const incoming = k % 2 === 0;
      // ~1 % of contacts mention the search word in their last message
      const content = k === count - 1 && i % 100 === 37 ? `Можно ${SEARCH} сегодня?` : PHRASES[(i + k) % PHRASES.length];
      insM.run(`m${i.toString(36).padStart(7, "0")}${k.toString(36).padStart(3, "0")}`, accountId, tid, cid, incoming ? "incoming" : "outgoing", content, incoming ? 0 : 1, incoming ? 0 : 1, incoming ? "contact" : "assistant", `b:${i}:${k}`, at, at);
      last = content;
      lastAt = at;
      written++;
    }
    insC.run(cid, accountId, platform, String(100000 + i), name, username, phone, [name, username, phone, String(100000 + i)].join("\n").toLowerCase(), base, lastAt, base, lastAt);
    insT.run(tid, accountId, cid, statuses[i % statuses.length], i % 4 === 0 ? 0 : 1, last, lastAt, lastAt, i % 5, [name, username, last].join("\n").toLowerCase(), platform, base, lastAt);
    if (i % 10_000 === 9_999) {
      db.exec("COMMIT");
      process.stdout.write(`  seeded ${i + 1} contacts, ${written} messages (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
      db.exec("BEGIN");
    }
  }
  db.exec("COMMIT");
  db.exec("ANALYZE");
  db.exec("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;");
  db.close();
  return written;
}

function timeSql(db, fn) {
  const samples = [];
  for (let i = 0; i < ITER + 20; i++) {
    const t0 = performance.now();
    fn(db);
    const ms = performance.now() - t0;
    if (i >= 20) samples.push(ms);
  }
  return stats(samples);
}

async function main() {
  const meta = await seededOnce({ persist, port: PORT, what: `${CONTACTS} contacts and ${MESSAGES} messages`, seed: (file, accountId) => ({ messages: seed(file, accountId) }) });
  const { token, accountId } = meta;
  const hot = "c" + (0).toString(36).padStart(7, "0");
  const queries = [
    { name: "chat-contacts page 1", path: `/api/accounts/${accountId}/contacts/chat-contacts?page=1&limit=30` },
    { name: `search "${SEARCH}"`, path: `/api/accounts/${accountId}/contacts/chat-contacts?q=${encodeURIComponent(SEARCH)}` },
    { name: "thread latest 50", path: `/api/accounts/${accountId}/contacts/${hot}/messages?limit=50` },
  ];

  const w = await startWrangler(PORT, persist);
  const http = {};
  try {
    for (const q of queries) {
      http[q.name] = await timeGet(BASE, q.path, token, ITER);
    }
    const check = await (await fetch(`${BASE}${queries[1].path}`, { headers: { authorization: `Bearer ${token}` } })).json();
    console.log(`search total ${check.meta.total}, page 1 of chat-contacts has ${queries.length && (await (await fetch(`${BASE}${queries[0].path}`, { headers: { authorization: `Bearer ${token}` } })).json()).data.length} items`);
  } finally {
    await w.stop();
  }

  // The floor: the same SQL the routes run, straight on the same SQLite file.
  const db = new DatabaseSync(d1File(persist), { readOnly: true });
  const list = db.prepare(
    "SELECT t.*, c.* FROM threads t JOIN contacts c ON c.id = t.contact_id WHERE t.account_id = ? AND t.is_test = ? ORDER BY t.updated_at DESC, t.id DESC LIMIT 30 OFFSET 0",
  );
  const listCount = db.prepare("SELECT coalesce(sum(n), 0) AS n FROM thread_counts WHERE account_id = ? AND is_test = ?");
  // The route's own statement (worker/features/contacts/search-sql.ts), over every column.
  const { register } = await import("tsx/esm/api");
  register();
  const { chatSearchSql } = await import("../worker/features/contacts/search-sql.ts");
  const search = db.prepare(chatSearchSql("t.*, c.*"));
  const contact = db.prepare("SELECT * FROM contacts WHERE id = ? AND account_id = ?");
  const msgs = db.prepare("SELECT * FROM messages WHERE account_id = ? AND contact_id = ? ORDER BY created_at DESC, id DESC LIMIT 51");
  const floor = {
    "chat-contacts page 1": timeSql(db, () => {
      list.all(accountId, 0);
      listCount.get(accountId, 0);
    }),
    [`search "${SEARCH}"`]: timeSql(db, () => {
      search.all(`"${SEARCH}"`, accountId, 0, 30, 0);
    }),
    "thread latest 50": timeSql(db, () => {
      contact.get(hot, accountId);
      msgs.all(accountId, hot);
    }),
  };
  db.close();

  console.log(`\nInbox queries: ${CONTACTS} contacts, ${meta.messages} messages, ${ITER} timed requests each (20 warm-up)`);
  console.log("query                     | wrangler dev p50 / p99      | node:sqlite p50 / p99     | ratio p50 / p99");
  for (const q of queries) {
    const h = http[q.name];
    const f = floor[q.name];
    console.log(
      `${q.name.padEnd(25)} | ${fmt(h.p50).padStart(10)} / ${fmt(h.p99).padStart(10)}   | ${fmt(f.p50).padStart(9)} / ${fmt(f.p99).padStart(9)}   | ${(h.p50 / f.p50).toFixed(1)}x / ${(h.p99 / f.p99).toFixed(1)}x`,
    );
  }
  const ok = queries.every((q) => http[q.name].p50 <= 10 && http[q.name].p99 <= 30);
  console.log(`Target p50 ≤ 10 ms, p99 ≤ 30 ms through wrangler dev: ${ok ? "met" : "NOT met"}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
