// Cost per conversation (issue 23): a realistic day driven through the running app (wrangler dev,
// the messenger fakes, the instant model), measured in what Cloudflare bills, per operation:
//   Worker-thread CPU ms (the busiest workerd thread's utime+stime from /proc over the phase: locally
//   wrangler dev runs the Worker, its queues, the room and D1's SQLite on that one thread, so every
//   figure is how much of it one operation takes), D1 rows read/written (the app's own counting
//   wrapper, worker/lib/bench-meter.ts, enabled by BENCH_METER=1 and read at /api/dev/meter), Durable
//   Object requests, socket frames, queue messages, calls to the messenger (the fakes count them).
// The day: CONVERSATIONS conversations of 10 customer messages each over Telegram, WhatsApp and
// Instagram with the assistant on, 5 operators' sockets joined to the room, operator replies on 10 %
// of the threads, inbox reads (list page, thread, search). Then the price of 1 000 conversations at
// Cloudflare's published Workers Paid prices, and the floors (bench/ingest-floor: queue the body and
// insert one row; bench/sockets-floor: fan one frame out) measured the same way in the same run.
// Usage: npm run bench cost -- [--conversations N] [--concurrency C]
//   ports: app BENCH_COST_PORT (8951), floors +1/+2, inspectors +5..+7; fakes and the model on free ports.
import { createHmac } from "node:crypto";
import { cpSync, rmSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import WebSocket from "ws";
import { d1File, ensureAssets, migrate, userWithAccount } from "./inbox-lib.mjs";
import { cpuMeter, stop as stopChild, workerdPids } from "./memory-lib.mjs";
import { instantModel } from "./wrangler-stack.mjs";
import { captureRunOutput, root, run, start, waitForHttp, wranglerBin, wranglerDevEnv } from "../scripts/lib.mjs";

captureRunOutput(); // migrations and the dry-run bundle print pages; a failure still carries them
const flag = (name, def) => {
  const i = process.argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return def;
  const a = process.argv[i];
  return Number(a.includes("=") ? a.split("=")[1] : process.argv[i + 1]);
};
const CONVERSATIONS = flag("conversations", 1000);
const CONCURRENCY = flag("concurrency", 40);
const TURNS = 10;
const OPERATORS = 5;
const PORT = Number(process.env.BENCH_COST_PORT ?? 8951);
const CALIBRATION = Math.max(150, Math.round((CONVERSATIONS * TURNS) / 10)); // incoming messages with the assistant off
const READS = Math.max(60, Math.min(CONVERSATIONS, 300)); // sampled inbox pages and threads
const SEARCHES = Math.max(30, Math.min(Math.round(CONVERSATIONS / 10), 100));
const PLATFORMS = ["telegram", "whatsapp", "instagram"];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const f = (n, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : "—");

/**
 * Cloudflare's published Workers Paid prices (USD), read on 2026-11-26 from
 * developers.cloudflare.com: workers/platform/pricing (Standard: requests, CPU ms), d1/platform/pricing,
 * durable-objects/platform/pricing, queues/platform/pricing. Marginal prices: the monthly allowances
 * (10 M requests, 30 M CPU ms, 25 B rows read, 50 M rows written, 1 M DO requests, 400 000 GB-s,
 * 1 M queue operations) and the $5 base are left out.
 */
export const PRICES = {
  source: "developers.cloudflare.com/{workers,d1,durable-objects,queues}/platform/pricing, read 2026-11-26",
  workerRequestPerM: 0.3,
  cpuMsPerM: 0.02,
  d1ReadPerM: 0.001,
  d1WrittenPerM: 1.0,
  doRequestPerM: 0.15,
  doGbSecondPerM: 12.5,
  queueOperationPerM: 0.4, // a message is 3 operations (write, read, delete) per 64 KB
  doMemoryGb: 0.128, // duration is billed at 128 MB per active object
};


// ── the app under wrangler dev, with the fakes and the instant model ─────────────────────────────
async function startApp() {
  ensureAssets();
  const persist = join(root, ".wrangler", "bench-cost");
  rmSync(persist, { recursive: true, force: true });
  migrate(persist);
  const { register } = await import("tsx/esm/api");
  register();
  const { startChannelFakes } = await import("../tests/fakes/channels.ts");
  const fakes = [];
  const bindings = await startChannelFakes(fakes);
  const model = new Map();
  const modelServer = instantModel(model);
  await new Promise((r) => modelServer.listen(0, "127.0.0.1", r));
  const vars = {
    ENVIRONMENT: "development",
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    ENCRYPTION_KEY: "bench-encryption-key-0123456789abcdef",
    OPENAI_BASE_URL: `http://127.0.0.1:${modelServer.address().port}/v1`,
    OPENAI_API_KEY: "bench",
    BENCH_METER: "1",
    ...bindings,
  };
  // A private bundle and assets copy: edits in the shared tree must not reload the worker mid-run.
  const build = join(root, ".wrangler", "bench-build-cost");
  const assets = join(root, ".wrangler", "bench-assets-cost");
  rmSync(build, { recursive: true, force: true });
  rmSync(assets, { recursive: true, force: true });
  run(process.execPath, [wranglerBin, "deploy", "--dry-run", "--outdir", build], { env: { CI: "1", WRANGLER_SEND_METRICS: "false" }, stdio: "ignore" });
  cpSync(join(root, "dist", "client"), assets, { recursive: true });
  const child = start(
    process.execPath,
    [wranglerBin, "dev", join(build, "index.js"), "--no-bundle", "--assets", assets, "--ip", "127.0.0.1", "--port", String(PORT), "--inspector-port", String(PORT + 5), "--persist-to", persist, "--show-interactive-dev-session=false", "--env-file", "/dev/null", "--log-level", "error", ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`])],
    { env: { CI: "1", ...wranglerDevEnv }, stdio: ["ignore", "ignore", "inherit"] },
  );
  const base = `http://127.0.0.1:${PORT}`;
  const stop = async () => {
    await stopChild(child);
    for (const fk of fakes) await fk.close().catch(() => {});
    modelServer.close();
    modelServer.closeAllConnections?.();
  };
  try {
    await waitForHttp(`${base}/api/auth/me`, 120_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return { base, persist, child, fakes, stop };
}

/** A floor Worker (bench/<dir>/) in its own wrangler dev; resolves once `probe()` answers. */
async function startFloor(dir, port, probe) {
  const persist = join(root, ".wrangler", `bench-cost-${dir}`);
  rmSync(persist, { recursive: true, force: true });
  const config = join(root, "bench", dir, "wrangler.toml");
  if (dir === "ingest-floor") run(process.execPath, [wranglerBin, "d1", "migrations", "apply", "DB", "--local", "--persist-to", persist, "--config", config], { env: { CI: "1", WRANGLER_SEND_METRICS: "false" }, stdio: "ignore" });
  const child = start(process.execPath, [wranglerBin, "dev", "--config", config, "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(port + 5), "--persist-to", persist, "--show-interactive-dev-session=false", "--log-level", "error"], {
    env: { CI: "1", ...wranglerDevEnv },
    stdio: "ignore",
  });
  for (let i = 0; ; i++) {
    try {
      await probe();
      break;
    } catch (e) {
      if (i > 240) throw e;
      await sleep(500);
    }
  }
  return { child, persist, pids: workerdPids(child.pid) };
}

// ── the app's side ──────────────────────────────────────────────────────────────────────────────
const meterOf = async (base) => (await fetch(`${base}/api/dev/meter`)).json();
const resetMeter = async (base) => (await fetch(`${base}/api/dev/meter/reset`, { method: "POST" })).json();
/** Calls each fake received, excluding the benchmark's own control calls. */
const messengerCalls = (fakes) => Object.fromEntries(fakes.map((fk) => [fk.name, fk.state.requests.filter((r) => !r.path.startsWith("/__")).length]));

/** The operators' sockets: frames counted; socket 0 resolves the waiters by marker. */
async function operatorSockets(base, token, accountId) {
  const frames = { n: 0 };
  const waiters = new Map(); // `${kind}:${marker}` → resolve
  const contactOf = new Map(); // conversation marker prefix → contactId
  const sockets = [];
  for (let i = 0; i < OPERATORS; i++) {
    const ws = new WebSocket(`${base.replace("http", "ws")}/ws?token=${encodeURIComponent(token)}&accountId=${accountId}`, { perMessageDeflate: false });
    sockets.push(ws);
    await new Promise((resolve, reject) => {
      ws.on("error", reject);
      ws.on("open", () => ws.send(JSON.stringify({ event: "joinAccount", data: { accountId } })));
      ws.on("message", (raw) => {
        frames.n++;
        const fr = JSON.parse(String(raw));
        if (fr.event === "joinedAccount") return resolve();
        if (i !== 0 || fr.event !== "message") return;
        const m = fr.data;
        const marker = /bench-(\d+)/.exec(m.content ?? "");
        if (!marker) return;
        const kind = m.messageDirection === "incoming" ? "in" : m.senderType === "assistant" ? "ai" : m.senderType === "operator" ? "op" : "other";
        if (kind === "in") contactOf.set(Math.floor(Number(marker[1]) / TURNS), m.contactId);
        const key = `${kind}:${marker[0]}`;
        waiters.get(key)?.();
        waiters.delete(key);
      });
    });
  }
  const waitFor = (kind, marker, ms = 60_000) =>
    new Promise((resolve) => {
      const t = setTimeout(() => (waiters.delete(`${kind}:${marker}`), resolve(false)), ms);
      waiters.set(`${kind}:${marker}`, () => (clearTimeout(t), resolve(true)));
    });
  return { frames, waitFor, contactOf, close: () => sockets.forEach((s) => s.close()) };
}

/** Webhook senders per platform for an account with all three channels connected to the fakes. */
async function channels(app, token, accountId) {
  const auth = { "content-type": "application/json", authorization: `Bearer ${token}` };
  const { telegramBot } = await import("../tests/fakes/telegram.ts");
  const { greenInstance } = await import("../tests/fakes/greenapi.ts");
  const { META_APP_SECRET } = await import("../tests/fakes/meta.ts");
  const fake = (name) => app.fakes.find((x) => x.name === name);
  const botToken = "7123456789:AAHcostBenchmarkTokenabcdefghijklmn";
  const call = async (method, path, body, want) => {
    const r = await fetch(`${app.base}/api/accounts/${accountId}${path}`, { method, headers: auth, body: JSON.stringify(body) });
    if (r.status !== want) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  await call("PUT", "/platform-telegram", { botToken }, 200);
  const wa = await call("POST", "/platform-whatsapp/create-instance", { idInstance: "1101777777", apiTokenInstance: "cost-bench-green-token-0123456789", apiUrl: fake("greenapi").url }, 201);
  await fetch(`${fake("greenapi").url}/__state`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ idInstance: wa.idInstance, stateInstance: "authorized" }) });
  const igId = "17841400000000923";
  await call("PUT", "/platform-instagram", { instagramAccountId: igId, accessToken: "EAAG-cost-benchmark-access-token-0123456789" }, 200);
  let updateId = 1;
  const now = () => Math.floor(Date.now() / 1000);
  const send = {
    telegram(conv, text) {
      const u = updateId++;
      const chat = { id: 300000 + conv, type: "private", first_name: `Клиент ${conv}` };
      const body = { update_id: u, message: { message_id: u, date: now(), chat, from: { id: chat.id, is_bot: false, first_name: chat.first_name }, text } };
      return fetch(`${app.base}/api/webhooks/telegram/${accountId}`, { method: "POST", headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": telegramBot(fake("telegram").state, botToken).secret }, body: JSON.stringify(body) });
    },
    whatsapp(conv, text) {
      const chatId = `7916${String(conv).padStart(7, "0")}@c.us`;
      const body = {
        typeWebhook: "incomingMessageReceived",
        instanceData: { idInstance: Number(wa.idInstance), wid: "79990001122@c.us", typeInstance: "whatsapp" },
        timestamp: now(),
        idMessage: `COST${conv}X${updateId++}`,
        senderData: { chatId, chatName: `Клиент ${conv}`, sender: chatId, senderName: `Клиент ${conv}` },
        messageData: { typeMessage: "textMessage", textMessageData: { textMessage: text } },
      };
      return fetch(`${app.base}/api/webhooks/whatsapp/${accountId}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${greenInstance(fake("greenapi").state, wa.idInstance).settings.webhookUrlToken}` }, body: JSON.stringify(body) });
    },
    instagram(conv, text) {
      const raw = JSON.stringify({ object: "instagram", entry: [{ id: igId, time: Date.now(), messaging: [{ sender: { id: `99${400000 + conv}` }, recipient: { id: igId }, timestamp: Date.now(), message: { mid: `mid.cost.${conv}.${updateId++}`, text } }] }] });
      return fetch(`${app.base}/api/webhooks/instagram`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": "sha256=" + createHmac("sha256", META_APP_SECRET).update(raw).digest("hex") }, body: raw });
    },
  };
  const assistantOn = async (assistantId) => {
    await call("PUT", "/platform-telegram", { assistantId }, 200);
    await call("PUT", "/platform-whatsapp", { assistantId }, 200);
    await call("PATCH", "/platform-instagram/settings", { assistantId }, 200);
  };
  return { send, assistantOn, auth };
}

const TEXTS = ["Здравствуйте! Есть ли в наличии диван «Уют»?", "Сколько стоит доставка в Казань?", "Можно оплатить при получении?", "Когда привезут мой заказ?", "Хочу вернуть плед", "Есть ли скидки на посуду?", "Во сколько вы работаете в субботу?", "А есть такой же, но побольше?", "Пришлите фото, пожалуйста", "Спасибо, всё понятно!"];

/** Runs `jobs` (async functions) `width` at a time. */
async function pool(jobs, width) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, async () => {
    while (next < jobs.length) await jobs[next++]();
  }));
}

/** One measured phase: the CPU, the meter, the frames and the messenger calls it took. */
async function phase(app, pids, sockets, body) {
  await resetMeter(app.base);
  const calls0 = messengerCalls(app.fakes);
  const frames0 = sockets.frames.n;
  const cpu = cpuMeter(pids);
  const t0 = performance.now();
  const extra = await body();
  await sleep(1500); // the phase's tail (room pushes, sends) lands before it is read
  const c = cpu();
  const m = await meterOf(app.base);
  const calls1 = messengerCalls(app.fakes);
  const messenger = Object.keys(calls1).reduce((s, k) => s + calls1[k] - (calls0[k] ?? 0), 0);
  m.invocations.fetch = (m.invocations.fetch ?? 0) - 1; // the meter read itself
  return { cpu: c, meter: m, frames: sockets.frames.n - frames0, messenger, wallMs: performance.now() - t0, ...extra };
}

/** Per-operation figures of a phase (or of a difference of phases) over `n` operations. */
function perOp(p, n) {
  const q = p.meter.queueMessages ?? {};
  const inv = p.meter.invocations ?? {};
  return {
    n,
    cpu: p.cpu.thread / n,
    cpuAll: p.cpu.total / n,
    read: p.meter.d1RowsRead / n,
    written: p.meter.d1RowsWritten / n,
    queries: p.meter.d1Queries / n,
    d1Ms: (p.meter.d1Ms ?? 0) / n,
    doReq: p.meter.doRequests / n,
    doWallMs: p.meter.doWallMs / n,
    frames: p.frames / n,
    queue: Object.values(q).reduce((s, x) => s + x, 0) / n,
    messenger: p.messenger / n,
    requests: ((inv.fetch ?? 0) + (inv.queue ?? 0) + (inv.scheduled ?? 0)) / n,
  };
}
const KEYS = ["cpu", "cpuAll", "read", "written", "queries", "d1Ms", "doReq", "doWallMs", "frames", "queue", "messenger", "requests"];
/** (a·na − b·nb) / n: what `a` cost beyond `nb` operations costing `b` each. */
function beyond(a, na, b, nb, n) {
  return Object.fromEntries([["n", n], ...KEYS.map((k) => [k, (a[k] * na - b[k] * nb) / n])]);
}

/** USD for one operation at PRICES. */
function price(o) {
  const m = 1e6;
  const parts = {
    requests: (o.requests * PRICES.workerRequestPerM) / m,
    cpu: (o.cpu * PRICES.cpuMsPerM) / m,
    d1Read: (o.read * PRICES.d1ReadPerM) / m,
    d1Written: (o.written * PRICES.d1WrittenPerM) / m,
    doRequests: (o.doReq * PRICES.doRequestPerM) / m,
    doDuration: (((o.doWallMs / 1000) * PRICES.doMemoryGb) * PRICES.doGbSecondPerM) / m,
    queues: (o.queue * 3 * PRICES.queueOperationPerM) / m,
  };
  return { ...parts, total: Object.values(parts).reduce((s, x) => s + x, 0) };
}

function table(rows) {
  console.log(`  ${"operation".padEnd(34)} ${"n".padStart(6)} ${"CPU ms".padStart(7)} ${"(all thr)".padStart(9)} ${"rows rd".padStart(8)} ${"rows wr".padStart(8)} ${"queries".padStart(7)} ${"D1 ms".padStart(6)} ${"DO req".padStart(6)} ${"frames".padStart(6)} ${"queue".padStart(5)} ${"msngr".padStart(5)} ${"W req".padStart(5)}`);
  for (const [name, o] of rows) {
    console.log(`  ${name.padEnd(34)} ${String(o.n).padStart(6)} ${f(o.cpu).padStart(7)} ${f(o.cpuAll).padStart(9)} ${f(o.read, 1).padStart(8)} ${f(o.written, 1).padStart(8)} ${f(o.queries, 1).padStart(7)} ${f(o.d1Ms).padStart(6)} ${f(o.doReq).padStart(6)} ${f(o.frames, 1).padStart(6)} ${f(o.queue).padStart(5)} ${f(o.messenger).padStart(5)} ${f(o.requests).padStart(5)}`);
  }
}

/** Reads that scan more rows than they return, the most in all first (per call printed), with SQLite's plan for each. */
function explainScans(label, statements, file) {
  const db = new DatabaseSync(file, { readOnly: true });
  const scans = statements
    .filter((s) => /^\s*(select|with|update|delete)/i.test(s.sql) && s.read > s.returned && s.read / s.n > 1)
    .sort((a, b) => b.read - b.returned - (a.read - a.returned)); // the most rows over what they return in all, first
  console.log(`\n  ${label}: ${scans.length} statement(s) read more rows than they return`);
  for (const s of scans.slice(0, 12)) {
    console.log(`  • ${f(s.read / s.n, 1)} rows read per call for ${f(s.returned / s.n, 1)} returned (${s.n} calls): ${s.sql.replace(/\s+/g, " ").slice(0, 220)}`);
    try {
      for (const r of db.prepare(`EXPLAIN QUERY PLAN ${s.sql}`).all()) console.log(`      ${r.detail}`);
    } catch (e) {
      console.log(`      (no plan: ${e.message})`);
    }
  }
  db.close();
}

async function main() {
  console.log(`cost: ${CONVERSATIONS} conversations × ${TURNS} messages over ${PLATFORMS.join("/")}, assistant on (instant model), ${OPERATORS} operator sockets, ${CONCURRENCY} conversations at once; load average ${loadavg().map((x) => x.toFixed(1)).join(" ")} on ${cpus().length} cores`);
  const app = await startApp();
  const floors = {};
  let sockets;
  try {
    const pids = workerdPids(app.child.pid);
    const { token, accountId } = await userWithAccount(app.base);
    // The trial's 500 AI replies and 2 000 incoming messages would stop the day: the account is put on «Профи» (as bench/billing-pipeline.mjs does).
    const w = new DatabaseSync(d1File(app.persist));
    w.prepare("UPDATE subscriptions SET plan_id = '000000000000planpro' WHERE account_id = ?").run(accountId);
    w.close();
    const ch = await channels(app, token, accountId);
    sockets = await operatorSockets(app.base, token, accountId);
    const turn = async (conv, k, waitAi) => {
      const marker = `bench-${conv * TURNS + k}`;
      const seen = sockets.waitFor(waitAi ? "ai" : "in", marker);
      const r = await ch.send[PLATFORMS[conv % 3]](conv, `${TEXTS[k % TEXTS.length]} ${marker}`);
      await r.text();
      if (r.status !== 200) throw new Error(`webhook ${PLATFORMS[conv % 3]}: ${r.status}`);
      return seen;
    };
    // Warm-up (not counted): every channel's first requests compile and open the database.
    for (let w = 0; w < 6; w++) await turn(900000 + w, 0, false);

    // 1. Incoming messages alone (the assistant not yet attached): the ingest path's cost per message.
    const calConvs = Math.ceil(CALIBRATION / TURNS);
    let lostIn = 0;
    const p1 = await phase(app, pids, sockets, async () => {
      await pool(Array.from({ length: calConvs }, (_, i) => async () => {
        for (let k = 0; k < TURNS; k++) if (!(await turn(800000 + i, k, false))) lostIn++;
      }), CONCURRENCY);
    });
    const incoming = perOp(p1, calConvs * TURNS);
    const statementsIn = p1.meter.statements;

    // 2. The day: every conversation with the assistant on; each customer writes again once answered.
    const a = await (await fetch(`${app.base}/api/accounts/${accountId}/assistants`, { method: "POST", headers: ch.auth, body: JSON.stringify({ name: "Консультант", debounceSeconds: 0, knowledge: "Доставка по России — 300 ₽, бесплатно от 5 000 ₽. Работаем ежедневно с 9 до 21." }) })).json();
    await ch.assistantOn(a.assistantId);
    let unanswered = 0;
    let done = 0;
    const dayStart = performance.now();
    const msgs = CONVERSATIONS * TURNS;
    const calls = () => Object.values(messengerCalls(app.fakes)).reduce((x, y) => x + y, 0);
    let drainS = 0;
    let undelivered = 0;
    const p2 = await phase(app, pids, sockets, async () => {
      const sent0 = calls();
      await pool(Array.from({ length: CONVERSATIONS }, (_, conv) => async () => {
        for (let k = 0; k < TURNS; k++) if (!(await turn(conv, k, true))) unanswered++;
        if (++done % 50 === 0) process.stderr.write(`  … ${done} of ${CONVERSATIONS} conversations, ${unanswered} unanswered, ${f((performance.now() - dayStart) / 1000, 0)} s\n`);
      }), CONCURRENCY);
      // The replies' sends to the messengers (paced per channel) belong to the day: wait for them (≤ 5 min).
      const t = performance.now();
      while (performance.now() - t < 300_000 && calls() - sent0 < msgs - unanswered) await sleep(500);
      drainS = (performance.now() - t) / 1000;
      undelivered = Math.max(0, msgs - unanswered - (calls() - sent0));
    });
    const dayS = (performance.now() - dayStart) / 1000;
    const replies = msgs - unanswered;
    const dayAll = perOp(p2, msgs);
    const aiReply = beyond(dayAll, msgs, incoming, msgs, replies);

    // 3. Operator replies on 10 % of the threads.
    const opConvs = Array.from({ length: CONVERSATIONS }, (_, c) => c).filter((c) => c % 10 === 0);
    let opMissing = 0;
    const p3 = await phase(app, pids, sockets, async () => {
      await pool(opConvs.map((conv) => async () => {
        const marker = `bench-${conv * TURNS + 99}`;
        const seen = sockets.waitFor("op", marker);
        const r = await fetch(`${app.base}/api/accounts/${accountId}/contacts/${sockets.contactOf.get(conv)}/messages`, { method: "POST", headers: ch.auth, body: JSON.stringify({ content: `Здравствуйте, это оператор: заказ передан в доставку. ${marker}` }) });
        await r.text();
        if (r.status !== 201 || !(await seen)) opMissing++;
      }), OPERATORS);
    });
    const operator = perOp(p3, opConvs.length);

    // 4. Inbox reads by the 5 operators: list pages, threads, searches (each its own phase), once the
    //    turns' follow-up work (the assistant queue's later checks) has stopped touching D1 (≤ 3 min).
    for (const t = performance.now(); performance.now() - t < 180_000; ) {
      await resetMeter(app.base);
      await sleep(3000);
      if ((await meterOf(app.base)).d1Queries === 0) break;
    }
    const get = async (path) => {
      const r = await fetch(`${app.base}/api/accounts/${accountId}${path}`, { headers: ch.auth });
      await r.text();
      if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
    };
    const reads = async (n, pathOf) => perOp(await phase(app, pids, sockets, () => pool(Array.from({ length: n }, (_, i) => () => get(pathOf(i))), OPERATORS)), n);
    const p4 = await phase(app, pids, sockets, () => pool(Array.from({ length: READS }, (_, i) => () => get(`/contacts/chat-contacts?page=${i % 5 === 4 ? 2 : 1}&limit=30`)), OPERATORS));
    const inboxPage = perOp(p4, READS);
    const thread = await reads(READS, (i) => `/contacts/${sockets.contactOf.get(i % CONVERSATIONS)}/messages?limit=50`);
    const WORDS = ["доставка", "диван", "оплатить", "скидки", "субботу"];
    const search = await reads(SEARCHES, (i) => `/contacts/chat-contacts?q=${encodeURIComponent(WORDS[i % WORDS.length])}`);
    const file = d1File(app.persist);

    // ── ours ──
    console.log(`\nOurs (wrangler dev, local D1/queues/room; load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}). Per operation:`);
    console.log(`  the day: ${msgs} messages in ${f(dayS, 0)} s (${f(msgs / (dayS - drainS), 1)} turns/s until the last answer), ${replies} answered by the assistant, ${unanswered} unanswered; the last sends reached the messengers ${f(drainS, 0)} s after the last answer (${undelivered} not yet); incoming phase lost ${lostIn}; operator replies missing ${opMissing}`);
    table([
      ["incoming message (assistant off)", incoming],
      ["AI reply (the day minus incoming)", aiReply],
      ["incoming + AI reply (the day)", dayAll],
      ["operator reply", operator],
      ["inbox page (30 threads; 1/5 page 2)", inboxPage],
      ["thread page (50 messages)", thread],
      ["search", search],
    ]);
    console.log(`  CPU ms: the busiest workerd thread (the Worker, its queues, the room and D1's SQLite run there locally); (all thr): every workerd thread`);
    console.log(`  DO req: calls on room stubs (RPC and fetch); frames: received by the ${OPERATORS} operator sockets; queue: messages sent; msngr: calls to the messenger fakes; W req: Worker invocations (fetch, queue batches)`);
    console.log(`  queue messages by queue in the day: ${JSON.stringify(p2.meter.queueMessages)}; DO wall per request ${f(dayAll.doWallMs / Math.max(dayAll.doReq, 1e-9))} ms`);
    console.log(`  D1 rows read per incoming message ${f(incoming.read, 1)}, per inbox page ${f(inboxPage.read, 1)}`);
    console.log(`  D1 ms: SQL time D1 reports (meta.duration), the time the database's single writer is busy per operation`);
    const writers = p2.meter.statements.filter((st) => st.written > 0).sort((x, y) => y.written - x.written);
    console.log(`\n  rows written in the day by statement (${f(p2.meter.d1RowsWritten / msgs, 1)} per message; D1 counts a row once per table and once per index it changes, triggers' rows included):`);
    for (const st of writers.slice(0, 10)) console.log(`  • ${f(st.written / msgs, 2)} per message (${st.n} calls, ${f(st.written / st.n, 1)} per call): ${st.sql.replace(/\s+/g, " ").slice(0, 160)}`);
    explainScans("incoming message", statementsIn, file);
    explainScans("inbox page", p4.meter.statements, file);
    explainScans("the day (incoming messages and AI replies)", p2.meter.statements, file);
    explainScans("operator reply", p3.meter.statements, file);

    // ── the price of 1 000 conversations ──
    const day = [
      ["incoming messages", incoming, 10_000],
      ["AI replies", aiReply, 10_000 * (replies / msgs)],
      ["operator replies", operator, 100],
      ["inbox pages (1 per conversation)", inboxPage, 1_000],
      ["thread pages (1 per conversation)", thread, 1_000],
      ["searches (1 per 10 conversations)", search, 100],
    ];
    console.log(`\nPrice of 1 000 conversations at Workers Paid prices (${PRICES.source}; marginal, allowances and the $5 base left out):`);
    console.log(`  prices: requests $${PRICES.workerRequestPerM}/M, CPU $${PRICES.cpuMsPerM}/M ms, D1 read $${PRICES.d1ReadPerM}/M rows, D1 written $${PRICES.d1WrittenPerM}/M rows, DO requests $${PRICES.doRequestPerM}/M, DO duration $${PRICES.doGbSecondPerM}/M GB-s (128 MB), Queues $${PRICES.queueOperationPerM}/M operations (3 per message)`);
    const sum = {};
    for (const [name, o, count] of day) {
      const p = price(o);
      for (const [k, v] of Object.entries(p)) sum[k] = (sum[k] ?? 0) + v * count;
      console.log(`  ${name.padEnd(36)} ${String(Math.round(count)).padStart(6)} × $${(p.total * 1e6).toFixed(2)}/M = $${(p.total * count).toFixed(4)}`);
    }
    console.log(`  total $${sum.total.toFixed(4)} per 1 000 conversations: ${Object.entries(sum).filter(([k]) => k !== "total").map(([k, v]) => `${k} $${v.toFixed(4)}`).join(", ")}`);
    console.log(`  (CPU includes SQLite's work, which on Cloudflare runs in D1 and is billed as rows: an upper bound; DO duration is the sum of room calls' wall time, an upper bound too)`);
    floors.ours = { incoming, fanout: operator };
  } finally {
    sockets?.close();
    await app.stop();
  }
  await measureFloors(floors);
}

async function measureFloors(floors) {
  // The ingest floor: the same webhooks (one Instagram event each) queued and inserted as one row.
  const n = CALIBRATION;
  const ingestPort = PORT + 1;
  const url = `http://127.0.0.1:${ingestPort}/`;
  const body = (i, label) => JSON.stringify({ object: "instagram", entry: [{ id: "1", time: Date.now(), messaging: [{ sender: { id: `99${i % 500}` }, recipient: { id: "1" }, timestamp: Date.now(), message: { mid: `mid.floor.${label}.${i}`, text: `${label} ${i}` } }] }] });
  const ing = await startFloor("ingest-floor", ingestPort, async () => (await fetch(url, { method: "POST", body: body(0, "probe") })).text());
  let ingest;
  try {
    await sleep(1500);
    const cpu = cpuMeter(ing.pids);
    await pool(Array.from({ length: n }, (_, i) => async () => (await fetch(url, { method: "POST", body: body(i, "floor") })).text()), CONCURRENCY);
    let rows = 0;
    for (let t = 0; t < 600 && rows < n; t++) {
      await sleep(100);
      try {
        const db = new DatabaseSync(d1File(ing.persist), { readOnly: true });
        rows = db.prepare("SELECT count(*) AS n FROM events WHERE text LIKE 'floor %'").get().n;
        db.close();
      } catch {
        /* not written yet */
      }
    }
    const c = cpu();
    ingest = { n, rows, cpu: c.thread / n, cpuAll: c.total / n };
  } finally {
    await stopChild(ing.child);
  }
  // The socket floor: one frame of our `message` frame's size fanned out to the 5 sockets per post.
  const sockPort = PORT + 2;
  const base = `http://127.0.0.1:${sockPort}`;
  const post = (content) => fetch(`${base}/post`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ content }) }).then((r) => r.text());
  const sf = await startFloor("sockets-floor", sockPort, () => post("прогрев"));
  let fan;
  const socks = [];
  try {
    let frames = 0;
    for (let i = 0; i < OPERATORS; i++) {
      const ws = new WebSocket(`ws://127.0.0.1:${sockPort}/ws`, { perMessageDeflate: false });
      socks.push(ws);
      await new Promise((resolve, reject) => (ws.on("open", resolve), ws.on("error", reject)));
      ws.on("message", () => frames++);
    }
    const posts = floors.ours.fanout.n * 10;
    await sleep(1000);
    const cpu = cpuMeter(sf.pids);
    await pool(Array.from({ length: posts }, (_, i) => () => post(`bench ${i}`)), OPERATORS);
    for (let t = 0; t < 300 && frames < posts * OPERATORS; t++) await sleep(100);
    const c = cpu();
    fan = { n: posts, frames: frames / posts, cpu: c.thread / posts, cpuAll: c.total / posts };
  } finally {
    socks.forEach((s) => s.close());
    await stopChild(sf.child);
  }
  const { incoming, fanout } = floors.ours;
  console.log(`\nFloors in the same run (load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}), CPU ms of the busiest workerd thread per operation:`);
  console.log(`  incoming message:  ours ${f(incoming.cpu)} ms (${f(incoming.cpuAll)} all threads), ${f(incoming.written, 1)} rows written, ${f(incoming.read, 1)} read, ${f(incoming.queue)} queue msgs, ${f(incoming.doReq)} DO req`);
  console.log(`    floor (bench/ingest-floor: queue the body, insert one row): ${f(ingest.cpu)} ms (${f(ingest.cpuAll)} all threads), 1 row written, 1 queue msg, 0 DO req (${ingest.rows}/${ingest.n} rows stored) → ours/floor ${f(incoming.cpu / ingest.cpu, 1)}×`);
  console.log(`  operator reply:    ours ${f(fanout.cpu)} ms (${f(fanout.cpuAll)} all threads), ${f(fanout.frames, 1)} frames, ${f(fanout.doReq)} DO req, ${f(fanout.written, 1)} rows written`);
  console.log(`    floor (bench/sockets-floor: fan one frame out, no D1): ${f(fan.cpu)} ms (${f(fan.cpuAll)} all threads), ${f(fan.frames, 1)} frames, 1 DO req (${fan.n} posts) → ours/floor ${f(fanout.cpu / fan.cpu, 1)}×`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error("benchmark failed:", e);
    process.exit(1);
  },
);
