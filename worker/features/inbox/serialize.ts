import type { Contact, Message, Thread } from "../../db/schema/inbox";
import { searchFold } from "../../lib/search-fold";

/**
 * The §3 shapes of the API and the socket, in one place so every producer (routes, ingest, the
 * assistant, channels, the room's alarm) sends the same fields.
 */
export interface ThreadDto {
  threadId: string;
  status: Thread["status"];
  gptStatus: Thread["gptStatus"];
  isGptActive: boolean;
  lastMessage: string | null;
  lastMessageType: Thread["lastMessageType"];
  updatedAt: number;
  unreadCount: number;
  channelId: string | null;
  kind: Thread["kind"];
  assistantId: string | null;
  /** §3 "Test chat contact": the assistant of a test chat (same as assistantId there). */
  testChatAssistantId: string | null;
  lastIncomingAt: number | null;
  /** The thread's unfinished flow run (worker/features/flows/runtime), where the payload carries it. */
  flow?: ThreadFlowDto | null;
}

/** A thread's flow in the chat header: which flow, where it is, whether it runs, waits or is paused. */
export interface ThreadFlowDto {
  runId: string;
  flowId: string;
  flowName: string;
  status: "running" | "waiting" | "paused";
  stepName: string;
}

export interface ContactDto {
  contactId: string;
  name: string;
  platformUsername: string | null;
  platformUserId: string;
  platform: Contact["platform"];
  avatar: string | null;
  status: Contact["status"];
  about: string | null;
  phone: string | null;
  isTestContact: boolean;
  customFields: Record<string, unknown>;
  firstSeenAt: number;
  lastSeenAt: number;
  createdAt: number;
  updatedAt: number;
  thread: ThreadDto | null;
}

export interface MessageDto {
  messageId: string;
  messageType: Message["type"];
  messageDirection: Message["direction"];
  content: string;
  createdAt: number;
  updatedAt: number;
  payloadUrl: string | null;
  fileName: string | null;
  mimeType: string | null;
  fileSize: number | null;
  isSystem: boolean;
  isRead: boolean;
  isDelivered: boolean;
  isSent: boolean;
  deliveryStatus: Message["deliveryStatus"];
  senderType: Message["senderType"];
  metadata: Record<string, unknown>;
  contactId: string;
  threadId: string;
  /** The contact as committed with this message, its thread (as committed) inside. */
  contact?: ContactDto;
  /** The thread as committed, only when no contact comes along (otherwise it is `contact.thread`). */
  thread?: ThreadDto;
}

export function serializeThread(t: Thread): ThreadDto {
  return {
    threadId: t.id,
    status: t.status,
    gptStatus: t.gptStatus,
    isGptActive: t.isGptActive,
    lastMessage: t.lastMessage,
    lastMessageType: t.lastMessageType,
    updatedAt: t.updatedAt,
    unreadCount: t.unreadCount,
    channelId: t.channelId,
    kind: t.kind,
    assistantId: t.assistantId,
    testChatAssistantId: t.channelId === null ? t.assistantId : null,
    lastIncomingAt: t.lastIncomingAt,
  };
}

export function serializeContact(c: Contact, t: Thread | null): ContactDto {
  return {
    contactId: c.id,
    name: c.name,
    platformUsername: c.platformUsername,
    platformUserId: c.platformUserId,
    platform: c.platform,
    avatar: c.avatar,
    status: c.status,
    about: c.about,
    phone: c.phone,
    isTestContact: c.isTestContact,
    customFields: c.customFields ?? {},
    firstSeenAt: c.firstSeenAt,
    lastSeenAt: c.lastSeenAt,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    thread: t ? serializeThread(t) : null,
  };
}

export function serializeMessage(m: Message, contact?: Contact | null, thread?: Thread | null): MessageDto {
  const dto: MessageDto = {
    messageId: m.id,
    messageType: m.type,
    messageDirection: m.direction,
    content: m.content,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    payloadUrl: mediaUrl(m.accountId, m.payloadUrl),
    fileName: m.fileName,
    mimeType: m.mimeType,
    fileSize: m.fileSize,
    isSystem: m.isSystem,
    isRead: m.isRead,
    isDelivered: m.isDelivered,
    isSent: m.isSent,
    deliveryStatus: m.deliveryStatus,
    senderType: m.senderType,
    metadata: m.metadata ?? {},
    contactId: m.contactId,
    threadId: m.threadId,
  };
  if (contact) dto.contact = serializeContact(contact, thread ?? null);
  else if (thread) dto.thread = serializeThread(thread);
  return dto;
}

/** R2 keys (`accounts/<accountId>/…`) become the account-scoped media route; other URLs pass through. */
export function mediaUrl(accountId: string, stored: string | null): string | null {
  if (!stored) return null;
  const prefix = `accounts/${accountId}/`;
  if (stored.startsWith(prefix)) return `/api/accounts/${accountId}/media/${stored.slice(prefix.length).split("/").map(encodeURIComponent).join("/")}`;
  return stored;
}

/** Thread's list preview of a message: its text, or the file name for attachments. */
export function previewOf(m: { type: Message["type"]; content: string; fileName?: string | null }): string {
  const text = m.content?.trim() ?? "";
  if (text) return text.length > 500 ? text.slice(0, 500) : text;
  return m.fileName ?? "";
}

/** The search haystack of a thread, folded (lib/search-fold.ts: lower case, ё as е) as the needle is. */
export function threadSearchText(contact: { name: string; platformUsername: string | null; phone?: string | null }, lastMessage: string | null): string {
  return searchFold([contact.name, contact.platformUsername ?? "", lastMessage ?? ""].join("\n")).slice(0, 1200);
}

/** The search haystack of a contact, folded the same way. */
export function contactSearchText(contact: { name: string; platformUsername: string | null; phone: string | null; platformUserId: string }): string {
  return searchFold([contact.name, contact.platformUsername ?? "", contact.phone ?? "", contact.platformUserId].join("\n")).slice(0, 600);
}
