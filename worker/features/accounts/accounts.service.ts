import { and, asc, count, eq, like } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { Account as AccountRow, Role } from "../../db/schema/accounts";
import type { Env } from "../../env";
import { AppError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { likePattern, paged } from "../../lib/validation";
import { type AccountSettings, type AccountSettingsUpdate, type Downtime, settingsSchema, WIZARD_STEPS, type WizardPage } from "./accounts.schemas";
import { forgetAuth } from "../../middleware/auth-cache";
import { channelsWritten } from "../webhooks/channel-memo";
import { closeAccountRoom } from "../inbox/realtime";

/** An account as the API answers it (list rows, create, update, skip-wizard-step); the SPA imports these types. */
export type Account = ReturnType<typeof publicAccount>;
/** `GET /accounts/:accountId`: the wizard's steps as done now, and the member count. */
export type AccountDetail = Awaited<ReturnType<typeof getAccount>>;
/** `GET /accounts/:accountId/settings`. */
export type AccountSettingsDto = Awaited<ReturnType<typeof getSettings>>;

export function publicAccount(a: AccountRow, role?: Role) {
  return {
    accountId: a.id,
    name: a.name,
    timezone: a.timezone,
    language: a.language,
    description: a.description,
    website: a.website,
    industry: a.industry,
    wizard: { ...a.wizard, steps: WIZARD_STEPS },
    /** A platform administrator blocked the account: the shell shows the reason in a banner. */
    blocked: a.blockedAt ? { at: a.blockedAt, reason: a.blockedReason ?? "" } : null,
    ...(role ? { role } : {}),
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

export async function createAccount(
  env: Env,
  userId: string,
  input: { name: string; timezone?: string; language?: string; description?: string | null; website?: string | null; industry?: AccountRow["industry"] },
  fallbackTz?: string,
) {
  const now = Date.now();
  const account: AccountRow = {
    id: newId(),
    name: input.name,
    nameSearch: input.name.toLowerCase(),
    timezone: input.timezone ?? fallbackTz ?? "Europe/Moscow",
    language: input.language ?? "ru",
    description: input.description ?? null,
    website: input.website || null,
    industry: input.industry ?? null,
    blockedAt: null,
    blockedReason: null,
    settings: settingsSchema.parse({}),
    wizard: { completed: ["account"], skipped: [] },
    downtime: { enabled: false, intervals: [] },
    createdBy: userId,
    createdAt: now,
    updatedAt: now,
    // Set by the database at insert (the inbox search's slot, migration 0010).
    searchSlot: null,
  };
  const db = getDb(env.DB);
  await db.batch([
    db.insert(schema.accounts).values(account),
    db.insert(schema.members).values({ accountId: account.id, userId, role: "owner", createdAt: now }),
    db.update(schema.users).set({ lastAccountId: account.id }).where(eq(schema.users.id, userId)),
  ]);
  forgetAuth();
  return publicAccount(account, "owner");
}

export async function listAccounts(env: Env, userId: string, q: { page: number; limit: number; q?: string }) {
  const db = getDb(env.DB);
  const where = and(eq(schema.members.userId, userId), q.q ? like(schema.accounts.nameSearch, likePattern(q.q)) : undefined);
  const [rows, total] = await Promise.all([
    db
      .select({ account: schema.accounts, role: schema.members.role })
      .from(schema.members)
      .innerJoin(schema.accounts, eq(schema.accounts.id, schema.members.accountId))
      .where(where)
      .orderBy(asc(schema.accounts.name), asc(schema.accounts.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .all(),
    db
      .select({ n: count() })
      .from(schema.members)
      .innerJoin(schema.accounts, eq(schema.accounts.id, schema.members.accountId))
      .where(where)
      .get(),
  ]);
  return paged(
    rows.map((r) => publicAccount(r.account, r.role)),
    total?.n ?? 0,
    q.page,
    q.limit,
  );
}

export async function getAccountRow(env: Env, accountId: string): Promise<AccountRow> {
  const a = await getDb(env.DB).select().from(schema.accounts).where(eq(schema.accounts.id, accountId)).get();
  if (!a) throw notFound("Аккаунт не найден", "ACCOUNT_NOT_FOUND");
  return a;
}

export async function getAccount(env: Env, accountId: string, role: Role) {
  const [a, facts] = await Promise.all([getAccountRow(env, accountId), setupFacts(env, accountId)]);
  const pub = publicAccount(a, role);
  // A setup step is done when what it asks for exists, whatever was stored when it was skipped.
  const done = new Set(pub.wizard.completed);
  if (facts.assistants > 0) done.add("assistant");
  if (facts.channels > 0) done.add("channel");
  if (facts.testChats > 0) done.add("test");
  // The team step asks to invite people: an invitation still open counts as much as one accepted.
  if (facts.members > 1 || facts.invitations > 0) done.add("team");
  const completed = WIZARD_STEPS.filter((s) => done.has(s));
  return { ...pub, wizard: { ...pub.wizard, completed, skipped: pub.wizard.skipped.filter((s) => !done.has(s)) }, memberCount: facts.members };
}

async function setupFacts(env: Env, accountId: string) {
  const row = await env.DB.prepare(
    `SELECT (SELECT count(*) FROM members WHERE account_id = ?1) AS members,
            (SELECT count(*) FROM assistants WHERE account_id = ?1) AS assistants,
            (SELECT count(*) FROM channels WHERE account_id = ?1 AND credentials IS NOT NULL AND json_extract(state, '$.connected') = 1) AS channels,
            (SELECT count(*) FROM contacts WHERE account_id = ?1 AND is_test_contact = 1) AS testChats,
            (SELECT count(*) FROM invitations WHERE account_id = ?1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?2) AS invitations`,
  )
    .bind(accountId, Date.now())
    .first<{ members: number; assistants: number; channels: number; testChats: number; invitations: number }>();
  return { members: row?.members ?? 0, assistants: row?.assistants ?? 0, channels: row?.channels ?? 0, testChats: row?.testChats ?? 0, invitations: row?.invitations ?? 0 };
}

export async function updateAccount(env: Env, accountId: string, role: Role, input: Partial<Pick<AccountRow, "name" | "timezone" | "language" | "description" | "website" | "industry">>) {
  const [a] = await getDb(env.DB)
    .update(schema.accounts)
    .set({ ...input, ...(input.name ? { nameSearch: input.name.toLowerCase() } : {}), website: input.website === "" ? null : input.website, updatedAt: Date.now() })
    .where(eq(schema.accounts.id, accountId))
    .returning();
  if (!a) throw notFound("Аккаунт не найден", "ACCOUNT_NOT_FOUND");
  return publicAccount(a, role);
}

/** Tables without a foreign key to accounts are cleaned here; the rest go by ON DELETE CASCADE. */
export async function deleteAccount(env: Env, accountId: string) {
  const db = getDb(env.DB);
  await db.batch([
    db.delete(schema.usageEvents).where(eq(schema.usageEvents.accountId, accountId)),
    db.update(schema.users).set({ lastAccountId: null }).where(eq(schema.users.lastAccountId, accountId)),
    db.delete(schema.accounts).where(eq(schema.accounts.id, accountId)),
  ]);
  forgetAuth();
  channelsWritten(accountId);
  // The members' open pages lose the live room at once.
  await closeAccountRoom(env, accountId);
}

export async function getSettings(env: Env, accountId: string): Promise<AccountSettings & { downtime: Downtime; timezone: string }> {
  const a = await getAccountRow(env, accountId);
  return { ...settingsSchema.parse(a.settings ?? {}), downtime: a.downtime as Downtime, timezone: a.timezone };
}

export async function updateSettings(env: Env, accountId: string, patch: AccountSettingsUpdate) {
  const a = await getAccountRow(env, accountId);
  const current = settingsSchema.parse(a.settings ?? {});
  const next = settingsSchema.parse({
    inbox: { ...current.inbox, ...patch.inbox },
    notifications: { ...current.notifications, ...patch.notifications },
    comments: { ...current.comments, ...patch.comments },
  });
  await getDb(env.DB).update(schema.accounts).set({ settings: next, updatedAt: Date.now() }).where(eq(schema.accounts.id, accountId));
  if (patch.comments?.autoReply !== undefined) {
    // The Instagram consumer reads the channel's copy; the account setting is the one users change.
    await env.DB.prepare(
      "UPDATE channels SET state = json_set(state, '$.commentsAutoReply', json(?1)), updated_at = ?2 WHERE account_id = ?3 AND platform = 'INSTAGRAM'",
    )
      .bind(next.comments.autoReply ? "true" : "false", Date.now(), accountId)
      .run();
    channelsWritten(accountId);
  }
  return { ...next, downtime: a.downtime as Downtime, timezone: a.timezone };
}

export async function updateDowntime(env: Env, accountId: string, downtime: Downtime) {
  const intervals = [...downtime.intervals].sort((x, y) => x.day - y.day || x.from.localeCompare(y.from));
  const value = { ...downtime, intervals };
  const [a] = await getDb(env.DB)
    .update(schema.accounts)
    .set({ downtime: value, updatedAt: Date.now() })
    .where(eq(schema.accounts.id, accountId))
    .returning({ id: schema.accounts.id });
  if (!a) throw notFound("Аккаунт не найден", "ACCOUNT_NOT_FOUND");
  return value;
}

/**
 * The wizard reached a page: stored so that coming back resumes there. Leaving "business" means the
 * account's own step of the checklist is done.
 */
export async function setWizardPage(env: Env, accountId: string, role: Role, at: WizardPage) {
  const a = await getAccountRow(env, accountId);
  const completed = a.wizard?.completed ?? [];
  const wizard = { completed: at !== "business" && !completed.includes("account") ? [...completed, "account"] : completed, skipped: a.wizard?.skipped ?? [], at };
  await getDb(env.DB).update(schema.accounts).set({ wizard, updatedAt: Date.now() }).where(eq(schema.accounts.id, accountId));
  return getAccount(env, accountId, role);
}

export async function skipWizardStep(env: Env, accountId: string, role: Role, step: string) {
  const a = await getAccountRow(env, accountId);
  const wizard = { completed: a.wizard?.completed ?? [], skipped: a.wizard?.skipped ?? [] };
  if (!wizard.skipped.includes(step) && !wizard.completed.includes(step)) wizard.skipped.push(step);
  await getDb(env.DB).update(schema.accounts).set({ wizard, updatedAt: Date.now() }).where(eq(schema.accounts.id, accountId));
  // The same answer as GET /accounts/:accountId: the SPA puts it into that query's cache, and the
  // stored wizard alone would show steps done by what exists (an assistant, a channel) as to do.
  return getAccount(env, accountId, role);
}

/** Why a blocked account's broadcast stopped (its pause reason). */
export const ACCOUNT_BLOCKED_PAUSE = "Аккаунт заблокирован администратором платформы";

export async function accountBlocked(env: Env, accountId: string): Promise<boolean> {
  const r = await env.DB.prepare("SELECT blocked_at FROM accounts WHERE id = ?").bind(accountId).first<{ blocked_at: number | null }>();
  return !!r?.blocked_at;
}

/** Broadcasts do not start or resume while a platform administrator keeps the account blocked. */
export async function assertNotBlocked(env: Env, accountId: string): Promise<void> {
  if (await accountBlocked(env, accountId)) throw new AppError(403, "ACCOUNT_BLOCKED", "Аккаунт заблокирован администратором платформы: рассылки не запускаются до разблокировки");
}
