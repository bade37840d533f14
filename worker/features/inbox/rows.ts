import type { Channel, Contact, Message, Thread } from "../../db/schema/inbox";

/** Raw D1 rows (snake_case, 0/1 booleans, JSON text) → the drizzle row types the serializers take. */
type Raw = Record<string, unknown>;

const bool = (v: unknown) => v === 1 || v === true || v === "1";
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
function json<T>(v: unknown, fallback: T): T {
  if (typeof v !== "string") return (v as T) ?? fallback;
  try {
    return JSON.parse(v) as T;
  } catch {
    return fallback;
  }
}

export function rowToChannel(r: Raw): Channel {
  return {
    id: String(r.id),
    accountId: String(r.account_id),
    platform: r.platform as Channel["platform"],
    externalId: String(r.external_id),
    name: String(r.name ?? ""),
    assistantId: str(r.assistant_id),
    enabled: bool(r.enabled),
    credentials: str(r.credentials),
    webhookSecretHash: str(r.webhook_secret_hash),
    state: json(r.state, {}),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

export function rowToContact(r: Raw): Contact {
  return {
    id: String(r.id),
    accountId: String(r.account_id),
    platform: r.platform as Contact["platform"],
    platformUserId: String(r.platform_user_id),
    name: String(r.name ?? ""),
    platformUsername: str(r.platform_username),
    phone: str(r.phone),
    avatar: str(r.avatar),
    status: (r.status as Contact["status"]) ?? null,
    about: str(r.about),
    isTestContact: bool(r.is_test_contact),
    subscription: (r.subscription as Contact["subscription"]) ?? "subscribed",
    searchText: String(r.search_text ?? ""),
    customFields: json(r.custom_fields, {}),
    facts: json(r.facts, []),
    firstSeenAt: Number(r.first_seen_at),
    lastSeenAt: Number(r.last_seen_at),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

export function rowToThread(r: Raw): Thread {
  return {
    id: String(r.id),
    accountId: String(r.account_id),
    contactId: String(r.contact_id),
    channelId: str(r.channel_id),
    kind: r.kind as Thread["kind"],
    externalThreadId: String(r.external_thread_id ?? ""),
    assistantId: str(r.assistant_id),
    status: r.status as Thread["status"],
    gptStatus: r.gpt_status as Thread["gptStatus"],
    isGptActive: bool(r.is_gpt_active),
    lastMessage: str(r.last_message),
    lastMessageType: (r.last_message_type as Thread["lastMessageType"]) ?? null,
    lastMessageAt: num(r.last_message_at),
    lastIncomingAt: num(r.last_incoming_at),
    unreadCount: Number(r.unread_count ?? 0),
    searchText: String(r.search_text ?? ""),
    platform: (r.platform as Thread["platform"]) ?? null,
    isTest: bool(r.is_test),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

export function rowToMessage(r: Raw): Message {
  return {
    id: String(r.id),
    accountId: String(r.account_id),
    threadId: String(r.thread_id),
    contactId: String(r.contact_id),
    type: r.type as Message["type"],
    direction: r.direction as Message["direction"],
    content: String(r.content ?? ""),
    payloadUrl: str(r.payload_url),
    fileName: str(r.file_name),
    mimeType: str(r.mime_type),
    fileSize: num(r.file_size),
    isSystem: bool(r.is_system),
    isSent: bool(r.is_sent),
    isDelivered: bool(r.is_delivered),
    isRead: bool(r.is_read),
    deliveryStatus: (r.delivery_status as Message["deliveryStatus"]) ?? null,
    metadata: json(r.metadata, {}),
    senderType: r.sender_type as Message["senderType"],
    senderUserId: str(r.sender_user_id),
    platformMessageId: str(r.platform_message_id),
    dedupeKey: str(r.dedupe_key),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/** A random byte's character in an id (the byte modulo 36, in base 36). */
const ID_CHAR = Array.from({ length: 256 }, (_, b) => (b % 36).toString(36));
/**
 * Random bytes for ids, drawn from the CSPRNG a page at a time and each used once: one
 * getRandomValues call and one small array per id cost more than the rest of the id (three ids per
 * ingested message; 4.2 against 0.3 µs per id in Node 22, though too little for bench/channels-ingest
 * to see).
 */
const idBytes = new Uint8Array(4096);
let idByte = idBytes.length;

function randomSuffix(length: number): string {
  if (idByte + length > idBytes.length) {
    crypto.getRandomValues(idBytes);
    idByte = 0;
  }
  let suffix = "";
  for (let i = 0; i < length; i++) suffix += ID_CHAR[idBytes[idByte + i]!];
  idByte += length;
  return suffix;
}

/**
 * The id of an incoming message whose platform numbers its messages (Telegram's `message_id` grows
 * within a chat): the platform's time, then its sequence. The log sorts by (created_at, id) and a
 * Telegram message's created_at is its whole second, so two messages of one second keep the
 * platform's order whichever arrives first (an arrival-time id would put them in arrival order).
 * "~" sorts after every character of an orderedId, so this never interleaves with one of the same ms.
 */
export function sequencedId(createdAt: number, seq: number): string {
  return createdAt.toString(36).padStart(9, "0") + "~" + seq.toString(36).padStart(8, "0") + randomSuffix(6);
}

let lastMs = 0;
let seqInMs = 0;
let msPrefix = "";
/**
 * Ids that sort in creation order even within one millisecond of one isolate (messages of one
 * batch keep their order under the (createdAt, id) cursor): 9 chars time, 3 chars counter, 8 random.
 */
export function orderedId(): string {
  const now = Date.now();
  if (now === lastMs) seqInMs++;
  else {
    lastMs = now;
    seqInMs = 0;
    msPrefix = now.toString(36).padStart(9, "0");
  }
  return msPrefix + Math.min(seqInMs, 46655).toString(36).padStart(3, "0") + randomSuffix(8);
}
