// `npm test`: typecheck, worker tests, web unit tests, end-to-end tests; then one closing line
// "N passed, N failed" counted over every test of every step.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { root } from "./lib.mjs";

const out = join(root, "test-results");
mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);
const node = process.execPath;
const bin = (p) => join(root, "node_modules", p);

const steps = [
  { name: "typecheck", args: [bin("typescript/bin/tsc"), "-p", "tsconfig.json", "--noEmit"] },
  { name: "worker", args: [bin("vitest/vitest.mjs"), "run", "--config", "vitest.worker.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${join(out, "worker.json")}`], report: "worker.json" },
  { name: "web", args: [bin("vitest/vitest.mjs"), "run", "--config", "vitest.web.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${join(out, "web.json")}`], report: "web.json" },
  { name: "e2e", args: [bin("@playwright/test/cli.js"), "test"], report: "e2e.json", playwright: true },
].filter((s) => !only.length || only.includes(s.name));

let passed = 0;
let failed = 0;
let skipped = 0;
const summary = [];
for (const step of steps) {
  if (step.report) rmSync(join(out, step.report), { force: true });
  const started = Date.now();
  console.log(`\n━━ ${step.name} ━━`);
  const r = spawnSync(node, step.args, { cwd: root, stdio: "inherit", env: { ...process.env, FORCE_COLOR: "0" } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  let p = 0;
  let f = 0;
  let s = 0;
  const reportPath = step.report && join(out, step.report);
  if (reportPath && existsSync(reportPath)) {
    const rep = JSON.parse(readFileSync(reportPath, "utf8"));
    if (step.playwright) {
      p = rep.stats?.expected ?? 0;
      f = (rep.stats?.unexpected ?? 0) + (rep.stats?.flaky ?? 0) * 0;
      s = rep.stats?.skipped ?? 0;
    } else {
      p = rep.numPassedTests ?? 0;
      f = rep.numFailedTests ?? 0;
      s = (rep.numPendingTests ?? 0) + (rep.numTodoTests ?? 0);
    }
    if (r.status !== 0 && f === 0) f = 1; // the step failed outside any test (setup, collection)
  } else {
    if (r.status === 0) p = 1;
    else f = 1;
  }
  passed += p;
  failed += f;
  skipped += s;
  summary.push(`${step.name.padEnd(10)} ${r.status === 0 ? "ok  " : "FAIL"} ${p} passed, ${f} failed${s ? `, ${s} skipped` : ""} (${secs}s)`);
}
console.log("\n━━ summary ━━");
for (const line of summary) console.log(line);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed ? 1 : 0);
