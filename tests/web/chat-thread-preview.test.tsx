import { cleanup, render, screen } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ContactDto } from "@worker/features/inbox/serialize";
import { AI_STOPPED_NOTE } from "@worker/features/billing/limits";
import { eventLine } from "@worker/features/flows/runtime/commit";
import { ContactRow } from "@/features/chat/components/contact-list";
import { i18n } from "@/lib/i18n";
import { contactDto } from "./support/fixtures";

/**
 * A thread keeps only its last message's stored text. When that is a system note the server wrote
 * (in Russian), the inbox's list words it in the interface language, the way the chat does.
 */
function contact(lastMessage: string): ContactDto {
  return contactDto({ name: "Ольга" }, { isGptActive: false, lastMessage, lastMessageType: "text", updatedAt: Date.now(), channelId: "ch1" });
}

async function preview(lastMessage: string) {
  render(<ContactRow contact={contact(lastMessage)} selected={false} onSelect={() => {}} />);
  const text = (await screen.findByTestId("chat-contact-preview")).textContent;
  cleanup();
  return text;
}

const STORED = {
  plain: "Ассистент передал диалог оператору",
  keyword: "Ассистент передал диалог оператору. Причина: ключевое слово «менеджер»",
  knowledge: "Ассистент передал диалог оператору. Причина: в базе знаний нет ответа на вопрос клиента",
  tool: "Ассистент передал диалог оператору. Причина: оптовый заказ",
  flowHandoff: "Сценарий «Приветствие» передал диалог оператору",
  aiError: "Ассистент не смог ответить клиенту: Модель не ответила вовремя. Ответьте, пожалуйста, вручную.",
  billing: AI_STOPPED_NOTE,
  started: eventLine({ flowEvent: "started" }, "Приветствие"),
  stopped: eventLine({ flowEvent: "ended", reason: "stopped" }, "Приветствие"),
  ended: eventLine({ flowEvent: "ended", reason: "completed" }, "Приветствие"),
  paused: eventLine({ flowEvent: "paused" }, "Приветствие"),
  step: eventLine({ flowEvent: "step", stepName: "Вопрос" }, "Приветствие"),
  customer: "Здравствуйте! Сценарий «Приветствие» мне понравился",
};

beforeAll(() => i18n.loadNamespaces(["chat"]));
afterEach(cleanup);
afterAll(() => i18n.changeLanguage("ru"));

describe("inbox list: a system note as the thread's preview", () => {
  it("in English, the note the preview holds reads in English; a customer's text stays as written", async () => {
    await i18n.changeLanguage("en");
    const shown: Record<string, string | null> = {};
    for (const [k, text] of Object.entries(STORED)) shown[k] = await preview(text);
    expect(shown).toEqual({
      plain: "The assistant handed the conversation to an operator",
      keyword: "The assistant handed the conversation to an operator. Reason: the keyword “менеджер”",
      knowledge: "The assistant handed the conversation to an operator. Reason: the knowledge base has no answer to the customer's question",
      tool: "The assistant handed the conversation to an operator. Reason: оптовый заказ",
      flowHandoff: "The flow “Приветствие” handed the conversation to an operator",
      aiError: "The assistant could not answer the customer: Модель не ответила вовремя. Please reply manually.",
      billing: "The assistant did not answer: the plan's AI replies are used up and the balance is too low. Top up the balance or change the plan — incoming messages keep arriving.",
      started: "Flow “Приветствие” started",
      stopped: "Flow “Приветствие” stopped",
      ended: "Flow “Приветствие” ended",
      paused: "Flow “Приветствие” paused",
      step: "Flow “Приветствие”: step “Вопрос”",
      customer: STORED.customer,
    });
  });

  it("in Russian, every preview reads as stored", async () => {
    await i18n.changeLanguage("ru");
    for (const text of Object.values(STORED)) expect(await preview(text)).toBe(text);
  });
});
