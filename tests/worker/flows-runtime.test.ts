import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sleep, waitFor } from "./channel-helpers";
import { graph, keyword, link, publishFlow, step, tgSetup } from "./flow-helpers";
import { api } from "./helpers";

/**
 * The flow runtime through the real chain: a webhook from the fake Telegram → inbound queue →
 * ingest → the handler chain's flow slot → the flow's sends on the outbound queue → the fake Bot
 * API, asserted in the order the fake received them.
 */
const menu = () =>
  graph(
    [
      step("s", "start", { triggers: [keyword("меню")] }),
      step("m", "message", { text: "Здравствуйте, {{name}}! Что вас интересует?", buttons: [{ id: "price", label: "Цены" }, { id: "addr", label: "Адрес" }, { id: "site", label: "Сайт", url: "https://example.ru" }] }, "Меню"),
      step("p", "message", { text: "Стрижка — 1500 ₽", buttons: [] }, "Цены"),
      step("a", "message", { text: "Мы на Тверской, 1", buttons: [] }, "Адрес"),
      step("o", "message", { text: "Не понял, напишите «меню»", buttons: [] }, "Другое"),
      step("e", "end"),
    ],
    [link("s", "m"), link("m", "p", "button:price"), link("m", "a", "button:addr"), link("m", "o"), link("p", "e"), link("a", "e"), link("o", "e")],
  );

describe("flows: triggers and message steps", () => {
  it("a keyword starts the flow; Telegram gets an inline keyboard, a pressed button takes its branch, the chat shows the steps", async () => {
    const s = await tgSetup();
    const flowId = await publishFlow(s.accountId, "Меню", menu());
    await s.say("Меню");
    const first = await s.waitSent(1);
    expect(first[0]!.text).toBe("Здравствуйте, Иван! Что вас интересует?");
    expect(first[0]!.reply_markup.inline_keyboard).toEqual([[{ text: "Цены", callback_data: "fl:price" }], [{ text: "Адрес", callback_data: "fl:addr" }], [{ text: "Сайт", url: "https://example.ru" }]]);
    expect(await s.run()).toMatchObject({ flow_id: flowId, status: "waiting", step_name: "Меню", flow_version: 1 });
    await s.press("fl:price", "Цены");
    const all = await s.waitSent(2);
    expect(all.map((m) => m.text)).toEqual(["Здравствуйте, Иван! Что вас интересует?", "Стрижка — 1500 ₽"]);
    await waitFor(async () => (await s.run())?.status === "ended", 5000, "the run ends");
    const lines = await s.lines();
    expect(lines.map((l) => l.flowEvent)).toEqual(["started", "step", "step", "step", "ended"]);
    expect(lines[1]).toMatchObject({ flowId, flowName: "Меню", stepName: "Меню", stepType: "message" });
    // The assistant never saw the flow's messages: no assistant run for them.
    const runs = await env.DB.prepare("SELECT count(*) AS n FROM assistant_runs WHERE account_id = ?").bind(s.accountId).first<{ n: number }>();
    expect(runs!.n).toBe(0);
  });
});
