import { describe, expect, it } from "vitest";
import { waIncomingText } from "../../fakes/greenapi";
import { igDm } from "../../fakes/meta";
import { tgTextUpdate } from "../../fakes/telegram";
import { modelRequests } from "../ai-helpers";
import { connectTelegram, connectWhatsapp, fakeRequests, greenBase, metaBase, tgBase, tgWebhook, waWebhook } from "../channel-helpers";
import { accountWithAssistant, connectInstagram, igCommentAt, igPost, prng, replayed, runsSettled, sendAll, sleep, threadsWithMessages, waitUntil } from "./helpers";

/**
 * Inbound exactly-once, per channel (issue #22): bursts in several threads, every webhook delivered
 * 5 times with the copies interleaved and the order shuffled (a seeded PRNG: the seed is in the
 * test's name, so a failure repeats). Then each message is stored once, in its platform order per
 * thread; the operators' socket got one `message` frame per message; the assistant (debounced)
 * answered each burst once and the messenger got one send per thread.
 */
const COPIES = 5;
const THREADS = 3;
const PER_THREAD = 4;

type Ctx = Awaited<ReturnType<typeof accountWithAssistant>>;
interface Planned<B> {
  thread: string;
  text: string;
  body: B;
}

/** Builds the bursts: thread t's k-th message says "<thread> #k" (and the model's scope). */
function bursts<B>(ctx: Ctx, threadKeys: string[], body: (thread: string, k: number, text: string) => B): Planned<B>[] {
  return threadKeys.flatMap((thread) => Array.from({ length: PER_THREAD }, (_, k) => ({ thread, text: `${thread} #${k + 1} ${ctx.scope}`, body: body(thread, k, `${thread} #${k + 1} ${ctx.scope}`) })));
}

async function deliverAndCheck<B>(ctx: Ctx, seed: number, planned: Planned<B>[], post: (b: B) => Promise<Response>, sendsTo: (thread: string) => Promise<number>) {
  const deliveries = replayed(planned, COPIES, prng(seed));
  const statuses = await sendAll(deliveries, 8, (p) => post(p.body));
  expect(statuses.every((s) => s === 200)).toBe(true);
  const threadKeys = [...new Set(planned.map((p) => p.thread))];
  const incomingTotal = planned.length;
  // Everything stored and every burst answered (its reply committed and sent).
  await waitUntil(
    async () => {
      const all = await threadsWithMessages(ctx.accountId);
      const incoming = all.flatMap((t) => t.messages.filter((m) => m.direction === "incoming")).length;
      return incoming >= incomingTotal && all.length === threadKeys.length && all.every((t) => t.messages.some((m) => m.senderType === "assistant" && m.platformMessageId)) ? all : null;
    },
    45_000,
    "every message stored and every burst answered and sent",
  );
  await runsSettled(ctx.accountId, threadKeys.length);
  await sleep(2500); // late copies, retries and a second turn would show up by now
  const all = await threadsWithMessages(ctx.accountId);
  expect(all).toHaveLength(threadKeys.length);
  const frames = ctx.socket.frames.filter((f) => f.event === "message");
  for (const { messages } of all) {
    const incoming = messages.filter((m) => m.direction === "incoming");
    const thread = planned.find((p) => incoming[0]?.content === p.text)!.thread;
    // Stored once each, in the platform's order.
    expect(incoming.map((m) => m.content)).toEqual(planned.filter((p) => p.thread === thread).map((p) => p.text));
    expect(new Set(incoming.map((m) => m.dedupeKey)).size).toBe(PER_THREAD);
    // One room frame per message.
    for (const m of incoming) expect(frames.filter((f) => f.data.messageId === m.id)).toHaveLength(1);
    // One reply per burst, sent once.
    const replies = messages.filter((m) => m.senderType === "assistant" && m.type === "text");
    expect(replies).toHaveLength(1);
    expect(replies[0]!.deliveryStatus).toBe("sent");
    expect(await sendsTo(thread)).toBe(1);
  }
  expect(await modelRequests(ctx.scope)).toHaveLength(threadKeys.length);
  ctx.socket.close();
}

describe("exactly once, inbound: every webhook 5 times, interleaved and shuffled", () => {
  it("Telegram, a burst within one second (seed 2201)", async () => {
    const ctx = await accountWithAssistant();
    const { bot, secret } = await connectTelegram(ctx.token, ctx.accountId, undefined, { assistantId: ctx.assistantId });
    const chats = Array.from({ length: THREADS }, (_, i) => 610000 + Math.floor(Math.random() * 10000) * 10 + i);
    const base = Math.floor(Date.now() / 1000) - 120;
    let update = Math.floor(Math.random() * 1e6) * 100;
    // The whole burst in ONE second, as a quick typist's messages are: Telegram's message_id orders them.
    const planned = bursts(ctx, chats.map(String), (chat, _k, text) => tgTextUpdate(++update, Number(chat), text, { date: base }));
    await deliverAndCheck(ctx, 2201, planned, (b) => tgWebhook(ctx.accountId, secret, b), async (chat) => (await fakeRequests(tgBase(), (r) => r.path === `/bot${bot}/sendMessage` && String(r.body?.chat_id) === chat)).length);
  });

  it("Telegram: two messages of one second, the later one stored first, keep Telegram's order", async () => {
    const ctx = await accountWithAssistant();
    const { secret } = await connectTelegram(ctx.token, ctx.accountId, undefined, { assistantId: ctx.assistantId });
    const chat = 620000 + Math.floor(Math.random() * 10000);
    const second = Math.floor(Date.now() / 1000) - 30;
    const first = Math.floor(Math.random() * 1e6) * 100;
    const incoming = async (n: number) =>
      waitUntil(async () => {
        const [t] = await threadsWithMessages(ctx.accountId);
        const msgs = t?.messages.filter((m) => m.direction === "incoming") ?? [];
        return msgs.length >= n ? msgs : null;
      }, 20_000, `${n} incoming stored`);
    // The second message's webhook arrives (and commits) before the first one's.
    expect((await tgWebhook(ctx.accountId, secret, tgTextUpdate(first + 1, chat, `второе ${ctx.scope}`, { date: second }))).status).toBe(200);
    await incoming(1);
    expect((await tgWebhook(ctx.accountId, secret, tgTextUpdate(first, chat, `первое ${ctx.scope}`, { date: second }))).status).toBe(200);
    const stored = await incoming(2);
    expect(stored.map((m) => m.content)).toEqual([`первое ${ctx.scope}`, `второе ${ctx.scope}`]);
    ctx.socket.close();
  });

  it("WhatsApp through Green API (seed 2202)", async () => {
    const ctx = await accountWithAssistant();
    const { idInstance, webhookToken, apiToken } = await connectWhatsapp(ctx.token, ctx.accountId);
    const phones = Array.from({ length: THREADS }, (_, i) => `7901${Math.floor(100000 + Math.random() * 899999)}${i}`);
    const base = Math.floor(Date.now() / 1000) - 120;
    const planned = bursts(ctx, phones, (phone, k, text) => waIncomingText(idInstance, `WA${phone}${k}${ctx.scope}`.toUpperCase(), phone, text, { timestamp: base + k * 2, senderName: "Мария" }));
    await deliverAndCheck(ctx, 2202, planned, (b) => waWebhook(ctx.accountId, webhookToken, b), async (phone) =>
      (await fakeRequests(greenBase(), (r) => r.path === `/waInstance${idInstance}/sendMessage/${apiToken}` && r.body?.chatId === `${phone}@c.us`)).length,
    );
  });

  it("Instagram DMs (seed 2203)", async () => {
    const ctx = await accountWithAssistant();
    const igId = await connectInstagram(ctx.token, ctx.accountId);
    const senders = Array.from({ length: THREADS }, (_, i) => `${9100000 + Math.floor(Math.random() * 800000)}${i}`);
    const base = Date.now() - 60_000;
    const planned = bursts(ctx, senders, (sender, k, text) => igDm(igId, sender, `mid.${sender}.${k}.${ctx.scope}`, text, base + k * 37));
    await deliverAndCheck(ctx, 2203, planned, igPost, async (sender) => (await fakeRequests(metaBase(), (r) => r.path.includes(`/${igId}/messages`) && r.body?.recipient?.id === sender)).length);
  });

  it("Instagram comments, auto-reply on (seed 2204)", async () => {
    const ctx = await accountWithAssistant();
    const igId = await connectInstagram(ctx.token, ctx.accountId);
    const post = `media-${ctx.scope}`;
    const authors = Array.from({ length: THREADS }, (_, i) => `${7700000 + Math.floor(Math.random() * 800000)}${i}`);
    const base = Date.now() - 60_000;
    const commentId = (author: string, k: number) => `c-${author}-${k}-${ctx.scope}`;
    const planned = bursts(ctx, authors, (author, k, text) => igCommentAt(igId, commentId(author, k), post, { id: author, username: `user${author}` }, text, base + k * 53));
    await deliverAndCheck(ctx, 2204, planned, igPost, async (author) => {
      const ids = Array.from({ length: PER_THREAD }, (_, k) => commentId(author, k));
      return (await fakeRequests(metaBase(), (r) => ids.some((id) => r.path.includes(`/${id}/replies`)) || ids.includes(r.body?.recipient?.comment_id))).length;
    });
  });
});
