// Product search figure (issue 17 "Figures"): the assistant's `search_products` over 50 000 products
// of one account in a local D1 (wrangler's local persistence), through `wrangler dev` (the tool's
// own function behind the development route `GET /api/dev/search-products`: HTTP, auth,
// membership, the trigram match, bm25 ranking, the page's rows), p50/p99 per query. Beside it, the
// same statement (worker/features/products/search-sql.ts, the tool's own SQL) through a bare Worker
// on the same D1 (bench/audience-floor/) and on raw node:sqlite over the same file.
// Run: npm run bench -- products-search   or   node bench/products-search.mjs [--fresh] [--iterations=300]
// Size: BENCH_PRODUCTS (default 50 000). Target: p50 ≤ 10 ms, p99 ≤ 30 ms.
import { loadavg } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { start, waitForHttp, wranglerBin, wranglerDevEnv } from "../scripts/lib.mjs";
import { stop } from "./memory-lib.mjs";
import { d1File, fmt, inspectorArgs, root, seededOnce, startWrangler, stats, timeGet } from "./inbox-lib.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8796);
const BASE = `http://127.0.0.1:${PORT}`;
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 8797);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const ITER = Number(process.argv.find((a) => a.startsWith("--iterations="))?.split("=")[1] ?? 300);
const persist = join(root, ".wrangler", `bench-products-${PRODUCTS}`);

const KINDS = ["Плед", "Подушка", "Свеча", "Кружка", "Тарелка", "Ваза", "Полотенце", "Скатерть", "Корзина", "Лампа", "Ковёр", "Штора", "Чайник", "Рамка", "Зеркало", "Салфетка", "Покрывало", "Часы", "Органайзер", "Коврик"];
const ADJ = ["вязаный", "льняной", "шерстяной", "хлопковый", "бархатный", "керамический", "стеклянный", "деревянный", "плетёный", "фарфоровый", "латунный", "бамбуковый", "матовый", "глянцевый", "ароматический"];
const COLORS = ["белый", "молочный", "серый", "графит", "синий", "изумрудный", "терракотовый", "песочный", "розовый", "чёрный", "бежевый", "оливковый"];
const SIZES = ["S", "M", "L", "XL", "130×170", "150×200", "200×220", "30 см", "40 см", "350 мл"];
const fold = (s) => s.toLowerCase().replace(/ё/g, "е");

/** The queries timed: a typical two-word question, a broad word (every 20th product), a rare word with a price-ordered fallback (no query words ≥ 3: the account's in-stock products). */
const QUERIES = [
  { label: "«плед шерстяной» (two words)", query: "плед шерстян" },
  { label: "«свеча» (one broad word)", query: "свеча" },
  { label: "«изумрудный ковёр» in stock", query: "изумрудн ковер", inStockOnly: true },
  { label: "a SKU «SKU-0031338»", query: `SKU-${String(31338 % PRODUCTS).padStart(7, "0")}` },
];

/** Products in 10 categories of 4 subcategories; names from kind × adjective × colour, attributes, a description; 1 in 10 inactive. */
function seed(file, accountId) {
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF; PRAGMA foreign_keys = OFF;");
  const now = Date.now();
  const insCat = db.prepare("INSERT INTO product_categories (id, account_id, parent_id, name, name_key, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  const insP = db.prepare(
    `INSERT INTO products (id, account_id, sku, name, description, category_id, price, old_price, currency, availability, stock_count, images, link, active, attributes, search_name, search_body, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'RUB', ?, ?, '[]', ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.exec("BEGIN");
  const cats = [];
  for (let r = 0; r < 10; r++) {
    insCat.run(`cat${r}`, accountId, null, `Раздел ${r}`, `раздел ${r}`, r, now, now);
    for (let c = 0; c < 4; c++) {
      insCat.run(`cat${r}-${c}`, accountId, `cat${r}`, `Подраздел ${r}.${c}`, `подраздел ${r}.${c}`, c, now, now);
      cats.push(`cat${r}-${c}`);
    }
  }
  const started = Date.now();
  for (let i = 0; i < PRODUCTS; i++) {
    const kind = KINDS[i % KINDS.length];
    // independent digits of i: every kind meets every adjective, colour and size
    const adj = ADJ[Math.floor(i / KINDS.length) % ADJ.length];
    const color = COLORS[Math.floor(i / (KINDS.length * ADJ.length)) % COLORS.length];
    const size = SIZES[Math.floor(i / (KINDS.length * ADJ.length * COLORS.length)) % SIZES.length];
    const sku = `SKU-${String(i).padStart(7, "0")}`;
    const name = `${kind} ${adj} ${color} ${size}`;
    const attributes = [{ key: "Цвет", value: color }, { key: "Размер", value: size }, { key: "Материал", value: adj }];
    const description = `${kind} для дома из коллекции ${2020 + (i % 6)}. Бережная стирка, гарантия 1 год. Артикул поставщика ${i * 31}.`;
    const price = 19_900 + ((i * 7919) % 1_500_000);
    const at = now - (PRODUCTS - i) * 1000;
    insP.run(
      `p${i.toString(36).padStart(8, "0")}`,
      accountId,
      sku,
      name,
      description,
      cats[i % cats.length],
      price,
      i % 4 === 0 ? price + 50_000 : null,
      i % 9 === 0 ? "out_of_stock" : i % 13 === 0 ? "on_order" : "in_stock",
      i % 9 === 0 ? 0 : (i * 3) % 50,
      `https://shop.example/p/${i}`,
      i % 10 === 7 ? 0 : 1,
      JSON.stringify(attributes),
      fold(`${name} ${sku}`),
      fold([description, ...attributes.map((a) => `${a.key} ${a.value}`)].join(" ")),
      at,
      at,
    );
    if (i % 10_000 === 9_999) {
      db.exec("COMMIT");
      process.stdout.write(`  seeded ${i + 1} products (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
      db.exec("BEGIN");
    }
  }
  db.exec("COMMIT");
  db.exec("ANALYZE");
  db.exec("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;");
  db.close();
  return {};
}

/** The tool's statement for a query, built by the tool's own code (search-sql.ts, the columns of products.service.ts). */
async function statements(accountId) {
  const { register } = await import("tsx/esm/api");
  register();
  const { productTopSql, productWhere } = await import("../worker/features/products/search-sql.ts");
  const { PRODUCT_COLUMNS } = await import("../worker/features/products/products.service.ts");
  return QUERIES.map((q) => {
    const w = productWhere(accountId, { q: q.query, active: true, availability: q.inStockOnly ? "in_stock" : undefined });
    return { sql: productTopSql(PRODUCT_COLUMNS, w), args: [...w.args, 5] };
  });
}

function nodeFloor({ sql, args }) {
  const db = new DatabaseSync(d1File(persist), { readOnly: true });
  const stmt = db.prepare(sql);
  const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args).map((r) => r.detail);
  const samples = [];
  let rows = [];
  for (let i = 0; i < ITER + 20; i++) {
    const t0 = performance.now();
    rows = stmt.all(...args);
    if (i >= 20) samples.push(performance.now() - t0);
  }
  db.close();
  return { ...stats(samples), ids: rows.map((r) => r.id), plan };
}

async function workerFloor(sts) {
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
    for (const st of sts) out.push(await timeGet(base, path(st.sql, st.args), "", ITER));
    return out;
  } finally {
    await stop(child);
  }
}

const row = (label, t, note = "") => `${label.padEnd(40)} | ${fmt(t.p50).padStart(9)} / ${fmt(t.p99).padStart(9)} ${note}`;

async function main() {
  const meta = await seededOnce({ persist, port: PORT, what: `${PRODUCTS} products`, seed });
  const { token, accountId } = meta;
  const w = await startWrangler(PORT, persist);
  const ours = [];
  try {
    for (const q of QUERIES) {
      const qs = new URLSearchParams({ accountId, query: q.query, limit: "5", ...(q.inStockOnly ? { inStockOnly: "true" } : {}) });
      const t = await timeGet(BASE, `/api/dev/search-products?${qs}`, token, ITER);
      t.ids = JSON.parse(t.body).products.map((p) => p.productId);
      ours.push(t);
    }
  } finally {
    await w.stop();
  }
  const sts = await statements(accountId);
  const wf = await workerFloor(sts);
  const nf = sts.map(nodeFloor);
  console.log(`\nsearch_products: ${PRODUCTS} products in one account, top 5, ${ITER} timed requests per query (20 warm-up)`);
  console.log(`plan of the first query (node:sqlite):\n  ${nf[0].plan.join("\n  ")}`);
  console.log(`${"".padEnd(40)} |   p50     /   p99`);
  let met = true;
  QUERIES.forEach((q, i) => {
    if (JSON.stringify(ours[i].ids) !== JSON.stringify(nf[i].ids)) throw new Error(`${q.label}: the route found ${ours[i].ids}, node:sqlite ${nf[i].ids}`);
    console.log(`${q.label} → ${ours[i].ids.length} products`);
    console.log(row("  ours: search_products via wrangler dev", ours[i]));
    console.log(row("  floor: the statement in a bare Worker", wf[i], `(bench/audience-floor, same D1; ours ${(ours[i].p50 / wf[i].p50).toFixed(2)}× its p50)`));
    console.log(row("  raw SQLite (node:sqlite), same query", nf[i]));
    if (!(ours[i].p50 <= 10 && ours[i].p99 <= 30)) met = false;
  });
  console.log(`load average: ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);
  console.log(`Target p50 ≤ 10 ms and p99 ≤ 30 ms through wrangler dev, every query: ${met ? "met" : "NOT met"}${PRODUCTS < 50_000 ? ` (only ${PRODUCTS} products: preliminary)` : ""}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
