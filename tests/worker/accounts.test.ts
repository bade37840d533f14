import { describe, expect, it } from "vitest";
import { addMember, api, createAccount, registerUser } from "./helpers";

describe("accounts", () => {
  it("create makes the creator owner; list, get, update", async () => {
    const { token } = await registerUser();
    const created = await api("POST", "/accounts", { token, body: { name: "Салон «Роза»", industry: "beauty" }, headers: { "x-timezone": "Asia/Yekaterinburg" } });
    expect(created.status).toBe(201);
    // The business's field given at creation is kept (it was dropped).
    expect(created.body).toMatchObject({ name: "Салон «Роза»", role: "owner", timezone: "Asia/Yekaterinburg", industry: "beauty" });
    const id = created.body.accountId;

    const list = await api("GET", "/accounts", { token });
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({ total: 1, limit: 20, lastPage: 1, page: 1 });
    expect(list.body.data[0]).toMatchObject({ accountId: id, role: "owner" });

    const got = await api("GET", `/accounts/${id}`, { token });
    expect(got.body).toMatchObject({ accountId: id, memberCount: 1 });

    const upd = await api("PUT", `/accounts/${id}`, { token, body: { name: "Салон «Роза и Ко»", website: "https://roza.example" } });
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe("Данные аккаунта обновлены");
    expect((await api("GET", `/accounts/${id}`, { token })).body).toMatchObject({ name: "Салон «Роза и Ко»", website: "https://roza.example" });

    const me = await api("GET", `/auth/me?accountId=${id}`, { token });
    expect(me.body.accounts).toEqual([{ accountId: id, name: "Салон «Роза и Ко»", role: "owner" }]);
    expect(me.body.currentAccountId).toBe(id);
    expect(me.body.abilityRules).toContainEqual({ action: "manage", subject: "all" });
  });

  it("lists with pages, search over the name", async () => {
    const { token } = await registerUser();
    for (const n of ["Альфа", "Бета", "Гамма", "Дельта", "альфа-2"]) await createAccount(token, n);
    const p1 = await api("GET", "/accounts?page=1&limit=2", { token });
    expect(p1.body.meta).toEqual({ total: 5, limit: 2, lastPage: 3, page: 1 });
    expect(p1.body.data).toHaveLength(2);
    const p3 = await api("GET", "/accounts?page=3&limit=2", { token });
    expect(p3.body.data).toHaveLength(1);
    const found = await api("GET", `/accounts?q=${encodeURIComponent("АЛЬФА")}`, { token });
    expect(found.body.data.map((a: any) => a.name).sort()).toEqual(["Альфа", "альфа-2"]);
    expect((await api("GET", "/accounts?limit=1000", { token })).status).toBe(400);
    expect((await api("GET", "/accounts?page=0", { token })).status).toBe(400);
  });

  it("validates the account body", async () => {
    const { token } = await registerUser();
    const bad = await api("POST", "/accounts", { token, body: { name: "", timezone: "Mars/Olympus", website: "ftp://x" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details.fields).sort()).toEqual(["name", "timezone", "website"]);
    const id = await createAccount(token);
    expect((await api("PUT", `/accounts/${id}`, { token, body: {} })).status).toBe(400);
    expect((await api("PUT", `/accounts/${id}`, { token, body: { language: "de" } })).status).toBe(400);
  });

  it("settings: defaults, partial update, validation", async () => {
    const { token } = await registerUser();
    const id = await createAccount(token);
    const s = await api("GET", `/accounts/${id}/settings`, { token });
    expect(s.body).toMatchObject({ inbox: { aiOnForNewThreads: true }, timezone: "Europe/Moscow" });
    // The single webhook URL setting is gone (endpoints replace it: outgoing-webhooks.test.ts); it is not stored any more.
    expect(s.body.webhook).toBeUndefined();
    const upd = await api("PUT", `/accounts/${id}/settings`, { token, body: { webhook: { url: "https://hooks.example/x", events: ["message.received"] }, comments: { autoReply: true } } });
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe("Настройки аккаунта успешно обновлены");
    const after = await api("GET", `/accounts/${id}/settings`, { token });
    expect(after.body.webhook).toBeUndefined();
    expect(after.body.comments.autoReply).toBe(true);
    expect(after.body.inbox.aiOnForNewThreads).toBe(true);
    const bad = await api("PUT", `/accounts/${id}/settings`, { token, body: { inbox: { aiOnForNewThreads: "yes" } } });
    expect(bad.status).toBe(400);
    const types = await api("GET", `/accounts/${id}/webhook/event-types`, { token });
    expect(types.body.data.map((t: any) => t.type)).toEqual(expect.arrayContaining(["message.received", "contact.updated", "channel.state_changed", "whatsapp.state_changed"]));
    expect(types.body.data.every((t: any) => t.area && t.description)).toBe(true);
  });

  it("settings: a change of one switch leaves the others as stored (no defaults filled in)", async () => {
    const { token } = await registerUser();
    const id = await createAccount(token);
    const put = (body: object) => api("PUT", `/accounts/${id}/settings`, { token, body });
    expect((await put({ inbox: { aiOnForNewThreads: false, soundOnNewMessage: false }, notifications: { emailOnHandoff: false, emailOnChannelDown: true } })).status).toBe(200);
    // The comments card sends its own switch only.
    expect((await put({ comments: { autoReply: true } })).status).toBe(200);
    // One switch of a group.
    expect((await put({ notifications: { emailOnChannelDown: false } })).status).toBe(200);
    expect((await put({ inbox: { soundOnNewMessage: true } })).status).toBe(200);
    const after = await api("GET", `/accounts/${id}/settings`, { token });
    expect(after.body).toMatchObject({
      inbox: { aiOnForNewThreads: false, soundOnNewMessage: true },
      notifications: { emailOnHandoff: false, emailOnChannelDown: false },
      comments: { autoReply: true },
    });
  });

  it("downtime schedule: stored sorted, validated", async () => {
    const { token } = await registerUser();
    const id = await createAccount(token);
    const body = { enabled: true, timezone: "Europe/Moscow", intervals: [{ day: 7, from: "00:00", to: "24:00" }, { day: 1, from: "20:00", to: "23:30" }] };
    const res = await api("PUT", `/accounts/${id}/settings/downtime`, { token, body });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Расписание простоя ассистентов успешно обновлено");
    expect(res.body.downtime.intervals.map((i: any) => i.day)).toEqual([1, 7]);
    expect((await api("GET", `/accounts/${id}/settings`, { token })).body.downtime.enabled).toBe(true);
    const bad = await api("PUT", `/accounts/${id}/settings/downtime`, { token, body: { enabled: true, intervals: [{ day: 8, from: "25:00", to: "10:00" }] } });
    expect(bad.status).toBe(400);
    const reversed = await api("PUT", `/accounts/${id}/settings/downtime`, { token, body: { enabled: true, intervals: [{ day: 2, from: "18:00", to: "09:00" }] } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.details.fields["intervals.0.to"]).toBeTruthy();
  });

  it("skip-wizard-step records the step once", async () => {
    const { token } = await registerUser();
    const id = await createAccount(token);
    const r1 = await api("POST", `/accounts/${id}/skip-wizard-step`, { token, body: { step: "channel" } });
    expect(r1.status).toBe(200);
    await api("POST", `/accounts/${id}/skip-wizard-step`, { token, body: { step: "channel" } });
    const acc = await api("GET", `/accounts/${id}`, { token });
    expect(acc.body.wizard.skipped).toEqual(["channel"]);
    expect((await api("POST", `/accounts/${id}/skip-wizard-step`, { token, body: { step: "unknown" } })).status).toBe(400);
  });

  it("the wizard stores the page it reached, the business field, and resumes there", async () => {
    const { token } = await registerUser();
    const id = await createAccount(token);
    const fresh = await api("GET", `/accounts/${id}`, { token });
    expect(fresh.body.wizard.at).toBeUndefined();
    expect(fresh.body).toMatchObject({ industry: null, blocked: null });
    const badField = await api("PUT", `/accounts/${id}`, { token, body: { industry: "casino" } });
    expect(badField.status).toBe(400);
    expect(badField.body.details.fields.industry).toEqual(["Выберите сферу из списка"]);
    expect((await api("PUT", `/accounts/${id}`, { token, body: { industry: "beauty", timezone: "Asia/Novosibirsk" } })).body).toMatchObject({ industry: "beauty", timezone: "Asia/Novosibirsk" });
    const moved = await api("PUT", `/accounts/${id}/wizard`, { token, body: { at: "channel" } });
    expect(moved.status).toBe(200);
    expect(moved.body.wizard).toMatchObject({ at: "channel", completed: ["account"] });
    expect((await api("GET", `/accounts/${id}`, { token })).body.wizard.at).toBe("channel");
    expect((await api("PUT", `/accounts/${id}/wizard`, { token, body: { at: "nowhere" } })).status).toBe(400);
    const op = await addMember(token, id, "operator");
    expect((await api("PUT", `/accounts/${id}/wizard`, { token: op.token, body: { at: "done" } })).status).toBe(403);
  });

  it("setup steps count as done when what they ask for exists", async () => {
    const { token } = await registerUser();
    const id = await createAccount(token);
    await api("POST", `/accounts/${id}/skip-wizard-step`, { token, body: { step: "assistant" } });
    expect((await api("GET", `/accounts/${id}`, { token })).body.wizard).toMatchObject({ completed: ["account"], skipped: ["assistant"] });
    expect((await api("POST", `/accounts/${id}/assistants`, { token, body: { name: "Помощник" } })).status).toBe(201);
    await addMember(token, id, "operator");
    const after = await api("GET", `/accounts/${id}`, { token });
    expect(after.body.wizard).toMatchObject({ completed: ["account", "assistant", "team"], skipped: [] });
    // Skipping answers the account as GET does (the dashboard replaces its cached account with it).
    const skipped = await api("POST", `/accounts/${id}/skip-wizard-step`, { token, body: { step: "channel" } });
    expect(skipped.status).toBe(200);
    expect(skipped.body.wizard).toMatchObject({ completed: ["account", "assistant", "team"], skipped: ["channel"] });
    expect(skipped.body.memberCount).toBe(2);
  });

  it("the team step is done once an invitation is out, and the wizard has a team page", async () => {
    const { token } = await registerUser();
    const id = await createAccount(token);
    expect((await api("GET", `/accounts/${id}`, { token })).body.wizard.completed).not.toContain("team");
    const moved = await api("PUT", `/accounts/${id}/wizard`, { token, body: { at: "team" } });
    expect(moved.status).toBe(200);
    expect(moved.body.wizard.at).toBe("team");
    const inv = await api("POST", `/accounts/${id}/members/invitations`, { token, body: { email: `team-${id}@example.com`, role: "operator" } });
    expect(inv.status).toBe(201);
    expect((await api("GET", `/accounts/${id}`, { token })).body.wizard.completed).toContain("team");
  });

  it("delete: owner only; the account and its memberships go", async () => {
    const { token } = await registerUser();
    const id = await createAccount(token);
    const admin = await addMember(token, id, "admin");
    const denied = await api("DELETE", `/accounts/${id}`, { token: admin.token });
    expect(denied.status).toBe(403);
    const res = await api("DELETE", `/accounts/${id}`, { token });
    expect(res.status).toBe(200);
    expect((await api("GET", `/accounts/${id}`, { token })).status).toBe(404);
    expect((await api("GET", "/accounts", { token: admin.token })).body.meta.total).toBe(0);
  });

  it("account-scoped calls without a session → 401", async () => {
    expect((await api("GET", "/accounts")).status).toBe(401);
    expect((await api("GET", "/accounts/whatever/settings")).status).toBe(401);
  });
});
