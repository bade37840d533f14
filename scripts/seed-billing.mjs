// Billing of the demo account: on «Бизнес» (paid 12 days ago with a saved card), a top-up, an
// administrator's bonus, last period's usage beyond the plan charged. Its usage (the /billing charts
// and limits) is what its messages and token events make it, counted as the triggers count live
// traffic (billingUsageSeed, after every seed that writes messages). Idempotent: fixed ids and keys,
// ON CONFLICT DO NOTHING, and the plan changes only while the account is still on the trial it got at
// creation.
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
  return s;
}

/**
 * The demo account's usage rows as its messages and token events make them: the same counts, days
 * (UTC) and dimensions as the triggers of migrations 0024 and 0044 (one AI reply per turn), so /billing shows per day the AI
 * replies and messages that /analytics shows. Earlier seeds wrote 60 days of invented usage on top of
 * the messages' own counts (about 300 AI replies a day against some 20 in the chats); this rebuild
 * replaces them, and on a database that holds no such rows it writes back what was there.
 */
export function billingUsageSeed(now, q) {
  const acc = q(ACCOUNT);
  const day = (col) => `strftime('%Y-%m-%d', ${col} / 1000, 'unixepoch')`;
  return [
    `DELETE FROM usage_daily WHERE account_id = ${acc} AND metric IN ('messagesIn', 'messagesOut', 'broadcastRecipients', 'aiReplies', 'tokensIn', 'tokensOut');`,
    `INSERT INTO usage_daily (account_id, day, metric, dim, quantity)
     SELECT m.account_id, ${day("m.created_at")} AS d,
       CASE WHEN m.direction = 'incoming' THEN 'messagesIn' WHEN json_extract(m.metadata, '$.broadcastId') IS NOT NULL THEN 'broadcastRecipients' ELSE 'messagesOut' END AS metric,
       coalesce(t.channel_id, '') AS dim, count(*)
     FROM messages m JOIN threads t ON t.id = m.thread_id
     WHERE m.account_id = ${acc} AND t.is_test = 0 AND m.direction IN ('incoming', 'outgoing') AND m.type NOT IN ('tool_call', 'tool_result')
     GROUP BY d, metric, dim
     ON CONFLICT (account_id, day, metric, dim) DO UPDATE SET quantity = excluded.quantity;`,
    `INSERT INTO usage_daily (account_id, day, metric, dim, quantity)
     SELECT m.account_id, ${day("m.created_at")} AS d, 'aiReplies', json_extract(m.metadata, '$.model') AS dim, count(*)
     FROM messages m JOIN threads t ON t.id = m.thread_id
     WHERE m.account_id = ${acc} AND t.is_test = 0 AND m.sender_type = 'assistant' AND m.direction = 'outgoing' AND m.type NOT IN ('tool_call', 'tool_result')
       AND json_extract(m.metadata, '$.model') IS NOT NULL AND coalesce(m.dedupe_key, '') NOT LIKE 'ai-reply:%:card'
     GROUP BY d, dim
     ON CONFLICT (account_id, day, metric, dim) DO UPDATE SET quantity = excluded.quantity;`,
    // The hours of the charted units (usage_hourly, migration 0049), by the same rules.
    `DELETE FROM usage_hourly WHERE account_id = ${acc};`,
    `INSERT INTO usage_hourly (account_id, hour, metric, quantity)
     SELECT m.account_id, m.created_at / 3600000 AS h, k.metric, count(*)
     FROM messages m JOIN threads t ON t.id = m.thread_id AND t.is_test = 0
     JOIN (SELECT 'messagesIn' AS metric UNION ALL SELECT 'messagesOut' UNION ALL SELECT 'aiReplies') k
       ON (k.metric = 'messagesIn' AND m.direction = 'incoming')
       OR (k.metric = 'messagesOut' AND m.direction = 'outgoing' AND json_extract(m.metadata, '$.broadcastId') IS NULL)
       OR (k.metric = 'aiReplies' AND m.direction = 'outgoing' AND m.sender_type = 'assistant'
           AND json_extract(m.metadata, '$.model') IS NOT NULL AND coalesce(m.dedupe_key, '') NOT LIKE 'ai-reply:%:card')
     WHERE m.account_id = ${acc} AND m.type NOT IN ('tool_call', 'tool_result')
     GROUP BY h, k.metric;`,
    `INSERT INTO usage_daily (account_id, day, metric, dim, quantity)
     SELECT e.account_id, e.day, k.metric,
       coalesce(json_extract(e.meta, '$.model'), (SELECT a.model FROM assistants a WHERE a.id = json_extract(e.meta, '$.assistantId')), '') AS dim,
       sum(coalesce(json_extract(e.meta, k.path), 0))
     FROM usage_events e JOIN (SELECT 'tokensIn' AS metric, '$.promptTokens' AS path UNION ALL SELECT 'tokensOut', '$.completionTokens') k
     WHERE e.account_id = ${acc} AND e.kind = 'ai_tokens'
     GROUP BY e.day, k.metric, dim
     ON CONFLICT (account_id, day, metric, dim) DO UPDATE SET quantity = excluded.quantity;`,
  ];
}
