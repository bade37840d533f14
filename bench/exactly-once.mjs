// Exactly once at scale (issue #22): MESSAGES messages over Telegram, WhatsApp (Green API) and
// Instagram DMs, one message per webhook, into wrangler dev (assistant off), twice in one invocation:
//  - clean: each webhook once, in order, no faults;
//  - faulty: each webhook COPIES times, all copies shuffled (seeded), with FAULT_INJECTION=1 and
//    FAULT_RATE (default 0.01) given to THAT wrangler dev only, so the inbound consumer crashes at
//    random points (worker/lib/faults.ts: after the ingest commit, before the ack) and the queue
//    redelivers.
// Prints lost, duplicated and out-of-order counts (all must be 0) and messages/s for both runs.
// Usage: npm run bench -- exactly-once [--messages 10000] [--copies 3] [--rate 0.01] [--seed 22]
//        (or BENCH_MESSAGES, …). Ports: BENCH_PORT (default 8931), BENCH_FAKE_PORT (default 8932..8934).
import { createHmac } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";

const arg = (name, env, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`));
  return Number(eq ? eq.split("=")[1] : i >= 0 ? process.argv[i + 1] : (process.env[env] ?? dflt));
};
const MESSAGES = arg("messages", "BENCH_MESSAGES", 10_000);
const COPIES = arg("copies", "BENCH_COPIES", 3);
const RATE = arg("rate", "BENCH_FAULT_RATE", 0.01);
const SEED = arg("seed", "BENCH_SEED", 22);
const CONCURRENCY = arg("concurrency", "BENCH_CONCURRENCY", 32);
const PER_THREAD = 16;
process.env.BENCH_PORT ??= "8931";
process.env.BENCH_FAKE_PORT ??= "8932";
const META_APP_SECRET = "test-meta-app-secret"; // tests/fakes/meta.ts, what the stack gives the worker

const { f1, sleep, startStack, userWithAccount } = await import("./channels-lib.mjs");

function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle(items, rnd) {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** Connects the three channels and returns, per channel, how to post one message's webhook. */
async function channels(stack, token, accountId) {
  const auth = { "content-type": "application/json", authorization: `Bearer ${token}` };
  const bot = `${5560000 + Math.floor(Math.random() * 1000)}:AAHexactlyOnceBenchTokenabcdefghijklmnopq`;
  const tg = await fetch(`${stack.base}/api/accounts/${accountId}/platform-telegram`, { method: "PUT", headers: auth, body: JSON.stringify({ botToken: bot }) });
  if (tg.status !== 200) throw new Error(`connect telegram: ${tg.status} ${await tg.text()}`);
  const tgHeaders = { "content-type": "application/json", "x-telegram-bot-api-secret-token": stack.telegramSecret(bot) };
  const wa = await fetch(`${stack.base}/api/accounts/${accountId}/platform-whatsapp/create-instance`, { method: "POST", headers: auth, body: "{}" });
  if (wa.status !== 201) throw new Error(`connect whatsapp: ${wa.status} ${await wa.text()}`);
  const { idInstance } = await wa.json();
  const green = stack.fakes.find((f) => f.name === "greenapi");
  const sets = green.state.requests.filter((r) => r.path.startsWith(`/waInstance${idInstance}/setSettings/`));
  const waHeaders = { "content-type": "application/json", authorization: `Bearer ${sets.at(-1).body.webhookUrlToken}` };
  const igId = String(17841400000000000 + Math.floor(Math.random() * 1e9));
  const ig = await fetch(`${stack.base}/api/accounts/${accountId}/platform-instagram`, { method: "PUT", headers: auth, body: JSON.stringify({ instagramAccountId: igId, accessToken: `EAAG-bench-${igId}` }) });
  if (ig.status !== 200) throw new Error(`connect instagram: ${ig.status} ${await ig.text()}`);
  const base = Math.floor(Date.now() / 1000) - 3600;
  return {
    tg: (m) =>
      fetch(`${stack.base}/api/webhooks/telegram/${accountId}`, {
        method: "POST",
        headers: tgHeaders,
        body: JSON.stringify({ update_id: m.n, message: { message_id: m.n, date: base + m.k, chat: { id: 200000 + m.thread, type: "private", first_name: `Клиент ${m.thread}` }, from: { id: 200000 + m.thread, is_bot: false, first_name: `Клиент ${m.thread}` }, text: m.text } }),
      }),
    wa: (m) =>
      fetch(`${stack.base}/api/webhooks/whatsapp/${accountId}`, {
        method: "POST",
        headers: waHeaders,
        body: JSON.stringify({
          typeWebhook: "incomingMessageReceived",
          instanceData: { idInstance: Number(idInstance), wid: "79990001122@c.us", typeInstance: "whatsapp" },
          timestamp: base + m.k,
          idMessage: `EO${m.n}`,
          senderData: { chatId: `7902${1000000 + m.thread}@c.us`, chatName: "Клиент", sender: `7902${1000000 + m.thread}@c.us`, senderName: "Клиент", senderContactName: "" },
          messageData: { typeMessage: "textMessage", textMessageData: { textMessage: m.text } },
        }),
      }),
    ig: (m) => {
      const at = base * 1000 + m.k * 1000;
      const raw = JSON.stringify({ object: "instagram", entry: [{ id: igId, time: at, messaging: [{ sender: { id: `98${100000 + m.thread}` }, recipient: { id: igId }, timestamp: at, message: { mid: `mid.eo.${m.n}`, text: m.text } }] }] });
      return fetch(`${stack.base}/api/webhooks/instagram`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": "sha256=" + createHmac("sha256", META_APP_SECRET).update(raw).digest("hex") }, body: raw });
    },
  };
}

/** The messages: per channel, threads of PER_THREAD; text "eo <channel> <thread> <k>". */
function plan(label) {
  const out = [];
  const kinds = ["tg", "wa", "ig"];
  for (let i = 0; i < MESSAGES; i++) {
    const channel = kinds[i % 3];
    const j = Math.floor(i / 3);
    const thread = Math.floor(j / PER_THREAD);
    const k = j % PER_THREAD;
    out.push({ channel, thread, k, n: 1_000_000 + i, text: `${label} ${channel} ${thread} ${String(k).padStart(3, "0")}` });
  }
  return out;
}

async function runOnce(label, { faults }) {
  const logFile = join(tmpdir(), `bench-exactly-once-${label}-${process.pid}.log`);
  if (faults) process.env.BENCH_LOG = logFile;
  else delete process.env.BENCH_LOG;
  const vars = faults ? { FAULT_INJECTION: "1", FAULT_RATE: String(RATE), FAULT_POINTS: "ingest.afterCommit,inbound.beforeAck" } : {};
  const stack = await startStack(`exactly-once-${label}`, vars);
  try {
    const { token, accountId } = await userWithAccount(stack.base);
    const post = await channels(stack, token, accountId);
    const messages = plan(label);
    const deliveries = faults ? shuffle(messages.flatMap((m) => Array.from({ length: COPIES }, () => m)), prng(SEED)) : messages;
    // Warm-up, not counted.
    for (const ch of ["tg", "wa", "ig"]) await (await post[ch]({ channel: ch, thread: 9999, k: 0, n: 999_000 + ch.length, text: "прогрев" })).text();
    await sleep(1500);
    const count = () => stack.sql("SELECT count(*) AS n FROM messages WHERE account_id = ? AND content LIKE ?", accountId, `${label} %`)[0].n;
    const t0 = performance.now();
    let failed = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < deliveries.length) {
          const m = deliveries[next++];
          const r = await post[m.channel](m);
          await r.text();
          if (r.status !== 200) failed++;
        }
      }),
    );
    const sentMs = performance.now() - t0;
    let stored = 0;
    let doneMs = NaN;
    const deadline = Date.now() + 600_000;
    while (Date.now() < deadline) {
      stored = count();
      if (stored >= MESSAGES) {
        doneMs = performance.now() - t0;
        break;
      }
      await sleep(200);
    }
    await sleep(faults ? 5000 : 1000); // redeliveries of crashed batches that still come
    const rows = stack.sql(
      `SELECT m.thread_id AS t, m.content AS c FROM messages m WHERE m.account_id = ? AND m.content LIKE ? AND m.direction = 'incoming' ORDER BY m.thread_id, m.created_at, m.id`,
      accountId,
      `${label} %`,
    );
    const seen = new Map();
    let duplicated = 0;
    let outOfOrder = 0;
    let prev = null;
    for (const r of rows) {
      seen.set(r.c, (seen.get(r.c) ?? 0) + 1);
      if (seen.get(r.c) > 1) duplicated++;
      if (prev && prev.t === r.t && prev.c > r.c) outOfOrder++;
      prev = r;
    }
    const lost = messages.filter((m) => !seen.has(m.text)).length;
    const outbox = stack.sql("SELECT count(*) AS n FROM ingest_outbox WHERE account_id = ?", accountId)[0].n;
    let crashes = null;
    let finished = null;
    if (faults) {
      await sleep(500);
      // wrangler's own line per consumer invocation, "QUEUE assistly-inbound <acked>/<messages>": the
      // invocations that acked fewer than they got threw (the only retries this traffic makes).
      const runs = [...readFileSync(logFile, "utf8").matchAll(/QUEUE assistly-inbound (\d+)\/(\d+)/g)];
      finished = runs.length;
      crashes = runs.filter(([, acked, all]) => Number(acked) < Number(all)).length;
    }
    return { label, webhooks: deliveries.length, failed, sentMs, doneMs, lost, duplicated, outOfOrder, outbox, crashes, finished, load: loadavg() };
  } finally {
    await stack.stop();
    if (!process.env.BENCH_KEEP_LOG) rmSync(logFile, { force: true });
  }
}

function print(r) {
  console.log(`\n${r.label}: ${r.webhooks} webhooks (${MESSAGES} messages${r.label === "faulty" ? ` × ${COPIES}, shuffled, seed ${SEED}, FAULT_RATE ${RATE}` : ", once each, in order, no faults"}); load average ${r.load.map((x) => x.toFixed(1)).join(" ")}`);
  console.log(`  webhooks answered:  ${r.webhooks - r.failed} / ${r.webhooks} in ${f1(r.sentMs / 1000)} s (${f1((r.webhooks - r.failed) / (r.sentMs / 1000))} webhooks/s)`);
  console.log(`  messages stored:    first send → last message stored ${f1(r.doneMs / 1000)} s → ${f1(MESSAGES / (r.doneMs / 1000))} messages/s`);
  if (r.crashes !== null) console.log(`  injected crashes:   ${r.crashes} of ${r.finished} inbound consumer invocations crashed (${f1((r.crashes / r.finished) * 100)} %); the queue redelivered their batches`);
  console.log(`  lost ${r.lost}, duplicated ${r.duplicated}, out of order ${r.outOfOrder}; unfinished ingests left ${r.outbox}`);
}

const clean = await runOnce("clean", { faults: false });
print(clean);
const faulty = await runOnce("faulty", { faults: true });
print(faulty);
console.log(`\nexactly-once: faulty run ${f1(MESSAGES / (faulty.doneMs / 1000))} messages/s against the clean run's ${f1(MESSAGES / (clean.doneMs / 1000))} (${f1((clean.doneMs / faulty.doneMs) * 100)} %), receiving ${COPIES}× the webhooks`);
const bad = [clean, faulty].some((r) => r.lost || r.duplicated || r.outOfOrder || r.outbox);
if (bad) {
  console.error("exactly-once: FAILED (lost, duplicated, out of order or unfinished above)");
  process.exitCode = 1;
}
