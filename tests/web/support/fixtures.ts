import { vi } from "vitest";
import type { MessageDto } from "@worker/features/inbox/serialize";

/**
 * Shared pieces of the web tests: a message as the server serializes it (a customer's delivered
 * text message unless the test says otherwise; a test may leave it without a thread), the
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
