import type { Env } from "../../env";
import { decryptSecret } from "../../lib/crypto";
import { faultPoint } from "../../lib/faults";
import { newId } from "../../lib/ids";
import { createLogger } from "../../lib/logger";
import { appUrl, sendMail } from "../../lib/mail";
import { webhookQueueMessage, type WebhookQueueMessage } from "./outgoing-webhooks.schemas";
import { signatureHeader } from "./sign";
import { checkWebhookUrl } from "./ssrf";
import { forgetWebhookSubscriptions, type WebhookEvent } from "./emit";

const log = createLogger({ component: "webhooks" });

/**
 * Seconds to wait after the n-th failed attempt of a round (index n-1), Standard Webhooks' example
 * schedule: the first attempt goes at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and
 * 24 h later; ten attempts in all, plus up to 10 % jitter so a receiver that came back is not hit
 * by every sender at once.
 */
export const RETRY_DELAYS_S = [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;
/** Cloudflare Queues delay a message at most 12 h: longer waits go as several hops. */
export const MAX_QUEUE_DELAY_S = 43_200;
export const SEND_TIMEOUT_MS = 15_000;
export const RESPONSE_EXCERPT_BYTES = 2048;
/** A claim lasts a little longer than one send can. */
const LEASE_MS = SEND_TIMEOUT_MS + 15_000;

/** The wait after `step` failed attempts, or null when the round is over. Retry-After (429/503) is honoured: never sooner. */
export function nextDelayMs(step: number, retryAfterS: number | null = null, rand: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_S[step - 1];
  if (base === undefined) return null;
  const scheduled = base * 1000 + Math.floor(base * 100 * rand());
  return retryAfterS === null ? scheduled : Math.max(scheduled, Math.min(retryAfterS, 86_400) * 1000);
}

export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export async function consumeWebhooks(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  await Promise.all(
    batch.messages.map(async (m) => {
      const parsed = webhookQueueMessage.safeParse(m.body);
      if (!parsed.success) {
        log.error("unreadable webhooks queue message", { issues: parsed.error.issues.length });
        return m.ack();
      }
      try {
        if (parsed.data.kind === "emit") await emit(env, parsed.data.accountId, parsed.data.events);
        else await deliver(env, parsed.data.accountId, parsed.data.deliveryId);
        m.ack();
      } catch (error) {
        log.error("webhooks queue message failed", { error, kind: parsed.data.kind, accountId: parsed.data.accountId });
        m.retry({ delaySeconds: Math.min(300, 5 * 2 ** Math.min(6, m.attempts)) });
      }
    }),
  );
}

export async function enqueueDeliveries(env: Env, accountId: string, ids: string[], delaySeconds = 0) {
  for (let i = 0; i < ids.length; i += 100) {
    await env.WEBHOOKS_QUEUE.sendBatch(
      ids.slice(i, i + 100).map((deliveryId) => ({ body: { kind: "deliver", accountId, deliveryId } satisfies WebhookQueueMessage, contentType: "json" as const, ...(delaySeconds > 0 ? { delaySeconds } : {}) })),
    );
  }
}

export function payloadOf(e: Pick<WebhookEvent, "type" | "timestamp" | "data">): string {
  return JSON.stringify({ type: e.type, timestamp: new Date(e.timestamp).toISOString(), data: e.data });
}

/**
 * One outbox row per (endpoint, event): the insert ignores a row that exists, so a redelivered emit
 * message makes no second delivery; it still (re)queues the rows that never got an attempt, in case
 * the first run stopped between the insert and the send.
 */
export async function emit(env: Env, accountId: string, events: WebhookEvent[]): Promise<void> {
  const endpoints = await env.DB.prepare("SELECT id, events FROM webhook_endpoints WHERE account_id = ?1 AND enabled = 1").bind(accountId).all<{ id: string; events: string }>();
  const now = Date.now();
  const stmts: D1PreparedStatement[] = [];
  for (const ep of endpoints.results) {
    const wanted = new Set(JSON.parse(ep.events) as string[]);
    for (const e of events) {
      if (!wanted.has(e.type)) continue;
      stmts.push(
        env.DB.prepare(
          `INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, event_type, payload, status, step, attempt_count, next_attempt_at, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'pending', 0, 0, ?7, ?7, ?7) ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
        ).bind(newId(), accountId, ep.id, e.id, e.type, payloadOf(e), now),
      );
    }
  }
  if (!stmts.length) return;
  await env.DB.batch(stmts);
  const ids = events.map((e) => e.id);
  // By (endpoint, event), the rows' unique index: `event_id IN (…)` alone scanned every account's deliveries.
  const due = await env.DB.prepare(
    `SELECT d.id FROM json_each(?3) e CROSS JOIN json_each(?2) ev CROSS JOIN webhook_deliveries d ON d.endpoint_id = e.value AND d.event_id = ev.value
     WHERE d.account_id = ?1 AND d.status = 'pending' AND d.attempt_count = 0`,
  )
    .bind(accountId, JSON.stringify(ids), JSON.stringify(endpoints.results.map((ep) => ep.id)))
    .all<{ id: string }>();
  await enqueueDeliveries(env, accountId, due.results.map((r) => r.id));
}

interface DeliveryRow {
  id: string;
  account_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  payload: string;
  status: string;
  step: number;
  attempt_count: number;
  next_attempt_at: number | null;
  url: string;
  enabled: number;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: number | null;
}

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  responseBody: string | null;
  error: string | null;
  retryAfterS: number | null;
}

/** One queue message, at most one HTTP attempt: the row is claimed first, so a duplicate message posts nothing. */
export async function deliver(env: Env, accountId: string, deliveryId: string): Promise<void> {
  const now = Date.now();
  const row = await env.DB.prepare(
    `SELECT d.id, d.account_id, d.endpoint_id, d.event_id, d.event_type, d.payload, d.status, d.step, d.attempt_count, d.next_attempt_at,
            e.url, e.enabled, e.secret, e.previous_secret, e.previous_secret_until
     FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.account_id = d.account_id
     WHERE d.id = ?1 AND d.account_id = ?2`,
  )
    .bind(deliveryId, accountId)
    .first<DeliveryRow>();
  if (!row || (row.status !== "pending" && row.status !== "sending")) return;
  if (row.status === "pending" && row.next_attempt_at && row.next_attempt_at > now + 1000) {
    // Not due yet (a manual redelivery came first, or a wait longer than a queue delay): wait the rest.
    await enqueueDeliveries(env, accountId, [row.id], Math.min(MAX_QUEUE_DELAY_S, Math.ceil((row.next_attempt_at - now) / 1000)));
    return;
  }
  if (!row.enabled && row.event_type !== "webhook.test") {
    await env.DB.prepare("UPDATE webhook_deliveries SET status = 'failed', last_error = ?1, next_attempt_at = NULL, updated_at = ?2 WHERE id = ?3 AND status = 'pending'")
      .bind("Эндпоинт выключен", now, row.id)
      .run();
    return;
  }
  if (row.status === "sending") return settleInterrupted(env, accountId, row.id, now);
  const claimed = await env.DB.prepare(
    `UPDATE webhook_deliveries SET status = 'sending', lease_until = ?1, updated_at = ?2
     WHERE id = ?3 AND status = 'pending' RETURNING step, attempt_count`,
  )
    .bind(now + LEASE_MS, now, row.id)
    .first<{ step: number; attempt_count: number }>();
  if (!claimed) return;

  const key = env.ENCRYPTION_KEY ?? "";
  const secrets = [await decryptSecret(row.secret, key)];
  if (row.previous_secret && (row.previous_secret_until ?? 0) > now) secrets.push(await decryptSecret(row.previous_secret, key));
  const result = await attempt(env, row.url, row.event_id, row.payload, secrets);
  // The receiver answered; the attempt and the delivery's state are not written yet.
  if (result.ok) faultPoint(env, "webhook.afterDelivered");

  const step = claimed.step + 1;
  const attemptNo = claimed.attempt_count + 1;
  const at = Date.now();
  const gone = result.statusCode === 410;
  const delay = result.ok || gone ? null : nextDelayMs(step, result.statusCode === 429 || result.statusCode === 503 ? result.retryAfterS : null);
  const status = result.ok ? "succeeded" : delay === null ? "failed" : "pending";
  const nextAt = delay === null ? null : at + delay;
  const stmts = [
    env.DB.prepare(
      `INSERT INTO webhook_attempts (id, account_id, delivery_id, attempt, status_code, ok, duration_ms, response_body, error, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)`,
    ).bind(newId(), accountId, row.id, attemptNo, result.statusCode, result.ok ? 1 : 0, result.durationMs, result.responseBody, result.error, at),
    env.DB.prepare(
      `UPDATE webhook_deliveries SET status = ?1, step = ?2, attempt_count = ?3, next_attempt_at = ?4, lease_until = NULL,
         last_status_code = ?5, last_error = ?6, last_attempt_at = ?7, updated_at = ?7 WHERE id = ?8`,
    ).bind(status, step, attemptNo, nextAt, result.statusCode, result.error, at, row.id),
  ];
  if (gone) {
    stmts.push(
      env.DB.prepare(
        "UPDATE webhook_endpoints SET enabled = 0, disabled_reason = 'gone', disabled_at = ?1, updated_at = ?1 WHERE id = ?2 AND account_id = ?3 AND enabled = 1 RETURNING url",
      ).bind(at, row.endpoint_id, accountId),
    );
  }
  const results = await env.DB.batch<{ url: string }>(stmts);
  if (delay !== null) await enqueueDeliveries(env, accountId, [row.id], Math.min(MAX_QUEUE_DELAY_S, Math.ceil(delay / 1000)));
  if (gone && results[2]?.results[0]) {
    forgetWebhookSubscriptions(accountId);
    await mailOwnersEndpointGone(env, accountId, row.url).catch((error) => log.error("endpoint-gone mail failed", { error, accountId }));
  }
}

export const INTERRUPTED_ATTEMPT = "Отправка прервалась после запроса: неизвестно, получил ли адрес событие, поэтому само оно не повторялось. Отправьте его снова, если получатель его не видел (webhook-id тот же).";

/**
 * The row is `sending`: another delivery holds it. While its lease holds, this queue message comes
 * back after the lease (so a claim whose holder died is never left `sending`); once it has expired,
 * the holder died mid-attempt: whether the receiver got the event is unknown, so the delivery becomes
 * `uncertain` with the reason logged as its attempt, and it is not posted again by itself.
 */
async function settleInterrupted(env: Env, accountId: string, deliveryId: string, now: number): Promise<void> {
  const lease = await env.DB.prepare("SELECT lease_until FROM webhook_deliveries WHERE id = ?1 AND account_id = ?2 AND status = 'sending'")
    .bind(deliveryId, accountId)
    .first<{ lease_until: number | null }>();
  if (!lease) return;
  if ((lease.lease_until ?? 0) >= now) {
    await enqueueDeliveries(env, accountId, [deliveryId], Math.max(1, Math.ceil(((lease.lease_until ?? now) - now) / 1000) + 1));
    return;
  }
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO webhook_attempts (id, account_id, delivery_id, attempt, status_code, ok, duration_ms, response_body, error, created_at)
       SELECT ?1, ?2, id, attempt_count + 1, NULL, 0, 0, NULL, ?3, ?4 FROM webhook_deliveries WHERE id = ?5 AND account_id = ?2 AND status = 'sending' AND lease_until < ?4`,
    ).bind(newId(), accountId, INTERRUPTED_ATTEMPT, now, deliveryId),
    env.DB.prepare(
      `UPDATE webhook_deliveries SET status = 'uncertain', step = step + 1, attempt_count = attempt_count + 1, next_attempt_at = NULL, lease_until = NULL,
         last_status_code = NULL, last_error = ?1, last_attempt_at = ?2, updated_at = ?2 WHERE id = ?3 AND account_id = ?4 AND status = 'sending' AND lease_until < ?2`,
    ).bind(INTERRUPTED_ATTEMPT, now, deliveryId, accountId),
  ]);
}

/** One POST with the Standard Webhooks headers; never follows a redirect, never reads more than the excerpt. */
export async function attempt(env: Env, url: string, id: string, body: string, secrets: string[]): Promise<AttemptResult> {
  const started = Date.now();
  const check = checkWebhookUrl(url, env);
  if (!check.ok) return { ok: false, statusCode: null, durationMs: 0, responseBody: null, error: `Адрес отклонён: ${check.message}`, retryAfterS: null };
  const timestamp = Math.floor(started / 1000);
  let res: Response;
  try {
    res = await fetch(check.url.toString(), {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      headers: {
        "content-type": "application/json",
        "user-agent": "Assistly-Webhooks/1.0",
        "webhook-id": id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": await signatureHeader(secrets, id, timestamp, body),
      },
      body,
    });
  } catch (e) {
    const timeout = (e as Error)?.name === "TimeoutError" || (e as Error)?.name === "AbortError";
    return {
      ok: false,
      statusCode: null,
      durationMs: Date.now() - started,
      responseBody: null,
      error: timeout ? `Нет ответа за ${SEND_TIMEOUT_MS / 1000} с` : "Не удалось соединиться с адресом",
      retryAfterS: null,
    };
  }
  const responseBody = await readExcerpt(res);
  const durationMs = Date.now() - started;
  const ok = res.status >= 200 && res.status < 300;
  let error: string | null = null;
  if (res.status >= 300 && res.status < 400) error = "Адрес ответил переадресацией; переадресации не выполняются";
  else if (res.status === 410) error = "Адрес больше не существует (410); эндпоинт выключен";
  else if (!ok) error = `Адрес ответил кодом ${res.status}`;
  return { ok, statusCode: res.status, durationMs, responseBody, error, retryAfterS: parseRetryAfter(res.headers.get("retry-after")) };
}

async function readExcerpt(res: Response): Promise<string | null> {
  if (!res.body) return null;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPONSE_EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    /* a broken body still leaves what came */
  } finally {
    reader.cancel().catch(() => undefined);
  }
  const all = new Uint8Array(Math.min(size, RESPONSE_EXCERPT_BYTES));
  let off = 0;
  for (const c of chunks) {
    const part = c.subarray(0, all.length - off);
    all.set(part, off);
    off += part.length;
    if (off >= all.length) break;
  }
  return new TextDecoder().decode(all);
}

async function mailOwnersEndpointGone(env: Env, accountId: string, url: string) {
  const owners = await env.DB.prepare(
    "SELECT u.email, u.name, a.name AS account FROM members m JOIN users u ON u.id = m.user_id JOIN accounts a ON a.id = m.account_id WHERE m.account_id = ?1 AND m.role = 'owner'",
  )
    .bind(accountId)
    .all<{ email: string; name: string; account: string }>();
  const link = appUrl(env, `/${accountId}/account-settings?tab=webhook`);
  for (const o of owners.results) {
    await sendMail(env, {
      to: o.email,
      subject: `Вебхук отключён: ${url}`,
      text: [
        `Здравствуйте, ${o.name}!`,
        "",
        `Адрес ${url} аккаунта «${o.account}» сообщил, что больше не существует (ответ 410), поэтому мы выключили этот эндпоинт и больше не отправляем на него события.`,
        "",
        `Если адрес снова работает, включите эндпоинт в настройках аккаунта: ${link}`,
        "",
        `— ${env.APP_NAME}`,
      ].join("\n"),
    });
  }
}
