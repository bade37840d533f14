import { and, count, desc, eq, isNull } from "drizzle-orm";
import { getDb, schema } from "../../db/client";
import type { Env } from "../../env";
import { notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { auditStatement } from "../admin/audit-log";
import { balanceOf, entryStatement, settleUsage } from "./ledger";
import { aiAllowed, CAP_COUNT_SQL, periodLines, unsettledKopecks } from "./limits";
import { scheduledChangeOf } from "./plan-change";
import { serializePlan } from "./plans";
import { subscriptionOf } from "./subscription";
import { CAPS, type Cap, CONSUMABLES } from "./units";

async function capCounts(env: Env, accountId: string): Promise<Record<Cap, number>> {
  const r = await env.DB.prepare(`SELECT ${CAPS.map((cap) => `(${CAP_COUNT_SQL[cap]}) AS ${cap}`).join(", ")}`)
    .bind(accountId)
    .first<Record<Cap, number>>();
  return r ?? { assistants: 0, channels: 0, seats: 0 };
}

/**
 * The account's billing state for /billing and the banner: plan and period, included units against
 * what the period used (usage beyond the plan is charged first, so the balance is current), the
 * balance, and the limits state with its reason.
 */
export async function getBilling(env: Env, accountId: string, now = Date.now()) {
  const db = getDb(env.DB);
  await settleUsage(env.DB, accountId, now);
  const [{ sub, plan }, lines, balance, caps, notices, method] = await Promise.all([
    subscriptionOf(db, accountId, now),
    periodLines(env.DB, accountId),
    balanceOf(env.DB, accountId),
    capCounts(env, accountId),
    db.select().from(schema.billingNotifications).where(and(eq(schema.billingNotifications.accountId, accountId), isNull(schema.billingNotifications.readAt))).orderBy(desc(schema.billingNotifications.createdAt)).limit(20).all(),
    env.DB.prepare("SELECT m.id, m.title, m.type, m.card_type AS cardType, m.card_last4 AS cardLast4 FROM subscriptions s JOIN payment_methods m ON m.id = s.payment_method_id WHERE s.account_id = ?")
      .bind(accountId)
      .first<{ id: string; title: string; type: string; cardType: string | null; cardLast4: string | null }>(),
  ]);
  const units = [
    ...CONSUMABLES.map((u) => {
      const l = lines.find((x) => x.metric === u);
      const used = l?.used ?? 0;
      const included = plan.included[u] ?? 0;
      return { unit: u, kind: "consumable" as const, used, included, overUnits: Math.max(0, used - included), priceKopecks: plan.overage[u] ?? 0, percent: included > 0 ? Math.round((used / included) * 100) : null };
    }),
    ...CAPS.map((u) => {
      const included = plan.included[u] ?? 0;
      return { unit: u, kind: "cap" as const, used: caps[u], included, overUnits: Math.max(0, caps[u] - included), priceKopecks: 0, percent: included > 0 ? Math.round((caps[u] / included) * 100) : null };
    }),
  ];
  const aiOk = aiAllowed(lines.map((l) => ({ ...l, balance })));
  const exhausted = units.filter((u) => u.kind === "consumable" && u.included > 0 && u.used >= u.included).map((u) => u.unit);
  const warning = units.filter((u) => u.kind === "consumable" && u.percent !== null && u.percent >= 80 && u.percent < 100).map((u) => u.unit);
  const state = !aiOk ? "ai_stopped" : sub.status === "past_due" ? "grace" : exhausted.length ? "exhausted" : warning.length ? "warning" : "ok";
  return {
    plan: serializePlan(plan),
    subscription: {
      status: sub.status,
      billingPeriod: sub.billingPeriod,
      periodStart: sub.periodStart,
      periodEnd: sub.periodEnd,
      graceUntil: sub.graceUntil,
      lastRenewalError: sub.lastRenewalError,
      downgradedFromPlanId: sub.downgradedFromPlanId,
      /** A downgrade waiting for the period's end («С 28 декабря — «Старт»»), cancellable until then. */
      scheduledChange: await scheduledChangeOf(db, sub),
      paymentMethod: method ? { id: method.id, title: method.title, type: method.type, cardType: method.cardType, cardLast4: method.cardLast4 } : null,
      autoTopup: sub.autoTopupAmountKopecks ? { thresholdKopecks: sub.autoTopupThresholdKopecks ?? 0, amountKopecks: sub.autoTopupAmountKopecks } : null,
    },
    balanceKopecks: balance,
    unsettledKopecks: unsettledKopecks(lines),
    units,
    limits: { state, aiStopped: !aiOk, exhausted, warning, graceUntil: sub.status === "past_due" ? sub.graceUntil : null },
    notifications: notices.map((n) => ({ id: n.id, kind: n.kind, message: n.message, data: n.data, createdAt: n.createdAt })),
  };
}

/** What every member sees (the app's banner): whether the AI stopped or the plan is in its grace period, and why. */
export async function getBanner(env: Env, accountId: string) {
  const b = await getBilling(env, accountId);
  const message =
    b.limits.state === "ai_stopped"
      ? "Ассистенты не отвечают: ответы ИИ по тарифу закончились и на балансе не хватает денег. Владелец аккаунта может пополнить баланс или сменить тариф."
      : b.limits.state === "grace"
        ? `Не удалось продлить тариф «${b.plan.name}». Без оплаты аккаунт перейдёт на бесплатный тариф.`
        : null;
  return { state: b.limits.state, aiStopped: b.limits.aiStopped, graceUntil: b.limits.graceUntil, message };
}

export async function markNotificationsRead(env: Env, accountId: string) {
  await env.DB.prepare("UPDATE billing_notifications SET read_at = ? WHERE account_id = ? AND read_at IS NULL").bind(Date.now(), accountId).run();
}

export async function setAutoTopup(env: Env, accountId: string, input: { enabled: boolean; thresholdKopecks?: number; amountKopecks?: number }) {
  await subscriptionOf(getDb(env.DB), accountId);
  await env.DB.prepare("UPDATE subscriptions SET auto_topup_threshold_kopecks = ?, auto_topup_amount_kopecks = ?, auto_topup_armed = 1, updated_at = ? WHERE account_id = ?")
    .bind(input.enabled ? input.thresholdKopecks! : null, input.enabled ? input.amountKopecks! : null, Date.now(), accountId)
    .run();
  return getBilling(env, accountId);
}

/** A platform administrator's balance adjustment: one ledger row with the reason and one audit row, in one transaction. */
export async function adjustBalance(env: Env, accountId: string, actorUserId: string, input: { amountKopecks: number; reason: string }) {
  const db = getDb(env.DB);
  const account = await db.select({ n: count() }).from(schema.accounts).where(eq(schema.accounts.id, accountId)).get();
  if (!account?.n) throw notFound("Аккаунт не найден", "ACCOUNT_NOT_FOUND");
  const before = await balanceOf(env.DB, accountId);
  const now = Date.now();
  const id = newId();
  await env.DB.batch([
    entryStatement(env.DB, {
      accountId,
      type: "adjustment",
      amountKopecks: input.amountKopecks,
      key: `adjustment:${id}`,
      description: input.amountKopecks > 0 ? "Начисление администратором" : "Списание администратором",
      actorUserId,
      reason: input.reason,
      createdAt: now,
    }),
    auditStatement(env.DB, { actorUserId, action: "balance.adjust", targetType: "account", targetId: accountId, accountId, before: { balanceKopecks: before }, after: { balanceKopecks: before + input.amountKopecks, amountKopecks: input.amountKopecks }, reason: input.reason }, now),
  ]);
  return { balanceKopecks: await balanceOf(env.DB, accountId) };
}
