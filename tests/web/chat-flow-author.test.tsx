import { cleanup, render, screen, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { chatKeys, type ContactDto, type MessageDto, type MessagePages } from "@/features/chat/api";
import { ChatLog } from "@/features/chat/components/chat-log";
import { flowKeys, type FlowList } from "@/features/flows/api";
import { i18n } from "@/lib/i18n";
import { contactDto, messageDto, stubResizeObserver } from "./support/fixtures";

/**
 * A flow's sends are written as the assistant's (senderType "assistant" with `metadata.flowId`): the
 * chat labels them as the flow's («Сценарий «…»» with the flow icon), not «Ассистент» with the
 * robot; the name comes from the flow's lines in the log, the thread's running flow, or the
 * published flows when neither has it. An assistant's answer right after them says «Ассистент» again.
 */
const ACCOUNT = "acc-1";
const T0 = new Date("2026-03-12T12:00:00Z").getTime();
const FLOW = "flow-1";

let n = 0;
const msg = (over: Partial<MessageDto>): MessageDto => messageDto({ messageId: `m${++n}`, createdAt: T0 + n * 1000, updatedAt: T0 + n * 1000, ...over });
const started = (name: string) => msg({ messageDirection: "system", senderType: "system", isSystem: true, messageType: "text", content: `Сценарий «${name}» запущен`, metadata: { flowEvent: "started", flowId: FLOW, flowName: name, runId: "r1" } });
const flowSend = (content: string) => msg({ messageDirection: "outgoing", senderType: "assistant", content, metadata: { flowId: FLOW, flowStepId: "s1", runId: "r1" } });
const aiSend = (content: string) => msg({ messageDirection: "outgoing", senderType: "assistant", content });
const incoming = (content: string) => msg({ messageDirection: "incoming", senderType: "contact", content });

let client: QueryClient;
function mount(messages: MessageDto[], c: ContactDto = contactDto(), flows?: FlowList) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const pages: MessagePages = { pages: [{ data: [...messages].reverse(), meta: { limit: 30, hasMore: false, nextCursor: null } }], pageParams: [null] };
  client.setQueryData(chatKeys.messages(ACCOUNT, c.contactId), pages);
  if (flows) client.setQueryData(flowKeys.published(ACCOUNT), flows);
  render(
    <QueryClientProvider client={client}>
      <ChatLog accountId={ACCOUNT} contact={c} />
    </QueryClientProvider>,
  );
}
const bubble = (text: string) => screen.getAllByTestId("chat-message").find((el) => el.textContent?.includes(text))!;
const label = (text: string) => within(bubble(text)).queryByTestId("message-author");

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["chat", "common", "flows"]);
  stubResizeObserver();
  Element.prototype.scrollTo ??= function scrollTo() {};
});
afterEach(async () => {
  cleanup();
  client?.clear();
  vi.unstubAllGlobals();
  await i18n.changeLanguage("ru");
});

describe("chat: a flow's messages are labelled as the flow's", () => {
  it("names the flow from its line in the log, with the flow icon, not «Ассистент»", () => {
    mount([incoming("Привет"), started("Подбор товара"), flowSend("Здравствуйте, Ольга Тестова! Что вы ищете?")]);
    const l = label("Что вы ищете?")!;
    expect(l.textContent).toBe("Сценарий «Подбор товара»");
    expect(l.dataset.author).toBe("flow");
    expect(l.querySelector("svg")?.getAttribute("class")).toContain("lucide-workflow");
    expect(bubble("Что вы ищете?").textContent).not.toContain("Ассистент");
  });

  it("an assistant's answer after the flow's message in the same run says «Ассистент» again; a second flow message does not repeat the label", () => {
    mount([incoming("Привет"), started("Подбор товара"), flowSend("Что вы ищете?"), flowSend("Выберите категорию"), aiSend("Могу помочь с выбором")]);
    expect(label("Что вы ищете?")!.textContent).toBe("Сценарий «Подбор товара»");
    expect(label("Выберите категорию")).toBeNull();
    const ai = label("Могу помочь с выбором")!;
    expect(ai.textContent).toBe("Ассистент");
    expect(ai.dataset.author).toBe("assistant");
  });

  it("takes the name from the thread's running flow when the log has no line of it", () => {
    mount([incoming("Привет"), flowSend("Что вы ищете?")], contactDto({}, { flow: { runId: "r1", flowId: FLOW, flowName: "Запись на приём", status: "waiting", stepName: "Вопрос" } }));
    expect(label("Что вы ищете?")!.textContent).toBe("Сценарий «Запись на приём»");
  });

  it("takes it from the published flows when neither has it, and says «Сценарий» while it is unknown", () => {
    const flows = { data: [{ flowId: FLOW, name: "Акция недели" }], meta: { page: 1, limit: 100, total: 1 } } as unknown as FlowList;
    mount([incoming("Привет"), flowSend("Что вы ищете?")], contactDto(), flows);
    expect(label("Что вы ищете?")!.textContent).toBe("Сценарий «Акция недели»");
    cleanup();
    client.clear();
    vi.stubGlobal("fetch", vi.fn(() => new Promise(() => {})));
    mount([incoming("Привет"), flowSend("Что вы ищете?")]);
    expect(label("Что вы ищете?")!.textContent).toBe("Сценарий");
  });

  it("says it in every locale", async () => {
    const expected = { en: "Flow “Подбор товара”", fr: "Scénario « Подбор товара »", ar: "السيناريو «\u2068Подбор товара\u2069»" } as const;
    for (const [lng, text] of Object.entries(expected)) {
      await i18n.changeLanguage(lng);
      await i18n.loadNamespaces(["chat"]);
      mount([incoming("Привет"), started("Подбор товара"), flowSend("Что вы ищете?")]);
      expect(label("Что вы ищете?")!.textContent).toBe(text);
      cleanup();
      client.clear();
    }
  });
});

describe("chat: a run another flow's keyword replaced", () => {
  const replaced = () =>
    msg({
      messageDirection: "system",
      senderType: "system",
      isSystem: true,
      messageType: "text",
      content: "Сценарий «Консультация» прерван: клиент написал ключевое слово сценария «Опт»",
      metadata: { flowEvent: "ended", flowId: FLOW, flowName: "Консультация", runId: "r1", reason: "replaced", replacedBy: "Опт" },
    });
  const line = () => screen.getAllByTestId("flow-line").find((el) => el.dataset.flowEvent === "ended")!;

  it("says which flow's keyword ended it, not that it ended", async () => {
    mount([incoming("Куплю оптом"), replaced()]);
    expect(line().textContent).toContain("Сценарий «Консультация» прерван: клиент написал ключевое слово сценария «Опт»");
    cleanup();
    client.clear();
    await i18n.changeLanguage("en");
    await i18n.loadNamespaces(["chat", "flows"]);
    mount([incoming("Куплю оптом"), replaced()]);
    expect(line().textContent).toContain("interrupted: the customer wrote a keyword of the flow");
    expect(line().textContent).not.toContain("ended");
  });
});
