import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { scopeToken, scriptModel } from "../ai-helpers";
import { sleep, waitFor } from "../channel-helpers";
import { addMember, api } from "../helpers";
import { createChannel, incoming, ingest, joinedSocket, ownerWithAccount } from "../inbox-helpers";

/**
 * Order (#22): two operators and the assistant write to one thread at once. Every operator's socket
 * sees the thread's messages in one and the same order, and the order stored (the API's log, walked
 * with its cursor) is that order.
 */
type Frame = { event: string; data: any };

/** The thread's message ids in the order a socket first saw each of them. */
function seenOrder(frames: Frame[], threadId: string): string[] {
  const out: string[] = [];
  for (const f of frames) {
    if (f.event !== "message" || f.data?.threadId !== threadId) continue;
    if (!out.includes(f.data.messageId)) out.push(f.data.messageId);
  }
  return out;
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
    const seen = sockets.map((s) => seenOrder(s.frames, threadId));
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual(seen[0]);
    expect(seen[0]).toEqual(stored);
    for (const s of sockets) s.close();
  });
});
