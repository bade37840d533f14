import { z } from "zod";
import { getDb } from "../../db/client";
import type { Env } from "../../env";
import { fieldError, notFound } from "../../lib/errors";
import { pageQuery, paged } from "../../lib/validation";
import { deleteAccount } from "../accounts/accounts.service";
import { getBilling } from "../billing/billing.service";
import { listLedger } from "../billing/ledger";
import { getPlanRow } from "../billing/plans";
import { periodEndFrom, subscriptionOf } from "../billing/subscription";
import { planTranslations } from "../billing/translations";
import { auditStatement } from "./audit-log";

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Дата в формате ГГГГ-ММ-ДД");

export const adminAccountsQuery = pageQuery().extend({
  q: z.string().trim().max(100).optional(),
  /** A plan's code (trial, start, business, pro…). */
  plan: z.string().trim().max(50).optional(),
  status: z.enum(["active", "blocked"], "Статус: active или blocked").optional(),
  createdFrom: isoDay.optional(),
  createdTo: isoDay.optional(),
});
export const blockSchema = z.object({ reason: z.string("Укажите причину").trim().min(3, "Укажите причину блокировки").max(500, "Не длиннее 500 символов") });
export const planChangeSchema = z.object({ planId: z.string("Выберите тариф").min(1, "Выберите тариф"), period: z.enum(["month", "year"], "Период: month или year").default("month") });
export const deleteSchema = z.object({ confirm: z.string("Введите название аккаунта").trim() });

const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);

interface ListRow {
  accountId: string;
  name: string;
  timezone: string;
  createdAt: number;
  blockedAt: number | null;
  blockedReason: string | null;
  planCode: string | null;
  planName: string | null;
  /** The plan's `translations` as stored (JSON text): the SPA shows the reader's name, else `planName`. */
  planTranslations: string | null;
  subscriptionStatus: string | null;
  memberCount: number;
  balanceKopecks: number;
}

/** The admin list: search by name, filters by plan, blocked or not, and creation day (UTC). */
export async function listAdminAccounts(env: Env, q: z.output<typeof adminAccountsQuery>) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.q) {
    where.push("a.name_search LIKE ? ESCAPE '\\'");
    params.push(`%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  if (q.plan) {
    where.push("p.code = ?");
    params.push(q.plan);
  }
  if (q.status) where.push(q.status === "blocked" ? "a.blocked_at IS NOT NULL" : "a.blocked_at IS NULL");
  if (q.createdFrom) {
    where.push("a.created_at >= ?");
    params.push(dayMs(q.createdFrom));
  }
  if (q.createdTo) {
    where.push("a.created_at < ?");
    params.push(dayMs(q.createdTo) + 86_400_000);
  }
  const from = `FROM accounts a LEFT JOIN subscriptions s ON s.account_id = a.id LEFT JOIN plans p ON p.id = s.plan_id ${where.length ? `WHERE ${where.join(" AND ")}` : ""}`;
  const [rows, total] = await env.DB.batch([
    env.DB.prepare(
      `SELECT a.id AS accountId, a.name, a.timezone, a.created_at AS createdAt, a.blocked_at AS blockedAt, a.blocked_reason AS blockedReason,
         p.code AS planCode, p.name AS planName, p.translations AS planTranslations, s.status AS subscriptionStatus,
         (SELECT count(*) FROM members m WHERE m.account_id = a.id) AS memberCount,
         coalesce((SELECT b.balance_kopecks FROM account_balances b WHERE b.account_id = a.id), 0) AS balanceKopecks
       ${from} ORDER BY a.created_at DESC, a.id LIMIT ? OFFSET ?`,
    ).bind(...params, q.limit, (q.page - 1) * q.limit),
    env.DB.prepare(`SELECT count(*) AS n ${from}`).bind(...params),
  ]);
  return paged((rows!.results as unknown as ListRow[]).map(listDto), Number((total!.results[0] as { n: number } | undefined)?.n ?? 0), q.page, q.limit);
}

function listDto(r: ListRow) {
  return { ...r, planTranslations: planTranslations(r.planTranslations), blocked: r.blockedAt !== null };
}

interface AccountRowLite {
  id: string;
  name: string;
  timezone: string;
  industry: string | null;
  created_at: number;
  blocked_at: number | null;
  blocked_reason: string | null;
}

async function accountRow(env: Env, accountId: string): Promise<AccountRowLite> {
  const a = await env.DB.prepare("SELECT id, name, timezone, industry, created_at, blocked_at, blocked_reason FROM accounts WHERE id = ?").bind(accountId).first<AccountRowLite>();
  if (!a) throw notFound("Аккаунт не найден", "ACCOUNT_NOT_FOUND");
  return a;
}

/** An account's page for administrators: members, channels, usage of the period, the last ledger rows, counts. */
export async function getAdminAccount(env: Env, accountId: string) {
  const a = await accountRow(env, accountId);
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const [members, channels, counts, usage30] = await env.DB.batch([
    env.DB.prepare("SELECT u.id AS userId, u.name, u.email, m.role, m.created_at AS joinedAt FROM members m JOIN users u ON u.id = m.user_id WHERE m.account_id = ? ORDER BY m.created_at").bind(accountId),
    env.DB.prepare("SELECT id AS channelId, platform, name, enabled, state, credentials IS NOT NULL AND credentials != '' AS hasCredentials, created_at AS createdAt FROM channels WHERE account_id = ? ORDER BY created_at").bind(accountId),
    env.DB.prepare(
      "SELECT (SELECT count(*) FROM contacts WHERE account_id = ?1) AS contacts, (SELECT count(*) FROM threads WHERE account_id = ?1 AND is_test = 0) AS threads, (SELECT count(*) FROM assistants WHERE account_id = ?1) AS assistants",
    ).bind(accountId),
    env.DB.prepare("SELECT metric, sum(quantity) AS quantity FROM usage_daily WHERE account_id = ? AND day >= ? GROUP BY metric").bind(accountId, since),
  ]);
  const [billing, ledger] = await Promise.all([getBilling(env, accountId), listLedger(getDb(env.DB), accountId, { page: 1, limit: 10 })]);
  return {
    accountId: a.id,
    name: a.name,
    timezone: a.timezone,
    industry: a.industry,
    createdAt: a.created_at,
    blocked: a.blocked_at ? { at: a.blocked_at, reason: a.blocked_reason ?? "" } : null,
    members: members!.results as { userId: string; name: string; email: string; role: string; joinedAt: number }[],
    channels: (channels!.results as ChannelRow[]).map(channelDto),
    counts: counts!.results[0] as { contacts: number; threads: number; assistants: number },
    usage30: Object.fromEntries((usage30!.results as { metric: string; quantity: number }[]).map((r) => [r.metric, r.quantity])),
    billing,
    ledger: ledger.data,
  };
}

interface ChannelRow {
  channelId: string;
  platform: string;
  name: string;
  enabled: number;
  state: string;
  hasCredentials: number;
  createdAt: number;
}

/** WhatsApp instance states the account's own page shows as a problem (web/features/channels/components/whatsapp-state.ts: warning and destructive tones). */
const WHATSAPP_PROBLEMS = new Set(["notAuthorized", "blocked", "yellowCard"]);

/**
 * A channel as the account's own "Мессенджеры" page sees it: `connection` is "notConnected" without
 * credentials or after a disconnect (channel-status.ts isConnected: the row and its `enabled` stay),
 * "error" for a WhatsApp instance the gateway reports unusable (`problem` says which state), else
 * "connected"; `enabled` is the separate on/off switch, meaningful only while connected.
 */
function channelDto({ hasCredentials, ...c }: ChannelRow) {
  const state = safeJson(c.state);
  const connected = !!hasCredentials && state.connected === true;
  const stateInstance = typeof state.stateInstance === "string" ? state.stateInstance : null;
  const problem = connected && c.platform === "WHATSAPP" && stateInstance && WHATSAPP_PROBLEMS.has(stateInstance) ? stateInstance : null;
  return { ...c, enabled: connected && !!c.enabled, state, connection: (!connected ? "notConnected" : problem ? "error" : "connected") as "connected" | "notConnected" | "error", problem };
}

function safeJson(s: string): Record<string, unknown> {
  try {
    return JSON.parse(s) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Block or unblock: webhooks are still acknowledged and stored; AI replies and broadcasts stop; members see the reason. */
export async function setBlocked(env: Env, actorUserId: string, accountId: string, reason: string | null) {
  const before = await accountRow(env, accountId);
  const now = Date.now();
  const blocking = reason !== null;
  await env.DB.batch([
    env.DB.prepare("UPDATE accounts SET blocked_at = ?, blocked_reason = ?, updated_at = ? WHERE id = ?").bind(blocking ? (before.blocked_at ?? now) : null, reason, now, accountId),
    auditStatement(env.DB, {
      actorUserId,
      action: blocking ? "account.block" : "account.unblock",
      targetType: "account",
      targetId: accountId,
      accountId,
      before: { blocked: !!before.blocked_at, reason: before.blocked_reason },
      after: { blocked: blocking, reason },
      reason,
    }),
  ]);
  return getAdminAccount(env, accountId);
}

/** The administrator moves the account to a plan: a new period starts now; no payment is taken. */
export async function changePlan(env: Env, actorUserId: string, accountId: string, input: z.output<typeof planChangeSchema>) {
  await accountRow(env, accountId);
  const db = getDb(env.DB);
  const plan = await getPlanRow(db, input.planId).catch(() => {
    throw fieldError("planId", "Такого тарифа нет");
  });
  const { sub, plan: oldPlan } = await subscriptionOf(db, accountId);
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE subscriptions SET plan_id = ?, billing_period = ?, status = 'active', period_start = ?, period_end = ?, grace_until = NULL, last_renewal_error = NULL, downgraded_from_plan_id = NULL, updated_at = ? WHERE account_id = ?",
    ).bind(plan.id, input.period, now, periodEndFrom(now, input.period), now, accountId),
    auditStatement(env.DB, { actorUserId, action: "account.plan", targetType: "account", targetId: accountId, accountId, before: { plan: oldPlan.code, period: sub.billingPeriod }, after: { plan: plan.code, period: input.period } }),
  ]);
  return getAdminAccount(env, accountId);
}

/** Delete with a typed confirmation: the account's exact name. The audit line stays (no foreign key). */
export async function deleteByAdmin(env: Env, actorUserId: string, accountId: string, confirm: string) {
  const a = await accountRow(env, accountId);
  if (confirm !== a.name.trim()) throw fieldError("confirm", "Введите название аккаунта в точности, как оно написано");
  await auditStatement(env.DB, { actorUserId, action: "account.delete", targetType: "account", targetId: accountId, accountId, before: { name: a.name, createdAt: a.created_at } }).run();
  await deleteAccount(env, accountId);
}

/** The platform at a glance: accounts, users, messages and AI replies per day (14 days), errors, dead letters, revenue. */
export async function platformOverview(env: Env) {
  const since = new Date(Date.now() - 13 * 86_400_000).toISOString().slice(0, 10);
  const monthAgo = Date.now() - 30 * 86_400_000;
  const [totals, perDay, revenue] = await env.DB.batch([
    env.DB.prepare(
      `SELECT (SELECT count(*) FROM accounts) AS accounts, (SELECT count(*) FROM accounts WHERE blocked_at IS NOT NULL) AS blocked,
        (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM dead_letters) AS deadLetters,
        (SELECT count(*) FROM assistant_runs WHERE status = 'failed' AND created_at >= ?1) AS aiErrors,
        (SELECT count(*) FROM outbound_attempts WHERE outcome = 'failed' AND created_at >= ?1) AS sendErrors`,
    ).bind(monthAgo),
    env.DB.prepare(
      `SELECT day, sum(CASE WHEN metric IN ('messagesIn', 'messagesOut', 'broadcastRecipients') THEN quantity ELSE 0 END) AS messages,
        sum(CASE WHEN metric = 'aiReplies' THEN quantity ELSE 0 END) AS aiReplies
       FROM usage_daily WHERE day >= ? GROUP BY day ORDER BY day`,
    ).bind(since),
    env.DB.prepare("SELECT coalesce(sum(amount_kopecks), 0) AS total, count(*) AS payments FROM payments WHERE status = 'succeeded' AND created_at >= ?").bind(monthAgo),
  ]);
  return {
    totals: totals!.results[0] as { accounts: number; blocked: number; users: number; deadLetters: number; aiErrors: number; sendErrors: number },
    perDay: perDay!.results as { day: string; messages: number; aiReplies: number }[],
    revenue30d: revenue!.results[0] as { total: number; payments: number },
  };
}
