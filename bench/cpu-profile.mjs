// A CPU profile of the Worker thread under wrangler dev, through its inspector (`--inspector-port`,
// see BENCH_INSPECTOR_PORT in inbox-lib.mjs): samples for `seconds`, writes the .cpuprofile (open it
// in Chrome DevTools) and prints where the time went: self time per function and per source file,
// and the time under each of our functions (inclusive).
// Usage: node bench/cpu-profile.mjs <inspectorPort> <seconds> [out.cpuprofile] [--target=<title part>]
// or import { profile } from "./cpu-profile.mjs" and await profile({ port, until }) around a run.
import { writeFileSync } from "node:fs";
// `ws`, not Node's WebSocket: wrangler's inspector proxy refuses undici's handshake.
import WebSocket from "ws";

/** Connects to the first inspector target (or the one whose title contains `target`). */
async function connect(port, target) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const t = targets.find((x) => !target || String(x.title ?? x.id).includes(target)) ?? targets[0];
  if (!t) throw new Error(`no inspector target on ${port}`);
  const ws = new WebSocket(t.webSocketDebuggerUrl ?? `ws://127.0.0.1:${port}/${t.id}`);
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", (e) => reject(new Error(`inspector socket: ${e.message}`)));
  });
  let id = 0;
  const pending = new Map();
  ws.on("message", (data) => {
    const m = JSON.parse(String(data));
    if (m.id && pending.has(m.id)) {
      pending.get(m.id)(m);
      pending.delete(m.id);
    }
  });
  const call = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const n = ++id;
      pending.set(n, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result)));
      ws.send(JSON.stringify({ id: n, method, params }));
    });
  return { call, close: () => ws.close(), title: t.title };
}

/** Samples the Worker thread until `until` resolves; returns the profile. */
export async function profile({ port, until, target, intervalUs = 200 }) {
  const c = await connect(port, target);
  await c.call("Profiler.enable");
  await c.call("Profiler.setSamplingInterval", { interval: intervalUs });
  await c.call("Profiler.start");
  await until;
  const { profile: p } = await c.call("Profiler.stop");
  c.close();
  return p;
}

const short = (url) => (url || "(native)").replace(/^.*?\/(worker|durable-objects|node_modules)\//, "$1/").replace(/^file:\/\/.*\//, "");

/** Self and inclusive time per function, self time per file; `top` rows each. */
export function summarize(p, top = 40) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of p.nodes) for (const ch of n.children ?? []) parent.set(ch, n.id);
  const dt = new Map();
  for (let i = 0; i < p.samples.length; i++) dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i + 1] ?? p.timeDeltas[i] ?? 0));
  const key = (n) => `${n.callFrame.functionName || "(anonymous)"} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  const self = new Map();
  const file = new Map();
  const incl = new Map();
  let total = 0;
  let idle = 0;
  for (const [id, us] of dt) {
    const n = byId.get(id);
    total += us;
    if (n.callFrame.functionName === "(idle)") idle += us;
    self.set(key(n), (self.get(key(n)) ?? 0) + us);
    file.set(short(n.callFrame.url), (file.get(short(n.callFrame.url)) ?? 0) + us);
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const k = key(byId.get(cur));
      if (seen.has(k)) continue;
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + us);
    }
  }
  const rows = (m, filter = () => true) =>
    [...m]
      .filter(([k]) => filter(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `${(us / 1000).toFixed(1).padStart(9)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`)
      .join("\n");
  return [
    `profile: ${(total / 1000).toFixed(0)} ms sampled, idle ${(idle / 1000).toFixed(0)} ms (${((100 * idle) / total).toFixed(0)} %)`,
    "── self time per function ──",
    rows(self),
    "── self time per file ──",
    rows(file),
    "── inclusive time, our code ──",
    rows(incl, (k) => / (worker|durable-objects)\/|^(?!\(anonymous\))\S+ [^ ]*index\.js:/.test(k)),
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [port, seconds, out] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const target = process.argv.find((a) => a.startsWith("--target="))?.slice(9);
  const p = await profile({ port: Number(port), target, until: new Promise((r) => setTimeout(r, Number(seconds ?? 10) * 1000)) });
  if (out) writeFileSync(out, JSON.stringify(p));
  console.log(summarize(p));
}
