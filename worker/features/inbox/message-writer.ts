import type { Message } from "../../db/schema/inbox";
import { orderedId } from "./rows";
import { previewOf, threadSearchText } from "./serialize";

/**
 * The one writer of message rows. Every place that stores a message (ingest, an operator's reply,
 * the assistant's turn, a comment reply; broadcasts and flows next) builds its row and the thread
 * fields that follow it here, so the columns, their defaults, the preview, the search text and the
 * dedupe keys are written one way. The callers keep their own D1 batch: these are statement and
 * row builders, they never send anything themselves.
 */

/** What a caller knows about a new message; everything else gets its default here. */
export interface MessageDraft {
  id?: string;
  type: Message["type"];
  direction: Message["direction"];
  content?: string;
  payloadUrl?: string | null;
  fileName?: string | null;
  mimeType?: string | null;
  fileSize?: number | null;
  metadata?: Record<string, unknown>;
  /** Defaults from the direction: incoming → contact, system → system, outgoing → operator. */
  senderType?: Message["senderType"];
  senderUserId?: string | null;
  platformMessageId?: string | null;
  dedupeKey?: string | null;
  /** The delivery state it starts in: "pending" waits for the outbound queue, "sent" is final. */
  delivery?: "pending" | "sent" | null;
  /** Defaults to direction === "system" (a handoff note written as outgoing may still set it). */
  isSystem?: boolean;
  createdAt: number;
  updatedAt?: number;
}

/** The message columns a row carries by itself (account, thread and contact come from the caller's statement). */
export const MESSAGE_VALUE_COLUMNS = [
  "id",
  "type",
  "direction",
  "content",
  "payload_url",
  "file_name",
  "mime_type",
  "file_size",
  "is_system",
  "is_sent",
  "is_delivered",
  "is_read",
  "delivery_status",
  "metadata",
  "sender_type",
  "sender_user_id",
  "platform_message_id",
  "dedupe_key",
  "created_at",
  "updated_at",
] as const;
export type MessageRow = Record<(typeof MESSAGE_VALUE_COLUMNS)[number], string | number | null>;

export function defaultSenderType(direction: Message["direction"]): Message["senderType"] {
  return direction === "incoming" ? "contact" : direction === "system" ? "system" : "operator";
}

/** The row as stored, named as the columns (snake_case, 0/1, metadata as JSON text). */
export function messageRow(d: MessageDraft): MessageRow {
  return {
    id: d.id ?? orderedId(),
    type: d.type,
    direction: d.direction,
    content: d.content ?? "",
    payload_url: d.payloadUrl ?? null,
    file_name: d.fileName ?? null,
    mime_type: d.mimeType ?? null,
    file_size: d.fileSize ?? null,
    is_system: (d.isSystem ?? d.direction === "system") ? 1 : 0,
    is_sent: d.delivery === "sent" ? 1 : 0,
    is_delivered: 0,
    is_read: 0,
    delivery_status: d.delivery ?? null,
    metadata: JSON.stringify(d.metadata ?? {}),
    sender_type: d.senderType ?? defaultSenderType(d.direction),
    sender_user_id: d.senderUserId ?? null,
    platform_message_id: d.platformMessageId ?? null,
    dedupe_key: d.dedupeKey ?? null,
    created_at: d.createdAt,
    updated_at: d.updatedAt ?? d.createdAt,
  };
}

/** The columns of the set-based insert: each read from a JSON row `j.value` (see ingest's bulk SQL). */
export function messageColumnsFromJson(alias = "j"): string {
  return MESSAGE_VALUE_COLUMNS.map((c) => `${alias}.value ->> '${c}'`).join(", ");
}

/**
 * One message, inserted unless its dedupe key (or id) already exists; RETURNING * gives the stored
 * row, an empty result means "not inserted" (a repeat, or the guard said no). `guard` adds
 * conditions checked inside the transaction; it gets the number of its first free parameter (?1
 * is the account, ?2 the thread, ?3 the contact).
 */
export function insertMessageStatement(
  db: D1Database,
  at: { accountId: string; threadId: string; contactId: string },
  row: MessageRow,
  guard?: (firstParam: number) => { sql: string; params: unknown[] },
): D1PreparedStatement {
  const values = MESSAGE_VALUE_COLUMNS.map((c) => row[c]);
  const placeholders = values.map((_, i) => `?${i + 4}`).join(", ");
  const g = guard?.(values.length + 4);
  return db
    .prepare(
      `INSERT INTO messages (account_id, thread_id, contact_id, ${MESSAGE_VALUE_COLUMNS.join(", ")}) SELECT ?1, ?2, ?3, ${placeholders} WHERE 1${g ? ` ${g.sql}` : ""}
       ON CONFLICT DO NOTHING RETURNING *`,
    )
    .bind(at.accountId, at.threadId, at.contactId, ...values, ...(g?.params ?? []));
}

/** The thread's preview fields after `last` became its newest message. */
export function lastMessageFields(last: { type: Message["type"]; content: string; fileName?: string | null }, at: number, contact?: { name: string; platformUsername: string | null }) {
  const preview = previewOf(last);
  return { preview, type: last.type, at, searchText: contact ? threadSearchText(contact, preview) : undefined };
}

export interface ThreadFollow {
  /** The newest message's preview (lastMessageFields); the search text too when given. */
  last?: ReturnType<typeof lastMessageFields>;
  /** An operator's reply reads the thread. */
  markRead?: boolean;
  /** The assistant's reply ends the waiting state. */
  completeAi?: boolean;
  isGptActive?: boolean;
  /** A hand-off: the thread waits for an operator (status "pending", as a flow's hand-off sets it). */
  awaitOperator?: boolean;
  /** An operator answered: a thread that waited for one ("pending") is active again. */
  operatorAnswered?: boolean;
  /** Applies only when one of these messages was really inserted in the same transaction. */
  onlyIfInserted?: string[];
}

/** The thread fields that follow new messages, as one UPDATE … RETURNING * for the caller's batch. */
export function threadFollowStatement(db: D1Database, accountId: string, threadId: string, f: ThreadFollow): D1PreparedStatement {
  const sets: string[] = [];
  const args: unknown[] = [];
  if (f.last) {
    sets.push("last_message = ?", "last_message_type = ?", "last_message_at = ?", "updated_at = ?");
    args.push(f.last.preview, f.last.type, f.last.at, f.last.at);
    if (f.last.searchText !== undefined) {
      sets.push("search_text = ?");
      args.push(f.last.searchText);
    }
  }
  if (f.markRead) sets.push("unread_count = 0");
  if (f.completeAi) sets.push("gpt_status = 'COMPLETED'");
  if (f.isGptActive !== undefined) {
    sets.push("is_gpt_active = ?");
    args.push(f.isGptActive ? 1 : 0);
  }
  if (f.awaitOperator) sets.push("status = 'pending'");
  else if (f.operatorAnswered) sets.push("status = CASE WHEN status = 'pending' THEN 'active' ELSE status END");
  if (!sets.length) sets.push("updated_at = updated_at");
  const only = f.onlyIfInserted?.length ? ` AND EXISTS (SELECT 1 FROM messages WHERE id IN (${f.onlyIfInserted.map(() => "?").join(", ")}))` : "";
  return db
    .prepare(`UPDATE threads SET ${sets.join(", ")} WHERE id = ? AND account_id = ?${only} RETURNING *`)
    .bind(...args, threadId, accountId, ...(f.onlyIfInserted ?? []));
}

/** Dedupe keys of the messages we write ourselves (the messengers' own come with the incoming item). */
export const dedupeKeys = {
  /** An operator's reply retried with the same client id; one per attachment. */
  operator: (clientMessageId: string, attachment?: number) => (attachment === undefined ? `op:${clientMessageId}` : `op:${clientMessageId}:${attachment}`),
  operatorPrefix: (clientMessageId: string) => `op:${clientMessageId}`,
  aiReply: (runId: string) => `ai-reply:${runId}`,
  aiHandoff: (runId: string) => `ai-handoff:${runId}`,
  aiError: (runId: string) => `ai-error:${runId}`,
  aiCall: (runId: string, attempt: number, step: number, callId: string) => `ai-call:${runId}:${attempt}:${step}:${callId}`,
  aiResult: (runId: string, attempt: number, step: number, callId: string) => `ai-result:${runId}:${attempt}:${step}:${callId}`,
};
