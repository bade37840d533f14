import { env, SELF } from "cloudflare:test";
import { getDb, schema } from "../../worker/db/client";
import { type IncomingItem, ingestIncoming } from "../../worker/features/inbox/ingest";
import { newId } from "../../worker/lib/ids";
import { BASE, ownerWithAccount } from "./helpers";

export { ownerWithAccount };

/** A channel row as the channels feature would store it (only the fields the inbox reads). */
export async function createChannel(accountId: string, opts: { platform?: "TELEGRAM" | "WHATSAPP" | "INSTAGRAM"; assistantId?: string | null } = {}) {
  const id = newId();
  const now = Date.now();
  await getDb(env.DB)
    .insert(schema.channels)
    .values({ id, accountId, platform: opts.platform ?? "TELEGRAM", externalId: `ext-${id}`, name: "Канал", assistantId: opts.assistantId ?? null, createdAt: now, updatedAt: now });
  return id;
}

let seq = 0;
/** An incoming text from a customer, through the real ingest path. */
export function incoming(accountId: string, channelId: string | null, user: string, content: string, extra: Partial<IncomingItem["message"]> = {}, contact: Partial<IncomingItem["contact"]> = {}): IncomingItem {
  seq++;
  return {
    accountId,
    channelId,
    platform: "TELEGRAM",
    contact: { platformUserId: user, name: `Клиент ${user}`, ...contact },
    message: { type: "text", direction: "incoming", content, dedupeKey: `t:${accountId}:${user}:${seq}:${Math.random()}`, ...extra },
  };
}

export async function ingest(items: IncomingItem[]) {
  return ingestIncoming(env, items);
}

export interface TestSocket {
  ws: WebSocket;
  frames: { event: string; data: any; seq?: number }[];
  /** Resolves when `n` frames matching `pred` have arrived (rejects after `ms`). */
  waitFor(pred: (f: { event: string; data: any; seq?: number }) => boolean, n?: number, ms?: number): Promise<{ event: string; data: any; seq?: number }[]>;
  send(event: string, data: unknown): void;
  close(): void;
}

/** Opens /ws through the real Worker and wraps the socket. */
export async function openSocket(token: string | null, accountId: string): Promise<{ status: number; socket?: TestSocket; body?: any }> {
  const qs = new URLSearchParams();
  if (token) qs.set("token", token);
  qs.set("accountId", accountId);
  const res = await SELF.fetch(`${BASE}/ws?${qs}`, { headers: { Upgrade: "websocket" } });
  if (res.status !== 101 || !res.webSocket) {
    let body: any = null;
    try {
      body = await res.json();
    } catch {
      /* no body */
    }
    return { status: res.status, body };
  }
  const ws = res.webSocket;
  ws.accept();
  const frames: TestSocket["frames"] = [];
  const waiters: (() => void)[] = [];
  ws.addEventListener("message", (e) => {
    frames.push(JSON.parse(String(e.data)));
    for (const w of [...waiters]) w();
  });
  const socket: TestSocket = {
    ws,
    frames,
    waitFor(pred, n = 1, ms = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hits = frames.filter(pred);
          if (hits.length >= n) {
            waiters.splice(waiters.indexOf(check), 1);
            clearTimeout(timer);
            resolve(hits);
            return true;
          }
          return false;
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(check), 1);
          reject(new Error(`timeout waiting for ${n} frames; got ${JSON.stringify(frames.map((f) => [f.event, f.seq]))}`));
        }, ms);
        waiters.push(check);
        check();
      });
    },
    send(event, data) {
      ws.send(JSON.stringify({ event, data }));
    },
    close() {
      try {
        ws.close(1000, "done");
      } catch {
        /* already closed */
      }
    },
  };
  return { status: 101, socket };
}

/** Opens and joins; returns the socket and its joinedAccount data. */
export async function joinedSocket(token: string, accountId: string, lastSeq?: number) {
  const { socket } = await openSocket(token, accountId);
  if (!socket) throw new Error("socket refused");
  socket.send("joinAccount", lastSeq === undefined ? { accountId } : { accountId, lastSeq });
  const [joined] = await socket.waitFor((f) => f.event === "joinedAccount");
  return { socket, joined: joined.data as { accountId: string; seq: number; replayed: number; resync: boolean } };
}
