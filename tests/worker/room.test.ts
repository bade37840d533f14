import { env, evictDurableObject, SELF, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AccountRoom } from "../../durable-objects/account-room/room";
import { getDb, schema } from "../../worker/db/client";
import { clearWaiting, publish, setWaiting } from "../../worker/features/inbox/realtime";
import { addMember, api, BASE, registerUser } from "./helpers";
import { createChannel, incoming, ingest, joinedSocket, openSocket, ownerWithAccount } from "./inbox-helpers";

const roomStub = (accountId: string) => (env.AccountRoom as unknown as DurableObjectNamespace<AccountRoom>).getByName(accountId);

/** A `core::whatsappStateChanged` payload of a connected instance (the socket contract's shape). */
const waState = (stateInstance: string) => ({
  connected: true as const,
  enabled: true,
  partnerAvailable: false,
  demo: false,
  assistantId: null,
  idInstance: "1101000001",
  apiUrl: null,
  tokenHint: null,
  stateInstance,
  wid: null,
  phone: null,
  createdViaPartner: false,
  stateCheckedAt: null,
});

describe("/ws: the worker checks the session and the membership before the room", () => {
  it("refuses a missing or bad token with 401 and a non-member with 403", async () => {
    const { accountId } = await ownerWithAccount();
    const missing = await openSocket(null, accountId);
    expect(missing.status).toBe(401);
    expect(missing.body.statusCode).toBe(401);
    const bad = await openSocket("not-a-token", accountId);
    expect(bad.status).toBe(401);
    const stranger = await registerUser("Чужой");
    const foreign = await openSocket(stranger.token, accountId);
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toMatch(/доступ/i);
    const noAccount = await openSocket(stranger.token, "");
    expect(noAccount.status).toBe(403);
  });

  it("answers 426 to a member's plain HTTP request", async () => {
    const { token, accountId } = await ownerWithAccount();
    const res = await SELF.fetch(`${BASE}/ws?token=${token}&accountId=${accountId}`);
    expect(res.status).toBe(426);
    expect(((await res.json()) as { code: string }).code).toBe("UPGRADE_REQUIRED");
  });

  it("joins: joinAccount → joinedAccount with the room's seq; wrong account and bad frames get an error frame", async () => {
    const { token, accountId } = await ownerWithAccount();
    const operator = await addMember(token, accountId, "operator");
    const { socket, joined } = await joinedSocket(operator.token, accountId);
    expect(joined).toMatchObject({ accountId, seq: 0, replayed: 0, resync: false });
    socket.send("joinAccount", { accountId: "other-account" });
    const [err] = await socket.waitFor((f) => f.event === "error");
    expect(err.data.code).toBe("WRONG_ACCOUNT");
    socket.ws.send("{not json");
    await socket.waitFor((f) => f.event === "error" && f.data.code === "BAD_FRAME");
    socket.send("ping", {});
    await socket.waitFor((f) => f.event === "pong");
    socket.close();
  });

  it("does not push to a socket that has not joined", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { socket } = await openSocket(token, accountId);
    const { socket: joinedOne } = await joinedSocket(token, accountId);
    await ingest([incoming(accountId, null, "u1", "привет")]);
    await joinedOne.waitFor((f) => f.event === "message");
    expect(socket!.frames.filter((f) => f.event === "message")).toHaveLength(0);
    socket!.close();
    joinedOne.close();
  });
});

describe("AccountRoom fan-out", () => {
  it("keeps one order with consecutive seq numbers across sockets under concurrent posts", async () => {
    const { token, accountId } = await ownerWithAccount();
    const channelId = await createChannel(accountId);
    const seeded = await ingest([incoming(accountId, channelId, "a", "старт"), incoming(accountId, channelId, "b", "старт")]);
    const contactIds = seeded.map((r) => (r as any).contactId as string);
    const sockets = await Promise.all([0, 1, 2].map(() => joinedSocket(token, accountId)));
    const start = sockets[0].joined.seq;
    const N = 24;
    const posts = await Promise.all(
      Array.from({ length: N }, (_, i) => api("POST", `/accounts/${accountId}/contacts/${contactIds[i % 2]}/messages`, { token, body: { content: `ответ ${i}` } })),
    );
    expect(posts.every((p) => p.status === 201)).toBe(true);
    const perSocket = await Promise.all(sockets.map(({ socket }) => socket.waitFor((f) => f.event === "message", N)));
    const orders = sockets.map(({ socket }) => socket.frames.filter((f) => f.seq !== undefined).map((f) => `${f.seq}:${f.event}:${f.data.messageId ?? f.data.contactId}`));
    // every socket: the same frames, same order
    expect(orders[1]).toEqual(orders[0]);
    expect(orders[2]).toEqual(orders[0]);
    const seqs = sockets[0].socket.frames.filter((f) => f.seq !== undefined).map((f) => f.seq!);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => start + 1 + i));
    const ids = perSocket[0].map((f) => f.data.messageId);
    expect(new Set(ids).size).toBe(N);
    // within one thread, pushes follow the stored order (createdAt, id)
    for (const cid of contactIds) {
      const pushed = perSocket[0].filter((f) => f.data.contactId === cid).map((f) => f.data.messageId);
      const stored = await api("GET", `/accounts/${accountId}/contacts/${cid}/messages?limit=100`, { token });
      const storedIds = (stored.body.data as any[]).map((m) => m.messageId).reverse().filter((id) => pushed.includes(id));
      expect(pushed).toEqual(storedIds);
    }
    for (const { socket } of sockets) socket.close();
  });

  it("sends frames as ASCII JSON: Russian text and emoji arrive escaped and read back the same", async () => {
    const { token, accountId } = await ownerWithAccount();
    const channelId = await createChannel(accountId);
    const [seeded] = await ingest([incoming(accountId, channelId, "ascii", "старт")]);
    const { socket } = await joinedSocket(token, accountId);
    const raw: string[] = [];
    socket.ws.addEventListener("message", (e) => raw.push(String(e.data)));
    const text = "Здравствуйте! Ёлка 🎄 \"кавычки\" и \\ обратная черта";
    expect((await api("POST", `/accounts/${accountId}/contacts/${(seeded as any).contactId}/messages`, { token, body: { content: text } })).status).toBe(201);
    const [frame] = await socket.waitFor((f) => f.event === "message" && f.data.content === text);
    expect(frame!.data.contact.thread.lastMessage).toBe(text);
    const wire = raw.find((r) => r.includes('"event":"message"'))!;
    expect(wire).toMatch(/^[\x00-\x7f]*$/);
    expect(wire).toContain("\\u0417"); // З
    socket.close();
  });

  it("replays what a reconnecting client missed: no gaps, no duplicates, then live again", async () => {
    const { token, accountId } = await ownerWithAccount();
    const first = await joinedSocket(token, accountId);
    await ingest([incoming(accountId, null, "c1", "раз")]);
    const seen = await first.socket.waitFor((f) => f.event === "message");
    const lastSeq = Math.max(...first.socket.frames.filter((f) => f.seq).map((f) => f.seq!));
    expect(seen).toHaveLength(1);
    first.socket.close();

    const missed = await ingest([1, 2, 3, 4, 5].map((i) => incoming(accountId, null, "c1", `пропущено ${i}`)));
    const again = await joinedSocket(token, accountId, lastSeq);
    expect(again.joined.resync).toBe(false);
    expect(again.joined.replayed).toBe(5);
    expect(again.joined.seq).toBe(lastSeq + 5);
    await ingest([incoming(accountId, null, "c1", "живое")]);
    await again.socket.waitFor((f) => f.event === "message", 6);
    const frames = again.socket.frames.filter((f) => f.seq !== undefined);
    expect(frames.map((f) => f.seq)).toEqual(Array.from({ length: 6 }, (_, i) => lastSeq + 1 + i));
    const texts = frames.filter((f) => f.event === "message").map((f) => f.data.content);
    expect(texts).toEqual(["пропущено 1", "пропущено 2", "пропущено 3", "пропущено 4", "пропущено 5", "живое"]);
    expect(frames.filter((f) => f.event === "message").map((f) => f.data.messageId).slice(0, 5)).toEqual(missed.map((r) => (r as any).messageId));
    // a client too far behind the backlog (or ahead of the room) is told to refetch
    const ahead = await joinedSocket(token, accountId, lastSeq + 1000);
    expect(ahead.joined.resync).toBe(true);
    again.socket.close();
    ahead.socket.close();
  });

  it("survives eviction: hibernated sockets keep receiving, seq continues, catch-up still works", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { socket } = await joinedSocket(token, accountId);
    await publish(env, accountId, [{ event: "core::whatsappStateChanged", data: waState("authorized") }]);
    await socket.waitFor((f) => f.event === "core::whatsappStateChanged");
    await evictDurableObject(roomStub(accountId));
    await publish(env, accountId, [{ event: "core::whatsappStateChanged", data: waState("notAuthorized") }]);
    const got = await socket.waitFor((f) => f.event === "core::whatsappStateChanged", 2);
    expect(got.map((f) => f.seq)).toEqual([1, 2]);
    expect(got[1].data.stateInstance).toBe("notAuthorized");
    await evictDurableObject(roomStub(accountId), { webSockets: "close" });
    const back = await joinedSocket(token, accountId, 1);
    expect(back.joined).toMatchObject({ seq: 2, replayed: 1, resync: false });
    await back.socket.waitFor((f) => f.seq === 2);
    socket.close();
    back.socket.close();
  });
});

describe("waiting state (§4): WAITING_RESPONSE until the reply or the 30 s alarm", () => {
  it("sets WAITING_RESPONSE, arms an alarm 30 000 ms ahead, and the alarm sets COMPLETED with updateContact", async () => {
    const { token, accountId } = await ownerWithAccount();
    const [r] = await ingest([incoming(accountId, null, "w1", "жду ответа")]);
    const threadId = (r as any).threadId as string;
    const { socket } = await joinedSocket(token, accountId);
    const before = Date.now();
    await setWaiting(env, accountId, threadId);
    const [waiting] = await socket.waitFor((f) => f.event === "updateContact" && f.data.thread.gptStatus === "WAITING_RESPONSE");
    expect(waiting.data.thread.threadId).toBe(threadId);
    const stub = roomStub(accountId);
    const alarmAt = await runInDurableObject(stub, (_room, state) => state.storage.getAlarm());
    expect(alarmAt).not.toBeNull();
    expect(alarmAt! - before).toBeGreaterThanOrEqual(30_000);
    expect(alarmAt! - before).toBeLessThan(31_000);
    // an early alarm (before the deadline) changes nothing
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    let row = await getDb(env.DB).select().from(schema.threads).where(eq(schema.threads.id, threadId)).get();
    expect(row!.gptStatus).toBe("WAITING_RESPONSE");
    // 30 s pass: move the stored deadline to now, then the alarm fires
    await runInDurableObject(stub, (_room, state) => {
      state.storage.sql.exec("UPDATE room_waiting SET deadline = ? WHERE thread_id = ?", Date.now() - 1, threadId);
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const [done] = await socket.waitFor((f) => f.event === "updateContact" && f.data.thread.gptStatus === "COMPLETED");
    expect(done.data.contactId).toBe((r as any).contactId);
    row = await getDb(env.DB).select().from(schema.threads).where(and(eq(schema.threads.id, threadId), eq(schema.threads.accountId, accountId))).get();
    expect(row!.gptStatus).toBe("COMPLETED");
    expect(await runInDurableObject(stub, (_room, state) => state.storage.getAlarm())).toBeNull();
    socket.close();
  });

  it("the reply clears the waiting state and the alarm", async () => {
    const { token, accountId } = await ownerWithAccount();
    const [r] = await ingest([incoming(accountId, null, "w2", "вопрос")]);
    const threadId = (r as any).threadId as string;
    const { socket } = await joinedSocket(token, accountId);
    await setWaiting(env, accountId, threadId);
    await clearWaiting(env, accountId, threadId);
    await socket.waitFor((f) => f.event === "updateContact" && f.data.thread.gptStatus === "COMPLETED");
    const stub = roomStub(accountId);
    expect(await runInDurableObject(stub, (_room, state) => state.storage.getAlarm())).toBeNull();
    const row = await getDb(env.DB).select().from(schema.threads).where(eq(schema.threads.id, threadId)).get();
    expect(row!.gptStatus).toBe("COMPLETED");
    socket.close();
  });
});
