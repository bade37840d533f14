import { and, desc, eq, isNull, type SQL } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import { tablePage } from "../../db/queries";
import type { Env } from "../../env";
import { notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { createLogger } from "../../lib/logger";
import { paged } from "../../lib/validation";

export type DeadLetterQueue = (typeof schema.DEAD_LETTER_QUEUES)[number];

/** Which of our queues a message body belongs to (the DLQ receives all three). */
export function queueOfBody(body: unknown): DeadLetterQueue {
  const kind = typeof body === "object" && body !== null ? (body as { kind?: unknown }).kind : undefined;
  if (kind === "send") return "outbound";
  if (kind === "import-chunk" || kind === "broadcast-tick") return "jobs";
  return "inbound";
}

export async function storeDeadLetter(env: Env, input: { queue: DeadLetterQueue; body: unknown; error?: string | null; attempts?: number }): Promise<string> {
  const b = (typeof input.body === "object" && input.body !== null ? input.body : {}) as { accountId?: unknown; platform?: unknown };
  const id = newId();
  await getDb(env.DB)
    .insert(schema.deadLetters)
    .values({
      id,
      queue: input.queue,
      accountId: typeof b.accountId === "string" ? b.accountId : null,
      platform: typeof b.platform === "string" ? b.platform : null,
      body: input.body ?? null,
      error: input.error?.slice(0, 2000) ?? null,
      attempts: input.attempts ?? 0,
      createdAt: Date.now(),
    });
  createLogger({ component: "dlq" }).warn("dead letter stored", { id, queue: input.queue, error: input.error, attempts: input.attempts });
  return id;
}

/** The DLQ consumer: whatever the queues gave up on (max retries without our own verdict) is kept for admins. */
export async function consumeDeadLetters(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const msg of batch.messages) {
    try {
      await storeDeadLetter(env, { queue: queueOfBody(msg.body), body: msg.body, error: "Исчерпаны попытки доставки очереди", attempts: msg.attempts });
      msg.ack();
    } catch (error) {
      createLogger({ component: "dlq" }).error("storing a dead letter failed", { error });
      msg.retry({ delaySeconds: 10 });
    }
  }
}

export async function listDeadLetters(env: Env, q: { page: number; limit: number; queue?: DeadLetterQueue; accountId?: string; pending?: boolean }) {
  const db = getDb(env.DB);
  const conds: SQL[] = [];
  if (q.queue) conds.push(eq(schema.deadLetters.queue, q.queue));
  if (q.accountId) conds.push(eq(schema.deadLetters.accountId, q.accountId));
  if (q.pending) conds.push(isNull(schema.deadLetters.replayedAt));
  const where = conds.length ? and(...conds) : undefined;
  const { rows, total } = await tablePage(db, schema.deadLetters, where, [desc(schema.deadLetters.createdAt), desc(schema.deadLetters.id)], q.page, q.limit);
  return paged(rows, total, q.page, q.limit);
}

export async function getDeadLetter(env: Env, id: string) {
  const row = await getDb(env.DB).select().from(schema.deadLetters).where(eq(schema.deadLetters.id, id)).get();
  if (!row) throw notFound("Письмо не найдено", "DEAD_LETTER_NOT_FOUND");
  return row;
}

/**
 * Puts the original body back on its queue. Safe to repeat: inbound ingest dedupes on the
 * platform key and the sender skips a message that already has a platform id. A failed outgoing
 * message goes back to pending so the sender tries it again.
 */
export async function replayDeadLetter(env: Env, id: string) {
  const row = await getDeadLetter(env, id);
  if (row.queue === "outbound") {
    const b = row.body as { accountId?: string; messageId?: string };
    if (b?.accountId && b.messageId) {
      await getDb(env.DB)
        .update(schema.messages)
        .set({ deliveryStatus: "pending", updatedAt: Date.now() })
        .where(and(eq(schema.messages.id, b.messageId), eq(schema.messages.accountId, b.accountId), eq(schema.messages.deliveryStatus, "failed")));
    }
    await env.OUTBOUND_QUEUE.send(row.body, { contentType: "json" });
  } else if (row.queue === "jobs") {
    await env.JOBS_QUEUE.send(row.body, { contentType: "json" });
  } else {
    await env.INBOUND_QUEUE.send(row.body, { contentType: "json" });
  }
  const [updated] = await getDb(env.DB)
    .update(schema.deadLetters)
    .set({ replayedAt: Date.now(), replayCount: row.replayCount + 1 })
    .where(eq(schema.deadLetters.id, id))
    .returning();
  return updated!;
}

export async function deleteDeadLetter(env: Env, id: string) {
  await getDeadLetter(env, id);
  await getDb(env.DB).delete(schema.deadLetters).where(eq(schema.deadLetters.id, id));
}
