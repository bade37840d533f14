import type { MessageDto } from "@worker/features/inbox/serialize";

/**
 * Shared pieces of the web tests: a message as the server serializes it (a customer's delivered
 * text message unless the test says otherwise; a test may leave it without a thread) and the
 * ResizeObserver jsdom lacks.
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
