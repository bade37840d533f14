// Outbound pacing: 1 000 replies to 1 000 Telegram chats through one bot. Telegram allows about
// 30 messages/s per bot, so the sends must take ≥ 33 s and should take ≤ 40 s; none may go twice.
import { loadavg } from "node:os";
import { botWebhook, f1, sleep, startStack, update, userWithAccount } from "./channels-lib.mjs";

const N = Number(process.env.N ?? 1000);
const stack = await startStack("channels-outbound");
try {
  const { token, accountId } = await userWithAccount(stack.base);
  const { bot, url, headers } = await botWebhook(stack, token, accountId);
  // 1 000 customers write first (so 1 000 contacts and threads exist).
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < N) {
        const i = next++;
        await fetch(url, { method: "POST", headers, body: JSON.stringify(update(i + 1, 300000 + i, `Вопрос ${i}`)) }).then((r) => r.text());
      }
    }),
  );
  const until = Date.now() + 180_000;
  while (Date.now() < until && stack.sql("SELECT count(*) AS n FROM contacts WHERE account_id = ?", accountId)[0].n < N) await sleep(200);
  const contacts = stack.sql("SELECT id FROM contacts WHERE account_id = ?", accountId).map((r) => r.id);
  if (contacts.length < N) throw new Error(`only ${contacts.length} contacts`);

  // The operator answers everyone (the real route: store pending + enqueue); pacing is the sender's job.
  const isSend = (r) => r.path === `/bot${bot}/sendMessage`;
  const t0 = Date.now();
  next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < contacts.length) {
        const id = contacts[next++];
        const r = await fetch(`${stack.base}/api/accounts/${accountId}/contacts/${id}/messages`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ content: "Спасибо за вопрос! Ответим в течение часа." }) });
        if (r.status !== 201) throw new Error(`reply ${r.status} ${await r.text()}`);
      }
    }),
  );
  const enqueuedMs = Date.now() - t0;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && stack.telegram.state.requests.filter(isSend).length < N) await sleep(200);
  await sleep(3000); // anything sent twice would show up now
  const sends = stack.telegram.state.requests.filter(isSend);
  const first = Math.min(...sends.map((r) => r.at));
  const last = Math.max(...sends.map((r) => r.at));
  const perChat = new Map();
  for (const r of sends) perChat.set(String(r.body.chat_id), (perChat.get(String(r.body.chat_id)) ?? 0) + 1);
  const twice = [...perChat.values()].filter((n) => n > 1).length;
  // The busiest 1-second window.
  const ats = sends.map((r) => r.at).sort((a, b) => a - b);
  let maxWindow = 0;
  for (let i = 0, j = 0; i < ats.length; i++) {
    while (ats[i] - ats[j] >= 1000) j++;
    maxWindow = Math.max(maxWindow, i - j + 1);
  }
  const [{ sent }] = stack.sql("SELECT count(*) AS sent FROM messages WHERE account_id = ? AND direction = 'outgoing' AND delivery_status = 'sent' AND platform_message_id IS NOT NULL", accountId);
  console.log(`\nchannels-outbound: ${N} operator replies to ${N} Telegram chats through one bot; load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}`);
  console.log(`  replies queued in ${f1(enqueuedMs / 1000)} s; first reply → last send ${f1((last - t0) / 1000)} s; first send → last send ${f1((last - first) / 1000)} s`);
  console.log(`  sends received by the fake: ${sends.length}, chats served ${perChat.size}, sent twice ${twice}, busiest 1 s window ${maxWindow} sends, messages marked sent ${sent}`);
} catch (e) {
  console.error("benchmark failed:", e);
  process.exitCode = 1;
} finally {
  await stack.stop();
}
