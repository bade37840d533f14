// Small helpers shared by the project's scripts (start, seed, e2e server, benchmarks).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));

let capturing = false;
/**
 * From now on `run` keeps the commands' output instead of printing it (`npm start` without
 * --verbose); a failing command's error carries the output as `error.output`.
 */
export function captureRunOutput(on = true) {
  capturing = on;
}

/** Runs a command to completion, inheriting output (or capturing it, see captureRunOutput); throws on failure. */
export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: capturing ? "pipe" : "inherit", env: { ...process.env, ...opts.env }, shell: false, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) {
    const error = new Error(`${cmd} ${args.join(" ")} exited with ${r.status}`);
    if (capturing) error.output = `${r.stdout ?? ""}${r.stderr ?? ""}`;
    throw error;
  }
}

/**
 * Runs commands (`[cmd, args]`) at the same time and waits for all of them (inheriting output, or
 * capturing it as `run` does); throws when any fails. On a loaded machine two processes get two
 * shares of the CPU: the wall time is nearer the longer one than the sum.
 */
export function runParallel(commands, opts = {}) {
  const q = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;
  const starts = commands.map(([cmd, args], i) => `${[cmd, ...args].map(q).join(" ")} & p${i}=$!`);
  const waits = commands.map((_, i) => `wait "$p${i}" || fail=1`);
  const script = [...starts, "fail=0", ...waits, "exit $fail"].join("\n");
  run("sh", ["-c", script], opts);
}

/** Starts a long-running command; returns the child. */
export function start(cmd, args, opts = {}) {
  return spawn(cmd, args, { cwd: root, stdio: opts.stdio ?? "inherit", env: { ...process.env, ...opts.env } });
}

/** Reads KEY=VALUE lines of a .dev.vars-style file. */
export function readVars(path) {
  if (!existsSync(path)) return {};
  const out = {};
  for (const line of readFileSync(path, "utf8").split(/\r?\n/)) {
    const m = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (m) out[m[1]] = m[2].replace(/^"(.*)"$/, "$1");
  }
  return out;
}

export async function waitForHttp(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up in ${timeoutMs} ms`);
}

/** The wrangler binary run by the Node that runs this script (Node 22 from the devDependency). */
export const wranglerBin = fileURLToPath(new URL("../node_modules/wrangler/bin/wrangler.js", import.meta.url));
export const viteBin = fileURLToPath(new URL("../node_modules/vite/bin/vite.js", import.meta.url));

/**
 * Environment for `wrangler dev`: no metrics, and no local trace store. wrangler dev otherwise
 * streams a trace of every invocation (each log line, D1 call and fetch) to a collector worker that
 * writes them to SQLite for its local explorer: on a 2-core machine that doubles the cost of a
 * request. Set X_LOCAL_OBSERVABILITY=true to get the traces back.
 */
export const wranglerDevEnv = { WRANGLER_SEND_METRICS: "false", X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? "false" };
