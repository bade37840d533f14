import { describe, expect, it } from "vitest";
import { api, env, lastMailTo, registerUser, uniqueEmail } from "./helpers";

describe("register", () => {
  it("creates a user, lower-cases the e-mail and returns a working token", async () => {
    const email = uniqueEmail("Mixed").replace("mixed", "MiXeD");
    const res = await api("POST", "/auth/register", { body: { email: `  ${email.toUpperCase()}  `, password: "password123", name: "Иван" } });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: email.toLowerCase(), name: "Иван", emailVerified: false });
    expect(typeof res.body.accessToken).toBe("string");
    const me = await api("GET", "/auth/me", { token: res.body.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email.toLowerCase());
    expect(me.body.accounts).toEqual([]);
    expect(Array.isArray(me.body.abilityRules)).toBe(true);
  });

  it("answers 409 when the e-mail is taken, in any case", async () => {
    const { email } = await registerUser();
    const res = await api("POST", "/auth/register", { body: { email: email.toUpperCase(), password: "password123", name: "Другой" } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ statusCode: 409, error: "Conflict", code: "EMAIL_TAKEN" });
    expect(res.body.message).toMatch(/уже зарегистрирован/);
  });

  it("validates fields with field messages", async () => {
    const res = await api("POST", "/auth/register", { body: { email: "not-an-email", password: "short", name: "" } });
    expect(res.status).toBe(400);
    expect(res.body.statusCode).toBe(400);
    expect(Object.keys(res.body.details.fields).sort()).toEqual(["email", "name", "password"]);
    expect(res.body.details.fields.password[0]).toMatch(/8 символов/);
  });

  it("stores the password hashed with PBKDF2, never in clear", async () => {
    const { user } = await registerUser();
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?").bind(user.id).first<{ password_hash: string }>();
    expect(row!.password_hash).toMatch(/^pbkdf2_sha256\$100000\$/);
    expect(row!.password_hash).not.toContain("password123");
  });
});

describe("bad input never gives a 500", () => {
  it.each([
    ["malformed JSON", { raw: "{not json" }],
    ["wrong types", { body: { email: 5, password: true, name: [] } }],
    ["an array body", { body: [] }],
    ["overlong strings", { body: { email: `${"a".repeat(300)}@x.test`, password: "p".repeat(500), name: "n".repeat(500) } }],
  ])("%s → 400 with a message", async (_label, opts) => {
    const res = await api("POST", "/auth/register", opts as never);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(res.body.message.length).toBeGreaterThan(3);
  });

  it("an oversize body → 413", async () => {
    const res = await api("POST", "/auth/register", { raw: JSON.stringify({ name: "x".repeat(1024 * 1024 + 10) }) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ statusCode: 413, code: "PAYLOAD_TOO_LARGE" });
  });

  it("unknown routes → 404 error body; every answer has a request id and security headers", async () => {
    const res = await api("GET", "/nope");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: "Not Found" });
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("login", () => {
  it("returns the same shape as register", async () => {
    const { email } = await registerUser("Мария");
    const res = await api("POST", "/auth/login", { body: { email, password: "password123" } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email, name: "Мария", emailVerified: false });
    expect(res.body.accessToken).toBeTruthy();
  });

  it("gives one message for an unknown e-mail and a wrong password", async () => {
    const { email } = await registerUser();
    const wrong = await api("POST", "/auth/login", { body: { email, password: "wrong-password" }, headers: { "cf-connecting-ip": "10.0.0.1" } });
    const unknown = await api("POST", "/auth/login", { body: { email: uniqueEmail("ghost"), password: "password123" }, headers: { "cf-connecting-ip": "10.0.0.2" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.body).toMatchObject({ statusCode: 401, error: "Unauthorized", code: "INVALID_CREDENTIALS" });
  });

  it("rate limits repeated failures per e-mail with Retry-After", async () => {
    const { email } = await registerUser();
    for (let i = 0; i < 5; i++) {
      const r = await api("POST", "/auth/login", { body: { email, password: "nope-nope" }, headers: { "cf-connecting-ip": `10.1.0.${i}` } });
      expect(r.status).toBe(401);
    }
    const limited = await api("POST", "/auth/login", { body: { email, password: "password123" }, headers: { "cf-connecting-ip": "10.1.1.1" } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body.code).toBe("RATE_LIMITED");
  });

  it("rate limits repeated failures per client address across e-mails", async () => {
    for (let i = 0; i < 30; i++) {
      const r = await api("POST", "/auth/login", { body: { email: uniqueEmail("spray"), password: "nope-nope" }, headers: { "cf-connecting-ip": "10.9.9.9" } });
      expect(r.status).toBe(401);
    }
    const { email } = await registerUser();
    const limited = await api("POST", "/auth/login", { body: { email, password: "password123" }, headers: { "cf-connecting-ip": "10.9.9.9" } });
    expect(limited.status).toBe(429);
    const elsewhere = await api("POST", "/auth/login", { body: { email, password: "password123" }, headers: { "cf-connecting-ip": "10.9.9.10" } });
    expect(elsewhere.status).toBe(200);
  });
});

describe("sessions", () => {
  it("a missing or bad token → 401 error body", async () => {
    expect((await api("GET", "/auth/me")).status).toBe(401);
    const bad = await api("GET", "/auth/me", { token: "made-up-token" });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ statusCode: 401, error: "Unauthorized" });
  });

  it("logout revokes the token at once", async () => {
    const { token } = await registerUser();
    expect((await api("POST", "/auth/logout", { token })).status).toBe(200);
    expect((await api("GET", "/auth/me", { token })).status).toBe(401);
  });

  it("stores only a hash of the token, with a 30-day expiry", async () => {
    const { token, user } = await registerUser();
    const row = await env.DB.prepare("SELECT token_hash, created_at, expires_at FROM sessions WHERE user_id = ?").bind(user.id).first<any>();
    expect(row.token_hash).not.toBe(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.expires_at - row.created_at).toBe(30 * 24 * 3600 * 1000);
  });

  it("lists sessions and ends one or all others", async () => {
    const { token, email } = await registerUser();
    const second = (await api("POST", "/auth/login", { body: { email, password: "password123" } })).body.accessToken;
    const third = (await api("POST", "/auth/login", { body: { email, password: "password123" } })).body.accessToken;
    const list = await api("GET", "/auth/sessions", { token });
    expect(list.body.data).toHaveLength(3);
    expect(list.body.data.filter((s: any) => s.current)).toHaveLength(1);
    const secondId = (await api("GET", "/auth/sessions", { token: second })).body.data.find((s: any) => s.current).id;
    expect((await api("DELETE", `/auth/sessions/${secondId}`, { token })).status).toBe(200);
    expect((await api("GET", "/auth/me", { token: second })).status).toBe(401);
    expect((await api("POST", "/auth/logout-others", { token })).body.count).toBe(1);
    expect((await api("GET", "/auth/me", { token: third })).status).toBe(401);
    expect((await api("GET", "/auth/me", { token })).status).toBe(200);
  });
});

describe("e-mail verification", () => {
  it("verifies through the link in the dev outbox, once", async () => {
    const { token, email } = await registerUser();
    const { mail, token: verifyToken } = await lastMailTo(email);
    expect(mail.subject).toMatch(/подтвердите/);
    expect(mail.text).toContain("http://app.test/auth/verify-email?token=");
    expect((await api("POST", "/auth/verify-email", { body: { token: verifyToken } })).status).toBe(200);
    expect((await api("GET", "/auth/me", { token })).body.user.emailVerified).toBe(true);
    const again = await api("POST", "/auth/verify-email", { body: { token: verifyToken } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("INVALID_TOKEN");
  });

  it("resends a verification mail, and refuses once verified", async () => {
    const { token, email } = await registerUser();
    const first = await lastMailTo(email);
    expect((await api("POST", "/auth/resend-verification", { token })).status).toBe(200);
    const second = await lastMailTo(email);
    expect(second.token).not.toBe(first.token);
    await api("POST", "/auth/verify-email", { body: { token: second.token } });
    expect((await api("POST", "/auth/resend-verification", { token })).body.code).toBe("ALREADY_VERIFIED");
  });
});

describe("password reset", () => {
  it("forgot-password answers 200 for unknown and known e-mails alike", async () => {
    const unknown = await api("POST", "/auth/forgot-password", { body: { email: uniqueEmail("nobody") } });
    const { email } = await registerUser();
    const known = await api("POST", "/auth/forgot-password", { body: { email } });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body.message).toBe(known.body.message);
  });

  it("resets once, ends the other sessions, and the new password works", async () => {
    const { token, email } = await registerUser();
    await api("POST", "/auth/forgot-password", { body: { email } });
    const { token: resetToken, mail } = await lastMailTo(email);
    expect(mail.text).toContain("/auth/reset?token=");
    const res = await api("POST", "/auth/reset-password", { body: { token: resetToken, password: "brand-new-pass" } });
    expect(res.status).toBe(200);
    expect((await api("GET", "/auth/me", { token })).status).toBe(401);
    expect((await api("POST", "/auth/login", { body: { email, password: "password123" } })).status).toBe(401);
    expect((await api("POST", "/auth/login", { body: { email, password: "brand-new-pass" } })).status).toBe(200);
    const reuse = await api("POST", "/auth/reset-password", { body: { token: resetToken, password: "another-pass" } });
    expect(reuse.status).toBe(400);
  });

  it("an expired reset token is refused", async () => {
    const { email, user } = await registerUser();
    await api("POST", "/auth/forgot-password", { body: { email } });
    const { token: resetToken } = await lastMailTo(email);
    await env.DB.prepare("UPDATE email_tokens SET expires_at = ? WHERE user_id = ? AND kind = 'reset'").bind(Date.now() - 1, user.id).run();
    const res = await api("POST", "/auth/reset-password", { body: { token: resetToken, password: "brand-new-pass" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_TOKEN");
  });
});

describe("profile", () => {
  it("updates name and language; changes the password keeping only this session", async () => {
    const { token, email } = await registerUser();
    const other = (await api("POST", "/auth/login", { body: { email, password: "password123" } })).body.accessToken;
    const upd = await api("PATCH", "/auth/me", { token, body: { name: "Новое Имя", language: "en" } });
    expect(upd.body.user).toMatchObject({ name: "Новое Имя", language: "en" });
    const wrong = await api("POST", "/auth/change-password", { token, body: { currentPassword: "bad", newPassword: "newpassword1" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.fields.currentPassword).toBeTruthy();
    expect((await api("POST", "/auth/change-password", { token, body: { currentPassword: "password123", newPassword: "newpassword1" } })).status).toBe(200);
    expect((await api("GET", "/auth/me", { token: other })).status).toBe(401);
    expect((await api("GET", "/auth/me", { token })).status).toBe(200);
  });
});

describe("dev outbox", () => {
  it("is readable in development mode", async () => {
    const res = await api("GET", "/dev/outbox");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.data)).toBe(true);
  });
});
