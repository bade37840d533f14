import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../worker/db/client";
import { AppError } from "../../worker/lib/errors";
import { newId } from "../../worker/lib/ids";
import { remainingQuota, reserveQuota, reserveQuotaOrThrow, settleQuota } from "../../worker/features/broadcast-quota/quota";
import { grantPackage } from "../../worker/features/broadcast-quota/broadcast-quota.service";
import { setPlanRecipients } from "./broadcast-helpers";
import { addMember, api, createAccount, env, registerUser } from "./helpers";

const DAY = 86_400_000;

/** The platform administrator of ADMIN_EMAILS (registered once per test file's storage). */
async function adminToken(): Promise<string> {
  const body = { email: "root@admin.test", password: "password123" };
  const reg = await api("POST", "/auth/register", { body: { ...body, name: "Root" } });
  if (reg.status === 201) return reg.body.accessToken;
  const login = await api("POST", "/auth/login", { body });
  return login.body.accessToken;
}

async function newPackage(admin: string, over: Record<string, unknown> = {}) {
  const res = await api("POST", "/admin/broadcast-packages", { token: admin, body: { name: "Старт", recipients: 1000, price: 490, validityDays: 30, ...over } });
  expect(res.status).toBe(201);
  return res.body as { id: string; recipients: number; priceKopecks: number };
}

/**
 * An account with `recipients` granted by the administrator, on a plan whose period includes
 * `planRecipients` broadcast recipients (none by default: these suites count packages).
 */
async function accountWithQuota(recipients = 1000, planRecipients = 0) {
  const admin = await adminToken();
  const owner = await registerUser("Владелец");
  const accountId = await createAccount(owner.token, "Магазин");
  await setPlanRecipients(accountId, planRecipients);
  const pkg = await newPackage(admin, { recipients });
  const grant = await api("POST", `/admin/accounts/${accountId}/broadcast-packages`, { token: admin, body: { packageId: pkg.id } });
  expect(grant.status).toBe(201);
  return { admin, owner, accountId, pkg, grant: grant.body };
}

const db = () => getDb(env.DB);
const newIdOnce = newId();

describe("broadcast packages (platform administrators)", () => {
  it("creates, lists, edits, archives and deletes packages; money is kept in kopecks", async () => {
    const admin = await adminToken();
    const pkg = await newPackage(admin, { name: "Бизнес", recipients: 10_000, price: 3900.5, validityDays: 90 });
    expect(pkg).toMatchObject({ name: "Бизнес", recipients: 10_000, priceKopecks: 390_050, validityDays: 90, active: true, archived: false, grantCount: 0 });

    const edited = await api("PATCH", `/admin/broadcast-packages/${pkg.id}`, { token: admin, body: { price: 3900, active: false } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ priceKopecks: 390_000, active: false, name: "Бизнес" });

    const archived = await api("POST", `/admin/broadcast-packages/${pkg.id}/archive`, { token: admin });
    expect(archived.body.archived).toBe(true);
    const current = await api("GET", "/admin/broadcast-packages?limit=100", { token: admin });
    expect(current.body.data.map((p: { id: string }) => p.id)).not.toContain(pkg.id);
    const inArchive = await api("GET", "/admin/broadcast-packages?status=archived&limit=100", { token: admin });
    expect(inArchive.body.data.map((p: { id: string }) => p.id)).toContain(pkg.id);
    expect(inArchive.body.meta).toMatchObject({ page: 1, limit: 100 });

    const back = await api("POST", `/admin/broadcast-packages/${pkg.id}/unarchive`, { token: admin });
    expect(back.body.archived).toBe(false);
    expect((await api("DELETE", `/admin/broadcast-packages/${pkg.id}`, { token: admin })).status).toBe(200);
    expect((await api("PATCH", `/admin/broadcast-packages/${pkg.id}`, { token: admin, body: { name: "X" } })).status).toBe(404);
  });

  it("refuses bad input with a Russian message on each field, and writes nothing", async () => {
    const admin = await adminToken();
    const before = await api("GET", "/admin/broadcast-packages?status=all&limit=100", { token: admin });
    const bad = await api("POST", "/admin/broadcast-packages", { token: admin, body: { name: " ", recipients: 1.5, price: 10.123, validityDays: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_ERROR");
    expect(bad.body.details.fields).toEqual({
      name: ["Введите название пакета"],
      recipients: ["Число получателей — целое число"],
      price: ["Цена — не больше двух знаков после запятой (копейки)"],
      validityDays: ["Срок действия — не меньше 1 дня"],
    });
    const missing = await api("POST", "/admin/broadcast-packages", { token: admin, body: {} });
    expect(missing.body.details.fields).toMatchObject({ recipients: ["Укажите число получателей"], price: ["Укажите цену в рублях"], validityDays: ["Укажите срок действия в днях"] });
    const negative = await api("POST", "/admin/broadcast-packages", { token: admin, body: { name: "A", recipients: 10, price: -1, validityDays: 5 } });
    expect(negative.body.details.fields.price).toEqual(["Цена не может быть отрицательной"]);
    const after = await api("GET", "/admin/broadcast-packages?status=all&limit=100", { token: admin });
    expect(after.body.meta.total).toBe(before.body.meta.total);
  });

  it("is closed to everyone but platform administrators", async () => {
    const user = await registerUser();
    const accountId = await createAccount(user.token);
    expect((await api("GET", "/admin/broadcast-packages", { token: user.token })).status).toBe(403);
    expect((await api("POST", "/admin/broadcast-packages", { token: user.token, body: { name: "A", recipients: 1, price: 1, validityDays: 1 } })).status).toBe(403);
    expect((await api("GET", "/admin/broadcast-packages")).status).toBe(401);
    // an account owner cannot grant himself recipients: what is left is the trial plan's own
    expect((await api("POST", `/admin/accounts/${accountId}/broadcast-packages`, { token: user.token, body: { packageId: "x" } })).status).toBe(403);
    const quota = await api("GET", `/accounts/${accountId}/broadcast-quota`, { token: user.token });
    expect(quota.body).toMatchObject({ remaining: 100, packagesRemaining: 0, plan: { name: "Пробный", included: 100, used: 0, reserved: 0, remaining: 100 }, grants: [] });
  });
});

describe("grants and the account's quota", () => {
  it("grants a package for its validity; owner and operator read the quota, an outsider gets 404", async () => {
    const started = Date.now();
    const { admin, owner, accountId, pkg, grant } = await accountWithQuota(1000);
    expect(grant).toMatchObject({ accountId, packageId: pkg.id, recipients: 1000, source: "admin", packageName: "Старт" });
    expect(grant.expiresAt).toBeGreaterThanOrEqual(started + 30 * DAY);
    expect(grant.expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY);

    const operator = await addMember(owner.token, accountId, "operator");
    for (const token of [owner.token, operator.token]) {
      const quota = await api("GET", `/accounts/${accountId}/broadcast-quota`, { token });
      expect(quota.status).toBe(200);
      expect(quota.body).toMatchObject({ remaining: 1000, reserved: 0, reservations: [] });
      expect(quota.body.grants).toEqual([expect.objectContaining({ packageName: "Старт", recipients: 1000, used: 0, reserved: 0, remaining: 1000, expired: false, expiresAt: grant.expiresAt })]);
    }
    const outsider = await registerUser("Посторонний");
    expect((await api("GET", `/accounts/${accountId}/broadcast-quota`, { token: outsider.token })).status).toBe(404);
    // the administrator's view of the same account, and the package's grant count
    const adminView = await api("GET", `/admin/accounts/${accountId}/broadcast-packages`, { token: admin });
    expect(adminView.body.remaining).toBe(1000);
    const list = await api("GET", "/admin/broadcast-packages?limit=100", { token: admin });
    expect(list.body.data.find((p: { id: string }) => p.id === pkg.id).grantCount).toBe(1);
    // a granted package cannot be deleted, only archived; an archived one cannot be granted
    expect((await api("DELETE", `/admin/broadcast-packages/${pkg.id}`, { token: admin })).status).toBe(409);
    await api("POST", `/admin/broadcast-packages/${pkg.id}/archive`, { token: admin });
    const refused = await api("POST", `/admin/accounts/${accountId}/broadcast-packages`, { token: admin, body: { packageId: pkg.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Пакет в архиве: его нельзя выдать");
    expect((await api("POST", `/admin/accounts/does-not-exist/broadcast-packages`, { token: admin, body: { packageId: (await newPackage(admin)).id } })).status).toBe(404);
  });

  it("the purchase seam grants once per payment", async () => {
    const { admin, accountId } = await accountWithQuota(100);
    const pkg = await newPackage(admin, { recipients: 500 });
    const first = await grantPackage(db(), { accountId, packageId: pkg.id, source: "purchase", sourceRef: "pay-1" });
    const again = await grantPackage(db(), { accountId, packageId: pkg.id, source: "purchase", sourceRef: "pay-1" });
    expect(again.id).toBe(first.id);
    expect(await remainingQuota(db(), accountId)).toBe(600);
  });
});

describe("reserving and settling (the broadcasts' seam)", () => {
  it("reserves within the quota and refuses beyond it with both numbers", async () => {
    const { accountId } = await accountWithQuota(1000);
    expect(await reserveQuota(db(), accountId, newId(), 600)).toEqual({ ok: true, reserved: 600, plan: 0, packages: 600, alreadyReserved: false });
    expect(await reserveQuota(db(), accountId, newId(), 500)).toEqual({ ok: false, needed: 500, remaining: 400, planRemaining: 0, packagesRemaining: 400 });
    const err = await reserveQuotaOrThrow(db(), accountId, newId(), 401).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      status: 400,
      code: "QUOTA_EXCEEDED",
      message: "Не хватает получателей: рассылке нужно 401, а доступно 400 — 0 по тарифу и 400 в пакетах. Купите пакет рассылок или сузьте аудиторию.",
      details: { needed: 401, remaining: 400, planRemaining: 0, packagesRemaining: 400 },
    });
    const quota = await api("GET", `/accounts/${accountId}/broadcast-quota`, { token: (await adminToken()) });
    expect(quota.status).toBe(404); // the platform admin is no member of this account
  });

  it("never spends another account's grants", async () => {
    const { accountId } = await accountWithQuota(1000);
    const other = await registerUser("Другой владелец");
    const otherAccount = await createAccount(other.token, "Другой магазин");
    await setPlanRecipients(otherAccount, 0);
    const broadcastId = newId();
    expect(await reserveQuota(db(), otherAccount, broadcastId, 1)).toEqual({ ok: false, needed: 1, remaining: 0, planRemaining: 0, packagesRemaining: 0 });
    // a broadcast id reserved by one account cannot be settled from another
    expect((await reserveQuota(db(), accountId, broadcastId, 300)).ok).toBe(true);
    expect(await settleQuota(db(), otherAccount, broadcastId, 0)).toMatchObject({ alreadySettled: true });
    expect(await remainingQuota(db(), accountId)).toBe(700);
    expect((await api("GET", `/accounts/${otherAccount}/broadcast-quota`, { token: other.token })).body).toMatchObject({ remaining: 0, grants: [] });
  });

  it("ignores expired grants", async () => {
    const { accountId, pkg } = await accountWithQuota(1000);
    const now = Date.now();
    await db().insert(schema.broadcastQuotaGrants).values({ id: newId(), accountId, packageId: pkg.id, recipients: 5000, expiresAt: now - 1000, source: "admin", createdAt: now - 40 * DAY });
    expect(await remainingQuota(db(), accountId)).toBe(1000);
    expect(await reserveQuota(db(), accountId, newId(), 1001)).toEqual({ ok: false, needed: 1001, remaining: 1000, planRemaining: 0, packagesRemaining: 1000 });
  });

  it("takes the earliest-expiring grant first and releases the unused rest when settled", async () => {
    const { admin, owner, accountId } = await accountWithQuota(1000); // 30 days
    const shortLived = await newPackage(admin, { recipients: 300, validityDays: 7 });
    await api("POST", `/admin/accounts/${accountId}/broadcast-packages`, { token: admin, body: { packageId: shortLived.id } });
    const broadcastId = newId();
    expect((await reserveQuota(db(), accountId, broadcastId, 800)).ok).toBe(true);
    let quota = (await api("GET", `/accounts/${accountId}/broadcast-quota`, { token: owner.token })).body;
    expect(quota).toMatchObject({ remaining: 500, reserved: 800, reservations: [expect.objectContaining({ broadcastId, reserved: 800 })] });
    const byRecipients = (n: number) => quota.grants.find((g: { recipients: number }) => g.recipients === n);
    expect(byRecipients(300)).toMatchObject({ reserved: 300, remaining: 0 });
    expect(byRecipients(1000)).toMatchObject({ reserved: 500, remaining: 500 });

    expect(await settleQuota(db(), accountId, broadcastId, 450)).toEqual({ used: 450, plan: 0, packages: 450, released: 350, alreadySettled: false });
    quota = (await api("GET", `/accounts/${accountId}/broadcast-quota`, { token: owner.token })).body;
    expect(quota).toMatchObject({ remaining: 850, reserved: 0, reservations: [] });
    expect(byRecipients(300)).toMatchObject({ used: 300, reserved: 0, remaining: 0 });
    expect(byRecipients(1000)).toMatchObject({ used: 150, reserved: 0, remaining: 850 });
    // settling again, or reserving again for the finished broadcast, changes nothing
    expect(await settleQuota(db(), accountId, broadcastId, 800)).toMatchObject({ alreadySettled: true, used: 0 });
    expect(await reserveQuota(db(), accountId, broadcastId, 800)).toMatchObject({ ok: true, alreadyReserved: true });
    expect(await remainingQuota(db(), accountId)).toBe(850);
  });

  it("a cancelled broadcast that sent nothing gives everything back", async () => {
    const { accountId } = await accountWithQuota(1000);
    const id = newId();
    await reserveQuota(db(), accountId, id, 1000);
    expect(await remainingQuota(db(), accountId)).toBe(0);
    expect(await settleQuota(db(), accountId, id, 0)).toEqual({ used: 0, plan: 0, packages: 0, released: 1000, alreadySettled: false });
    expect(await remainingQuota(db(), accountId)).toBe(1000);
  });

  it("is idempotent per broadcast", async () => {
    const { accountId } = await accountWithQuota(1000);
    const id = newId();
    expect(await reserveQuota(db(), accountId, id, 400)).toMatchObject({ ok: true, alreadyReserved: false });
    expect(await reserveQuota(db(), accountId, id, 400)).toEqual({ ok: true, reserved: 400, plan: 0, packages: 400, alreadyReserved: true });
    expect(await remainingQuota(db(), accountId)).toBe(600);
    const same = await Promise.all(Array.from({ length: 10 }, () => reserveQuota(db(), accountId, newIdOnce, 100)));
    expect(same.filter((r) => r.ok && !r.alreadyReserved)).toHaveLength(1);
    expect(await remainingQuota(db(), accountId)).toBe(500);
  });
});

describe("reservations started at once never overspend", () => {
  it.each([2, 10])("%i broadcasts over a quota that fits one: exactly one is reserved", async (n) => {
    const { accountId } = await accountWithQuota(1000);
    const results = await Promise.all(Array.from({ length: n }, () => reserveQuota(db(), accountId, newId(), 700)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual(Array.from({ length: n - 1 }, () => ({ ok: false, needed: 700, remaining: 300, planRemaining: 0, packagesRemaining: 300 })));
    expect(await remainingQuota(db(), accountId)).toBe(300);
  });

  it("ten broadcasts that together fit exactly all pass, the eleventh is refused", async () => {
    const { accountId } = await accountWithQuota(1000);
    const results = await Promise.all(Array.from({ length: 10 }, () => reserveQuota(db(), accountId, newId(), 100)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await reserveQuota(db(), accountId, newId(), 1)).toEqual({ ok: false, needed: 1, remaining: 0, planRemaining: 0, packagesRemaining: 0 });
    const spent = await env.DB.prepare("SELECT SUM(amount) AS n FROM broadcast_quota_allocations WHERE account_id = ?").bind(accountId).first<{ n: number }>();
    expect(spent?.n).toBe(1000);
  });
});
