import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { INBOX_HANDLERS } from "../../worker/features/inbox/handlers";
import { dedupeKeys, insertMessageStatement, lastMessageFields, messageRow, threadFollowStatement } from "../../worker/features/inbox/message-writer";
import { createChannel, incoming, ingest, ownerWithAccount } from "./inbox-helpers";

async function rowOf(id: string) {
  return env.DB.prepare("SELECT * FROM messages WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

/** The columns that say what a message is (not which one, nor when). */
function shape(r: Record<string, unknown> | null) {
  const { id: _id, dedupe_key: _k, created_at: _c, updated_at: _u, ...rest } = r ?? {};
  return rest;
}

describe("message writer", () => {
  it("ingest's set-based insert and the single-row statement store the same row for the same message", async () => {
    const { accountId } = await ownerWithAccount();
    const channelId = await createChannel(accountId);
    const metadata = { source: "phone", n: 2 };
    const [r] = await ingest([incoming(accountId, channelId, "700", "Отправлено с телефона", { direction: "outgoing", metadata, fileName: "a.pdf", mimeType: "application/pdf", fileSize: 12 })]);
    const viaIngest = await rowOf((r as { messageId: string }).messageId);
    expect(viaIngest).toMatchObject({ direction: "outgoing", sender_type: "operator", is_sent: 1, delivery_status: "sent", is_system: 0, metadata: JSON.stringify(metadata) });

    const row = messageRow({ type: "text", direction: "outgoing", content: "Отправлено с телефона", metadata, fileName: "a.pdf", mimeType: "application/pdf", fileSize: 12, delivery: "sent", dedupeKey: "writer:1", createdAt: Date.now() });
    const at = { accountId, threadId: String(viaIngest!.thread_id), contactId: String(viaIngest!.contact_id) };
    const [written] = await env.DB.batch([insertMessageStatement(env.DB, at, row)]);
    expect(written!.results).toHaveLength(1);
    expect(shape(await rowOf(String(row.id)))).toEqual(shape(viaIngest));
  });

  it("a repeated dedupe key inserts nothing, and the thread fields follow only a message really inserted", async () => {
    const { accountId } = await ownerWithAccount();
    const channelId = await createChannel(accountId);
    const [r] = await ingest([incoming(accountId, channelId, "701", "Здравствуйте")]);
    const { threadId, contactId } = r as { threadId: string; contactId: string };
    const at = { accountId, threadId, contactId };
    const send = (content: string) => {
      const row = messageRow({ type: "text", direction: "outgoing", content, senderType: "operator", delivery: "pending", dedupeKey: dedupeKeys.operator("client-1"), createdAt: Date.now() });
      return env.DB.batch([
        insertMessageStatement(env.DB, at, row),
        threadFollowStatement(env.DB, accountId, threadId, {
          last: lastMessageFields({ type: "text", content }, Date.now(), { name: "Клиент", platformUsername: null }),
          markRead: true,
          onlyIfInserted: [String(row.id)],
        }),
      ]);
    };
    const first = await send("Первый ответ");
    expect(first[0]!.results).toHaveLength(1);
    expect(first[1]!.results[0]).toMatchObject({ last_message: "Первый ответ", unread_count: 0, search_text: "клиент\n\nпервый ответ" });

    const again = await send("Повтор");
    expect(again[0]!.results).toHaveLength(0);
    expect(again[1]!.results).toHaveLength(0);
    const thread = await env.DB.prepare("SELECT last_message FROM threads WHERE id = ?").bind(threadId).first<{ last_message: string }>();
    expect(thread!.last_message).toBe("Первый ответ");
    const count = await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE account_id = ? AND dedupe_key = ?").bind(accountId, dedupeKeys.operator("client-1")).first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it("the handler chain puts the flow slot first, which passes every message on to the assistant", async () => {
    expect(INBOX_HANDLERS.map((h) => h.name)).toEqual(["flow", "assistant"]);
    const items = [{ accountId: "a", threadId: "t", messageId: "m" }];
    await expect(INBOX_HANDLERS[0]!.afterCommit(env, items)).resolves.toEqual(items);
  });
});
