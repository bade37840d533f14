// Contact import figure (issue 15: "A 50 000-row file imports without timing out (split it into queue
// jobs) and shows progress"): a generated CSV of BENCH_IMPORT_ROWS rows (default 50 000) uploaded to
// `POST …/contacts/import` through `wrangler dev`, its progress polled at `GET …/contacts/import/{id}`
// until it completes; prints the upload time, the total time, rows/s, and checks the counts exactly
// (a first small import makes 1 000 of the phones existing contacts, so updates are counted too).
// BENCH_IMPORT_FORMAT=xlsx uploads the same rows as an XLSX workbook (read by read-excel-file in the Worker).
// Run: npm run bench -- contact-import   or   node bench/contact-import.mjs
import { rmSync } from "node:fs";
import { join } from "node:path";
import writeXlsxFile from "write-excel-file/universal";
import { ensureAssets, migrate, root, startWrangler, userWithAccount } from "./inbox-lib.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8795);
const BASE = `http://127.0.0.1:${PORT}`;
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const FORMAT = process.env.BENCH_IMPORT_FORMAT === "xlsx" ? "xlsx" : "csv";
const persist = join(root, ".wrangler", "bench-contact-import");
const CITIES = ["Москва", "Казань", "Самара", "Пермь", "Омск"];
const phone = (i) => `+7 ${String(9120000000 + i).replace(/^(\d{3})(\d{3})(\d{2})(\d{2})$/, "$1 $2-$3-$4")}`;

/** Row i (0-based) of the big file: 1 in 100 a bad phone (refused), 1 in 250 repeats the row before (skipped). */
function row(i) {
  const bad = i % 100 === 99;
  const dup = i % 250 === 123;
  const p = bad ? "12" : phone(dup ? i - 1 : i);
  return `Клиент ${i};${p};${18 + (i % 60)};${CITIES[i % CITIES.length]};${i % 3 === 0 ? "VIP, опт" : "новый"}`;
}

function expected(existing) {
  let failed = 0, skipped = 0, updated = 0;
  for (let i = 0; i < ROWS; i++) {
    if (i % 100 === 99) failed++;
    else if (i % 250 === 123) skipped++;
    else if (i < existing) updated++;
  }
  return { created: ROWS - failed - skipped - updated, updated, skipped, failed };
}

async function call(method, path, token, body) {
  const res = await fetch(`${BASE}/api${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body && !(body instanceof FormData) ? { "content-type": "application/json" } : {}) }, body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function importFile(token, accountId, name, lines) {
  const form = new FormData();
  if (name.endsWith(".xlsx")) {
    const sheet = lines.map((l) => l.split(";").map((v) => (v ? { value: v } : null)));
    form.set("file", new File([await (await writeXlsxFile(sheet).toBlob()).arrayBuffer()], name));
  } else form.set("file", new File(["\uFEFF" + lines.join("\r\n")], name, { type: "text/csv" }));
  form.set("mapping", JSON.stringify({ columns: ["name", "phone", "field:age", "field:city", "tags"], dedupe: "phone", platform: null }));
  const t0 = performance.now();
  const started = await call("POST", `/accounts/${accountId}/contacts/import`, token, form);
  const uploaded = performance.now() - t0;
  let job = started;
  let polls = 0;
  while (job.status === "running") {
    await new Promise((r) => setTimeout(r, 250));
    job = await call("GET", `/accounts/${accountId}/contacts/import/${started.importId}`, token);
    if (++polls % 20 === 0) process.stdout.write(`  ${name}: ${job.progress}% (${job.processedRows} of ${job.totalRows} rows)\n`);
  }
  return { job, uploaded, total: performance.now() - t0 };
}

async function main() {
  ensureAssets();
  rmSync(persist, { recursive: true, force: true });
  migrate(persist);
  const w = await startWrangler(PORT, persist);
  try {
    const { token, accountId } = await userWithAccount(BASE, "Импорт");
    await call("POST", `/accounts/${accountId}/custom-fields`, token, { key: "age", label: "Возраст", type: "number" });
    await call("POST", `/accounts/${accountId}/custom-fields`, token, { key: "city", label: "Город", type: "select", options: CITIES });
    const header = "Имя;Телефон;Возраст;Город;Теги";
    const EXISTING = Math.min(1000, ROWS);
    const first = await importFile(token, accountId, "existing.csv", [header, ...Array.from({ length: EXISTING }, (_, i) => `Старый ${i};${phone(i)};;;`)]);
    if (first.job.created !== EXISTING) throw new Error(`setup import: ${JSON.stringify(first.job)}`);
    const big = await importFile(token, accountId, `contacts-50k.${FORMAT}`, [header, ...Array.from({ length: ROWS }, (_, i) => row(i))]);
    const want = expected(EXISTING);
    const got = { created: big.job.created, updated: big.job.updated, skipped: big.job.skipped, failed: big.job.failed };
    const contacts = await call("GET", `/accounts/${accountId}/contacts?limit=5`, token);
    const exact = JSON.stringify(got) === JSON.stringify(want) && big.job.status === "completed" && contacts.meta.total === EXISTING + want.created;
    console.log(`\nContact import: ${ROWS} rows (${FORMAT.toUpperCase()}, ${Math.ceil(ROWS / 1000)} chunks of 1 000 on assistly-jobs), through wrangler dev`);
    console.log(`upload and queueing: ${(big.uploaded / 1000).toFixed(2)} s; upload to completed: ${(big.total / 1000).toFixed(1)} s; ${Math.round(ROWS / (big.total / 1000))} rows/s`);
    console.log(`counts: ${JSON.stringify(got)}; expected ${JSON.stringify(want)}; contacts in the account ${contacts.meta.total} (expected ${EXISTING + want.created})`);
    console.log(`exact: ${exact ? "yes" : "NO"}`);
    if (!exact) process.exitCode = 1;
  } finally {
    await w.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
