import { cleanup, render, screen } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SystemItem } from "@/features/chat/components/message-item";
import { i18n } from "@/lib/i18n";
import { messageDto } from "./support/fixtures";

/**
 * The notes the server writes into a chat are stored in Russian with their meaning in metadata:
 * the Russian interface shows them as stored, another language tells them from the metadata.
 */
const note = (content: string, metadata: Record<string, unknown>) => messageDto({ messageDirection: "system", senderType: "system", isSystem: true, content, metadata });
const text = () => screen.getByTestId("chat-message").querySelector("p")!.firstChild!.textContent;

const NOTES = {
  keyword: note("Ассистент передал диалог оператору. Причина: ключевое слово «менеджер»", { event: "handoff", source: "keyword", reason: "ключевое слово «менеджер»", keyword: "менеджер" }),
  knowledge: note("Ассистент передал диалог оператору. Причина: в базе знаний нет ответа на вопрос клиента", { event: "handoff", source: "knowledge", reason: "в базе знаний нет ответа на вопрос клиента" }),
  flow: note("Сценарий «Приветствие» передал диалог оператору", { event: "handoff", source: "flow", flowName: "Приветствие" }),
  oldFlow: note("Сценарий «Приветствие» передал диалог оператору", { event: "handoff", source: "flow" }),
  timeout: note("Ассистент не смог ответить клиенту: Модель не ответила вовремя. Ответьте, пожалуйста, вручную.", { event: "ai_error", reason: "Модель не ответила вовремя", code: "TIMEOUT" }),
  billing: note("Ассистент не ответил: ответы ИИ по тарифу закончились и баланса не хватает.", { event: "billing_limit" }),
  replaced: note("Сценарий «Консультация» прерван: клиент написал ключевое слово сценария «Опт»", { flowEvent: "ended", flowName: "Консультация", reason: "replaced", replacedBy: "Опт" }),
  replacedByOperator: note("Сценарий «Опрос» прерван: оператор запустил сценарий «Доставка»", { flowEvent: "ended", flowName: "Опрос", reason: "replaced", replacedBy: "Доставка", replacedVia: "operator" }),
};

beforeAll(() => i18n.loadNamespaces(["chat"]));
afterEach(cleanup);
afterAll(() => i18n.changeLanguage("ru"));

describe("chat: system notes in the interface language", () => {
  it("in Russian, every note reads as stored", async () => {
    await i18n.changeLanguage("ru");
    for (const m of Object.values(NOTES)) {
      render(<SystemItem message={m} />);
      expect(text()).toBe(m.content);
      cleanup();
    }
  });

  it("in English, hand-offs, failed turns and the billing stop are told from their metadata", async () => {
    await i18n.changeLanguage("en");
    const shown = Object.fromEntries(
      Object.entries(NOTES).map(([k, m]) => {
        render(<SystemItem message={m} />);
        const t = text();
        cleanup();
        return [k, t];
      }),
    );
    expect(shown).toEqual({
      keyword: "The assistant handed the conversation to an operator. Reason: the keyword “менеджер”",
      knowledge: "The assistant handed the conversation to an operator. Reason: the knowledge base has no answer to the customer's question",
      flow: "The flow “Приветствие” handed the conversation to an operator",
      // A note from before the flow's name was kept: the stored text, rather than a sentence without the name.
      oldFlow: "Сценарий «Приветствие» передал диалог оператору",
      timeout: "The assistant could not answer the customer: the model did not answer in time. Please reply manually.",
      billing: "The assistant did not answer: the plan's AI replies are used up and the balance is too low. Top up the balance or change the plan — incoming messages keep arriving.",
      replaced: "Flow “Консультация” interrupted: the customer wrote a keyword of the flow “Опт”",
      replacedByOperator: "Flow “Опрос” interrupted: an operator started the flow “Доставка”",
    });
  });
});
