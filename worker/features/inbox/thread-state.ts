import { and, eq, inArray } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { Env } from "../../env";
import { type ContactDto, serializeContact } from "./serialize";

/** Sets WAITING_RESPONSE; returns the contact (with this thread) to push, or null if the thread is gone. */
export async function markThreadWaiting(env: Env, accountId: string, threadId: string): Promise<ContactDto | null> {
  const db = getDb(env.DB);
  const [thread] = await db
    .update(schema.threads)
    .set({ gptStatus: "WAITING_RESPONSE" })
    .where(and(eq(schema.threads.id, threadId), eq(schema.threads.accountId, accountId)))
    .returning();
  if (!thread) return null;
  const contact = await db
    .select()
    .from(schema.contacts)
    .where(and(eq(schema.contacts.id, thread.contactId), eq(schema.contacts.accountId, accountId)))
    .get();
  return contact ? serializeContact(contact, thread) : null;
}

/** Sets COMPLETED on threads still waiting; returns the changed contacts to push. */
export async function markThreadsCompleted(env: Env, accountId: string, threadIds: string[]): Promise<ContactDto[]> {
  if (threadIds.length === 0) return [];
  const db = getDb(env.DB);
  const threads = await db
    .update(schema.threads)
    .set({ gptStatus: "COMPLETED" })
    .where(and(eq(schema.threads.accountId, accountId), inArray(schema.threads.id, threadIds), eq(schema.threads.gptStatus, "WAITING_RESPONSE")))
    .returning();
  if (threads.length === 0) return [];
  const contacts = await db
    .select()
    .from(schema.contacts)
    .where(and(eq(schema.contacts.accountId, accountId), inArray(schema.contacts.id, [...new Set(threads.map((t) => t.contactId))])))
    .all();
  const byId = new Map(contacts.map((c) => [c.id, c]));
  return threads.flatMap((t) => {
    const c = byId.get(t.contactId);
    return c ? [serializeContact(c, t)] : [];
  });
}
