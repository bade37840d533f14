import { describe, expect, it } from "vitest";
import { adminToken } from "./channel-helpers";
import { api, createAccount, registerUser } from "./helpers";

describe("platform administration", () => {
  it("is closed to ordinary users and open to administrators (ADMIN_EMAILS)", async () => {
    const user = await registerUser();
    expect((await api("GET", "/admin/accounts", { token: user.token })).status).toBe(403);
    expect((await api("GET", "/admin/accounts")).status).toBe(401);
    const root = { body: { accessToken: await adminToken() } };
    expect((await api("GET", "/auth/me", { token: root.body.accessToken })).body.user.isPlatformAdmin).toBe(true);
    await createAccount(user.token, "Видна администратору");
    const list = await api("GET", "/admin/accounts?q=видна", { token: root.body.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ name: "Видна администратору", memberCount: 1 });
    const users = await api("GET", `/admin/users?q=${encodeURIComponent(user.email)}`, { token: root.body.accessToken });
    expect(users.body.data).toHaveLength(1);
    const promote = await api("PATCH", `/admin/users/${user.user.id}`, { token: root.body.accessToken, body: { isPlatformAdmin: true } });
    expect(promote.status).toBe(200);
    expect((await api("GET", "/admin/stats", { token: user.token })).status).toBe(200);
    const me = await api("GET", "/auth/me", { token: user.token });
    expect(me.body.abilityRules).toContainEqual({ action: "manage", subject: "Admin" });
  });
});

describe("partner click tracking", () => {
  it("records a click for a valid code and refuses a bad one", async () => {
    const ok = await api("GET", "/partners/codes/track-click?partner=PARTNER_42");
    expect(ok.status).toBe(200);
    expect((await api("GET", "/partners/codes/track-click?partner=bad%20code!")).status).toBe(400);
    expect((await api("GET", "/partners/codes/track-click")).status).toBe(400);
  });
});
