import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { runBillingTick } from "../../worker/features/billing/renewal";
import { getDb, schema } from "../../worker/db/client";
import { and, asc, eq } from "drizzle-orm";
import { scopeToken, scriptModel, waitFor } from "./ai-helpers";
import { balanceAndSum, deliver, ledgerRows, payerActs, planId, setUsageToday, ykControl, ykRequests, ykUrl } from "./billing-helpers";
import { adminToken } from "./channel-helpers";
import { api, lastMailTo, ownerWithAccount } from "./helpers";
import { bcBody } from "./broadcast-helpers";
import { createChannel, incoming, ingest } from "./inbox-helpers";

const DAY = 86_400_000;
const db = () => getDb(env.DB);

async function withAssistant() {
  const o = await ownerWithAccount();
  const a = await api("POST", `/accounts/${o.accountId}/assistants`, { token: o.token, body: { name: "Ассистент", knowledge: "Доставка — 300 ₽." } });
  const channelId = await createChannel(o.accountId, { assistantId: a.body.assistantId });
  return { ...o, channelId };
}

async function say(ctx: { accountId: string; channelId: string }, user: string, text: string) {
  const [r] = await ingest([incoming(ctx.accountId, ctx.channelId, user, text)]);
  return (r as { threadId: string }).threadId;
}

const messagesOf = (accountId: string, threadId: string) =>
  db().select().from(schema.messages).where(and(eq(schema.messages.accountId, accountId), eq(schema.messages.threadId, threadId))).orderBy(asc(schema.messages.createdAt), asc(schema.messages.id)).all();

/** An account on Business with a saved card, as after a checkout. */
async function onBusiness() {
  const o = await ownerWithAccount();
  const c = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "plan", planId: await planId("business"), period: "month", email: "owner@uyut.ru" } });
  const { notification } = await payerActs(c.body.paymentId);
  await deliver(notification);
  return o;
}

const endPeriodNow = (accountId: string) => env.DB.prepare("UPDATE subscriptions SET period_end = ? WHERE account_id = ?").bind(Date.now() - 1000, accountId).run();
const sub = (accountId: string) => env.DB.prepare("SELECT s.*, p.code FROM subscriptions s JOIN plans p ON p.id = s.plan_id WHERE account_id = ?").bind(accountId).first<any>();

describe("billing: limits, renewal, grace and downgrade", () => {
  it("stops the AI with a system line when the plan's replies and the balance are used up; the customer's message still lands", async () => {
    const ctx = await withAssistant();
    const scope = scopeToken("lim");
    await scriptModel(scope, [{ content: "Доставка стоит 300 ₽." }], { repeatLast: true });
    await setUsageToday(ctx.accountId, "aiReplies", 500, "gpt-4o-mini");
    const threadId = await say(ctx, "c1", `Сколько стоит доставка? ${scope}`);
    const msgs = await waitFor(async () => {
      const m = await messagesOf(ctx.accountId, threadId);
      return m.some((x) => x.direction === "system") ? m : null;
    });
    expect(msgs.filter((m) => m.direction === "incoming").map((m) => m.content)).toEqual([`Сколько стоит доставка? ${scope}`]);
    expect(msgs.find((m) => m.direction === "system")!.content).toMatch(/Ассистент не ответил: ответы ИИ по тарифу закончились/);
    expect(msgs.some((m) => m.senderType === "assistant")).toBe(false);
    const b = await api("GET", `/accounts/${ctx.accountId}/billing`, { token: ctx.token });
    expect(b.body.limits).toMatchObject({ state: "ai_stopped", aiStopped: true });
    expect(b.body.notifications.map((n: any) => n.kind)).toContain("ai_stopped");
    expect((await api("GET", `/accounts/${ctx.accountId}/billing/banner`, { token: ctx.token })).body.message).toMatch(/Ассистенты не отвечают/);
    expect((await lastMailTo(ctx.email)).mail.subject).toBe("Ассистенты перестали отвечать клиентам");
    // A top-up that covers a reply beyond the plan: the assistant answers again, and the reply is charged.
    const admin = await adminToken();
    await api("POST", `/admin/accounts/${ctx.accountId}/balance-adjustments`, { token: admin, body: { amountKopecks: 1000, reason: "Тест лимитов" } });
    const t2 = await say(ctx, "c2", `А самовывоз? ${scope}`);
    await waitFor(async () => (await messagesOf(ctx.accountId, t2)).some((m) => m.senderType === "assistant" && m.type === "text"));
    const after = await api("GET", `/accounts/${ctx.accountId}/billing`, { token: ctx.token });
    expect(after.body.units.find((u: any) => u.unit === "aiReplies").used).toBe(501);
    expect(after.body.balanceKopecks).toBe(1000 - 300);
    expect((await ledgerRows(ctx.accountId)).find((r) => r.type === "charge")).toMatchObject({ metric: "aiReplies", units: 1, amount: -300 });
    // The reply and its tokens were metered by the triggers as they were committed, per model.
    const usage = await api("GET", `/accounts/${ctx.accountId}/usage`, { token: ctx.token });
    const replyModel = usage.body.byModel.find((m: any) => m.model !== "gpt-4o-mini");
    expect(replyModel.aiReplies).toBe(1);
    expect(replyModel.tokensIn).toBeGreaterThan(0);
    expect(usage.body.totals.messagesIn).toBe(2);
    expect(usage.body.totals.messagesOut).toBe(1);
  });

  it("refuses an assistant beyond the plan with 402 and its numbers", async () => {
    const o = await ownerWithAccount();
    for (let i = 0; i < 3; i++) expect((await api("POST", `/accounts/${o.accountId}/assistants`, { token: o.token, body: { name: `Ассистент ${i}` } })).status).toBe(201);
    const fourth = await api("POST", `/accounts/${o.accountId}/assistants`, { token: o.token, body: { name: "Четвёртый" } });
    expect(fourth.status).toBe(402);
    expect(fourth.body.message).toBe("Лимит тарифа «Пробный» исчерпан: ассистентов 3 из 3. Перейдите на тариф выше, чтобы добавить ещё.");
    expect(fourth.body.details).toMatchObject({ unit: "assistants", current: 3, limit: 3 });
  });

  it("refuses a new broadcast when the plan's recipients are used up and no package is left", async () => {
    const o = await ownerWithAccount();
    await setUsageToday(o.accountId, "broadcastRecipients", 100, "ch");
    const channelId = await createChannel(o.accountId);
    const r = await api("POST", `/accounts/${o.accountId}/broadcasts`, { token: o.token, body: bcBody({ channelId }) });
    expect(r.status).toBe(402);
    expect(r.body.message).toMatch(/получателей рассылок за период 100 из 100/);
  });

  it("renews at the period's end with the saved card, once however often the tick runs", async () => {
    const o = await onBusiness();
    const before = await sub(o.accountId);
    await endPeriodNow(o.accountId);
    const oldEnd = (await sub(o.accountId)).period_end;
    await Promise.all([runBillingTick(env), runBillingTick(env)]);
    await runBillingTick(env);
    const after = await sub(o.accountId);
    expect(after).toMatchObject({ status: "active", code: "business", period_start: oldEnd });
    expect(after.period_end).toBeGreaterThan(Date.now());
    const renewals = await env.DB.prepare("SELECT status, amount_kopecks FROM payments WHERE account_id = ? AND purpose = 'renewal'").bind(o.accountId).all();
    expect(renewals.results).toEqual([{ status: "succeeded", amount_kopecks: 499000 }]);
    const posts = await ykRequests((r) => r.method === "POST" && r.path === "/v3/payments" && r.body?.metadata?.accountId === o.accountId && r.body?.metadata?.purpose === "renewal");
    // Two ticks at once may both ask: with the same key, so the provider makes one payment.
    expect([...new Set(posts.map((p) => p.headers["idempotence-key"]))]).toEqual([`renewal:${o.accountId}:${oldEnd}`]);
    const atProvider = (await (await fetch(`${ykUrl()}/__payments`)).json()) as any[];
    expect(atProvider.filter((p) => p.metadata?.accountId === o.accountId && p.metadata?.purpose === "renewal").length).toBe(1);
    expect(posts[0]!.body.payment_method_id).toBeTruthy();
    expect(posts[0]!.body.confirmation).toBeUndefined();
    expect((await ledgerRows(o.accountId)).filter((r) => r.type === "subscription").length).toBe(2);
    expect(before.payment_method_id).toBeTruthy();
    const { balance, sum } = await balanceAndSum(o.accountId);
    expect(balance).toBe(sum);
  });

  it("a failed renewal starts the grace period (mail, notice), then the account moves to the free plan", async () => {
    const o = await onBusiness();
    await ykControl("/__config", { declineRecurring: "insufficient_funds" });
    try {
      await endPeriodNow(o.accountId);
      await runBillingTick(env);
    } finally {
      await ykControl("/__config", { declineRecurring: null });
    }
    const grace = await sub(o.accountId);
    expect(grace).toMatchObject({ status: "past_due", code: "business", last_renewal_error: "на карте недостаточно средств" });
    expect(grace.grace_until).toBeGreaterThan(Date.now() + 2 * DAY);
    const b = await api("GET", `/accounts/${o.accountId}/billing`, { token: o.token });
    expect(b.body.limits.state).toBe("grace");
    expect(b.body.notifications[0].message).toMatch(/Не удалось продлить тариф «Бизнес».*недостаточно средств/);
    expect((await lastMailTo(o.email)).mail.subject).toBe("Не удалось продлить тариф «Бизнес»");
    await runBillingTick(env, grace.grace_until - 1000);
    expect((await sub(o.accountId)).status).toBe("past_due");
    await runBillingTick(env, grace.grace_until + 1000);
    const down = await sub(o.accountId);
    expect(down).toMatchObject({ status: "active", code: "trial", grace_until: null });
    expect(down.downgraded_from_plan_id).toBe(await planId("business"));
    expect((await lastMailTo(o.email)).mail.subject).toBe("Аккаунт переведён на тариф «Пробный»");
    expect((await api("GET", `/accounts/${o.accountId}/billing`, { token: o.token })).body.plan.code).toBe("trial");
  });

  it("permission_revoked: the saved method is forgotten and the renewal fails into grace", async () => {
    const o = await onBusiness();
    const method = await env.DB.prepare("SELECT provider_method_id AS id FROM payment_methods WHERE account_id = ?").bind(o.accountId).first<{ id: string }>();
    await ykControl("/__revoke", { paymentMethodId: method!.id });
    await endPeriodNow(o.accountId);
    await runBillingTick(env);
    expect((await api("GET", `/accounts/${o.accountId}/payment-methods`, { token: o.token })).body.data).toEqual([]);
    expect(await sub(o.accountId)).toMatchObject({ status: "past_due", payment_method_id: null, last_renewal_error: "вы отозвали разрешение на списания" });
    const p = await env.DB.prepare("SELECT status, cancellation_reason FROM payments WHERE account_id = ? AND purpose = 'renewal'").bind(o.accountId).first();
    expect(p).toMatchObject({ status: "canceled", cancellation_reason: "permission_revoked" });
  });

  it("auto top-up charges the saved card when the balance falls under the threshold, once", async () => {
    const o = await onBusiness();
    const set = await api("PUT", `/accounts/${o.accountId}/billing/auto-topup`, { token: o.token, body: { enabled: true, thresholdKopecks: 20000, amountKopecks: 100000 } });
    expect(set.status).toBe(200);
    expect(set.body.subscription.autoTopup).toEqual({ thresholdKopecks: 20000, amountKopecks: 100000 });
    await Promise.all([runBillingTick(env), runBillingTick(env)]);
    await runBillingTick(env);
    expect((await ledgerRows(o.accountId)).filter((r) => r.type === "topup").map((r) => r.amount)).toEqual([499000, 100000]);
    expect((await balanceAndSum(o.accountId)).balance).toBe(100000);
    const bad = await api("PUT", `/accounts/${o.accountId}/billing/auto-topup`, { token: o.token, body: { enabled: true } });
    expect(bad.status).toBe(400);
  });

  it("an admin refunds a payment through the provider once; the ledger and the audit log say so", async () => {
    const o = await ownerWithAccount();
    const c = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "topup", amountKopecks: 200000, email: "owner@uyut.ru" } });
    await deliver((await payerActs(c.body.paymentId)).notification);
    const admin = await adminToken();
    const [a, b] = await Promise.all([
      api("POST", `/admin/payments/${c.body.paymentId}/refunds`, { token: admin, body: { amountKopecks: 50000, reason: "Клиент передумал" } }),
      api("POST", `/admin/payments/${c.body.paymentId}/refunds`, { token: admin, body: { amountKopecks: 50000, reason: "Клиент передумал" } }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.refundId).toBe(b.body.refundId);
    expect((await ledgerRows(o.accountId)).filter((r) => r.type === "refund").map((r) => r.amount)).toEqual([-50000]);
    expect((await balanceAndSum(o.accountId)).balance).toBe(150000);
    const tooMuch = await api("POST", `/admin/payments/${c.body.paymentId}/refunds`, { token: admin, body: { amountKopecks: 500000, reason: "x" } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toMatch(/^Вернуть можно не больше 1\s500 ₽$/);
    const audit = await api("GET", `/admin/audit-log?accountId=${o.accountId}`, { token: admin });
    expect(audit.body.data.filter((e: any) => e.action === "payment.refund").map((e: any) => e.reason)).toEqual(["Клиент передумал"]);
  });

  it("warns at 80 % and 100 % once per period, by mail and in the billing notices", async () => {
    const o = await ownerWithAccount();
    await setUsageToday(o.accountId, "messagesIn", 1700, "ch");
    await runBillingTick(env);
    await runBillingTick(env);
    let b = await api("GET", `/accounts/${o.accountId}/billing`, { token: o.token });
    expect(b.body.notifications.map((n: any) => n.kind)).toEqual(["usage_80"]);
    expect(b.body.limits.state).toBe("warning");
    expect((await lastMailTo(o.email)).mail.subject).toBe("Использовано 80 % лимита: входящих сообщений");
    await setUsageToday(o.accountId, "messagesIn", 2000, "ch");
    await runBillingTick(env);
    b = await api("GET", `/accounts/${o.accountId}/billing`, { token: o.token });
    expect(b.body.notifications.map((n: any) => n.kind)).toEqual(["usage_100", "usage_80"]);
    expect(b.body.notifications[0].message).toBe("Использовано 2000 из 2000 входящих сообщений за период (100 %). Дальше — по цене сверх тарифа, с баланса (сейчас на нём 0 ₽).");
    await api("POST", `/accounts/${o.accountId}/billing/notifications/read`, { token: o.token });
    expect((await api("GET", `/accounts/${o.accountId}/billing`, { token: o.token })).body.notifications).toEqual([]);
  });
});
