import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import worker from "../../worker/index";
import { getDb, schema } from "../../worker/db/client";
import { ingestIncoming } from "../../worker/features/inbox/ingest";
import { newId } from "../../worker/lib/ids";
import { connectTelegram, fakeRequests, tgBase } from "./channel-helpers";
import { ownerWithAccount } from "./helpers";

/** Gives the account `recipients` of broadcast quota (a package granted by the platform, as the admin API does). */
export async function grantQuota(accountId: string, recipients: number) {
  const db = getDb(env.DB);
  const now = Date.now();
  const packageId = newId();
  await db.insert(schema.broadcastPackages).values({ id: packageId, name: `Пакет ${recipients}`, recipients, priceKopecks: 100, validityDays: 30, createdAt: now, updatedAt: now });
  await db.insert(schema.broadcastQuotaGrants).values({ id: newId(), accountId, packageId, recipients, expiresAt: now + 30 * 86_400_000, source: "admin", createdAt: now });
}

let chatSeq = 0;
/** Contacts who wrote to the channel (through the real ingest path), so they have a thread on it. */
export async function addContacts(accountId: string, channelId: string, n: number, opts: { platform?: "TELEGRAM" | "WHATSAPP" | "INSTAGRAM"; prefix?: string } = {}) {
  const platform = opts.platform ?? "TELEGRAM";
  const items = Array.from({ length: n }, () => {
    chatSeq++;
    const user = platform === "WHATSAPP" ? `7900${String(1000000 + chatSeq * 7 + Math.floor(Math.random() * 1000)).slice(-7)}@c.us` : String(800_000_000 + chatSeq * 1000 + Math.floor(Math.random() * 1000));
    return {
      accountId,
      channelId,
      platform,
      contact: { platformUserId: user, name: `${opts.prefix ?? "Клиент"} ${chatSeq}` },
      message: { type: "text" as const, direction: "incoming" as const, content: "Здравствуйте", dedupeKey: `bc:${accountId}:${user}:${Math.random()}` },
    };
  });
  const out: { contactId: string; platformUserId: string; threadId: string }[] = [];
  for (let i = 0; i < items.length; i += 50) {
    const res = await ingestIncoming(env, items.slice(i, i + 50));
    for (const r of res) if (r && !r.duplicate && r.rejected === undefined) out.push({ contactId: r.message.contactId, platformUserId: "", threadId: r.message.threadId });
  }
  const rows = await getDb(env.DB).select({ id: schema.contacts.id, puid: schema.contacts.platformUserId }).from(schema.contacts).where(eq(schema.contacts.accountId, accountId)).all();
  const byId = new Map(rows.map((r) => [r.id, r.puid]));
  for (const o of out) o.platformUserId = byId.get(o.contactId) ?? "";
  return out;
}

/**
 * Puts the account on a plan (hidden from the price list) whose period includes `recipients`
 * broadcast recipients, the rest as the trial's: broadcasts take those first, then packages.
 * `pricePerRecipient`: the plan's price of a recipient beyond it, in kopecks (the seeded plans have none).
 */
export async function setPlanRecipients(accountId: string, recipients: number, pricePerRecipient = 0) {
  const code = `bc-test-${recipients}-${pricePerRecipient}`;
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO plans (id, code, name, description, monthly_price_kopecks, yearly_price_kopecks, included, overage, active, sort_order, archived_at, created_at, updated_at)
     SELECT ?1, ?2, ?3, '', 0, 0, json_set(t.included, '$.broadcastRecipients', ?4), json_set(t.overage, '$.broadcastRecipients', ?6), 0, 99, ?5, ?5, ?5
     FROM plans t WHERE t.code = 'trial'
     ON CONFLICT (code) DO NOTHING`,
  )
    .bind(newId(), code, `Тест ${recipients}`, recipients, now, pricePerRecipient)
    .run();
  await env.DB.prepare("UPDATE subscriptions SET plan_id = (SELECT id FROM plans WHERE code = ?2) WHERE account_id = ?1").bind(accountId, code).run();
}

/**
 * An owner with an account, a connected (fake) Telegram bot, `contacts` contacts on it and `quota`
 * recipients in a package. `planRecipients`: what the plan's period includes (broadcasts take those
 * first) — a number, or "trial" for the trial's own (100); by default none when a package is given
 * (the suites that count a package's recipients), the trial's otherwise.
 */
export async function bcSetup(opts: { contacts?: number; quota?: number; planRecipients?: number | "trial" } = {}) {
  const owner = await ownerWithAccount();
  const plan = opts.planRecipients ?? (opts.quota ? 0 : "trial");
  if (plan !== "trial") await setPlanRecipients(owner.accountId, plan);
  const tg = await connectTelegram(owner.token, owner.accountId);
  const ch = await getDb(env.DB)
    .select()
    .from(schema.channels)
    .where(and(eq(schema.channels.accountId, owner.accountId), eq(schema.channels.platform, "TELEGRAM")))
    .get();
  const contacts = opts.contacts ? await addContacts(owner.accountId, ch!.id, opts.contacts) : [];
  if (opts.quota) await grantQuota(owner.accountId, opts.quota);
  return { ...owner, ...tg, channelId: ch!.id, contacts };
}

/** A valid create body for the setup's channel. */
export function bcBody(s: { channelId: string }, over: Record<string, unknown> = {}) {
  return {
    name: "Акция",
    channelId: s.channelId,
    audience: { filter: {} },
    content: { text: "Здравствуйте, {{name}}! Скидка 20%", buttons: [{ label: "Каталог", url: "https://shop.example/catalog" }] },
    ...over,
  };
}

/** The fake Telegram's sendMessage calls of a bot, counted per chat. */
export async function sendsPerChat(bot: string) {
  const calls = await fakeRequests(tgBase(), (r) => r.path === `/bot${bot}/sendMessage`);
  const per = new Map<string, number>();
  for (const c of calls) per.set(String(c.body.chat_id), (per.get(String(c.body.chat_id)) ?? 0) + 1);
  return { calls, per };
}

/** Runs the outbound consumer on the given queue bodies (as the queue would deliver them). */
export async function runOutboundBatch(bodies: { accountId: string; messageId: string }[], attempts = 1) {
  const batch = createMessageBatch(
    "assistly-outbound",
    bodies.map((b, i) => ({ id: `q-${b.messageId}-${attempts}-${i}`, timestamp: new Date(), attempts, body: { kind: "send", ...b } })),
  );
  const ctx = createExecutionContext();
  await worker.queue!(batch as MessageBatch<unknown>, env, ctx);
  return getQueueResult(batch, ctx);
}
