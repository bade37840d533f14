import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { AudienceFilter } from "../../features/audience/filter";
import type { BroadcastButton, BroadcastPacing, BroadcastStatus, RecipientState } from "../../features/broadcasts/contract";
import { BROADCAST_STATUSES, RECIPIENT_STATES } from "../../features/broadcasts/contract";
import { accountRef } from "./accounts";
import { idKey, timestamps } from "./columns";
import { channels, contacts } from "./inbox";
import { userRefOrNull } from "./users";

/** Who a broadcast goes to: a saved segment (read when sending starts) or an inline filter. */
export type BroadcastAudience = { segmentId: string } | { filter: AudienceFilter };

/** A media file of the broadcast (R2 key under accounts/{accountId}/…). */
export interface BroadcastMedia {
  key: string;
  type: "image" | "video" | "document";
  fileName: string;
  mimeType: string;
}

export interface BroadcastMessage {
  text: string;
  media?: BroadcastMedia | null;
  buttons: BroadcastButton[];
}

/**
 * A broadcast of an account through one connected channel. Counts are denormalized from
 * `broadcast_recipients` by the pump and the sender (each tick recounts them in one statement), so
 * the list reads one row per broadcast.
 */
export const broadcasts = sqliteTable(
  "broadcasts",
  {
    id: idKey(),
    accountId: accountRef(),
    name: text("name").notNull(),
    channelId: text("channel_id").references(() => channels.id, { onDelete: "set null" }),
    status: text("status", { enum: BROADCAST_STATUSES }).$type<BroadcastStatus>().notNull().default("draft"),
    audience: text("audience", { mode: "json" }).$type<BroadcastAudience>().notNull(),
    message: text("message", { mode: "json" }).$type<BroadcastMessage>().notNull(),
    /** When a scheduled broadcast starts (ms since the epoch). */
    scheduledAt: integer("scheduled_at"),
    pacing: text("pacing", { mode: "json" }).$type<BroadcastPacing>().notNull().default({}),
    pausedReason: text("paused_reason"),
    total: integer("total").notNull().default(0),
    queued: integer("queued").notNull().default(0),
    sent: integer("sent").notNull().default(0),
    delivered: integer("delivered").notNull().default(0),
    read: integer("read").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    /** Recipients reserved of the account's quota when sending started. */
    quotaReserved: integer("quota_reserved").notNull().default(0),
    /** When the pump's next tick is due: a tick arriving well before it belongs to a superseded chain and stops. */
    nextTickAt: integer("next_tick_at").notNull().default(0),
    createdBy: userRefOrNull("created_by"),
    startedAt: integer("started_at"),
    completedAt: integer("completed_at"),
    ...timestamps(),
  },
  (t) => [index("broadcasts_account_created_idx").on(t.accountId, t.createdAt, t.id), index("broadcasts_channel_status_idx").on(t.channelId, t.status)],
);

/**
 * One contact of a broadcast: the pair is the key, so a contact is materialized once. `state` null =
 * not handed out yet; the pump stores the outgoing message and sets `queued` + `messageId` in one
 * transaction; the sender moves it on (sent, failed), receipts to delivered and read.
 */
export const broadcastRecipients = sqliteTable(
  "broadcast_recipients",
  {
    broadcastId: text("broadcast_id")
      .notNull()
      .references(() => broadcasts.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    accountId: accountRef(),
    /** The contact's dm thread on the broadcast's channel. */
    threadId: text("thread_id").notNull(),
    state: text("state", { enum: RECIPIENT_STATES }).$type<RecipientState>(),
    messageId: text("message_id"),
    error: text("error"),
    clickedAt: integer("clicked_at"),
    /** The sender's lease on this recipient's send (two deliveries of one queue message never both send). */
    claimedAt: integer("claimed_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.broadcastId, t.contactId] }),
    // The pump's window (state IS NULL, by contact) and the paged list by state.
    index("broadcast_recipients_state_idx").on(t.broadcastId, t.state, t.contactId),
    index("broadcast_recipients_message_idx").on(t.messageId),
    index("broadcast_recipients_contact_idx").on(t.contactId),
  ],
);

export type Broadcast = typeof broadcasts.$inferSelect;
export type BroadcastRecipient = typeof broadcastRecipients.$inferSelect;
