import { expect } from "vitest";
import { api, env } from "./helpers";

/** Rows for the analytics tests, written straight into D1: the triggers keep the rollups, as they do for every writer. */
export const at = (iso: string) => Date.parse(iso);
let seq = 0;

export async function contactAndThread(accountId: string, channelId: string | null, opts: { test?: boolean; assistantId?: string } = {}) {
  const n = ++seq;
  const cid = `ac${n}${accountId.slice(0, 6)}`;
  const tid = `at${n}${accountId.slice(0, 6)}`;
  const t = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO contacts (id, account_id, platform, platform_user_id, name, search_text, custom_fields, facts, is_test_contact, first_seen_at, last_seen_at, created_at, updated_at) VALUES (?, ?, 'TELEGRAM', ?, ?, '', '{}', '[]', ?, ?, ?, ?, ?)",
    ).bind(cid, accountId, `u${n}`, `Клиент ${n}`, opts.test ? 1 : 0, t, t, t, t),
    env.DB.prepare(
      "INSERT INTO threads (id, account_id, contact_id, channel_id, assistant_id, kind, external_thread_id, status, gpt_status, is_gpt_active, unread_count, search_text, platform, is_test, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'dm', '', 'active', 'COMPLETED', 1, 0, '', 'TELEGRAM', ?, ?, ?)",
    ).bind(tid, accountId, cid, channelId, opts.assistantId ?? null, opts.test ? 1 : 0, t, t),
  ]);
  return { cid, tid };
}

/**
 * One message as its writer stores it: a customer's (`in`), the AI pipeline's answer (`ai`, its
 * metadata names the model: worker/ai/runner.ts), an operator's (`op`), a hand-off note, a flow's
 * scripted send (`flow`: the assistant's, metadata.flowId: worker/features/flows/runtime/commit.ts),
 * a booking reminder (`reminder`: the assistant's, worker/features/google-calendar/reminder.job.ts)
 * and a broadcast's send (`broadcast`: the operator's, metadata.broadcastId: worker/features/broadcasts/pump.ts).
 */
export type MessageKind = "in" | "ai" | "op" | "handoff" | "flow" | "reminder" | "broadcast";

export async function message(accountId: string, th: { cid: string; tid: string }, iso: string, kind: MessageKind, metadata: Record<string, unknown> = {}) {
  const dir = kind === "in" ? "incoming" : kind === "handoff" ? "system" : "outgoing";
  const sender = kind === "in" ? "contact" : kind === "handoff" ? "system" : kind === "op" || kind === "broadcast" ? "operator" : "assistant";
  const base: Record<MessageKind, Record<string, unknown>> = {
    in: {},
    ai: { model: "gpt-4.1-mini" },
    op: {},
    handoff: { event: "handoff" },
    flow: { flowId: "flow-analytics", flowStepId: "menu", runId: `fr${seq}` },
    reminder: { source: "booking-reminder", bookingId: `b${seq}` },
    broadcast: { broadcastId: "bc-analytics" },
  };
  const id = `am${++seq}`;
  await env.DB.prepare(
    "INSERT INTO messages (id, account_id, thread_id, contact_id, type, direction, content, metadata, sender_type, created_at, updated_at) VALUES (?, ?, ?, ?, 'text', ?, 'текст', ?, ?, ?, ?)",
  )
    .bind(id, accountId, th.tid, th.cid, dir, JSON.stringify({ ...base[kind], ...metadata }), sender, at(iso), at(iso))
    .run();
  return id;
}

export async function channel(accountId: string, platform: string, name: string) {
  const id = `ach${++seq}${accountId.slice(0, 6)}`;
  await env.DB.prepare("INSERT INTO channels (id, account_id, platform, external_id, name, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, '{}', 0, 0)")
    .bind(id, accountId, platform, id, name)
    .run();
  return id;
}

/**
 * Conversations on 5 April 2026 (UTC) that flows, a booking reminder and a broadcast take part in.
 * What counts (migration 0047): conversations 6; the AI's replies 3 (T1, T4, T5), the operators' 1
 * (T3; the broadcast is none); first responses: the AI's in 40 s (T1, after the flow's greeting),
 * 5 s (T4) and 5 s (T5), an operator's in 4 min (T3); T2 (a flow only) and T6 (a broadcast only)
 * have none; resolutions: the AI at 40 s, 5 s and 5 s (the reminder and the flow's late send are no
 * answers), an operator at 4 min; «Без оператора» 3 of 6 (T1, T4, T5).
 */
export async function repliesScenario(accountId: string) {
  const ch = await channel(accountId, "TELEGRAM", "Бот");
  const d = "2026-04-05";
  const t = async () => contactAndThread(accountId, ch);
  const [t1, t2, t3, t4, t5, t6] = [await t(), await t(), await t(), await t(), await t(), await t()];
  // T1: a keyword flow greets at once, the AI answers 40 s after the customer.
  await message(accountId, t1, `${d}T08:00:00Z`, "in");
  await message(accountId, t1, `${d}T08:00:01Z`, "flow");
  await message(accountId, t1, `${d}T08:00:40Z`, "ai");
  // T2: the greeting menu only; nobody answered.
  await message(accountId, t2, `${d}T09:00:00Z`, "in");
  await message(accountId, t2, `${d}T09:00:01Z`, "flow");
  // T3: a flow, then an operator after 4 minutes.
  await message(accountId, t3, `${d}T10:00:00Z`, "in");
  await message(accountId, t3, `${d}T10:00:01Z`, "flow");
  await message(accountId, t3, `${d}T10:04:00Z`, "op");
  // T4: the AI in 5 s; a booking reminder half an hour later.
  await message(accountId, t4, `${d}T11:00:00Z`, "in");
  await message(accountId, t4, `${d}T11:00:05Z`, "ai");
  await message(accountId, t4, `${d}T11:30:00Z`, "reminder");
  // T5: the AI in 5 s; a flow's send 20 minutes later.
  await message(accountId, t5, `${d}T12:00:00Z`, "in");
  await message(accountId, t5, `${d}T12:00:05Z`, "ai");
  await message(accountId, t5, `${d}T12:20:00Z`, "flow");
  // T6: the customer wrote; then a broadcast reached them.
  await message(accountId, t6, `${d}T13:00:00Z`, "in");
  await message(accountId, t6, `${d}T14:00:00Z`, "broadcast");
  return { day: d };
}

/** The figures of one day that the reply rule decides (migration 0047). */
export async function replyFigures(token: string, accountId: string, day: string) {
  const r = await api("GET", `/accounts/${accountId}/analytics?from=${day}&to=${day}`, { token });
  expect(r.status).toBe(200);
  const { firstResponse, resolution } = r.body.times;
  return {
    totals: r.body.totals,
    frtAi: firstResponse.ai.histogram.slice(0, 6),
    frtOperator: firstResponse.operator.histogram.slice(0, 6),
    resAi: resolution.ai.histogram.slice(0, 6),
    resOperator: resolution.operator.histogram.slice(0, 6),
  };
}
