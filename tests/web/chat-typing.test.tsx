import { act, cleanup, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { chatKeys, type ContactDto, type MessageDto, type MessagePages } from "@/features/chat/api";
import { ChatLog, TYPING_DELAY_MS, TYPING_TIMEOUT_MS } from "@/features/chat/components/chat-log";
import { i18n } from "@/lib/i18n";
import { contactDto, messageDto, stubResizeObserver } from "./support/fixtures";

/**
 * The chat log's typing indicator (SPEC §4, §9) on the real component with a controlled clock: it
 * appears 500 ms after the thread starts waiting for the assistant's reply on an incoming message,
 * and goes away when the waiting state ends: by the room's update, or after 30 s at most.
 */
const ACCOUNT = "acc-1";
const T0 = new Date("2026-03-12T12:00:00Z").getTime();

function message(over: Partial<MessageDto>): MessageDto {
  return messageDto({
    content: "Во сколько вы работаете?",
    createdAt: T0 - 1000,
    updatedAt: T0 - 1000,
    isDelivered: false,
    isSent: false,
    deliveryStatus: null,
    ...over,
  });
}

function contact(gptStatus: "WAITING_RESPONSE" | "COMPLETED"): ContactDto {
  return contactDto(
    { name: "Ольга Васильева", platformUserId: "500", firstSeenAt: T0, lastSeenAt: T0, createdAt: T0, updatedAt: T0 },
    { gptStatus, lastMessage: "Во сколько вы работаете?", lastMessageType: "text", updatedAt: T0 },
  );
}

let client: QueryClient;

function mount(messages: MessageDto[], c: ContactDto) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const pages: MessagePages = { pages: [{ data: [...messages].reverse(), meta: { limit: 30, hasMore: false, nextCursor: null } }], pageParams: [null] };
  client.setQueryData(chatKeys.messages(ACCOUNT, "c1"), pages);
  const view = render(
    <QueryClientProvider client={client}>
      <ChatLog accountId={ACCOUNT} contact={c} />
    </QueryClientProvider>,
  );
  return {
    update: (next: ContactDto) =>
      view.rerender(
        <QueryClientProvider client={client}>
          <ChatLog accountId={ACCOUNT} contact={next} />
        </QueryClientProvider>,
      ),
  };
}

const indicator = () => screen.queryByTestId("typing-indicator");
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeAll(async () => {
  await i18n.changeLanguage("ru");
  await i18n.loadNamespaces(["chat", "common"]);
  stubResizeObserver();
  // jsdom does not scroll.
  Element.prototype.scrollTo ??= function scrollTo() {};
});
beforeEach(() => {
  vi.useFakeTimers({ now: T0, toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  // The cached page is fresh (staleTime): a request would mean the test is not looking at that page.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      throw new Error("no network in this test");
    }),
  );
});
afterEach(() => {
  cleanup();
  client?.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("chat log typing indicator", () => {
  it("appears 500 ms after the reply is awaited, not before", () => {
    expect(TYPING_DELAY_MS).toBe(500);
    mount([message({})], contact("WAITING_RESPONSE"));
    expect(screen.getByText("Во сколько вы работаете?")).toBeTruthy();
    expect(indicator()).toBeNull();
    advance(TYPING_DELAY_MS - 1);
    expect(indicator()).toBeNull();
    advance(1);
    expect(indicator()).not.toBeNull();
    expect(indicator()!.getAttribute("role")).toBe("status");
    expect(indicator()!.textContent).toContain(i18n.t("chat:log.typing"));
  });

  it("clears after 30 s of waiting even when no update arrives", () => {
    expect(TYPING_TIMEOUT_MS).toBe(30_000);
    mount([message({})], contact("WAITING_RESPONSE"));
    advance(TYPING_DELAY_MS);
    expect(indicator()).not.toBeNull();
    advance(TYPING_TIMEOUT_MS - TYPING_DELAY_MS - 1);
    expect(indicator()).not.toBeNull();
    advance(1);
    expect(indicator()).toBeNull();
    // and stays away while the thread still says it waits
    advance(60_000);
    expect(indicator()).toBeNull();
  });

  it("clears at once when the waiting state ends (the room's update), and starts again for the next message", () => {
    const view = mount([message({})], contact("WAITING_RESPONSE"));
    advance(TYPING_DELAY_MS);
    expect(indicator()).not.toBeNull();
    view.update(contact("COMPLETED"));
    expect(indicator()).toBeNull();
    view.update(contact("WAITING_RESPONSE"));
    expect(indicator()).toBeNull();
    advance(TYPING_DELAY_MS);
    expect(indicator()).not.toBeNull();
  });

  it("does not show when the last message is not the customer's", () => {
    mount([message({}), message({ messageId: "m2", messageDirection: "outgoing", senderType: "operator", content: "Ответ оператора", createdAt: T0 - 500, updatedAt: T0 - 500 })], contact("WAITING_RESPONSE"));
    advance(TYPING_TIMEOUT_MS);
    expect(indicator()).toBeNull();
  });
});
