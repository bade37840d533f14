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
