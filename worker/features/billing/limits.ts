import { getDb, type Db } from "../../db/client";
import type { Plan } from "../../db/schema/billing";
import type { Env } from "../../env";
import { AppError } from "../../lib/errors";
import { quotaLeft } from "../broadcast-quota/quota";
import { balanceOf, periodLinesSql } from "./ledger";
import { notifyAccount } from "./notify";
import { subscriptionOf } from "./subscription";
import { type Cap, type Consumable, UNIT_LABELS } from "./units";

export interface PeriodLine {
  metric: Consumable;
  used: number;
  included: number;
  charged: number;
  price: number;
}

/** What the period used beyond the plan and no charge row covers yet, in kopecks. */
export function unsettledKopecks(lines: PeriodLine[]): number {
  return lines.reduce((s, l) => s + Math.max(0, Math.max(0, l.used - l.included) - l.charged) * l.price, 0);
}

/**
 * The AI gate's read, one statement that joins the turn's claiming round trip: the period's lines
 * (used, included, charged, price per consumable), the balance and the plan's name.
 */
export function aiGateSql(account: string): string {
  return `SELECT x.metric, x.used, x.included, x.charged, x.price,
      coalesce((SELECT b.balance_kopecks FROM account_balances b WHERE b.account_id = x.account_id), 0) AS balance
    FROM (${periodLinesSql(account)}) x`;
}

export interface GateRow extends PeriodLine {
  balance: number;
}

/**
 * Whether the assistant may answer: AI replies left in the plan, or a balance that still covers one
 * more reply after everything used beyond the plan so far. No subscription row: no limit known, answer.
 */
export function aiAllowed(rows: GateRow[] | undefined): boolean {
  if (!rows?.length) return true;
  const ai = rows.find((r) => r.metric === "aiReplies");
  if (!ai || ai.used < ai.included) return true;
  return ai.price > 0 && rows[0]!.balance - unsettledKopecks(rows) >= ai.price;
}

/** The thread's system line when the AI stops for billing. */
export const AI_STOPPED_NOTE = "Ассистент не ответил: ответы ИИ по тарифу закончились и баланса не хватает. Пополните баланс или смените тариф — входящие сообщения продолжают приходить.";

/** The account-level notice of the stop (once per period), for the banner and the owners' mail. */
export async function notifyAiStopped(env: Env, accountId: string) {
  const { sub } = await subscriptionOf(getDb(env.DB), accountId);
  await notifyAccount(env, accountId, {
    kind: "ai_stopped",
    key: `ai_stopped:${sub.periodStart}`,
    subject: "Ассистенты перестали отвечать клиентам",
    message: "Ответы ИИ по тарифу закончились, а на балансе не хватает денег: ассистенты не отвечают, сообщения клиентов приходят в чаты. Пополните баланс или перейдите на тариф выше.",
  });
}

/** The period's lines of an account (the same SQL as the gate). */
export async function periodLines(d1: D1Database, accountId: string): Promise<PeriodLine[]> {
  const r = await d1.prepare(periodLinesSql("?1")).bind(accountId).all<PeriodLine>();
  return r.results;
}

function planLimit(plan: Pick<Plan, "name" | "translations">, what: string, current: number, limit: number, hint: string, details: Record<string, unknown>): AppError {
  const planName = plan.name;
  const error = new AppError(402, "PLAN_LIMIT", `Лимит тарифа «${planName}» исчерпан: ${what} ${current} из ${limit}. ${hint}`, { ...details, current, limit, plan: planName });
  // The English body names the plan by its English name (the admin's translation), if it has one.
  const english = plan.translations?.en?.name?.trim();
  return english ? error.withEnglishValues({ [planName]: english }) : error;
}

/**
 * What each cap counts now, as SQL over the account bound as ?1: the same statement feeds /billing's
 * "N of M" and the 402 below, so the page and the refusal always agree. A channel counts while it is
 * connected (credentials and `state.connected`, as channel-status.ts `isConnected` reads a row):
 * a disconnected row, or one created without credentials, keeps its threads but takes no place.
 */
export const CAP_COUNT_SQL: Record<Cap, string> = {
  assistants: "SELECT count(*) FROM assistants WHERE account_id = ?1",
  channels: "SELECT count(*) FROM channels WHERE account_id = ?1 AND credentials IS NOT NULL AND credentials <> '' AND json_extract(state, '$.connected') = 1",
  seats: "SELECT count(*) FROM members WHERE account_id = ?1",
};

async function capCount(db: Db, accountId: string, cap: Cap): Promise<number> {
  const r = await db.$client.prepare(`SELECT (${CAP_COUNT_SQL[cap]}) AS n`).bind(accountId).first<{ n: number }>();
  return r?.n ?? 0;
}

/** 402 when one more `cap` (an assistant, a channel, a seat) would go beyond the plan. */
export async function assertCanAdd(db: Db, accountId: string, cap: Cap): Promise<void> {
  const { plan } = await subscriptionOf(db, accountId);
  const limit = plan.included[cap] ?? 0;
  const current = await capCount(db, accountId, cap);
  if (current >= limit) throw planLimit(plan, UNIT_LABELS[cap], current, limit, "Перейдите на тариф выше, чтобы добавить ещё.", { unit: cap });
}

/**
 * 402 for a new broadcast when nothing is left to send it to: the period's included recipients are
 * used up (or held by running broadcasts) and no package recipients are left. The same figures as
 * the broadcasts' quota (`quotaLeft`): beyond the plan, recipients come from broadcast packages.
 */
export async function assertCanBroadcast(db: Db, accountId: string): Promise<void> {
  const left = await quotaLeft(db, accountId);
  if (left.remaining > 0) return;
  const { plan } = await subscriptionOf(db, accountId);
  const taken = left.plan.used + left.plan.reserved;
  throw planLimit(plan, `${UNIT_LABELS.broadcastRecipients} за период`, taken, left.plan.included, "В пакетах рассылок получателей не осталось: купите пакет или перейдите на тариф выше.", {
    unit: "broadcastRecipients",
    packageRemaining: left.packagesRemaining,
  });
}

/** The 80 % and 100 % notices of each consumable of the current period (each once per period). */
export async function checkUsageWarnings(env: Env, accountId: string): Promise<string[]> {
  const [lines, balance] = await Promise.all([periodLines(env.DB, accountId), balanceOf(env.DB, accountId)]);
  const sent: string[] = [];
  const periodStart = (await env.DB.prepare("SELECT period_start AS p FROM subscriptions WHERE account_id = ?").bind(accountId).first<{ p: number }>())?.p ?? 0;
  for (const l of lines) {
    if (l.included <= 0) continue;
    const pct = (l.used / l.included) * 100;
    const level = pct >= 100 ? 100 : pct >= 80 ? 80 : 0;
    if (!level) continue;
    const label = UNIT_LABELS[l.metric];
    const tail = level === 100 ? (l.price > 0 ? ` Дальше — по цене сверх тарифа, с баланса (сейчас на нём ${Math.floor(balance / 100)} ₽).` : " Дальше — только с пакетами или на тарифе выше.") : "";
    const ok = await notifyAccount(env, accountId, {
      kind: `usage_${level}`,
      key: `usage_${level}:${l.metric}:${periodStart}`,
      subject: level === 100 ? `Лимит тарифа исчерпан: ${label}` : `Использовано 80 % лимита: ${label}`,
      message: `Использовано ${l.used} из ${l.included} ${label} за период (${Math.floor(pct)} %).${tail}`,
      data: { metric: l.metric, used: l.used, included: l.included, level },
    });
    if (ok) sent.push(`${l.metric}:${level}`);
  }
  return sent;
}
