// Socket figures (issue 4 "Figures"): 200 sockets on one account receive 1 000 operator replies
// posted at 100/s; post-to-receive p50/p99 over every socket, and none missing, none twice, order
// kept. The same run against the reference (plain Node + socket.io + SQLite doing post → insert →
// room broadcast, bench/reference-socketio/server.mjs); prints both and the ratio. Then the
// platform floor: a Worker and a Durable Object under wrangler dev that only fan the same frame
// out (bench/sockets-floor/: no session, no D1), to show what this machine allows at all; and the
// storing floor, the same server with each post also stored once (one plain row in D1), to show
// what the durable write alone adds and how far two near-identical servers' p99 drift apart here.
// Ours and the floor run side by side: both warmed up (WARMUP posts), then ROUNDS measured runs at
// the fixed rate, alternating, with ours/floor per round and the median (issue 23). Then, on the
// same sockets, the rate sweep: the highest rate ours and the floor each sustain with p99 ≤ 1 s,
// ours as a share of the floor's, and ours/floor at each rate both held.
// Run: npx node bench/inbox-sockets.mjs [--sockets=200] [--messages=1000] [--rate=100] [--sweep-seconds=5]
//   env: BENCH_SOCKET_PORT / BENCH_REF_PORT / BENCH_FLOOR_PORT, REFERENCE=0 / FLOOR=0 / SWEEP=0 skip a
//   part, SWEEP_RATES=50,75,…, ROUNDS=3, WARMUP=50, PROFILE=1 with BENCH_INSPECTOR_PORT prints a CPU
//   profile of ours (its first round), PERF=1 a Linux perf summary of ours and the floor (first round).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { io as ioClient } from "socket.io-client";
// The same WebSocket client library on both sides: socket.io-client runs on `ws` underneath.
import WebSocket from "ws";
import { ensureAssets, fmt, migrate, root, startWrangler, stateDir, stats, treeCpuMs, userWithAccount } from "./inbox-lib.mjs";
import { run, start, wranglerBin, wranglerDevEnv } from "../scripts/lib.mjs";
import { profile, summarize } from "./cpu-profile.mjs";
import { cpuMeter, workerdPids } from "./memory-lib.mjs";
import { perfAvailable, perfRecord } from "./perf-lib.mjs";

const arg = (name, def) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? def);
const SOCKETS = arg("sockets", 200);
const MESSAGES = arg("messages", 1000);
const RATE = arg("rate", 100);
// The rate sweep (SWEEP=0 skips it): seconds per step and the rates tried, lowest first.
const SWEEP = process.env.SWEEP !== "0";
// STORE_FLOOR=0 skips the storing floor (bench/sockets-floor/worker.js, `x-floor-store: d1`), measured after the floor each round.
const STORE_FLOOR = process.env.STORE_FLOOR !== "0";
// Posts of the warm-up each server gets before its measured run (see warmUp).
const WARMUP = Number(process.env.WARMUP ?? 50);
// Measured runs of ours and of the floor, alternating (the median ratio is the figure).
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SWEEP_SECONDS = arg("sweep-seconds", 5);
const SWEEP_RATES = (process.env.SWEEP_RATES ?? "10,20,35,50,75,100,150,200,300,400,600").split(",").map(Number);
// PROFILE=1 with BENCH_INSPECTOR_PORT: a CPU profile of our Worker thread during the fixed-rate run (bench/cpu-profile.mjs).
const PROFILE = process.env.PROFILE === "1" && process.env.BENCH_INSPECTOR_PORT;
// PERF=1: Linux `perf record` of each server's workerd processes during its first measured round.
const PERF = process.env.PERF === "1" && perfAvailable();
const OUR_PORT = Number(process.env.BENCH_SOCKET_PORT ?? 8793);
const REF_PORT = Number(process.env.BENCH_REF_PORT ?? 8794);
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 8792);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Posts `count` replies (numbered from `offset`) at `rate`/s and collects what every client receives.
 * `clients[i].onMessage(cb)` delivers `{ idx, seq? }`; returns latencies and integrity counts.
 */
async function drive({ clients, post, count = MESSAGES, rate = RATE, offset = 0 }) {
  const sentAt = new Array(count);
  const latencies = [];
  // Per post: when its HTTP answer came and when the first socket got its frame (where the time goes).
  const answered = [];
  const firstSeen = new Array(count);
  // Split at the time the server stamped the message (createdAt, from the server's clock, which is
  // this machine's): ours stamps it in the reply's handler (after the proxy, the Worker's routing,
  // the session and the body), the floor inside its object right before the fan-out.
  const untilStamp = new Array(count);
  const fromStamp = new Array(count);
  const received = clients.map(() => ({ idx: [], seq: [] }));
  clients.forEach((c, ci) =>
    c.onMessage(({ idx, seq, stamp }) => {
      const k = idx - offset;
      if (!(k >= 0 && k < count)) return; // a late frame of an earlier step
      latencies.push(performance.now() - sentAt[k]);
      if (firstSeen[k] === undefined) {
        firstSeen[k] = performance.now() - sentAt[k];
        if (typeof stamp === "number") {
          untilStamp[k] = stamp - (performance.timeOrigin + sentAt[k]);
          fromStamp[k] = performance.timeOrigin + performance.now() - stamp;
        }
      }
      received[ci].idx.push(k);
      if (seq !== undefined) received[ci].seq.push(seq);
    }),
  );
  const statuses = new Map();
  const inflight = [];
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    sentAt[i] = performance.now();
    inflight.push(
      post(offset + i).then(
        (s) => {
          answered.push(performance.now() - sentAt[i]);
          statuses.set(s, (statuses.get(s) ?? 0) + 1);
        },
        (e) => statuses.set(String(e.message), (statuses.get(String(e.message)) ?? 0) + 1),
      ),
    );
  }
  await Promise.all(inflight);
  const postedIn = performance.now() - t0;
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline && received.some((r) => r.idx.length < count)) await sleep(50);
  let missing = 0;
  let duplicates = 0;
  let orderBreaks = 0;
  let seqGaps = 0;
  const reference = received[0].idx.join(",");
  // Missing = a message some socket got (so it was committed) that another socket did not;
  // posts the server refused are counted in `statuses`, not here.
  const everDelivered = new Set(received.flatMap((r) => r.idx));
  for (const r of received) {
    const uniq = new Set(r.idx);
    missing += everDelivered.size - uniq.size;
    duplicates += r.idx.length - uniq.size;
    if (r.idx.join(",") !== reference) orderBreaks++;
    for (let k = 1; k < r.seq.length; k++) if (r.seq[k] <= r.seq[k - 1]) seqGaps++;
  }
  // how far the common delivery order strays from the order the posts were sent (concurrent posts may commit out of send order)
  let inversions = 0;
  for (let k = 1; k < received[0].idx.length; k++) if (received[0].idx[k] < received[0].idx[k - 1]) inversions++;
  const undelivered = count - everDelivered.size;
  return { lat: stats(latencies), answer: stats(answered), first: stats(firstSeen.filter((x) => x !== undefined)), untilStamp: stats(untilStamp.filter((x) => x !== undefined)), fromStamp: stats(fromStamp.filter((x) => x !== undefined)), delivered: everDelivered.size, undelivered, missing, duplicates, orderBreaks, seqGaps, inversions, statuses: Object.fromEntries(statuses), postedIn };
}

/**
 * Both servers get the same warm-up on their joined sockets before the measured run: WARMUP posts at
 * 25/s (numbered past every measured post, so no step counts them), then a pause. Without it ours
 * met the run cold (its reply route compiled and its first statements prepared under 100 posts/s)
 * and never caught up, while the floor had been warmed by its readiness posts.
 */
async function warmUp(clients, post) {
  if (!WARMUP) return;
  await drive({ clients, post, count: WARMUP, rate: 25, offset: 1_000_000 });
  await sleep(1500);
}

/**
 * The highest rate a server sustains with p99 ≤ 1 s: steps of SWEEP_SECONDS of posts at rising rates
 * on the same sockets until a step's p99 passes 1 s (or a post is lost or refused), then one step
 * between the last rate that held and the first that did not. Returns the steps and the best rate.
 */
async function sweep(name, clients, post, offset) {
  const steps = [];
  let ok = 0;
  let bad = 0;
  const tryRate = async (rate) => {
    const count = Math.round(rate * SWEEP_SECONDS);
    await sleep(1500);
    const r = await drive({ clients, post, count, rate, offset });
    offset += count;
    const held = r.lat.p99 <= 1000 && r.undelivered === 0 && r.missing === 0 && r.duplicates === 0 && r.orderBreaks === 0 && Object.keys(r.statuses).every((s) => s === "201");
    steps.push({ rate, held, p50: r.lat.p50, p99: r.lat.p99 });
    console.log(`  sweep ${name}: ${rate} posts/s for ${SWEEP_SECONDS} s → p50 ${fmt(r.lat.p50)}, p99 ${fmt(r.lat.p99)}, ${held ? "held" : "NOT held"}${r.undelivered ? `, ${r.undelivered} not delivered` : ""}`);
    return held;
  };
  for (const rate of SWEEP_RATES) {
    if (await tryRate(rate)) ok = rate;
    else {
      bad = rate;
      break;
    }
  }
  if (ok && bad) {
    const mid = Math.round((ok + bad) / 2);
    if (mid > ok && mid < bad && (await tryRate(mid))) ok = mid;
  }
  return { best: ok, steps, offset };
}

/**
 * SOCKETS clients on `url` over `ws` (what our room and the floor speak), joined 25 at a time; with
 * `join`, that frame is sent on open and a client counts as joined at the `joinedAccount` answer.
 * No permessage-deflate offer: our Worker declines it (no_web_socket_compression), as the socket.io
 * reference does by default, but wrangler dev's own proxy in front of the Worker would otherwise
 * agree to it with the client and compress every frame itself.
 */
async function rawClients(sockets, url, join) {
  const clients = [];
  for (let i = 0; i < SOCKETS; i++) {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    sockets.push(ws);
    let handler = () => {};
    const joined = new Promise((resolve, reject) => {
      ws.addEventListener("open", () => (join ? ws.send(join) : resolve()));
      ws.addEventListener("error", () => reject(new Error("socket error")));
      ws.addEventListener("message", (e) => {
        const f = JSON.parse(e.data);
        if (f.event === "joinedAccount") resolve();
        else if (f.event === "message" && f.data.content.startsWith("bench ")) handler({ idx: Number(f.data.content.slice(6)), seq: f.seq, stamp: f.data.createdAt });
      });
    });
    clients.push({ joined, onMessage: (cb) => (handler = cb) });
    if (i % 25 === 24) await Promise.all(clients.map((c) => c.joined));
  }
  await Promise.all(clients.map((c) => c.joined));
  return clients;
}

/** Our server, its sockets joined and warmed up: `{ clients, post, pid, stop }`. */
async function setupOurs() {
  ensureAssets();
  const persist = stateDir(`bench-sockets-${OUR_PORT}`);
  rmSync(persist, { recursive: true, force: true });
  migrate(persist);
  const w = await startWrangler(OUR_PORT, persist);
  const base = `http://127.0.0.1:${OUR_PORT}`;
  const sockets = [];
  const stop = async () => {
    for (const s of sockets) s.close();
    await w.stop();
  };
  try {
    const { token, accountId } = await userWithAccount(base);
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const first = await fetch(`${base}/api/accounts/${accountId}/contacts/test-bot/messages`, { method: "POST", headers: auth, body: JSON.stringify({ content: "старт" }) });
    if (first.status !== 201) throw new Error(`test-bot: ${first.status} ${await first.text()}`);
    const contactId = (await first.json()).contact.contactId;
    await sleep(500);
    const clients = await rawClients(sockets, `ws://127.0.0.1:${OUR_PORT}/ws?token=${token}&accountId=${accountId}`, JSON.stringify({ event: "joinAccount", data: { accountId } }));
    const post = operatorReply(base, auth, accountId, contactId);
    await warmUp(clients, post);
    return { clients, post, pid: w.child.pid, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** The machine's CPU time so far (all cores), from /proc/stat: busy and total ticks. */
function machineTicks() {
  const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = cpu[3] + (cpu[4] ?? 0);
  const total = cpu.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}
/** Share of the machine's CPU (all cores) busy between two readings. */
const machineBusy = (a, b) => (b.total > a.total ? (b.busy - a.busy) / (b.total - a.total) : 0);
/** A round's second line: how busy the machine was, the client's own CPU, and the split at the server's stamp. */
const splitLine = (r) =>
  `    machine ${(r.machineBusy * 100).toFixed(0)} % busy (both cores; this benchmark's own client ${(r.clientMs / MESSAGES).toFixed(1)} ms per post); split at the server's stamp: post → stamp p50 ${fmt(r.untilStamp.p50)} p99 ${fmt(r.untilStamp.p99)}, stamp → first socket p50 ${fmt(r.fromStamp.p50)} p99 ${fmt(r.fromStamp.p99)}`;

/** One measured run of MESSAGES posts at RATE on a server set up above; `profileAs` names the CPU profile of ours. */
async function measure(server, profileAs, perfAs) {
  let stopProfile;
  const profiled = profileAs ? profile({ port: Number(process.env.BENCH_INSPECTOR_PORT), until: new Promise((r) => (stopProfile = r)) }) : null;
  const cpu0 = treeCpuMs(server.pid);
  const client0 = process.cpuUsage();
  const machine0 = machineTicks();
  const thread = cpuMeter((server.workerd ??= workerdPids(server.pid)));
  // PERF=1: Linux perf samples every thread of this server's workerd processes (bench/perf-lib.mjs).
  const perf = perfAs ? perfRecord(server.workerd, perfAs) : null;
  const r = await drive({ clients: server.clients, post: server.post, offset: server.offset });
  if (perf) r.perf = await perf.stop(MESSAGES);
  server.offset += MESSAGES;
  r.cpuMs = treeCpuMs(server.pid) - cpu0;
  const client = process.cpuUsage(client0);
  r.clientMs = (client.user + client.system) / 1000;
  r.machineBusy = machineBusy(machine0, machineTicks());
  // The busiest workerd thread: the Worker (ours: also D1's SQLite and the room), where posts queue.
  r.threadMs = thread().thread;
  if (profiled) {
    stopProfile();
    const p = await profiled;
    writeFileSync(profileAs, JSON.stringify(p));
    console.log(`\nCPU profile of our Worker thread during the ${RATE}/s run (${profileAs}):\n${summarize(p)}`);
  }
  return r;
}

/** The operator's message number i to the contact (the same call on both servers); resolves to the status. */
function operatorReply(base, auth, accountId, contactId) {
  return (i) =>
    fetch(`${base}/api/accounts/${accountId}/contacts/${contactId}/messages`, { method: "POST", headers: auth, body: JSON.stringify({ content: `bench ${i}` }) }).then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    });
}

async function reference() {
  const dir = mkdtempSync(join(tmpdir(), "ref-socketio-"));
  const child = spawn(process.execPath, [join(root, "bench/reference-socketio/server.mjs"), String(REF_PORT), join(dir, "ref.sqlite")], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve, reject) => {
    child.stdout.on("data", (d) => String(d).includes("listening") && resolve());
    child.once("exit", (c) => reject(new Error(`reference exited ${c}`)));
  });
  const base = `http://127.0.0.1:${REF_PORT}`;
  const sockets = [];
  try {
    const { token, accountId, contactId } = await (await fetch(`${base}/setup`, { method: "POST" })).json();
    const clients = [];
    for (let i = 0; i < SOCKETS; i++) {
      const s = ioClient(base, { path: "/ws", transports: ["websocket"], query: { token, accountId }, reconnection: false, forceNew: true });
      sockets.push(s);
      let handler = () => {};
      const joined = new Promise((resolve, reject) => {
        s.on("connect", () => s.emit("joinAccount", { accountId }));
        s.on("connect_error", reject);
        s.on("joinedAccount", resolve);
      });
      s.on("message", (m) => m.content.startsWith("bench ") && handler({ idx: Number(m.content.slice(6)) }));
      clients.push({ joined, onMessage: (cb) => (handler = cb) });
    }
    await Promise.all(clients.map((c) => c.joined));
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    return await drive({
      clients,
      post: operatorReply(base, auth, accountId, contactId),
    });
  } finally {
    for (const s of sockets) s.close();
    child.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The floor's server, its sockets connected and warmed up: `{ clients, post, pid, stop }`. */
async function setupFloor() {
  // Its own state directory (BENCH_STATE_DIR moves it with ours'), with the storing floor's table.
  const persist = stateDir(`bench-sockets-floor-${FLOOR_PORT}`);
  const config = join(root, "bench/sockets-floor/wrangler.toml");
  rmSync(persist, { recursive: true, force: true });
  run(process.execPath, [wranglerBin, "d1", "migrations", "apply", "DB", "--local", "--persist-to", persist, "--config", config], { env: { CI: "1", WRANGLER_SEND_METRICS: "false" }, stdio: "ignore" });
  const child = start(process.execPath, [wranglerBin, "dev", "--config", config, "--ip", "127.0.0.1", "--port", String(FLOOR_PORT), "--persist-to", persist, "--show-interactive-dev-session=false", "--log-level", "error"], {
    env: { CI: "1", ...wranglerDevEnv },
    stdio: "ignore",
  });
  const base = `http://127.0.0.1:${FLOOR_PORT}`;
  const post = (content, store) =>
    fetch(`${base}/post`, { method: "POST", headers: { "content-type": "application/json", ...(store ? { "x-floor-store": "d1" } : {}) }, body: JSON.stringify({ content }) });
  const sockets = [];
  const stop = async () => {
    for (const s of sockets) s.close();
    child.kill("SIGTERM");
  };
  try {
    for (let i = 0; ; i++) {
      try {
        await (await post("прогрев")).arrayBuffer();
        break;
      } catch (e) {
        if (i > 180) throw e;
        await sleep(500);
      }
    }
    const clients = await rawClients(sockets, `ws://127.0.0.1:${FLOOR_PORT}/ws`);
    const postOne = (i) => post(`bench ${i}`).then(async (r) => (await r.arrayBuffer(), r.status));
    const postStored = (i) => post(`bench ${i}`, true).then(async (r) => (await r.arrayBuffer(), r.status));
    await warmUp(clients, postOne);
    const floor = { clients, post: postOne, pid: child.pid, stop };
    // The storing floor: the same server and sockets, its posts also stored (worker.js); one
    // numbering of the posts for both, so a late frame of one run is never taken for the other's.
    const stored = {
      clients,
      post: postStored,
      pid: child.pid,
      get offset() {
        return floor.offset;
      },
      set offset(v) {
        floor.offset = v;
      },
    };
    if (STORE_FLOOR) await warmUp(clients, postStored);
    return { floor, stored: STORE_FLOOR ? stored : null };
  } catch (e) {
    await stop();
    throw e;
  }
}

function line(name, r) {
  const cpu = r.cpuMs === undefined ? "" : ` | wrangler dev CPU ${(r.cpuMs / MESSAGES).toFixed(1)} ms per post`;
  return `${name.padEnd(34)}${cpu} | p50 ${fmt(r.lat.p50).padStart(10)} | p99 ${fmt(r.lat.p99).padStart(10)} | max ${fmt(r.lat.max).padStart(10)} | messages delivered ${r.delivered} (${r.lat.n} socket deliveries) | missing ${r.missing} | twice ${r.duplicates} | order breaks ${r.orderBreaks} | seq breaks ${r.seqGaps} | posts ${JSON.stringify(r.statuses)} in ${(r.postedIn / 1000).toFixed(1)} s`;
}

// Ours and the floor side by side: ROUNDS measured runs each, alternating (ours, then the floor,
// then ours…), so both meet the machine in the same minutes; then each one's rate sweep. The
// per-round ratios and their median are the figures (one run's latencies swing several-fold with
// the machine's minute at a rate this close to what it can carry).
const oursServer = await setupOurs();
const floors = process.env.FLOOR === "0" ? null : await setupFloor();
const floorServer = floors?.floor ?? null;
const storedServer = floors?.stored ?? null;
const rounds = [];
try {
  for (const s of [oursServer, floorServer]) if (s) s.offset = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const row = { ours: await measure(oursServer, PROFILE && round === 1 ? `/tmp/inbox-sockets-${OUR_PORT}.cpuprofile` : null, PERF && round === 1 ? "/tmp/inbox-sockets-ours.perf" : null) };
    console.log(`  round ${round} ours:  p50 ${fmt(row.ours.lat.p50)}, p99 ${fmt(row.ours.lat.p99)}, CPU ${(row.ours.cpuMs / MESSAGES).toFixed(1)} ms per post (Worker thread ${(row.ours.threadMs / MESSAGES).toFixed(2)} ms); first socket p50 ${fmt(row.ours.first.p50)} p99 ${fmt(row.ours.first.p99)}, HTTP answer p50 ${fmt(row.ours.answer.p50)} p99 ${fmt(row.ours.answer.p99)}`);
    console.log(splitLine(row.ours));
    if (row.ours.perf) console.log(row.ours.perf.text.replaceAll("per op", "per post"));
    await sleep(1500);
    if (floorServer) {
      row.floor = await measure(floorServer, null, PERF && round === 1 ? "/tmp/inbox-sockets-floor.perf" : null);
      console.log(`  round ${round} floor: p50 ${fmt(row.floor.lat.p50)}, p99 ${fmt(row.floor.lat.p99)}, CPU ${(row.floor.cpuMs / MESSAGES).toFixed(1)} ms per post (Worker thread ${(row.floor.threadMs / MESSAGES).toFixed(2)} ms); first socket p50 ${fmt(row.floor.first.p50)} p99 ${fmt(row.floor.first.p99)}, HTTP answer p50 ${fmt(row.floor.answer.p50)} p99 ${fmt(row.floor.answer.p99)}`);
      console.log(splitLine(row.floor));
      if (row.floor.perf) console.log(row.floor.perf.text.replaceAll("per op", "per post"));
      await sleep(1500);
    }
    if (storedServer) {
      row.stored = await measure(storedServer, null, null);
      console.log(`  round ${round} storing floor: p50 ${fmt(row.stored.lat.p50)}, p99 ${fmt(row.stored.lat.p99)}, CPU ${(row.stored.cpuMs / MESSAGES).toFixed(1)} ms per post (Worker thread ${(row.stored.threadMs / MESSAGES).toFixed(2)} ms); first socket p50 ${fmt(row.stored.first.p50)} p99 ${fmt(row.stored.first.p99)}, HTTP answer p50 ${fmt(row.stored.answer.p50)} p99 ${fmt(row.stored.answer.p99)}`);
      console.log(splitLine(row.stored));
      await sleep(1500);
    }
    rounds.push(row);
  }
  if (SWEEP) {
    oursServer.sweep = await sweep("ours", oursServer.clients, oursServer.post, oursServer.offset);
    if (floorServer) floorServer.sweep = await sweep("floor", floorServer.clients, floorServer.post, floorServer.offset);
  }
} finally {
  await oursServer.stop();
  await floorServer?.stop();
}
const b = process.env.REFERENCE === "0" ? null : await reference();
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) / 2)];
const a = rounds[0].ours;
console.log(`\nSockets: ${SOCKETS} sockets, ${MESSAGES} replies posted at ${RATE}/s (post → receive on every socket), ${ROUNDS} rounds; load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}`);
for (const [i, r] of rounds.entries()) {
  console.log(line(`ours, round ${i + 1}`, r.ours));
  if (r.floor) console.log(line(`floor, round ${i + 1}`, r.floor));
  if (r.stored) console.log(line(`storing floor, round ${i + 1}`, r.stored));
}
if (b) {
  console.log(line("reference (Node + socket.io + SQLite)", b));
  console.log(`ratio ours (round 1)/reference: p50 ${(a.lat.p50 / b.lat.p50).toFixed(2)}x, p99 ${(a.lat.p99 / b.lat.p99).toFixed(2)}x (goal ≤ 1); target p99 ≤ 25 ms: ${a.lat.p99 <= 25 ? "met" : "NOT met"}`);
  console.log(`delivery order vs send order (informational, concurrent posts): ours ${a.inversions} inversions, reference ${b.inversions}`);
}
if (floorServer) {
  console.log(`  the floor (minimal Worker + DO, no D1): what wrangler dev on this machine gives a Worker and a Durable Object that only fan the same frame out`);
  for (const [i, r] of rounds.entries()) {
    console.log(`  round ${i + 1}: ours/floor p50 ${(r.ours.lat.p50 / r.floor.lat.p50).toFixed(2)}x, p99 ${(r.ours.lat.p99 / r.floor.lat.p99).toFixed(2)}x, CPU per post ${(r.ours.cpuMs / r.floor.cpuMs).toFixed(2)}x, Worker-thread CPU per post ${(r.ours.threadMs / MESSAGES).toFixed(2)} / ${(r.floor.threadMs / MESSAGES).toFixed(2)} ms (${(r.ours.threadMs / r.floor.threadMs).toFixed(2)}x)`);
  }
  const ratio = median(rounds.map((r) => r.ours.lat.p99 / r.floor.lat.p99));
  console.log(
    `ratio ours/floor, median of ${ROUNDS} rounds: p50 ${median(rounds.map((r) => r.ours.lat.p50 / r.floor.lat.p50)).toFixed(2)}x, p99 ${ratio.toFixed(2)}x (target ≤ 1.3: ${ratio <= 1.3 ? "met" : "NOT met"}); CPU per post ${median(rounds.map((r) => r.ours.cpuMs / r.floor.cpuMs)).toFixed(2)}x (wrangler dev's processes, all ${SOCKETS} sockets' frames included), Worker-thread CPU per post ${median(rounds.map((r) => r.ours.threadMs / r.floor.threadMs)).toFixed(2)}x`,
  );
  if (storedServer) {
    console.log(`  the storing floor (the same Worker + DO, each post also stored once, one plain row in D1, answered when stored and fanned out): the least the product's durable write adds on this machine`);
    for (const [i, r] of rounds.entries()) {
      console.log(`  round ${i + 1}: storing floor/floor p99 ${(r.stored.lat.p99 / r.floor.lat.p99).toFixed(2)}x; ours/storing floor p50 ${(r.ours.lat.p50 / r.stored.lat.p50).toFixed(2)}x, p99 ${(r.ours.lat.p99 / r.stored.lat.p99).toFixed(2)}x, Worker-thread CPU per post ${(r.stored.threadMs / MESSAGES).toFixed(2)} ms (ours ${(r.ours.threadMs / r.stored.threadMs).toFixed(2)}x)`);
    }
    console.log(
      `ratio ours/storing floor, median of ${ROUNDS} rounds: p50 ${median(rounds.map((r) => r.ours.lat.p50 / r.stored.lat.p50)).toFixed(2)}x, p99 ${median(rounds.map((r) => r.ours.lat.p99 / r.stored.lat.p99)).toFixed(2)}x; the storing floor's own p99 is ${median(rounds.map((r) => r.stored.lat.p99 / r.floor.lat.p99)).toFixed(2)}x the floor's`,
    );
  }
  if (oursServer.sweep && floorServer.sweep) {
    const share = floorServer.sweep.best ? oursServer.sweep.best / floorServer.sweep.best : NaN;
    console.log(`highest rate with p99 ≤ 1 s (steps of ${SWEEP_SECONDS} s): ours ${oursServer.sweep.best} posts/s, floor ${floorServer.sweep.best} posts/s → ${(100 * share).toFixed(0)} % of the floor (target ≥ 80 %: ${share >= 0.8 ? "met" : "NOT met"})`);
    const both = oursServer.sweep.steps.filter((x) => x.held && floorServer.sweep.steps.some((y) => y.rate === x.rate && y.held));
    if (both.length) console.log(`  p99 ours/floor at the rates both held: ${both.map((x) => `${x.rate}/s ${(x.p99 / floorServer.sweep.steps.find((y) => y.rate === x.rate).p99).toFixed(2)}x`).join(", ")}`);
  }
} else if (oursServer.sweep) console.log(`highest rate with p99 ≤ 1 s (steps of ${SWEEP_SECONDS} s): ours ${oursServer.sweep.best} posts/s`);
process.exit(0);
