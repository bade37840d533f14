// Audience count figure (issue 15 "Figures"): 100 000 contacts with tags and custom field values in
// a local D1 (wrangler's local persistence), a segment "tag plus a custom field condition", and its
// live count (`GET …/segments/{id}/count`, per channel) through `wrangler dev` (p50/p99 over HTTP,
// auth, membership, the segment row and the filter's look-ups included). Floors from the same run:
// the same count statement (compiled by worker/features/audience/compile.ts) through a bare Worker
// under wrangler dev on the same local D1 (bench/audience-floor/), and on raw node:sqlite over the
// same file. node:sqlite keeps INTERSECT and sort B-trees in temporary files, workerd in memory, so
// the Worker floor is the one the route is measured against.
// Run: npm run bench -- audience-count   or   node bench/audience-count.mjs [--fresh] [--iterations=300]
// Size: BENCH_AUDIENCE_CONTACTS (default 100 000). Target: p50 ≤ 20 ms.
import { loadavg } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { start, waitForHttp, wranglerBin, wranglerDevEnv } from "../scripts/lib.mjs";
import { stop } from "./memory-lib.mjs";
import { d1File, fmt, root, seededOnce, startWrangler, stats, timeGet } from "./inbox-lib.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8794);
const BASE = `http://127.0.0.1:${PORT}`;
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 8793);
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

/** The statement the route counts with, compiled by the route's own code (worker/features/audience/compile.ts). */
async function statement(accountId, tagId) {
  const { register } = await import("tsx/esm/api");
  register();
  const { filterSql, reachable, countSql } = await import("../worker/features/audience/compile.ts");
  const db = new DatabaseSync(d1File(persist), { readOnly: true });
  const fields = new Map(db.prepare("SELECT id, key, type, options FROM custom_fields WHERE account_id = ?").all(accountId).map((r) => [r.key, { id: r.id, type: r.type, options: JSON.parse(r.options) }]));
  const ownTags = new Set(db.prepare("SELECT id FROM tags WHERE account_id = ?").all(accountId).map((r) => r.id));
  db.close();
  const f = reachable(filterSql(accountId, FILTER(tagId), { ownTags, fields, tz: "UTC" }));
  return { sql: countSql(f), args: f.args };
}

/** Floor 1: the statement alone on raw node:sqlite over the same file (no Worker, no HTTP). */
function nodeFloor({ sql, args }) {
  const db = new DatabaseSync(d1File(persist), { readOnly: true });
  const stmt = db.prepare(sql);
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args).map((r) => r.detail);
  const samples = [];
  let rows = [];
  for (let i = 0; i < ITER + 20; i++) {
    const t0 = performance.now();
    rows = stmt.all(...args);
    const ms = performance.now() - t0;
    if (i >= 20) samples.push(ms);
  }
  db.close();
  return { ...stats(samples), total: rows.reduce((s, r) => s + Number(r.n), 0), plan };
}

/**
 * Floor 2 (bench/audience-floor/): the statement through a Worker that does nothing else, under
 * wrangler dev on the same local D1 — what "through wrangler dev" costs at the least; and a
 * `SELECT 1` through it (the HTTP and D1 round trip alone).
 */
async function workerFloor({ sql, args }) {
  const config = join(root, "bench/audience-floor/wrangler.toml");
  const child = start(process.execPath, [wranglerBin, "dev", "--config", config, "--ip", "127.0.0.1", "--port", String(FLOOR_PORT), "--persist-to", persist, "--show-interactive-dev-session=false", "--log-level", "error"], {
    env: { CI: "1", ...wranglerDevEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${FLOOR_PORT}`;
  const path = (q, a) => `/?sql=${encodeURIComponent(q)}&args=${encodeURIComponent(JSON.stringify(a))}`;
  try {
    await waitForHttp(`${base}${path("SELECT 1", [])}`, 90_000);
    const count = await timeGet(base, path(sql, args), "", ITER);
    const one = await timeGet(base, path("SELECT 1", []), "", ITER);
    return { count, one, total: JSON.parse(count.body).reduce((s, r) => s + Number(r.n), 0) };
  } finally {
    await stop(child);
  }
}

const row = (label, t, note = "") => `${label.padEnd(44)} | ${fmt(t.p50).padStart(9)} / ${fmt(t.p99).padStart(9)} ${note}`;

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
  const st = await statement(accountId, tagId);
  const wf = await workerFloor(st);
  const nf = nodeFloor(st);
  if (wf.total !== h.body.total || nf.total !== h.body.total) throw new Error(`counts differ: route ${h.body.total}, worker floor ${wf.total}, node:sqlite ${nf.total}`);
  console.log(`\nAudience count: ${CONTACTS} contacts, segment "tag plus age > 60", ${ITER} timed requests (20 warm-up)`);
  console.log(`count: ${JSON.stringify(h.body)}`);
  console.log(`plan (node:sqlite):\n  ${nf.plan.join("\n  ")}`);
  console.log(`${"".padEnd(44)} |   p50     /   p99`);
  console.log(row("ours: GET …/segments/{id}/count", h, `(${(h.p50 / wf.count.p50).toFixed(2)}× the Worker floor)`));
  console.log(row("ours, a segment matching nobody", empty, "(the route's fixed cost: auth, membership, segment, look-ups)"));
  console.log(row("floor: the statement in a bare Worker", wf.count, "(bench/audience-floor, same D1)"));
  console.log(row("floor: SELECT 1 in the bare Worker", wf.one, "(HTTP + D1 round trip)"));
  console.log(row("floor: the statement on node:sqlite", nf));
  console.log(`load average: ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);
  console.log(`Target p50 ≤ 20 ms through wrangler dev: ${h.p50 <= 20 ? "met" : "NOT met"}${CONTACTS < 100_000 ? ` (only ${CONTACTS} contacts: preliminary)` : ""}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
