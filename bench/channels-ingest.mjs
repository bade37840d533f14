// Sustained webhook ingest through wrangler dev (assistant off): webhooks/s accepted, messages/s
// committed, webhook answer p50/p99, and a count proving zero lost and zero duplicated.
// Webhooks arrive open-loop at RATE/s (as a messenger delivers them: the next one does not wait for
// the previous answer), with at most MAX_INFLIGHT unanswered; RATE=0 sends closed-loop with
// CONCURRENCY senders instead (the most the stack accepts).
// Usage: npm run bench -- channels-ingest   (or node bench/channels-ingest.mjs) [N=6000] [RATE=1000] [CONCURRENCY=48]
import { loadavg } from "node:os";
import { connectBot, f1, sleep, startStack, stats, update, userWithAccount } from "./channels-lib.mjs";

const N = Number(process.env.N ?? 6000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 48);
const RATE = Number(process.env.RATE ?? 1000);
const MAX_INFLIGHT = 256;
const CHATS = 500;

const stack = await startStack("channels-ingest");
let polling = true;
try {
  const { token, accountId } = await userWithAccount(stack.base);
  const { bot, botId } = await connectBot(stack.base, token, accountId);
  const secret = stack.telegramSecret(bot);
  const url = `${stack.base}/api/webhooks/telegram/${accountId}`;
  const headers = { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret };
  // Warm-up (not counted): the first requests compile and open the database.
  for (let i = 0; i < 20; i++) await fetch(url, { method: "POST", headers, body: JSON.stringify(update(900000 + i, 1, "прогрев")) }).then((r) => r.text());
  await sleep(1500);
  const base0 = stack.sql("SELECT count(*) AS n FROM messages WHERE account_id = ?", accountId)[0].n;

  const latencies = [];
  let next = 0;
  let failed = 0;
  const t0 = performance.now();
  const commits = [];
  const poller = (async () => {
    while (polling) {
      if (!polling) break;
      const n = stack.sql("SELECT count(*) AS n FROM messages WHERE account_id = ?", accountId)[0].n - base0;
      commits.push([performance.now() - t0, n]);
      if (n >= N) break;
      await sleep(100);
    }
  })();
  const send = async (i) => {
    const body = JSON.stringify(update(i + 1, 100000 + (i % CHATS), `Сообщение номер ${i + 1}`));
    const s = performance.now();
    const r = await fetch(url, { method: "POST", headers, body });
    await r.text();
    latencies.push(performance.now() - s);
    if (r.status !== 200) failed++;
  };
  if (RATE > 0) {
    const inflight = new Set();
    for (let i = 0; i < N; i++) {
      const due = t0 + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      while (inflight.size >= MAX_INFLIGHT) await Promise.race(inflight);
      const p = send(i).finally(() => inflight.delete(p));
      inflight.add(p);
    }
    await Promise.all(inflight);
  } else {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < N) await send(next++);
      }),
    );
  }
  const sendMs = performance.now() - t0;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && (commits.at(-1)?.[1] ?? 0) < N) await sleep(100);
  polling = false;
  await poller;
  const doneAt = commits.find(([, n]) => n >= N)?.[0] ?? NaN;
  const firstAt = commits.find(([, n]) => n > 0)?.[0] ?? NaN;
  const [{ total, distinct_: distinct }] = stack.sql(
    "SELECT count(*) AS total, count(DISTINCT content) AS distinct_ FROM messages WHERE account_id = ? AND content LIKE 'Сообщение номер %'",
    accountId,
  );
  const expected = distinct;
  const lat = stats(latencies);
  // Steady-state commit rate: between 10 % and 90 % of the messages.
  const at = (frac) => commits.find(([, n]) => n >= N * frac)?.[0] ?? NaN;
  const steady = (N * 0.8) / ((at(0.9) - at(0.1)) / 1000);
  console.log(`\nchannels-ingest: ${N} Telegram webhooks, ${RATE > 0 ? `sent at ${RATE}/s (open loop, ≤ ${MAX_INFLIGHT} in flight)` : `${CONCURRENCY} concurrent senders`}, ${CHATS} chats, assistant off (wrangler dev, local D1 and queues); load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}`);
  console.log(`  webhooks accepted:     ${N - failed} / ${N} in ${f1(sendMs / 1000)} s → ${f1((N - failed) / (sendMs / 1000))} webhooks/s`);
  console.log(`  webhook answer:        p50 ${f1(lat.p50)} ms, p99 ${f1(lat.p99)} ms, max ${f1(lat.max)} ms`);
  console.log(`  messages committed:    ${f1(N / (doneAt / 1000))} messages/s overall (first send → last commit ${f1(doneAt / 1000)} s), steady ${f1(steady)} messages/s (10 %→90 %), first commit after ${f1(firstAt)} ms`);
  console.log(`  count check:           stored ${expected} of ${N} sent, ${total} rows / ${distinct} distinct dedupe keys → lost ${N - expected}, duplicated ${total - distinct}`);
} catch (e) {
  console.error("benchmark failed:", e);
  process.exitCode = 1;
} finally {
  polling = false;
  await stack.stop();
}
