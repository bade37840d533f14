// The demo account's older payment history for Operations and Payments (seed-billing.mjs holds the
// current period): two earlier plan payments, a declined and an expired top-up, an auto top-up from
// the saved card, and the usage charged beyond the plan two periods ago; then the audit log's line of
// the administrator's bonus. Idempotent: fixed ids, INSERT OR IGNORE / ON CONFLICT (key) DO NOTHING
// (the balance trigger counts a row once).
const ACCOUNT = "00000000demoaccount";
const DAY = 86_400_000;
const START = "0000000000planstart";
const BUSINESS = "0000000planbusiness";

export function billingHistorySeed(now, q) {
  const today = Math.floor(now / DAY) * DAY;
  const at = (days, hours) => today - days * DAY + hours * 3600_000;
  const payments = [
    { id: "demo-pay-h-start", purpose: "plan", plan: START, amount: 199000, status: "succeeded", description: "Тариф «Старт» на месяц", at: at(72, 11) },
    { id: "demo-pay-h-topup-declined", purpose: "topup", plan: null, amount: 500000, status: "canceled", reason: "insufficient_funds", description: "Пополнение баланса на 5 000 ₽", at: at(50, 16) },
    { id: "demo-pay-h-business", purpose: "plan", plan: BUSINESS, amount: 499000, status: "succeeded", description: "Тариф «Бизнес» на месяц", at: at(43, 10) },
    { id: "demo-pay-h-topup-expired", purpose: "topup", plan: null, amount: 100000, status: "canceled", reason: "expired_on_confirmation", description: "Пополнение баланса на 1 000 ₽", at: at(9, 13) },
    { id: "demo-pay-h-auto", purpose: "auto_topup", plan: null, amount: 200000, status: "succeeded", description: "Автопополнение баланса на 2 000 ₽", at: at(6, 3) },
  ];
  const s = [];
  payments.forEach((p, i) => {
    const ok = p.status === "succeeded";
    s.push(
      `INSERT OR IGNORE INTO payments (id, account_id, provider, provider_payment_id, idempotence_key, purpose, plan_id, billing_period, amount_kopecks, status, description, receipt_email, payment_method_id, method_title, cancellation_reason, applied_at, created_by, created_at, updated_at)
       VALUES (${q(p.id)}, ${q(ACCOUNT)}, 'yookassa', ${q(`2f1d0${i}b2-000f-5000-9000-00000000000${i}`)}, ${q(`demo-key-h-${i}`)}, ${q(p.purpose)}, ${q(p.plan)}, ${q(p.plan ? "month" : null)}, ${p.amount}, ${q(p.status)}, ${q(p.description)}, 'demo@assistly.local', ${q(ok ? "demo-pm-card" : null)}, ${q(ok ? "MasterCard •••• 4444" : null)}, ${q(p.reason ?? null)}, ${ok ? p.at : "NULL"}, 'demo-user', ${p.at}, ${p.at});`,
    );
  });
  const ledger = [
    { id: "demo-led-h-start-c", key: "payment:demo-pay-h-start:credit", type: "topup", amount: 199000, description: "Оплата: Тариф «Старт» на месяц", payment: "demo-pay-h-start", at: payments[0].at },
    { id: "demo-led-h-start-d", key: "payment:demo-pay-h-start:debit", type: "subscription", amount: -199000, description: "Тариф «Старт» на месяц", payment: "demo-pay-h-start", at: payments[0].at + 1 },
    { id: "demo-led-h-charge", key: "demo:usage:prev2:aiReplies", type: "charge", amount: -30000, metric: "aiReplies", units: 120, description: "Сверх тарифа: 120 ответов ИИ", at: at(44, 0) },
    { id: "demo-led-h-msgs", key: "demo:usage:prev2:messagesOut", type: "charge", amount: -4500, metric: "messagesOut", units: 900, description: "Сверх тарифа: 900 исходящих сообщений", at: at(44, 0) + 1 },
    { id: "demo-led-h-bus-c", key: "payment:demo-pay-h-business:credit", type: "topup", amount: 499000, description: "Оплата: Тариф «Бизнес» на месяц", payment: "demo-pay-h-business", at: payments[2].at },
    { id: "demo-led-h-bus-d", key: "payment:demo-pay-h-business:debit", type: "subscription", amount: -499000, description: "Тариф «Бизнес» на месяц", payment: "demo-pay-h-business", at: payments[2].at + 1 },
    { id: "demo-led-h-auto", key: "payment:demo-pay-h-auto:credit", type: "topup", amount: 200000, description: "Автопополнение баланса на 2 000 ₽", payment: "demo-pay-h-auto", at: payments[4].at },
  ];
  for (const e of ledger)
    s.push(
      `INSERT INTO ledger_entries (id, account_id, type, amount_kopecks, key, metric, units, period_start, description, payment_id, actor_user_id, reason, created_at)
       VALUES (${q(e.id)}, ${q(ACCOUNT)}, ${q(e.type)}, ${e.amount}, ${q(e.key)}, ${q(e.metric ?? null)}, ${q(e.units ?? null)}, NULL, ${q(e.description)}, ${q(e.payment ?? null)}, NULL, NULL, ${e.at})
       ON CONFLICT (key) DO NOTHING;`,
    );
  // The administrator's bonus (seed-billing.mjs) in the administrators' audit log, as
  // adjustBalance writes it: the balance before (the ledger up to then) and after, the reason.
  s.push(
    `INSERT OR IGNORE INTO admin_audit_log (id, actor_user_id, action, target_type, target_id, account_id, before, after, reason, created_at)
     SELECT 'demo-audit-welcome', e.actor_user_id, 'balance.adjust', 'account', e.account_id, e.account_id, json_object('balanceKopecks', b.n),
       json_object('balanceKopecks', b.n + e.amount_kopecks, 'amountKopecks', e.amount_kopecks), e.reason, e.created_at
     FROM ledger_entries e, (SELECT coalesce(sum(l.amount_kopecks), 0) AS n FROM ledger_entries l JOIN ledger_entries w ON w.key = 'demo:adjustment:welcome'
       WHERE l.account_id = w.account_id AND l.created_at < w.created_at) b
     WHERE e.key = 'demo:adjustment:welcome' AND e.account_id = ${q(ACCOUNT)};`,
  );
  return s;
}
