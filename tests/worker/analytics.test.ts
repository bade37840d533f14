import { beforeAll, describe, expect, it } from "vitest";
import { at, channel, contactAndThread, message, repliesScenario, replyFigures } from "./analytics-helpers";
import { bcBody, bcSetup } from "./broadcast-helpers";
import { fakeScript, tgBase, waitFor } from "./channel-helpers";
import { graph, keyword, link, publishFlow, step, tgSetup } from "./flow-helpers";
import { addMember, api, env, ownerWithAccount } from "./helpers";

/**
 * Analytics against a seeded set of messages with known answers. Rows go straight into D1 (the
 * triggers keep the rollups, as they do for every writer); the figures are read through the API.
 * The account is in Moscow (UTC+3): 20:30 UTC on 10 March is 23:30 there, 21:30 UTC is already 11 March.
 */

describe("analytics figures", () => {
  let owner: Awaited<ReturnType<typeof ownerWithAccount>>;
  let ch1: string;
  let ch2: string;
  const assistantId = "asstanalytics01";

  beforeAll(async () => {
    owner = await ownerWithAccount("Аналитик");
    const a = owner.accountId;
    await env.DB.prepare("UPDATE accounts SET timezone = 'Europe/Moscow' WHERE id = ?").bind(a).run();
    await env.DB.prepare(
      "INSERT INTO assistants (id, account_id, name, model, instructions, greeting, temperature, max_reply_tokens, language, knowledge, tools, debounce_seconds, handoff_keywords, handoff_message, is_active, created_at, updated_at) VALUES (?, ?, 'Ассистент', 'gpt-4.1-mini', '', '', 0.4, 400, 'ru', '', '[]', 0, '[]', '', 1, 0, 0)",
    )
      .bind(assistantId, a)
      .run();
    ch1 = await channel(a, "TELEGRAM", "Бот магазина");
    ch2 = await channel(a, "WHATSAPP", "WhatsApp");
    const t1 = await contactAndThread(a, ch1, { assistantId });
    const t2 = await contactAndThread(a, ch1, { assistantId });
    const t3 = await contactAndThread(a, ch2);
    const test = await contactAndThread(a, null, { test: true, assistantId });
    // T1: the AI alone, on 10 March (Moscow): first answer in 20 s, the last one 11 minutes after the start.
    await message(a, t1, "2026-03-10T20:30:00Z", "in");
    await message(a, t1, "2026-03-10T20:30:20Z", "ai");
    await message(a, t1, "2026-03-10T20:40:00Z", "in");
    await message(a, t1, "2026-03-10T20:41:00Z", "ai");
    // T2: 11 March in Moscow (10 March in UTC): the AI in 5 s, handed off, an operator finishes at 10 minutes.
    await message(a, t2, "2026-03-10T21:30:00Z", "in");
    await message(a, t2, "2026-03-10T21:30:05Z", "ai");
    await message(a, t2, "2026-03-10T21:31:00Z", "handoff");
    await message(a, t2, "2026-03-10T21:40:00Z", "op");
    // T3 (WhatsApp): an operator only, in 3 minutes; then a broadcast (per state: 1 sent, 3 delivered, 5 read) and its reply.
    await message(a, t3, "2026-03-11T09:00:00Z", "in");
    await message(a, t3, "2026-03-11T09:03:00Z", "op");
    await env.DB.prepare(
      "INSERT INTO broadcasts (id, account_id, name, channel_id, status, audience, message, pacing, total, sent, delivered, read, started_at, created_at, updated_at) VALUES ('bcanalytics1', ?, 'Весенняя акция', ?, 'completed', '{}', '{}', '{}', 10, 1, 3, 5, ?, ?, ?)",
    )
      .bind(a, ch2, at("2026-03-11T11:00:00Z"), at("2026-03-11T11:00:00Z"), at("2026-03-11T11:00:00Z"))
      .run();
    await message(a, t3, "2026-03-11T12:00:00Z", "op", { broadcastId: "bcanalytics1" });
    await message(a, t3, "2026-03-11T12:05:00Z", "in");
    await message(a, t3, "2026-03-11T12:06:00Z", "in");
    // T1 again two days later: a new conversation on 12 March.
    await message(a, t1, "2026-03-12T10:00:00Z", "in");
    // A test chat counts nowhere.
    await message(a, test, "2026-03-11T10:00:00Z", "in");
    await message(a, test, "2026-03-11T10:00:02Z", "ai");
    // Tokens of a run on T1.
    await env.DB.batch([
      env.DB.prepare("INSERT INTO assistant_runs (id, account_id, thread_id, contact_id, trigger_message_id, trigger_at, assistant_id, status, attempts, created_at, updated_at) VALUES ('runanalytics1', ?, ?, ?, 'trg-analytics-1', 0, ?, 'done', 1, 0, 0)").bind(a, t1.tid, t1.cid, assistantId),
      env.DB.prepare("INSERT INTO usage_events (id, account_id, kind, quantity, day, ref, meta, created_at) VALUES ('evanalytics1', ?, 'ai_tokens', 1200, '2026-03-10', 'run:runanalytics1', ?, ?)").bind(
        a,
        JSON.stringify({ assistantId, promptTokens: 1000, completionTokens: 200, requests: 2 }),
        at("2026-03-10T20:30:20Z"),
      ),
    ]);
  });

  it("sums hours into the account's local days (across the UTC day boundary)", async () => {
    const r = await api("GET", `/accounts/${owner.accountId}/analytics?from=2026-03-10&to=2026-03-12`, { token: owner.token });
    expect(r.status).toBe(200);
    const day = (d: string) => r.body.daily.find((x: { day: string }) => x.day === d);
    expect(r.body.range).toMatchObject({ from: "2026-03-10", to: "2026-03-12", timezone: "Europe/Moscow", days: ["2026-03-10", "2026-03-11", "2026-03-12"] });
    expect(day("2026-03-10")).toMatchObject({ conversations: 1, messagesIn: 2, messagesOut: 2, aiReplies: 2, operatorReplies: 0, handoffs: 0, aiOnly: 1 });
    // The broadcast's send is a message out, not an operator's reply (the pump writes it as the operator's).
    expect(day("2026-03-11")).toMatchObject({ conversations: 2, messagesIn: 4, messagesOut: 4, aiReplies: 1, operatorReplies: 2, handoffs: 1, aiOnly: 0 });
    expect(day("2026-03-12")).toMatchObject({ conversations: 1, messagesIn: 1, messagesOut: 0 });
    expect(day("2026-03-11").byChannel).toEqual({ [ch1]: { conversations: 1, messages: 3 }, [ch2]: { conversations: 1, messages: 5 } });
    expect(r.body.totals).toMatchObject({ conversations: 4, aiOnly: 1, aiOnlyShare: 25, handoffs: 1 });
    // In UTC both T1 and T2 started on 10 March.
    await env.DB.prepare("UPDATE accounts SET timezone = 'UTC' WHERE id = ?").bind(owner.accountId).run();
    const utc = await api("GET", `/accounts/${owner.accountId}/analytics?from=2026-03-10&to=2026-03-12`, { token: owner.token });
    await env.DB.prepare("UPDATE accounts SET timezone = 'Europe/Moscow' WHERE id = ?").bind(owner.accountId).run();
    expect(utc.body.daily[0]).toMatchObject({ day: "2026-03-10", conversations: 2, aiReplies: 3, handoffs: 1 });
    expect(utc.body.daily[1]).toMatchObject({ day: "2026-03-11", conversations: 1 });
  });

  it("gives first-response and resolution percentiles, tokens and cost, broadcasts and statuses", async () => {
    const r = await api("GET", `/accounts/${owner.accountId}/analytics?from=2026-03-10&to=2026-03-12`, { token: owner.token });
    const { firstResponse, resolution } = r.body.times;
    // Bucket upper bounds: the AI answered in 20 s and 5 s, an operator first in 3 min.
    expect(firstResponse.ai).toMatchObject({ count: 2, p50Ms: 10_000, p90Ms: 30_000 });
    expect(firstResponse.operator).toMatchObject({ count: 1, p50Ms: 300_000, p90Ms: 300_000 });
    // Resolution (start → last answer): T1 by the AI at 11 min; T2 at 10 min and T3 at 3 min by operators (the broadcast is no answer).
    expect(resolution.ai).toMatchObject({ count: 1, p50Ms: 900_000 });
    expect(resolution.operator).toMatchObject({ count: 2, p50Ms: 300_000, p90Ms: 600_000 });
    expect(r.body.models).toEqual([{ model: "gpt-4.1-mini", requests: 2, tokensIn: 1000, tokensOut: 200, costKopecks: 6 }]);
    expect(r.body.broadcasts).toEqual([expect.objectContaining({ id: "bcanalytics1", name: "Весенняя акция", sent: 9, delivered: 8, read: 5, replied: 1 })]);
    expect(r.body.statuses).toEqual([{ status: "active", count: 3 }]);
  });

  it("filters by channel and assistant", async () => {
    const wa = await api("GET", `/accounts/${owner.accountId}/analytics?from=2026-03-10&to=2026-03-12&channel=${ch2}`, { token: owner.token });
    expect(wa.body.totals).toMatchObject({ conversations: 1, messagesIn: 3, operatorReplies: 1, aiReplies: 0 });
    expect(wa.body.times.firstResponse.ai.count).toBe(0);
    const asst = await api("GET", `/accounts/${owner.accountId}/analytics?from=2026-03-10&to=2026-03-12&assistantId=${assistantId}`, { token: owner.token });
    expect(asst.body.totals).toMatchObject({ conversations: 3, aiReplies: 3 });
  });

  it("closing a thread ends its conversation; the next message opens another", async () => {
    const a = owner.accountId;
    const th = await contactAndThread(a, ch1);
    await message(a, th, "2026-03-12T12:00:00Z", "in");
    await env.DB.prepare("UPDATE threads SET status = 'closed' WHERE id = ?").bind(th.tid).run();
    await message(a, th, "2026-03-12T13:00:00Z", "in");
    await message(a, th, "2026-03-12T13:00:40Z", "op");
    const r = await api("GET", `/accounts/${a}/analytics?from=2026-03-12&to=2026-03-12`, { token: owner.token });
    expect(r.body.totals.conversations).toBe(3);
    expect(r.body.times.firstResponse.operator).toMatchObject({ count: 1, p50Ms: 60_000 });
  });

  it("exports every table as CSV, and refuses a bad range with a sentence", async () => {
    const csv = await api("GET", `/accounts/${owner.accountId}/analytics/export?table=daily&from=2026-03-10&to=2026-03-12`, { token: owner.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = String(csv.body).replace(/^\uFEFF/, "").trim().split("\r\n");
    // Russian Excel's CSV: `;`, days «ДД.ММ.ГГГГ», decimal commas (lib/spreadsheet's rules, as the other exports).
    expect(lines[0]).toBe("День;Диалоги;Входящие;Исходящие;Ответы ИИ;Ответы операторов;Передачи оператору;Только ИИ");
    expect(lines[2]).toBe("11.03.2026;2;4;4;1;2;1;0");
    for (const table of ["channels", "replies", "times", "statuses", "models", "broadcasts", "flows"]) {
      const r = await api("GET", `/accounts/${owner.accountId}/analytics/export?table=${table}&from=2026-03-10&to=2026-03-12`, { token: owner.token });
      expect(r.status, table).toBe(200);
    }
    const models = await api("GET", `/accounts/${owner.accountId}/analytics/export?table=models&from=2026-03-10&to=2026-03-12`, { token: owner.token });
    expect(String(models.body)).toContain('gpt-4.1-mini;2;1000;200;"0,06"');
    const bad = await api("GET", `/accounts/${owner.accountId}/analytics?from=2026-03-12&to=2026-03-10`, { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields.from).toEqual(["Начало периода позже его конца"]);
  });

  it("operators read analytics; another account's figures stay apart", async () => {
    const op = await addMember(owner.token, owner.accountId, "operator", "Оператор");
    const r = await api("GET", `/accounts/${owner.accountId}/analytics?from=2026-03-10&to=2026-03-12`, { token: op.token });
    expect(r.status).toBe(200);
    expect(r.body.totals.conversations).toBe(6);
    const other = await ownerWithAccount("Другой");
    const o = await api("GET", `/accounts/${other.accountId}/analytics?from=2026-03-10&to=2026-03-12`, { token: other.token });
    expect(o.body.totals.conversations).toBe(0);
    expect((await api("GET", `/accounts/${owner.accountId}/analytics`, { token: other.token })).status).toBe(404);
  });
});

describe("control panel", () => {
  it("compares today with yesterday, lists the waiting threads and the channels' health", async () => {
    const owner = await ownerWithAccount("Панель");
    const a = owner.accountId;
    await env.DB.prepare("UPDATE accounts SET timezone = 'UTC' WHERE id = ?").bind(a).run();
    const ch = await channel(a, "WHATSAPP", "Салон WhatsApp");
    await env.DB.prepare(`UPDATE channels SET credentials = 'x', state = '{"connected":true,"stateInstance":"notAuthorized"}' WHERE id = ?`).bind(ch).run();
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const yesterday = new Date(now - 86_400_000).toISOString().slice(0, 10);
    const t1 = await contactAndThread(a, ch);
    const t2 = await contactAndThread(a, ch);
    const t3 = await contactAndThread(a, ch);
    await message(a, t1, `${yesterday}T10:00:00Z`, "in");
    await message(a, t1, `${yesterday}T10:00:50Z`, "ai");
    await message(a, t2, `${yesterday}T11:00:00Z`, "in");
    await message(a, t2, `${yesterday}T11:00:20Z`, "ai");
    const start = Math.max(Date.parse(`${today}T00:00:00Z`), now - 3_600_000);
    await message(a, t3, new Date(start).toISOString(), "in");
    await message(a, t3, new Date(start + 3000).toISOString(), "ai");
    await message(a, t3, new Date(start + 4000).toISOString(), "handoff");
    await env.DB.prepare("UPDATE threads SET status = 'pending' WHERE id = ?").bind(t3.tid).run();
    const r = await api("GET", `/accounts/${a}/dashboard`, { token: owner.token });
    expect(r.status).toBe(200);
    expect(r.body.today).toMatchObject({ day: today, conversations: 1, aiReplies: 1, handoffs: 1, waiting: 1, firstResponseP50Ms: 10_000 });
    expect(r.body.yesterday).toMatchObject({ day: yesterday, conversations: 2, aiReplies: 2, firstResponseP50Ms: 30_000 });
    expect(r.body.waiting).toEqual([expect.objectContaining({ threadId: t3.tid, contactId: t3.cid, channelName: "Салон WhatsApp" })]);
    expect(r.body.channels).toEqual([expect.objectContaining({ id: ch, connected: true, whatsappState: "notAuthorized", health: "error" })]);
    expect(r.body.billing).toMatchObject({ planName: "Пробный", balanceKopecks: 0 });
    const op = await addMember(owner.token, a, "operator", "Оператор");
    const asOp = await api("GET", `/accounts/${a}/dashboard`, { token: op.token });
    expect(asOp.status).toBe(200);
    expect(asOp.body.billing).toBeNull();
    expect(asOp.body.waiting).toHaveLength(1);
  });
});

describe("one AI reply per turn, counted alike by analytics and billing", () => {
  it("counts the model's answers once (a card's photo, tool calls, a flow's sends and booking reminders are not AI replies)", async () => {
    const owner = await ownerWithAccount("Один ответ ИИ");
    const a = owner.accountId;
    await env.DB.prepare("UPDATE accounts SET timezone = 'UTC' WHERE id = ?").bind(a).run();
    const ch = await channel(a, "TELEGRAM", "Бот");
    const th = await contactAndThread(a, ch);
    const day = "2026-04-02";
    const ai = { assistantId: "asst1", model: "gpt-4.1-mini" };
    const rows: [type: string, direction: string, sender: string, metadata: Record<string, unknown>, dedupeKey: string | null][] = [
      ["text", "incoming", "contact", {}, null],
      // Turn 1: a tool call and its result, then the answer.
      ["tool_call", "outgoing", "assistant", { runId: "r1", step: 0 }, "ai-call:r1"],
      ["tool_result", "outgoing", "assistant", { runId: "r1", step: 0 }, "ai-result:r1"],
      ["text", "outgoing", "assistant", { ...ai, runId: "r1" }, "ai-reply:r1"],
      // Turn 2: a product card in two parts (the photo, then the answer's text).
      ["image", "outgoing", "assistant", { ...ai, runId: "r2", productCard: { productId: "p1" } }, "ai-reply:r2:card"],
      ["text", "outgoing", "assistant", { ...ai, runId: "r2", productCard: { productId: "p1" } }, "ai-reply:r2"],
      // Turn 3: a card on Telegram as one photo with the answer as its caption.
      ["image", "outgoing", "assistant", { ...ai, runId: "r3", productCard: { productId: "p1" } }, "ai-reply:r3"],
      // A flow's scripted message and a booking reminder: messages out, not the AI's.
      ["text", "outgoing", "assistant", { flowId: "f1", flowStepId: "s1", runId: "fr1" }, "flow:fr1:0"],
      ["text", "outgoing", "assistant", { source: "booking-reminder", bookingId: "b1" }, "booking-reminder:b1"],
    ];
    let i = 0;
    for (const [type, direction, sender, metadata, dedupeKey] of rows) {
      const t = at(`${day}T10:00:${String(i).padStart(2, "0")}Z`);
      await env.DB.prepare(
        "INSERT INTO messages (id, account_id, thread_id, contact_id, type, direction, content, metadata, sender_type, dedupe_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'текст', ?, ?, ?, ?, ?)",
      )
        .bind(`${a.slice(0, 8)}turn${i++}`, a, th.tid, th.cid, type, direction, JSON.stringify(metadata), sender, dedupeKey, t, t)
        .run();
    }
    const r = await api("GET", `/accounts/${a}/analytics?from=${day}&to=${day}`, { token: owner.token });
    expect(r.body.totals).toMatchObject({ messagesIn: 1, messagesOut: 6, aiReplies: 3 });
    const u = await api("GET", `/accounts/${a}/usage?from=${day}&to=${day}`, { token: owner.token });
    expect(u.status).toBe(200);
    expect(u.body.days.find((d: { day: string }) => d.day === day)).toMatchObject({ aiReplies: 3, messagesOut: 6, messagesIn: 1 });
  });
});

describe("replies: a broadcast's sends, a flow's messages and booking reminders are none", () => {
  it("they are messages out, not the operators' or the AI's replies, first responses, resolutions or «Без оператора»", async () => {
    const owner = await ownerWithAccount("Ответы по правилу");
    await env.DB.prepare("UPDATE accounts SET timezone = 'UTC' WHERE id = ?").bind(owner.accountId).run();
    const { day } = await repliesScenario(owner.accountId);
    const f = await replyFigures(owner.token, owner.accountId, day);
    expect(f.totals).toMatchObject({ conversations: 6, messagesIn: 6, messagesOut: 10, aiReplies: 3, operatorReplies: 1, aiOnly: 3, aiOnlyShare: 50 });
    // Buckets: ≤ 10 s, ≤ 30 s, ≤ 1 min, ≤ 2 min, ≤ 5 min, ≤ 10 min.
    expect(f.frtAi).toEqual([2, 0, 1, 0, 0, 0]);
    expect(f.frtOperator).toEqual([0, 0, 0, 0, 1, 0]);
    expect(f.resAi).toEqual([2, 0, 1, 0, 0, 0]);
    expect(f.resOperator).toEqual([0, 0, 0, 0, 1, 0]);
  });

  it("a broadcast sent by the pump to 4 contacts: 4 messages out, no operator reply, no first response", async () => {
    const s = await bcSetup({ contacts: 4, quota: 100 });
    const figures = async () => (await api("GET", `/accounts/${s.accountId}/analytics`, { token: s.token })).body;
    const before = await figures();
    const created = await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: s.token, body: bcBody(s, { pacing: { perSecond: null } }) });
    expect(created.status).toBe(201);
    const id = created.body.broadcastId as string;
    expect((await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/start`, { token: s.token, body: {} })).status).toBe(200);
    await waitFor(async () => (await api("GET", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token })).body.status === "completed", 25_000, "the broadcast completes");
    const after = await figures();
    // The pump writes its sends as the operator's (worker/features/broadcasts/pump.ts).
    const sends = await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE account_id = ? AND sender_type = 'operator' AND json_extract(metadata, '$.broadcastId') = ?").bind(s.accountId, id).first<{ n: number }>();
    expect(sends!.n).toBe(4);
    expect(after.totals.messagesOut - before.totals.messagesOut).toBe(4);
    expect(after.totals.operatorReplies).toBe(before.totals.operatorReplies);
    expect(after.daily.map((d: { operatorReplies: number }) => d.operatorReplies)).toEqual(before.daily.map((d: { operatorReplies: number }) => d.operatorReplies));
    expect(after.times.firstResponse.operator.count).toBe(0);
    expect(after.times.resolution.operator.count).toBe(0);
  });

  it("a broadcast's send the messenger refuses is no message out (migration 0053); a later attempt that sends it counts it again", async () => {
    const s = await bcSetup({ contacts: 4, quota: 100 });
    const figures = async () => (await api("GET", `/accounts/${s.accountId}/analytics`, { token: s.token })).body;
    const before = await figures();
    await fakeScript(tgBase(), [{ match: `/bot${s.bot}/sendMessage`, status: 403, body: { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" }, times: 1 }]);
    const created = await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: s.token, body: bcBody(s, { pacing: { perSecond: null } }) });
    const id = created.body.broadcastId as string;
    expect((await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/start`, { token: s.token, body: {} })).status).toBe(200);
    await waitFor(async () => (await api("GET", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token })).body.status === "completed", 25_000, "the broadcast completes");
    const failed = await env.DB.prepare("SELECT id FROM messages WHERE account_id = ? AND delivery_status = 'failed' AND json_extract(metadata, '$.broadcastId') = ?").bind(s.accountId, id).all<{ id: string }>();
    expect(failed.results).toHaveLength(1);
    const after = await figures();
    expect(after.totals.messagesOut - before.totals.messagesOut).toBe(3);
    // Failing again changes nothing; leaving 'failed' (a replay from the dead letters, a later send) counts it once more.
    const set = (status: string) => env.DB.prepare("UPDATE messages SET delivery_status = ? WHERE id = ?").bind(status, failed.results[0]!.id).run();
    await set("failed");
    expect((await figures()).totals.messagesOut - before.totals.messagesOut).toBe(3);
    await set("pending");
    await set("sent");
    expect((await figures()).totals.messagesOut - before.totals.messagesOut).toBe(4);
  });

  it("a keyword flow that answers a new customer: a message out, no AI reply, first response, «Без оператора» or median on the control panel", async () => {
    const s = await tgSetup("UTC");
    await publishFlow(
      s.accountId,
      "Меню",
      graph([step("s", "start", { triggers: [keyword("меню")] }), step("m", "message", { text: "Здравствуйте! Чем помочь?", buttons: [] }, "Меню"), step("e", "end")], [link("s", "m"), link("m", "e")]),
    );
    await s.say("Меню");
    await s.waitSent(1);
    const flowSends = await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE account_id = ? AND sender_type = 'assistant' AND json_extract(metadata, '$.flowId') IS NOT NULL").bind(s.accountId).first<{ n: number }>();
    expect(flowSends!.n).toBe(1);
    const r = await api("GET", `/accounts/${s.accountId}/analytics`, { token: s.token });
    expect(r.body.totals).toMatchObject({ conversations: 1, messagesIn: 1, messagesOut: 1, aiReplies: 0, operatorReplies: 0, aiOnly: 0, aiOnlyShare: 0 });
    expect(r.body.times.firstResponse.ai.count).toBe(0);
    expect(r.body.times.resolution.ai.count).toBe(0);
    const panel = await api("GET", `/accounts/${s.accountId}/dashboard`, { token: s.token });
    expect(panel.body.today).toMatchObject({ conversations: 1, aiReplies: 0, firstResponseP50Ms: null });
  });
});
