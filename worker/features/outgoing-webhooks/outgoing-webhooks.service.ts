import { and, count, desc, eq, sql } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import { inJson, rowInAccount, tablePage } from "../../db/queries";
import type { WebhookDeliveryStatus, WebhookEndpoint } from "../../db/schema/webhooks";
import type { Env } from "../../env";
import { encryptSecret } from "../../lib/crypto";
import { AppError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { paged } from "../../lib/validation";
import { WEBHOOK_TEST_EVENT } from "./catalogue";
import { enqueueDeliveries, payloadOf } from "./delivery";
import { forgetWebhookSubscriptions } from "./emit";
import { newWebhookSecret } from "./sign";
import { checkWebhookUrl } from "./ssrf";

const { webhookEndpoints: endpoints, webhookDeliveries: deliveries, webhookAttempts: attempts } = schema;

/** After a rotation the old secret keeps signing this long, so receivers can switch without losing events. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
export const MAX_ENDPOINTS = 20;
const ENDPOINT_NOT_FOUND = "Эндпоинт не найден";

function encryptionKey(env: Env): string {
  if (!env.ENCRYPTION_KEY) throw new AppError(503, "ENCRYPTION_NOT_CONFIGURED", "Хранение секретов не настроено на сервере. Обратитесь в поддержку.");
  return env.ENCRYPTION_KEY;
}

function assertUrl(env: Env, url: string): string {
  const check = checkWebhookUrl(url, env);
  if (!check.ok) throw new AppError(400, "VALIDATION_ERROR", `Проверьте введённые данные — url: ${check.message}`, { fields: { url: [check.message] } });
  return check.url.toString();
}

type LastDelivery = { status: WebhookDeliveryStatus; statusCode: number | null; at: number; eventType: string } | null;

function endpointDto(e: WebhookEndpoint, last: LastDelivery = null) {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    disabledAt: e.disabledAt,
    /** Until when the previous secret still signs (after a rotation), or null. */
    previousSecretUntil: e.previousSecretUntil && e.previousSecretUntil > Date.now() ? e.previousSecretUntil : null,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    lastDelivery: last,
  };
}
export type WebhookEndpointDto = ReturnType<typeof endpointDto>;

async function endpointRow(env: Env, accountId: string, endpointId: string): Promise<WebhookEndpoint> {
  const row = await rowInAccount(getDb(env.DB), endpoints, endpointId, accountId);
  if (!row) throw notFound(ENDPOINT_NOT_FOUND, "WEBHOOK_ENDPOINT_NOT_FOUND");
  return row;
}

export async function listEndpoints(env: Env, accountId: string) {
  const db = getDb(env.DB);
  const rows = await db.select().from(endpoints).where(eq(endpoints.accountId, accountId)).orderBy(endpoints.createdAt).all();
  if (!rows.length) return { data: [] };
  // Each endpoint's newest delivery by the endpoint's index (filtered by `d.account_id`, it scanned every account's deliveries).
  const last = await env.DB.prepare(
    `SELECT d.endpoint_id, d.status, d.last_status_code, coalesce(d.last_attempt_at, d.created_at) AS at, d.event_type
     FROM webhook_endpoints e CROSS JOIN webhook_deliveries d ON d.id = (SELECT d2.id FROM webhook_deliveries d2 WHERE d2.endpoint_id = e.id ORDER BY d2.created_at DESC, d2.id DESC LIMIT 1)
     WHERE e.account_id = ?1`,
  )
    .bind(accountId)
    .all<{ endpoint_id: string; status: WebhookDeliveryStatus; last_status_code: number | null; at: number; event_type: string }>();
  const byEndpoint = new Map(last.results.map((r) => [r.endpoint_id, { status: r.status, statusCode: r.last_status_code, at: r.at, eventType: r.event_type }]));
  return { data: rows.map((r) => endpointDto(r, byEndpoint.get(r.id) ?? null)) };
}

export async function getEndpoint(env: Env, accountId: string, endpointId: string) {
  return endpointDto(await endpointRow(env, accountId, endpointId));
}

export async function createEndpoint(env: Env, accountId: string, input: { url: string; events: string[]; description: string; enabled: boolean }) {
  const url = assertUrl(env, input.url);
  const db = getDb(env.DB);
  const [{ n }] = (await db.select({ n: count() }).from(endpoints).where(eq(endpoints.accountId, accountId)).all()) as [{ n: number }];
  if (n >= MAX_ENDPOINTS) throw new AppError(409, "WEBHOOK_ENDPOINTS_LIMIT", `Можно добавить не больше ${MAX_ENDPOINTS} эндпоинтов`);
  const secret = newWebhookSecret();
  const now = Date.now();
  const [row] = await db
    .insert(endpoints)
    .values({ id: newId(), accountId, url, description: input.description, events: input.events, enabled: input.enabled, secret: await encryptSecret(secret, encryptionKey(env)), createdAt: now, updatedAt: now })
    .returning();
  forgetWebhookSubscriptions(accountId);
  return { ...endpointDto(row!), secret };
}

export async function updateEndpoint(env: Env, accountId: string, endpointId: string, patch: { url?: string; events?: string[]; description?: string; enabled?: boolean }) {
  const current = await endpointRow(env, accountId, endpointId);
  const set: Partial<WebhookEndpoint> = { updatedAt: Date.now() };
  if (patch.url !== undefined) set.url = assertUrl(env, patch.url);
  if (patch.events !== undefined) set.events = patch.events;
  if (patch.description !== undefined) set.description = patch.description;
  if (patch.enabled !== undefined) {
    set.enabled = patch.enabled;
    // Switched on again by a person: the platform's reason no longer applies.
    if (patch.enabled) Object.assign(set, { disabledReason: null, disabledAt: null });
    else if (current.enabled) Object.assign(set, { disabledReason: null, disabledAt: Date.now() });
  }
  const [row] = await getDb(env.DB)
    .update(endpoints)
    .set(set)
    .where(and(eq(endpoints.id, endpointId), eq(endpoints.accountId, accountId)))
    .returning();
  forgetWebhookSubscriptions(accountId);
  return endpointDto(row!);
}

export async function deleteEndpoint(env: Env, accountId: string, endpointId: string) {
  await endpointRow(env, accountId, endpointId);
  await getDb(env.DB)
    .delete(endpoints)
    .where(and(eq(endpoints.id, endpointId), eq(endpoints.accountId, accountId)));
  forgetWebhookSubscriptions(accountId);
}

/** A new secret, shown once; the old one keeps signing (a second signature) for ROTATION_OVERLAP_MS. */
export async function rotateSecret(env: Env, accountId: string, endpointId: string) {
  const current = await endpointRow(env, accountId, endpointId);
  const key = encryptionKey(env);
  const secret = newWebhookSecret();
  const now = Date.now();
  const [row] = await getDb(env.DB)
    .update(endpoints)
    .set({ secret: await encryptSecret(secret, key), previousSecret: current.secret, previousSecretUntil: now + ROTATION_OVERLAP_MS, updatedAt: now })
    .where(and(eq(endpoints.id, endpointId), eq(endpoints.accountId, accountId)))
    .returning();
  return { ...endpointDto(row!), secret };
}

/** A `webhook.test` event to this endpoint only, through the same outbox and queue as real events. */
export async function sendTestEvent(env: Env, accountId: string, endpointId: string) {
  const ep = await endpointRow(env, accountId, endpointId);
  const now = Date.now();
  const event = { id: `evt_${newId()}`, type: WEBHOOK_TEST_EVENT, timestamp: now, data: { message: "Тестовое событие Assistly", endpointId: ep.id, accountId } };
  const id = newId();
  await getDb(env.DB)
    .insert(deliveries)
    .values({ id, accountId, endpointId: ep.id, eventId: event.id, eventType: event.type, payload: payloadOf(event), status: "pending", nextAttemptAt: now, createdAt: now, updatedAt: now });
  await enqueueDeliveries(env, accountId, [id]);
  return deliveryDto((await deliveryRow(env, accountId, id))!, []);
}

async function deliveryRow(env: Env, accountId: string, deliveryId: string) {
  return rowInAccount(getDb(env.DB), deliveries, deliveryId, accountId);
}

function deliveryDto(d: typeof deliveries.$inferSelect, list: (typeof attempts.$inferSelect)[]) {
  return {
    id: d.id,
    endpointId: d.endpointId,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attemptCount: d.attemptCount,
    nextAttemptAt: d.status === "pending" ? d.nextAttemptAt : null,
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    lastAttemptAt: d.lastAttemptAt,
    createdAt: d.createdAt,
    payload: d.payload,
    attempts: list.map((a) => ({ id: a.id, attempt: a.attempt, statusCode: a.statusCode, ok: a.ok, durationMs: a.durationMs, responseBody: a.responseBody, error: a.error, createdAt: a.createdAt })),
  };
}
export type WebhookDeliveryDto = ReturnType<typeof deliveryDto>;

export async function listDeliveries(env: Env, accountId: string, endpointId: string, q: { page: number; limit: number; status?: (typeof deliveries.$inferSelect)["status"] }) {
  await endpointRow(env, accountId, endpointId);
  const db = getDb(env.DB);
  const where = and(eq(deliveries.accountId, accountId), eq(deliveries.endpointId, endpointId), q.status ? eq(deliveries.status, q.status) : undefined);
  const { rows, total } = await tablePage(db, deliveries, where, [desc(deliveries.createdAt), desc(deliveries.id)], q.page, q.limit);
  const list = rows.length
    ? await db
        .select()
        .from(attempts)
        .where(and(eq(attempts.accountId, accountId), inJson(attempts.deliveryId, rows.map((r) => r.id))))
        .orderBy(attempts.createdAt, attempts.attempt)
        .all()
    : [];
  return paged(
    rows.map((r) => deliveryDto(r, list.filter((a) => a.deliveryId === r.id))),
    total,
    q.page,
    q.limit,
  );
}

/**
 * Sends the delivery again now with the same `webhook-id` (the receiver's idempotency key) and a new
 * round of the retry schedule; its earlier attempts stay in the log.
 */
export async function redeliver(env: Env, accountId: string, deliveryId: string) {
  const d = await deliveryRow(env, accountId, deliveryId);
  if (!d) throw notFound("Доставка не найдена", "WEBHOOK_DELIVERY_NOT_FOUND");
  const ep = await endpointRow(env, accountId, d.endpointId);
  if (!ep.enabled) throw new AppError(409, "WEBHOOK_ENDPOINT_DISABLED", "Эндпоинт выключен. Включите его, чтобы отправить событие ещё раз.");
  if (d.status === "sending") throw new AppError(409, "WEBHOOK_DELIVERY_IN_PROGRESS", "Событие отправляется прямо сейчас. Попробуйте через минуту.");
  const now = Date.now();
  await getDb(env.DB)
    .update(deliveries)
    .set({ status: "pending", step: 0, nextAttemptAt: now, leaseUntil: null, updatedAt: now })
    .where(and(eq(deliveries.id, deliveryId), eq(deliveries.accountId, accountId), sql`${deliveries.status} <> 'sending'`));
  await enqueueDeliveries(env, accountId, [deliveryId]);
  return deliveryDto((await deliveryRow(env, accountId, deliveryId))!, []);
}
