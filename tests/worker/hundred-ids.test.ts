import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { getDb, schema } from "../../worker/db/client";
import { waIncomingText } from "../fakes/greenapi";
import { connectWhatsapp } from "./channel-helpers";
import { api } from "./helpers";
import { createChannel, incoming, ingest, ownerWithAccount } from "./inbox-helpers";

/**
 * D1 refuses a statement with more than 100 bound parameters. Lists of ids that reach 100 (a page of
 * 100 rows, a queue batch of 100 messages) go to SQL as one JSON parameter (db/queries.ts inJson):
 * each case here failed while one parameter per id was bound next to the account's.
 */

/** `n` customers, each with a thread, in batches the way the ingest writes them. */
async function customers(accountId: string, channelId: string, n: number, platform: "TELEGRAM" | "INSTAGRAM" = "TELEGRAM") {
  const out: { contactId: string; threadId: string }[] = [];
  for (let i = 0; i < n; i += 50) {
    const items = Array.from({ length: Math.min(50, n - i) }, (_, k) => ({ ...incoming(accountId, channelId, `u${i + k}`, `Вопрос ${i + k}`), platform }));
    out.push(...((await ingest(items)) as any[]).map((r) => ({ contactId: r.contactId as string, threadId: r.threadId as string })));
  }
  return out;
}

describe("pages of 100 rows", () => {
  it("the contacts table shows 100 a page (pages 1 and 2, with a platform filter), each row with its latest thread", async () => {
    const { token, accountId } = await ownerWithAccount();
    const tg = await createChannel(accountId);
    const seeded = await customers(accountId, tg, 130);
    const page1 = await api("GET", `/accounts/${accountId}/contacts?limit=100`, { token });
    expect(page1.status, JSON.stringify(page1.body)).toBe(200);
    expect(page1.body.meta).toEqual({ total: 130, limit: 100, page: 1, lastPage: 2 });
    expect(page1.body.data).toHaveLength(100);
    expect(page1.body.data.every((c: any) => c.thread?.threadId)).toBe(true);
    const byContact = new Map(seeded.map((s) => [s.contactId, s.threadId]));
    expect(page1.body.data.every((c: any) => byContact.get(c.contactId) === c.thread.threadId)).toBe(true);
    const page2 = await api("GET", `/accounts/${accountId}/contacts?limit=100&page=2`, { token });
    expect(page2.status).toBe(200);
    expect(page2.body.data).toHaveLength(30);
    const tgOnly = await api("GET", `/accounts/${accountId}/contacts?platform=TELEGRAM&limit=100`, { token });
    expect(tgOnly.status).toBe(200);
    expect(tgOnly.body.data).toHaveLength(100);
  });

  it("a post's Instagram comments show 100 a page, with replies and private replies looked up for all", async () => {
    const { token, accountId } = await ownerWithAccount();
    const ig = await createChannel(accountId, { platform: "INSTAGRAM" });
    const seeded = await customers(accountId, ig, 100, "INSTAGRAM");
    const now = Date.now();
    const rows = seeded.map((s, i) =>
      env.DB.prepare(
        "INSERT INTO instagram_comments (id, account_id, channel_id, comment_id, media_id, from_id, from_username, text, contact_id, thread_id, private_reply_message_id, commented_at, created_at) VALUES (?, ?, ?, ?, 'media-100', ?, ?, ?, ?, ?, ?, ?, ?)",
      ).bind(`igc-${accountId}-${i}`, accountId, ig, `c-${i}`, `u${i}`, `user${i}`, `Комментарий ${i}`, s.contactId, s.threadId, `no-such-message-${i}`, now - i, now),
    );
    await env.DB.batch(rows);
    const res = await api("GET", `/accounts/${accountId}/instagram-comments/posts/media-100/comments?limit=100`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toHaveLength(100);
  });

  it("an endpoint's webhook delivery log shows 100 a page, each delivery with its attempts", async () => {
    const { token, accountId } = await ownerWithAccount();
    const ep = await api("POST", `/accounts/${accountId}/webhooks`, { token, body: { url: "https://crm.example.com/hooks/assistly", events: ["message.received"], description: "CRM" } });
    expect(ep.status, JSON.stringify(ep.body)).toBe(201);
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: 100 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, event_type, payload, status, step, attempt_count, next_attempt_at, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, 'message.received', '{}', 'failed', 0, 1, ?5, ?5, ?5)",
        ).bind(`dl-${accountId}-${i}`, accountId, ep.body.id, `evt-${accountId}-${i}`, now - i),
      ),
    );
    const res = await api("GET", `/accounts/${accountId}/webhooks/${ep.body.id}/deliveries?limit=100`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toHaveLength(100);
  });

  it("a contact may carry 100 tags (the limit the form states)", async () => {
    const { token, accountId } = await ownerWithAccount();
    const tg = await createChannel(accountId);
    const [c] = await customers(accountId, tg, 1);
    const ids: string[] = [];
    for (let i = 0; i < 100; i++) {
      const t = await api("POST", `/accounts/${accountId}/tags`, { token, body: { name: `Тег ${i}` } });
      expect(t.status, JSON.stringify(t.body)).toBe(201);
      ids.push(t.body.tagId);
    }
    const set = await api("PUT", `/accounts/${accountId}/contacts/${c!.contactId}/tags`, { token, body: { tagIds: ids } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const again = await api("PUT", `/accounts/${accountId}/contacts/${c!.contactId}/tags`, { token, body: { tagIds: ids.slice(1) } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM contact_tags WHERE contact_id = ?").bind(c!.contactId).first<{ n: number }>();
    expect(left!.n).toBe(99);
  });
});

describe("queue batches of 100 messages", () => {
  it("a person answering 100 WhatsApp chats from the phone in one batch pauses the AI of all 100 threads", async () => {
    const { token, accountId } = await ownerWithAccount();
    await api("POST", `/accounts/${accountId}/assistants`, { token, body: { name: "Консультант" } });
    const { idInstance } = await connectWhatsapp(token, accountId);
    const ch = await getDb(env.DB).select().from(schema.channels).where(eq(schema.channels.accountId, accountId)).get();
    const phones = Array.from({ length: 100 }, (_, i) => `7900${String(1000000 + i)}`);
    const batch = (type: string, prefix: string) =>
      createMessageBatch(
        "assistly-inbound",
        phones.map((p, i) => ({
          id: `${prefix}-${i}-${Math.random()}`,
          timestamp: new Date(),
          attempts: 1,
          body: { kind: "webhook", platform: "WHATSAPP", accountId, channelId: ch!.id, receivedAt: Date.now(), body: JSON.stringify({ ...waIncomingText(idInstance, `${prefix}${i}`, p, `Текст ${i}`), typeWebhook: type }) },
        })),
      );
    for (const b of [batch("incomingMessageReceived", "IN"), batch("outgoingMessageReceived", "OUT")]) {
      const ctx = createExecutionContext();
      await worker.queue!(b as MessageBatch<unknown>, env, ctx);
      await getQueueResult(b, ctx);
    }
    const threads = await getDb(env.DB).select().from(schema.threads).where(eq(schema.threads.accountId, accountId)).all();
    expect(threads).toHaveLength(100);
    expect(threads.filter((t) => t.isGptActive)).toHaveLength(0);
  });

  it("100 customers writing in one batch inside the downtime schedule: every run is recorded as skipped", async () => {
    const { token, accountId } = await ownerWithAccount();
    const a = await api("POST", `/accounts/${accountId}/assistants`, { token, body: { name: "Консультант" } });
    const tg = await createChannel(accountId, { assistantId: a.body.assistantId });
    const all = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: "00:00", to: "24:00" }));
    expect((await api("PUT", `/accounts/${accountId}/settings/downtime`, { token, body: { enabled: true, intervals: all } })).status).toBe(200);
    await ingest(Array.from({ length: 100 }, (_, i) => incoming(accountId, tg, `night${i}`, `Ночной вопрос ${i}`)));
    const runs = await env.DB.prepare("SELECT status, error FROM assistant_runs WHERE account_id = ?").bind(accountId).all<{ status: string; error: string }>();
    expect(runs.results).toHaveLength(100);
    expect(runs.results.every((r) => r.status === "skipped" && r.error === "downtime")).toBe(true);
  });
});
