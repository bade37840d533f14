import { z } from "zod";
import { MESSAGE_TYPES, PLATFORMS, type Platform } from "../db/schema/inbox";

/**
 * The contract between the messengers and the rest of the Worker. This folder is the lowest layer:
 * it imports nothing from `features/`, so everything a channel produces or needs is typed here.
 */

export type MessengerPlatform = Exclude<Platform, "WEBCHAT">;

/**
 * One message from outside in the inbox's terms: what every channel's parser produces and what
 * the inbox's one entry (features/inbox/ingest.ts, idempotent on `dedupeKey`) validates with
 * this same schema.
 */
export const incomingItemSchema = z.object({
  accountId: z.string().min(1).max(64),
  channelId: z.string().min(1).max(64).nullable(),
  platform: z.enum(PLATFORMS),
  contact: z.object({
    platformUserId: z.string().min(1).max(200),
    name: z.string().max(200).optional(),
    platformUsername: z.string().max(200).nullish(),
    phone: z.string().max(50).nullish(),
    avatar: z.string().max(2000).nullish(),
    isTestContact: z.boolean().optional(),
  }),
  thread: z
    .object({
      kind: z.enum(["dm", "comments"]).optional(),
      externalThreadId: z.string().max(200).optional(),
      assistantId: z.string().max(64).nullish(),
    })
    .optional(),
  message: z.object({
    type: z.enum(MESSAGE_TYPES),
    direction: z.enum(["incoming", "outgoing", "system"]).default("incoming"),
    content: z.string().max(100_000).default(""),
    payloadUrl: z.string().max(2000).nullish(),
    fileName: z.string().max(300).nullish(),
    mimeType: z.string().max(200).nullish(),
    fileSize: z.number().int().min(0).nullish(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    platformMessageId: z.string().max(200).nullish(),
    dedupeKey: z.string().min(1).max(300),
    createdAt: z.number().int().positive().optional(),
    senderType: z.enum(["contact", "operator", "assistant", "system"]).optional(),
    senderUserId: z.string().max(64).nullish(),
  }),
});
export type IncomingItem = z.input<typeof incomingItemSchema>;

/** Where the bytes of an incoming attachment come from (downloaded by the consumer, stored in R2). */
export type MediaRef = { kind: "telegram"; fileId: string } | { kind: "url"; url: string };

export interface CommentInfo {
  commentId: string;
  mediaId: string;
  mediaProductType?: string;
  parentCommentId?: string;
  fromId: string;
  fromUsername?: string;
  text: string;
  at: number;
}

/** A press of a message's reply button (Telegram's callback query): `data` is the button's callback_data; the query must be answered. */
export interface ButtonPress {
  queryId: string;
  data: string;
}

export type DeliveryUpdate = "sent" | "delivered" | "read" | "failed";

export type InboundEvent =
  /** `echo`: sent by the business account itself (Instagram); dropped when it is one of our own sends. */
  | { kind: "message"; item: IncomingItem; media?: MediaRef; comment?: CommentInfo; pauseAi?: boolean; echo?: boolean; buttonPress?: ButtonPress }
  | { kind: "status"; platformMessageId: string; status: DeliveryUpdate; error?: string }
  /** Everything we sent to this contact up to `watermark` (ms) was read (Instagram). */
  | { kind: "read"; contactPlatformUserId: string; watermark: number }
  /**
   * The person blocked the bot (Telegram's my_chat_member "kicked"): no more broadcasts to them
   * (INTEGRATIONS §5), and a system line in their chat. `dedupeKey` keeps a redelivered update to one line.
   */
  | { kind: "unsubscribed"; contactPlatformUserId: string; dedupeKey?: string }
  /** The person unblocked the bot ("kicked" → "member"): a system line in their chat; the subscription stays as it is. */
  | { kind: "unblocked"; contactPlatformUserId: string; dedupeKey?: string }
  /** The connection's own state changed (WhatsApp instance); `wid` is the account's WhatsApp id when known. */
  | { kind: "state"; stateInstance: string; wid?: string }
  | { kind: "ignored"; reason: string };

/** The inbound queue message: a verified webhook's raw body. */
export interface InboundQueueMessage {
  kind: "webhook";
  platform: MessengerPlatform;
  /** Known for channels verified per account (from the path); others' bodies name their accounts inside. */
  accountId?: string;
  channelId?: string;
  receivedAt: number;
  body: string;
}

export type SendErrorKind = "rate_limited" | "transient" | "permanent";

/** A messenger refused or failed a call; the outbound sender decides from `kind` what to do. */
export class SendError extends Error {
  constructor(
    message: string,
    public readonly kind: SendErrorKind,
    public readonly httpStatus?: number,
    public readonly retryAfter?: number,
    /**
     * `RECIPIENT_GONE`: the person blocked the bot or deleted the account; no more broadcasts to them.
     * `UNCERTAIN`: the connection failed with no answer (a reset after the request went out looks
     * the same as a refused one): the messenger may have taken it, so a send is not repeated.
     */
    public readonly code?: "RECIPIENT_GONE" | "UNCERTAIN",
  ) {
    super(message);
  }
}

/** Classifies a messenger's HTTP answer: 429 waits, 5xx and network errors are transient, the rest permanent. */
export function sendErrorFor(status: number, description: string, retryAfter?: number): SendError {
  if (status === 429) return new SendError(description || "rate limited", "rate_limited", status, retryAfter ?? 1);
  if (status >= 500 || status === 408) return new SendError(description || `HTTP ${status}`, "transient", status);
  return new SendError(description || `HTTP ${status}`, "permanent", status);
}

export interface OutgoingPayload {
  type: string;
  content: string;
  /** The attachment's bytes when the message carries one (read from R2 by the sender). */
  file?: { bytes: ArrayBuffer; fileName: string; mimeType: string };
  fileUrl?: string;
}

export type Fetcher = typeof fetch;
