import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { scopeToken, scriptModel } from "./ai-helpers";
import { tgTextUpdate } from "../fakes/telegram";
import { connectTelegram, fakeRequests, sleep, tgBase, tgWebhook, waitFor } from "./channel-helpers";
import { graph, link, publishFlow, step } from "./flow-helpers";
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
