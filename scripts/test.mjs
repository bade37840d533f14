// `npm test`: typecheck, worker tests, web unit tests, end-to-end tests; then one closing line
// "N passed, N failed" counted over every test of every step.
// The worker tests run one file at a time (vitest's default on two cores), so the typecheck and the
// web unit tests run beside them on the other core, their output held and printed when they end; the
// end-to-end tests, which time a browser against a server, run alone afterwards.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { root } from "./lib.mjs";

const out = join(root, "test-results");
mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);
const node = process.execPath;
const bin = (p) => join(root, "node_modules", p);

const steps = [
  { name: "typecheck", args: [bin("typescript/bin/tsc"), "-p", "tsconfig.json", "--noEmit"], beside: true },
  { name: "worker", args: [bin("vitest/vitest.mjs"), "run", "--config", "vitest.worker.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${join(out, "worker.json")}`], report: "worker.json" },
  { name: "web", args: [bin("vitest/vitest.mjs"), "run", "--config", "vitest.web.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${join(out, "web.json")}`], report: "web.json", beside: true },
  { name: "e2e", args: [bin("@playwright/test/cli.js"), "test"], report: "e2e.json", playwright: true },
].filter((s) => !only.length || only.includes(s.name));

let passed = 0;
let failed = 0;
let skipped = 0;
const summary = new Map();
const env = { ...process.env, FORCE_COLOR: "0" };

/** Runs a step in the background with its output held; resolves to its exit status. */
function runBeside(step) {
  return new Promise((resolve) => {
    const child = spawn(node, step.args, { cwd: root, env });
    const chunks = [];
    child.stdout.on("data", (c) => chunks.push(c));
    child.stderr.on("data", (c) => chunks.push(c));
    child.on("close", (status) => resolve({ status, output: Buffer.concat(chunks).toString() }));
  });
}

function count(step, status, secs) {
  let p = 0;
  let f = 0;
  let s = 0;
  const reportPath = step.report && join(out, step.report);
  if (reportPath && existsSync(reportPath)) {
    const rep = JSON.parse(readFileSync(reportPath, "utf8"));
    if (step.playwright) {
      p = rep.stats?.expected ?? 0;
      f = rep.stats?.unexpected ?? 0;
      s = rep.stats?.skipped ?? 0;
    } else {
      p = rep.numPassedTests ?? 0;
      f = rep.numFailedTests ?? 0;
      s = (rep.numPendingTests ?? 0) + (rep.numTodoTests ?? 0);
    }
    if (status !== 0 && f === 0) f = 1; // the step failed outside any test (setup, collection)
  } else if (status === 0) p = 1;
  else f = 1;
  passed += p;
  failed += f;
  skipped += s;
  summary.set(step.name, `${step.name.padEnd(10)} ${status === 0 ? "ok  " : "FAIL"} ${p} passed, ${f} failed${s ? `, ${s} skipped` : ""} (${secs}s)`);
}

for (const step of steps) if (step.report) rmSync(join(out, step.report), { force: true });
const background = steps
  .filter((s) => s.beside && steps.length > 1)
  .map((step) => {
    const started = Date.now();
    return runBeside(step).then((r) => ({ step, ...r, secs: ((Date.now() - started) / 1000).toFixed(1) }));
  });
for (const step of steps.filter((s) => !s.beside || steps.length === 1)) {
  if (step.playwright) {
    // Everything beside the worker tests has ended before the browser tests start.
    for (const b of await Promise.all(background.splice(0))) {
      console.log(`\n━━ ${b.step.name} ━━\n${b.output}`);
      count(b.step, b.status, b.secs);
    }
  }
  const started = Date.now();
  console.log(`\n━━ ${step.name} ━━`);
  // Asynchronous, so the steps beside it keep draining their output (a blocked pipe would stall them).
  const status = await new Promise((resolve) => spawn(node, step.args, { cwd: root, stdio: "inherit", env }).on("close", resolve));
  count(step, status, ((Date.now() - started) / 1000).toFixed(1));
}
for (const b of await Promise.all(background)) {
  console.log(`\n━━ ${b.step.name} ━━\n${b.output}`);
  count(b.step, b.status, b.secs);
}
console.log("\n━━ summary ━━");
for (const step of steps) if (summary.has(step.name)) console.log(summary.get(step.name));
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed ? 1 : 0);
