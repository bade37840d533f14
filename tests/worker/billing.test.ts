import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { charge, settleUsage } from "../../worker/features/billing/ledger";
import { innProblem } from "../../worker/features/billing/requisites";
import { balanceAndSum, ledgerRows, setUsageToday } from "./billing-helpers";
import { adminToken } from "./channel-helpers";
import { addMember, api, ownerWithAccount, registerUser, createAccount } from "./helpers";
import { createChannel, incoming, ingest } from "./inbox-helpers";

describe("billing: plans, ledger, metering, access", () => {
  it("lists the seeded plans publicly, with yearly discounts; admins manage them with an audit row", async () => {
    const pub = await api("GET", "/plans");
    expect(pub.status).toBe(200);
    const codes = pub.body.data.map((p: any) => p.code);
    expect(codes).toEqual(expect.arrayContaining(["trial", "start", "business", "pro"]));
    const business = pub.body.data.find((p: any) => p.code === "business");
    expect(business.monthlyPriceKopecks).toBe(499000);
    expect(business.yearlyPriceKopecks).toBeLessThan(business.monthlyPriceKopecks * 12);
    expect(business.yearlyDiscountPercent).toBeGreaterThan(0);
    expect(business.included.aiReplies).toBeGreaterThan(0);
    expect(business.overage.aiReplies).toBeGreaterThan(0);

    const owner = await registerUser();
    expect((await api("GET", "/admin/plans", { token: owner.token })).status).toBe(403);
    const admin = await adminToken();
    const units = { aiReplies: 100, messagesIn: 100, messagesOut: 100, broadcastRecipients: 10, assistants: 1, channels: 1, seats: 1 };
    const code = `t${Date.now().toString(36)}`;
    const created = await api("POST", "/admin/plans", { token: admin, body: { code, name: "Тестовый", monthlyPriceKopecks: 10000, yearlyPriceKopecks: 100000, included: units, overage: { aiReplies: 100, messagesIn: 1, messagesOut: 1, broadcastRecipients: 0 } } });
    expect(created.status).toBe(201);
    const bad = await api("POST", "/admin/plans", { token: admin, body: { code: "Плохой код", name: "", monthlyPriceKopecks: 1.5 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details.fields)).toEqual(expect.arrayContaining(["code", "name", "monthlyPriceKopecks"]));
    const patched = await api("PATCH", `/admin/plans/${created.body.id}`, { token: admin, body: { monthlyPriceKopecks: 12000, included: { aiReplies: 150 } } });
    expect(patched.body.monthlyPriceKopecks).toBe(12000);
    expect(patched.body.included.aiReplies).toBe(150);
    expect(patched.body.included.messagesIn).toBe(100);
    const del = await api("DELETE", `/admin/plans/${created.body.id}`, { token: admin });
    expect(del.body.deleted).toBe(true);
    const audit = await api("GET", "/admin/audit-log?limit=50", { token: admin });
    const mine = audit.body.data.filter((e: any) => e.targetId === created.body.id).map((e: any) => e.action);
    expect(mine).toEqual(expect.arrayContaining(["plan.create", "plan.update", "plan.delete"]));
    const upd = audit.body.data.find((e: any) => e.targetId === created.body.id && e.action === "plan.update");
    expect(upd.before.monthlyPriceKopecks).toBe(10000);
    expect(upd.after.monthlyPriceKopecks).toBe(12000);
  });

  it("starts a new account on the trial plan with a period from UTC midnight", async () => {
    const o = await ownerWithAccount();
    const b = await api("GET", `/accounts/${o.accountId}/billing`, { token: o.token });
    expect(b.status).toBe(200);
    expect(b.body.plan.code).toBe("trial");
    expect(b.body.subscription.status).toBe("active");
    expect(b.body.subscription.periodStart % 86_400_000).toBe(0);
    expect(b.body.subscription.periodEnd).toBeGreaterThan(Date.now());
    expect(b.body.balanceKopecks).toBe(0);
    expect(b.body.limits.state).toBe("ok");
    expect(b.body.units.find((u: any) => u.unit === "aiReplies")).toMatchObject({ used: 0, included: 500 });
  });

  it("keeps the balance equal to the ledger under 1 000 concurrent charges, and a redelivered charge charges once", async () => {
    const o = await ownerWithAccount();
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => charge(env.DB, o.accountId, { key: `test:${o.accountId}:${i}`, amountKopecks: 100 + (i % 7), description: `Списание ${i}` })),
    );
    const ms = Date.now() - started;
    const redelivered = await Promise.all(Array.from({ length: 200 }, (_, i) => charge(env.DB, o.accountId, { key: `test:${o.accountId}:${i}`, amountKopecks: 100 + (i % 7), description: `Повтор ${i}` })));
    console.log(`1 000 concurrent charges committed in ${ms} ms`);
    expect(results.every((r) => r.inserted)).toBe(true);
    expect(redelivered.some((r) => r.inserted)).toBe(false);
    const expected = -Array.from({ length: 1000 }, (_, i) => 100 + (i % 7)).reduce((a, b) => a + b, 0);
    const { balance, sum, rows } = await balanceAndSum(o.accountId);
    expect(rows).toBe(1000);
    expect(sum).toBe(expected);
    expect(balance).toBe(sum);
    const page = await api("GET", `/accounts/${o.accountId}/ledger?type=charge&limit=10&page=2`, { token: o.token });
    expect(page.body.meta).toMatchObject({ total: 1000, limit: 10, page: 2, lastPage: 100 });
    expect(page.body.data[0].amountKopecks).toBeLessThan(0);
  });

  it("charges usage beyond the plan once however many settlements run at once, then only the new units", async () => {
    const o = await ownerWithAccount();
    await setUsageToday(o.accountId, "aiReplies", 512);
    await setUsageToday(o.accountId, "messagesIn", 2003, "ch1");
    await Promise.all(Array.from({ length: 20 }, () => settleUsage(env.DB, o.accountId)));
    let rows = (await ledgerRows(o.accountId)).filter((r) => r.type === "charge");
    expect(rows.map((r) => [r.metric, r.units, r.amount]).sort()).toEqual([
      ["aiReplies", 12, -12 * 300],
      ["messagesIn", 3, -3 * 5],
    ]);
    await setUsageToday(o.accountId, "aiReplies", 515);
    await Promise.all(Array.from({ length: 5 }, () => settleUsage(env.DB, o.accountId)));
    rows = (await ledgerRows(o.accountId)).filter((r) => r.metric === "aiReplies");
    expect(rows.map((r) => r.units)).toEqual([12, 3]);
    const { balance, sum } = await balanceAndSum(o.accountId);
    expect(balance).toBe(sum);
    expect(balance).toBe(-(15 * 300 + 3 * 5));
  });

  it("meters messages per channel and direction as they are committed, and serves usage per day", async () => {
    const o = await ownerWithAccount();
    const channelId = await createChannel(o.accountId);
    await ingest([incoming(o.accountId, channelId, "u1", "Здравствуйте"), incoming(o.accountId, channelId, "u2", "Сколько стоит доставка?"), incoming(o.accountId, channelId, "u1", "Ещё вопрос")]);
    const dup = incoming(o.accountId, channelId, "u3", "Повтор");
    await ingest([dup]);
    await ingest([dup]);
    const u = await api("GET", `/accounts/${o.accountId}/usage`, { token: o.token });
    expect(u.status).toBe(200);
    expect(u.body.totals.messagesIn).toBe(4);
    // Days are the account's (Moscow by default).
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    expect(u.body.days.find((d: any) => d.day === today).messagesIn).toBe(4);
    expect(u.body.byChannel).toEqual([expect.objectContaining({ channelId, platform: "TELEGRAM", messagesIn: 4 })]);
    const bad = await api("GET", `/accounts/${o.accountId}/usage?from=2026-13-01`, { token: o.token });
    expect(bad.status).toBe(400);
    const b = await api("GET", `/accounts/${o.accountId}/billing`, { token: o.token });
    expect(b.body.units.find((x: any) => x.unit === "messagesIn").used).toBe(4);
  });

  it("checks the INN's checksum (10 and 12 digits) and saves requisites", async () => {
    expect(innProblem("7707083893")).toBeNull();
    expect(innProblem("500100732259")).toBeNull();
    expect(innProblem("7707083894")).toMatch(/контрольной суммы/);
    expect(innProblem("500100732258")).toMatch(/контрольной суммы/);
    expect(innProblem("12345")).toMatch(/10 цифр/);
    expect(innProblem("77070838ab")).toMatch(/только из цифр/);
    const o = await ownerWithAccount();
    const body = { legalName: "ООО «Уют»", inn: "7707083894", kpp: "773601001", address: "Москва, ул. Тверская, 1", email: "buh@uyut.ru" };
    const bad = await api("PUT", `/accounts/${o.accountId}/requisites`, { token: o.token, body });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields.inn[0]).toMatch(/контрольной суммы/);
    const ok = await api("PUT", `/accounts/${o.accountId}/requisites`, { token: o.token, body: { ...body, inn: "7707083893" } });
    expect(ok.status).toBe(200);
    expect((await api("GET", `/accounts/${o.accountId}/requisites`, { token: o.token })).body.requisites).toMatchObject({ inn: "7707083893", kpp: "773601001" });
  });

  it("billing is for owners: admins read, operators get 403, another account's ledger is a 404", async () => {
    const o = await ownerWithAccount();
    const admin = await addMember(o.token, o.accountId, "admin");
    const operator = await addMember(o.token, o.accountId, "operator");
    expect((await api("GET", `/accounts/${o.accountId}/billing`, { token: admin.token })).status).toBe(200);
    expect((await api("GET", `/accounts/${o.accountId}/ledger`, { token: admin.token })).status).toBe(200);
    expect((await api("POST", `/accounts/${o.accountId}/checkout`, { token: admin.token, body: { kind: "topup", amountKopecks: 50000, email: "a@b.ru" } })).status).toBe(403);
    for (const path of ["billing", "ledger", "payments", "usage", "payment-methods", "requisites"]) {
      expect((await api("GET", `/accounts/${o.accountId}/${path}`, { token: operator.token })).status, path).toBe(403);
    }
    expect((await api("GET", `/accounts/${o.accountId}/billing/banner`, { token: operator.token })).status).toBe(200);
    const stranger = await registerUser();
    await createAccount(stranger.token);
    expect((await api("GET", `/accounts/${o.accountId}/ledger`, { token: stranger.token })).status).toBe(404);
  });

  it("admin balance adjustments need a reason and write the ledger and the audit log", async () => {
    const o = await ownerWithAccount();
    const admin = await adminToken();
    const noReason = await api("POST", `/admin/accounts/${o.accountId}/balance-adjustments`, { token: admin, body: { amountKopecks: 50000 } });
    expect(noReason.status).toBe(400);
    const ok = await api("POST", `/admin/accounts/${o.accountId}/balance-adjustments`, { token: admin, body: { amountKopecks: 50000, reason: "Компенсация за сбой 12 ноября" } });
    expect(ok.status).toBe(201);
    expect(ok.body.balanceKopecks).toBe(50000);
    const led = await api("GET", `/accounts/${o.accountId}/ledger?type=adjustment`, { token: o.token });
    expect(led.body.data[0]).toMatchObject({ type: "adjustment", amountKopecks: 50000, reason: "Компенсация за сбой 12 ноября" });
    const audit = await api("GET", `/admin/audit-log?accountId=${o.accountId}`, { token: admin });
    expect(audit.body.data[0]).toMatchObject({ action: "balance.adjust", reason: "Компенсация за сбой 12 ноября", before: { balanceKopecks: 0 }, after: { balanceKopecks: 50000 } });
    expect((await api("POST", `/admin/accounts/${o.accountId}/balance-adjustments`, { token: o.token, body: { amountKopecks: 1, reason: "x" } })).status).toBe(403);
  });
});
