import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accountRef } from "./accounts";
import { createdAt, idKey, stringList, textOrEmpty, timestamps } from "./columns";

/**
 * Outgoing webhooks to the account's own systems (features/outgoing-webhooks): endpoints, the
 * outbox of deliveries (one per endpoint and event) and every HTTP attempt of a delivery.
 */

export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: idKey(),
    accountId: accountRef(),
    url: text("url").notNull(),
    description: textOrEmpty("description"),
    /** JSON: event types from the catalogue (catalogue.ts). */
    events: stringList("events"),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    /** Why the platform switched it off (410 Gone); null when the owner did or it is on. */
    disabledReason: text("disabled_reason"),
    disabledAt: integer("disabled_at"),
    /** The signing secret `whsec_…`, AES-GCM sealed with ENCRYPTION_KEY. */
    secret: text("secret").notNull(),
    /** The secret before the last rotation, still signed with until previousSecretUntil. */
    previousSecret: text("previous_secret"),
    previousSecretUntil: integer("previous_secret_until"),
    ...timestamps(),
  },
  (t) => [index("webhook_endpoints_account_idx").on(t.accountId, t.createdAt)],
);

/**
 * `uncertain`: an attempt's sender died after posting and before logging (its claim expired): the
 * receiver may have the event; it is not posted again by itself (the operator may redeliver it).
 */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "sending", "succeeded", "failed", "uncertain"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The outbox: one row per (endpoint, event), so a redelivered queue message never makes a second one. */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: idKey(),
    accountId: accountRef(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The `webhook-id` header: the same for every attempt of this event. */
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    /** The exact JSON body posted (signed as is). */
    payload: text("payload").notNull(),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    /** Attempts made in this round of the retry schedule (a manual redelivery starts a new round). */
    step: integer("step").notNull().default(0),
    attemptCount: integer("attempt_count").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at"),
    /** While `sending`: until when this claim holds (a crashed consumer's claim expires). */
    leaseUntil: integer("lease_until"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    lastAttemptAt: integer("last_attempt_at"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_endpoint_event_uq").on(t.endpointId, t.eventId),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
  ],
);

export const webhookAttempts = sqliteTable(
  "webhook_attempts",
  {
    id: idKey(),
    accountId: accountRef(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    /** HTTP status, null when no answer came (timeout, refused, blocked). */
    statusCode: integer("status_code"),
    ok: integer("ok", { mode: "boolean" }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    /** First 2 KB of the answer's body. */
    responseBody: text("response_body"),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.createdAt)],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
