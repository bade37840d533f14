import { SELF } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { getDb, schema } from "../../../worker/db/client";
import { metaSignature } from "../../fakes/meta";
import { scopeToken, scriptModel } from "../ai-helpers";
import { api, BASE, env } from "../helpers";
import { joinedSocket, ownerWithAccount } from "../inbox-helpers";

/**
 * Shared pieces of the exactly-once suite (issue #22): a seeded PRNG (a failure names its seed and
 * repeats), deliveries of every webhook N times with the copies interleaved and shuffled, and the
 * checks: each message stored once in its platform order per thread, one room frame per message,
 * one assistant reply and one send per burst.
 */

/** mulberry32: small, fast and the same on every run for a seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: T[], rnd: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** Every item `copies` times, all copies shuffled together (so they interleave, and a thread's order is lost). */
export function replayed<T>(items: T[], copies: number, rnd: () => number): T[] {
  return shuffle(
    items.flatMap((x) => Array.from({ length: copies }, () => x)),
    rnd,
  );
}

/** Sends with at most `limit` requests in flight, in list order. */
export async function sendAll<T>(items: T[], limit: number, send: (x: T) => Promise<Response>): Promise<number[]> {
  const statuses: number[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        const res = await send(items[i]!);
        statuses[i] = res.status;
        await res.body?.cancel();
      }
    }),
  );
  return statuses;
}

export async function waitUntil<T>(fn: () => Promise<T | null | undefined | false>, ms: number, what: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timeout waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An account with an assistant that answers a burst once (debounce), its model scripted for `scope`. */
export async function accountWithAssistant(opts: { debounceSeconds?: number; reply?: string } = {}) {
  const owner = await ownerWithAccount();
  const a = await api("POST", `/accounts/${owner.accountId}/assistants`, {
    token: owner.token,
    body: { name: "Консультант", instructions: "Ты — консультант магазина.", debounceSeconds: opts.debounceSeconds ?? 2 },
  });
  if (a.status !== 201) throw new Error(`assistant: ${a.status} ${JSON.stringify(a.body)}`);
  const scope = scopeToken("eo");
  await scriptModel(scope, [{ content: opts.reply ?? "Спасибо, ответили на все ваши вопросы." }], { repeatLast: true });
  const { socket } = await joinedSocket(owner.token, owner.accountId);
  return { ...owner, assistantId: (a.body.assistantId ?? a.body.id) as string, scope, socket };
}

export const db = () => getDb(env.DB);

/** The account's threads with their messages in the log's order (created_at, id). */
export async function threadsWithMessages(accountId: string) {
  const threads = await db().select().from(schema.threads).where(eq(schema.threads.accountId, accountId)).all();
  const out = [];
  for (const t of threads) {
    const msgs = await db()
      .select()
      .from(schema.messages)
      .where(and(eq(schema.messages.accountId, accountId), eq(schema.messages.threadId, t.id)))
      .orderBy(asc(schema.messages.createdAt), asc(schema.messages.id))
      .all();
    out.push({ thread: t, messages: msgs });
  }
  return out;
}

export async function runsOf(accountId: string) {
  return db().select().from(schema.assistantRuns).where(eq(schema.assistantRuns.accountId, accountId)).all();
}

/** Every run settled (none pending or running) and at least `n` of them. */
export async function runsSettled(accountId: string, n: number, ms = 30_000) {
  return waitUntil(
    async () => {
      const runs = await runsOf(accountId);
      return runs.length >= n && runs.every((r) => r.status !== "pending" && r.status !== "running") ? runs : null;
    },
    ms,
    `${n} runs settled`,
  );
}

/** Connects Instagram (DMs and comments, auto-reply on) with a fresh business id. */
export async function connectInstagram(token: string, accountId: string) {
  const id = String(17841400000000000 + Math.floor(Math.random() * 1e9));
  const res = await api("PUT", `/accounts/${accountId}/platform-instagram`, { token, body: { instagramAccountId: id, accessToken: `EAAG-test-token-${id}`, commentsAutoReply: true } });
  if (res.status !== 200) throw new Error(`connect instagram: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

export function igPost(body: unknown) {
  const raw = JSON.stringify(body);
  return SELF.fetch(`${BASE}/api/webhooks/instagram`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": metaSignature(raw) }, body: raw });
}

/** A comment webhook stamped with its own time (ms), as Meta's `entry.time`. */
export function igCommentAt(igId: string, commentId: string, mediaId: string, from: { id: string; username: string }, text: string, at: number) {
  return { object: "instagram", entry: [{ id: igId, time: at, changes: [{ field: "comments", value: { id: commentId, text, from, media: { id: mediaId, media_product_type: "FEED" } } }] }] };
}
