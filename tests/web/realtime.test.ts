import type { ContactDto, MessageDto } from "@worker/features/inbox/serialize";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chatKeys, type ContactPages, type OpenChat } from "@/features/chat/api";
import { setOpenChat } from "@/features/chat/cache";
import { channelKeys } from "@/features/channels/api";
import { commentKeys } from "@/features/comments/api";
import { testChatKeys } from "@/features/test-chat/api";
import { queryClient } from "@/lib/query";
import { installRealtime } from "@/lib/realtime";
import { connectAccount } from "@/lib/socket";
import { messageDto } from "./support/fixtures";
import { FakeWebSocket } from "./support/fake-websocket";

/**
 * The one realtime installation: frames arriving on the account's socket patch React Query with
 * no component mounted. The socket is the real one (partysocket + web/lib/socket.ts) over a fake
 * WebSocket that lets the test play the room's side of the wire.
 */
const ACC = "acc_realtime_1";
const thread = (id: string, patch: Partial<NonNullable<ContactDto["thread"]>> = {}): NonNullable<ContactDto["thread"]> => ({
  threadId: id,
  status: "open",
  gptStatus: null,
  isGptActive: true,
  lastMessage: "old",
  lastMessageType: "text",
  updatedAt: 1000,
  unreadCount: 0,
  channelId: "ch1",
  kind: "direct",
  assistantId: null,
  testChatAssistantId: null,
  lastIncomingAt: 1000,
  ...patch,
}) as NonNullable<ContactDto["thread"]>;
const contact = (id: string, patch: Partial<ContactDto> = {}): ContactDto =>
  ({
    contactId: id,
    name: `Клиент ${id}`,
    platformUsername: null,
    platformUserId: `u-${id}`,
    platform: "TELEGRAM",
    avatar: null,
    status: "active",
    about: null,
    phone: null,
    isTestContact: false,
    customFields: {},
    firstSeenAt: 1000,
    lastSeenAt: 1000,
    createdAt: 1000,
    updatedAt: 1000,
    thread: thread(`t-${id}`),
    ...patch,
  }) as ContactDto;
const message = (c: ContactDto, content: string, patch: Partial<MessageDto> = {}): MessageDto =>
  messageDto({ messageId: `m-${content}`, content, createdAt: 2000, updatedAt: 2000, contactId: c.contactId, threadId: c.thread?.threadId ?? null, contact: c, ...patch });

const listKey = chatKeys.contacts(ACC, {});
const list = () => queryClient.getQueryData<ContactPages>(listKey)?.pages[0]?.data.map((c) => c.contactId);
const openChat = (c: ContactDto) => queryClient.getQueryData<OpenChat>(chatKeys.openChat(ACC, c.contactId, c.thread?.threadId ?? null));

let ws: FakeWebSocket;
let release: () => void;
let seq = 0;

beforeAll(async () => {
  vi.stubGlobal("WebSocket", FakeWebSocket);
  document.cookie = "accessToken=test-token; path=/";
  installRealtime();
  release = connectAccount(ACC);
  await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBe(1));
  ws = FakeWebSocket.instances[0]!;
  ws.open();
  expect(JSON.parse(ws.sent[0]!)).toEqual({ event: "joinAccount", data: { accountId: ACC } });
  ws.push({ event: "joinedAccount", data: { accountId: ACC, seq: 0, replayed: 0, resync: false } });
});

afterAll(() => {
  release();
  vi.unstubAllGlobals();
});

describe("realtime installation", () => {
  const a = contact("a");
  const b = contact("b");

  it("a message frame moves its contact to the top of the cached list and patches the open chat", () => {
    queryClient.setQueryData<ContactPages>(listKey, { pages: [{ data: [a, b], meta: { page: 1, limit: 30, total: 2, lastPage: 1 } }], pageParams: [1] } as ContactPages);
    setOpenChat(queryClient, ACC, b);
    const newer = contact("b", { thread: thread("t-b", { lastMessage: "привет", updatedAt: 2000, unreadCount: 1 }) });
    ws.push({ event: "message", data: message(newer, "привет"), seq: ++seq });
    expect(list()).toEqual(["b", "a"]);
    expect(openChat(b)?.contact.thread?.lastMessage).toBe("привет");
    expect(openChat(b)?.contact.thread?.unreadCount).toBe(1);
  });

  it("updateContact replaces the open chat's contact; an already seen seq is skipped", () => {
    const closed = contact("b", { thread: thread("t-b", { status: "closed", lastMessage: "привет", updatedAt: 2000 }) });
    ws.push({ event: "updateContact", data: closed, seq: ++seq });
    expect(openChat(b)?.contact.thread?.status).toBe("closed");
    // A replay of a number already handled changes nothing.
    ws.push({ event: "updateContact", data: contact("b", { name: "Повтор" }), seq });
    expect(openChat(b)?.contact.name).toBe("Клиент b");
  });

  it("unreadable or unknown frames are dropped and later frames still apply", () => {
    ws.push("not json");
    ws.push({ event: "somethingElse", data: {}, seq: seq + 1 });
    ws.push({ event: "updateContact", data: contact("a", { name: "Анна" }), seq: ++seq });
    expect(queryClient.getQueryData<ContactPages>(listKey)?.pages[0]?.data.find((c) => c.contactId === "a")?.name).toBe("Анна");
  });

  /**
   * An operator's reply (stored at 3000) is shown first; a customer's message stored at 2500 comes
   * after it. The open log at `logKey` shows them in stored order, and `removeMessage` takes the
   * reply back.
   */
  function expectStoredOrder(c: ContactDto, logKey: readonly unknown[]) {
    queryClient.setQueryData(logKey, { pages: [{ data: [message(c, "старое", { createdAt: 1500, contact: undefined })], meta: { limit: 50, hasMore: false, nextCursor: null } }], pageParams: [""] });
    const log = () => (queryClient.getQueryData(logKey) as { pages: { data: MessageDto[] }[] }).pages[0]!.data.map((m) => m.content);
    ws.push({ event: "message", data: message(c, "ответ", { createdAt: 3000 }), seq: ++seq });
    ws.push({ event: "message", data: message(c, "вопрос", { createdAt: 2500 }), seq: ++seq });
    expect(log()).toEqual(["ответ", "вопрос", "старое"]);
    ws.push({ event: "removeMessage", data: { messageId: "m-ответ", contactId: c.contactId, threadId: c.thread!.threadId }, seq: ++seq });
    expect(log()).toEqual(["вопрос", "старое"]);
  }

  it("the open log is in stored order whatever order the frames come in, and removeMessage takes a shown reply back", () => {
    expectStoredOrder(a, chatKeys.messages(ACC, "a"));
  });

  it("an open test chat's log is in stored order too, and removeMessage takes a shown reply back there", () => {
    expectStoredOrder(contact("tc", { isTestContact: true, platform: "WEBCHAT", thread: thread("t-tc") }), testChatKeys.messages(ACC, "tc"));
  });

  it("deleteContact takes the contact out of the list and marks the open chat deleted", () => {
    ws.push({ event: "deleteContact", data: { contactId: "b" }, seq: ++seq });
    expect(list()).toEqual(["a"]);
    expect(openChat(b)?.deleted).toBe(true);
  });

  it("the WhatsApp state push replaces the channel settings", () => {
    const settings = { connected: true, stateInstance: "authorized" };
    ws.push({ event: "core::whatsappStateChanged", data: settings, seq: ++seq });
    expect(queryClient.getQueryData(channelKeys.whatsapp(ACC))).toEqual(settings);
  });

  it("a comment event invalidates the comment lists after the batching delay", async () => {
    const key = [...commentKeys.all(ACC), "probe"];
    queryClient.setQueryData(key, { n: 1 });
    const ig = contact("c", { platform: "INSTAGRAM", thread: thread("t-c", { kind: "comments" }) });
    ws.push({ event: "message", data: message(ig, "comment-1"), seq: ++seq });
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    await vi.waitFor(() => expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true), { timeout: 2000 });
  });
});
