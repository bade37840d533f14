// Knowledge retrieval figure (issue 17 "Figures"): 10 000 chunks in one account's knowledge base
// (400 documents of 24 chunks and 400 FAQ entries, generated Russian shop text, indexed with the
// Worker's own chunk stems), and the search the assistant makes before answering, timed two ways:
// through `wrangler dev` (`GET …/knowledge/search?q=…`: HTTP, session, membership, FTS5 MATCH with
// BM25, the join to chunks and sources), the same statement in a bare Worker on the same D1
// (bench/audience-floor: no auth, no membership, no stemming, one prepared statement: the floor
// wrangler dev and D1 set) and on raw node:sqlite over the same file. Prints ours / floor.
// Run: npm run bench -- knowledge-retrieval   or   node bench/knowledge-retrieval.mjs [--fresh] [--iterations=300]
// Size: BENCH_KNOWLEDGE_CHUNKS (default 10 000). Target: p50 ≤ 10 ms.
import { loadavg } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { start, waitForHttp, wranglerBin, wranglerDevEnv } from "../scripts/lib.mjs";
import { stop } from "./memory-lib.mjs";
import { d1File, fmt, inspectorArgs, root, seededOnce, startWrangler, stats, timeGet } from "./inbox-lib.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8795);
const BASE = `http://127.0.0.1:${PORT}`;
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 8798);
const CHUNKS = Number(process.env.BENCH_KNOWLEDGE_CHUNKS ?? 10_000);
const ITER = Number(process.argv.find((a) => a.startsWith("--iterations="))?.split("=")[1] ?? 300);
const persist = join(root, ".wrangler", `bench-knowledge-${CHUNKS}`);

const { register } = await import("tsx/esm/api");
register();
const { stemText, queryTerms } = await import("../worker/features/knowledge/stemmer.ts");
const { matchExpression, FTS_SQL } = await import("../worker/features/knowledge/retrieval.ts");

const GOODS = ["плед", "скатерть", "чайник", "кружка", "подушка", "одеяло", "ваза", "свеча", "полотенце", "штора", "ковёр", "лампа", "сковорода", "кастрюля", "тарелка", "бокал", "корзина", "зеркало", "часы", "рамка"];
const TOPICS = [
  "доставка курьером по городу занимает один-два дня, стоимость зависит от веса заказа",
  "возврат товара возможен в течение четырнадцати дней при сохранении упаковки и ярлыков",
  "оплата картой на сайте, через систему быстрых платежей или наличными курьеру",
  "уход: стирать при сорока градусах, не отбеливать, гладить с изнанки",
  "гарантия производителя двенадцать месяцев, сервисный центр принимает по будням",
  "подарочная упаковка и открытка с пожеланием добавляются в комментарии к заказу",
  "размеры и цвета уточняйте в карточке товара, остатки обновляются каждый час",
  "скидка постоянным покупателям и бонусы за отзывы начисляются после получения",
];
const QUESTIONS = ["Можно ли вернуть плед, если не подошёл цвет?", "Сколько стоит доставка чайника?", "Как стирать полотенца?", "Есть ли гарантия на лампу?"];

function chunkText(doc, i) {
  const g = GOODS[(doc + i) % GOODS.length];
  const t = TOPICS[(doc * 3 + i) % TOPICS.length];
  const t2 = TOPICS[(doc + i * 5) % TOPICS.length];
  return `Раздел ${i + 1}. ${g[0].toUpperCase()}${g.slice(1)} из коллекции ${doc + 1}: ${t}. Для товаров категории «${GOODS[(doc * 7 + i) % GOODS.length]}» ${t2}. Артикул ${100000 + doc * 100 + i}, материал и состав указаны на этикетке; по вопросам заказа пишите в мессенджер.`.repeat(2);
}

/** Sources and chunks written straight into the D1 file, with the index rows the Worker would write. */
function seed(file, accountId) {
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA foreign_keys = OFF;");
  const now = Date.now();
  const insS = db.prepare("INSERT INTO knowledge_sources (id, account_id, kind, title, status, question, answer, size_bytes, char_count, chunk_count, indexed_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'indexed', ?, ?, ?, ?, ?, ?, ?, ?)");
  const insC = db.prepare("INSERT INTO knowledge_chunks (account_id, source_id, position, text) VALUES (?, ?, ?, ?)");
  const insF = db.prepare("INSERT INTO knowledge_fts (rowid, acct, src, kind, stems) VALUES (?, ?, ?, ?, ?)");
  db.exec("BEGIN");
  const faqs = Math.round(CHUNKS * 0.04);
  const perDoc = 24;
  const docs = Math.ceil((CHUNKS - faqs) / perDoc);
  let written = 0;
  const add = (id, kind, title, texts, q = "", a = "") => {
    insS.run(id, accountId, kind, title, q, a, texts.join("").length * 2, texts.join("").length, texts.length, now, now, now);
    texts.forEach((text, position) => {
      const r = insC.run(accountId, id, position, text);
      insF.run(Number(r.lastInsertRowid), accountId, id, kind, stemText(text));
      written++;
    });
  };
  for (let d = 0; d < docs && written < CHUNKS - faqs; d++) {
    const n = Math.min(perDoc, CHUNKS - faqs - written);
    add(`benchdoc${d.toString(36).padStart(6, "0")}`, "document", `Каталог, часть ${d + 1}`, Array.from({ length: n }, (_, i) => chunkText(d, i)));
  }
  for (let f = 0; f < faqs; f++) {
    const g = GOODS[f % GOODS.length];
    const q = `Как выбрать ${g} для дома №${f + 1}?`;
    const a = `${TOPICS[f % TOPICS.length]}; ${g} есть в нескольких размерах.`;
    add(`benchfaq${f.toString(36).padStart(6, "0")}`, "faq", q, [`Вопрос: ${q}\nОтвет: ${a}`], q, a);
  }
  db.exec("COMMIT");
  db.exec("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;");
  db.close();
  return { chunks: written };
}

/** The same statement the route runs (worker/features/knowledge/retrieval.ts), on raw node:sqlite. */
function nodeSide(accountId, q) {
  const db = new DatabaseSync(d1File(persist), { readOnly: true });
  const expr = matchExpression(accountId, { everything: true }, queryTerms(q));
  const stmt = db.prepare(FTS_SQL);
  const samples = [];
  let rows = [];
  for (let i = 0; i < ITER + 20; i++) {
    const t0 = performance.now();
    rows = stmt.all(expr, accountId, 20);
    if (i >= 20) samples.push(performance.now() - t0);
  }
  db.close();
  return { ...stats(samples), rows: rows.length };
}

/** The same statement and arguments, through a bare Worker on the same D1 (bench/audience-floor). */
async function workerFloor(accountId) {
  const config = join(root, "bench/audience-floor/wrangler.toml");
  const child = start(process.execPath, [wranglerBin, "dev", "--config", config, "--ip", "127.0.0.1", "--port", String(FLOOR_PORT), "--persist-to", persist, "--show-interactive-dev-session=false", "--log-level", "error", ...inspectorArgs(1)], {
    env: { CI: "1", ...wranglerDevEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${FLOOR_PORT}`;
  const path = (q, a) => `/?sql=${encodeURIComponent(q)}&args=${encodeURIComponent(JSON.stringify(a))}`;
  try {
    await waitForHttp(`${base}${path("SELECT 1", [])}`, 90_000);
    const out = [];
    for (const q of QUESTIONS) {
      const expr = matchExpression(accountId, { everything: true }, queryTerms(q));
      out.push(await timeGet(base, path(FTS_SQL, [expr, accountId, 20]), "", Math.ceil(ITER / QUESTIONS.length)));
    }
    return out;
  } finally {
    await stop(child);
  }
}

const row = (label, t, note = "") => `${label.padEnd(52)} | ${fmt(t.p50).padStart(9)} / ${fmt(t.p99).padStart(9)} ${note}`;

async function main() {
  const meta = await seededOnce({ persist, port: PORT, what: `${CHUNKS} knowledge chunks`, seed });
  const { token, accountId } = meta;
  const w = await startWrangler(PORT, persist);
  const http = [];
  try {
    for (const q of QUESTIONS) http.push({ q, ...(await timeGet(BASE, `/api/accounts/${accountId}/knowledge/search?q=${encodeURIComponent(q)}`, token, Math.ceil(ITER / QUESTIONS.length))) });
  } finally {
    await w.stop();
  }
  const floor = await workerFloor(accountId);
  console.log(`\nKnowledge retrieval: ${meta.chunks} chunks in one account, ${ITER} timed searches over ${QUESTIONS.length} questions (20 warm-up each)`);
  console.log(`${"".padEnd(52)} |   p50     /   p99`);
  http.forEach((h, i) => {
    const body = JSON.parse(h.body);
    console.log(row(`ours, wrangler dev: «${h.q}»`, h, `(${body.results.length} results, top «${body.results[0]?.title ?? "—"}», covered ${body.covered})`));
    console.log(row("  floor: the statement in a bare Worker", floor[i], `(same D1; ours ${(h.p50 / floor[i].p50).toFixed(2)}× its p50)`));
    console.log(row("  node:sqlite, the same statement", nodeSide(accountId, h.q)));
  });
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`median of the questions' p50: ours ${fmt(med(http.map((h) => h.p50)))}, floor ${fmt(med(floor.map((f) => f.p50)))}`);
  const all = http.flatMap((h) => h.samples ?? []);
  const p50 = all.length ? stats(all).p50 : http.map((h) => h.p50).sort((a, b) => a - b)[Math.floor(http.length / 2)];
  console.log(`load average: ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);
  console.log(`Target p50 ≤ 10 ms through wrangler dev: ${p50 <= 10 ? "met" : "NOT met"} (median of the questions' p50: ${fmt(p50)})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
