import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { balanceAndSum, deliver, ledgerRows, payerActs, planId, providerIdOf, ykControl, ykRequests } from "./billing-helpers";
import { adminToken } from "./channel-helpers";
import { api, ownerWithAccount } from "./helpers";

const topup = (o: { accountId: string; token: string }, amountKopecks = 150000, extra: Record<string, unknown> = {}) =>
  api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "topup", amountKopecks, email: "owner@uyut.ru", ...extra } });

describe("billing: checkout and payments through the YooKassa fake", () => {
  it("creates the payment with Basic auth, an Idempotence-Key, a 54-FZ receipt and save_payment_method; the webhook credits once", async () => {
    const o = await ownerWithAccount();
    const c = await topup(o);
    expect(c.status).toBe(201);
    expect(c.body.confirmationUrl).toMatch(/\/checkout\/payments\//);
    const pid = await providerIdOf(c.body.paymentId);
    const [req] = await ykRequests((r) => r.method === "POST" && r.path === "/v3/payments" && r.body?.metadata?.paymentId === c.body.paymentId);
    expect(req!.headers.authorization).toMatch(/^Basic /);
    expect(req!.headers["idempotence-key"]).toBeTruthy();
    expect(req!.body).toMatchObject({
      amount: { value: "1500.00", currency: "RUB" },
      capture: true,
      save_payment_method: true,
      confirmation: { type: "redirect" },
      receipt: { customer: { email: "owner@uyut.ru" }, items: [{ amount: { value: "1500.00", currency: "RUB" }, vat_code: 1, payment_mode: "full_payment", payment_subject: "service" }] },
    });
    expect(req!.body.confirmation.return_url).toContain(`paymentId=${c.body.paymentId}`);
    // Still pending at the provider: the return page polls and sees it pending.
    expect((await api("GET", `/accounts/${o.accountId}/payments/${c.body.paymentId}`, { token: o.token })).body).toMatchObject({ status: "pending", final: false });
    const { notification } = await payerActs(c.body.paymentId);
    expect(notification.event).toBe("payment.succeeded");
    for (let i = 0; i < 3; i++) expect((await deliver(notification)).status).toBe(200);
    await Promise.all([deliver(notification), api("GET", `/accounts/${o.accountId}/payments/${c.body.paymentId}`, { token: o.token })]);
    expect((await ledgerRows(o.accountId)).filter((r) => r.type === "topup")).toEqual([expect.objectContaining({ amount: 150000, key: `payment:${c.body.paymentId}:credit` })]);
    expect(await balanceAndSum(o.accountId)).toMatchObject({ balance: 150000, sum: 150000 });
    const got = await api("GET", `/accounts/${o.accountId}/payments/${c.body.paymentId}`, { token: o.token });
    expect(got.body).toMatchObject({ status: "succeeded", final: true, applied: true, providerPaymentId: pid, methodTitle: "MasterCard •••• 4444" });
    // The card is named by its type and last digits (not YooKassa's English "Bank card *4444"), with the parts the SPA words it from.
    expect(got.body.method).toEqual({ type: "bank_card", cardType: "MasterCard", cardLast4: "4444", invoiceNumber: null, title: "MasterCard •••• 4444" });
    const methods = await api("GET", `/accounts/${o.accountId}/payment-methods`, { token: o.token });
    expect(methods.body.data).toEqual([expect.objectContaining({ title: "MasterCard •••• 4444", cardLast4: "4444", cardType: "MasterCard", type: "bank_card" })]);
    const list = await api("GET", `/accounts/${o.accountId}/payments?status=succeeded`, { token: o.token });
    expect(list.body.meta.total).toBe(1);
    expect((await api("GET", `/accounts/${o.accountId}/payments?status=canceled`, { token: o.token })).body.meta.total).toBe(0);
  });

  it("repeats a POST that got a 500 with the same Idempotence-Key, and the provider makes one payment", async () => {
    const o = await ownerWithAccount();
    await ykControl("/__config", { fail500Next: 1, failFor: o.accountId });
    const c = await topup(o, 20000);
    expect(c.status).toBe(201);
    const posts = await ykRequests((r) => r.method === "POST" && r.path === "/v3/payments" && r.body?.metadata?.accountId === o.accountId);
    expect(posts.length).toBe(2);
    expect(posts[0]!.headers["idempotence-key"]).toBe(posts[1]!.headers["idempotence-key"]);
    const payments = (await (await fetch(`${(await import("./billing-helpers")).ykUrl()}/__payments`)).json()) as any[];
    expect(payments.filter((p) => p.metadata?.accountId === o.accountId).length).toBe(1);
    // A client that repeats its checkout with the same requestKey gets the same payment.
    const a = await topup(o, 30000, { requestKey: "click-1" });
    const b = await topup(o, 30000, { requestKey: "click-1" });
    expect(b.body.paymentId).toBe(a.body.paymentId);
    expect(b.body.confirmationUrl).toBe(a.body.confirmationUrl);
  });

  it("the fake refuses a reused key with other data, and a payment without a receipt when fiscalization is on", async () => {
    const base = (await import("./billing-helpers")).ykUrl();
    const auth = `Basic ${btoa("100500:test_yookassa_secret_key")}`;
    const post = (key: string, body: unknown) => fetch(`${base}/v3/payments`, { method: "POST", headers: { authorization: auth, "idempotence-key": key, "content-type": "application/json" }, body: JSON.stringify(body) });
    const body = { amount: { value: "10.00", currency: "RUB" }, confirmation: { type: "redirect", return_url: "http://app.test/" } };
    const key = crypto.randomUUID();
    expect((await post(key, body)).status).toBe(200);
    const dup = await post(key, { ...body, amount: { value: "11.00", currency: "RUB" } });
    expect(dup.status).toBe(400);
    expect(await dup.json()).toMatchObject({ type: "error", code: "invalid_request", description: "Idempotence key duplicated", parameter: "Idempotence-Key" });
    await ykControl("/__config", { fiscalization: true });
    try {
      const noReceipt = await post(crypto.randomUUID(), body);
      expect(noReceipt.status).toBe(400);
      expect(await noReceipt.json()).toMatchObject({ parameter: "receipt", description: "Receipt is missing or illegal" });
      // Ours always carries the receipt, so checkout works with fiscalization on.
      const o = await ownerWithAccount();
      expect((await topup(o, 10000)).status).toBe(201);
    } finally {
      await ykControl("/__config", { fiscalization: false });
    }
  });

  it("a forged notification whose re-read disagrees changes nothing", async () => {
    const o = await ownerWithAccount();
    const c = await topup(o, 500000);
    const pid = await providerIdOf(c.body.paymentId);
    const forged = { type: "notification", event: "payment.succeeded", object: { id: pid, status: "succeeded", paid: true, amount: { value: "5000.00", currency: "RUB" } } };
    expect((await deliver(forged)).status).toBe(200);
    expect((await deliver({ type: "notification", event: "payment.succeeded", object: { id: "00000000-000f-5000-8000-000000000000", status: "succeeded" } })).status).toBe(200);
    expect((await deliver({ nonsense: true })).status).toBe(200);
    expect(await ledgerRows(o.accountId)).toEqual([]);
    const row = await env.DB.prepare("SELECT status, applied_at FROM payments WHERE id = ?").bind(c.body.paymentId).first();
    expect(row).toMatchObject({ status: "pending", applied_at: null });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM payment_events WHERE provider_payment_id = ?").bind(pid).first()).toMatchObject({ n: 0 });
    // The payer declines: canceled, still nothing in the ledger.
    const { notification } = await payerActs(c.body.paymentId, "decline");
    await deliver(notification);
    const got = await api("GET", `/accounts/${o.accountId}/payments/${c.body.paymentId}`, { token: o.token });
    expect(got.body).toMatchObject({ status: "canceled", cancellationReason: "general_decline", applied: false });
    expect(await ledgerRows(o.accountId)).toEqual([]);
  });

  it("buying a plan activates it for the paid period, through the balance (credit and debit)", async () => {
    const o = await ownerWithAccount();
    const business = await planId("business");
    const c = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "plan", planId: business, period: "year", email: "owner@uyut.ru" } });
    expect(c.status).toBe(201);
    await payerActs(c.body.paymentId);
    // The return page's poll applies it (no webhook needed).
    const got = await api("GET", `/accounts/${o.accountId}/payments/${c.body.paymentId}`, { token: o.token });
    expect(got.body).toMatchObject({ status: "succeeded", applied: true, amountKopecks: 4990000 });
    const b = await api("GET", `/accounts/${o.accountId}/billing`, { token: o.token });
    expect(b.body.plan.code).toBe("business");
    expect(b.body.subscription).toMatchObject({ status: "active", billingPeriod: "year" });
    expect(b.body.subscription.periodEnd - b.body.subscription.periodStart).toBeGreaterThanOrEqual(365 * 86_400_000);
    expect(b.body.subscription.paymentMethod).toMatchObject({ title: "MasterCard •••• 4444", type: "bank_card", cardType: "MasterCard", cardLast4: "4444" });
    expect((await ledgerRows(o.accountId)).map((r) => [r.type, r.amount])).toEqual([
      ["topup", 4990000],
      ["subscription", -4990000],
    ]);
    expect(b.body.balanceKopecks).toBe(0);
    const free = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "plan", planId: await planId("trial"), email: "owner@uyut.ru" } });
    expect(free.status).toBe(400);
  });

  it("a package purchase grants the package's recipients once, however often the payment is reported", async () => {
    const o = await ownerWithAccount();
    const admin = await adminToken();
    const pkg = await api("POST", "/admin/broadcast-packages", { token: admin, body: { name: "Пакет 500", recipients: 500, price: 990, validityDays: 30 } });
    expect(pkg.status).toBe(201);
    const c = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "package", packageId: pkg.body.id, email: "owner@uyut.ru" } });
    expect(c.status).toBe(201);
    const { notification } = await payerActs(c.body.paymentId);
    await Promise.all([deliver(notification), deliver(notification), api("GET", `/accounts/${o.accountId}/payments/${c.body.paymentId}`, { token: o.token })]);
    await deliver(notification);
    const quota = await api("GET", `/accounts/${o.accountId}/broadcast-quota`, { token: o.token });
    // the trial plan's 100 recipients go first; the package's 500 come on top
    expect(quota.body).toMatchObject({ remaining: 600, packagesRemaining: 500, plan: { included: 100, remaining: 100 } });
    expect(quota.body.grants).toEqual([expect.objectContaining({ source: "purchase", recipients: 500 })]);
    expect((await ledgerRows(o.accountId)).map((r) => [r.type, r.amount])).toEqual([
      ["topup", 99000],
      ["package", -99000],
    ]);
  });

  it("saved methods can be removed; validation errors are field sentences", async () => {
    const o = await ownerWithAccount();
    const c = await topup(o, 10000);
    await payerActs(c.body.paymentId);
    await api("GET", `/accounts/${o.accountId}/payments/${c.body.paymentId}`, { token: o.token });
    const methods = (await api("GET", `/accounts/${o.accountId}/payment-methods`, { token: o.token })).body.data;
    expect(methods.length).toBe(1);
    expect((await api("DELETE", `/accounts/${o.accountId}/payment-methods/${methods[0].id}`, { token: o.token })).status).toBe(200);
    expect((await api("GET", `/accounts/${o.accountId}/payment-methods`, { token: o.token })).body.data).toEqual([]);
    const bad = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "topup", amountKopecks: 50, email: "нет" } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields.amountKopecks[0]).toMatch(/100 ₽/);
    expect(bad.body.details.fields.email).toBeTruthy();
    const evil = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "topup", amountKopecks: 10000, email: "a@b.ru", returnPath: "//evil.example/x" } });
    expect(evil.status).toBe(400);
  });
});
