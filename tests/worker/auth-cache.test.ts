import { describe, expect, it } from "vitest";
import { addMember, api, createAccount, env, registerUser } from "./helpers";
import { sha256Hex } from "../../worker/lib/crypto";

// The isolate-local session memo (worker/middleware/auth-cache.ts): writes through the API take
// effect at the next request; a change made behind the worker's back is served at most AUTH_CACHE_MS.
describe("session memo", () => {
  it("a role change applies at the member's very next request", async () => {
    const owner = await registerUser();
    const id = await createAccount(owner.token);
    const op = await addMember(owner.token, id, "operator");
    // The operator's session (with the operator role) is now remembered by this isolate.
    expect((await api("PUT", `/accounts/${id}`, { token: op.token, body: { name: "Переименован" } })).status).toBe(403);
    expect((await api("PATCH", `/accounts/${id}/members/${op.user.id}`, { token: owner.token, body: { role: "admin" } })).status).toBe(200);
    const renamed = await api("PUT", `/accounts/${id}`, { token: op.token, body: { name: "Переименован" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("Переименован");
    expect((await api("PATCH", `/accounts/${id}/members/${op.user.id}`, { token: owner.token, body: { role: "operator" } })).status).toBe(200);
    expect((await api("PUT", `/accounts/${id}`, { token: op.token, body: { name: "Снова" } })).status).toBe(403);
  });

  it("a logged-out session is refused at once, although it was just used", async () => {
    const u = await registerUser();
    expect((await api("GET", "/auth/me", { token: u.token })).status).toBe(200);
    expect((await api("POST", "/auth/logout", { token: u.token })).status).toBeLessThan(300);
    expect((await api("GET", "/auth/me", { token: u.token })).status).toBe(401);
  });

  it("a session revoked behind the worker's back is served from the memo for at most AUTH_CACHE_MS", async () => {
    const u = await registerUser();
    const fresh = await registerUser();
    expect((await api("GET", "/auth/me", { token: u.token })).status).toBe(200);
    const revoke = async (token: string) =>
      env.DB.prepare("UPDATE sessions SET revoked_at = ? WHERE token_hash = ?").bind(Date.now(), await sha256Hex(token)).run();
    await revoke(u.token);
    await revoke(fresh.token);
    const revokedAt = Date.now();
    // Never remembered: refused at once.
    expect((await api("GET", "/auth/me", { token: fresh.token })).status).toBe(401);
    // Remembered a moment ago: still served, but only until the memo expires.
    expect((await api("GET", "/auth/me", { token: u.token })).status).toBe(200);
    const ttl = Number(env.AUTH_CACHE_MS ?? 5000);
    await new Promise((r) => setTimeout(r, Math.max(0, revokedAt + ttl + 100 - Date.now())));
    expect((await api("GET", "/auth/me", { token: u.token })).status).toBe(401);
  }, 15_000);
});
