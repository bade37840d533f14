// The resident memory of the workerd processes a `wrangler dev` runs, sampled from /proc while a
// benchmark drives it (Linux only): start, peak and end of the sum of their VmRSS. And stopping a
// benchmark's own `wrangler dev` child cleanly (SIGTERM, then SIGKILL after 5 s).
import { readdirSync, readFileSync } from "node:fs";

function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return 0;
  }
}

const nameOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
};

/** The workerd processes descending from `rootPid`. */
export function workerdPids(rootPid) {
  const pids = readdirSync("/proc").filter((d) => /^\d+$/.test(d)).map(Number);
  const parent = new Map(pids.map((p) => [p, parentOf(p)]));
  const under = (p) => {
    for (let q = parent.get(p), hops = 0; q && hops < 20; q = parent.get(q), hops++) if (q === rootPid) return true;
    return false;
  };
  return pids.filter((p) => nameOf(p) === "workerd" && under(p));
}

/** VmRSS of a process in MiB (0 once it is gone). */
export function rssMiB(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples every `everyMs` until stopped: `{start, peak, end, samples}` in MiB. */
export function sampleRss(rootPid, everyMs = 250) {
  const pids = workerdPids(rootPid);
  if (!pids.length) throw new Error(`no workerd process under pid ${rootPid}`);
  const read = () => pids.reduce((s, p) => s + rssMiB(p), 0);
  const samples = [read()];
  const timer = setInterval(() => samples.push(read()), everyMs);
  return {
    pids,
    stop() {
      clearInterval(timer);
      samples.push(read());
      return { start: samples[0], peak: Math.max(...samples), end: samples[samples.length - 1], samples };
    },
  };
}

/** Stops a child process started by the benchmark and waits for it to exit. */
export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", resolve);
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5000).unref();
  });
}

// ── CPU of a wrangler dev's workerd threads ──────────────────────────────────────────────────────
const TICK_MS = 10; // USER_HZ 100
function threadTicks(pids) {
  const ticks = new Map();
  for (const pid of pids) {
    let tids = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        ticks.set(`${pid}/${tid}`, Number(fields[11]) + Number(fields[12]));
      } catch {
        /* thread gone */
      }
    }
  }
  return ticks;
}
/**
 * Starts a meter of the workerd threads of `pids` (workerdPids): `stop()` → { thread: the busiest
 * thread's CPU ms over the interval (locally the Worker, its queues, the room and D1's SQLite share
 * it), total: all workerd threads' }. Unlike latencies, the machine's load barely moves it.
 */
export function cpuMeter(pids) {
  const before = threadTicks(pids);
  return () => {
    const after = threadTicks(pids);
    let busiest = 0;
    let total = 0;
    for (const [k, t] of after) {
      const d = t - (before.get(k) ?? 0);
      busiest = Math.max(busiest, d);
      total += d;
    }
    return { thread: busiest * TICK_MS, total: total * TICK_MS };
  };
}
