import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { rublesInWords } from "../../worker/features/billing/amount-words";
import { issueAct, monthOf } from "../../worker/features/billing/documents";
import { runBillingTick } from "../../worker/features/billing/renewal";
import { balanceAndSum, channelRow, deliver, ledgerRows, payerActs, planId, ykRequests } from "./billing-helpers";
import { adminToken, botToken } from "./channel-helpers";
import { addMember, api, BASE, ownerWithAccount, uniqueEmail } from "./helpers";

const REQUISITES = { legalName: "ООО «Уют»", inn: "7707083893", kpp: "770701001", address: "г. Москва, ул. Тверская, д. 1", email: "buh@uyut.ru" };

async function withRequisites() {
  const o = await ownerWithAccount();
  expect((await api("PUT", `/accounts/${o.accountId}/requisites`, { token: o.token, body: REQUISITES })).status).toBe(200);
  return o;
}

const invoice = (o: { accountId: string; token: string }, body: unknown) => api("POST", `/accounts/${o.accountId}/billing/invoices`, { token: o.token, body });

async function html(path: string, token: string) {
  const r = await SELF.fetch(`${BASE}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: r.status, type: r.headers.get("content-type"), text: await r.text() };
}

describe("billing: invoices, acts and pay by invoice", () => {
  it("writes sums in Russian words", () => {
    expect(rublesInWords(500000)).toBe("Пять тысяч рублей 00 копеек");
    expect(rublesInWords(199050)).toBe("Одна тысяча девятьсот девяносто рублей 50 копеек");
    expect(rublesInWords(2_101_02)).toBe("Две тысячи сто один рубль 02 копейки");
    expect(rublesInWords(1_000_000_00)).toBe("Один миллион рублей 00 копеек");
  });

  it("an invoice needs the requisites; it is numbered, listed and printable with both parties' requisites", async () => {
    const o = await ownerWithAccount();
    const none = await invoice(o, { kind: "topup", amountKopecks: 500000 });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("Сначала заполните реквизиты компании: счёт выставляется на них");
    const bad = await api("PUT", `/accounts/${o.accountId}/requisites`, { token: o.token, body: { ...REQUISITES, inn: "7707083890" } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields.inn).toEqual(["ИНН не проходит проверку контрольной суммы: проверьте цифры"]);
    await api("PUT", `/accounts/${o.accountId}/requisites`, { token: o.token, body: REQUISITES });
    const a = await invoice(o, { kind: "topup", amountKopecks: 500000 });
    const b = await invoice(o, { kind: "plan", planId: await planId("start"), period: "year" });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toMatchObject({ kind: "invoice", status: "issued", amountKopecks: 500000, customer: { inn: "7707083893", legalName: "ООО «Уют»" } });
    expect(b.body).toMatchObject({ purpose: "plan", amountKopecks: 1990000, billingPeriod: "year" });
    expect(a.body.number).toMatch(/^СЧ-\d{5}$/);
    expect(Number(b.body.number.slice(3))).toBeGreaterThan(Number(a.body.number.slice(3)));
    const list = await api("GET", `/accounts/${o.accountId}/billing/documents?kind=invoice`, { token: o.token });
    expect(list.body.data.map((d: any) => d.id)).toEqual([b.body.id, a.body.id]);
    const page = await html(`/accounts/${o.accountId}/billing/documents/${a.body.id}/html`, o.token);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/text\/html/);
    expect(page.text).toContain(`Счёт на оплату № ${a.body.number}`);
    expect(page.text).toContain("ИНН 7707083893, КПП 770701001");
    expect(page.text).toContain("ООО «Ассистли»");
    expect(page.text).toContain("Пять тысяч рублей 00 копеек");
    // Requisites changed later do not change an issued invoice.
    await api("PUT", `/accounts/${o.accountId}/requisites`, { token: o.token, body: { ...REQUISITES, legalName: "ООО «Новый Уют»" } });
    expect((await html(`/accounts/${o.accountId}/billing/documents/${a.body.id}/html`, o.token)).text).toContain("ООО «Уют»");
    const op = await addMember(o.token, o.accountId, "operator");
    expect((await api("GET", `/accounts/${o.accountId}/billing/documents`, { token: op.token })).status).toBe(403);
    expect((await invoice({ accountId: o.accountId, token: op.token }, { kind: "topup", amountKopecks: 500000 })).status).toBe(403);
    const other = await ownerWithAccount();
    expect((await html(`/accounts/${other.accountId}/billing/documents/${a.body.id}/html`, other.token)).status).toBe(404);
  });

  it("an admin marks a bank invoice paid: the ledger is credited once, Operations shows the transfer, the audit log says who", async () => {
    const o = await withRequisites();
    const inv = (await invoice(o, { kind: "topup", amountKopecks: 500000 })).body;
    const admin = await adminToken();
    expect((await api("POST", `/admin/billing/invoices/${inv.id}/mark-paid`, { token: o.token })).status).toBe(403);
    const issued = await api("GET", "/admin/billing/invoices?status=issued&limit=100", { token: admin });
    expect(issued.body.data.find((d: any) => d.id === inv.id)).toMatchObject({ accountId: o.accountId, accountName: expect.any(String) });
    const [x, y] = await Promise.all([api("POST", `/admin/billing/invoices/${inv.id}/mark-paid`, { token: admin }), api("POST", `/admin/billing/invoices/${inv.id}/mark-paid`, { token: admin })]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const again = await api("POST", `/admin/billing/invoices/${inv.id}/mark-paid`, { token: admin });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Счёт уже отмечен оплаченным");
    expect((await ledgerRows(o.accountId)).map((r) => [r.type, r.amount])).toEqual([["topup", 500000]]);
    expect(await balanceAndSum(o.accountId)).toMatchObject({ balance: 500000, sum: 500000 });
    const pays = await api("GET", `/accounts/${o.accountId}/payments`, { token: o.token });
    expect(pays.body.data).toEqual([expect.objectContaining({ purpose: "topup", status: "succeeded", amountKopecks: 500000, applied: true, methodTitle: `Банковский перевод, счёт № ${inv.number}` })]);
    const doc = (await api("GET", `/accounts/${o.accountId}/billing/documents`, { token: o.token })).body.data[0];
    expect(doc).toMatchObject({ status: "paid", paidAt: expect.any(Number) });
    expect((await html(`/accounts/${o.accountId}/billing/documents/${inv.id}/html`, o.token)).text).toContain("Оплачен");
    const audit = await api("GET", `/admin/audit-log?accountId=${o.accountId}`, { token: admin });
    expect(audit.body.data.filter((e: any) => e.action === "invoice.mark_paid")).toEqual([expect.objectContaining({ actorEmail: "root@admin.test", targetId: inv.id })]);
    // A bank transfer is not refunded through the card provider.
    expect((await api("POST", `/admin/payments/${pays.body.data[0].id}/refunds`, { token: admin, body: { reason: "Ошибка" } })).status).toBe(400);
  });

  it("a plan paid by invoice is bought through the balance; a canceled invoice cannot be paid", async () => {
    const o = await withRequisites();
    const inv = (await invoice(o, { kind: "plan", planId: await planId("start"), period: "month" })).body;
    const admin = await adminToken();
    expect((await api("POST", `/admin/billing/invoices/${inv.id}/mark-paid`, { token: admin })).status).toBe(200);
    const billing = await api("GET", `/accounts/${o.accountId}/billing`, { token: o.token });
    expect(billing.body.plan.code).toBe("start");
    expect((await ledgerRows(o.accountId)).map((r) => [r.type, r.amount])).toEqual([
      ["topup", 199000],
      ["subscription", -199000],
    ]);
    const second = (await invoice(o, { kind: "topup", amountKopecks: 100000 })).body;
    const cancel = await api("POST", `/admin/billing/invoices/${second.id}/cancel`, { token: admin, body: { reason: "Клиент оплатил картой" } });
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe("canceled");
    expect((await api("POST", `/admin/billing/invoices/${second.id}/mark-paid`, { token: admin })).status).toBe(409);
    expect((await balanceAndSum(o.accountId)).balance).toBe(0);
  });

  it("a monthly act lists what the balance paid for in the month, once", async () => {
    const o = await withRequisites();
    const admin = await adminToken();
    await api("POST", `/admin/accounts/${o.accountId}/balance-adjustments`, { token: admin, body: { amountKopecks: 300000, reason: "Бонус" } });
    const inv = (await invoice(o, { kind: "plan", planId: await planId("start"), period: "month" })).body;
    await api("POST", `/admin/billing/invoices/${inv.id}/mark-paid`, { token: admin });
    const month = monthOf(Date.now());
    const nextMonth = month.end + 3_600_000;
    await runBillingTick(env, nextMonth);
    await runBillingTick(env, nextMonth);
    expect(await issueAct(env, o.accountId, month)).toMatchObject({ kind: "act" });
    const acts = await api("GET", `/accounts/${o.accountId}/billing/documents?kind=act`, { token: o.token });
    expect(acts.body.meta.total).toBe(1);
    expect(acts.body.data[0]).toMatchObject({ amountKopecks: 199000, periodStart: month.start, periodEnd: month.end, lines: [{ description: "Доступ к сервису Assistly по тарифу", amountKopecks: 199000 }] });
    expect(acts.body.data[0].number).toMatch(/^АКТ-\d{5}$/);
    const page = await html(`/accounts/${o.accountId}/billing/documents/${acts.body.data[0].id}/html`, o.token);
    expect(page.text).toContain(`Акт № ${acts.body.data[0].number}`);
    expect(page.text).toContain("Одна тысяча девятьсот девяносто рублей 00 копеек");
    expect(page.text).toContain("Заказчик:");
  });
});

describe("billing: auto top-up once per crossing, and 402 beyond the plan for channels and seats", () => {
  it("charges once while the balance stays under the threshold; a new crossing charges again", async () => {
    const o = await ownerWithAccount();
    const c = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "plan", planId: await planId("start"), period: "month", email: "owner@uyut.ru" } });
    await deliver((await payerActs(c.body.paymentId)).notification);
    const set = await api("PUT", `/accounts/${o.accountId}/billing/auto-topup`, { token: o.token, body: { enabled: true, thresholdKopecks: 200000, amountKopecks: 10000 } });
    expect(set.status).toBe(200);
    await Promise.all([runBillingTick(env), runBillingTick(env)]);
    await runBillingTick(env);
    const autos = async () => (await ledgerRows(o.accountId)).filter((r) => r.key.startsWith("payment:") && r.type === "topup" && r.amount === 10000).length;
    expect(await autos()).toBe(1);
    const charges = await ykRequests((r) => r.method === "POST" && r.path === "/v3/payments" && r.body?.metadata?.accountId === o.accountId && r.body?.metadata?.purpose === "auto_topup");
    expect(charges.length).toBe(1);
    expect(charges[0]!.body.payment_method_id).toBeTruthy();
    // Back above the threshold, then under it again: a new crossing.
    const admin = await adminToken();
    await api("POST", `/admin/accounts/${o.accountId}/balance-adjustments`, { token: admin, body: { amountKopecks: 300000, reason: "Бонус" } });
    await runBillingTick(env);
    expect(await autos()).toBe(1);
    await api("POST", `/admin/accounts/${o.accountId}/balance-adjustments`, { token: admin, body: { amountKopecks: -305000, reason: "Исправление" } });
    await runBillingTick(env);
    await runBillingTick(env);
    expect(await autos()).toBe(2);
    expect(await balanceAndSum(o.accountId)).toMatchObject({ balance: 15000, sum: 15000 });
  });

  it("refuses a channel and an operator seat beyond the plan with 402 and the numbers", async () => {
    const o = await ownerWithAccount();
    const admin = await adminToken();
    const plan = await api("POST", "/admin/plans", {
      token: admin,
      body: {
        code: `tiny-${Date.now()}`,
        name: "Мини",
        monthlyPriceKopecks: 50000,
        yearlyPriceKopecks: 500000,
        included: { aiReplies: 10, messagesIn: 10, messagesOut: 10, broadcastRecipients: 10, assistants: 1, channels: 2, seats: 1 },
        overage: { aiReplies: 100, messagesIn: 5, messagesOut: 5, broadcastRecipients: 0 },
      },
    });
    expect(plan.status).toBe(201);
    await env.DB.prepare("UPDATE subscriptions SET plan_id = ? WHERE account_id = ?").bind(plan.body.id, o.accountId).run();
    // Connected channels take the plan's places; a row without credentials (never connected, or disconnected) does not.
    await channelRow(o.accountId, "WHATSAPP", true);
    await channelRow(o.accountId, "INSTAGRAM", true);
    const tg = await api("PUT", `/accounts/${o.accountId}/platform-telegram`, { token: o.token, body: { botToken: botToken() } });
    expect(tg.status).toBe(402);
    expect(tg.body.message).toBe("Лимит тарифа «Мини» исчерпан: подключённых каналов 2 из 2. Перейдите на тариф выше, чтобы добавить ещё.");
    expect(tg.body.details).toMatchObject({ unit: "channels", current: 2, limit: 2 });
    const inv = await api("POST", `/accounts/${o.accountId}/members/invitations`, { token: o.token, body: { email: uniqueEmail("op"), role: "operator" } });
    expect(inv.status).toBe(402);
    expect(inv.body.message).toBe("Лимит тарифа «Мини» исчерпан: мест операторов 1 из 1. Перейдите на тариф выше, чтобы добавить ещё.");
    expect(inv.body.details).toMatchObject({ unit: "seats", current: 1, limit: 1 });
  });
});
