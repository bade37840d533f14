// Billing of the demo account: on «Бизнес» (paid 12 days ago with a saved card), a top-up, an
// administrator's bonus, last period's usage beyond the plan charged, and 60 days of usage for the
// /billing charts. Idempotent: fixed ids and keys, ON CONFLICT DO NOTHING, and the plan changes only
// while the account is still on the trial it got at creation.
const ACCOUNT = "00000000demoaccount";
const DAY = 86_400_000;
const BUSINESS = "0000000planbusiness";
const TRIAL = "0000000000plantrial";

const dayStart = (ms) => Math.floor(ms / DAY) * DAY;
const monthAfter = (ms) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
};
const monthBefore = (ms) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, d.getUTCDate());
};

/** A deterministic wave per day (weekdays busier), so every seed draws the same charts. */
function volume(i, base, spread) {
  const weekday = new Date(Date.now() - i * DAY).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 0.6 : 1;
  const wave = 0.75 + 0.25 * Math.sin(i / 4.3) + ((i * 37) % 11) / 40;
  return Math.round((base + spread * wave) * weekend);
}

export function billingSeed(now, q) {
  const start = dayStart(now) - 12 * DAY;
  const end = monthAfter(start);
  const prevStart = monthBefore(start);
  const s = [];
  s.push(
    `INSERT OR IGNORE INTO payment_methods (id, account_id, provider, provider_method_id, type, title, card_last4, card_type, expiry, created_at, updated_at) VALUES ('demo-pm-card', ${q(ACCOUNT)}, 'yookassa', 'demo-card-4444', 'bank_card', 'MasterCard •••• 4444', '4444', 'MasterCard', '12/2030', ${start}, ${start});`,
    `UPDATE subscriptions SET plan_id = ${q(BUSINESS)}, billing_period = 'month', status = 'active', period_start = ${start}, period_end = ${end}, payment_method_id = 'demo-pm-card', updated_at = ${now}
       WHERE account_id = ${q(ACCOUNT)} AND plan_id = ${q(TRIAL)} AND downgraded_from_plan_id IS NULL;`,
  );
  const payments = [
    { id: "demo-pay-business", key: "demo-key-business", purpose: "plan", plan: BUSINESS, period: "month", amount: 499000, description: "Тариф «Бизнес» на месяц", at: start + 10 * 3600_000 },
    { id: "demo-pay-topup", key: "demo-key-topup", purpose: "topup", plan: null, period: null, amount: 300000, description: "Пополнение баланса на 3 000 ₽", at: start + 4 * DAY + 15 * 3600_000 },
  ];
  for (const p of payments)
    s.push(
      `INSERT OR IGNORE INTO payments (id, account_id, provider, provider_payment_id, idempotence_key, purpose, plan_id, billing_period, amount_kopecks, status, description, receipt_email, payment_method_id, method_title, applied_at, created_by, created_at, updated_at)
       VALUES (${q(p.id)}, ${q(ACCOUNT)}, 'yookassa', ${q(`2f0c${p.id.length}a1-000f-5000-8000-${p.id.replace(/[^a-z]/g, "").slice(0, 12).padEnd(12, "0")}`)}, ${q(p.key)}, ${q(p.purpose)}, ${q(p.plan)}, ${q(p.period)}, ${p.amount}, 'succeeded', ${q(p.description)}, 'demo@assistly.local', 'demo-pm-card', 'MasterCard •••• 4444', ${p.at}, 'demo-user', ${p.at}, ${p.at});`,
    );
  const ledger = [
    { key: "demo:usage:prev:aiReplies", type: "charge", amount: -48000, metric: "aiReplies", units: 240, period: prevStart, description: "Сверх тарифа: 240 ответов ИИ", at: start - 2 * 3600_000 },
    { key: "demo:adjustment:welcome", type: "adjustment", amount: 50000, description: "Начисление администратором", reason: "Бонус за переход с другого сервиса", at: start + 9 * 3600_000 },
    { key: "payment:demo-pay-business:credit", type: "topup", amount: 499000, description: "Оплата: Тариф «Бизнес» на месяц", payment: "demo-pay-business", at: payments[0].at },
    { key: "payment:demo-pay-business:debit", type: "subscription", amount: -499000, description: "Тариф «Бизнес» на месяц", payment: "demo-pay-business", at: payments[0].at + 1 },
    { key: "payment:demo-pay-topup:credit", type: "topup", amount: 300000, description: "Пополнение баланса на 3 000 ₽", payment: "demo-pay-topup", at: payments[1].at },
  ];
  for (const e of ledger)
    s.push(
      `INSERT INTO ledger_entries (id, account_id, type, amount_kopecks, key, metric, units, period_start, description, payment_id, actor_user_id, reason, created_at)
       VALUES (${q(`demo-led-${e.key.replace(/[^a-z]/gi, "").slice(-20)}`)}, ${q(ACCOUNT)}, ${q(e.type)}, ${e.amount}, ${q(e.key)}, ${q(e.metric ?? null)}, ${q(e.units ?? null)}, ${q(e.period ?? null)}, ${q(e.description)}, ${q(e.payment ?? null)}, ${q(e.reason ? "admin-user" : null)}, ${q(e.reason ?? null)}, ${e.at})
       ON CONFLICT (key) DO NOTHING;`,
    );
  s.push(
    `INSERT INTO billing_requisites (account_id, legal_name, inn, kpp, address, email, updated_at) VALUES (${q(ACCOUNT)}, 'ООО «Уют»', '7707083893', '773601001', '125009, г. Москва, ул. Тверская, д. 7, офис 12', 'buh@uyut.example', ${start}) ON CONFLICT (account_id) DO NOTHING;`,
  );
  // 60 days of usage (today's rows may already hold what the seeded chats counted: those stay).
  const rows = [];
  for (let i = 1; i <= 60; i++) {
    const day = new Date(now - i * DAY).toISOString().slice(0, 10);
    const ai = volume(i, 150, 160);
    rows.push(
      [day, "messagesIn", "demo-ch-telegram", volume(i, 120, 140)],
      [day, "messagesIn", "demo-ch-whatsapp", volume(i + 3, 60, 90)],
      [day, "messagesOut", "demo-ch-telegram", volume(i, 130, 150)],
      [day, "messagesOut", "demo-ch-whatsapp", volume(i + 3, 70, 90)],
      [day, "aiReplies", "gpt-4.1-mini", ai],
      [day, "tokensIn", "gpt-4.1-mini", ai * 940],
      [day, "tokensOut", "gpt-4.1-mini", ai * 118],
    );
    if (i % 7 === 3) rows.push([day, "broadcastRecipients", "demo-ch-telegram", 180 + (i % 5) * 40]);
  }
  for (let i = 0; i < rows.length; i += 100)
    s.push(
      `INSERT INTO usage_daily (account_id, day, metric, dim, quantity) VALUES ${rows
        .slice(i, i + 100)
        .map(([d, m, dim, n]) => `(${q(ACCOUNT)}, ${q(d)}, ${q(m)}, ${q(dim)}, ${n})`)
        .join(", ")} ON CONFLICT (account_id, day, metric, dim) DO NOTHING;`,
    );
  return s;
}
