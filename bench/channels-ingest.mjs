// Sustained webhook ingest through wrangler dev (assistant off): webhooks/s accepted, messages/s
// committed, webhook answer p50/p99, and a count proving zero lost and zero duplicated.
// Webhooks arrive open-loop at RATE/s (as a messenger delivers them: the next one does not wait for
// the previous answer), with at most MAX_INFLIGHT unanswered; RATE=0 sends closed-loop with
// CONCURRENCY senders instead (the most the stack accepts).
// Two phases on the same stack:
//  - Telegram: one update per webhook (as the Bot API delivers), so webhooks/s = messages/s offered;
//  - Instagram: Meta's batched delivery, IG_BATCH messaging events per signed webhook (Meta puts
//    several events, up to 1 000, in one call under load), so the consumer's batched writes are
//    measured apart from the per-request cost of wrangler dev.
// Usage: npm run bench -- channels-ingest   (or node bench/channels-ingest.mjs)
//  - floor: the Instagram phase's webhooks into bench/ingest-floor/ (queue the body, insert a row per
//    event), what wrangler dev on this machine allows at all; then the same webhooks with a consumer
//    that does nothing (the queue alone). Each round also runs the inbox floor (INBOX_FLOOR=0 skips
//    it): the same server checking the signature and storing contacts, conversations and messages.
//   [CHANNEL_CACHE_MS=0 turns the consumer's channel memo off] [PHASES=telegram,instagram,floor] [N=6000] [RATE=1000] [CONCURRENCY=48] [IG_N=12000] [IG_BATCH=25] [IG_RATE=60] [ROUNDS=3]
import { createHmac } from "node:crypto";
import { loadavg } from "node:os";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { botWebhook, f1, sleep, startStack, stats, update, userWithAccount } from "./channels-lib.mjs";
import { d1File, stateDir, treeCpuMs } from "./inbox-lib.mjs";
import { profile, summarize } from "./cpu-profile.mjs";
import { cpuMeter, workerdPids } from "./memory-lib.mjs";
import { perfAvailable, perfRecord } from "./perf-lib.mjs";
import { root, run, start, wranglerBin, wranglerDevEnv } from "../scripts/lib.mjs";

const N = Number(process.env.N ?? 6000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 48);
const RATE = Number(process.env.RATE ?? 1000);
const MAX_INFLIGHT = 256;
const CHATS = 500;
const PHASES = (process.env.PHASES ?? "telegram,instagram,floor").split(",");
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 8789);
const IG_N = Number(process.env.IG_N ?? 12000);
const IG_BATCH = Number(process.env.IG_BATCH ?? 25);
const IG_RATE = Number(process.env.IG_RATE ?? 60);
// FLOOR_TWICE=0: the floor once per round instead of twice (the second run is the A/A figure).
const FLOOR_TWICE = process.env.FLOOR_TWICE !== "0";
// INBOX_FLOOR=0 skips the inbox floor (bench/ingest-floor/worker.js, `x-floor-work: inbox`: the signature
// checked, and contacts, conversations and messages stored set-based), measured after the floor each round.
const INBOX_FLOOR = process.env.INBOX_FLOOR !== "0";
const FLOOR_SECRET = "ingest-floor-app-secret"; // bench/ingest-floor/worker.js
/** Meta's `X-Hub-Signature-256` of a body under an app secret. */
const metaSignature = (secret, body) => "sha256=" + createHmac("sha256", secret).update(body).digest("hex");
/** The headers of a webhook to the inbox floor. */
const inboxFloorHeaders = (body) => ({ "x-floor-work": "inbox", "x-hub-signature-256": metaSignature(FLOOR_SECRET, body) });
// Rounds of the Instagram phase and the floor, alternating (the median ratio is the figure).
const ROUNDS = Number(process.env.ROUNDS ?? 3);
// PROFILE=1 with BENCH_INSPECTOR_PORT: a CPU profile of our Worker thread during the Instagram phase (bench/cpu-profile.mjs).
const PROFILE = process.env.PROFILE === "1" && process.env.BENCH_INSPECTOR_PORT;
// PERF=1: a Linux perf summary (bench/perf-lib.mjs) of ours and the floor in the first round: D1's SQLite, the queue and the proxy included.
const PERF = process.env.PERF === "1" && perfAvailable();
const META_APP_SECRET = "test-meta-app-secret"; // tests/fakes/meta.ts: what startStack gives the worker

// CHANNEL_CACHE_MS (the consumer's channel memo, worker/features/webhooks/channel-memo.ts) is passed on, for A/B runs.
// METER=1: the app's counting wrapper (worker/lib/bench-meter.ts) on, and per Instagram round the
// consumer's batches, D1 calls and room calls printed (what each batch's fixed part is made of).
const METER = process.env.METER === "1";
const stack = await startStack("channels-ingest", {
  ...(process.env.CHANNEL_CACHE_MS !== undefined ? { CHANNEL_CACHE_MS: process.env.CHANNEL_CACHE_MS } : {}),
  ...(METER ? { BENCH_METER: "1" } : {}),
});
try {
  const { token, accountId } = await userWithAccount(stack.base);

  /**
   * Sends `webhooks` bodies (open loop at `rate`/s, or closed loop) and follows the commits of the
   * `messages` they carry (`text` LIKE `like` in `store`: the app's messages, or the floor's events).
   * Returns the figures.
   */
  const appStore = { sql: (q, ...args) => stack.sql(q, accountId, ...args), from: "messages WHERE account_id = ?", text: "content" };
  async function drive({ webhooks, messages, like, rate, post, store = appStore }) {
    const count = (pattern) => store.sql(`SELECT count(*) AS n FROM ${store.from} AND ${store.text} LIKE ?`, pattern)[0].n;
    const latencies = [];
    let failed = 0;
    let polling = true;
    const t0 = performance.now();
    const commits = [];
    const poller = (async () => {
      while (polling) {
        const n = count(like);
        commits.push([performance.now() - t0, n]);
        if (n >= messages) break;
        await sleep(100);
      }
    })();
    const send = async (i) => {
      const s = performance.now();
      const r = await post(i);
      await r.text();
      latencies.push(performance.now() - s);
      if (r.status !== 200) failed++;
    };
    if (rate > 0) {
      const inflight = new Set();
      for (let i = 0; i < webhooks; i++) {
        const due = t0 + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 1) await sleep(wait);
        while (inflight.size >= MAX_INFLIGHT) await Promise.race(inflight);
        const p = send(i).finally(() => inflight.delete(p));
        inflight.add(p);
      }
      await Promise.all(inflight);
    } else {
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < webhooks) await send(next++);
        }),
      );
    }
    const sendMs = performance.now() - t0;
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline && (commits.at(-1)?.[1] ?? 0) < messages) await sleep(100);
    polling = false;
    await poller;
    const doneAt = commits.find(([, n]) => n >= messages)?.[0] ?? NaN;
    const firstAt = commits.find(([, n]) => n > 0)?.[0] ?? NaN;
    const [{ total, distinct_: distinct }] = store.sql(`SELECT count(*) AS total, count(DISTINCT ${store.text}) AS distinct_ FROM ${store.from} AND ${store.text} LIKE ?`, like);
    // Steady-state commit rate: between 10 % and 90 % of the messages.
    const at = (frac) => commits.find(([, n]) => n >= messages * frac)?.[0] ?? NaN;
    return {
      accepted: webhooks - failed,
      sendMs,
      lat: stats(latencies),
      overall: messages / (doneAt / 1000),
      doneAt,
      firstAt,
      steady: (messages * 0.8) / ((at(0.9) - at(0.1)) / 1000),
      stored: distinct,
      total,
      distinct,
    };
  }

  function report(title, webhooks, messages, r) {
    console.log(`\n${title}; load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}`);
    console.log(`  webhooks accepted:     ${r.accepted} / ${webhooks} in ${f1(r.sendMs / 1000)} s → ${f1(r.accepted / (r.sendMs / 1000))} webhooks/s`);
    console.log(`  webhook answer:        p50 ${f1(r.lat.p50)} ms, p99 ${f1(r.lat.p99)} ms, max ${f1(r.lat.max)} ms`);
    console.log(`  messages committed:    ${f1(r.overall)} messages/s overall (first send → last commit ${f1(r.doneAt / 1000)} s), steady ${f1(r.steady)} messages/s (10 %→90 %), first commit after ${f1(r.firstAt)} ms`);
    if (r.cpuMs !== undefined) console.log(`  CPU (wrangler dev):    ${f1(r.cpuMs / 1000)} s for the phase → ${((1000 * r.cpuMs) / messages).toFixed(0)} µs per message (every process of that wrangler dev; the load does not inflate it as it does latencies)`);
    console.log(`  count check:           stored ${r.stored} of ${messages} sent, ${r.total} rows / ${r.distinct} distinct → lost ${messages - r.stored}, duplicated ${r.total - r.distinct}`);
  }

  /** One floor run of the Instagram phase's webhooks (bench/ingest-floor/), reported; `perfOn` records it with Linux perf. */
  async function measureFloor(floor, label, round, perfOn, again = "", inbox = false) {
    const webhooks = Math.ceil(IG_N / IG_BATCH);
    const cpu0 = treeCpuMs(floor.child.pid);
    const thread = cpuMeter((floor.workerd ??= workerdPids(floor.child.pid)));
    const perf = perfOn ? perfRecord(floor.workerd, "/tmp/channels-ingest-floor.perf") : null;
    const post = (w) => {
      const body = floor.bodyOf(w, `floor${label}`);
      return fetch(floor.url, { method: "POST", headers: inbox ? inboxFloorHeaders(body) : {}, body });
    };
    const r = await drive({ webhooks, messages: webhooks * IG_BATCH, like: `floor${label} %`, rate: IG_RATE, post, store: inbox ? floor.inboxStore : floor.store });
    r.cpuMs = treeCpuMs(floor.child.pid) - cpu0;
    r.threadMs = thread().thread;
    if (perf) r.perf = await perf.stop(webhooks * IG_BATCH);
    const what = inbox
      ? "the inbox floor (bench/ingest-floor/ with `x-floor-work: inbox`: the signature checked, then per batch contacts, conversations and messages stored in three set-based statements)"
      : "bench/ingest-floor/: a Worker that only queues the body, a consumer that inserts one plain row per event";
    report(`channels-ingest, ${inbox ? "inbox floor" : `platform floor${again}`}, round ${round} of ${ROUNDS} (${what}): the Instagram phase's webhooks at ${IG_RATE}/s`, webhooks, webhooks * IG_BATCH, r);
    if (r.perf) console.log(r.perf.text.replaceAll("per op", "per message"));
    await sleep(1500);
    return r;
  }

  if (PHASES.includes("telegram")) {
    const { url, headers } = await botWebhook(stack, token, accountId);
    // Warm-up (not counted): the first requests compile and open the database.
    for (let i = 0; i < 20; i++) await fetch(url, { method: "POST", headers, body: JSON.stringify(update(900000 + i, 1, "прогрев")) }).then((r) => r.text());
    await sleep(1500);
    const r = await drive({
      webhooks: N,
      messages: N,
      like: "Сообщение номер %",
      rate: RATE,
      post: (i) => fetch(url, { method: "POST", headers, body: JSON.stringify(update(i + 1, 100000 + (i % CHATS), `Сообщение номер ${i + 1}`)) }),
    });
    report(`channels-ingest, Telegram: ${N} webhooks of one update each, ${RATE > 0 ? `sent at ${RATE}/s (open loop, ≤ ${MAX_INFLIGHT} in flight)` : `${CONCURRENCY} concurrent senders`}, ${CHATS} chats, assistant off (wrangler dev, local D1 and queues)`, N, N, r);
  }

  // Instagram against the platform floor: ROUNDS rounds, each ours then the floor's with the same
  // webhooks at the same rate, so both meet the machine in the same minute; the ratio of each round
  // and their median are printed (one run's absolute figures swing by 2–3× with the machine's load).
  let ig = null;
  if (PHASES.includes("instagram")) {
    const igId = "17841400000000777";
    const c = await fetch(`${stack.base}/api/accounts/${accountId}/platform-instagram`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ instagramAccountId: igId, accessToken: "EAAG-benchmark-access-token-0123456789" }),
    });
    if (c.status !== 200) throw new Error(`connect instagram: ${c.status} ${await c.text()}`);
    const url = `${stack.base}/api/webhooks/instagram`;
    const webhooks = Math.ceil(IG_N / IG_BATCH);
    const bodyOf = (w, label) => {
      const now = Date.now();
      const messaging = [];
      for (let k = 0; k < IG_BATCH; k++) {
        const i = w * IG_BATCH + k;
        if (i >= IG_N && label !== "прогрев IG") break;
        messaging.push({ sender: { id: `99${100000 + (i % CHATS)}` }, recipient: { id: igId }, timestamp: now, message: { mid: `mid.bench.${label}.${i}`, text: `${label} ${i + 1}` } });
      }
      return JSON.stringify({ object: "instagram", entry: [{ id: igId, time: now, messaging }] });
    };
    const post = (raw) =>
      fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": metaSignature(META_APP_SECRET, raw) }, body: raw });
    for (let i = 0; i < 5; i++) await post(bodyOf(i, "прогрев IG")).then((r) => r.text());
    await sleep(1500);
    ig = { webhooks, bodyOf, post };
  }
  let floor = null;
  if (PHASES.includes("floor")) {
    // The platform floor (bench/ingest-floor/): the same webhooks (unsigned) into a Worker that only
    // queues them and a consumer that inserts one plain row per event, in its own wrangler dev.
    const persist = stateDir("bench-ingest-floor");
    rmSync(persist, { recursive: true, force: true });
    const config = join(root, "bench/ingest-floor/wrangler.toml");
    run(process.execPath, [wranglerBin, "d1", "migrations", "apply", "DB", "--local", "--persist-to", persist, "--config", config], { env: { CI: "1", WRANGLER_SEND_METRICS: "false" }, stdio: "ignore" });
    const child = start(process.execPath, [wranglerBin, "dev", "--config", config, "--ip", "127.0.0.1", "--port", String(FLOOR_PORT), "--persist-to", persist, "--show-interactive-dev-session=false", "--log-level", "error"], {
      env: { CI: "1", ...wranglerDevEnv },
      stdio: ["ignore", "ignore", "ignore"],
    });
    const url = `http://127.0.0.1:${FLOOR_PORT}/`;
    const bodyOf = (w, label) => {
      const now = Date.now();
      const messaging = Array.from({ length: IG_BATCH }, (_, k) => ({ sender: { id: `99${100000 + ((w * IG_BATCH + k) % CHATS)}` }, recipient: { id: "1" }, timestamp: now, message: { mid: `mid.floor.${label}.${w * IG_BATCH + k}`, text: `${label} ${w * IG_BATCH + k + 1}` } }));
      return JSON.stringify({ object: "instagram", entry: [{ id: "1", time: now, messaging }] });
    };
    for (let i = 0; ; i++) {
      try {
        await (await fetch(url, { method: "POST", body: bodyOf(i, "прогрев") })).text();
        break;
      } catch (e) {
        if (i > 180) throw e;
        await sleep(500);
      }
    }
    for (let i = 0; i < 5; i++) await (await fetch(url, { method: "POST", body: bodyOf(1000 + i, "прогрев") })).text();
    for (let i = 0; i < 5; i++) {
      const body = bodyOf(2000 + i, "прогрев");
      const r = await fetch(url, { method: "POST", headers: inboxFloorHeaders(body), body });
      if (r.status !== 200) throw new Error(`inbox floor warm-up: ${r.status} ${await r.text()}`);
    }
    await sleep(1500);
    let fdb;
    const store = {
      sql: (q, ...args) => (fdb ??= new DatabaseSync(d1File(persist), { readOnly: true })).prepare(q).all(...args),
      from: "events WHERE 1",
      text: "text",
    };
    const inboxStore = { ...store, from: "floor_messages WHERE 1" };
    floor = { child, url, bodyOf, store, inboxStore, close: () => fdb?.close() };
  }
  const rounds = [];
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const label = `r${round}`;
      const row = {};
      if (ig) {
        let stopProfile;
        const profiled = PROFILE && round === 1 ? profile({ port: Number(process.env.BENCH_INSPECTOR_PORT), until: new Promise((r) => (stopProfile = r)) }) : null;
        if (METER) await fetch(`${stack.base}/api/dev/meter/reset`, { method: "POST" });
        const cpu0 = treeCpuMs(stack.pid);
        const thread = cpuMeter((ig.workerd ??= workerdPids(stack.pid)));
        const perf = PERF && round === 1 ? perfRecord(ig.workerd, "/tmp/channels-ingest-ours.perf") : null;
        const r = await drive({ webhooks: ig.webhooks, messages: IG_N, like: `IG${label} %`, rate: IG_RATE, post: (w) => ig.post(ig.bodyOf(w, `IG${label}`)) });
        r.cpuMs = treeCpuMs(stack.pid) - cpu0;
        r.threadMs = thread().thread;
        if (perf) r.perf = await perf.stop(IG_N);
        if (profiled) {
          stopProfile();
          const p = await profiled;
          writeFileSync("/tmp/channels-ingest-instagram.cpuprofile", JSON.stringify(p));
          console.log(`\nCPU profile of our Worker thread during the Instagram phase (/tmp/channels-ingest-instagram.cpuprofile):\n${summarize(p)}`);
        }
        row.ours = r;
        report(`channels-ingest, Instagram, round ${round} of ${ROUNDS}: ${IG_N} DMs in ${ig.webhooks} signed webhooks of ${IG_BATCH} events (Meta's batched delivery) sent at ${IG_RATE}/s, ${CHATS} senders, assistant off`, ig.webhooks, IG_N, r);
        if (r.perf) console.log(r.perf.text.replaceAll("per op", "per message"));
        if (METER) {
          const m = await (await fetch(`${stack.base}/api/dev/meter`)).json();
          const batches = m.invocations?.queue ?? 0;
          console.log(
            `  meter:                 ${m.invocations?.fetch ?? 0} fetches, ${batches} queue batches (${f1(IG_N / Math.max(1, batches))} messages each), ${m.d1Queries} D1 calls (${f1(m.d1Queries / Math.max(1, batches))} per batch), ${m.doRequests} room calls, D1 SQL ${f1(m.d1Ms)} ms (${f1((1000 * m.d1Ms) / IG_N)} µs per message), ${f1(m.d1RowsWritten / IG_N)} rows written per message`,
          );
          // Where D1's SQL time goes: the costliest statements, per message.
          for (const st of [...m.statements].sort((a, b) => b.ms - a.ms).slice(0, 8)) {
            console.log(`    ${f1((1000 * st.ms) / IG_N).padStart(6)} µs SQL, ${f1(st.written / IG_N).padStart(5)} rows written per message, ${String(st.n).padStart(4)}×  ${st.sql.replace(/\s+/g, " ").slice(0, 110)}`);
          }
        }
        await sleep(1500);
      }
      if (floor) {
        row.floor = await measureFloor(floor, label, round, PERF && round === 1);
        // The same floor once more (A/A): how far two runs of one server drift apart in a minute here.
        if (FLOOR_TWICE) row.floorAgain = await measureFloor(floor, `${label}b`, round, false, " (again)");
        // The inbox floor: what checking the signature and storing the inbox's three rows cost at the least.
        if (INBOX_FLOOR) row.inbox = await measureFloor(floor, `${label}i`, round, false, "", true);
      }
      rounds.push(row);
    }
    if (floor) {
      // The same webhooks once more, with a consumer that does nothing: what the queue alone costs the answers.
      const webhooks = Math.ceil(IG_N / IG_BATCH);
      const q = await drive({ webhooks, messages: 0, like: "floor %", rate: IG_RATE, post: (w) => fetch(floor.url, { method: "POST", headers: { "x-floor-work": "none" }, body: floor.bodyOf(w, "queue") }), store: floor.store });
      console.log(`\nchannels-ingest, platform floor with a consumer that does nothing (the queue alone): the same webhooks at ${IG_RATE}/s; load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}`);
      console.log(`  webhooks accepted:     ${q.accepted} / ${webhooks} in ${f1(q.sendMs / 1000)} s → ${f1(q.accepted / (q.sendMs / 1000))} webhooks/s`);
      console.log(`  webhook answer:        p50 ${f1(q.lat.p50)} ms, p99 ${f1(q.lat.p99)} ms, max ${f1(q.lat.max)} ms`);
    }
  } finally {
    floor?.close();
    floor?.child.kill("SIGTERM");
  }
  const paired = rounds.filter((r) => r.ours && r.floor);
  if (paired.length) {
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
    console.log(`\nInstagram webhook answer, ours / floor, round by round (each pair in the same minute):`);
    for (const [i, r] of paired.entries()) {
      console.log(
        `  round ${i + 1}: p50 ${f1(r.ours.lat.p50)} / ${f1(r.floor.lat.p50)} ms (${(r.ours.lat.p50 / r.floor.lat.p50).toFixed(2)}×), p99 ${f1(r.ours.lat.p99)} / ${f1(r.floor.lat.p99)} ms (${(r.ours.lat.p99 / r.floor.lat.p99).toFixed(2)}×), CPU per message ${((1000 * r.ours.cpuMs) / IG_N).toFixed(0)} / ${((1000 * r.floor.cpuMs) / IG_N).toFixed(0)} µs (${(r.ours.cpuMs / r.floor.cpuMs).toFixed(2)}×), Worker thread ${((1000 * r.ours.threadMs) / IG_N).toFixed(0)} / ${((1000 * r.floor.threadMs) / IG_N).toFixed(0)} µs (${(r.ours.threadMs / r.floor.threadMs).toFixed(2)}×)`,
      );
    }
    const again = paired.filter((r) => r.floorAgain).map((r) => r.floorAgain.lat.p99 / r.floor.lat.p99);
    if (again.length) console.log(`  the floor run twice (A/A: the same server, the same webhooks, one minute): p99 again / first ${again.map((x) => `${x.toFixed(2)}×`).join(", ")}`);
    const inboxed = paired.filter((r) => r.inbox);
    if (inboxed.length) {
      console.log(`  the inbox floor (the signature checked; contacts, conversations and messages stored set-based; no room, search index, outbox or assistant planning), round by round:`);
      for (const [i, r] of inboxed.entries()) {
        console.log(
          `  round ${i + 1}: inbox floor / floor p99 ${(r.inbox.lat.p99 / r.floor.lat.p99).toFixed(2)}×, Worker thread ${((1000 * r.inbox.threadMs) / IG_N).toFixed(0)} µs per message (${(r.inbox.threadMs / r.floor.threadMs).toFixed(2)}× the floor's); ours / inbox floor p50 ${(r.ours.lat.p50 / r.inbox.lat.p50).toFixed(2)}×, p99 ${(r.ours.lat.p99 / r.inbox.lat.p99).toFixed(2)}×, Worker thread ${(r.ours.threadMs / r.inbox.threadMs).toFixed(2)}×`,
        );
      }
      console.log(
        `  median of ${inboxed.length}: ours / inbox floor p50 ${median(inboxed.map((r) => r.ours.lat.p50 / r.inbox.lat.p50)).toFixed(2)}×, p99 ${median(inboxed.map((r) => r.ours.lat.p99 / r.inbox.lat.p99)).toFixed(2)}×, Worker-thread CPU per message ${median(inboxed.map((r) => r.ours.threadMs / r.inbox.threadMs)).toFixed(2)}×; the inbox floor's own p99 ${median(inboxed.map((r) => r.inbox.lat.p99 / r.floor.lat.p99)).toFixed(2)}× the floor's`,
      );
    }
    const p99 = median(paired.map((r) => r.ours.lat.p99 / r.floor.lat.p99));
    console.log(
      `  median of ${paired.length}: p50 ${median(paired.map((r) => r.ours.lat.p50 / r.floor.lat.p50)).toFixed(2)}×, p99 ${p99.toFixed(2)}× (target ≤ 1.3: ${p99 <= 1.3 ? "met" : "NOT met"}), CPU per message ${median(paired.map((r) => r.ours.cpuMs / r.floor.cpuMs)).toFixed(2)}×, Worker-thread CPU per message ${median(paired.map((r) => r.ours.threadMs / r.floor.threadMs)).toFixed(2)}×; load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}`,
    );
  }
} catch (e) {
  console.error("benchmark failed:", e);
  process.exitCode = 1;
} finally {
  await stack.stop();
}
