// The flow runtime's overhead through the real stack (wrangler dev, local D1, queues, the room):
// Telegram webhook → inbound queue → ingest (commit) → the chain's flow slot → the flow's send on
// the outbound queue.
//   F: incoming message committed (its commit returned) → the flow's send enqueued (enqueue returned)
// Both stamps are the worker's own clock (GET /api/dev/flow-timings). Beside it, from the same run
// and the same wrangler dev, the assistant pipeline's A (committed → model request received, as
// bench/assistant-pipeline.mjs measures it) on an account without flows, and on the flow account
// for messages no flow takes (there the assistant's run is created after the commit, not inside it).
// Usage: node bench/flow-runtime.mjs   [N=200] [CONCURRENCY=8]   ports 8802 (wrangler, E2E_PORT), 8872 (model), 8873 (Telegram)
import { cpus, loadavg } from "node:os";
import { DatabaseSync } from "node:sqlite";
import { d1File, fmt, stats, userWithAccount } from "./inbox-lib.mjs";
import { instantModel, startStack } from "./wrangler-stack.mjs";

const N = Number(process.env.N ?? 200);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const WARMUP = 20;
const PORT = Number(process.env.E2E_PORT ?? 8802);
const MODEL_PORT = Number(process.env.MODEL_PORT ?? 8872);
const TELEGRAM_PORT = Number(process.env.TELEGRAM_PORT ?? 8873);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const model = new Map(); // marker → { requestAt, answeredAt }
const modelServer = instantModel(model);

const step = (id, stepType, cfg = {}) => ({ flowStepId: id, name: id, stepType, flowConfig: { position: { x: 0, y: 0 }, ...cfg } });
const FLOW = {
  steps: [step("s", "start", { triggers: [{ type: "keyword", match: "contains", keywords: ["меню"], channels: [] }] }), step("m", "message", { text: "Наше меню: пицца, паста, салаты", buttons: [] }), step("e", "end")],
  transitions: [
    { flowTransitionId: "t1", fromStepId: "s", toStepId: "m", sourceHandle: "next" },
    { flowTransitionId: "t2", fromStepId: "m", toStepId: "e", sourceHandle: "next" },
  ],
};

async function account(base, telegram, telegramBot, withFlow) {
  const { token, accountId } = await userWithAccount(base);
  const auth = { "content-type": "application/json", authorization: `Bearer ${token}` };
  const call = async (method, path, body) => {
    const r = await fetch(`${base}/api/accounts/${accountId}${path}`, { method, headers: auth, body: body ? JSON.stringify(body) : undefined });
    const json = await r.json();
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
    return json;
  };
  const a = await call("POST", "/assistants", { name: "Бенчмарк", debounceSeconds: 0 });
  const bot = `${5570000 + Math.floor(Math.random() * 10000)}:AAHbenchmarkTokenabcdefghijklmnopqrstu`;
  await call("PUT", "/platform-telegram", { botToken: bot, assistantId: a.assistantId });
  if (withFlow) {
    const f = await call("POST", "/flows", { name: "Меню" });
    const saved = await call("PUT", `/flows/${f.flowId}/graph`, { ...FLOW, revision: f.revision });
    if (saved.issues?.length) throw new Error(`flow issues: ${JSON.stringify(saved.issues)}`);
    await call("POST", `/flows/${f.flowId}/publish`);
  }
  return { token, accountId, secret: telegramBot(telegram.state, bot).secret };
}

/** Waits for socket frames: a flow send or an assistant reply, per Telegram chat. */
async function socket(base, port, acc) {
  const waiters = new Map(); // chat id → resolve
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(acc.token)}&accountId=${acc.accountId}`);
  await new Promise((resolve, reject) => {
    ws.onerror = reject;
    ws.onopen = () => ws.send(JSON.stringify({ event: "joinAccount", data: { accountId: acc.accountId } }));
    ws.onmessage = (e) => {
      const f = JSON.parse(String(e.data));
      if (f.event === "joinedAccount") return resolve();
      if (f.event !== "message") return;
      // A billing stop is an answer too (a system line): fail loudly instead of waiting for the timeout.
      if (f.data.messageDirection === "system" && f.data.metadata?.event === "billing_limit") {
        waiters.get(f.data.contact?.platformUserId)?.(new Error(`the account ran out of AI replies on its plan (chat ${f.data.contact?.platformUserId})`));
        return;
      }
      if (f.data.messageDirection !== "outgoing") return;
      waiters.get(f.data.contact?.platformUserId)?.();
    };
  });
  return { ws, waiters };
}

async function phase(base, acc, sock, label, from, count, concurrency, text) {
  let next = 0;
  let updateId = from * 10;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      const chatId = 800000 + from + w;
      while (next < count) {
        const i = from + next++;
        const u = updateId++;
        const done = new Promise((resolve, reject) => {
          const t = setTimeout(() => reject(new Error(`no answer in chat ${chatId}`)), 60_000);
          sock.waiters.set(String(chatId), (err) => (clearTimeout(t), err ? reject(err) : resolve()));
        });
        const body = { update_id: u, message: { message_id: u, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: "private", first_name: "Клиент" }, from: { id: chatId, is_bot: false, first_name: "Клиент" }, text: `${text} bench-${i}` } };
        const r = await fetch(`${base}/api/webhooks/telegram/${acc.accountId}`, { method: "POST", headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": acc.secret }, body: JSON.stringify(body) });
        await r.text();
        await done;
      }
    }),
  );
  console.log(`  ${label}: ${count} messages`);
}

const verdict = (s) => (s.p50 <= 10 && s.p99 <= 30 ? "✓ target p50 ≤ 10 ms, p99 ≤ 30 ms" : "✗ over target (p50 ≤ 10 ms, p99 ≤ 30 ms)");

/** The assistant's A for the marked messages of an account: the runner's commit stamp → the model's request time. */
function assistantA(persist, accountId, from, to) {
  const reader = new DatabaseSync(d1File(persist), { readOnly: true });
  const rows = reader
    .prepare("SELECT r.timings, m.content FROM assistant_runs r JOIN messages m ON m.id = r.trigger_message_id WHERE r.account_id = ? AND r.timings IS NOT NULL")
    .all(accountId);
  reader.close();
  const out = [];
  for (const r of rows) {
    const marker = /bench-(\d+)/.exec(r.content);
    const committedAt = JSON.parse(r.timings).committedAt;
    if (!marker || +marker[1] < from || +marker[1] >= to || !committedAt || !model.has(marker[0])) continue;
    out.push(model.get(marker[0]).requestAt - committedAt);
  }
  return stats(out);
}

let stack;
async function main() {
  stack = await startStack({ name: "flow-runtime", port: PORT, modelPort: MODEL_PORT, telegramPort: TELEGRAM_PORT, modelServer });
  const { base, persist, telegram, telegramBot } = stack;
  const plain = await account(base, telegram, telegramBot, false);
  const flows = await account(base, telegram, telegramBot, true);
  const plainSock = await socket(base, PORT, plain);
  const flowSock = await socket(base, PORT, flows);

  console.log(`\nflow-runtime: wrangler dev with local D1, queues and the AccountRoom DO (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`);
  const timings = async () => (await (await fetch(`${base}/api/dev/flow-timings`)).json()).data;
  await phase(base, flows, flowSock, "warm-up (not counted)", 100000, WARMUP, 1, "меню");
  await phase(base, plain, plainSock, "warm-up (not counted)", 200000, WARMUP, 1, "вопрос");
  const figures = {};
  for (const [label, conc, from] of [["one conversation at a time", 1, 0], [`${CONCURRENCY} conversations at once`, CONCURRENCY, 10000]]) {
    const before = (await timings()).length;
    await phase(base, flows, flowSock, `flow, ${label}`, from, N, conc, "меню");
    const f = stats((await timings()).slice(before).map((t) => t.enqueuedAt - t.committedAt));
    await phase(base, plain, plainSock, `assistant, ${label}`, from + 20000, N, conc, "вопрос");
    await phase(base, flows, flowSock, `assistant on the flow account, ${label}`, from + 40000, N, conc, "вопрос");
    await sleep(500);
    const a = assistantA(persist, plain.accountId, from + 20000, from + 20000 + N);
    const af = assistantA(persist, flows.accountId, from + 40000, from + 40000 + N);
    figures[label] = { f, a, af };
    console.log(`  ${label}:`);
    console.log(`    F  flow: committed → send enqueued:                   p50 ${fmt(f.p50)}, p99 ${fmt(f.p99)}, max ${fmt(f.max)} (${f.n})   ${verdict(f)}`);
    console.log(`    A  assistant: committed → model request:               p50 ${fmt(a.p50)}, p99 ${fmt(a.p99)}, max ${fmt(a.max)} (${a.n})`);
    console.log(`    A' assistant on the flow account (no flow took it):   p50 ${fmt(af.p50)}, p99 ${fmt(af.p99)}, max ${fmt(af.max)} (${af.n})`);
  }
  plainSock.ws.close();
  flowSock.ws.close();
  return figures;
}

try {
  await main();
} catch (e) {
  console.error("benchmark failed:", e);
  process.exitCode = 1;
} finally {
  await stack?.stop();
}
