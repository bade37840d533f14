// Audience count figure (issue 15 "Figures"): 100 000 contacts with tags and custom field values in
// a local D1 (wrangler's local persistence), a segment "tag plus a custom field condition", and its
// live count (`GET …/segments/{id}/count`, per channel) through `wrangler dev` (p50/p99 over HTTP,
// auth, membership, the segment row and the filter's look-ups included); the floor is the same
// count statement (compiled by worker/features/audience/compile.ts) on raw node:sqlite over the same file.
// Run: npm run bench -- audience-count   or   node bench/audience-count.mjs [--fresh] [--iterations=300]
// Size: BENCH_AUDIENCE_CONTACTS (default 100 000). Target: p50 ≤ 20 ms.
import { loadavg } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { d1File, fmt, root, seededOnce, startWrangler, stats, timeGet } from "./inbox-lib.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8794);
const BASE = `http://127.0.0.1:${PORT}`;
const CONTACTS = Number(process.env.BENCH_AUDIENCE_CONTACTS ?? 100_000);
const ITER = Number(process.argv.find((a) => a.startsWith("--iterations="))?.split("=")[1] ?? 300);
const persist = join(root, ".wrangler", `bench-audience-${CONTACTS}`);
const TAGS = 10;
const CITIES = ["Москва", "Казань", "Самара", "Пермь", "Омск", "Тула", "Сочи", "Уфа", "Тверь", "Курск", "Орёл", "Псков", "Томск", "Чита", "Киров", "Брянск", "Липецк", "Пенза", "Рязань", "Вологда"];
/** The counted segment: carries tag 0 and is older than 60 (about 20 % × 30 % of the contacts). */
const FILTER = (tagId) => ({ tags: { any: [tagId] }, fields: [{ key: "age", op: "greater", value: 60 }] });

/**
 * Contacts on three platforms (1 in 50 unsubscribed, 1 in 200 blocked); each carries 2 of 10 tags
 * (tag k on about 20 %); every contact has an age (18–80) and a city, 1 in 3 a date of last order.
 */
function seed(file, accountId) {
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA foreign_keys = OFF;");
  const now = Date.now();
  const insC = db.prepare(
    "INSERT INTO contacts (id, account_id, platform, platform_user_id, name, is_test_contact, subscription, search_text, custom_fields, facts, first_seen_at, last_seen_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, ?, ?, '{}', '[]', ?, ?, ?, ?)",
  );
  const insTag = db.prepare("INSERT INTO tags (id, account_id, name, name_key, color, created_at, updated_at) VALUES (?, ?, ?, ?, '#7367F0', ?, ?)");
  const insField = db.prepare("INSERT INTO custom_fields (id, account_id, key, label, type, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  const insCT = db.prepare("INSERT INTO contact_tags (account_id, tag_id, contact_id, created_at) VALUES (?, ?, ?, ?)");
  const insV = db.prepare("INSERT INTO contact_field_values (account_id, contact_id, field_id, value_text, value_num, updated_at) VALUES (?, ?, ?, ?, ?, ?)");
  const platforms = ["TELEGRAM", "WHATSAPP", "INSTAGRAM"];
  db.exec("BEGIN");
  const tagIds = Array.from({ length: TAGS }, (_, k) => `tag${k}`);
  tagIds.forEach((id, k) => insTag.run(id, accountId, `Тег ${k}`, `тег ${k}`, now, now));
  insField.run("f-age", accountId, "age", "Возраст", "number", 0, now, now);
  insField.run("f-city", accountId, "city", "Город", "text", 1, now, now);
  insField.run("f-order", accountId, "last_order", "Последний заказ", "date", 2, now, now);
  const started = Date.now();
  for (let i = 0; i < CONTACTS; i++) {
    const cid = `c${i.toString(36).padStart(7, "0")}`;
    const name = `Контакт ${i}`;
    const sub = i % 200 === 7 ? "blocked" : i % 50 === 3 ? "unsubscribed" : "subscribed";
    const at = now - 90 * 86_400_000 + Math.floor((i / CONTACTS) * 89 * 86_400_000);
    insC.run(cid, accountId, platforms[i % 3], String(100000 + i), name, sub, name.toLowerCase(), at, at, at, at);
    const a = (i * 7) % TAGS;
    const b = (a + 1 + ((i * 13) % (TAGS - 1))) % TAGS;
    insCT.run(accountId, tagIds[a], cid, at);
    insCT.run(accountId, tagIds[b], cid, at);
    const age = 18 + ((i * 31) % 63);
    insV.run(accountId, cid, "f-age", String(age), age, at);
    insV.run(accountId, cid, "f-city", CITIES[(i * 11) % CITIES.length], null, at);
    if (i % 3 === 0) insV.run(accountId, cid, "f-order", new Date(at).toISOString().slice(0, 10), at - (at % 86_400_000), at);
    if (i % 10_000 === 9_999) {
      db.exec("COMMIT");
      process.stdout.write(`  seeded ${i + 1} contacts (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
      db.exec("BEGIN");
    }
  }
  db.exec("COMMIT");
  db.exec("ANALYZE");
  db.exec("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;");
  db.close();
  return tagIds[0];
}

/** The route's fixed cost: a segment matching nobody (an age no one has) walks the same route, look-ups included. */
const NOBODY = { fields: [{ key: "age", op: "greater", value: 1000 }] };

async function createSegment(token, accountId, name, filter) {
  const res = await fetch(`${BASE}/api/accounts/${accountId}/segments`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, filter }),
  });
  if (res.status !== 201) throw new Error(`segment: ${res.status} ${await res.text()}`);
  return (await res.json()).segmentId;
}

/** The floor: the statement the route counts with, compiled by the route's own code, on node:sqlite. */
async function floor(accountId, tagId) {
  const { register } = await import("tsx/esm/api");
  register();
  const { filterSql, reachable, countSql } = await import("../worker/features/audience/compile.ts");
  const db = new DatabaseSync(d1File(persist), { readOnly: true });
  const fields = new Map(db.prepare("SELECT id, key, type, options FROM custom_fields WHERE account_id = ?").all(accountId).map((r) => [r.key, { id: r.id, type: r.type, options: JSON.parse(r.options) }]));
  const ownTags = new Set(db.prepare("SELECT id FROM tags WHERE account_id = ?").all(accountId).map((r) => r.id));
  const f = reachable(filterSql(accountId, FILTER(tagId), { ownTags, fields, tz: "UTC" }));
  const stmt = db.prepare(countSql(f));
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${countSql(f)}`).all(...f.args).map((r) => r.detail);
  const samples = [];
  let rows = [];
  for (let i = 0; i < ITER + 20; i++) {
    const t0 = performance.now();
    rows = stmt.all(...f.args);
    const ms = performance.now() - t0;
    if (i >= 20) samples.push(ms);
  }
  db.close();
  return { ...stats(samples), total: rows.reduce((s, r) => s + Number(r.n), 0), plan };
}

async function main() {
  const meta = await seededOnce({ persist, port: PORT, what: `${CONTACTS} contacts with tags and custom field values`, seed: (file, accountId) => ({ tagId: seed(file, accountId) }) });
  const { token, accountId, tagId } = meta;
  const w = await startWrangler(PORT, persist);
  let h, empty;
  try {
    const segmentId = await createSegment(token, accountId, `Тег 0, старше 60 (${Date.now()})`, FILTER(tagId));
    const nobodyId = await createSegment(token, accountId, `Никто (${Date.now()})`, NOBODY);
    h = await timeGet(BASE, `/api/accounts/${accountId}/segments/${segmentId}/count`, token, ITER);
    h.body = JSON.parse(h.body);
    empty = await timeGet(BASE, `/api/accounts/${accountId}/segments/${nobodyId}/count`, token, ITER);
    if (JSON.parse(empty.body).total !== 0) throw new Error(`the empty segment counted ${empty.body}`);
    for (const id of [segmentId, nobodyId]) await fetch(`${BASE}/api/accounts/${accountId}/segments/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
  } finally {
    await w.stop();
  }
  const f = await floor(accountId, tagId);
  console.log(`\nAudience count: ${CONTACTS} contacts, segment "tag plus age > 60", ${ITER} timed requests (20 warm-up)`);
  console.log(`count: ${JSON.stringify(h.body)} (node:sqlite total ${f.total})`);
  console.log(`plan:\n  ${f.plan.join("\n  ")}`);
  console.log("query            | wrangler dev p50 / p99      | node:sqlite p50 / p99     | ratio p50");
  console.log(`segment count    | ${fmt(h.p50).padStart(10)} / ${fmt(h.p99).padStart(10)}   | ${fmt(f.p50).padStart(9)} / ${fmt(f.p99).padStart(9)}   | ${(h.p50 / f.p50).toFixed(1)}x`);
  console.log(`nobody (route)   | ${fmt(empty.p50).padStart(10)} / ${fmt(empty.p99).padStart(10)}   | the route's fixed cost: auth, membership, segment, look-ups, an empty count`);
  console.log(`load average: ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);
  console.log(`Target p50 ≤ 20 ms through wrangler dev: ${h.p50 <= 20 ? "met" : "NOT met"}${CONTACTS < 100_000 ? ` (only ${CONTACTS} contacts: preliminary)` : ""}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
