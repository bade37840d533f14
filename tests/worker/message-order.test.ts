import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../worker/db/client";
import { scopeToken, scriptModel, waitFor } from "./ai-helpers";
import { api } from "./helpers";
import { createChannel, incoming, ingest, ownerWithAccount } from "./inbox-helpers";

/**
 * The order of a turn in the operators' log (issue #13): the customer's message, the tool call, its
 * result, then the reply that used it, as GET …/contacts/:id/messages returns them (newest first)
 * and as the cursor pages walk them. Real ingestion, runner, D1 and the OpenAI fake.
 */
async function setup() {
  const owner = await ownerWithAccount();
  const a = await api("POST", `/accounts/${owner.accountId}/assistants`, {
    token: owner.token,
    body: { name: "Ассистент", instructions: "Ты — консультант магазина.", knowledge: "Работаем до 21:00." },
  });
  expect(a.status).toBe(201);
  const channelId = await createChannel(owner.accountId, { assistantId: a.body.assistantId });
  return { ...owner, channelId };
}

async function say(...args: Parameters<typeof incoming>) {
  const [r] = await ingest([incoming(...args)]);
  if (!r || !("threadId" in r)) throw new Error(`not ingested: ${JSON.stringify(r)}`);
  return r;
}

type Row = { messageId: string; messageType: string; messageDirection: string; content: string; createdAt: number };

/** The log as the SPA shows it: the API's newest-first pages, walked with the cursor, reversed. */
async function chronological(token: string, accountId: string, contactId: string, limit: number): Promise<Row[]> {
  const out: Row[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i++) {
    const q: string = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const res = await api("GET", `/accounts/${accountId}/contacts/${contactId}/messages?${q}`, { token });
    expect(res.status).toBe(200);
    out.push(...(res.body.data as Row[]));
    cursor = res.body.meta.nextCursor;
    if (!cursor) break;
  }
  return out.reverse();
}

async function turnDone(accountId: string, threadId: string, n: number) {
  return waitFor(async () => {
    const rows = await getDb(env.DB)
      .select()
      .from(schema.messages)
      .where(and(eq(schema.messages.accountId, accountId), eq(schema.messages.threadId, threadId)))
      .all();
    return rows.length >= n ? rows : null;
  }, 15_000);
}

describe("message order of an assistant turn", () => {
  it("a turn with a tool call lists the question, the call, its result and the reply in that order", async () => {
    const ctx = await setup();
    const scope = scopeToken("order");
    await scriptModel(scope, [{ toolCalls: [{ id: "call_time", name: "get_current_datetime", arguments: "{}" }] }, { content: "Сегодня работаем до 21:00." }]);
    const r = await say(ctx.accountId, ctx.channelId, "order-1", `Во сколько вы сегодня работаете? ${scope}`);
    await turnDone(ctx.accountId, r.threadId, 4);

    for (const limit of [50, 1]) {
      const log = await chronological(ctx.token, ctx.accountId, r.contactId, limit);
      expect(log.map((m) => [m.messageType, m.messageDirection])).toEqual([
        ["text", "incoming"],
        ["tool_call", "outgoing"],
        ["tool_result", "outgoing"],
        ["text", "outgoing"],
      ]);
      expect(log[3]!.content).toBe("Сегодня работаем до 21:00.");
    }
  });

  it("keeps that order when the messages share a millisecond and when the messenger's clock is ahead of ours", async () => {
    const ctx = await setup();
    const scope = scopeToken("same-ms");
    // Two calls in one step: both calls and both results are committed together, in the same millisecond.
    await scriptModel(scope, [
      {
        toolCalls: [
          { id: "call_a", name: "get_current_datetime", arguments: "{}" },
          { id: "call_b", name: "save_contact_fact", arguments: JSON.stringify({ fact: "Любит скидки" }) },
        ],
      },
      { content: "Готово." },
    ]);
    // The customer's message is stamped by the messenger 5 s ahead of the Worker's clock.
    const ahead = Date.now() + 5_000;
    const r = await say(ctx.accountId, ctx.channelId, "order-2", `Запомните меня ${scope}`, { createdAt: ahead });
    await turnDone(ctx.accountId, r.threadId, 6);

    for (const limit of [50, 2, 1]) {
      const log = await chronological(ctx.token, ctx.accountId, r.contactId, limit);
      expect(log.map((m) => m.messageType + (m.messageType.startsWith("tool_") ? "" : `:${m.messageDirection}`))).toEqual([
        "text:incoming",
        "tool_call",
        "tool_call",
        "tool_result",
        "tool_result",
        "text:outgoing",
      ]);
      // The calls and results really share a millisecond (the tie is what is being ordered) and
      // nothing of the turn is stamped before the question it answers.
      expect(new Set(log.slice(1, 5).map((m) => m.createdAt)).size).toBe(1);
      expect(Math.min(...log.slice(1).map((m) => m.createdAt))).toBeGreaterThanOrEqual(ahead);
    }
  });
});
