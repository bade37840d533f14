import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { getDb, schema } from "../../worker/db/client";
import { newId } from "../../worker/lib/ids";
import { tgCallbackUpdate, tgTextUpdate } from "../fakes/telegram";
import { connectTelegram, fakeRequests, tgBase, tgWebhook, waitFor } from "./channel-helpers";
import { api, ownerWithAccount } from "./helpers";

/** Flow graphs for the runtime's tests, written the way the editor saves them (contract.ts shapes). */
export type Cfg = Record<string, unknown>;
export const step = (id: string, stepType: string, cfg: Cfg = {}, name = id) => ({ flowStepId: id, name, stepType, flowConfig: { position: { x: 0, y: 0 }, ...cfg } });
export const link = (from: string, to: string, handle = "next") => ({ flowTransitionId: `${from}-${handle}-${to}`, fromStepId: from, toStepId: to, sourceHandle: handle });
export const graph = (steps: ReturnType<typeof step>[], transitions: ReturnType<typeof link>[]) => ({ steps, transitions });
export const keyword = (...keywords: string[]) => ({ type: "keyword", match: "exact", keywords, channels: [] });

/** A published flow (its version row and the flow pointing at it), as publishing leaves them. */
export async function publishFlow(accountId: string, name: string, g: unknown, opts: { flowId?: string; version?: number } = {}): Promise<string> {
  const db = getDb(env.DB);
  const flowId = opts.flowId ?? newId();
  const version = opts.version ?? 1;
  const now = Date.now();
  if (version === 1) {
    await db.insert(schema.flows).values({ id: flowId, accountId, name, nameSearch: name.toLowerCase(), status: "published", graph: g as never, revision: 1, publishedVersion: 1, publishedRevision: 1, createdAt: now, updatedAt: now });
  } else {
    await db.update(schema.flows).set({ graph: g as never, publishedVersion: version, updatedAt: now }).where(eq(schema.flows.id, flowId));
  }
  await db.insert(schema.flowVersions).values({ id: newId(), flowId, accountId, version, graph: g as never, publishedAt: now });
  return flowId;
}

let nextUpdate = 10_000;
let nextChat = 900_000;

/**
 * An account with a connected Telegram bot, and one customer chat of it; with `assistant`, the bot
 * has an assistant of that name (answering at once), whose id is `assistantId`.
 */
export async function tgSetup(timezone = "Europe/Moscow", opts: { assistant?: string } = {}) {
  const owner = await ownerWithAccount();
  const assistantId = opts.assistant
    ? ((await api("POST", `/accounts/${owner.accountId}/assistants`, { token: owner.token, body: { name: opts.assistant, instructions: "Отвечай кратко.", debounceSeconds: 0 } })).body.assistantId as string)
    : null;
  const tg = await connectTelegram(owner.token, owner.accountId, undefined, assistantId ? { assistantId } : {});
  await env.DB.prepare("UPDATE accounts SET timezone = ? WHERE id = ?").bind(timezone, owner.accountId).run();
  const chat = nextChat++;
  const say = async (text: string, updateId = nextUpdate++) => {
    const res = await tgWebhook(owner.accountId, tg.secret, tgTextUpdate(updateId, chat, text));
    if (res.status !== 200) throw new Error(`webhook ${res.status}`);
    return updateId;
  };
  const press = async (data: string, label: string) => {
    const res = await tgWebhook(owner.accountId, tg.secret, tgCallbackUpdate(nextUpdate++, chat, data, [[{ text: label, callback_data: data }]]));
    if (res.status !== 200) throw new Error(`webhook ${res.status}`);
  };
  /** What the fake Bot API was asked to send to this chat, in order. */
  const sent = async () => (await fakeRequests(tgBase(), (r) => r.path === `/bot${tg.bot}/sendMessage` && String(r.body.chat_id) === String(chat))).map((r) => r.body as { text: string; reply_markup?: any });
  const waitSent = (n: number, ms = 15_000) => waitFor(async () => ((await sent()).length >= n ? sent() : null), ms, `${n} sends`);
  const thread = () => env.DB.prepare("SELECT t.* FROM threads t JOIN contacts c ON c.id = t.contact_id WHERE t.account_id = ? AND c.platform_user_id = ?").bind(owner.accountId, String(chat)).first<Record<string, any>>();
  const run = async () => {
    const t = await thread();
    return t ? env.DB.prepare("SELECT * FROM flow_runs WHERE thread_id = ? ORDER BY started_at DESC LIMIT 1").bind(t.id).first<Record<string, any>>() : null;
  };
  const lines = async () => {
    const t = await thread();
    const rows = await env.DB.prepare("SELECT content, metadata FROM messages WHERE thread_id = ? AND direction = 'system' ORDER BY created_at, id").bind(t!.id).all<{ content: string; metadata: string }>();
    return rows.results.map((r) => ({ content: r.content, ...(JSON.parse(r.metadata) as Record<string, any>) }) as Record<string, any>);
  };
  return { ...owner, ...tg, assistantId, chat, say, press, sent, waitSent, thread, run, lines };
}
