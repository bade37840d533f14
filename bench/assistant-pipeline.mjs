// Overhead of the assistant pipeline with a model that answers instantly (debounce 0), through the
// real stack: Telegram webhook → inbound queue → ingest (commit) → chain → runner → model request;
// model answer → reply committed → pushed to the account's sockets (and queued for Telegram).
//   A: incoming message committed (its commit returned, the runner's stamp) → model request received by the model server
//   B: model answer sent → reply message frame received on a joined socket
// Both ends of each interval are read on the same machine clock (the worker's Date.now() at the
// commit, the model server's and the socket client's clocks), so no clock sync is involved.
// Usage: node bench/assistant-pipeline.mjs   [N=200] [CONCURRENCY=8]   ports 8795 (wrangler), 8796 (model), 8797 (Telegram)
import { DatabaseSync } from "node:sqlite";
import { d1File, fmt, stats, userWithAccount } from "./inbox-lib.mjs";
import { instantModel, startStack } from "./wrangler-stack.mjs";

const N = Number(process.env.N ?? 200);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const WARMUP = 20;
const PORT = 8795;
const MODEL_PORT = 8796;
const TELEGRAM_PORT = 8797;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Marker → when its model request came and its answer left. */
const model = new Map();
const modelServer = instantModel(model);

let stack;
let db;
async function main() {
  stack = await startStack({ name: "assistant-pipeline", port: PORT, modelPort: MODEL_PORT, telegramPort: TELEGRAM_PORT, modelServer });
  const { base, persist, telegram, telegramBot } = stack;

  const { token, accountId } = await userWithAccount(base);
  const auth = { "content-type": "application/json", authorization: `Bearer ${token}` };
  const a = await (
    await fetch(`${base}/api/accounts/${accountId}/assistants`, { method: "POST", headers: auth, body: JSON.stringify({ name: "Бенчмарк", debounceSeconds: 0, knowledge: "Доставка — 300 ₽." }) })
  ).json();
  const bot = `${5560000 + Math.floor(Math.random() * 1000)}:AAHbenchmarkTokenabcdefghijklmnopqrstu`;
  const c = await fetch(`${base}/api/accounts/${accountId}/platform-telegram`, { method: "PUT", headers: auth, body: JSON.stringify({ botToken: bot, assistantId: a.assistantId }) });
  if (c.status !== 200) throw new Error(`connect bot: ${c.status} ${await c.text()}`);
  const secret = telegramBot(telegram.state, bot).secret;

  // The operator's socket: incoming frames give the commit time, reply frames the push arrival.
  const frames = new Map(); // marker → { committedAt, pushedAt }
  const waiters = new Map();
  const ws = new WebSocket(`ws://127.0.0.1:${PORT}/ws?token=${encodeURIComponent(token)}&accountId=${accountId}`);
  await new Promise((resolve, reject) => {
    ws.onerror = reject;
    ws.onclose = (e) => console.log(`  (socket closed: ${e.code} ${e.reason})`);
    ws.onopen = () => ws.send(JSON.stringify({ event: "joinAccount", data: { accountId } }));
    ws.onmessage = (e) => {
      const f = JSON.parse(String(e.data));
      if (f.event === "joinedAccount") return resolve();
      if (f.event !== "message") return;
      const now = Date.now();
      const m = f.data;
      const marker = /bench-\d+/.exec(m.content ?? "")?.[0];
      if (!marker) return;
      const entry = frames.get(marker) ?? {};
      if (m.messageDirection === "incoming") entry.committedAt = m.updatedAt;
      else if (m.senderType === "assistant" && m.messageType === "text") {
        entry.pushedAt ??= now;
        waiters.get(marker)?.();
      }
      frames.set(marker, entry);
    };
  });

  const url = `${base}/api/webhooks/telegram/${accountId}`;
  const headers = { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret };
  let updateId = 1;
  async function turn(i, chatId) {
    const marker = `bench-${i}`;
    const replied = new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no reply for ${marker}`)), 60_000);
      waiters.set(marker, () => {
        clearTimeout(t);
        resolve();
      });
    });
    const u = updateId++;
    const body = { update_id: u, message: { message_id: u, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: "private", first_name: "Клиент" }, from: { id: chatId, is_bot: false, first_name: "Клиент" }, text: `Сколько стоит доставка? ${marker}` } };
    const r = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
    await r.text();
    await replied;
  }

  async function phase(label, from, count, concurrency) {
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async (_, w) => {
        while (next < count) {
          const i = from + next++;
          await turn(i, 700000 + w); // one chat per worker: its turns never overlap
        }
      }),
    );
    // A starts when the incoming message's commit returned: the runner keeps that stamp (the
    // worker's clock) in the run's timings; the message's own createdAt is taken before its writes.
    await sleep(500); // the run settles (timings stored) just after its reply is pushed
    const reader = new DatabaseSync(d1File(persist), { readOnly: true });
    const committed = new Map(
      reader
        .prepare("SELECT r.timings, m.content FROM assistant_runs r JOIN messages m ON m.id = r.trigger_message_id WHERE r.account_id = ? AND r.timings IS NOT NULL")
        .all(accountId)
        .map((r) => [/bench-\d+/.exec(r.content)?.[0], JSON.parse(r.timings).committedAt]),
    );
    reader.close();
    const a = [];
    const b = [];
    for (let i = from; i < from + count; i++) {
      const m = `bench-${i}`;
      const f = frames.get(m);
      const x = model.get(m);
      const committedAt = committed.get(m);
      if (!committedAt || !x || !f?.pushedAt) continue;
      a.push(x.requestAt - committedAt);
      b.push(f.pushedAt - x.answeredAt);
    }
    const sa = stats(a);
    const sb = stats(b);
    console.log(`  ${label} (${sa.n} turns):`);
    console.log(`    A  committed → model request:        p50 ${fmt(sa.p50)}, p99 ${fmt(sa.p99)}, max ${fmt(sa.max)}   ${verdict(sa)}`);
    console.log(`    B  model answer → reply on socket:   p50 ${fmt(sb.p50)}, p99 ${fmt(sb.p99)}, max ${fmt(sb.max)}   ${verdict(sb)}`);
    return { a: sa, b: sb };
  }
  const verdict = (s) => (s.p50 <= 10 && s.p99 <= 30 ? "✓ target p50 ≤ 10 ms, p99 ≤ 30 ms" : "✗ over target (p50 ≤ 10 ms, p99 ≤ 30 ms)");

  console.log(`\nassistant-pipeline: instant fake model, debounce 0, wrangler dev with local D1, queues and the AccountRoom DO`);
  // Context for the figures: a plain authenticated request (one D1 read) on this machine right now.
  const base0 = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await (await fetch(`${base}/api/auth/me`, { headers: auth })).text();
    base0.push(performance.now() - t);
  }
  const b0 = stats(base0);
  console.log(`  baseline GET /api/auth/me: p50 ${fmt(b0.p50)}, p99 ${fmt(b0.p99)}   (machine load average ${(await import("node:os")).loadavg()[0].toFixed(1)} on ${(await import("node:os")).cpus().length} cores)`);
  await phase("warm-up (not counted)", 100000, WARMUP, 1);
  const seq = await phase("one conversation at a time", 0, N, 1);
  const conc = await phase(`${CONCURRENCY} conversations at once`, 10000, N, CONCURRENCY);

  // The runner's own stamps (worker clock) for the same turns, as a cross-check.
  db = new DatabaseSync(d1File(persist), { readOnly: true });
  const rows = db.prepare("SELECT timings FROM assistant_runs WHERE account_id = ? AND status = 'done'").all(accountId).map((r) => JSON.parse(r.timings));
  const inner = stats(rows.filter((t) => t.firstRequestAt && t.claimedAt).map((t) => t.firstRequestAt - t.claimedAt));
  const innerB = stats(rows.filter((t) => t.pushedAt && t.lastResponseAt).map((t) => t.pushedAt - t.lastResponseAt));
  const load = stats(rows.filter((t) => t.loadedAt && t.claimedAt).map((t) => t.loadedAt - t.claimedAt));
  const toSend = stats(rows.filter((t) => t.firstRequestAt && t.committedAt).map((t) => t.firstRequestAt - t.committedAt));
  console.log(`  runner's own stamps: commit returned → request handed to the SDK p50 ${fmt(toSend.p50)}, p99 ${fmt(toSend.p99)} (the rest of A is the SDK and the HTTP request to the model)`);
  console.log(`  runner's own stamps (${inner.n} runs): claim → request sent p50 ${fmt(inner.p50)}, p99 ${fmt(inner.p99)} (of which the claim-and-load batch p50 ${fmt(load.p50)}); answer → pushed p50 ${fmt(innerB.p50)}, p99 ${fmt(innerB.p99)}`);
  // Every reply reaches Telegram exactly once (the outbound queue paces per chat, so wait for the tail).
  const expected = WARMUP + 2 * N;
  let sent = [];
  for (let t = 0; t < 120 && sent.length < expected; t++) {
    sent = (await (await fetch(`${telegram.url}/__requests`)).json()).filter((r) => r.path.endsWith("/sendMessage"));
    if (sent.length < expected) await sleep(500);
  }
  const distinct = new Set(sent.map((r) => r.body?.text)).size;
  console.log(`  replies sent to Telegram: ${sent.length} of ${expected}, duplicates ${sent.length - distinct}`);
  ws.close();
  return { seq, conc };
}

try {
  await main();
} catch (e) {
  console.error("benchmark failed:", e);
  process.exitCode = 1;
} finally {
  try {
    db?.close();
  } catch {}
  await stack?.stop();
}
