import { type Connection, type ConnectionContext, Server, type WSMessage } from "partyserver";
import type { Env } from "../../worker/env";
import { markThreadsCompleted } from "../../worker/features/inbox/thread-state";
import { createLogger } from "../../worker/lib/logger";
import { clientFrameSchema } from "./client-frames";
import type { Role } from "../../worker/db/schema/accounts";
import { ACCESS_REVOKED_CLOSE, BACKLOG_SIZE, encodeFrame, type JoinedAccountData, type RevokedReason, type RoomEvent, type RoomEventData } from "./protocol";

/**
 * The same JSON with every non-ASCII character as a \uXXXX escape. A frame goes to every socket of
 * the account, and the runtime encodes a string with Cyrillic in it to UTF-8 once per send; an
 * all-ASCII string is copied as it is. Any JSON parser reads both the same.
 */
export function asciiJson(json: string): string {
  // One callback per run of non-ASCII characters, not per character (a Cyrillic message is mostly such runs).
  const ascii = json.replace(/[\u0080-\uffff]+/g, (run) => {
    let out = "";
    for (let i = 0; i < run.length; i++) out += `\\u${run.charCodeAt(i).toString(16).padStart(4, "0")}`;
    return out;
  });
  // replace() keeps the two-byte representation of its input; a round trip through bytes gives
  // V8's one-byte string, which is what makes each send a plain copy.
  return utf8Decoder.decode(utf8Encoder.encode(ascii));
}
const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

/** Set by the worker's /ws route after it checked the token and the membership. */
export const ROOM_USER_HEADER = "x-assistly-room-user";
/**
 * Set by the same route: when (ms) it began reading the membership. A user whose access the room
 * revoked at or after that moment is refused, so an upgrade whose check ran just before a removal
 * and reaches the room just after it cannot slip in (see revokeAccess).
 */
export const ROOM_CHECKED_HEADER = "x-assistly-room-checked";

/** How long the room remembers a revocation: far longer than any upgrade takes to arrive. */
const REVOCATION_KEPT_MS = 24 * 60 * 60 * 1000;

interface ConnState {
  userId: string;
  joined: boolean;
}

/** One event to publish, typed by the contract (worker/features/inbox/realtime.ts sends the same shape). */
type RoomEventInput = { [E in RoomEvent]: { event: E; data: RoomEventData[E] } }[RoomEvent];

/**
 * One per account: the live room of the inbox.
 * - Every published event gets the next per-account `seq`, is stored (bounded backlog in the
 *   object's SQLite storage, so it survives hibernation and eviction) and pushed to joined sockets
 *   in that order. The object is single-threaded and publish does no await between numbering,
 *   storing and sending, so every socket sees one order.
 * - joinAccount with `lastSeq` replays the stored events after it before any live event.
 * - The §4 waiting state: per-thread deadlines in storage and one alarm at the earliest.
 */
/** WebSocket's own send, called on each socket of the fan-out (see publish). */
const wsSend = WebSocket.prototype.send;

export class AccountRoom extends Server<Env> {
  static override options = { hibernate: true };

  #schemaReady = false;
  /** The last issued seq, read from storage once per wake (every publish goes through this object). */
  #seq: number | null = null;
  /**
   * Joined sockets, kept in memory so a publish is one send per socket. Rebuilt from the sockets'
   * stored state after a wake (hibernation or eviction drops it), kept current by join and close.
   */
  #joined: Map<string, Connection<ConnState>> | null = null;
  /** The joined sockets as a plain array for the fan-out loop; rebuilt after any join or leave. */
  #fanout: WebSocket[] | null = null;
  /** The account id is in room_account (stored once per wake at most). */
  #accountStored = false;

  #joinedSockets(): Map<string, Connection<ConnState>> {
    if (this.#joined) return this.#joined;
    const map = new Map<string, Connection<ConnState>>();
    for (const conn of this.getConnections<ConnState>()) if (conn.state?.joined) map.set(conn.id, conn);
    this.#joined = map;
    return map;
  }

  #ensureSchema() {
    if (this.#schemaReady) return;
    const sql = this.ctx.storage.sql;
    sql.exec("CREATE TABLE IF NOT EXISTS room_events (seq INTEGER PRIMARY KEY, frame TEXT NOT NULL)");
    sql.exec("CREATE TABLE IF NOT EXISTS room_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL)");
    sql.exec("CREATE TABLE IF NOT EXISTS room_waiting (thread_id TEXT PRIMARY KEY, deadline INTEGER NOT NULL)");
    sql.exec("CREATE TABLE IF NOT EXISTS room_account (id INTEGER PRIMARY KEY CHECK (id = 1), account_id TEXT NOT NULL)");
    sql.exec("CREATE TABLE IF NOT EXISTS room_revoked (user_id TEXT PRIMARY KEY, at INTEGER NOT NULL)");
    this.#schemaReady = true;
  }

  #currentSeq(): number {
    if (this.#seq !== null) return this.#seq;
    this.#ensureSchema();
    const row = this.ctx.storage.sql.exec<{ value: number }>("SELECT value FROM room_meta WHERE key = 'seq'").toArray()[0];
    this.#seq = row ? Number(row.value) : 0;
    return this.#seq;
  }

  override onConnect(connection: Connection<ConnState>, ctx: ConnectionContext) {
    const userId = ctx.request.headers.get(ROOM_USER_HEADER);
    if (!userId) {
      // Only the worker's /ws route (token and membership checked) may open a socket here.
      connection.close(1008, "unauthorized");
      return;
    }
    const refused = this.#refusal(userId, Number(ctx.request.headers.get(ROOM_CHECKED_HEADER)) || 0);
    if (refused) {
      connection.close(ACCESS_REVOKED_CLOSE, refused);
      return;
    }
    connection.setState({ userId, joined: false });
  }

  /** Why a socket of `userId` whose membership was read at `checkedAt` may not enter, or null. */
  #refusal(userId: string, checkedAt: number): RevokedReason | null {
    this.#ensureSchema();
    const sql = this.ctx.storage.sql;
    if (sql.exec("SELECT 1 FROM room_meta WHERE key = 'deleted'").toArray().length > 0) return "accountDeleted";
    const row = sql.exec<{ at: number }>("SELECT at FROM room_revoked WHERE user_id = ?", userId).toArray()[0];
    return row && Number(row.at) >= checkedAt ? "removed" : null;
  }

  /** Closes every socket of `userId` (every socket when null), joined or not, with ACCESS_REVOKED_CLOSE. */
  #closeSockets(userId: string | null, reason: RevokedReason): number {
    let closed = 0;
    for (const conn of this.getConnections<ConnState>()) {
      if (userId !== null && conn.state?.userId !== userId) continue;
      this.#joined?.delete(conn.id);
      try {
        conn.close(ACCESS_REVOKED_CLOSE, reason);
      } catch {
        // Already closing.
      }
      closed++;
    }
    this.#fanout = null;
    return closed;
  }

  /**
   * RPC, after the membership's removal is committed: closes the user's sockets at once (the
   * close's reason says why) and refuses the sockets whose membership was read before now. A
   * later admission (invited again) was read after this moment and enters. Returns the sockets closed.
   */
  revokeAccess(userId: string, reason: Exclude<RevokedReason, "accountDeleted">): number {
    this.#ensureSchema();
    const now = Date.now();
    const sql = this.ctx.storage.sql;
    sql.exec("INSERT INTO room_revoked (user_id, at) VALUES (?, ?) ON CONFLICT(user_id) DO UPDATE SET at = excluded.at", userId, now);
    sql.exec("DELETE FROM room_revoked WHERE at < ?", now - REVOCATION_KEPT_MS);
    return this.#closeSockets(userId, reason);
  }

  /** RPC, after the account is deleted: closes every socket, refuses all from now on, drops the backlog and the waiting state. */
  async closeAccount(): Promise<number> {
    this.#ensureSchema();
    const sql = this.ctx.storage.sql;
    sql.exec("INSERT INTO room_meta (key, value) VALUES ('deleted', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", Date.now());
    sql.exec("DELETE FROM room_events");
    sql.exec("DELETE FROM room_waiting");
    const closed = this.#closeSockets(null, "accountDeleted");
    await this.ctx.storage.deleteAlarm();
    return closed;
  }

  /** RPC, after a member's role is committed: tells that user's sockets (not sequenced: it is theirs alone). */
  membershipChanged(userId: string, role: Role): number {
    const frame = encodeFrame({ event: "membershipChanged", data: { role } });
    let sent = 0;
    for (const conn of this.getConnections<ConnState>()) {
      if (conn.state?.userId !== userId) continue;
      try {
        conn.send(frame);
        sent++;
      } catch {
        // A closing socket: its client refetches the session when it joins again.
      }
    }
    return sent;
  }

  override onMessage(connection: Connection<ConnState>, message: WSMessage) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(typeof message === "string" ? message : new TextDecoder().decode(message as ArrayBuffer));
    } catch {
      connection.send(encodeFrame({ event: "error", data: { code: "BAD_FRAME", message: "Некорректный кадр: ожидается JSON" } }));
      return;
    }
    const frame = clientFrameSchema.safeParse(parsed);
    if (!frame.success) {
      connection.send(encodeFrame({ event: "error", data: { code: "BAD_FRAME", message: "Неизвестное событие или неверные данные" } }));
      return;
    }
    if (frame.data.event === "ping") {
      connection.send(encodeFrame({ event: "pong", data: { at: Date.now() } }));
      return;
    }
    const { accountId, lastSeq } = frame.data.data;
    if (accountId !== this.name) {
      connection.send(encodeFrame({ event: "error", data: { code: "WRONG_ACCOUNT", message: "Сокет открыт для другого аккаунта" } }));
      return;
    }
    // No await from here to the end: the replay and the switch to live delivery are atomic.
    const seq = this.#currentSeq();
    let replay: string[] = [];
    let resync = false;
    if (lastSeq !== undefined && lastSeq < seq) {
      const rows = this.ctx.storage.sql
        .exec<{ seq: number; frame: string }>("SELECT seq, frame FROM room_events WHERE seq > ? ORDER BY seq", lastSeq)
        .toArray();
      if (rows.length > 0 && Number(rows[0].seq) === lastSeq + 1) replay = rows.map((r) => r.frame);
      else resync = true;
    } else if (lastSeq !== undefined && lastSeq > seq) {
      // The client saw numbers this room never issued (storage reset): start over.
      resync = true;
    }
    connection.setState({ userId: connection.state?.userId ?? "", joined: true });
    this.#joinedSockets().set(connection.id, connection);
    this.#fanout = null;
    const joined: JoinedAccountData = { accountId, seq, replayed: replay.length, resync };
    connection.send(encodeFrame({ event: "joinedAccount", data: joined }));
    for (const f of replay) connection.send(f);
  }

  /** RPC: number, store and fan out events (already committed data) in the given order. */
  publish(events: RoomEventInput[]): number {
    if (events.length === 0) return this.#currentSeq();
    const sql = this.ctx.storage.sql;
    let seq = this.#currentSeq();
    const frames: string[] = [];
    const first = seq + 1;
    for (const e of events) frames.push(asciiJson(encodeFrame({ ...e, seq: ++seq })));
    // The backlog in one statement per publish (an ingest batch publishes hundreds of events at once).
    if (frames.length === 1) sql.exec("INSERT INTO room_events (seq, frame) VALUES (?, ?)", first, frames[0]);
    else sql.exec("INSERT INTO room_events (seq, frame) SELECT ?1 + key, value FROM json_each(?2)", first, JSON.stringify(frames));
    sql.exec("INSERT INTO room_meta (key, value) VALUES ('seq', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", seq);
    this.#seq = seq;
    if (seq % 100 < events.length || events.length >= 100) sql.exec("DELETE FROM room_events WHERE seq <= ?", seq - BACKLOG_SIZE);
    // partyserver's connections are the runtime's sockets with its fields defined on each one, so a
    // call through each (a lookup per socket that V8 cannot cache) cost a third of the fan-out's
    // CPU: the loop calls the prototype's send on a plain array of them instead.
    const sockets = (this.#fanout ??= [...this.#joinedSockets().values()]);
    let closed = false;
    for (let i = 0; i < sockets.length; i++) {
      const ws = sockets[i]!;
      try {
        for (let k = 0; k < frames.length; k++) wsSend.call(ws, frames[k]!);
      } catch {
        // A closing socket: its client catches up on reconnect.
        this.#joined?.delete((ws as unknown as Connection).id);
        closed = true;
      }
    }
    if (closed) this.#fanout = null;
    return seq;
  }

  override onClose(connection: Connection<ConnState>) {
    this.#joined?.delete(connection.id);
    this.#fanout = null;
  }

  override onError(connection: Connection<ConnState>) {
    this.#joined?.delete(connection.id);
    this.#fanout = null;
  }

  /** RPC: arm the waiting state of a thread and push its update. */
  async startWaiting(threadId: string, deadline: number, events: RoomEventInput[], accountId?: string): Promise<void> {
    await this.publishWaiting(events, { start: [{ threadId, deadline }], accountId });
  }

  /** RPC: the reply came; drop the thread's deadline and push its update. */
  async stopWaiting(threadId: string, events: RoomEventInput[]): Promise<void> {
    await this.publishWaiting(events, { stop: [threadId] });
  }

  /**
   * RPC: publish events (committed data) and, in the same call, arm or drop waiting deadlines for
   * threads whose WAITING_RESPONSE / COMPLETED state was written in that same commit. The frames go
   * out first; the alarm follows. One call instead of a publish and a separate waiting call.
   */
  async publishWaiting(events: RoomEventInput[], waiting: { start?: { threadId: string; deadline: number }[]; stop?: string[]; accountId?: string }): Promise<number> {
    const seq = this.publish(events);
    this.#ensureSchema();
    const sql = this.ctx.storage.sql;
    // RPC stubs come from idFromName without partyserver's naming call: keep the account id for the alarm.
    if (waiting.accountId && !this.#accountStored) {
      sql.exec("INSERT OR IGNORE INTO room_account (id, account_id) VALUES (1, ?)", waiting.accountId);
      this.#accountStored = true;
    }
    for (const w of waiting.start ?? []) {
      sql.exec("INSERT INTO room_waiting (thread_id, deadline) VALUES (?, ?) ON CONFLICT(thread_id) DO UPDATE SET deadline = excluded.deadline", w.threadId, w.deadline);
    }
    for (const id of waiting.stop ?? []) sql.exec("DELETE FROM room_waiting WHERE thread_id = ?", id);
    await this.#scheduleAlarm();
    return seq;
  }

  /** RPC for tests and diagnostics. */
  state(): { seq: number; waiting: { threadId: string; deadline: number }[]; backlog: number; connections: number } {
    const seq = this.#currentSeq();
    const waiting = this.ctx.storage.sql
      .exec<{ thread_id: string; deadline: number }>("SELECT thread_id, deadline FROM room_waiting ORDER BY deadline")
      .toArray()
      .map((r) => ({ threadId: r.thread_id, deadline: Number(r.deadline) }));
    const backlog = Number(this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM room_events").one().n);
    let connections = 0;
    for (const _ of this.getConnections()) connections++;
    return { seq, waiting, backlog, connections };
  }

  override async onAlarm(): Promise<void> {
    this.#ensureSchema();
    const now = Date.now();
    const due = this.ctx.storage.sql
      .exec<{ thread_id: string }>("SELECT thread_id FROM room_waiting WHERE deadline <= ?", now + 50)
      .toArray()
      .map((r) => r.thread_id);
    if (due.length > 0) {
      const accountId = this.#accountId();
      // Throws on a D1 failure: the runtime retries the alarm, the deadlines stay stored.
      const contacts = await markThreadsCompleted(this.env, accountId, due);
      for (const id of due) this.ctx.storage.sql.exec("DELETE FROM room_waiting WHERE thread_id = ? AND deadline <= ?", id, now + 50);
      this.publish(contacts.map((c) => ({ event: "updateContact" as const, data: c })));
      if (contacts.length) createLogger({ accountId }).info("waiting state expired", { threads: contacts.length });
    }
    await this.#scheduleAlarm();
  }

  /** The account of this room: the stored id (see startWaiting), else the name it was addressed by. */
  #accountId(): string {
    const row = this.ctx.storage.sql.exec<{ account_id: string }>("SELECT account_id FROM room_account WHERE id = 1").toArray()[0];
    return row?.account_id ?? this.ctx.id.name ?? this.name;
  }

  async #scheduleAlarm() {
    const next = this.ctx.storage.sql.exec<{ d: number | null }>("SELECT min(deadline) AS d FROM room_waiting").one().d;
    if (next === null || next === undefined) {
      await this.ctx.storage.deleteAlarm();
      return;
    }
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current !== Number(next)) await this.ctx.storage.setAlarm(Number(next));
  }
}
