// `npm run bench [name…]`: runs the benchmarks one after another (each prints its own figures).
// They measure this machine: run them on a quiet one. Names: bundle-size, inbox-queries,
// inbox-sockets, assistant-pipeline, exactly-once, channels-ingest, channels-latency, channels-outbound, audience-count, contact-import, broadcasts, flow-graph, products-search, billing, knowledge-retrieval, flow-runtime, flow-editor, analytics.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const all = ["bundle-size", "inbox-queries", "inbox-sockets", "assistant-pipeline", "channels-ingest", "channels-latency", "channels-outbound", "audience-count", "contact-import", "broadcasts", "flow-graph", "products-search", "billing", "knowledge-retrieval", "flow-runtime", "flow-editor", "analytics", "exactly-once"];
// Names choose benchmarks; `--flag value` pairs after them go to each chosen one (e.g. `exactly-once --messages 3000`).
const args = process.argv.slice(2);
const flags = args.flatMap((a, i) => (a.startsWith("--") ? [a] : i > 0 && args[i - 1].startsWith("--") && !args[i - 1].includes("=") ? [a] : []));
const names = args.filter((a) => !flags.includes(a));
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
