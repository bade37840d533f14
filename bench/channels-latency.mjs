// Webhook accepted → `message` event on an operator's socket, at a steady 50 webhooks/s for 20 s
// (1 000 webhooks), through wrangler dev with the real inbound queue and the account's room.
import { loadavg } from "node:os";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "../scripts/lib.mjs";
import { botWebhook, f1, sleep, startStack, stats, update, userWithAccount } from "./channels-lib.mjs";

const RATE = Number(process.env.RATE ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 20);
const N = RATE * SECONDS;

const stack = await startStack("channels-latency");
try {
  const { token, accountId } = await userWithAccount(stack.base);
  const { url, headers } = await botWebhook(stack, token, accountId);

  const ws = new WebSocket(`ws://127.0.0.1:${stack.base.split(":").pop()}/ws?token=${encodeURIComponent(token)}&accountId=${accountId}`);
  const seen = new Map();
  await new Promise((resolve, reject) => {
    ws.onopen = () => ws.send(JSON.stringify({ event: "joinAccount", data: { accountId } }));
    ws.onerror = reject;
    ws.onmessage = (e) => {
      const f = JSON.parse(String(e.data));
      if (f.event === "joinedAccount") resolve();
      if (f.event === "message" && typeof f.data?.content === "string" && f.data.content.startsWith("lat#")) {
        const k = f.data.content;
        seen.set(k, (seen.get(k) ?? 0) + 1);
        const a = accepted.get(k);
        if (a !== undefined && !received.has(k)) received.set(k, performance.now() - a);
        else if (a === undefined && !early.has(k)) early.set(k, performance.now());
      }
    };
  });
  const accepted = new Map();
  const early = new Map();
  const received = new Map();
  // Warm-up.
  for (let i = 0; i < 10; i++) await fetch(url, { method: "POST", headers, body: JSON.stringify(update(800000 + i, 2, "прогрев")) }).then((r) => r.text());
  await sleep(1000);

  const answers = [];
  const t0 = performance.now();
  const inflight = [];
  for (let i = 0; i < N; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const text = `lat#${i}`;
    const s = performance.now();
    inflight.push(
      fetch(url, { method: "POST", headers, body: JSON.stringify(update(i + 1, 200000 + (i % 200), text)) }).then(async (r) => {
        await r.text();
        const now = performance.now();
        answers.push(now - s);
        accepted.set(text, now);
        // The event can overtake the HTTP answer: then the latency is 0 or less, counted as 0.
        if (early.has(text)) received.set(text, Math.max(0, early.get(text) - now));
      }),
    );
  }
  await Promise.all(inflight);
  const offered = N / ((performance.now() - t0) / 1000);
  const until = Date.now() + 30_000;
  while (received.size < N && Date.now() < until) await sleep(100);
  ws.close();
  const lat = stats([...received.values()]);
  const ans = stats(answers);
  const dupes = [...seen.values()].filter((n) => n > 1).length;
  console.log(`\nchannels-latency: ${N} Telegram webhooks at ${RATE}/s (offered ${f1(offered)}/s), one operator socket; load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}`);
  console.log(`  webhook accepted → message event: p50 ${f1(lat.p50)} ms, p99 ${f1(lat.p99)} ms, max ${f1(lat.max)} ms (${received.size}/${N} received, ${dupes} twice)`);
  console.log(`  webhook answer:                   p50 ${f1(ans.p50)} ms, p99 ${f1(ans.p99)} ms`);
  const inbound = readFileSync(join(root, "wrangler.toml"), "utf8").split("[[queues.consumers]]").find((b) => /queue = "assistly-inbound"/.test(b)) ?? "";
  console.log(`  inbound queue: max_batch_size ${/max_batch_size = ([\d.]+)/.exec(inbound)?.[1]}, max_batch_timeout ${/max_batch_timeout = ([\d.]+)/.exec(inbound)?.[1]} s (wrangler.toml)`);
} catch (e) {
  console.error("benchmark failed:", e);
  process.exitCode = 1;
} finally {
  await stack.stop();
}
