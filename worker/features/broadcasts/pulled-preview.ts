import type { Env } from "../../env";
import { publishSafe, type RoomEventInput } from "../inbox/realtime";
import { rowToContact, rowToThread } from "../inbox/rows";
import { previewOf, serializeContact } from "../inbox/serialize";

/** A broadcast message taken back before it was sent: its thread, and the time the pump gave it. */
export interface PulledMessage {
  thread_id: string;
  created_at: number;
}

/**
 * The pump shows a broadcast's message as its thread's last message when it hands it out. When a
 * pause or a cancel takes the message back unsent, a thread that still shows it goes back to its
 * newest remaining message (incoming or outgoing; none: no preview), and the open inboxes get the
 * thread. A thread that moved on meanwhile (the customer wrote) is left alone.
 */
export async function restorePulledPreviews(env: Env, accountId: string, pulled: PulledMessage[]): Promise<void> {
  if (!pulled.length) return;
  // CROSS JOIN: each pulled thread by its id (SQLite otherwise walked the account's threads first).
  const rows = await env.DB.prepare(
    `SELECT t.id AS thread_id, m.type, m.content, m.file_name, m.created_at
     FROM json_each(?2) j CROSS JOIN threads t ON t.id = j.value ->> 't' AND t.account_id = ?1 AND t.last_message_at = j.value ->> 'at'
     LEFT JOIN messages m ON m.id = (SELECT x.id FROM messages x WHERE x.thread_id = t.id AND x.direction <> 'system' ORDER BY x.created_at DESC, x.id DESC LIMIT 1)`,
  )
    .bind(accountId, JSON.stringify(pulled.map((p) => ({ t: p.thread_id, at: p.created_at }))))
    .all<{ thread_id: string; type: string | null; content: string | null; file_name: string | null; created_at: number | null }>();
  if (!rows.results.length) return;
  const pulledAt = new Map(pulled.map((p) => [p.thread_id, p.created_at]));
  const json = JSON.stringify(
    rows.results.map((r) => ({
      t: r.thread_id,
      at: pulledAt.get(r.thread_id)!,
      preview: r.type ? previewOf({ type: r.type as never, content: r.content ?? "", fileName: r.file_name }) : null,
      type: r.type,
      lastAt: r.created_at,
    })),
  );
  // Guarded by the time again: a message stored between the read and this write keeps its preview.
  // `updated_at` stays: an open inbox then puts the thread's new preview in place instead of moving
  // it to the top (nothing new happened in it).
  const updated = await env.DB.prepare(
    `UPDATE threads SET last_message = j.value ->> 'preview', last_message_type = j.value ->> 'type', last_message_at = j.value ->> 'lastAt'
     FROM json_each(?2) j WHERE threads.id = j.value ->> 't' AND +threads.account_id = ?1 AND threads.last_message_at = j.value ->> 'at'
     RETURNING *`,
  )
    .bind(accountId, json)
    .all<Record<string, unknown>>();
  const threads = updated.results.map(rowToThread);
  if (!threads.length) return;
  const contacts = await env.DB.prepare("SELECT * FROM contacts WHERE account_id = ?1 AND id IN (SELECT value FROM json_each(?2))")
    .bind(accountId, JSON.stringify([...new Set(threads.map((t) => t.contactId))]))
    .all<Record<string, unknown>>();
  const byId = new Map(contacts.results.map((row) => [String(row.id), rowToContact(row)]));
  const events: RoomEventInput[] = threads.flatMap((t) => {
    const c = byId.get(t.contactId);
    return c ? [{ event: "updateContact" as const, data: serializeContact(c, t) }] : [];
  });
  await publishSafe(env, accountId, events);
}
