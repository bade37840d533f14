import { and, asc, desc, eq, gt, isNull, ne } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { Env } from "../../env";
import { hashPassword, sha256Hex, verifyPassword } from "../../lib/crypto";
import { AppError, badRequest, conflict } from "../../lib/errors";
import { newId, randomToken } from "../../lib/ids";
import { appUrl, sendMail } from "../../lib/mail";
import { rulesFor } from "../../lib/permissions";
import { assertBelow, clear, hit } from "../../lib/rate-limit";
import { acceptInvitation } from "../members/members.service";
import { forgetAuth } from "../../middleware/auth-cache";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
export const VERIFY_TTL_MS = 3 * 24 * 60 * 60 * 1000;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_PER_EMAIL = 5;
export const LOGIN_MAX_PER_IP = 30;

type User = typeof schema.users.$inferSelect;

export const userSearchText = (name: string, email: string) => `${name} ${email}`.toLowerCase();

/** The signed-in user, the /auth/me answer and a session row as the API sends them; the SPA imports these types. */
export type SessionUser = ReturnType<typeof publicUser>;
export type Me = Awaited<ReturnType<typeof me>>;
export type AccountSummary = Me["accounts"][number];
export type SessionInfo = Awaited<ReturnType<typeof listSessions>>[number];

export function publicUser(u: User) {
  return { id: u.id, email: u.email, name: u.name, emailVerified: u.emailVerified, isPlatformAdmin: u.isPlatformAdmin, language: u.language };
}

function isAdminEmail(env: Env, email: string): boolean {
  return (env.ADMIN_EMAILS ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
    .includes(email);
}

export async function createSession(env: Env, userId: string, meta: { userAgent?: string; ip?: string }) {
  const token = randomToken(32);
  const now = Date.now();
  await getDb(env.DB)
    .insert(schema.sessions)
    .values({
      id: newId(),
      userId,
      tokenHash: await sha256Hex(token),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: now + SESSION_TTL_MS,
    });
  return token;
}

export async function register(
  env: Env,
  input: { email: string; password: string; name: string; inviteToken?: string },
  meta: { userAgent?: string; ip?: string; origin?: string },
) {
  const db = getDb(env.DB);
  const existing = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, input.email)).get();
  if (existing) throw conflict("Пользователь с таким e-mail уже зарегистрирован", "EMAIL_TAKEN");
  const now = Date.now();
  const user: User = {
    id: newId(),
    email: input.email,
    name: input.name,
    searchText: userSearchText(input.name, input.email),
    passwordHash: await hashPassword(input.password),
    emailVerified: false,
    isPlatformAdmin: isAdminEmail(env, input.email),
    language: "ru",
    lastAccountId: null,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await db.insert(schema.users).values(user);
  } catch (e) {
    if (String(e).includes("UNIQUE")) throw conflict("Пользователь с таким e-mail уже зарегистрирован", "EMAIL_TAKEN");
    throw e;
  }
  const accessToken = await createSession(env, user.id, meta);
  await sendVerification(env, user, meta.origin);
  if (input.inviteToken) {
    // The invitation was sent to this address; registering through its link accepts it.
    await acceptInvitation(env, user, input.inviteToken).catch(() => undefined);
  }
  return { accessToken, user: publicUser(user) };
}

export async function login(env: Env, input: { email: string; password: string }, meta: { userAgent?: string; ip: string }) {
  const emailKey = `login:email:${input.email}`;
  const ipKey = `login:ip:${meta.ip}`;
  await assertBelow(
    env.DB,
    [
      { key: emailKey, max: LOGIN_MAX_PER_EMAIL },
      { key: ipKey, max: LOGIN_MAX_PER_IP },
    ],
    "Слишком много неудачных попыток входа. Попробуйте позже.",
  );
  const db = getDb(env.DB);
  const user = await db.select().from(schema.users).where(eq(schema.users.email, input.email)).get();
  // An unknown e-mail costs the same hashing work as a wrong password: no timing oracle.
  const ok = user ? await verifyPassword(input.password, user.passwordHash) : (await hashPassword(input.password), false);
  if (!user || !ok) {
    await hit(env.DB, emailKey, LOGIN_WINDOW_MS);
    await hit(env.DB, ipKey, LOGIN_WINDOW_MS);
    throw new AppError(401, "INVALID_CREDENTIALS", "Неверный e-mail или пароль");
  }
  await clear(env.DB, emailKey);
  if (!user.isPlatformAdmin && isAdminEmail(env, user.email)) {
    await db.update(schema.users).set({ isPlatformAdmin: true }).where(eq(schema.users.id, user.id));
    forgetAuth();
    user.isPlatformAdmin = true;
  }
  const accessToken = await createSession(env, user.id, meta);
  return { accessToken, user: publicUser(user) };
}

export async function me(env: Env, user: User, requestedAccountId?: string) {
  const db = getDb(env.DB);
  const accounts = await db
    .select({ accountId: schema.accounts.id, name: schema.accounts.name, role: schema.members.role })
    .from(schema.members)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.members.accountId))
    .where(eq(schema.members.userId, user.id))
    .orderBy(asc(schema.accounts.name))
    .all();
  const current =
    accounts.find((a) => a.accountId === requestedAccountId) ??
    accounts.find((a) => a.accountId === user.lastAccountId) ??
    // at(0): a user may belong to no account, and currentAccountId's type has to say so.
    accounts.at(0) ??
    null;
  if (current && requestedAccountId === current.accountId && user.lastAccountId !== current.accountId) {
    await db.update(schema.users).set({ lastAccountId: current.accountId }).where(eq(schema.users.id, user.id));
    forgetAuth();
  }
  return {
    user: publicUser(user),
    accounts,
    currentAccountId: current?.accountId ?? null,
    abilityRules: rulesFor(current?.role ?? null, { isPlatformAdmin: user.isPlatformAdmin }),
  };
}

export async function logout(env: Env, sessionId: string) {
  await getDb(env.DB).update(schema.sessions).set({ revokedAt: Date.now() }).where(eq(schema.sessions.id, sessionId));
  forgetAuth();
}

export async function listSessions(env: Env, userId: string, currentSessionId: string) {
  const rows = await getDb(env.DB)
    .select()
    .from(schema.sessions)
    .where(and(eq(schema.sessions.userId, userId), isNull(schema.sessions.revokedAt), gt(schema.sessions.expiresAt, Date.now())))
    .orderBy(desc(schema.sessions.lastUsedAt))
    .all();
  return rows.map((s) => ({
    id: s.id,
    userAgent: s.userAgent,
    ip: s.ip,
    createdAt: s.createdAt,
    lastUsedAt: s.lastUsedAt,
    expiresAt: s.expiresAt,
    current: s.id === currentSessionId,
  }));
}

export async function revokeSession(env: Env, userId: string, sessionId: string) {
  const res = await getDb(env.DB)
    .update(schema.sessions)
    .set({ revokedAt: Date.now() })
    .where(and(eq(schema.sessions.id, sessionId), eq(schema.sessions.userId, userId), isNull(schema.sessions.revokedAt)))
    .returning({ id: schema.sessions.id });
  forgetAuth();
  if (!res.length) throw new AppError(404, "SESSION_NOT_FOUND", "Сеанс не найден");
}

/** Ends every session of the user except `keepSessionId` (if given). Returns how many ended. */
export async function revokeOtherSessions(env: Env, userId: string, keepSessionId?: string) {
  const conds = [eq(schema.sessions.userId, userId), isNull(schema.sessions.revokedAt)];
  if (keepSessionId) conds.push(ne(schema.sessions.id, keepSessionId));
  const res = await getDb(env.DB)
    .update(schema.sessions)
    .set({ revokedAt: Date.now() })
    .where(and(...conds))
    .returning({ id: schema.sessions.id });
  forgetAuth();
  return res.length;
}

async function issueEmailToken(env: Env, userId: string, kind: "verify" | "reset", ttl: number) {
  const token = randomToken(32);
  const now = Date.now();
  await getDb(env.DB)
    .insert(schema.emailTokens)
    .values({ id: newId(), userId, kind, tokenHash: await sha256Hex(token), createdAt: now, expiresAt: now + ttl });
  return token;
}

async function consumeEmailToken(env: Env, token: string, kind: "verify" | "reset") {
  const db = getDb(env.DB);
  const now = Date.now();
  // One UPDATE … RETURNING: a token can be used once even when two requests race.
  const row = await db
    .update(schema.emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(schema.emailTokens.tokenHash, await sha256Hex(token)),
        eq(schema.emailTokens.kind, kind),
        isNull(schema.emailTokens.usedAt),
        gt(schema.emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: schema.emailTokens.userId })
    .get();
  return row?.userId ?? null;
}

export async function sendVerification(env: Env, user: Pick<User, "id" | "email" | "name">, origin?: string) {
  const token = await issueEmailToken(env, user.id, "verify", VERIFY_TTL_MS);
  const link = appUrl(env, `/auth/verify-email?token=${encodeURIComponent(token)}`, origin);
  await sendMail(env, {
    to: user.email,
    subject: `${env.APP_NAME}: подтвердите e-mail`,
    text: `Здравствуйте, ${user.name}!\n\nПодтвердите адрес электронной почты, перейдя по ссылке:\n${link}\n\nСсылка действует 3 дня. Если вы не регистрировались, просто проигнорируйте это письмо.`,
  });
}

export async function resendVerification(env: Env, user: User, origin?: string) {
  if (user.emailVerified) throw badRequest("E-mail уже подтверждён", "ALREADY_VERIFIED");
  await assertBelow(env.DB, [{ key: `verify:${user.id}`, max: 3 }], "Письмо уже отправлено. Повторить можно через несколько минут.");
  await hit(env.DB, `verify:${user.id}`, 10 * 60 * 1000);
  await sendVerification(env, user, origin);
}

export async function verifyEmail(env: Env, token: string) {
  const userId = await consumeEmailToken(env, token, "verify");
  if (!userId) throw badRequest("Ссылка подтверждения недействительна или устарела", "INVALID_TOKEN");
  await getDb(env.DB).update(schema.users).set({ emailVerified: true, updatedAt: Date.now() }).where(eq(schema.users.id, userId));
  forgetAuth();
}

export async function forgotPassword(env: Env, email: string, origin?: string) {
  const user = await getDb(env.DB).select().from(schema.users).where(eq(schema.users.email, email)).get();
  if (!user) return; // the answer is the same whether or not the address is known
  const key = `reset:${user.id}`;
  try {
    await assertBelow(env.DB, [{ key, max: 5 }], "");
  } catch {
    return;
  }
  await hit(env.DB, key, 60 * 60 * 1000);
  const token = await issueEmailToken(env, user.id, "reset", RESET_TTL_MS);
  const link = appUrl(env, `/auth/reset?token=${encodeURIComponent(token)}`, origin);
  await sendMail(env, {
    to: user.email,
    subject: `${env.APP_NAME}: восстановление пароля`,
    text: `Здравствуйте, ${user.name}!\n\nЧтобы задать новый пароль, перейдите по ссылке:\n${link}\n\nСсылка действует 1 час и сработает один раз. Если вы не запрашивали восстановление, проигнорируйте это письмо.`,
  });
}

export async function resetPassword(env: Env, token: string, password: string) {
  const userId = await consumeEmailToken(env, token, "reset");
  if (!userId) throw badRequest("Ссылка для сброса пароля недействительна или устарела", "INVALID_TOKEN");
  const db = getDb(env.DB);
  // Following the link proves the mailbox, so the address counts as verified too.
  await db
    .update(schema.users)
    .set({ passwordHash: await hashPassword(password), emailVerified: true, updatedAt: Date.now() })
    .where(eq(schema.users.id, userId));
  await revokeOtherSessions(env, userId);
}

export async function updateProfile(env: Env, user: User, input: { name?: string; language?: string }) {
  const [updated] = await getDb(env.DB)
    .update(schema.users)
    .set({ ...input, ...(input.name ? { searchText: userSearchText(input.name, user.email) } : {}), updatedAt: Date.now() })
    .where(eq(schema.users.id, user.id))
    .returning();
  forgetAuth();
  return publicUser(updated!);
}

export async function changePassword(env: Env, user: User, sessionId: string, input: { currentPassword: string; newPassword: string }) {
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw badRequest("Текущий пароль указан неверно", "WRONG_PASSWORD", { fields: { currentPassword: ["Текущий пароль указан неверно"] } });
  }
  await getDb(env.DB)
    .update(schema.users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: Date.now() })
    .where(eq(schema.users.id, user.id));
  await revokeOtherSessions(env, user.id, sessionId);
}

export async function changeEmail(env: Env, user: User, input: { email: string; password: string }, origin?: string) {
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    throw badRequest("Пароль указан неверно", "WRONG_PASSWORD", { fields: { password: ["Пароль указан неверно"] } });
  }
  if (input.email === user.email) return publicUser(user);
  const db = getDb(env.DB);
  const taken = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, input.email)).get();
  if (taken) throw conflict("Пользователь с таким e-mail уже зарегистрирован", "EMAIL_TAKEN");
  const [updated] = await db
    .update(schema.users)
    .set({ email: input.email, searchText: userSearchText(user.name, input.email), emailVerified: false, updatedAt: Date.now() })
    .where(eq(schema.users.id, user.id))
    .returning();
  forgetAuth();
  await sendVerification(env, updated!, origin);
  return publicUser(updated!);
}
