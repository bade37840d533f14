// Invoices and acts of the demo account (features/billing/documents.ts): the acts of the last two
// months and a bank-transfer invoice awaiting payment, so /billing and /admin/billing show documents.
// Idempotent: each document's key is fixed (ON CONFLICT (key) DO NOTHING); numbers continue the sequence.
const ACCOUNT = "00000000demoaccount";
const DAY = 86_400_000;
const CUSTOMER = { legalName: "ООО «Уют»", inn: "7707083893", kpp: "773601001", address: "125009, г. Москва, ул. Тверская, д. 7, офис 12", email: "buh@uyut.example" };

const monthStart = (ms, back) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1);
};

export function billingDocumentsSeed(now, q) {
  const docs = [];
  for (const back of [2, 1]) {
    const start = monthStart(now, back);
    const end = monthStart(now, back - 1);
    const label = new Date(start).toLocaleDateString("ru-RU", { month: "long", year: "numeric", timeZone: "UTC" });
    const lines = [
      { description: "Доступ к сервису Assistly по тарифу", quantity: 1, unit: "усл.", amountKopecks: 499000 },
      { description: "Услуги сверх тарифа (ответы ИИ, сообщения)", quantity: 1, unit: "усл.", amountKopecks: back === 1 ? 48000 : 31500 },
    ];
    docs.push({ id: `demo-act-${back}`, kind: "act", prefix: "АКТ", key: `act:${ACCOUNT}:${start}`, amount: lines.reduce((s, l) => s + l.amountKopecks, 0), description: `Услуги сервиса Assistly за ${label}`, lines, periodStart: start, periodEnd: end, at: end + 3 * 3600_000 });
  }
  const invoiceLine = "Пополнение баланса сервиса Assistly на 10 000 ₽";
  docs.push({ id: "demo-invoice-topup", kind: "invoice", prefix: "СЧ", key: "invoice:demo-topup", purpose: "topup", amount: 1_000_000, description: invoiceLine, lines: [{ description: invoiceLine, quantity: 1, unit: "усл.", amountKopecks: 1_000_000 }], at: now - 2 * DAY });
  return docs.map(
    (d) =>
      `INSERT INTO billing_documents (id, account_id, kind, seq, number, key, status, purpose, amount_kopecks, description, lines, customer, period_start, period_end, created_by, created_at, updated_at)
       SELECT ${q(d.id)}, ${q(ACCOUNT)}, ${q(d.kind)}, n, ${q(d.prefix)} || '-' || printf('%05d', n), ${q(d.key)}, 'issued', ${q(d.purpose ?? null)}, ${d.amount}, ${q(d.description)}, ${q(JSON.stringify(d.lines))}, ${q(JSON.stringify(CUSTOMER))},
         ${q(d.periodStart ?? null)}, ${q(d.periodEnd ?? null)}, 'demo-user', ${d.at}, ${d.at}
       FROM (SELECT coalesce(max(seq), 0) + 1 AS n FROM billing_documents WHERE kind = ${q(d.kind)}) WHERE true
       ON CONFLICT DO NOTHING;`,
  );
}
