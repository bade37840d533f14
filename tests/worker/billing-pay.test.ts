import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { payerActs } from "./billing-helpers";
import { addMember, api, ownerWithAccount } from "./helpers";

describe("billing: what the payment pages read (receipts, filters, packages on sale)", () => {
  it("shows a paid payment's 54-FZ receipt with the ledger rows it made; a declined one has no receipt; another account's is 404", async () => {
    const o = await ownerWithAccount();
    const paid = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "topup", amountKopecks: 250000, email: "buh@len.ru" } });
    expect(paid.status).toBe(201);
    await payerActs(paid.body.paymentId);
    expect((await api("GET", `/accounts/${o.accountId}/payments/${paid.body.paymentId}`, { token: o.token })).body.status).toBe("succeeded");
    const r = await api("GET", `/accounts/${o.accountId}/payments/${paid.body.paymentId}/receipt`, { token: o.token });
    expect(r.status).toBe(200);
    expect(r.body.receipt).toMatchObject({ issued: true, email: "buh@len.ru", vatCode: 1, vatTitle: "Без НДС", paymentMode: "full_payment", paymentSubject: "service", totalKopecks: 250000, items: [{ description: expect.stringMatching(/^Пополнение баланса на 2\s500 ₽$/), quantity: 1, amountKopecks: 250000 }] });
    expect(r.body.ledger).toEqual([expect.objectContaining({ type: "topup", amountKopecks: 250000, paymentId: paid.body.paymentId })]);

    const declined = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body: { kind: "topup", amountKopecks: 10000, email: "buh@len.ru" } });
    await payerActs(declined.body.paymentId, "decline");
    expect((await api("GET", `/accounts/${o.accountId}/payments/${declined.body.paymentId}`, { token: o.token })).body.status).toBe("canceled");
    const none = await api("GET", `/accounts/${o.accountId}/payments/${declined.body.paymentId}/receipt`, { token: o.token });
    expect(none.body.receipt.issued).toBe(false);
    expect(none.body.ledger).toEqual([]);

    // The lists' filters the pages send: status, purpose, and a day range in ms.
    const ok = await api("GET", `/accounts/${o.accountId}/payments?status=succeeded&purpose=topup`, { token: o.token });
    expect(ok.body.data.map((p: any) => p.id)).toEqual([paid.body.paymentId]);
    const future = await api("GET", `/accounts/${o.accountId}/ledger?type=topup&from=${Date.now() + 86_400_000}`, { token: o.token });
    expect(future.body.meta.total).toBe(0);

    const other = await ownerWithAccount();
    expect((await api("GET", `/accounts/${other.accountId}/payments/${paid.body.paymentId}/receipt`, { token: other.token })).status).toBe(404);
    const operator = await addMember(o.token, o.accountId, "operator");
    expect((await api("GET", `/accounts/${o.accountId}/payments/${paid.body.paymentId}/receipt`, { token: operator.token })).status).toBe(403);
  });

  it("lists the broadcast packages on sale publicly, without inactive or archived ones", async () => {
    const now = Date.now();
    const id = (s: string) => `bp${s}${now.toString(36)}`.slice(0, 20);
    for (const [s, active, archived] of [["on", 1, null], ["off", 0, null], ["arch", 1, now]] as const)
      await env.DB.prepare("INSERT INTO broadcast_packages (id, name, recipients, price_kopecks, validity_days, active, archived_at, created_at, updated_at) VALUES (?, ?, 500, 90000, 30, ?, ?, ?, ?)").bind(id(s), `Пакет ${s}`, active, archived, now, now).run();
    const r = await api("GET", "/broadcast-packages");
    expect(r.status).toBe(200);
    const ids = r.body.data.map((p: any) => p.id);
    expect(ids).toContain(id("on"));
    expect(ids).not.toContain(id("off"));
    expect(ids).not.toContain(id("arch"));
    expect(r.body.data.find((p: any) => p.id === id("on"))).toEqual({ id: id("on"), name: "Пакет on", recipients: 500, priceKopecks: 90000, validityDays: 30, translations: {} });
  });
});
