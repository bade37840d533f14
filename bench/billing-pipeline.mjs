// Billing through the real stack (wrangler dev, local D1, queues, the AccountRoom DO, an instant
// model), for bench/billing.mjs:
//  1. Metering's added cost per AI reply: Telegram webhook in → the assistant's reply committed
//     (its frame on the operator's socket; both ends on the benchmark's performance.now()), one conversation at a
//     time, with the metering triggers on and off in the same run, interleaved in rounds. Off = the
//     two triggers that meter a reply (messages_usage_daily, usage_events_usage_daily) dropped from
//     the local D1 file between rounds and put back after (the Worker re-prepares its statements).
//  2. 1 000 concurrent charges: a platform administrator posts 1 000 balance adjustments (−1,00…−1,06 ₽)
//     at once; every one committed, the balance (account_balances, kept by the ledger trigger)
//     equals the ledger's sum and the expected total, and the time is printed.
import { DatabaseSync } from "node:sqlite";
import { loadavg } from "node:os";
import { d1File, fmt, stats, userWithAccount } from "./inbox-lib.mjs";
import { instantModel, startStack } from "./wrangler-stack.mjs";

const PORT = 8873;
const MODEL_PORT = 8874;
const TELEGRAM_PORT = 8875;
const ADMIN = `bench-admin-${Date.now()}@example.test`;
const METERING = ["messages_usage_daily", "usage_events_usage_daily"];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function connect(base, token, accountId, onReply) {
  const ws = new WebSocket(`${base.replace("http", "ws")}/ws?token=${encodeURIComponent(token)}&accountId=${accountId}`);
  await new Promise((resolve, reject) => {
    ws.onerror = reject;
    ws.onopen = () => ws.send(JSON.stringify({ event: "joinAccount", data: { accountId } }));
    ws.onmessage = (e) => {
      const f = JSON.parse(String(e.data));
      if (f.event === "joinedAccount") return resolve();
      if (f.event !== "message" || f.data.senderType !== "assistant") return;
      const marker = /bench-\d+/.exec(f.data.content ?? "")?.[0];
      if (marker) onReply(marker, performance.now());
    };
  });
  return ws;
}

/** The metering triggers of the local D1 file, dropped or put back. */
function meteringSwitch(persist) {
  // workerd holds the file open and writes between our rounds: wait for its lock rather than fail.
  const db = new DatabaseSync(d1File(persist), { timeout: 15_000 });
  const saved = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (${METERING.map(() => "?").join(", ")})`).all(...METERING);
  if (saved.length !== METERING.length) throw new Error("metering triggers not found in the D1 file");
  let on = true;
  return {
    set(next) {
      if (next === on) return;
      db.exec("BEGIN IMMEDIATE");
      for (const t of saved) db.exec(next ? t.sql : `DROP TRIGGER ${t.name}`);
      db.exec("COMMIT");
      on = next;
    },
    close() {
      this.set(true);
      db.close();
    },
    db,
  };
}

async function meteringPhase(stack, turnsPerMode, round) {
  const { base, persist, telegram, telegramBot } = stack;
  const { token, accountId } = await userWithAccount(base);
  const auth = { "content-type": "application/json", authorization: `Bearer ${token}` };
  const a = await (await fetch(`${base}/api/accounts/${accountId}/assistants`, { method: "POST", headers: auth, body: JSON.stringify({ name: "Бенчмарк", debounceSeconds: 0, knowledge: "Доставка — 300 ₽." }) })).json();
  const bot = `${5570000 + Math.floor(Math.random() * 1000)}:AAHbenchmarkTokenabcdefghijklmnopqrstu`;
  const c = await fetch(`${base}/api/accounts/${accountId}/platform-telegram`, { method: "PUT", headers: auth, body: JSON.stringify({ botToken: bot, assistantId: a.assistantId }) });
  if (c.status !== 200) throw new Error(`connect bot: ${c.status} ${await c.text()}`);
  const secret = telegramBot(telegram.state, bot).secret;
  const sw = meteringSwitch(persist);
  // The trial's 500 AI replies would stop the assistant mid-run: the account is put on «Профи».
  sw.db.prepare("UPDATE subscriptions SET plan_id = '000000000000planpro' WHERE account_id = ?").run(accountId);

  const waiters = new Map();
  const ws = await connect(base, token, accountId, (marker, at) => waiters.get(marker)?.(at));
  let updateId = 1;
  async function turn(i) {
    const marker = `bench-${i}`;
    const replied = new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no reply for ${marker}`)), 60_000);
      waiters.set(marker, (at) => (clearTimeout(t), resolve(at)));
    });
    const u = updateId++;
    const body = { update_id: u, message: { message_id: u, date: Math.floor(Date.now() / 1000), chat: { id: 810000, type: "private", first_name: "Клиент" }, from: { id: 810000, is_bot: false, first_name: "Клиент" }, text: `Сколько стоит доставка? ${marker}` } };
    const t0 = performance.now();
    const r = await fetch(`${base}/api/webhooks/telegram/${accountId}`, { method: "POST", headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret }, body: JSON.stringify(body) });
    await r.text();
    return (await replied) - t0;
  }

  for (let i = 0; i < 20; i++) await turn(100000 + i); // warm-up
  const on = [];
  const off = [];
  let i = 0;
  for (let done = 0; done < turnsPerMode; done += round) {
    for (const metering of [true, false]) {
      // The previous turn's tail (its Telegram send, the run's timings) settles before the switch:
      // workerd does not wait on a lock, so a write during the DDL would fail with SQLITE_BUSY.
      await sleep(500);
      sw.set(metering);
      for (let k = 0; k < round; k++) (metering ? on : off).push(await turn(i++));
    }
  }
  sw.set(true);
  // What metering wrote: the usage rows of the metered turns only.
  await sleep(300);
  const metered = sw.db.prepare("SELECT coalesce(sum(quantity), 0) AS n FROM usage_daily WHERE account_id = ? AND metric = 'aiReplies'").get(accountId).n;
  sw.close();
  ws.close();
  return { on: stats(on), off: stats(off), metered };
}

async function chargesPhase(stack, n) {
  const { base, persist } = stack;
  const { accountId } = await userWithAccount(base);
  const reg = await fetch(`${base}/api/auth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: ADMIN, password: "password123", name: "Админ" }) });
  if (reg.status !== 201) throw new Error(`admin: ${reg.status} ${await reg.text()}`);
  const { accessToken } = await reg.json();
  const headers = { "content-type": "application/json", authorization: `Bearer ${accessToken}` };
  let expected = 0;
  const t0 = performance.now();
  const codes = await Promise.all(
    Array.from({ length: n }, async (_, k) => {
      const amount = -(100 + (k % 7));
      expected += amount;
      const r = await fetch(`${base}/api/admin/accounts/${accountId}/balance-adjustments`, { method: "POST", headers, body: JSON.stringify({ amountKopecks: amount, reason: `Бенчмарк ${k}` }) });
      await r.text();
      return r.status;
    }),
  );
  const ms = performance.now() - t0;
  const db = new DatabaseSync(d1File(persist), { readOnly: true });
  const r = db
    .prepare("SELECT (SELECT balance_kopecks FROM account_balances WHERE account_id = ?1) AS balance, (SELECT sum(amount_kopecks) FROM ledger_entries WHERE account_id = ?1) AS sum, (SELECT count(*) FROM ledger_entries WHERE account_id = ?1) AS rows")
    .get(accountId);
  db.close();
  return { ms, ok: codes.filter((s) => s >= 200 && s < 300).length, failed: codes.filter((s) => s >= 300), expected, ...r };
}

/** Runs both phases on one stack and prints them; returns the figures (throws when the balance disagrees). */
export async function runBillingPipeline({ turnsPerMode = 300, round = 25, charges = 1000 } = {}) {
  const model = new Map();
  const stack = await startStack({ name: "billing", port: PORT, modelPort: MODEL_PORT, telegramPort: TELEGRAM_PORT, modelServer: instantModel(model), extraVars: { ADMIN_EMAILS: ADMIN } });
  try {
    console.log(`\nbilling through wrangler dev (load average ${loadavg()[0].toFixed(1)}): Telegram webhook in → the AI reply committed and on the operator's socket, one conversation at a time`);
    const m = await meteringPhase(stack, turnsPerMode, round);
    console.log(`  with metering      (${m.on.n} replies)  p50 ${fmt(m.on.p50)}  p99 ${fmt(m.on.p99)}`);
    console.log(`  metering off       (${m.off.n} replies)  p50 ${fmt(m.off.p50)}  p99 ${fmt(m.off.p99)}   (interleaved in rounds of ${round})`);
    console.log(`  metering's added cost per AI reply   p50 ${fmt(m.on.p50 - m.off.p50)}  p99 ${fmt(m.on.p99 - m.off.p99)}   (target ≤ 1 ms p50: ${m.on.p50 - m.off.p50 <= 1 ? "met" : "not met"})`);
    console.log(`  AI replies metered: ${m.metered} (the ${m.on.n} metered replies and the 20 warm-up ones)`);
    const c = await chargesPhase(stack, charges);
    console.log(`\nbilling: ${charges} concurrent charges through the Worker (POST …/balance-adjustments, all at once): ${c.ms.toFixed(0)} ms, ${c.ok} committed${c.failed.length ? `, ${c.failed.length} failed (${[...new Set(c.failed)].join(", ")})` : ""}; ledger rows ${c.rows}, balance ${c.balance} = ledger sum ${c.sum} (expected ${c.expected})`);
    if (c.ok !== charges || c.rows !== charges || c.balance !== c.sum || c.sum !== c.expected) throw new Error("concurrent charges: not all committed, or the balance and the ledger disagree");
    return { metering: m, charges: c };
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runBillingPipeline({ turnsPerMode: Number(process.env.N ?? 300) }).catch((e) => {
    console.error("benchmark failed:", e);
    process.exitCode = 1;
  });
}
