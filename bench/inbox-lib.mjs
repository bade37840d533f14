// Shared bits of the inbox benchmarks: a wrangler dev on its own persist dir, a user with an account, percentiles.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import { root, run, start, viteBin, waitForHttp, wranglerBin, wranglerDevEnv } from "../scripts/lib.mjs";

export { root };
const quiet = { CI: "1", WRANGLER_SEND_METRICS: "false" };

/**
 * Where a benchmark's wrangler dev keeps its local state (D1's SQLite, Durable Objects' storage):
 * .wrangler/ as `wrangler dev` does, or BENCH_STATE_DIR (say /dev/shm, a memory file system). Under
 * wrangler dev every commit's disk flush (fsync) runs on the thread that also runs the Worker and
 * the room, and on this VM's disk a flush sometimes takes long enough to stall that thread; in
 * memory the same statements and commits run without it (on Cloudflare neither D1's flushes nor
 * its SQLite run on the Worker's thread).
 */
export const stateDir = (name) => join(process.env.BENCH_STATE_DIR || join(root, ".wrangler"), name);

export function ensureAssets() {
  if (!existsSync(join(root, "dist", "client"))) run(process.execPath, [viteBin, "build", "--logLevel", "warn"]);
}

export function migrate(persist) {
  mkdirSync(persist, { recursive: true });
  run(process.execPath, [wranglerBin, "d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], { env: quiet });
}

/** The SQLite file behind the local D1 database of a persist dir. */
export function d1File(persist) {
  const dir = join(persist, "v3", "d1", "miniflare-D1DatabaseObject");
  const f = readdirSync(dir).find((n) => n.endsWith(".sqlite"));
  if (!f) throw new Error(`no D1 sqlite file in ${dir}`);
  return join(dir, f);
}

/** BENCH_INSPECTOR_PORT: wrangler dev's inspector port (its default 9229 may be another server's on a shared machine). */
export const inspectorArgs = (offset = 0) => (process.env.BENCH_INSPECTOR_PORT ? ["--inspector-port", String(Number(process.env.BENCH_INSPECTOR_PORT) + offset)] : []);

export async function startWrangler(port, persist) {
  const vars = { ENVIRONMENT: "development", PUBLIC_URL: `http://127.0.0.1:${port}`, ENCRYPTION_KEY: "bench-encryption-key-0123456789abcdef" };
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const child = start(
    process.execPath,
    [wranglerBin, "dev", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", persist, "--show-interactive-dev-session=false", "--env-file", "/dev/null", "--log-level", "error", ...inspectorArgs(), ...varArgs],
    { env: { ...quiet, ...wranglerDevEnv }, stdio: ["ignore", "ignore", "inherit"] },
  );
  await waitForHttp(`http://127.0.0.1:${port}/api/auth/me`, 90_000);
  return {
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}

export async function userWithAccount(base, name = "Бенчмарк", email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`) {
  const reg = await fetch(`${base}/api/auth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "password123", name }) });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const { accessToken } = await reg.json();
  const acc = await fetch(`${base}/api/accounts`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${accessToken}` }, body: JSON.stringify({ name: "Бенчмарк" }) });
  if (acc.status !== 201) throw new Error(`account: ${acc.status} ${await acc.text()}`);
  const { accountId } = await acc.json();
  return { token: accessToken, accountId };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s[s.length - 1] };
}

export const fmt = (ms) => (typeof ms === "number" && Number.isFinite(ms) ? `${ms.toFixed(2)} ms` : "—");

// node:http with a keep-alive agent: the lightest HTTP client Node has, so the figure is the server's.
const agents = new Map();
function get(base, path, token) {
  if (!agents.has(base)) agents.set(base, new http.Agent({ keepAlive: true, maxSockets: 1 }));
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { agent: agents.get(base), headers: { authorization: `Bearer ${token}` } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode, body }));
      })
      .on("error", reject);
  });
}

/** `iterations` timed GETs after 20 warm-up ones (each must answer 200): percentiles and the last body. */
export async function timeGet(base, path, token, iterations) {
  const samples = [];
  let last = "";
  for (let i = 0; i < iterations + 20; i++) {
    const t0 = performance.now();
    const r = await get(base, path, token);
    const ms = performance.now() - t0;
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.body.slice(0, 200)}`);
    if (i >= 20) samples.push(ms);
    last = r.body;
  }
  return { ...stats(samples), body: last };
}

/**
 * The benchmark's database, seeded once and reused (`--fresh` rebuilds it): migrations, a user
 * with an account through a short-lived `wrangler dev`, then `seed(file, accountId)` straight into
 * the D1 file; its answer (an object) joins the stored meta `{token, accountId, seededInMs}`.
 */
export async function seededOnce({ persist, port, what, seed }) {
  const marker = join(persist, "bench-seed.json");
  if (process.argv.includes("--fresh")) rmSync(persist, { recursive: true, force: true });
  ensureAssets();
  if (existsSync(marker)) {
    console.log(`Reusing the seeded database in ${persist} (--fresh to rebuild)`);
    migrate(persist); // migrations added since the seed (idempotent)
    return JSON.parse(readFileSync(marker, "utf8"));
  }
  rmSync(persist, { recursive: true, force: true });
  migrate(persist);
  const w = await startWrangler(port, persist);
  const { token, accountId } = await userWithAccount(`http://127.0.0.1:${port}`);
  await w.stop();
  console.log(`Seeding ${what} into ${d1File(persist)} …`);
  const t0 = Date.now();
  const extra = seed(d1File(persist), accountId);
  const meta = { token, accountId, ...extra, seededInMs: Date.now() - t0 };
  writeFileSync(marker, JSON.stringify(meta));
  console.log(`Seeded in ${(meta.seededInMs / 1000).toFixed(1)} s`);
  return meta;
}

/**
 * CPU time (ms, user + system) of a process and all its descendants, from /proc (Linux): for
 * `wrangler dev` that is wrangler's Node and its workerd processes (the Worker's thread, the dev
 * proxy). Unlike latencies it does not grow with the machine's load, so ours and a floor compare
 * as CPU per operation even on a busy machine. NaN where /proc is missing.
 */
export function treeCpuMs(rootPid) {
  try {
    const stats = new Map();
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const raw = readFileSync(`/proc/${name}/stat`, "utf8");
        const f = raw.slice(raw.lastIndexOf(")") + 2).split(" ");
        stats.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
      } catch {
        /* gone meanwhile */
      }
    }
    const inTree = new Set([rootPid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [pid, s] of stats) if (!inTree.has(pid) && inTree.has(s.ppid)) (inTree.add(pid), (grew = true));
    }
    let ticks = 0;
    for (const pid of inTree) ticks += stats.get(pid)?.ticks ?? 0;
    return ticks * 10; // USER_HZ = 100 on Linux
  } catch {
    return NaN;
  }
}
