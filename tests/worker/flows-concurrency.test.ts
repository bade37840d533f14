import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { scopeToken, scriptModel } from "./ai-helpers";
import { tgTextUpdate } from "../fakes/telegram";
import { connectTelegram, fakeRequests, sleep, tgBase, tgWebhook, waitFor } from "./channel-helpers";
import { graph, link, publishFlow, step, tgSetup } from "./flow-helpers";
import { commitTurn } from "../../worker/features/flows/runtime/commit";
import { advance } from "../../worker/features/flows/runtime/engine";
import { resumeFlowTurns } from "../../worker/features/flows/runtime/resume";
import { loadTurn } from "../../worker/features/flows/runtime/store";
import { publishedFlow } from "../../worker/features/flows/runtime/triggers";
import { api, ownerWithAccount } from "./helpers";

/**
 * Several conversations writing at once on an account with a published flow and an assistant:
 * the flow answers its keyword, the assistant everything else, every message exactly once. The
 * flow's scripted messages are messages out, not AI replies (they once counted against the plan's
 * AI replies, so a trial account stopped its assistant after 500 flow and AI messages together:
 * bench/flow-runtime.mjs's "8 conversations at once" phase stopped with «no answer»).
 */
describe("flows: conversations at once", () => {
  it("answers every message once, the flow's or the assistant's, and only the assistant's count as AI replies", async () => {
    const { token, accountId } = await ownerWithAccount();
    const a = await api("POST", `/accounts/${accountId}/assistants`, { token, body: { name: "Консультант", instructions: "Отвечай кратко.", debounceSeconds: 0 } });
    const tg = await connectTelegram(token, accountId, undefined, { assistantId: a.body.assistantId });
    const scope = scopeToken("conc");
    await scriptModel(scope, [{ content: "Ответ ассистента" }], { repeatLast: true });
    await publishFlow(
      accountId,
      "Меню",
      graph([step("s", "start", { triggers: [{ type: "keyword", match: "contains", keywords: ["меню"], channels: [] }] }), step("m", "message", { text: "Наше меню: пицца, паста", buttons: [] }), step("e", "end")], [link("s", "m"), link("m", "e")]),
    );
    const chats = Array.from({ length: 6 }, (_, i) => 700_000 + Math.floor(Math.random() * 90_000) * 10 + i);
    const rounds = ["меню", `${scope} вопрос 1`, "меню ещё раз", `${scope} вопрос 2`];
    let update = 500_000 + Math.floor(Math.random() * 1e6);
    const sentTo = async (chat: number) => (await fakeRequests(tgBase(), (r) => r.path === `/bot${tg.bot}/sendMessage` && String(r.body.chat_id) === String(chat))).map((r) => String(r.body.text));
    for (const [r, text] of rounds.entries()) {
      // Every chat writes at the same moment: the inbound consumer takes them in one batch or a few.
      const res = await Promise.all(chats.map((chat) => tgWebhook(accountId, tg.secret, tgTextUpdate(update++, chat, text))));
      expect(res.every((x) => x.status === 200)).toBe(true);
      await waitFor(async () => (await Promise.all(chats.map(sentTo))).every((s) => s.length >= r + 1), 20_000, `round ${r + 1} answered in every chat`);
    }
    await sleep(800);
    for (const chat of chats) {
      expect(await sentTo(chat)).toEqual(["Наше меню: пицца, паста", "Ответ ассистента", "Наше меню: пицца, паста", "Ответ ассистента"]);
    }
    const runs = await env.DB.prepare("SELECT count(*) AS n FROM assistant_runs WHERE account_id = ? AND status = 'done'").bind(accountId).first<{ n: number }>();
    expect(runs!.n).toBe(chats.length * 2);
    const flowRuns = await env.DB.prepare("SELECT count(*) AS n FROM flow_runs WHERE account_id = ? AND status = 'ended'").bind(accountId).first<{ n: number }>();
    expect(flowRuns!.n).toBe(chats.length * 2);
    const usage = await env.DB.prepare("SELECT metric, sum(quantity) AS q FROM usage_daily WHERE account_id = ? GROUP BY metric").bind(accountId).all<{ metric: string; q: number }>();
    const used = Object.fromEntries(usage.results.map((u) => [u.metric, u.q]));
    expect(used).toMatchObject({ aiReplies: chats.length * 2, messagesOut: chats.length * 4, messagesIn: chats.length * 4 });
  });
});

describe("flows: a turn whose isolate died right after its commit", () => {
  it("leaves its sends pending and its outbox row open; the sweeper sends them once and runs the rest (the hand-off)", async () => {
    const s = await tgSetup();
    const flowId = await publishFlow(
      s.accountId,
      "Передача",
      graph(
        [step("s", "start", { triggers: [{ type: "manual" }] }), step("m1", "message", { text: "Первое", buttons: [] }), step("m2", "message", { text: "Второе", buttons: [] }), step("a", "action", { actions: [{ type: "handoff" }] }), step("e", "end")],
        [link("s", "m1"), link("m1", "m2"), link("m2", "a"), link("a", "e")],
      ),
    );
    await s.say("Здравствуйте");
    const t = await waitFor(() => s.thread(), 10_000, "the thread");
    // The turn as runTurn does it, up to its commit; then the isolate "dies": no after-effects.
    const l = (await loadTurn(env as never, s.accountId, t.id))!;
    const source = (await publishedFlow(env as never, s.accountId, flowId))!;
    const result = advance(source.graph as never, { stepId: null, stepName: "", status: "running", wait: null, vars: {}, retries: 0 }, { kind: "start" }, l.ctx);
    const key = `crash-${Math.random().toString(36).slice(2)}`;
    const out = await commitTurn(env as never, l, {
      key,
      source: { kind: "new", runId: `run${Math.random().toString(36).slice(2, 10)}`, flowId, flowName: source.name, version: source.version, graph: source.graph, trigger: "manual", isTest: false, replaces: null },
      run: result.run,
      effects: result.effects,
      expiresAt: null,
    });
    expect(out.status).toBe("done");
    await sleep(800);
    expect(await s.sent()).toEqual([]);
    const pending = await env.DB.prepare("SELECT content, delivery_status FROM messages WHERE thread_id = ? AND direction = 'outgoing' ORDER BY created_at, id").bind(t.id).all();
    expect(pending.results).toEqual([{ content: "Первое", delivery_status: "pending" }, { content: "Второе", delivery_status: "pending" }]);
    expect(await env.DB.prepare("SELECT after_done_at FROM flow_turns WHERE key = ?").bind(key).first()).toEqual({ after_done_at: null });
    // A fresh row is not the sweeper's yet (its own isolate may still be working on it).
    await resumeFlowTurns(env as never);
    expect(await env.DB.prepare("SELECT after_done_at FROM flow_turns WHERE key = ?").bind(key).first()).toEqual({ after_done_at: null });

    expect(await resumeFlowTurns(env as never, { olderThanMs: 0 })).toBeGreaterThanOrEqual(1);
    expect((await s.waitSent(2)).map((m) => m.text)).toEqual(["Первое", "Второе"]);
    expect(await s.thread()).toMatchObject({ status: "pending", is_gpt_active: 0 });
    // Swept again (and a second sweeper at the same time): nothing is sent or handed off twice.
    await Promise.all([resumeFlowTurns(env as never, { olderThanMs: 0 }), resumeFlowTurns(env as never, { olderThanMs: 0 })]);
    await sleep(1000);
    expect((await s.sent()).map((m) => m.text)).toEqual(["Первое", "Второе"]);
    const notes = await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE thread_id = ? AND json_extract(metadata, '$.event') = 'handoff'").bind(t.id).first<{ n: number }>();
    expect(notes!.n).toBe(1);
    const mails = await api("GET", `/dev/outbox?to=${encodeURIComponent(s.email)}&limit=50`);
    expect(mails.body.data.filter((m: { subject: string }) => /ждёт оператора/.test(m.subject)).length).toBe(1);
    expect((await env.DB.prepare("SELECT after_done_at FROM flow_turns WHERE key = ?").bind(key).first<{ after_done_at: number | null }>())!.after_done_at).not.toBeNull();
  });
});
