// Linux `perf` over a wrangler dev's workerd processes (PERF=1 in channels-ingest and inbox-sockets).
// The inspector's CPU profile (cpu-profile.mjs) sees only our Worker's JavaScript; under wrangler dev
// the same thread also runs D1 (SQLite inside a Durable Object), the queue broker and the room, and
// a second workerd process proxies every request and WebSocket frame. perf samples all of it, with
// native frames, so ours and the floor can be compared by what the machine did, not only by our JS.
import { spawn, spawnSync } from "node:child_process";

/** Whether `perf record` works here (installed, and allowed to attach to our processes). */
export function perfAvailable() {
  const r = spawnSync("perf", ["--version"], { stdio: "ignore" });
  return r.status === 0;
}

/**
 * Starts sampling `pids` (every thread) at `hz` into `out`; `stop()` ends it and resolves to the
 * summary of `summarizePerf`, for `ops` operations (posts, messages) of the measured run.
 */
export function perfRecord(pids, out, hz = 999) {
  const child = spawn("perf", ["record", "-F", String(hz), "-g", "-o", out, "-p", pids.join(",")], { stdio: "ignore" });
  const started = performance.now();
  return {
    async stop(ops) {
      const seconds = (performance.now() - started) / 1000;
      child.kill("SIGINT");
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
      return summarizePerf(out, { ops, hz, seconds });
    },
  };
}

// What a sample was doing, by the frames on its stack (first match wins, most specific first).
const CATEGORIES = [
  ["SQLite: commit to disk (WAL write, fsync)", /^(sqlite3PagerCommitPhaseOne|pagerWalFrames|sqlite3WalFrames|fsync|__libc_pwrite)$/],
  ["SQLite: statements", /^sqlite3_step$/],
  ["SQLite: prepare", /^(sqlite3_prepare|sqlite3LockAndPrepare|sqlite3Prepare)/],
  ["garbage collection", /^(v8::internal::Heap::CollectGarbage|v8::internal::ScavengerCollector|v8::internal::MarkCompactCollector|cppgc::internal::)/],
  ["socket writes (kernel)", /^(__send|__libc_send|__sendmsg|__libc_write|__write)$/],
  ["socket reads (kernel)", /^(__recv|__libc_recv|__libc_read|__read|epoll_wait|__GI_epoll_wait)$/],
  ["WebSocket frames (workerd)", /^(workerd::api::WebSocket::send|workerd::api::LegacyWebSocketAdapter|kj::\(anonymous namespace\)::WebSocket)/],
  ["JSON stringify/parse", /^(v8::internal::JsonStringify|v8::internal::Builtin_JsonStringify|v8::internal::JsonParser)/],
  ["HTTP and RPC plumbing (workerd)", /^(kj::HttpServer|kj::\(anonymous namespace\)::Http|capnp::|workerd::api::Fetcher::fetch|workerd::api::JsRpc)/],
];

// The workerd event a sample ran in: the innermost IoContext::runSingle frame of its stack names it.
const EVENTS = [
  ["a Durable Object's storage transaction (D1's batches)", /blockConcurrencyWhile|DurableObjectStorage::transaction/],
  ["an RPC call into a Worker or object (the room, D1's binding)", /JsRpcTarget/],
  ["a request into a Worker or object (webhooks, posts, D1's and the queue's fetches)", /WorkerEntrypoint::requestImpl|requestImpl/],
  ["JavaScript resumed after I/O (an await's continuation)", /resumeAfterIo/],
];

/**
 * Reads a perf.data: samples per process, and the share and milliseconds per operation of each
 * category above (a sample counts in the first category any frame of its stack matches; the rest is
 * "other: JavaScript, V8 and the event loop").
 */
export function summarizePerf(file, { ops, hz = 999, seconds } = {}) {
  const r = spawnSync("perf", ["script", "-i", file, "-F", "pid,tid,ip,sym"], { encoding: "utf8", maxBuffer: 1 << 30, stdio: ["ignore", "pipe", "ignore"] });
  if (r.status !== 0) return { text: `  perf script failed on ${file}` };
  const byProcess = new Map();
  const byCategory = new Map();
  const byEvent = new Map();
  let total = 0;
  for (const block of r.stdout.split(/\n\s*\n/)) {
    const lines = block.split("\n").filter((l) => l.trim());
    if (!lines.length) continue;
    const head = lines[0].trim().split(/\s+/);
    const pid = head.find((x) => /^\d+(\/\d+)?$/.test(x))?.split("/")[0] ?? "?";
    total++;
    byProcess.set(pid, (byProcess.get(pid) ?? 0) + 1);
    const frames = lines.slice(1).map((l) => l.trim().replace(/^[0-9a-f]+\s+/, ""));
    let cat = "other: JavaScript, V8 and the event loop";
    outer: for (const [name, re] of CATEGORIES) {
      for (const f of frames) {
        if (re.test(f)) {
          cat = name;
          break outer;
        }
      }
    }
    byCategory.set(cat, (byCategory.get(cat) ?? 0) + 1);
    const run = frames.find((f) => f.includes("IoContext::runSingle<"));
    const ev = run ? (EVENTS.find(([, re]) => re.test(run))?.[0] ?? "another workerd event") : "outside any Worker event (I/O, GC threads, the proxy's pumps)";
    byEvent.set(ev, (byEvent.get(ev) ?? 0) + 1);
  }
  const ms = (n) => (n * 1000) / hz;
  const perOp = (n) => (ops ? `, ${(ms(n) / ops).toFixed(3)} ms per op` : "");
  const lines = [`  perf (${file}): ${total} samples at ${hz} Hz = ${(ms(total) / 1000).toFixed(2)} s of CPU${seconds ? ` in ${seconds.toFixed(1)} s` : ""}${perOp(total)}`];
  const procs = [...byProcess].sort((a, b) => b[1] - a[1]);
  lines.push(`    by process: ${procs.map(([p, n]) => `${p} ${((100 * n) / total).toFixed(0)} %`).join(", ")} (the busiest runs the Worker, D1, the queues and the room; the other is wrangler's proxy)`);
  lines.push("    by what the sample was doing:");
  for (const [name, n] of [...byCategory].sort((a, b) => b[1] - a[1])) lines.push(`    ${((100 * n) / total).toFixed(1).padStart(5)} %  ${name}${perOp(n)}`);
  lines.push("    by the event it ran in:");
  for (const [name, n] of [...byEvent].sort((a, b) => b[1] - a[1])) lines.push(`    ${((100 * n) / total).toFixed(1).padStart(5)} %  ${name}${perOp(n)}`);
  return { total, byCategory: Object.fromEntries(byCategory), byEvent: Object.fromEntries(byEvent), byProcess: Object.fromEntries(byProcess), text: lines.join("\n") };
}
