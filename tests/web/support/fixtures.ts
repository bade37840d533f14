import { vi } from "vitest";
import type { ContactDto, MessageDto } from "@worker/features/inbox/serialize";

/**
 * Shared pieces of the web tests: a message as the server serializes it (a customer's delivered
 * text message unless the test says otherwise; a test may leave it without a thread), a contact
 * with its thread as the contact list gets them, the
 * ResizeObserver jsdom lacks, and a recorded fake fetch with JSON answers.
 */
export function messageDto(over: Omit<Partial<MessageDto>, "threadId"> & { threadId?: string | null } = {}): MessageDto {
  return {
    messageId: "m1",
    messageType: "text",
    messageDirection: "incoming",
    content: "",
    createdAt: 0,
    updatedAt: 0,
    payloadUrl: null,
    fileName: null,
    mimeType: null,
    fileSize: null,
    isSystem: false,
    isRead: false,
    isDelivered: true,
    isSent: true,
    deliveryStatus: "delivered",
    senderType: "contact",
    metadata: {},
    contactId: "c1",
    threadId: "t1",
    ...over,
  } as MessageDto;
}

/** A Telegram contact with its active DM thread (no last message) as the contact list gets them; `thread` overrides the thread's fields. */
export function contactDto(over: Partial<Omit<ContactDto, "thread">> = {}, thread: Partial<NonNullable<ContactDto["thread"]>> = {}): ContactDto {
  return {
    contactId: "c1",
    name: "Анна Смирнова",
    platformUsername: null,
    platformUserId: "1",
    platform: "TELEGRAM",
    avatar: null,
    status: null,
    about: null,
    phone: null,
    isTestContact: false,
    customFields: {},
    firstSeenAt: 0,
    lastSeenAt: 0,
    createdAt: 0,
    updatedAt: 0,
    ...over,
    thread: {
      threadId: "t1",
      status: "active",
      gptStatus: "COMPLETED",
      isGptActive: true,
      lastMessage: null,
      lastMessageType: null,
      updatedAt: 0,
      unreadCount: 0,
      channelId: null,
      kind: "dm",
      assistantId: null,
      testChatAssistantId: null,
      lastIncomingAt: null,
      flow: null,
      ...thread,
    },
  } as unknown as ContactDto;
}

/** Radix and the chat log measure elements; jsdom has no ResizeObserver. */
export function stubResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/** A JSON answer of the API with its status. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/**
 * The contact's own answer (GET …/contacts/{id}: tags, fields, subscription) when `url` asks for one,
 * else null: a list's `{ data: [] }` in its place crashes the panels that show a contact's tags.
 */
export function contactProfileReply(url: string): Response | null {
  const id = /\/contacts\/([^/?]+)$/.exec(url)?.[1];
  return id ? jsonResponse(200, { contactId: id, tags: [], fieldValues: {}, subscription: "subscribed", isTestContact: false }) : null;
}

export type FetchCall = { url: string; init: RequestInit };

/** Replaces fetch until vi.unstubAllGlobals(): `reply` answers each call, and the returned list records them in order. */
export function stubFetch(reply: (url: string, init: RequestInit) => Response): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return reply(url, init);
    }),
  );
  return calls;
}

/** A broadcast draft as the API answers a save of `body` (its name, audience, content), on `channel` or none. */
export function broadcastDraftDto(body: Record<string, unknown>, channel: { channelId: string; platform: string; name: string } | null = null) {
  return {
    broadcastId: "bc-1",
    name: body.name,
    channelId: channel?.channelId ?? null,
    channel,
    status: "draft",
    audience: body.audience,
    content: { media: null, buttons: [], ...(body.content as object) },
    pacing: {},
    scheduledAt: null,
    pausedReason: null,
    counts: { total: 0, queued: 0, sent: 0, delivered: 0, read: 0, failed: 0, skipped: 0, clicks: 0 },
    quotaReserved: 0,
    author: null,
    startedAt: null,
    completedAt: null,
    createdAt: 1,
    updatedAt: 1,
  };
}
