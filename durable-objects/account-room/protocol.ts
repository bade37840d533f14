// @shared-with-spa: the socket contract, read at run time by the room, the worker and the SPA; only type imports from the worker.
import type { ContactDto, MessageDto } from "../../worker/features/inbox/serialize";
import type { BroadcastStatsDto } from "../../worker/features/broadcasts/contract";
import type { whatsappSettingsDto } from "../../worker/features/channels/whatsapp-dto";
import type { Role } from "../../worker/db/schema/accounts";

/**
 * The socket contract (ARCHITECTURE "Contracts"), shared by the room, the worker and the SPA.
 * Frames are JSON `{ event, data }`; every pushed domain event also carries the account's
 * sequence number `seq` (strictly increasing by 1 per account, in the order the room accepted it).
 *
 * Reconnect: the client remembers the highest `seq` it saw and sends it as `lastSeq` in
 * `joinAccount`; the room answers `joinedAccount` and then replays every event after `lastSeq`
 * (no gaps, no duplicates). If the backlog no longer reaches back that far, `joinedAccount`
 * carries `resync: true` and the client refetches its lists instead.
 */
export const SERVER_EVENTS = ["joinedAccount", "message", "removeMessage", "updateContact", "deleteContact", "core::whatsappStateChanged", "broadcast", "membershipChanged", "error", "pong"] as const;
export type ServerEvent = (typeof SERVER_EVENTS)[number];

/** Events that go through the sequenced, stored fan-out (everything pushed by the server side). */
export const ROOM_EVENTS = ["message", "removeMessage", "updateContact", "deleteContact", "core::whatsappStateChanged", "broadcast"] as const;
export type RoomEvent = (typeof ROOM_EVENTS)[number];

/**
 * What a client may send. The room checks it with the zod schema in client-frames.ts, kept out of
 * this module so the SPA, which reads this contract at run time, does not load zod with its socket.
 */
export type ClientFrame = { event: "joinAccount"; data: { accountId: string; lastSeq?: number } } | { event: "ping"; data?: unknown };


export interface JoinedAccountData {
  accountId: string;
  /** The room's current sequence number: the client's new `lastSeq`. */
  seq: number;
  /** Number of events replayed right after this frame (lastSeq+1 … seq). */
  replayed: number;
  /** True when the missed events are no longer all stored: refetch lists. */
  resync: boolean;
}

/**
 * `removeMessage` data: a message shown before its write (an operator's reply, pushed while it is
 * stored) that was not stored after all; the chat drops it.
 */
export interface RemoveMessageData {
  messageId: string;
  contactId: string;
  threadId: string;
}

/** `deleteContact` data. */
export interface DeleteContactData {
  contactId: string;
}

/** What each pushed event carries: publishers (worker/features/inbox/realtime.ts) and the SPA's handlers (web/lib/socket.ts) are typed by it. */
export interface RoomEventData {
  message: MessageDto;
  removeMessage: RemoveMessageData;
  updateContact: ContactDto;
  deleteContact: DeleteContactData;
  "core::whatsappStateChanged": ReturnType<typeof whatsappSettingsDto>;
  /** A broadcast's counts changed (one frame per pump tick, not per recipient) or its status did. */
  broadcast: BroadcastStatsDto;
}

/** `error` data: a code for programs and a Russian sentence for people. */
export interface ErrorFrameData {
  code: "BAD_FRAME" | "WRONG_ACCOUNT";
  message: string;
}

/**
 * `membershipChanged` data: sent (not sequenced, not stored) to the sockets of one user whose role
 * in the account changed; the SPA refetches its session and abilities.
 */
export interface MembershipChangedData {
  role: Role;
}

/**
 * Why the room closed a user's sockets with ACCESS_REVOKED_CLOSE (the close frame's reason): the
 * user was removed from the account, left it, or the account was deleted. Such a socket is not
 * reconnected: the user no longer has access.
 */
export const REVOKED_REASONS = ["removed", "left", "accountDeleted"] as const;
export type RevokedReason = (typeof REVOKED_REASONS)[number];
/** The close code of a socket whose user lost access to the account (4000–4999: the application's own). */
export const ACCESS_REVOKED_CLOSE = 4403;

/** `pong` data. */
export interface PongData {
  at: number;
}

/** What every server event carries: the pushed ones (RoomEventData) and the room's own replies. */
export interface ServerEventData extends RoomEventData {
  joinedAccount: JoinedAccountData;
  membershipChanged: MembershipChangedData;
  error: ErrorFrameData;
  pong: PongData;
}

/** A pushed, sequenced frame of one room event. */
export type RoomFrame = { [E in RoomEvent]: { event: E; data: RoomEventData[E]; seq: number } }[RoomEvent];

/**
 * Every frame the server sends, discriminated by `event`: narrowing on `frame.event` types
 * `frame.data`, so neither the room nor the SPA casts.
 */
export type ServerFrame = RoomFrame | { [E in Exclude<ServerEvent, RoomEvent>]: { event: E; data: ServerEventData[E]; seq?: undefined } }[Exclude<ServerEvent, RoomEvent>];

/** Serialises a frame the room answers with itself (the pushed ones are stored pre-serialised). */
export const encodeFrame = (frame: ServerFrame): string => JSON.stringify(frame);

const SERVER_EVENT_SET: ReadonlySet<string> = new Set(SERVER_EVENTS);

/**
 * Reads a server frame off the wire: null for anything that is not JSON `{ event, data }` with a
 * known event (and, for pushed events, a numeric seq). The data itself is trusted: the room only
 * relays what the worker published under the same types.
 */
export function parseServerFrame(raw: unknown): ServerFrame | null {
  if (typeof raw !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const { event, seq } = value as { event?: unknown; seq?: unknown };
  if (typeof event !== "string" || !SERVER_EVENT_SET.has(event)) return null;
  if (seq !== undefined && typeof seq !== "number") return null;
  if (!("data" in value) && event !== "pong") return null;
  return value as ServerFrame;
}

/** How many events the room keeps for catch-up. */
export const BACKLOG_SIZE = 5000;
/** The waiting state (§4, §9): cleared by the reply or after this long. */
export const WAITING_TIMEOUT_MS = 30_000;
