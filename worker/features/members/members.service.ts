import { and, asc, count, desc, eq, isNull } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { Role } from "../../db/schema/accounts";
import type { Env } from "../../env";
import { sha256Hex } from "../../lib/crypto";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { newId, randomToken } from "../../lib/ids";
import { appUrl, sendMail } from "../../lib/mail";
import { forgetAuth } from "../../middleware/auth-cache";
import { assertCanAdd } from "../billing/limits";
import { pushMembershipChanged, revokeRoomAccess } from "../inbox/realtime";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const LAST_OWNER = "В аккаунте должен остаться хотя бы один владелец";

/** A member and a pending invitation as the API answers them; the SPA imports these types. */
export type Member = Awaited<ReturnType<typeof listMembers>>[number];
export type Invitation = ReturnType<typeof publicInvitation>;
/** `GET /invitations/:token`: what the invitation page shows before the link is accepted. */
export type InvitationInfo = Awaited<ReturnType<typeof describeInvitation>>;

function publicInvitation(i: { id: string; email: string; role: Role; createdAt: number; expiresAt: number }, now = Date.now()) {
  return { invitationId: i.id, email: i.email, role: i.role, createdAt: i.createdAt, expiresAt: i.expiresAt, expired: i.expiresAt <= now };
}

export async function listMembers(env: Env, accountId: string) {
  const rows = await getDb(env.DB)
    .select({ userId: schema.users.id, name: schema.users.name, email: schema.users.email, role: schema.members.role, createdAt: schema.members.createdAt })
    .from(schema.members)
    .innerJoin(schema.users, eq(schema.users.id, schema.members.userId))
    .where(eq(schema.members.accountId, accountId))
    .orderBy(asc(schema.members.createdAt))
    .all();
  return rows;
}

export async function listInvitations(env: Env, accountId: string) {
  const rows = await getDb(env.DB)
    .select()
    .from(schema.invitations)
    .where(and(eq(schema.invitations.accountId, accountId), isNull(schema.invitations.acceptedAt), isNull(schema.invitations.revokedAt)))
    .orderBy(desc(schema.invitations.createdAt))
    .all();
  const now = Date.now();
  return rows.map((i) => publicInvitation(i, now));
}

export async function invite(env: Env, accountId: string, inviter: { id: string; name: string; role: Role }, input: { email: string; role: Role }, origin?: string) {
  if (input.role === "owner" && inviter.role !== "owner") throw forbidden("Пригласить владельца может только владелец");
  const db = getDb(env.DB);
  const already = await db
    .select({ id: schema.users.id })
    .from(schema.members)
    .innerJoin(schema.users, eq(schema.users.id, schema.members.userId))
    .where(and(eq(schema.members.accountId, accountId), eq(schema.users.email, input.email)))
    .get();
  if (already) throw conflict("Этот пользователь уже состоит в аккаунте", "ALREADY_MEMBER");
  // Operator seats are a cap of the plan: 402 with its numbers when every seat is taken.
  await assertCanAdd(db, accountId, "seats");
  const account = await db.select({ name: schema.accounts.name }).from(schema.accounts).where(eq(schema.accounts.id, accountId)).get();
  if (!account) throw notFound("Аккаунт не найден", "ACCOUNT_NOT_FOUND");
  const now = Date.now();
  // A new invitation to the same address replaces the pending one.
  await db
    .update(schema.invitations)
    .set({ revokedAt: now })
    .where(and(eq(schema.invitations.accountId, accountId), eq(schema.invitations.email, input.email), isNull(schema.invitations.acceptedAt), isNull(schema.invitations.revokedAt)));
  const token = randomToken(32);
  const inv = {
    id: newId(),
    accountId,
    email: input.email,
    role: input.role,
    tokenHash: await sha256Hex(token),
    invitedBy: inviter.id,
    createdAt: now,
    expiresAt: now + INVITATION_TTL_MS,
  };
  await db.insert(schema.invitations).values(inv);
  const link = appUrl(env, `/invite?token=${encodeURIComponent(token)}`, origin);
  await sendMail(env, {
    to: input.email,
    subject: `${env.APP_NAME}: приглашение в аккаунт «${account.name}»`,
    text: `${inviter.name} приглашает вас в аккаунт «${account.name}» (роль: ${roleLabel(input.role)}).\n\nПринять приглашение:\n${link}\n\nЕсли у вас ещё нет учётной записи, зарегистрируйтесь по этой же ссылке с этим адресом. Приглашение действует 7 дней.`,
  });
  return publicInvitation(inv, now);
}

function roleLabel(r: Role) {
  return r === "owner" ? "владелец" : r === "admin" ? "администратор" : "оператор";
}

export async function revokeInvitation(env: Env, accountId: string, invitationId: string) {
  const res = await getDb(env.DB)
    .update(schema.invitations)
    .set({ revokedAt: Date.now() })
    .where(and(eq(schema.invitations.id, invitationId), eq(schema.invitations.accountId, accountId), isNull(schema.invitations.acceptedAt), isNull(schema.invitations.revokedAt)))
    .returning({ id: schema.invitations.id });
  if (!res.length) throw notFound("Приглашение не найдено", "INVITATION_NOT_FOUND");
}

async function findInvitation(env: Env, token: string) {
  return getDb(env.DB)
    .select({ inv: schema.invitations, accountName: schema.accounts.name, inviterName: schema.users.name })
    .from(schema.invitations)
    .innerJoin(schema.accounts, eq(schema.accounts.id, schema.invitations.accountId))
    .leftJoin(schema.users, eq(schema.users.id, schema.invitations.invitedBy))
    .where(eq(schema.invitations.tokenHash, await sha256Hex(token)))
    .get();
}

export async function describeInvitation(env: Env, token: string) {
  const row = await findInvitation(env, token);
  if (!row || row.inv.revokedAt) throw notFound("Приглашение не найдено или отозвано", "INVITATION_NOT_FOUND");
  return {
    accountId: row.inv.accountId,
    accountName: row.accountName,
    email: row.inv.email,
    role: row.inv.role,
    invitedBy: row.inviterName,
    expired: row.inv.expiresAt <= Date.now(),
    accepted: row.inv.acceptedAt !== null,
  };
}

export async function acceptInvitation(env: Env, user: { id: string; email: string }, token: string) {
  const row = await findInvitation(env, token);
  if (!row || row.inv.revokedAt) throw notFound("Приглашение не найдено или отозвано", "INVITATION_NOT_FOUND");
  const inv = row.inv;
  if (inv.email !== user.email) throw forbidden(`Приглашение отправлено на ${inv.email}. Войдите с этим адресом.`, "INVITATION_EMAIL_MISMATCH");
  const db = getDb(env.DB);
  if (!inv.acceptedAt) {
    if (inv.expiresAt <= Date.now()) throw new AppError(410, "INVITATION_EXPIRED", "Срок действия приглашения истёк. Попросите прислать новое.");
    await assertCanAdd(db, inv.accountId, "seats");
    const now = Date.now();
    await db.batch([
      db.insert(schema.members).values({ accountId: inv.accountId, userId: user.id, role: inv.role, createdAt: now }).onConflictDoNothing(),
      db.update(schema.invitations).set({ acceptedAt: now }).where(eq(schema.invitations.id, inv.id)),
      db.update(schema.users).set({ lastAccountId: inv.accountId }).where(eq(schema.users.id, user.id)),
    ]);
    forgetAuth();
  } else {
    const member = await db
      .select({ role: schema.members.role })
      .from(schema.members)
      .where(and(eq(schema.members.accountId, inv.accountId), eq(schema.members.userId, user.id)))
      .get();
    if (!member) throw new AppError(410, "INVITATION_USED", "Приглашение уже использовано");
  }
  return { accountId: inv.accountId, accountName: row.accountName, role: inv.role };
}

async function ownerCount(env: Env, accountId: string) {
  const r = await getDb(env.DB)
    .select({ n: count() })
    .from(schema.members)
    .where(and(eq(schema.members.accountId, accountId), eq(schema.members.role, "owner")))
    .get();
  return r?.n ?? 0;
}

async function memberRole(env: Env, accountId: string, userId: string) {
  const m = await getDb(env.DB)
    .select({ role: schema.members.role })
    .from(schema.members)
    .where(and(eq(schema.members.accountId, accountId), eq(schema.members.userId, userId)))
    .get();
  if (!m) throw notFound("Участник не найден", "MEMBER_NOT_FOUND");
  return m.role;
}

export async function changeRole(env: Env, accountId: string, actorRole: Role, userId: string, role: Role) {
  const current = await memberRole(env, accountId, userId);
  if ((current === "owner" || role === "owner") && actorRole !== "owner") throw forbidden("Назначать и менять владельцев может только владелец");
  if (current === "owner" && role !== "owner" && (await ownerCount(env, accountId)) <= 1) throw badRequest(LAST_OWNER, "LAST_OWNER");
  await getDb(env.DB)
    .update(schema.members)
    .set({ role })
    .where(and(eq(schema.members.accountId, accountId), eq(schema.members.userId, userId)));
  forgetAuth();
  // The member's open pages show the new role and abilities without a reload.
  if (role !== current) await pushMembershipChanged(env, accountId, userId, role);
  return { userId, role };
}

export async function removeMember(env: Env, accountId: string, actor: { id: string; role: Role }, userId: string) {
  const current = await memberRole(env, accountId, userId);
  if (current === "owner" && actor.role !== "owner") throw forbidden("Удалить владельца может только владелец");
  if (current === "owner" && (await ownerCount(env, accountId)) <= 1) throw badRequest(LAST_OWNER, "LAST_OWNER");
  await getDb(env.DB)
    .delete(schema.members)
    .where(and(eq(schema.members.accountId, accountId), eq(schema.members.userId, userId)));
  forgetAuth();
  // Their live room closes now, not when they next ask the API.
  await revokeRoomAccess(env, accountId, userId, "removed");
}

export async function leave(env: Env, accountId: string, userId: string) {
  const current = await memberRole(env, accountId, userId);
  if (current === "owner" && (await ownerCount(env, accountId)) <= 1) throw badRequest(`${LAST_OWNER}. Передайте права владельца другому участнику или удалите аккаунт.`, "LAST_OWNER");
  await getDb(env.DB)
    .delete(schema.members)
    .where(and(eq(schema.members.accountId, accountId), eq(schema.members.userId, userId)));
  forgetAuth();
  await revokeRoomAccess(env, accountId, userId, "left");
}

