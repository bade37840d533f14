import { describe, expect, it } from "vitest";
import { addMember, api, createAccount, lastMailTo, registerUser, uniqueEmail } from "./helpers";

describe("members and invitations", () => {
  it("an existing user accepts an invitation through the link", async () => {
    const owner = await registerUser("Владелец");
    const id = await createAccount(owner.token, "Клиника");
    const invitee = await registerUser("Оператор");
    const inv = await api("POST", `/accounts/${id}/members/invitations`, { token: owner.token, body: { email: invitee.email.toUpperCase(), role: "operator" } });
    expect(inv.status).toBe(201);
    const { mail, token } = await lastMailTo(invitee.email);
    expect(mail.subject).toContain("Клиника");
    expect(mail.text).toContain("http://app.test/invite?token=");
    const info = await api("GET", `/invitations/${token}`);
    expect(info.body).toMatchObject({ accountName: "Клиника", email: invitee.email, role: "operator", invitedBy: "Владелец", expired: false });
    const acc = await api("POST", "/invitations/accept", { token: invitee.token, body: { token } });
    expect(acc.status).toBe(200);
    expect(acc.body).toMatchObject({ accountId: id, role: "operator" });
    const members = await api("GET", `/accounts/${id}/members`, { token: owner.token });
    expect(members.body.data.map((m: any) => m.role).sort()).toEqual(["operator", "owner"]);
    expect(members.body.invitations).toEqual([]);
  });

  it("someone who registers after the invitation joins through it", async () => {
    const owner = await registerUser();
    const id = await createAccount(owner.token);
    const member = await addMember(owner.token, id, "admin");
    const me = await api("GET", `/auth/me?accountId=${id}`, { token: member.token });
    expect(me.body.accounts).toContainEqual(expect.objectContaining({ accountId: id, role: "admin" }));
  });

  it("refuses an invitation for another address, an expired one and a revoked one", async () => {
    const owner = await registerUser();
    const id = await createAccount(owner.token);
    const email = uniqueEmail("inv");
    await api("POST", `/accounts/${id}/members/invitations`, { token: owner.token, body: { email, role: "operator" } });
    const { token } = await lastMailTo(email);
    const stranger = await registerUser();
    const wrong = await api("POST", "/invitations/accept", { token: stranger.token, body: { token } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe("INVITATION_EMAIL_MISMATCH");
    const pending = await api("GET", `/accounts/${id}/members/invitations`, { token: owner.token });
    expect(pending.body.data).toHaveLength(1);
    const revoke = await api("DELETE", `/accounts/${id}/members/invitations/${pending.body.data[0].invitationId}`, { token: owner.token });
    expect(revoke.status).toBe(200);
    expect((await api("GET", `/invitations/${token}`)).status).toBe(404);
  });

  it("changes roles; the last owner can neither leave nor be demoted nor removed", async () => {
    const owner = await registerUser();
    const id = await createAccount(owner.token);
    const admin = await addMember(owner.token, id, "admin");
    const op = await addMember(owner.token, id, "operator");

    const demoteSelf = await api("PATCH", `/accounts/${id}/members/${owner.user.id}`, { token: owner.token, body: { role: "admin" } });
    expect(demoteSelf.status).toBe(400);
    expect(demoteSelf.body.code).toBe("LAST_OWNER");
    const leave = await api("POST", `/accounts/${id}/leave`, { token: owner.token });
    expect(leave.status).toBe(400);
    expect(leave.body.code).toBe("LAST_OWNER");
    // an admin cannot touch owners or make owners
    expect((await api("DELETE", `/accounts/${id}/members/${owner.user.id}`, { token: admin.token })).status).toBe(403);
    expect((await api("PATCH", `/accounts/${id}/members/${op.user.id}`, { token: admin.token, body: { role: "owner" } })).status).toBe(403);
    // an admin can promote an operator to admin
    expect((await api("PATCH", `/accounts/${id}/members/${op.user.id}`, { token: admin.token, body: { role: "admin" } })).status).toBe(200);
    // with a second owner, the first may step down and leave
    expect((await api("PATCH", `/accounts/${id}/members/${admin.user.id}`, { token: owner.token, body: { role: "owner" } })).status).toBe(200);
    expect((await api("PATCH", `/accounts/${id}/members/${owner.user.id}`, { token: owner.token, body: { role: "operator" } })).status).toBe(200);
    expect((await api("POST", `/accounts/${id}/leave`, { token: owner.token })).status).toBe(200);
    expect((await api("GET", `/accounts/${id}`, { token: owner.token })).status).toBe(404);
  });

  it("removes a member; their access ends at once", async () => {
    const owner = await registerUser();
    const id = await createAccount(owner.token);
    const op = await addMember(owner.token, id, "operator");
    expect((await api("GET", `/accounts/${id}`, { token: op.token })).status).toBe(200);
    expect((await api("DELETE", `/accounts/${id}/members/${op.user.id}`, { token: owner.token })).status).toBe(200);
    expect((await api("GET", `/accounts/${id}`, { token: op.token })).status).toBe(404);
    expect((await api("DELETE", `/accounts/${id}/members/${op.user.id}`, { token: owner.token })).status).toBe(404);
  });

  it("validates invitations; an existing member cannot be invited again", async () => {
    const owner = await registerUser();
    const id = await createAccount(owner.token);
    const bad = await api("POST", `/accounts/${id}/members/invitations`, { token: owner.token, body: { email: "x", role: "king" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details.fields).sort()).toEqual(["email", "role"]);
    const dup = await api("POST", `/accounts/${id}/members/invitations`, { token: owner.token, body: { email: owner.email, role: "admin" } });
    expect(dup.status).toBe(409);
  });

  it("an operator sees members but not invitations, and cannot invite", async () => {
    const owner = await registerUser();
    const id = await createAccount(owner.token);
    await api("POST", `/accounts/${id}/members/invitations`, { token: owner.token, body: { email: uniqueEmail("p"), role: "operator" } });
    const op = await addMember(owner.token, id, "operator");
    const list = await api("GET", `/accounts/${id}/members`, { token: op.token });
    expect(list.status).toBe(200);
    expect(list.body.invitations).toEqual([]);
    expect((await api("POST", `/accounts/${id}/members/invitations`, { token: op.token, body: { email: uniqueEmail(), role: "operator" } })).status).toBe(403);
    const me = await api("GET", `/auth/me?accountId=${id}`, { token: op.token });
    expect(me.body.abilityRules).not.toContainEqual({ action: "manage", subject: "all" });
    expect(me.body.abilityRules).toContainEqual({ action: "read", subject: "Contact" });
  });
});
