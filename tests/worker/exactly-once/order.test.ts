import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { scopeToken, scriptModel } from "../ai-helpers";
import { sleep, waitFor } from "../channel-helpers";
import { addMember, api } from "../helpers";
import { createChannel, incoming, ingest, joinedSocket, ownerWithAccount } from "../inbox-helpers";

/**
 * Order (#22, #23): two operators and the assistant write to one thread at once. Every operator's
 * socket receives the thread's frames in one and the same order, and the chat built from them (as
 * the SPA's cache builds it: the last frame of each message wins, a removed one goes, the log is
 * ordered by stored time and id) is the order stored (the API's log, walked with its cursor).
 * Since #23 an operator's reply is pushed while it is being stored, so a customer's message that
 * commits meanwhile may arrive after a reply stored later than it: the chat still puts it in its
 * stored place, and the frames carry the stored time.
 */
type Frame = { event: string; data: any };

/** The thread's message ids in the order a socket first saw each of them. */
function arrivalOrder(frames: Frame[], threadId: string): string[] {
  const out: string[] = [];
  for (const f of frames) {
    if (f.event !== "message" || f.data?.threadId !== threadId) continue;
    if (!out.includes(f.data.messageId)) out.push(f.data.messageId);
  }
  return out;
}

/** The thread's log as a socket's chat shows it (web/features/chat/cache.ts), oldest first. */
function seenOrder(frames: Frame[], threadId: string): string[] {
  const log = new Map<string, { createdAt: number; messageId: string }>();
  for (const f of frames) {
    if (f.event === "removeMessage") log.delete(f.data.messageId);
    if (f.event !== "message") continue;
    if (f.data?.threadId === threadId) log.set(f.data.messageId, f.data);
    else log.delete(f.data.messageId);
  }
  return [...log.values()].sort((a, b) => a.createdAt - b.createdAt || (a.messageId < b.messageId ? -1 : a.messageId > b.messageId ? 1 : 0)).map((m) => m.messageId);
}

/** The log as the chat shows it: the API's newest-first pages walked with the cursor, reversed. */
async function storedOrder(token: string, accountId: string, contactId: string): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const res: { status: number; body: any } = await api("GET", `/accounts/${accountId}/contacts/${contactId}/messages?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { token });
    expect(res.status).toBe(200);
    out.push(...(res.body.data as { messageId: string }[]).map((m) => m.messageId));
    cursor = res.body.meta.nextCursor;
    if (!cursor) break;
  }
  return out.reverse();
}

describe("order: two operators and the assistant in one thread at once", () => {
  it("every socket sees the same order, and the stored order equals it", async () => {
    const owner = await ownerWithAccount();
    const a = await api("POST", `/accounts/${owner.accountId}/assistants`, { token: owner.token, body: { name: "Ассистент", instructions: "Ты — консультант магазина." } });
    const channelId = await createChannel(owner.accountId, { assistantId: a.body.assistantId });
    const [op1, op2] = [await addMember(owner.token, owner.accountId, "operator", "Анна"), await addMember(owner.token, owner.accountId, "operator", "Борис")];
    const sockets = await Promise.all([owner, op1, op2].map((m) => joinedSocket(m.token, owner.accountId).then((j) => j.socket)));
    const scope = scopeToken("order3");
    // The assistant answers while the operators type (its model call takes a little while).
    await scriptModel(scope, [{ content: "Здравствуйте! Сейчас подскажу.", delayMs: 150 }, { content: "Диван есть в наличии.", delayMs: 100 }]);
    const [first] = await ingest([incoming(owner.accountId, channelId, "order-customer", `Здравствуйте, есть диван? ${scope}`)]);
    if (!first || !("threadId" in first)) throw new Error("not ingested");
    const { threadId, contactId } = first;
    const write = (token: string, who: string, n: number) => api("POST", `/accounts/${owner.accountId}/contacts/${contactId}/messages`, { token, body: { content: `${who}: ${n}` } });
    await Promise.all(
      [op1, op2].map(async (op, k) => {
        for (let n = 1; n <= 6; n++) {
          expect((await write(op.token, k ? "Борис" : "Анна", n)).status).toBe(201);
          if (n === 3 && k === 0) await ingest([incoming(owner.accountId, channelId, "order-customer", `А доставка? ${scope}`)]);
        }
      }),
    );
    // Everything settles: the assistant's runs are done and no message arrives for a while.
    await waitFor(
      async () => {
        const r = await env.DB.prepare("SELECT count(*) AS n FROM assistant_runs WHERE account_id = ? AND status IN ('pending', 'running')").bind(owner.accountId).first<{ n: number }>();
        return r!.n === 0;
      },
      15_000,
      "the assistant's runs",
    );
    await sleep(800);
    const stored = await storedOrder(owner.token, owner.accountId, contactId);
    const rows = await env.DB.prepare("SELECT sender_type, direction FROM messages WHERE thread_id = ? AND type = 'text'").bind(threadId).all<{ sender_type: string; direction: string }>();
    expect(rows.results.filter((r) => r.sender_type === "operator")).toHaveLength(12);
    expect(rows.results.filter((r) => r.direction === "incoming")).toHaveLength(2);
    expect(rows.results.filter((r) => r.sender_type === "assistant").length).toBeGreaterThanOrEqual(1);
    await waitFor(async () => sockets.every((s) => seenOrder(s.frames, threadId).length >= stored.length), 5000, "every socket saw every message");
    const arrived = sockets.map((s) => arrivalOrder(s.frames, threadId));
    expect(arrived[1]).toEqual(arrived[0]);
    expect(arrived[2]).toEqual(arrived[0]);
    const seen = sockets.map((s) => seenOrder(s.frames, threadId));
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual(seen[0]);
    expect(seen[0]).toEqual(stored);
    for (const s of sockets) s.close();
  });
});
