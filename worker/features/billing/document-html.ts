import type { BillingDocument, DocumentParty } from "../../db/schema/billing-documents";
import { rublesInWords } from "./amount-words";
import type { Seller } from "./seller";

const esc = (s: string | null | undefined) => (s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const money = (k: number) => (k / 100).toLocaleString("ru-RU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const date = (ms: number) => new Date(ms).toLocaleDateString("ru-RU", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Moscow" });

function party(p: DocumentParty): string {
  const ids = [p.inn ? `ИНН ${esc(p.inn)}` : "", p.kpp ? `КПП ${esc(p.kpp)}` : ""].filter(Boolean).join(", ");
  return [esc(p.legalName), ids, esc(p.address)].filter(Boolean).join(", ");
}

const STYLE = `
  body { font: 13px/1.45 "Helvetica Neue", Arial, sans-serif; color: #111; margin: 0; background: #f4f4f5; }
  main { max-width: 800px; margin: 24px auto; background: #fff; padding: 40px 48px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 20px; margin: 24px 0 16px; border-bottom: 2px solid #111; padding-bottom: 8px; }
  table { border-collapse: collapse; width: 100%; }
  .bank td { border: 1px solid #111; padding: 4px 6px; vertical-align: top; }
  .lines { margin-top: 16px; }
  .lines th, .lines td { border: 1px solid #111; padding: 4px 6px; }
  .lines th { background: #f4f4f5; }
  .num { text-align: right; white-space: nowrap; }
  .parties td { padding: 4px 0; vertical-align: top; }
  .parties td:first-child { width: 110px; color: #444; }
  .totals { margin-top: 8px; width: auto; margin-left: auto; }
  .totals td { padding: 2px 0 2px 16px; font-weight: 600; }
  .words { margin-top: 12px; }
  .sign { display: flex; gap: 48px; margin-top: 48px; }
  .sign div { flex: 1; border-top: 1px solid #111; padding-top: 4px; color: #444; font-size: 12px; }
  .stamp { display: inline-block; margin-top: 12px; padding: 4px 10px; border: 2px solid #15803d; color: #15803d; font-weight: 700; text-transform: uppercase; }
  .toolbar { max-width: 800px; margin: 16px auto 0; text-align: right; font-size: 13px; color: #444; }
  @media print { body { background: #fff; } main { box-shadow: none; margin: 0; padding: 0; max-width: none; } .toolbar { display: none; } }
`;

function linesTable(doc: BillingDocument): string {
  const rows = doc.lines
    .map(
      (l, i) =>
        `<tr><td class="num">${i + 1}</td><td>${esc(l.description)}</td><td class="num">${l.quantity}</td><td>${esc(l.unit)}</td><td class="num">${money(Math.round(l.amountKopecks / l.quantity))}</td><td class="num">${money(l.amountKopecks)}</td></tr>`,
    )
    .join("");
  return `<table class="lines"><thead><tr><th>№</th><th>Наименование</th><th>Кол-во</th><th>Ед.</th><th>Цена, ₽</th><th>Сумма, ₽</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function totals(doc: BillingDocument, seller: Seller): string {
  return `<table class="totals"><tr><td>Итого:</td><td class="num">${money(doc.amountKopecks)}</td></tr><tr><td>${esc(seller.vat)}</td><td class="num">—</td></tr><tr><td>Всего к оплате:</td><td class="num">${money(doc.amountKopecks)}</td></tr></table>
  <p class="words">Всего наименований ${doc.lines.length}, на сумму ${money(doc.amountKopecks)} руб.<br><strong>${esc(rublesInWords(doc.amountKopecks))}</strong></p>`;
}

function invoiceBody(doc: BillingDocument, seller: Seller): string {
  const bank = `<table class="bank">
    <tr><td colspan="2" rowspan="2">${esc(seller.bank)}<br><small>Банк получателя</small></td><td>БИК</td><td>${esc(seller.bik)}</td></tr>
    <tr><td>Сч. №</td><td>${esc(seller.corrAccount)}</td></tr>
    <tr><td>ИНН ${esc(seller.inn)}</td><td>КПП ${esc(seller.kpp)}</td><td rowspan="2">Сч. №</td><td rowspan="2">${esc(seller.account)}</td></tr>
    <tr><td colspan="2">${esc(seller.legalName)}<br><small>Получатель</small></td></tr>
  </table>`;
  const paid = doc.status === "paid" && doc.paidAt ? `<div class="stamp">Оплачен ${esc(date(doc.paidAt))}</div>` : doc.status === "canceled" ? `<div class="stamp" style="border-color:#b91c1c;color:#b91c1c">Отменён</div>` : "";
  return `${bank}
    <h1>Счёт на оплату № ${esc(doc.number)} от ${esc(date(doc.createdAt))}</h1>
    <table class="parties"><tr><td>Поставщик:</td><td>${party(seller)}</td></tr><tr><td>Покупатель:</td><td>${party(doc.customer)}</td></tr></table>
    ${linesTable(doc)}${totals(doc, seller)}
    <p>Оплата этого счёта означает согласие с условиями оказания услуг. В назначении платежа укажите номер счёта. Счёт действителен 10 банковских дней.</p>
    ${paid}
    <div class="sign"><div>Руководитель</div><div>Бухгалтер</div></div>`;
}

function actBody(doc: BillingDocument, seller: Seller): string {
  const period = doc.periodStart && doc.periodEnd ? ` за период с ${esc(date(doc.periodStart))} по ${esc(date(doc.periodEnd - 86_400_000))}` : "";
  return `<h1>Акт № ${esc(doc.number)} от ${esc(date(doc.createdAt))}</h1>
    <p>об оказании услуг${period}</p>
    <table class="parties"><tr><td>Исполнитель:</td><td>${party(seller)}</td></tr><tr><td>Заказчик:</td><td>${party(doc.customer)}</td></tr></table>
    ${linesTable(doc)}${totals(doc, seller)}
    <p>Вышеперечисленные услуги выполнены полностью и в срок. Заказчик претензий по объёму, качеству и срокам оказания услуг не имеет.</p>
    <div class="sign"><div>Исполнитель: ${esc(seller.legalName)}</div><div>Заказчик: ${esc(doc.customer.legalName)}</div></div>`;
}

/** A printable document (the browser's print dialog makes the PDF): the seller's and the customer's requisites, lines, the sum in words. */
export function documentHtml(doc: BillingDocument, seller: Seller): string {
  const title = `${doc.kind === "invoice" ? "Счёт" : "Акт"} № ${doc.number}`;
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><div class="toolbar">Чтобы сохранить PDF, напечатайте страницу (Ctrl+P, «Сохранить как PDF»).</div><main>${doc.kind === "invoice" ? invoiceBody(doc, seller) : actBody(doc, seller)}</main></body></html>`;
}
