import ReconnectingWebSocket from "partysocket/ws";
import { useEffect, useRef, useSyncExternalStore } from "react";
import {
  ACCESS_REVOKED_CLOSE,
  parseServerFrame,
  REVOKED_REASONS,
  type JoinedAccountData,
  type RevokedReason,
  type ServerEvent,
  type ServerEventData,
  type ServerFrame,
} from "@do/account-room/protocol";
import { queryClient } from "./query";
import { getAccessToken, hasAccessToken } from "./session";
import { createStore } from "./utils";

/**
 * The account's live socket (SPEC §2.4, §4, §7.8; ARCHITECTURE "Contracts").
 * - One socket per account route: `connectAccount(accountId)` is called by the router's account
 *   scope on entering (web/lib/account-route.ts) and its returned function on leaving. Other
 *   users (the test-chat popup…) take a reference with `useAccountSocket(accountId)`; the socket
 *   closes when the last reference is released.
 * - partysocket reconnects with a delay growing from 1 s to 5 s, connection timeout 20 s. The URL
 *   is built at every attempt, so a refreshed token is used and a signed-out user is not retried.
 * - On open it sends `joinAccount {accountId, lastSeq}`: the room replays every event after the
 *   last sequence number seen (no gaps, no duplicates); `resync` means the backlog no longer
 *   reaches back, so every query of the account is invalidated.
 * - Features subscribe with `onSocketEvent(event, handler)` / `useSocketEvent` and patch or
 *   invalidate their React Query keys under ["accounts", accountId, …].
 * - Connect errors are only logged (SPEC §8).
 * - A close with ACCESS_REVOKED_CLOSE means the user lost access to the account (removed, left,
 *   account deleted): the socket is not reopened, the session is refetched and `onAccessLost`
 *   listeners (the account scope) are told why.
 * - Every rejoin after the first refetches the session: a role changed while the socket was down
 *   (its `membershipChanged` frame was missed) shows without a reload.
 */
export type SocketStatus = "idle" | "connecting" | "open" | "closed";

export interface SocketEventMeta {
  accountId: string;
  seq?: number;
}

/** `joinedAccount` as handed to handlers: `fresh` is true for the first join of this socket (nothing replayed). */
export interface JoinedEvent extends JoinedAccountData {
  fresh: boolean;
}

type Handler<T = unknown> = (data: T, meta: SocketEventMeta) => void;
/** What a handler of `event` receives: the room's events as protocol.ts declares them. */
export type SocketEventData<E extends ServerEvent> = E extends "joinedAccount" ? JoinedEvent : ServerEventData[E];

export const SOCKET_OPTIONS = {
  minReconnectionDelay: 1000,
  maxReconnectionDelay: 5000,
  reconnectionDelayGrowFactor: 1.5,
  connectionTimeout: 20_000,
  maxRetries: Number.POSITIVE_INFINITY,
} as const;

interface Connection {
  accountId: string;
  ws: ReconnectingWebSocket;
  refs: number;
  /** Highest sequence number seen; sent on every (re)join. */
  lastSeq: number | undefined;
  joinedOnce: boolean;
  /** Pending close after the last reference was released (see CLOSE_GRACE_MS). */
  closeTimer?: ReturnType<typeof setTimeout>;
}

/** How long an unreferenced socket stays open in case it is taken again at once. */
export const CLOSE_GRACE_MS = 1000;

const handlers = new Map<string, Set<Handler>>();
const accessLost = new Set<(accountId: string, reason: RevokedReason) => void>();
const statusStore = createStore<{ accountId: string | null; status: SocketStatus }>({ accountId: null, status: "idle" });
let current: Connection | null = null;

const log = (msg: string, extra?: unknown) => console.warn(`[socket] ${msg}`, extra ?? "");

export function socketUrl(accountId: string, token: string): string {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  return `${proto}//${location.host}/ws?token=${encodeURIComponent(token)}&accountId=${encodeURIComponent(accountId)}`;
}

/** Hands an event's data to its handlers (onSocketEvent keys them by event, so the data is theirs). */
function emit<E extends ServerEvent>(event: E, data: SocketEventData<E>, meta: SocketEventMeta) {
  for (const h of handlers.get(event) ?? []) {
    try {
      h(data, meta);
    } catch (error) {
      console.error(`[socket] handler of ${event} failed`, error);
    }
  }
}

function setStatus(accountId: string | null, status: SocketStatus) {
  const s = statusStore.get();
  if (s.accountId !== accountId || s.status !== status) statusStore.set({ accountId, status });
}

function open(accountId: string): Connection {
  const conn: Connection = {
    accountId,
    refs: 0,
    lastSeq: undefined,
    joinedOnce: false,
    ws: new ReconnectingWebSocket(
      () => {
        const token = getAccessToken();
        if (!token) {
          // Signed out meanwhile: no connection without a token (SPEC §4), and no more retries.
          queueMicrotask(() => conn.ws.close(1000, "signed out"));
          throw new Error("no access token");
        }
        return socketUrl(accountId, token);
      },
      undefined,
      { ...SOCKET_OPTIONS, shouldReconnectOnClose: (e: CloseEvent) => e.code !== ACCESS_REVOKED_CLOSE && hasAccessToken() },
    ),
  };
  setStatus(accountId, "connecting");
  conn.ws.addEventListener("open", () => {
    setStatus(accountId, "open");
    const data: { accountId: string; lastSeq?: number } = { accountId };
    if (conn.lastSeq !== undefined) data.lastSeq = conn.lastSeq;
    conn.ws.send(JSON.stringify({ event: "joinAccount", data }));
  });
  conn.ws.addEventListener("close", (e: CloseEvent) => {
    if (e.code === ACCESS_REVOKED_CLOSE) {
      revoked(conn, (REVOKED_REASONS as readonly string[]).includes(e.reason) ? (e.reason as RevokedReason) : "removed");
      return;
    }
    if (current === conn) setStatus(accountId, hasAccessToken() ? "connecting" : "closed");
  });
  conn.ws.addEventListener("error", (e) => log("connection error", (e as { message?: string }).message));
  conn.ws.addEventListener("message", (e: MessageEvent) => {
    const frame = parseServerFrame(e.data);
    if (!frame) {
      log("unreadable frame");
      return;
    }
    if (frame.event === "joinedAccount") {
      const joined = frame.data;
      const fresh = !conn.joinedOnce;
      conn.joinedOnce = true;
      if (!fresh) void queryClient.invalidateQueries({ queryKey: ["auth"] }, { cancelRefetch: false });
      if (joined.resync) {
        queryClient.invalidateQueries({ queryKey: ["accounts", accountId] });
      }
      conn.lastSeq = joined.seq - joined.replayed;
      emit("joinedAccount", { ...joined, fresh }, { accountId, seq: joined.seq });
      return;
    }
    if (typeof frame.seq === "number") {
      // A replayed event the client already has (never expected, but harmless to skip).
      if (conn.lastSeq !== undefined && frame.seq <= conn.lastSeq) return;
      conn.lastSeq = frame.seq;
    }
    if (frame.event === "error") log("server error", frame.data);
    emit(frame.event, frame.data, { accountId, seq: frame.seq });
  });
  return conn;
}

/** The room shut the user out of the account: no reconnect, the next connectAccount opens afresh. */
function revoked(conn: Connection, reason: RevokedReason) {
  const { accountId } = conn;
  if (current === conn) {
    current = null;
    setStatus(accountId, "closed");
  }
  // The session no longer lists the account; the accounts page neither.
  void queryClient.invalidateQueries({ queryKey: ["auth"] });
  void queryClient.invalidateQueries({ queryKey: ["accounts", "list"] });
  for (const h of accessLost) {
    try {
      h(accountId, reason);
    } catch (error) {
      console.error("[socket] access-lost handler failed", error);
    }
  }
}

/** Called when the room closes the account's socket because the user lost access to it (and why). */
export function onAccessLost(handler: (accountId: string, reason: RevokedReason) => void): () => void {
  accessLost.add(handler);
  return () => {
    accessLost.delete(handler);
  };
}

/**
 * Takes a reference on the account's socket (opening it if needed) and returns the release.
 * Without an access token nothing is opened. Switching to another account closes the old socket.
 */
export function connectAccount(accountId: string): () => void {
  if (!accountId || !hasAccessToken()) return () => {};
  if (current && current.accountId !== accountId) {
    clearTimeout(current.closeTimer);
    current.ws.close(1000, "account switched");
    current = null;
  }
  if (!current) current = open(accountId);
  const conn = current;
  conn.refs++;
  clearTimeout(conn.closeTimer);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    conn.refs--;
    if (conn.refs > 0) return;
    // A page often lets go of the socket just before the next holder takes it (a view that
    // remounts, the account scope's reference arriving after the page's): closing at once would
    // drop a connection still being opened (a console warning) and open a second one.
    clearTimeout(conn.closeTimer);
    conn.closeTimer = setTimeout(() => {
      if (conn.refs > 0) return;
      conn.ws.close(1000, "left account");
      if (current === conn) {
        current = null;
        setStatus(null, "idle");
      }
    }, CLOSE_GRACE_MS);
  };
}

/** Subscribes to one server event (`message`, `updateContact`, `deleteContact`, `core::whatsappStateChanged`, `joinedAccount`…). */
export function onSocketEvent<E extends ServerEvent>(event: E, handler: Handler<SocketEventData<E>>): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(handler as Handler);
  return () => {
    set.delete(handler as Handler);
  };
}

/** Sends a client frame on the open socket of the account; false when not connected. */
export function sendSocket(accountId: string, event: string, data?: unknown): boolean {
  if (!current || current.accountId !== accountId || current.ws.readyState !== ReconnectingWebSocket.OPEN) return false;
  current.ws.send(JSON.stringify({ event, data }));
  return true;
}

export function getSocketStatus(accountId: string): SocketStatus {
  const s = statusStore.get();
  return s.accountId === accountId ? s.status : "idle";
}

/**
 * Keeps the account's socket open while the component is mounted and returns its status.
 * Inside an account route the router already holds a reference; this adds one (harmless).
 */
export function useAccountSocket(accountId: string | null | undefined): { status: SocketStatus; connected: boolean } {
  useEffect(() => (accountId ? connectAccount(accountId) : undefined), [accountId]);
  const s = useSyncExternalStore(statusStore.subscribe, statusStore.get, statusStore.get);
  const status = accountId && s.accountId === accountId ? s.status : "idle";
  return { status, connected: status === "open" };
}

/** Hook form of onSocketEvent: the latest handler is called, only events of `accountId` are passed on. */
export function useSocketEvent<E extends ServerEvent>(event: E, accountId: string | null | undefined, handler: Handler<SocketEventData<E>>) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!accountId) return;
    return onSocketEvent(event, (data, meta) => {
      if (meta.accountId === accountId) ref.current(data, meta);
    });
  }, [event, accountId]);
}
