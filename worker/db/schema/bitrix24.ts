import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accountRef } from "./accounts";
import { createdAt, idKey, timestamps } from "./columns";

/**
 * An account's Bitrix24 portal (one per account). `mode` says how it was connected: an incoming
 * webhook URL (`webhookUrl`, encrypted: the secret is in its path) or an OAuth app (`accessToken`,
 * `refreshToken`, encrypted with AES-GCM under ENCRYPTION_KEY). `rateTat` is the portal's leaky
 * bucket (GCRA's theoretical arrival time, ms): every call reserves its slot here first.
 */
export const bitrix24Integrations = sqliteTable(
  "bitrix24_integrations",
  {
    accountId: accountRef().primaryKey(),
    mode: text("mode", { enum: ["webhook", "oauth"] }).notNull(),
    webhookUrl: text("webhook_url"),
    domain: text("domain").notNull(),
    memberId: text("member_id"),
    clientEndpoint: text("client_endpoint"),
    serverEndpoint: text("server_endpoint"),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    accessExpiresAt: integer("access_expires_at"),
    status: text("status", { enum: ["connected", "error"] }).notNull().default("connected"),
    lastError: text("last_error"),
    lastOkAt: integer("last_ok_at"),
    /** The settings page's choices (Bitrix24Settings in the feature's schemas). */
    settings: text("settings", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    rateTat: integer("rate_tat").notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex("bitrix24_integrations_member_uq").on(t.memberId)],
);

/**
 * What was created in the CRM for an inbox contact: one row per contact, claimed before the first
 * call, so a redelivered job finds it (and the lead's ORIGIN_ID in Bitrix24) instead of creating a second.
 */
export const bitrix24Links = sqliteTable(
  "bitrix24_links",
  {
    accountId: accountRef(),
    contactId: text("contact_id").notNull(),
    status: text("status", { enum: ["pending", "done", "failed"] }).notNull(),
    entityType: text("entity_type", { enum: ["lead", "deal"] }).notNull(),
    entityId: text("entity_id"),
    bitrixContactId: text("bitrix_contact_id"),
    reason: text("reason").notNull(),
    error: text("error"),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.contactId] }), index("bitrix24_links_entity_idx").on(t.accountId, t.entityType, t.entityId)],
);

/** Every call to the portal and its outcome, newest kept (the page shows the last ones). */
export const bitrix24CallLog = sqliteTable(
  "bitrix24_call_log",
  {
    id: idKey(),
    accountId: accountRef(),
    method: text("method").notNull(),
    ok: integer("ok", { mode: "boolean" }).notNull(),
    httpStatus: integer("http_status"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    durationMs: integer("duration_ms").notNull(),
    attempt: integer("attempt").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index("bitrix24_call_log_account_idx").on(t.accountId, t.createdAt)],
);

export type Bitrix24Integration = typeof bitrix24Integrations.$inferSelect;
