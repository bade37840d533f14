// `npm run bench [name…] [-- --flag value…]`: runs the benchmarks one after another (each prints its own
// figures); flags (`--name value` or `--name=value`) go to every benchmark named, e.g. `npm run bench cost -- --conversations 100`.
// They measure this machine: run them on a quiet one. Names: bundle-size, inbox-queries,
// inbox-sockets, assistant-pipeline, channels-ingest, channels-latency, channels-outbound, audience-count, contact-import, broadcasts, flow-graph, products-search, billing, knowledge-retrieval, flow-runtime, flow-editor, analytics, exactly-once, cost, query-plans.
// Names choose benchmarks; `--flag value` pairs after them go to each chosen one (e.g. `exactly-once --messages 3000`).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const all = ["bundle-size", "inbox-queries", "inbox-sockets", "assistant-pipeline", "channels-ingest", "channels-latency", "channels-outbound", "audience-count", "contact-import", "broadcasts", "flow-graph", "products-search", "billing", "knowledge-retrieval", "flow-runtime", "flow-editor", "analytics", "exactly-once", "cost", "query-plans"];
const names = [];
const flags = [];
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a.startsWith("--")) {
    flags.push(a);
    if (!a.includes("=") && process.argv[i + 1] !== undefined && !process.argv[i + 1].startsWith("--") && !all.includes(process.argv[i + 1])) flags.push(process.argv[++i]);
  } else names.push(a);
}
const chosen = names.length ? names : all;
let failed = 0;
for (const name of chosen) {
  if (!all.includes(name)) {
    console.error(`unknown benchmark ${name}; one of: ${all.join(", ")}`);
    process.exit(2);
  }
  console.log(`\n━━ bench: ${name} ━━`);
  const r = spawnSync(process.execPath, [fileURLToPath(new URL(`./${name}.mjs`, import.meta.url)), ...(name === "bundle-size" ? ["--build"] : []), ...flags], { stdio: "inherit" });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
