import { and, desc, eq, sql } from "drizzle-orm";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { getDb, schema } from "../db/client";
import type { Assistant, AssistantRun } from "../db/schema/assistants";
import type { Contact, Message, Thread } from "../db/schema/inbox";
import type { Env } from "../env";
import { isInDowntime } from "../features/accounts/downtime";
import { settingsSchema } from "../features/accounts/accounts.schemas";
import { clearWaiting, publishSafe, setWaiting, type RoomEventInput } from "../features/inbox/realtime";
import { orderedId } from "../features/inbox/rows";
import { type MessageDto, previewOf, serializeContact, serializeMessage, threadSearchText } from "../features/inbox/serialize";
import { enqueueSend } from "../features/outbound/outbound";
import { createLogger } from "../lib/logger";
import { appUrl, sendMail } from "../lib/mail";
import { chatCompletion, LlmError, type ToolCall } from "./llm";
import { BUDGET, historyMessages, systemPrompt, withinBudget } from "./prompt";
import { executeTool, type ToolContext, toolSpecs } from "./tools";
import { addUsage, recordTokens, type TokenUsage } from "./usage";

/** Tool rounds per turn; then one last request without tools forces a text answer. */
export const MAX_TOOL_STEPS = 5;
/** A claimed run that has not finished after this long is considered crashed and may be taken over. */
export const LEASE_MS = 5 * 60_000;
/** Attempts of one run (deferred 429s, crashes) before it is settled as failed. */
export const MAX_ATTEMPTS = 5;
/** Longest reply we send (Telegram's limit is 4096). */
const MAX_REPLY_CHARS = 4000;

export type RunOutcome =
  | { status: "done"; runId: string; reply: MessageDto; handoff: boolean }
  | { status: "superseded" | "skipped"; runId: string; reason: string }
  /** Someone else holds the run: look again later. */
  | { status: "busy"; runId: string; retryInMs: number }
  /** Already settled earlier (redelivery). */
  | { status: "settled"; runId: string; previous: AssistantRun["status"] }
  | { status: "failed"; runId: string; error: string; systemMessage: MessageDto | null }
  /** The model asked us to wait longer than we sleep in-process: run again after `delaySeconds`. */
  | { status: "deferred"; runId: string; delaySeconds: number };

export interface RunOptions {
  /** Streams the reply text as it arrives (test chat). */
  onDelta?: (text: string) => void;
}

interface Loaded {
  run: AssistantRun;
  thread: Thread;
  contact: Contact;
  account: { id: string; name: string; timezone: string; downtime: Record<string, unknown>; settings: Record<string, unknown> };
  assistant: Assistant | null;
  channelEnabled: boolean;
  historyNewestFirst: Message[];
}

const log = (fields: Record<string, unknown>) => createLogger({ component: "assistant-runner", ...fields });

/** Takes the run if it is pending, or if its previous holder's lease ran out. */
async function claim(env: Env, runId: string, now: number): Promise<AssistantRun | null> {
  const row = await getDb(env.DB)
    .update(schema.assistantRuns)
    .set({ status: "running", claimedAt: now, attempts: sql`${schema.assistantRuns.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(schema.assistantRuns.id, runId),
        sql`(${schema.assistantRuns.status} = 'pending' OR (${schema.assistantRuns.status} = 'running' AND ${schema.assistantRuns.claimedAt} < ${now - LEASE_MS}))`,
      ),
    )
    .returning()
    .get();
  return row ?? null;
}

async function settle(env: Env, runId: string, status: AssistantRun["status"], extra: Partial<AssistantRun> = {}) {
  await getDb(env.DB)
    .update(schema.assistantRuns)
    .set({ status, updatedAt: Date.now(), ...extra })
    .where(eq(schema.assistantRuns.id, runId));
}

/** Gives the run back (deferred retry, crash): the next delivery claims it again. */
export async function release(env: Env, runId: string, error?: string) {
  await getDb(env.DB)
    .update(schema.assistantRuns)
    .set({ status: "pending", claimedAt: null, updatedAt: Date.now(), ...(error ? { error } : {}) })
    .where(and(eq(schema.assistantRuns.id, runId), eq(schema.assistantRuns.status, "running")));
}

/** One D1 round trip for everything a turn needs. */
async function load(env: Env, run: AssistantRun): Promise<Omit<Loaded, "run"> | null> {
  const db = getDb(env.DB);
  const assistantOf = sql`coalesce(
      (SELECT assistant_id FROM threads WHERE id = ${run.threadId} AND account_id = ${run.accountId}),
      (SELECT c.assistant_id FROM channels c JOIN threads t ON t.channel_id = c.id WHERE t.id = ${run.threadId} AND c.account_id = ${run.accountId}))`;
  const [threads, contacts, accounts, assistants, channel, history] = await db.batch([
    db.select().from(schema.threads).where(and(eq(schema.threads.id, run.threadId), eq(schema.threads.accountId, run.accountId))),
    db.select().from(schema.contacts).where(and(eq(schema.contacts.id, run.contactId), eq(schema.contacts.accountId, run.accountId))),
    db
      .select({ id: schema.accounts.id, name: schema.accounts.name, timezone: schema.accounts.timezone, downtime: schema.accounts.downtime, settings: schema.accounts.settings })
      .from(schema.accounts)
      .where(eq(schema.accounts.id, run.accountId)),
    db.select().from(schema.assistants).where(and(eq(schema.assistants.accountId, run.accountId), sql`${schema.assistants.id} = ${assistantOf}`)),
    db
      .select({ enabled: schema.channels.enabled })
      .from(schema.channels)
      .where(and(eq(schema.channels.accountId, run.accountId), sql`${schema.channels.id} = (SELECT channel_id FROM threads WHERE id = ${run.threadId})`)),
    db
      .select()
      .from(schema.messages)
      .where(and(eq(schema.messages.threadId, run.threadId), eq(schema.messages.accountId, run.accountId)))
      .orderBy(desc(schema.messages.createdAt), desc(schema.messages.id))
      .limit(BUDGET.historyMessages),
  ]);
  const thread = threads[0];
  const contact = contacts[0];
  const account = accounts[0];
  if (!thread || !contact || !account) return null;
  return {
    thread,
    contact,
    account,
    assistant: assistants[0] ?? null,
    channelEnabled: thread.channelId ? (channel[0]?.enabled ?? false) : true,
    historyNewestFirst: history,
  };
}

/** A newer incoming message of the thread has its own run: that one answers the whole burst. */
async function newerRunExists(env: Env, run: AssistantRun): Promise<boolean> {
  const row = await env.DB.prepare(
    `SELECT 1 AS x FROM assistant_runs WHERE thread_id = ? AND account_id = ? AND id != ?
       AND (trigger_at > ? OR (trigger_at = ? AND trigger_message_id > ?)) LIMIT 1`,
  )
    .bind(run.threadId, run.accountId, run.id, run.triggerAt, run.triggerAt, run.triggerMessageId)
    .first();
  return !!row;
}

interface NewMessage {
  type: Message["type"];
  direction: Message["direction"];
  content: string;
  senderType: Message["senderType"];
  metadata: Record<string, unknown>;
  dedupeKey: string;
  isSystem?: boolean;
  delivery?: "pending" | "sent" | null;
}

/**
 * Commits messages written by the assistant (or about it) and pushes them to the room.
 * `asLast` makes the last one the thread's preview (the reply); tool messages and notes don't.
 * Idempotent on dedupeKey: a message that already exists is returned as it is, not pushed again.
 */
async function appendMessages(env: Env, l: Pick<Loaded, "thread" | "contact">, items: NewMessage[], opts: { asLast?: boolean; extraThreadPatch?: Partial<Thread> } = {}) {
  const db = getDb(env.DB);
  const now = Date.now();
  const rows: Message[] = items.map((m) => ({
    id: orderedId(),
    accountId: l.thread.accountId,
    threadId: l.thread.id,
    contactId: l.contact.id,
    type: m.type,
    direction: m.direction,
    content: m.content,
    payloadUrl: null,
    fileName: null,
    mimeType: null,
    fileSize: null,
    isSystem: m.isSystem ?? m.direction === "system",
    isSent: m.delivery === "sent",
    isDelivered: false,
    isRead: false,
    deliveryStatus: m.delivery ?? null,
    metadata: m.metadata,
    senderType: m.senderType,
    senderUserId: null,
    platformMessageId: null,
    dedupeKey: m.dedupeKey,
    createdAt: now,
    updatedAt: now,
  }));
  const last = rows[rows.length - 1]!;
  const patch: Partial<Thread> = { ...opts.extraThreadPatch };
  if (opts.asLast) {
    const preview = previewOf(last);
    Object.assign(patch, {
      lastMessage: preview,
      lastMessageType: last.type,
      lastMessageAt: now,
      updatedAt: now,
      searchText: threadSearchText(l.contact, preview),
    });
  }
  const inserts = rows.map((r) => db.insert(schema.messages).values(r).onConflictDoNothing().returning());
  const threadUpdate = db
    .update(schema.threads)
    .set(Object.keys(patch).length ? patch : { updatedAt: sql`${schema.threads.updatedAt}` })
    .where(and(eq(schema.threads.id, l.thread.id), eq(schema.threads.accountId, l.thread.accountId)))
    .returning();
  const results = (await db.batch([inserts[0]!, ...inserts.slice(1), threadUpdate] as unknown as [typeof threadUpdate])) as unknown as unknown[][];
  const thread = ((results[results.length - 1] as Thread[])[0] ?? l.thread) as Thread;
  const inserted = results.slice(0, -1).map((r) => (r as Message[])[0] ?? null);
  const committed: Message[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (inserted[i]) committed.push(inserted[i]!);
    else {
      const existing = await db
        .select()
        .from(schema.messages)
        .where(and(eq(schema.messages.accountId, l.thread.accountId), eq(schema.messages.dedupeKey, rows[i]!.dedupeKey!)))
        .get();
      if (existing) committed.push(existing);
    }
  }
  const fresh = committed.filter((m) => inserted.some((x) => x?.id === m.id));
  const events: RoomEventInput[] = fresh.map((m) => ({ event: "message" as const, data: serializeMessage(m, l.contact, thread) }));
  if (fresh.length && (opts.asLast || opts.extraThreadPatch)) events.push({ event: "updateContact", data: serializeContact(l.contact, thread) });
  const pushedAt = events.length ? (await publishSafe(env, l.thread.accountId, events), Date.now()) : Date.now();
  l.thread = thread;
  return { messages: committed, thread, pushedAt };
}

async function notifyOperatorsByMail(env: Env, l: Loaded, subject: string, text: string) {
  const settings = settingsSchema.safeParse(l.account.settings ?? {});
  if (settings.success && !settings.data.notifications.emailOnHandoff) return;
  if (l.contact.isTestContact) return; // the tester is looking at the screen
  const rows = await env.DB.prepare(
    `SELECT u.email AS email FROM members m JOIN users u ON u.id = m.user_id WHERE m.account_id = ? AND m.role IN ('owner','admin','operator') LIMIT 20`,
  )
    .bind(l.account.id)
    .all<{ email: string }>();
  const link = appUrl(env, `/${l.account.id}/chat?contactId=${l.contact.id}`);
  await Promise.all(rows.results.map((r) => sendMail(env, { to: r.email, subject, text: `${text}\n\nОткрыть диалог: ${link}` }).catch(() => undefined)));
}

/** Hands the thread to the operators: AI off, a system note in the chat (the room notifies the operators), mail if enabled. */
async function handOff(env: Env, l: Loaded, reason: string, source: "tool" | "keyword") {
  const r = await appendMessages(
    env,
    l,
    [
      {
        type: "text",
        direction: "system",
        senderType: "system",
        content: `Ассистент передал диалог оператору. Причина: ${reason}`,
        metadata: { event: "handoff", reason, source, runId: l.run.id },
        dedupeKey: `ai-handoff:${l.run.id}`,
      },
    ],
    { extraThreadPatch: { isGptActive: false } },
  );
  await notifyOperatorsByMail(env, l, `Клиент ${l.contact.name || "без имени"} ждёт оператора`, `Ассистент передал диалог оператору. Причина: ${reason}`).catch((error) =>
    log({ runId: l.run.id }).warn("handoff mail failed", { error }),
  );
  return r;
}

function pendingCustomerText(historyNewestFirst: Message[]): string {
  const out: string[] = [];
  for (const m of historyNewestFirst) {
    if (m.direction === "incoming") out.push(m.content ?? "");
    else if (m.direction === "outgoing" && m.type === "text") break;
  }
  return out.reverse().join("\n");
}

/**
 * Runs one assistant turn for the run's thread: everything between claiming the run and settling it.
 * Safe to call any number of times for the same run (queue redelivery, watchdog): only the first
 * claim does the work, and the reply's dedupe key makes its commit happen once.
 */
export async function executeRun(env: Env, runId: string, opts: RunOptions = {}): Promise<RunOutcome> {
  const t0 = Date.now();
  const run = await claim(env, runId, t0);
  if (!run) {
    const row = await getDb(env.DB).select().from(schema.assistantRuns).where(eq(schema.assistantRuns.id, runId)).get();
    if (!row) return { status: "skipped", runId, reason: "unknown run" };
    if (row.status === "running") return { status: "busy", runId, retryInMs: Math.max(1000, (row.claimedAt ?? t0) + LEASE_MS - t0 + 1000) };
    return { status: "settled", runId, previous: row.status };
  }
  const timings: Record<string, number> = { claimedAt: t0, triggerAt: run.triggerAt };
  const [loaded, superseded, existingReply] = await Promise.all([
    load(env, run),
    newerRunExists(env, run),
    getDb(env.DB)
      .select()
      .from(schema.messages)
      .where(and(eq(schema.messages.accountId, run.accountId), eq(schema.messages.dedupeKey, `ai-reply:${run.id}`)))
      .get(),
  ]);
  if (!loaded) {
    await settle(env, runId, "skipped", { error: "thread or contact gone" });
    return { status: "skipped", runId, reason: "thread gone" };
  }
  const l: Loaded = { run, ...loaded };
  if (existingReply) {
    // A previous attempt committed the reply and died before settling: finish its bookkeeping only.
    await settle(env, runId, "done", { replyMessageId: existingReply.id });
    return { status: "done", runId, reply: serializeMessage(existingReply, l.contact, l.thread), handoff: false };
  }
  if (superseded) {
    await settle(env, runId, "superseded");
    return { status: "superseded", runId, reason: "a newer message of the burst answers" };
  }
  const skip = async (reason: string) => {
    await settle(env, runId, "skipped", { error: reason });
    return { status: "skipped" as const, runId, reason };
  };
  if (!l.thread.isGptActive) return skip("ai off");
  if (!l.assistant) return skip("no assistant");
  if (!l.assistant.isActive) return skip("assistant inactive");
  if (!l.channelEnabled) return skip("channel disabled");
  if (isInDowntime(l.account.downtime as never, l.account.timezone, new Date(t0))) return skip("downtime");
  const assistant = l.assistant;

  const waiting = setWaiting(env, run.accountId, run.threadId).catch((error) => log({ runId }).warn("setWaiting failed", { error }));
  const finishWaiting = async () => {
    await waiting;
    await clearWaiting(env, run.accountId, run.threadId).catch((error) => log({ runId }).warn("clearWaiting failed", { error }));
  };

  let usage: TokenUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  let requests = 0;
  try {
    // Keyword handoff: no model needed.
    const pending = pendingCustomerText(l.historyNewestFirst).toLowerCase();
    const keyword = assistant.handoffKeywords.find((k) => k && pending.includes(k.toLowerCase()));
    let handedOff = false;
    let replyText: string | null = null;
    if (keyword) {
      await handOff(env, l, `ключевое слово «${keyword}»`, "keyword");
      handedOff = true;
      replyText = assistant.handoffMessage.trim() || null;
    } else {
      const toolCtx: ToolContext = {
        env,
        accountId: run.accountId,
        threadId: run.threadId,
        contactId: run.contactId,
        assistantId: assistant.id,
        timezone: l.account.timezone,
        now: t0,
      };
      const messages: ChatCompletionMessageParam[] = [
        {
          role: "system",
          content: systemPrompt({
            assistant,
            accountName: l.account.name,
            timezone: l.account.timezone,
            now: t0,
            contact: { name: l.contact.name, platform: l.contact.platform, facts: l.contact.facts ?? [], phone: l.contact.phone },
          }),
        },
        ...historyMessages(withinBudget(l.historyNewestFirst)),
      ];
      const tools = toolSpecs(assistant.tools);
      for (let step = 0; ; step++) {
        const lastStep = step >= MAX_TOOL_STEPS;
        const r = await chatCompletion(
          env,
          {
            model: assistant.model,
            messages,
            tools,
            toolChoice: lastStep ? "none" : "auto",
            temperature: assistant.temperature,
            maxTokens: assistant.maxReplyTokens,
          },
          { onDelta: opts.onDelta, onRequest: (at) => (timings.firstRequestAt ??= at) },
        );
        requests++;
        usage = addUsage(usage, r.usage);
        timings.lastResponseAt = r.receivedAt;
        if (!r.toolCalls.length || lastStep) {
          replyText = r.content?.trim() || null;
          break;
        }
        await runToolStep(env, l, toolCtx, assistant, step, r.toolCalls, messages);
        if (toolCtx.handoff && !handedOff) {
          await handOff(env, l, toolCtx.handoff.reason, "tool");
          handedOff = true;
        }
      }
      if (!replyText && handedOff) replyText = assistant.handoffMessage.trim() || null;
    }

    if (!replyText) {
      if (handedOff) {
        await finishWaiting();
        await settle(env, runId, "done", { timings });
        await recordTokens(env, run.accountId, assistant.id, usage, requests, `run:${runId}`);
        return { status: "skipped", runId, reason: "handed off without a message" };
      }
      throw new LlmError("Модель вернула пустой ответ", undefined, false);
    }
    // A newer customer message arrived while we were thinking: its run answers everything.
    if (await newerRunExists(env, run)) {
      await finishWaiting();
      await settle(env, runId, "superseded", { timings });
      await recordTokens(env, run.accountId, assistant.id, usage, requests, `run:${runId}`);
      return { status: "superseded", runId, reason: "a newer message arrived during the turn" };
    }
    if (!handedOff) {
      const still = await env.DB.prepare("SELECT is_gpt_active AS on_ FROM threads WHERE id = ? AND account_id = ?").bind(run.threadId, run.accountId).first<{ on_: number }>();
      if (!still?.on_) {
        await finishWaiting();
        await settle(env, runId, "skipped", { error: "ai switched off during the turn", timings });
        await recordTokens(env, run.accountId, assistant.id, usage, requests, `run:${runId}`);
        return { status: "skipped", runId, reason: "ai off" };
      }
    }
    const toMessenger = !!l.thread.channelId && !l.contact.isTestContact;
    const committed = await appendMessages(
      env,
      l,
      [
        {
          type: "text",
          direction: "outgoing",
          senderType: "assistant",
          content: replyText.slice(0, MAX_REPLY_CHARS),
          metadata: { assistantId: assistant.id, runId, model: assistant.model },
          dedupeKey: `ai-reply:${runId}`,
          delivery: toMessenger ? "pending" : "sent",
        },
      ],
      { asLast: true },
    );
    const reply = committed.messages[0]!;
    timings.replyCommittedAt = Date.now();
    timings.pushedAt = committed.pushedAt;
    await Promise.all([
      toMessenger ? enqueueSend(env, { accountId: run.accountId, messageId: reply.id }) : Promise.resolve(),
      finishWaiting(),
      recordTokens(env, run.accountId, assistant.id, usage, requests, `run:${runId}`),
    ]);
    await settle(env, runId, "done", { replyMessageId: reply.id, timings });
    log({ runId, accountId: run.accountId }).info("assistant replied", { ms: Date.now() - t0, requests, tokens: usage.totalTokens, handoff: handedOff });
    return { status: "done", runId, reply: serializeMessage(reply, l.contact, committed.thread), handoff: handedOff };
  } catch (e) {
    if (requests > 0) await recordTokens(env, run.accountId, assistant.id, usage, requests, `run:${runId}`).catch(() => undefined);
    if (e instanceof LlmError && e.transient && e.retryAfterMs !== undefined && run.attempts < MAX_ATTEMPTS) {
      // The provider asked for a long pause: don't hold the worker, come back through the queue.
      await release(env, runId, e.message);
      await waiting;
      return { status: "deferred", runId, delaySeconds: Math.min(15 * 60, Math.ceil(e.retryAfterMs / 1000)) };
    }
    if (!(e instanceof LlmError) && run.attempts < MAX_ATTEMPTS) {
      // Our own fault (D1, room): let the caller retry the run.
      await release(env, runId, e instanceof Error ? e.message : String(e));
      await waiting;
      throw e;
    }
    const reason = e instanceof Error ? e.message : String(e);
    return fail(env, l, reason, finishWaiting);
  }
}

async function runToolStep(env: Env, l: Loaded, ctx: ToolContext, assistant: Assistant, step: number, calls: ToolCall[], messages: ChatCompletionMessageParam[]) {
  const normalized = calls.map((c, i) => ({ ...c, id: c.id || `call_${l.run.id}_${step}_${i}` }));
  messages.push({ role: "assistant", content: null, tool_calls: normalized.map((c) => ({ id: c.id, type: "function", function: c.function })) });
  const outcomes: Awaited<ReturnType<typeof executeTool>>[] = [];
  for (const c of normalized) outcomes.push(await executeTool(ctx, assistant.tools, c.function.name, c.function.arguments));
  const items: NewMessage[] = [];
  normalized.forEach((c) => {
    items.push({
      type: "tool_call",
      direction: "outgoing",
      senderType: "assistant",
      content: c.function.name,
      metadata: { tool_calls: [{ id: c.id, type: "function", function: { name: c.function.name, arguments: c.function.arguments } }], step, runId: l.run.id },
      dedupeKey: `ai-call:${l.run.id}:${l.run.attempts}:${step}:${c.id}`,
    });
  });
  normalized.forEach((c, i) => {
    const content = JSON.stringify(outcomes[i]!.result);
    messages.push({ role: "tool", tool_call_id: c.id, content });
    items.push({
      type: "tool_result",
      direction: "outgoing",
      senderType: "assistant",
      content,
      metadata: { tool_call_id: c.id, name: c.function.name, ok: outcomes[i]!.ok, step, runId: l.run.id },
      dedupeKey: `ai-result:${l.run.id}:${l.run.attempts}:${step}:${c.id}`,
    });
  });
  await appendMessages(env, l, items);
  if (ctx.contactChanged) {
    ctx.contactChanged = false;
    const contact = await getDb(env.DB).select().from(schema.contacts).where(and(eq(schema.contacts.id, l.contact.id), eq(schema.contacts.accountId, l.contact.accountId))).get();
    if (contact) l.contact = contact;
  }
}

/** Permanent failure: no reply; a system note in the thread tells the operators (room + mail). */
async function fail(env: Env, l: Loaded, reason: string, finishWaiting: () => Promise<void>): Promise<RunOutcome> {
  let note: MessageDto | null = null;
  try {
    const r = await appendMessages(env, l, [
      {
        type: "text",
        direction: "system",
        senderType: "system",
        content: `Ассистент не смог ответить клиенту: ${reason}. Ответьте, пожалуйста, вручную.`,
        metadata: { event: "ai_error", reason, runId: l.run.id },
        dedupeKey: `ai-error:${l.run.id}`,
      },
    ]);
    note = serializeMessage(r.messages[0]!, l.contact, r.thread);
    await notifyOperatorsByMail(env, l, `Ассистент не ответил клиенту ${l.contact.name || ""}`.trim(), `Ассистент не смог ответить: ${reason}`).catch(() => undefined);
  } finally {
    await finishWaiting();
    await settle(env, l.run.id, "failed", { error: reason.slice(0, 1000) });
  }
  log({ runId: l.run.id, accountId: l.run.accountId }).warn("assistant failed", { reason });
  return { status: "failed", runId: l.run.id, error: reason, systemMessage: note };
}

/** Settles a run that ran out of attempts outside executeRun (queue gave up): the same system note. */
export async function failRun(env: Env, runId: string, reason: string): Promise<void> {
  const run = await getDb(env.DB).select().from(schema.assistantRuns).where(eq(schema.assistantRuns.id, runId)).get();
  if (!run || run.status === "done" || run.status === "failed") return;
  const loaded = await load(env, run);
  if (!loaded) return settle(env, runId, "failed", { error: reason });
  await fail(env, { run, ...loaded }, reason, () => clearWaiting(env, run.accountId, run.threadId).catch(() => undefined));
}
