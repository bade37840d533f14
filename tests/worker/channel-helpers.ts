import { env, SELF } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { getDb, schema } from "../../worker/db/client";
import { api, BASE } from "./helpers";

/** Shared helpers of the channel tests: the fakes' control endpoints, webhook calls, polling. */
export const fakes = () => JSON.parse((env as unknown as { FAKE_URLS: string }).FAKE_URLS) as Record<string, string>;
export const tgBase = () => fakes().TELEGRAM_API_BASE!;
export const greenBase = () => fakes().GREEN_API_BASE!;
export const metaBase = () => fakes().META_GRAPH_BASE!;

export interface FakeReq {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: any;
  rawBody: string;
  at: number;
}

export async function fakeRequests(base: string, filter?: (r: FakeReq) => boolean): Promise<FakeReq[]> {
  const all = (await (await fetch(`${base}/__requests`)).json()) as FakeReq[];
  return filter ? all.filter(filter) : all;
}

export async function fakeScript(base: string, items: { match?: string; status: number; body: unknown; headers?: Record<string, string>; times?: number; reset?: boolean }[]) {
  await fetch(`${base}/__script`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(items) });
}

export async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, ms = 10_000, what = "condition"): Promise<T> {
  const until = Date.now() + ms;
  let last: T | null | undefined | false;
  while (Date.now() < until) {
    last = await fn();
    if (last) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timeout waiting for ${what}`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let botSeq = 0;
/** A syntactically valid, unique bot token (the fake derives the bot id from it). */
export function botToken(prefix = "") {
  botSeq++;
  const id = `${7000000 + Math.floor(Math.random() * 1_000_000)}${botSeq}`;
  return `${id}:${prefix}AAH${Math.random().toString(36).slice(2)}abcdefghijklmnopqrstu`;
}

/** Connects Telegram through the API and returns the secret the fake received with setWebhook. */
export async function connectTelegram(token: string, accountId: string, bot = botToken(), extra: Record<string, unknown> = {}) {
  const res = await api("PUT", `/accounts/${accountId}/platform-telegram`, { token, body: { botToken: bot, ...extra } });
  if (res.status !== 200) throw new Error(`connect telegram: ${res.status} ${JSON.stringify(res.body)}`);
  const sets = await fakeRequests(tgBase(), (r) => r.path === `/bot${bot}/setWebhook`);
  const secret = sets[sets.length - 1]!.body.secret_token as string;
  return { bot, botId: bot.split(":")[0]!, secret, state: res.body };
}

export async function tgWebhook(accountId: string, secret: string | null, update: unknown) {
  return SELF.fetch(`${BASE}/api/webhooks/telegram/${accountId}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(secret !== null ? { "x-telegram-bot-api-secret-token": secret } : {}) },
    body: typeof update === "string" ? update : JSON.stringify(update),
  });
}

/** Creates a WhatsApp instance through the partner API of the fake; returns the webhook token it was given. */
export async function connectWhatsapp(token: string, accountId: string) {
  const res = await api("POST", `/accounts/${accountId}/platform-whatsapp/create-instance`, { token, body: {} });
  if (res.status !== 201) throw new Error(`create instance: ${res.status} ${JSON.stringify(res.body)}`);
  const idInstance = res.body.idInstance as string;
  const sets = await fakeRequests(greenBase(), (r) => r.path.startsWith(`/waInstance${idInstance}/setSettings/`));
  return { idInstance, webhookToken: sets[sets.length - 1]!.body.webhookUrlToken as string, settings: res.body, apiToken: sets[0]!.path.split("/").pop()! };
}

export async function waWebhook(accountId: string, bearer: string | null, body: unknown) {
  return SELF.fetch(`${BASE}/api/webhooks/whatsapp/${accountId}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(bearer !== null ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
}

export async function threadMessages(accountId: string, threadId?: string) {
  const db = getDb(env.DB);
  return db
    .select()
    .from(schema.messages)
    .where(and(eq(schema.messages.accountId, accountId), threadId ? eq(schema.messages.threadId, threadId) : undefined))
    .orderBy(asc(schema.messages.createdAt), asc(schema.messages.id))
    .all();
}

export async function countMessages(accountId: string) {
  const r = await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE account_id = ?").bind(accountId).first<{ n: number }>();
  return r!.n;
}

/** A platform administrator (ADMIN_EMAILS of the test config). */
export async function adminToken(): Promise<string> {
  const reg = await api("POST", "/auth/register", { body: { email: "root@admin.test", password: "password123", name: "Root" } });
  if (reg.status === 201) return reg.body.accessToken;
  const login = await api("POST", "/auth/login", { body: { email: "root@admin.test", password: "password123" } });
  if (login.status !== 200) throw new Error(`admin login ${login.status} ${JSON.stringify(login.body)}`);
  return login.body.accessToken;
}
