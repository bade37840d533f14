import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { deliver, payerActs } from "./billing-helpers";
import { adminToken } from "./channel-helpers";
import { api, createAccount, lastMailTo, registerUser, uniqueEmail } from "./helpers";
import { APPLICATION, approvedPartner, attributionOf, click, registerVisitor, releaseHold, visitorCookie } from "./partner-helpers";

const DAY = 86_400_000;

async function paidTopup(token: string, accountId: string, amountKopecks: number) {
  const c = await api("POST", `/accounts/${accountId}/checkout`, { token, body: { kind: "topup", amountKopecks, email: "client@kofe.test" } });
  expect(c.status).toBe(201);
  const { notification } = await payerActs(c.body.paymentId);
  // The notification delivered twice and the return page's poll: the commission accrues once.
  await Promise.all([deliver(notification), deliver(notification), api("GET", `/accounts/${accountId}/payments/${c.body.paymentId}`, { token })]);
  return c.body.paymentId as string;
}

describe("partner application and review", () => {
  it("validates the form with field errors, keeps one pending application, and mails the decision", async () => {
    const user = await registerUser("Заявитель");
    const bad = await api("POST", "/partners/applications", { token: user.token, body: { ...APPLICATION, inn: "7707083894", phone: "123", agreed: true } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details.fields)).toEqual(expect.arrayContaining(["inn", "phone"]));
    // The message quotes what was typed (not «+123»).
    expect(bad.body.details.fields.phone).toEqual(["Неверный формат телефона: 123"]);
    const noTerms = await api("POST", "/partners/applications", { token: user.token, body: { ...APPLICATION, agreed: false } });
    expect(noTerms.body.details.fields.agreed).toBeTruthy();
    const card = await api("POST", "/partners/applications", { token: user.token, body: { ...APPLICATION, payoutMethod: "card", legalForm: "self_employed", inn: undefined, cardNumber: "4111 1111 1111 1112" } });
    expect(card.body.details.fields.cardNumber).toEqual(["Проверьте номер карты"]);
    // A self-employed person with an organisation's (10-digit, otherwise valid) INN.
    const selfEmployed = await api("POST", "/partners/applications", { token: user.token, body: { ...APPLICATION, legalForm: "self_employed" } });
    expect(selfEmployed.status).toBe(400);
    expect(selfEmployed.body.details.fields.inn).toEqual(["У самозанятого ИНН физического лица — 12 цифр; 10 цифр — ИНН организации"]);
    // A Russian number with its trunk 8 is +7, not «+8…».
    const ok = await api("POST", "/partners/applications", { token: user.token, body: { ...APPLICATION, email: user.email, phone: "8 (912) 345-67-89" } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ status: "pending", phone: "+7 912 345 67 89" });
    expect((await api("POST", "/partners/applications", { token: user.token, body: APPLICATION })).status).toBe(409);
    const admin = await adminToken();
    const list = await api("GET", "/admin/partners/applications?status=pending", { token: admin });
    expect(list.body.data.some((a: { id: string }) => a.id === ok.body.id)).toBe(true);
    expect((await api("POST", `/admin/partners/applications/${ok.body.id}/reject`, { token: admin, body: {} })).status).toBe(400);
    expect((await api("POST", `/admin/partners/applications/${ok.body.id}/reject`, { token: admin, body: { reason: "Нет сайта" } })).status).toBe(200);
    expect((await lastMailTo(user.email)).mail.subject).toMatch(/отклонена/);
    const me = await api("GET", "/partners/me", { token: user.token });
    expect(me.body).toMatchObject({ partner: null, application: { status: "rejected", rejectReason: "Нет сайта" } });
    // A new application after a rejection, approved at 25 %.
    const again = await api("POST", "/partners/applications", { token: user.token, body: { ...APPLICATION, email: user.email } });
    expect((await api("POST", `/admin/partners/applications/${again.body.id}/approve`, { token: admin, body: { ratePercent: 25 } })).status).toBe(200);
    expect((await lastMailTo(user.email)).mail.text).toContain("25 %");
    const cab = await api("GET", "/partners/me", { token: user.token });
    expect(cab.body.partner).toMatchObject({ ratePercent: 25, status: "active" });
    expect(cab.body.codes).toEqual([expect.objectContaining({ isDefault: true, active: true })]);
    const audit = await api("GET", "/admin/audit-log", { token: admin });
    expect(audit.body.data.map((r: { action: string }) => r.action)).toEqual(expect.arrayContaining(["partner.approve", "partner.reject"]));
  });
});

describe("partner tracking and attribution", () => {
  it("counts a click once per visitor and day", async () => {
    const p = await approvedPartner();
    const v1 = visitorCookie();
    expect((await click(p.code, v1)).body).toMatchObject({ tracked: true, counted: true });
    expect((await click(p.code, v1)).body.counted).toBe(false);
    expect((await click(p.code.toLowerCase() === p.code ? p.code : p.code, visitorCookie())).body.counted).toBe(true);
    // Without a cookie the address and browser name the visitor; the answer sets the cookie.
    const first = await api("GET", `/partners/codes/track-click?partner=${p.code}`, { headers: { "user-agent": `ua-${p.partnerId}` } });
    expect(first.headers.get("set-cookie")).toMatch(/^asl_pv=h[0-9a-f]+; Path=\/api;.*HttpOnly/);
    expect((await api("GET", `/partners/codes/track-click?partner=${p.code}`, { headers: { "user-agent": `ua-${p.partnerId}` } })).body.counted).toBe(false);
    const n = await env.DB.prepare("SELECT count(*) AS n FROM partner_clicks WHERE code_id = ?").bind(p.codeId).first<{ n: number }>();
    expect(n!.n).toBe(3);
  });

  it("attributes to the first touch within the window; a touch older than the window is ignored", async () => {
    const a = await approvedPartner("Партнёр А");
    const b = await approvedPartner("Партнёр Б");
    const v = visitorCookie();
    await click(a.code, v);
    await click(b.code, v);
    // The browser kept the last code (B), but the first touch (A) wins.
    const first = await registerVisitor(v, b.code);
    expect(await attributionOf(first.user.id)).toMatchObject({ partnerId: a.partnerId, codeId: a.codeId, source: "link" });
    // A's click 100 days ago is outside the 90-day window: B's click today counts.
    const w = visitorCookie();
    await click(a.code, w);
    await env.DB.prepare("UPDATE partner_clicks SET created_at = ? WHERE visitor = ? AND code_id = ?").bind(Date.now() - 100 * DAY, w.split("=")[1], a.codeId).run();
    await click(b.code, w);
    const second = await registerVisitor(w);
    expect(await attributionOf(second.user.id)).toMatchObject({ partnerId: b.partnerId });
    // Every account the user creates is the partner's.
    await createAccount(second.token, "Кофейня «Зерно»");
    const referred = await api("GET", "/partners/me/referred", { token: b.token });
    expect(referred.body.data).toEqual([expect.objectContaining({ name: "Ко***я «З***»", plan: "Пробный", paidKopecks: 0 })]);
  });

  it("ignores unknown and deactivated codes and refuses a self-referral", async () => {
    const p = await approvedPartner("Партнёр С", uniqueEmail("self"));
    const unknown = await registerVisitor(visitorCookie(), "NO_SUCH_CODE");
    expect(await attributionOf(unknown.user.id)).toBeNull();
    // The partner registering a second user with its own e-mail (a +tag) through its own link.
    const [local, domain] = p.email.split("@");
    const v = visitorCookie();
    await click(p.code, v);
    const self = await registerVisitor(v, p.code, "Я же", `${local}+second@${domain}`);
    expect(await attributionOf(self.user.id)).toBeNull();
    // A deactivated partner's code credits nobody.
    expect((await api("PATCH", `/admin/partners/${p.partnerId}`, { token: p.admin, body: { status: "deactivated" } })).status).toBe(200);
    const late = await registerVisitor(visitorCookie(), p.code);
    expect(await attributionOf(late.user.id)).toBeNull();
    // An administrator corrects an attribution, with an audit line; self-referral refused there too.
    const q = await approvedPartner("Партнёр Д");
    expect((await api("PUT", `/admin/partners/attributions/${q.user.id}`, { token: p.admin, body: { partnerId: q.partnerId, reason: "проверка" } })).status).toBe(400);
    const fix = await api("PUT", `/admin/partners/attributions/${late.user.id}`, { token: p.admin, body: { partnerId: q.partnerId, reason: "Клиент пришёл по звонку партнёра" } });
    expect(fix.status).toBe(200);
    expect(await attributionOf(late.user.id)).toMatchObject({ partnerId: q.partnerId, source: "admin" });
    const audit = await api("GET", "/admin/audit-log", { token: p.admin });
    expect(audit.body.data[0]).toMatchObject({ action: "partner.attribution", targetId: late.user.id, reason: "Клиент пришёл по звонку партнёра" });
  });
});

describe("commission and payouts", () => {
  it("accrues a share of each payment once, holds it, and reverses it on a refund", async () => {
    const p = await approvedPartner("Партнёр Комиссия");
    const v = visitorCookie();
    await click(p.code, v);
    const client = await registerVisitor(v);
    const accountId = await createAccount(client.token, "Салон «Лотос»");
    const paymentId = await paidTopup(client.token, accountId, 150_000);
    const ledger = await api("GET", "/partners/me/commissions", { token: p.token });
    expect(ledger.body.data).toEqual([expect.objectContaining({ kind: "accrual", amountKopecks: 30_000, baseKopecks: 150_000, ratePercent: 20, status: "held" })]);
    let me = await api("GET", "/partners/me", { token: p.token });
    expect(me.body.balance).toMatchObject({ heldKopecks: 30_000, availableKopecks: 0 });
    const held = ledger.body.data[0].availableAt - Date.now();
    expect(held).toBeGreaterThan(13.9 * DAY);
    expect(held).toBeLessThanOrEqual(14 * DAY);
    // A partial refund reverses its share at once; the rest is refunded later: together exactly the accrual.
    const admin = await adminToken();
    expect((await api("POST", `/admin/payments/${paymentId}/refunds`, { token: admin, body: { amountKopecks: 50_001, reason: "Часть" } })).status).toBe(201);
    expect((await api("POST", `/admin/payments/${paymentId}/refunds`, { token: admin, body: { reason: "Остальное" } })).status).toBe(201);
    const rows = (await api("GET", "/partners/me/commissions", { token: p.token })).body.data as { kind: string; amountKopecks: number }[];
    expect(rows.map((r) => r.kind).sort()).toEqual(["accrual", "reversal", "reversal"]);
    expect(rows.reduce((s, r) => s + r.amountKopecks, 0)).toBe(0);
    const stats = await api("GET", "/partners/me/stats", { token: p.token });
    expect(stats.body.totals).toMatchObject({ clicks: 1, registrations: 1, payingAccounts: 1, revenueKopecks: 0, commissionKopecks: 0 });
    // A second payment: after the hold it becomes available.
    await paidTopup(client.token, accountId, 100_000);
    me = await api("GET", "/partners/me", { token: p.token });
    expect(me.body.balance.heldKopecks).toBe(20_000);
    await releaseHold(p.partnerId);
    me = await api("GET", "/partners/me", { token: p.token });
    expect(me.body.balance).toMatchObject({ heldKopecks: 0, availableKopecks: 20_000 });
    // Payments of an account nobody referred earn nothing.
    const stranger = await registerUser("Без партнёра");
    await paidTopup(stranger.token, await createAccount(stranger.token, "Своё"), 100_000);
    expect((await api("GET", "/partners/me/commissions", { token: p.token })).body.meta.total).toBe(4);
  });

  it("pays out only from the minimum, never more than available, through the admin's statuses", async () => {
    const p = await approvedPartner("Партнёр Выплаты", uniqueEmail("payout"), 50);
    const v = visitorCookie();
    await click(p.code, v);
    const client = await registerVisitor(v);
    const accountId = await createAccount(client.token, "Пекарня");
    await paidTopup(client.token, accountId, 400_000);
    // Held: nothing to pay.
    expect((await api("POST", "/partners/payouts", { token: p.token, body: {} })).body.code).toBe("PAYOUT_BELOW_MINIMUM");
    await releaseHold(p.partnerId);
    expect((await api("POST", "/partners/payouts", { token: p.token, body: { amountKopecks: 50_000 } })).body.code).toBe("PAYOUT_BELOW_MINIMUM");
    expect((await api("POST", "/partners/payouts", { token: p.token, body: { amountKopecks: 250_000 } })).body.code).toBe("PAYOUT_TOO_LARGE");
    const ok = await api("POST", "/partners/payouts", { token: p.token, body: {} });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ amountKopecks: 200_000, status: "requested" });
    expect((await api("POST", "/partners/payouts", { token: p.token, body: {} })).body.code).toBe("PAYOUT_BELOW_MINIMUM");
    const admin = p.admin;
    expect((await api("POST", `/admin/partners/payouts/${ok.body.id}/paid`, { token: admin, body: { reference: "п/п 1" } })).status).toBe(409);
    expect((await api("POST", `/admin/partners/payouts/${ok.body.id}/approve`, { token: admin })).status).toBe(200);
    const paid = await api("POST", `/admin/partners/payouts/${ok.body.id}/paid`, { token: admin, body: { reference: "п/п 1287" } });
    expect(paid.body).toMatchObject({ status: "paid", reference: "п/п 1287" });
    // The partner is told the money was sent, in natural Russian (not «выплата выплачена»).
    const mail = (await lastMailTo(p.email)).mail;
    expect(mail.subject).toBe("Assistly: выплата отправлена");
    expect(mail.text).toMatch(/^Выплата на 2\s000\s₽ отправлена\./m);
    expect((await lastMailTo(p.email)).mail.text).toContain("1287");
    const mine = await api("GET", "/partners/payouts", { token: p.token });
    expect(mine.body.data).toEqual([expect.objectContaining({ status: "paid", reference: "п/п 1287" })]);
    expect((await api("GET", "/partners/me", { token: p.token })).body.balance).toMatchObject({ availableKopecks: 0, paidOutKopecks: 200_000 });
  });
});

describe("partners see only their own records", () => {
  it("another partner's codes are 404; stats, referred and commissions are the caller's; non-partners and non-admins are refused", async () => {
    const a = await approvedPartner("Партнёр Альфа");
    const b = await approvedPartner("Партнёр Бета");
    const extra = await api("POST", "/partners/codes", { token: a.token, body: { code: `alfa_${Date.now().toString(36)}`, label: "Весенняя рассылка" } });
    expect(extra.status).toBe(201);
    expect((await api("POST", "/partners/codes", { token: b.token, body: { code: extra.body.code.toUpperCase() } })).body.code).toBe("CODE_TAKEN");
    expect((await api("POST", "/partners/codes", { token: b.token, body: { code: "плохой код" } })).status).toBe(400);
    expect((await api("PATCH", `/partners/codes/${extra.body.id}`, { token: b.token, body: { label: "чужой" } })).status).toBe(404);
    expect((await api("DELETE", `/partners/codes/${extra.body.id}`, { token: b.token })).status).toBe(404);
    expect((await api("GET", `/partners/me/stats?codeId=${extra.body.id}`, { token: b.token })).body.codes).toEqual([]);
    const v = visitorCookie();
    await click(extra.body.code, v);
    const client = await registerVisitor(v);
    await createAccount(client.token, "Клиент Альфы");
    expect((await api("GET", "/partners/me/referred", { token: b.token })).body.meta.total).toBe(0);
    expect((await api("GET", "/partners/me/referred", { token: a.token })).body.meta.total).toBe(1);
    const stats = await api("GET", `/partners/me/stats?codeId=${extra.body.id}`, { token: a.token });
    expect(stats.body.codes).toEqual([expect.objectContaining({ code: extra.body.code, label: "Весенняя рассылка", clicks: 1, registrations: 1 })]);
    const outsider = await registerUser("Не партнёр");
    expect((await api("GET", "/partners/me/stats", { token: outsider.token })).status).toBe(403);
    expect((await api("GET", "/partners/me", { token: outsider.token })).body.partner).toBeNull();
    expect((await api("GET", "/admin/partners/applications", { token: a.token })).status).toBe(403);
    expect((await api("GET", "/partners/me")).status).toBe(401);
  });
});
