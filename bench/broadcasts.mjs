// Broadcast figures (issue 15 "Figures"), through `wrangler dev` and the fake Telegram:
//  - unpaced: 10 000 recipients with pacing off: sends/s (first to last send by the fake's clock),
//    and the ratio to the platform floor measured in the same run;
//  - paced: 1 000 recipients at 30/s: first to last send must take 33–40 s;
//  - both: 0 duplicates and 0 missing (the fake's sendMessage calls per chat, and the recipients
//    table's states), and the Worker's memory flat (workerd's VmRSS: start / peak / end);
//  - floor (bench/outbound-floor/): the same number of messages through a bare Worker whose queue
//    consumer (the app's outbound batch settings) does one sendMessage fetch per message, nothing else.
// Contacts come the real way: one signed Telegram webhook per customer (16 at a time).
// Run: npm run bench -- broadcasts   or   node bench/broadcasts.mjs [floor] [unpaced] [paced]
// Sizes: BENCH_BROADCAST_N (10 000), BENCH_BROADCAST_PACED_N (1 000), BENCH_BROADCAST_RATE (30).
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { start, waitForHttp, wranglerBin, wranglerDevEnv } from "../scripts/lib.mjs";
import { botWebhook, f1, sleep, startStack, update, userWithAccount } from "./channels-lib.mjs";
import { sampleRss, stop } from "./memory-lib.mjs";
import { root } from "./inbox-lib.mjs";

const N = Number(process.env.BENCH_BROADCAST_N ?? 10_000);
const PACED_N = Number(process.env.BENCH_BROADCAST_PACED_N ?? 1_000);
const RATE = Number(process.env.BENCH_BROADCAST_RATE ?? 30);
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? 8797);
const ADMIN = "bench-broadcasts@example.test";
const phases = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const PHASES = phases.length ? phases : ["floor", "unpaced", "paced"];
const TEXT = "Здравствуйте, {{name}}! Новая коллекция уже в магазине — скидка 15 % до воскресенья.";
const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");
const mb = (x) => `${x.toFixed(0)} MiB`;

/** Waits until `count()` reaches `n` (or `ms` pass), then `settleMs` more: anything sent twice shows up. */
async function waitFor(count, n, ms, settleMs = 3000) {
  const until = Date.now() + ms;
  while (Date.now() < until && count() < n) await sleep(200);
  await sleep(settleMs);
}

/** The fake's sendMessage calls of one bot since `since`: per chat, first and last by its clock. */
function sendsOf(telegram, bot, since = 0) {
  const sends = telegram.state.requests.filter((r) => r.path === `/bot${bot}/sendMessage` && r.at >= since);
  const perChat = new Map();
  for (const r of sends) perChat.set(String(r.body.chat_id), (perChat.get(String(r.body.chat_id)) ?? 0) + 1);
  const ats = sends.map((r) => r.at).sort((a, b) => a - b);
  let busiest = 0;
  for (let i = 0, j = 0; i < ats.length; i++) {
    while (ats[i] - ats[j] >= 1000) j++;
    busiest = Math.max(busiest, i - j + 1);
  }
  const histogram = [];
  for (const at of ats) histogram[Math.floor((at - ats[0]) / 1000)] = (histogram[Math.floor((at - ats[0]) / 1000)] ?? 0) + 1;
  return { n: sends.length, perChat, histogram: Array.from(histogram, (x) => x ?? 0), twice: [...perChat.values()].filter((k) => k > 1).length, first: ats[0], last: ats[ats.length - 1], busiest };
}

/** Floor: N messages queued into bench/outbound-floor/, each one sendMessage to the fake. */
async function floor(stack) {
  const bot = "5559999:AAHbenchmarkFloorTokenabcdefghijklmn";
  const config = join(root, "bench/outbound-floor/wrangler.toml");
  const persist = join(root, ".wrangler", "bench-outbound-floor");
  rmSync(persist, { recursive: true, force: true });
  const vars = ["--var", `TELEGRAM_API_BASE:${stack.telegram.url}`, "--var", `BOT_TOKEN:${bot}`];
  const child = start(process.execPath, [wranglerBin, "dev", "--config", config, "--ip", "127.0.0.1", "--port", String(FLOOR_PORT), "--persist-to", persist, "--show-interactive-dev-session=false", "--log-level", "error", ...vars], {
    env: { CI: "1", ...wranglerDevEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${FLOOR_PORT}/`;
  const post = (from, n) => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ from, n, text: "Здравствуйте! Новая коллекция уже в магазине — скидка 15 % до воскресенья." }) }).then((r) => r.json());
  try {
    await waitForHttp(url.replace(/\/$/, "/health"), 90_000);
    await post(800_000, 50); // warm-up
    await waitFor(() => sendsOf(stack.telegram, bot).n, 50, 30_000, 1000);
    const since = Date.now();
    const rss = sampleRss(child.pid);
    const t0 = Date.now();
    await post(900_000, N);
    await waitFor(() => sendsOf(stack.telegram, bot, since).n, N, 600_000);
    const mem = rss.stop();
    const s = sendsOf(stack.telegram, bot, since);
    return { ...s, queuedToLast: s.last - t0, perSecond: (s.n - 1) / ((s.last - s.first) / 1000), missing: N - s.perChat.size, mem };
  } finally {
    await stop(child);
  }
}

const api = (stack, token) => async (method, path, body) => {
  const r = await fetch(`${stack.base}/api${path}`, { method, headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: body ? JSON.stringify(body) : undefined });
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
};

/** An account with a bot, `n` Telegram customers who wrote once (contacts + dm threads), and a quota. */
async function audience(stack, n) {
  const { token, accountId } = await userWithAccount(stack.base, "Бенчмарк рассылок", ADMIN);
  const call = api(stack, token);
  const { bot, url, headers } = await botWebhook(stack, token, accountId);
  const t0 = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < n) {
        const i = next++;
        const r = await fetch(url, { method: "POST", headers, body: JSON.stringify(update(i + 1, 700_000 + i, `Здравствуйте, это клиент ${i}`)) });
        await r.text();
        if (r.status !== 200) throw new Error(`webhook ${r.status}`);
      }
    }),
  );
  const threads = () => stack.sql("SELECT count(*) AS n FROM threads WHERE account_id = ? AND channel_id IS NOT NULL", accountId)[0].n;
  await waitFor(threads, n, 600_000, 0);
  if (threads() < n) throw new Error(`only ${threads()} of ${n} customers stored`);
  console.log(`  ${n} customers wrote in ${f1((Date.now() - t0) / 1000)} s`);
  // The quota: the platform administrator grants a package (the bench's user is ADMIN_EMAILS).
  const pkg = await call("POST", "/admin/broadcast-packages", { name: "Бенчмарк", recipients: 10 * (N + PACED_N), price: 0, validityDays: 30 });
  await call("POST", `/admin/accounts/${accountId}/broadcast-packages`, { packageId: pkg.id ?? pkg.packageId });
  const [{ id: channelId }] = stack.sql("SELECT id FROM channels WHERE account_id = ?", accountId);
  return { token, accountId, bot, call, channelId };
}

/** One broadcast through the API, started now; waits for `n` sends; the figures of the run. */
async function broadcast(stack, a, { name, filter, pacing, n }) {
  const created = await a.call("POST", `/accounts/${a.accountId}/broadcasts`, { name, channelId: a.channelId, audience: { filter }, content: { text: TEXT, buttons: [] }, pacing });
  const id = created.id ?? created.broadcastId;
  const since = Date.now();
  const rss = sampleRss(stack.pid);
  const t0 = Date.now();
  await a.call("POST", `/accounts/${a.accountId}/broadcasts/${id}/start`, {});
  await waitFor(() => sendsOf(stack.telegram, a.bot, since).n, n, 900_000);
  const mem = rss.stop();
  const s = sendsOf(stack.telegram, a.bot, since);
  const states = Object.fromEntries(stack.sql("SELECT coalesce(state, 'pending') AS state, count(*) AS n FROM broadcast_recipients WHERE broadcast_id = ? GROUP BY 1", id).map((r) => [r.state, r.n]));
  const recipients = Object.values(states).reduce((x, y) => x + y, 0);
  const [b] = stack.sql("SELECT status, total, sent, failed, skipped FROM broadcasts WHERE id = ?", id);
  return { ...s, id, startToLast: s.last - t0, perSecond: (s.n - 1) / ((s.last - s.first) / 1000), missing: n - s.perChat.size, states, recipients, status: b, mem };
}

/** A run with a duplicate or a missing recipient fails the benchmark (its figures are printed first). */
function check(label, r) {
  const bad = r.twice > 0 || r.missing > 0 || (r.states && (r.states.sent ?? 0) + (r.states.delivered ?? 0) + (r.states.read ?? 0) !== r.recipients);
  if (bad) {
    console.error(`  ${label}: ${r.twice} chats got the message twice, ${r.missing} got none${r.states ? `, recipients ${JSON.stringify(r.states)}` : ""}`);
    process.exitCode = 1;
  }
}

const memLine = (m) => `workerd RSS start ${mb(m.start)} / peak ${mb(m.peak)} / end ${mb(m.end)} (${m.samples.length} samples)`;

async function main() {
  const stack = await startStack("broadcasts", { ADMIN_EMAILS: ADMIN });
  try {
    let fl;
    if (PHASES.includes("floor")) {
      fl = await floor(stack);
      console.log(`\nfloor (bench/outbound-floor/: a queue consumer, batches of 50, one sendMessage fetch per message): ${N} messages; load ${load()}`);
      console.log(`  ${f1(fl.perSecond)} sends/s first to last send (${f1((fl.last - fl.first) / 1000)} s; queued → last ${f1(fl.queuedToLast / 1000)} s); sends ${fl.n}, chats ${fl.perChat.size}, twice ${fl.twice}, missing ${fl.missing}`);
      console.log(`  ${memLine(fl.mem)}`);
      check("floor", fl);
    }
    if (!PHASES.includes("unpaced") && !PHASES.includes("paced")) return;
    const a = await audience(stack, Math.max(PHASES.includes("unpaced") ? N : 0, PACED_N));
    if (PHASES.includes("unpaced")) {
      const r = await broadcast(stack, a, { name: `Без темпа, ${N}`, filter: {}, pacing: { perSecond: null }, n: N });
      console.log(`\nours, pacing off: ${N} recipients; load ${load()}`);
      console.log(`  ${f1(r.perSecond)} sends/s first to last send (${f1((r.last - r.first) / 1000)} s; start → last ${f1(r.startToLast / 1000)} s)${fl ? `; ${(r.perSecond / fl.perSecond).toFixed(2)}× the floor's rate` : ""}`);
      console.log(`  sends ${r.n}, chats ${r.perChat.size}, twice ${r.twice}, missing ${r.missing}; recipients ${r.recipients} ${JSON.stringify(r.states)}; broadcast ${JSON.stringify(r.status)}`);
      console.log(`  ${memLine(r.mem)}`);
      check("pacing off", r);
    }
    if (PHASES.includes("paced")) {
      // The first PACED_N customers carry a tag; the broadcast goes to that tag at RATE/s.
      const tag = await a.call("POST", `/accounts/${a.accountId}/tags`, { name: `Темп ${Date.now()}` });
      const ids = stack.sql("SELECT c.id FROM contacts c WHERE c.account_id = ? ORDER BY c.created_at, c.id LIMIT ?", a.accountId, PACED_N).map((x) => x.id);
      for (let i = 0; i < ids.length; i += 1000) await a.call("POST", `/accounts/${a.accountId}/contacts/bulk`, { action: "tag", tagId: tag.id ?? tag.tagId, ids: ids.slice(i, i + 1000) });
      const r = await broadcast(stack, a, { name: `${RATE} в секунду, ${PACED_N}`, filter: { tags: { any: [tag.id ?? tag.tagId] } }, pacing: { perSecond: RATE }, n: PACED_N });
      const took = (r.last - r.first) / 1000;
      console.log(`\nours, paced at ${RATE}/s: ${PACED_N} recipients; load ${load()}`);
      console.log(`  first → last send ${f1(took)} s (target 33–40 s: ${took >= 33 && took <= 40 ? "met" : "NOT met"}); start → last ${f1(r.startToLast / 1000)} s; busiest 1 s window ${r.busiest} sends`);
      console.log(`  sends ${r.n}, chats ${r.perChat.size}, twice ${r.twice}, missing ${r.missing}; recipients ${r.recipients} ${JSON.stringify(r.states)}; broadcast ${JSON.stringify(r.status)}`);
      console.log(`  ${memLine(r.mem)}`);
      console.log(`  sends per second (fake's clock, from the first): ${r.histogram.join(" ")}`);
      check("paced", r);
    }
  } finally {
    await stack.stop();
  }
}

main().catch((e) => {
  console.error("benchmark failed:", e);
  process.exitCode = 1;
});
