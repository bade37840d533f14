import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ACCESS_REVOKED_CLOSE } from "../../durable-objects/account-room/protocol";
import { type AccountRoom, ROOM_CHECKED_HEADER, ROOM_USER_HEADER } from "../../durable-objects/account-room/room";
import { addMember, api, lastMailTo } from "./helpers";
import { incoming, ingest, joinedSocket, openSocket, ownerWithAccount } from "./inbox-helpers";

const roomStub = (accountId: string) => (env.AccountRoom as unknown as DurableObjectNamespace<AccountRoom>).getByName(accountId);

/** Resolves with the close the server sent (code and reason). */
function closeOf(ws: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason }), { once: true }));
}

const within = <T>(p: Promise<T>, ms = 3000) => Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timed out")), ms))]);

/** A socket straight into the room, as the worker's /ws route opens it after its checks. */
async function roomSocket(accountId: string, userId: string, checkedAt: number) {
  const res = await roomStub(accountId).fetch(
    new Request(`https://room/ws?accountId=${accountId}`, {
      headers: { upgrade: "websocket", [ROOM_USER_HEADER]: userId, [ROOM_CHECKED_HEADER]: String(checkedAt) },
    }),
  );
  const ws = res.webSocket!;
  const closed = closeOf(ws);
  const frames: { event: string; data: any }[] = [];
  ws.addEventListener("message", (e) => frames.push(JSON.parse(String(e.data))));
  ws.accept();
  return { ws, closed, frames };
}

describe("the room follows the membership: a member who loses access loses the socket at once", () => {
  it("removing a member closes their open socket (4403, removed), they get no later message, and /ws refuses their still-valid session", async () => {
    const { token, accountId } = await ownerWithAccount();
    const operator = await addMember(token, accountId, "operator");
    const owner = await joinedSocket(token, accountId);
    const oper = await joinedSocket(operator.token, accountId);
    const operClosed = closeOf(oper.socket.ws);

    const removed = await api("DELETE", `/accounts/${accountId}/members/${operator.user.id}`, { token });
    expect(removed.status).toBe(200);
    expect(await within(operClosed)).toEqual({ code: ACCESS_REVOKED_CLOSE, reason: "removed" });

    // A customer writes: the owner sees it live, the removed operator's socket got nothing.
    await ingest([incoming(accountId, null, "after-removal", "новое сообщение")]);
    await owner.socket.waitFor((f) => f.event === "message" && f.data.content === "новое сообщение");
    expect(oper.socket.frames.some((f) => f.event === "message")).toBe(false);

    // The session itself is still valid (their own profile answers), but the room's door is shut.
    expect((await api("GET", "/auth/me", { token: operator.token })).status).toBe(200);
    const again = await openSocket(operator.token, accountId);
    expect(again.status).toBe(403);
    owner.socket.close();
  });

  it("refuses an upgrade whose membership was read before the removal and arrives after it; one read after that (invited again) enters", async () => {
    const { token, accountId } = await ownerWithAccount();
    const operator = await addMember(token, accountId, "operator");
    const readBefore = Date.now() - 1;
    expect((await api("DELETE", `/accounts/${accountId}/members/${operator.user.id}`, { token })).status).toBe(200);

    const late = await roomSocket(accountId, operator.user.id, readBefore);
    expect(await within(late.closed)).toEqual({ code: ACCESS_REVOKED_CLOSE, reason: "removed" });

    // Invited again and accepted: the worker's check is newer than the revocation, so the room lets them in.
    const inv = await api("POST", `/accounts/${accountId}/members/invitations`, { token, body: { email: operator.email, role: "operator" } });
    expect(inv.status).toBe(201);
    const { token: inviteToken } = await lastMailTo(operator.email);
    expect((await api("POST", "/invitations/accept", { token: operator.token, body: { token: inviteToken } })).status).toBe(200);
    const back = await joinedSocket(operator.token, accountId);
    expect(back.joined.accountId).toBe(accountId);
    back.socket.close();
  });

  it("leaving closes the member's own sockets with the reason `left`", async () => {
    const { token, accountId } = await ownerWithAccount();
    const admin = await addMember(token, accountId, "admin");
    const { socket } = await joinedSocket(admin.token, accountId);
    const closed = closeOf(socket.ws);
    expect((await api("POST", `/accounts/${accountId}/leave`, { token: admin.token })).status).toBe(200);
    expect(await within(closed)).toEqual({ code: ACCESS_REVOKED_CLOSE, reason: "left" });
  });

  it("deleting the account closes every member's socket (`accountDeleted`) and the room refuses any later one", async () => {
    const { token, accountId, user } = await ownerWithAccount();
    const operator = await addMember(token, accountId, "operator");
    const sockets = await Promise.all([joinedSocket(token, accountId), joinedSocket(operator.token, accountId)]);
    const closes = sockets.map(({ socket }) => closeOf(socket.ws));
    expect((await api("DELETE", `/accounts/${accountId}`, { token })).status).toBe(200);
    for (const c of await within(Promise.all(closes))) expect(c).toEqual({ code: ACCESS_REVOKED_CLOSE, reason: "accountDeleted" });
    const late = await roomSocket(accountId, user.id, Date.now());
    expect(await within(late.closed)).toEqual({ code: ACCESS_REVOKED_CLOSE, reason: "accountDeleted" });
    expect((await roomStub(accountId).state()).backlog).toBe(0);
  });

  it("a role change reaches the member's sockets as `membershipChanged` with the new role, and only theirs", async () => {
    const { token, accountId } = await ownerWithAccount();
    const admin = await addMember(token, accountId, "admin");
    const owner = await joinedSocket(token, accountId);
    const adm = await joinedSocket(admin.token, accountId);
    const changed = await api("PATCH", `/accounts/${accountId}/members/${admin.user.id}`, { token, body: { role: "operator" } });
    expect(changed.status).toBe(200);
    const [frame] = await adm.socket.waitFor((f) => f.event === "membershipChanged");
    expect(frame.data).toEqual({ role: "operator" });
    expect(frame.seq).toBeUndefined();
    // The socket stays open and live, and the room's numbering did not move for it.
    await ingest([incoming(accountId, null, "after-demotion", "после смены роли")]);
    const [msg] = await adm.socket.waitFor((f) => f.event === "message");
    expect(msg.seq).toBe(adm.joined.seq + 1);
    await owner.socket.waitFor((f) => f.event === "message");
    expect(owner.socket.frames.some((f) => f.event === "membershipChanged")).toBe(false);
    owner.socket.close();
    adm.socket.close();
  });
});
