import type { InboundEvent, MediaRef, MessengerPlatform, OutgoingPayload } from "./types";

/**
 * One messenger behind one interface: the webhook routes, the inbound consumer and the outbound
 * sender call these and never branch on the platform. A new channel is one folder under
 * `worker/channels/` with its client, its parser and its adapter, plus one line in `registry.ts`.
 */

/** The Worker's configuration a channel reads (a structural part of `Env`, so this layer stays below it). */
export interface ChannelEnv {
  TELEGRAM_API_BASE: string;
  META_GRAPH_BASE: string;
  META_APP_SECRET?: string;
}

export type HeaderGetter = (name: string) => string | undefined;

/** The connected channel as a parser sees it (the channel's row itself: nothing is built per message). */
export interface ChannelCtx {
  accountId: string;
  id: string;
  /** Bot id, idInstance, Instagram account id. */
  externalId: string;
  assistantId: string | null;
  state: Record<string, unknown>;
}

/** What a sender or a media download may need of the channel; credentials are opened only when asked for. */
export interface ChannelCall {
  env: ChannelEnv;
  externalId: string;
  creds<T>(): Promise<T>;
}

export interface SendRequest extends ChannelCall {
  /** The contact's id on the platform (chat id, phone chat id, Instagram-scoped id). */
  chatId: string;
  threadKind: "dm" | "comments";
  metadata: Record<string, unknown>;
  messageId: string;
  payload: OutgoingPayload;
  /** The platform id of the thread's latest incoming message (comment threads answer the last comment). */
  lastIncomingId(): Promise<string | null>;
}

/**
 * How a platform's webhooks prove where they come from.
 * `channel`: a secret per connected channel, checked by the route against the stored hash; the path
 * names the account. `app`: one secret of our app (a signature over the raw body); the body names
 * the accounts, so the consumer finds each part's channel by its external id.
 */
export type WebhookAuth =
  | { scope: "channel"; secretHeader: { name: string; bearer?: boolean }; refusal: string }
  | { scope: "app"; verify(raw: Uint8Array<ArrayBuffer>, header: HeaderGetter, env: ChannelEnv): Promise<boolean>; refusal: string; answer: string };

/** A webhook body split by the channel it concerns (`externalId` for app-scoped webhooks). */
export type WebhookParts = { parts: { externalId?: string; body: unknown }[] } | { ignored: string };

export interface ChannelLimits {
  /** Send pacing: the gap between two sends of one channel, and of one chat. */
  pacing: { channelMs: number; chatMs: number };
  /** After the customer's last message, how long a direct reply may go out (none: no window). */
  replyWindow?: { ms: number; code: string; reason: string };
  /** The platform takes attachments by public URL only (never as uploaded bytes). */
  attachmentsByUrl: boolean;
}

export interface ChannelAdapter {
  platform: MessengerPlatform;
  webhook: WebhookAuth;
  /**
   * Splits a verified body of an app-scoped webhook into the parts of each channel. Absent for
   * channel-scoped webhooks: the whole body is the one channel's.
   */
  split?(body: unknown): WebhookParts;
  /** One part → the common inbox events, appended to `into` (no array per message on the hot path). */
  parse(part: unknown, ch: ChannelCtx, into: InboundEvent[]): void;
  /** The platform's own delivery state word → ours (null: not a delivery state we keep). */
  deliveryState(raw: string): "sent" | "delivered" | "read" | "failed" | null;
  /** Where an incoming attachment's bytes can be downloaded. */
  mediaUrl(ref: MediaRef, call: ChannelCall): Promise<string>;
  send(req: SendRequest): Promise<{ platformMessageId: string }>;
  limits: ChannelLimits;
}
