// The partner programme of the demo: the demo user is an approved partner (20 %) with three codes,
// six months of clicks, five referred businesses with their payments, commission (some held, some
// available, one refund reversed) and a paid payout; another user's application waits for review
// in /admin/partners. Idempotent: fixed ids and keys, INSERT OR IGNORE.
const DAY = 86_400_000;
const PARTNER = "0000000demopartner1";
const TRIAL = "0000000000plantrial";
const PLANS = { start: { id: "0000000000planstart", price: 199000 }, business: { id: "0000000planbusiness", price: 499000 } };
const CODES = [
  { id: "demo-pcode-main", code: "UYUT", label: null, isDefault: 1, weight: 5 },
  { id: "demo-pcode-tg", code: "uyut_telegram", label: "Telegram-канал «Малый бизнес»", isDefault: 0, weight: 3 },
  { id: "demo-pcode-web", code: "uyut_webinar", label: "Вебинар для кофеен", isDefault: 0, weight: 2 },
];
const CLIENTS = [
  { n: 1, name: "Анна Лебедева", email: "anna@kofe-zerno.test", account: "Кофейня «Зерно»", code: 0, daysAgo: 150, plan: "business", payments: [150, 120, 90, 60, 30, 3] },
  { n: 2, name: "Олег Морозов", email: "oleg@barbershop.test", account: "Барбершоп «Усы»", code: 1, daysAgo: 118, plan: "start", payments: [116, 86, 56, 26] },
  { n: 3, name: "Светлана Ким", email: "svetlana@lotos-spa.test", account: "Салон «Лотос»", code: 0, daysAgo: 75, plan: "business", payments: [72, 42, 10], refund: 42 },
  { n: 4, name: "Игорь Белов", email: "igor@pekarnya.test", account: "Пекарня у дома", code: 2, daysAgo: 40, plan: "start", payments: [38, 8] },
  { n: 5, name: "Мария Орлова", email: "maria@flowers.test", account: "Цветочная лавка", code: 1, daysAgo: 9, plan: null, payments: [] },
];

const dayStart = (ms) => Math.floor(ms / DAY) * DAY;

export function partnersSeed(now, q) {
  const s = [];
  const joined = dayStart(now) - 180 * DAY;
  s.push(
    `INSERT OR IGNORE INTO partner_applications (id, user_id, name, company, phone, email, website, audience, expected_volume, payout_method, legal_form, inn, bank_account, bik, card_last4, agreed_at, status, reviewed_by, reviewed_at, created_at, updated_at)
     VALUES ('demo-papp-1', 'demo-user', 'Демо Оператор', 'Digital-агентство «Уют»', '+7 912 345 6789', 'demo@assistly.local', 'https://t.me/uyut_agency', 'Кофейни, салоны красоты и пекарни Екатеринбурга', '5–10 клиентов в месяц', 'bank', 'company', '7707083893', '40702810938000000001', '044525225', NULL, ${joined - DAY}, 'approved', 'admin-user', ${joined}, ${joined - DAY}, ${joined});`,
    `INSERT OR IGNORE INTO partners (id, user_id, application_id, rate_bp, status, created_at, updated_at) VALUES (${q(PARTNER)}, 'demo-user', 'demo-papp-1', 2000, 'active', ${joined}, ${joined});`,
    `INSERT OR IGNORE INTO users (id, email, name, search_text, password_hash, email_verified, is_platform_admin, language, created_at, updated_at) VALUES ('demo-applicant', 'pavel@smm-studio.test', 'Павел Гусев', 'павел гусев pavel@smm-studio.test', 'pbkdf2_sha256$100000$seed$not-a-password', 1, 0, 'ru', ${now - 2 * DAY}, ${now - 2 * DAY});`,
    `INSERT OR IGNORE INTO partner_applications (id, user_id, name, company, phone, email, website, audience, expected_volume, payout_method, legal_form, inn, bank_account, bik, card_last4, agreed_at, status, created_at, updated_at)
     VALUES ('demo-papp-2', 'demo-applicant', 'Павел Гусев', 'SMM-студия «Охват»', '+7 903 555 1212', 'pavel@smm-studio.test', 'https://vk.com/ohvat_smm', 'Рестораны и доставка еды, 12 000 подписчиков в канале', '3–5 клиентов в месяц', 'card', 'self_employed', NULL, NULL, NULL, '4242', ${now - DAY}, 'pending', ${now - DAY}, ${now - DAY});`,
  );
  for (const c of CODES)
    s.push(`INSERT OR IGNORE INTO partner_codes (id, partner_id, code, code_key, label, is_default, active, created_at) VALUES (${q(c.id)}, ${q(PARTNER)}, ${q(c.code)}, ${q(c.code.toLowerCase())}, ${q(c.label)}, ${c.isDefault}, 1, ${joined});`);
  // Clicks: a deterministic number per code and day over six months.
  for (let d = 179; d >= 0; d--) {
    const at = dayStart(now) - d * DAY + 11 * 3600_000;
    const day = new Date(at).toISOString().slice(0, 10);
    CODES.forEach((c, i) => {
      const n = Math.max(0, Math.round(c.weight * (0.6 + 0.4 * Math.sin((d + i * 7) / 9)) + ((d * 13 + i) % 3) - 1));
      for (let k = 0; k < n; k++)
        s.push(`INSERT OR IGNORE INTO partner_clicks (id, code, visitor, day, code_id, created_at) VALUES (${q(`demo-pclick-${i}-${d}-${k}`)}, ${q(c.code)}, ${q(`demo-visitor-${i}-${d}-${k}`)}, ${q(day)}, ${q(c.id)}, ${at + k * 60_000});`);
    });
  }
  for (const c of CLIENTS) s.push(...clientSql(c, now, q));
  s.push(
    `INSERT OR IGNORE INTO partner_payouts (id, partner_id, amount_kopecks, status, reference, decided_by, approved_at, paid_at, created_at, updated_at) VALUES ('demo-payout-1', ${q(PARTNER)}, 300000, 'paid', 'п/п № 1287', 'admin-user', ${now - 33 * DAY}, ${now - 31 * DAY}, ${now - 35 * DAY}, ${now - 31 * DAY});`,
  );
  // The administrator's decisions above in the administrators' audit log, as the admin routes write
  // them (worker/features/partners/partners.admin.ts), at the times the rows carry.
  const audit = (id, action, targetType, before, after, from) =>
    `INSERT OR IGNORE INTO admin_audit_log (id, actor_user_id, action, target_type, target_id, account_id, before, after, reason, created_at) SELECT ${q(id)}, 'admin-user', ${q(action)}, ${q(targetType)}, id, NULL, ${before}, ${after}, NULL, ${from};`;
  s.push(
    audit("demo-audit-partner-approve", "partner.approve", "partner_application", `json_object('status', 'pending')`, `json_object('status', 'approved', 'ratePercent', 20)`, "reviewed_at FROM partner_applications WHERE id = 'demo-papp-1'"),
    audit("demo-audit-payout-approve", "payout.approve", "partner_payout", `json_object('status', 'requested')`, `json_object('status', 'approved', 'reference', NULL)`, "approved_at FROM partner_payouts WHERE id = 'demo-payout-1'"),
    audit("demo-audit-payout-paid", "payout.paid", "partner_payout", `json_object('status', 'approved')`, `json_object('status', 'paid', 'reference', reference)`, "paid_at FROM partner_payouts WHERE id = 'demo-payout-1'"),
  );
  return s;
}

function clientSql(c, now, q) {
  const s = [];
  const user = `demo-ref-user-${c.n}`;
  const account = `000000demorefacct${String(c.n).padStart(2, "0")}`;
  const at = dayStart(now) - c.daysAgo * DAY + 14 * 3600_000;
  const code = CODES[c.code];
  s.push(
    `INSERT OR IGNORE INTO users (id, email, name, search_text, password_hash, email_verified, is_platform_admin, language, created_at, updated_at) VALUES (${q(user)}, ${q(c.email)}, ${q(c.name)}, ${q(`${c.name} ${c.email}`.toLowerCase())}, 'pbkdf2_sha256$100000$seed$not-a-password', 1, 0, 'ru', ${at}, ${at});`,
    `INSERT OR IGNORE INTO partner_attributions (user_id, partner_id, code_id, touched_at, source, created_at, updated_at) VALUES (${q(user)}, ${q(PARTNER)}, ${q(code.id)}, ${at - 2 * DAY}, 'link', ${at}, ${at});`,
    `INSERT OR IGNORE INTO accounts (id, name, name_search, timezone, language, settings, wizard, downtime, created_by, created_at, updated_at) VALUES (${q(account)}, ${q(c.account)}, ${q(c.account.toLowerCase())}, 'Asia/Yekaterinburg', 'ru', '{}', '{"completed":[],"skipped":[]}', '{"enabled":false,"intervals":[]}', ${q(user)}, ${at}, ${at});`,
    `INSERT OR IGNORE INTO members (account_id, user_id, role, created_at) VALUES (${q(account)}, ${q(user)}, 'owner', ${at});`,
  );
  if (c.plan) s.push(`UPDATE subscriptions SET plan_id = ${q(PLANS[c.plan].id)}, updated_at = ${now} WHERE account_id = ${q(account)} AND plan_id = ${q(TRIAL)};`);
  for (const daysAgo of c.payments) {
    const pid = `demo-refpay-${c.n}-${daysAgo}`;
    const paidAt = dayStart(now) - daysAgo * DAY + 10 * 3600_000;
    const amount = PLANS[c.plan].price;
    const refunded = c.refund === daysAgo ? amount : 0;
    const name = c.plan === "business" ? "Бизнес" : "Старт";
    s.push(
      `INSERT OR IGNORE INTO payments (id, account_id, provider, provider_payment_id, idempotence_key, purpose, plan_id, billing_period, amount_kopecks, refunded_kopecks, status, description, receipt_email, applied_at, created_by, created_at, updated_at)
       VALUES (${q(pid)}, ${q(account)}, 'yookassa', ${q(`demo-yk-${c.n}-${daysAgo}`)}, ${q(`demo-refkey-${c.n}-${daysAgo}`)}, 'plan', ${q(PLANS[c.plan].id)}, 'month', ${amount}, ${refunded}, 'succeeded', ${q(`Тариф «${name}» на месяц`)}, ${q(c.email)}, ${paidAt}, ${q(user)}, ${paidAt}, ${paidAt});`,
      `INSERT OR IGNORE INTO partner_commissions (id, partner_id, account_id, code_id, payment_id, kind, amount_kopecks, base_kopecks, rate_bp, key, available_at, created_at) VALUES (${q(`demo-pcom-${c.n}-${daysAgo}`)}, ${q(PARTNER)}, ${q(account)}, ${q(code.id)}, ${q(pid)}, 'accrual', ${amount / 5}, ${amount}, 2000, ${q(`payment:${pid}`)}, ${paidAt + 14 * DAY}, ${paidAt});`,
    );
    if (refunded)
      s.push(
        `INSERT OR IGNORE INTO partner_commissions (id, partner_id, account_id, code_id, payment_id, kind, amount_kopecks, base_kopecks, rate_bp, key, available_at, created_at) VALUES (${q(`demo-prev-${c.n}-${daysAgo}`)}, ${q(PARTNER)}, ${q(account)}, ${q(code.id)}, ${q(pid)}, 'reversal', ${-amount / 5}, ${amount}, 2000, ${q(`refund:demo-refund-${c.n}-${daysAgo}`)}, ${paidAt + 14 * DAY}, ${paidAt + 3 * DAY});`,
      );
  }
  return s;
}
