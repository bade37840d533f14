import { env } from "cloudflare:test";
import { api } from "./helpers";
import { createChannel } from "./inbox-helpers";

/** The fake YooKassa of tests/fakes/yookassa.ts: its control endpoints and what it received. */
export const ykUrl = () => (JSON.parse((env as unknown as { FAKE_URLS: string }).FAKE_URLS) as Record<string, string>).YOOKASSA_FAKE_URL!;

export async function ykControl(path: string, body: unknown = {}) {
  const r = await fetch(`${ykUrl()}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return r.json() as Promise<any>;
}

export async function ykRequests(filter: (r: { method: string; path: string; headers: Record<string, string>; body: any }) => boolean = () => true) {
  const r = await fetch(`${ykUrl()}/__requests`);
  return ((await r.json()) as { method: string; path: string; headers: Record<string, string>; body: any }[]).filter(filter);
}

export async function ykNotifications(providerPaymentId: string) {
  const r = await fetch(`${ykUrl()}/__notifications`);
  return ((await r.json()) as any[]).filter((n) => n.object?.id === providerPaymentId || n.object?.payment_id === providerPaymentId);
}

/** The provider's id of one of our payments. */
export async function providerIdOf(paymentId: string): Promise<string> {
  const r = await env.DB.prepare("SELECT provider_payment_id AS id FROM payments WHERE id = ?").bind(paymentId).first<{ id: string }>();
  return r!.id;
}

/** The payer presses "Оплатить" (or "Отклонить") on the fake's page; the notification is delivered to our webhook as YooKassa would. */
export async function payerActs(paymentId: string, action: "succeed" | "decline" = "succeed") {
  const pid = await providerIdOf(paymentId);
  await ykControl(`/__pay/${pid}`, { action });
  const [n] = (await ykNotifications(pid)).slice(-1);
  return { providerId: pid, notification: n };
}

export const deliver = (notification: unknown) => api("POST", "/webhooks/yookassa", { body: notification });

export async function ledgerRows(accountId: string) {
  return (await env.DB.prepare("SELECT type, amount_kopecks AS amount, key, metric, units FROM ledger_entries WHERE account_id = ? ORDER BY created_at, id").bind(accountId).all<{ type: string; amount: number; key: string; metric: string | null; units: number | null }>()).results;
}

export async function balanceAndSum(accountId: string) {
  const r = await env.DB.prepare(
    "SELECT coalesce((SELECT balance_kopecks FROM account_balances WHERE account_id = ?1), 0) AS balance, (SELECT coalesce(sum(amount_kopecks), 0) FROM ledger_entries WHERE account_id = ?1) AS sum, (SELECT count(*) FROM ledger_entries WHERE account_id = ?1) AS rows",
  )
    .bind(accountId)
    .first<{ balance: number; sum: number; rows: number }>();
  return r!;
}

/**
 * Usage of today for a metric, as the triggers would have counted it: the day's row (usage_daily) and,
 * for the units also kept per hour (messages, AI replies; what a period's usage is read from), the
 * current hour's total of the day's rows (usage_hourly has no channel or model).
 */
export async function setUsageToday(accountId: string, metric: string, quantity: number, dim = "") {
  await setUsageAt(accountId, Date.now(), metric, quantity, dim);
}

/** Usage at an instant's UTC day and hour (see setUsageToday). */
export async function setUsageAt(accountId: string, at: number, metric: string, quantity: number, dim = "") {
  const day = new Date(at).toISOString().slice(0, 10);
  await env.DB.prepare("INSERT INTO usage_daily (account_id, day, metric, dim, quantity) VALUES (?, ?, ?, ?, ?) ON CONFLICT (account_id, day, metric, dim) DO UPDATE SET quantity = excluded.quantity")
    .bind(accountId, day, metric, dim, quantity)
    .run();
  if (metric === "aiReplies" || metric === "messagesIn" || metric === "messagesOut")
    await env.DB.prepare(
      `INSERT INTO usage_hourly (account_id, hour, metric, quantity) VALUES (?1, ?2, ?3, (SELECT sum(quantity) FROM usage_daily WHERE account_id = ?1 AND day = ?4 AND metric = ?3))
       ON CONFLICT (account_id, hour, metric) DO UPDATE SET quantity = excluded.quantity`,
    )
      .bind(accountId, Math.floor(at / 3_600_000), metric, day)
      .run();
}

/**
 * A channel row of the account, connected (credentials and `state.connected`, as `isConnected` reads it)
 * or not (a row without credentials, as the demo's seeded channels and a disconnected channel are).
 */
export async function channelRow(accountId: string, platform: "TELEGRAM" | "WHATSAPP" | "INSTAGRAM", connected: boolean) {
  const id = await createChannel(accountId, { platform });
  if (connected) await env.DB.prepare(`UPDATE channels SET credentials = 'sealed', state = '{"connected":true}' WHERE id = ?`).bind(id).run();
  return id;
}

export const planId = async (code: string) => (await env.DB.prepare("SELECT id FROM plans WHERE code = ?").bind(code).first<{ id: string }>())!.id;
