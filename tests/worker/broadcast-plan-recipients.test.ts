import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../worker/db/client";
import { newId } from "../../worker/lib/ids";
import { quotaLeft, reserveQuota, settleQuota } from "../../worker/features/broadcast-quota/quota";
import { deliver, ledgerRows, payerActs } from "./billing-helpers";
import { bcBody, bcSetup, grantQuota, setPlanRecipients } from "./broadcast-helpers";
import { adminToken, fakeScript, tgBase, waitFor } from "./channel-helpers";
import { api } from "./helpers";

/**
 * Broadcast recipients come from the current period's plan first (`included.broadcastRecipients`
 * less what the period used), then from packages; each recipient is counted once, either as the
 * plan's usage (what /billing and the dashboard show) or as a package's consumption, and the
 * broadcast pages' "left" is the plan's remainder plus the packages'.
 */
type Setup = Awaited<ReturnType<typeof bcSetup>>;
const db = () => getDb(env.DB);

async function create(s: Setup, over: Record<string, unknown> = {}) {
  const res = await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: s.token, body: bcBody(s, { pacing: { perSecond: null }, ...over }) });
  expect(res.status).toBe(201);
  return res.body.broadcastId as string;
}

const start = (s: Setup, id: string) => api("POST", `/accounts/${s.accountId}/broadcasts/${id}/start`, { token: s.token, body: {} });

async function completed(s: Setup, id: string) {
  return waitFor(
    async () => {
      const r = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token });
      return r.body.status === "completed" ? r.body : null;
    },
    25_000,
    "broadcast completed",
  );
}

/** The plan's line of /billing (the dashboard's usage card reads the same). */
async function billedRecipients(s: Setup) {
  const b = await api("GET", `/accounts/${s.accountId}/billing`, { token: s.token });
  expect(b.status).toBe(200);
  return b.body.units.find((u: { unit: string }) => u.unit === "broadcastRecipients") as { used: number; included: number; overUnits: number };
}

const quotaOf = async (s: Setup) => (await api("GET", `/accounts/${s.accountId}/broadcast-quota`, { token: s.token })).body;
const usageTotal = async (s: Setup) => (await api("GET", `/accounts/${s.accountId}/usage`, { token: s.token })).body.totals.broadcastRecipients as number;

describe("broadcast recipients: the plan first, then packages", () => {
  it("a trial account without a package sends to its plan's recipients; the pages agree on what is left", async () => {
    const s = await bcSetup({ contacts: 3 });
    const before = await quotaOf(s);
    expect(before).toMatchObject({ remaining: 100, packagesRemaining: 0, plan: { name: "Пробный", included: 100, used: 0, reserved: 0, remaining: 100 } });
    const preview = await api("GET", `/accounts/${s.accountId}/broadcast-audience?channelId=${s.channelId}`, { token: s.token });
    expect(preview.body).toMatchObject({ count: 3, quotaRemaining: 100, planRemaining: 100, packagesRemaining: 0 });

    const id = await create(s);
    const started = await start(s, id);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: "sending", quotaReserved: 3 });
    const done = await completed(s, id);
    expect(done.counts).toMatchObject({ total: 3, sent: 3 });

    expect(await billedRecipients(s)).toMatchObject({ used: 3, included: 100, overUnits: 0 });
    expect(await usageTotal(s)).toBe(3);
    const after = await quotaOf(s);
    expect(after).toMatchObject({ remaining: 97, reserved: 0, packagesRemaining: 0, plan: { used: 3, reserved: 0, remaining: 97 } });
    const again = await api("GET", `/accounts/${s.accountId}/broadcast-audience?channelId=${s.channelId}`, { token: s.token });
    expect(again.body).toMatchObject({ quotaRemaining: 97, planRemaining: 97 });
  });

  it("a start beyond the plan and the packages is refused with a sentence that says to buy a package; nothing is reserved", async () => {
    const s = await bcSetup({ contacts: 5, planRecipients: 2, quota: 1 });
    const id = await create(s);
    const r = await start(s, id);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: "QUOTA_EXCEEDED",
      message: "Не хватает получателей: рассылке нужно 5, а доступно 3 — 2 по тарифу и 1 в пакетах. Купите пакет рассылок или сузьте аудиторию.",
      details: { needed: 5, remaining: 3, planRemaining: 2, packagesRemaining: 1 },
    });
    expect((await api("GET", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token })).body).toMatchObject({ status: "draft", quotaReserved: 0 });
    expect(await quotaOf(s)).toMatchObject({ remaining: 3, reserved: 0, reservations: [] });
  });

  it("with a package, the plan's part goes first and then the package's: each recipient is counted once", async () => {
    const s = await bcSetup({ contacts: 5, planRecipients: 3, quota: 10 });
    expect((await quotaOf(s)).remaining).toBe(13);
    const id = await create(s);
    expect((await start(s, id)).status).toBe(200);
    const done = await completed(s, id);
    expect(done.counts).toMatchObject({ total: 5, sent: 5 });

    const plan = await billedRecipients(s);
    expect(plan).toMatchObject({ used: 3, included: 3, overUnits: 0 });
    const quota = await quotaOf(s);
    const packageUsed = quota.grants.reduce((n: number, g: { used: number }) => n + g.used, 0);
    expect(packageUsed).toBe(2);
    expect(plan.used + packageUsed).toBe(5);
    expect(quota).toMatchObject({ remaining: 8, packagesRemaining: 8, plan: { used: 3, remaining: 0 } });
    expect(await usageTotal(s)).toBe(3);
    const event = await db().select().from(schema.usageEvents).where(eq(schema.usageEvents.ref, id)).all();
    expect(event).toMatchObject([{ kind: "broadcast_recipients", quantity: 5, meta: { plan: 3, packages: 2 } }]);
  });

  it("a bought package is not spent while the plan has recipients, and its recipients are not the plan's usage", async () => {
    const s = await bcSetup({ contacts: 2, planRecipients: "trial" });
    const admin = await adminToken();
    const pkg = await api("POST", "/admin/broadcast-packages", { token: admin, body: { name: "Пакет 1000", recipients: 1000, price: 990, validityDays: 30 } });
    const c = await api("POST", `/accounts/${s.accountId}/checkout`, { token: s.token, body: { kind: "package", packageId: pkg.body.id, email: "owner@uyut.ru" } });
    expect(c.status).toBe(201);
    await deliver((await payerActs(c.body.paymentId)).notification);
    expect(await quotaOf(s)).toMatchObject({ remaining: 1100, packagesRemaining: 1000, plan: { remaining: 100 } });

    const id = await create(s);
    expect((await start(s, id)).status).toBe(200);
    await completed(s, id);
    expect(await billedRecipients(s)).toMatchObject({ used: 2, included: 100 });
    expect(await quotaOf(s)).toMatchObject({ remaining: 1098, packagesRemaining: 1000, plan: { used: 2, remaining: 98 } });

    // The plan used up (as if by earlier broadcasts): the next one is the package's alone, and the plan's usage stays.
    await env.DB.prepare("UPDATE usage_daily SET quantity = 100 WHERE account_id = ? AND metric = 'broadcastRecipients'").bind(s.accountId).run();
    const next = await create(s, { name: "Вторая" });
    expect((await start(s, next)).status).toBe(200);
    await completed(s, next);
    expect(await billedRecipients(s)).toMatchObject({ used: 100, included: 100, overUnits: 0 });
    expect(await quotaOf(s)).toMatchObject({ remaining: 998, packagesRemaining: 998, plan: { used: 100, remaining: 0 } });
  });

  it("a recipient the messenger refused is not the plan's usage (migration 0055): only what went out is counted", async () => {
    const s = await bcSetup({ contacts: 3, planRecipients: 5 });
    await fakeScript(tgBase(), [{ match: `/bot${s.bot}/sendMessage`, status: 403, body: { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" }, times: 1 }]);
    const id = await create(s);
    expect((await start(s, id)).status).toBe(200);
    const done = await completed(s, id);
    expect(done.counts).toMatchObject({ total: 3, sent: 2, failed: 1 });
    expect(await billedRecipients(s)).toMatchObject({ used: 2, included: 5, overUnits: 0 });
    expect(await usageTotal(s)).toBe(2);
    expect(await quotaOf(s)).toMatchObject({ remaining: 3, reserved: 0, plan: { used: 2, reserved: 0, remaining: 3 } });
    const event = await db().select().from(schema.usageEvents).where(eq(schema.usageEvents.ref, id)).all();
    expect(event).toMatchObject([{ kind: "broadcast_recipients", quantity: 2, meta: { plan: 2, packages: 0 } }]);
  });

  it("recipients a package paid for are never charged as the plan's overage at settlement", async () => {
    const s = await bcSetup({ contacts: 4, quota: 10, planRecipients: 1 });
    await setPlanRecipients(s.accountId, 1, 500); // 5 ₽ per recipient beyond the plan
    const id = await create(s);
    expect((await start(s, id)).status).toBe(200);
    await completed(s, id);
    // GET /billing settles the period's usage beyond the plan first.
    expect(await billedRecipients(s)).toMatchObject({ used: 1, included: 1, overUnits: 0 });
    expect((await ledgerRows(s.accountId)).filter((r) => r.metric === "broadcastRecipients")).toEqual([]);
    expect((await quotaOf(s)).packagesRemaining).toBe(7);
  });

  it("two broadcasts started at once never take more than the plan and the packages together", async () => {
    const s = await bcSetup({ contacts: 6, planRecipients: 4, quota: 4 });
    const one = await create(s, { name: "Первая" });
    const two = await create(s, { name: "Вторая" });
    const [r1, r2] = await Promise.all([start(s, one), start(s, two)]);
    expect([r1.status, r2.status].sort()).toEqual([200, 400]);
    const refused = r1.status === 400 ? r1 : r2;
    expect(refused.body.details).toEqual({ needed: 6, remaining: 2, planRemaining: 0, packagesRemaining: 2 });
    // The winner holds the plan's 4 and 2 of the package (sent or still on their way): 2 are left, of the package.
    expect(await quotaOf(s)).toMatchObject({ remaining: 2, plan: { remaining: 0 }, packagesRemaining: 2 });
  });
});

describe("the plan's part at the reservation seam", () => {
  it("many reservations at once: the plan and the packages are each taken at most once", async () => {
    const s = await bcSetup({ planRecipients: 100 });
    await grantQuota(s.accountId, 100);
    const results = await Promise.all(Array.from({ length: 10 }, () => reserveQuota(db(), s.accountId, newId(), 30)));
    expect(results.filter((r) => r.ok)).toHaveLength(6);
    expect(results.filter((r) => !r.ok)).toEqual(Array.from({ length: 4 }, () => ({ ok: false, needed: 30, remaining: 20, planRemaining: 0, packagesRemaining: 20 })));
    const held = await env.DB.prepare(
      "SELECT (SELECT sum(amount) FROM broadcast_plan_holds WHERE account_id = ?1) AS plan, (SELECT sum(amount) FROM broadcast_quota_allocations WHERE account_id = ?1) AS packages",
    )
      .bind(s.accountId)
      .first<{ plan: number; packages: number }>();
    expect(held).toEqual({ plan: 100, packages: 80 });
  });

  it("a broadcast's message counts as the plan's usage while within its plan part; one taken back before sending comes off again", async () => {
    const s = await bcSetup({ contacts: 2, planRecipients: 5 });
    const broadcastId = newId();
    expect(await reserveQuota(db(), s.accountId, broadcastId, 2)).toMatchObject({ ok: true, plan: 2, packages: 0 });
    const now = Date.now();
    const message = (contact: (typeof s.contacts)[number], n: number) =>
      env.DB.prepare(
        `INSERT INTO messages (id, account_id, thread_id, contact_id, type, direction, content, metadata, sender_type, delivery_status, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, 'text', 'outgoing', 'Акция', json_object('broadcastId', ?5), 'operator', 'pending', ?6, ?6)`,
      ).bind(`m-${broadcastId}-${n}`, s.accountId, contact.threadId, contact.contactId, broadcastId, now);
    const [a, b] = s.contacts as [(typeof s.contacts)[number], (typeof s.contacts)[number]];
    await env.DB.batch([message(a, 1), message(b, 2), message(a, 3)]);
    // Two within the plan's part are its usage; the third is beyond it (a package's, were there one).
    expect((await quotaLeft(db(), s.accountId)).plan).toMatchObject({ used: 2, reserved: 0, remaining: 3 });
    const takeBack = (n: number) => env.DB.prepare("DELETE FROM messages WHERE id = ?").bind(`m-${broadcastId}-${n}`).run();
    await takeBack(3);
    expect((await quotaLeft(db(), s.accountId)).plan).toMatchObject({ used: 2, reserved: 0, remaining: 3 });
    await takeBack(2);
    expect((await quotaLeft(db(), s.accountId)).plan).toMatchObject({ used: 1, reserved: 1, remaining: 3 });
    expect(await settleQuota(db(), s.accountId, broadcastId, 1)).toEqual({ used: 1, plan: 1, packages: 0, released: 1, alreadySettled: false });
    expect((await quotaLeft(db(), s.accountId)).plan).toMatchObject({ used: 1, reserved: 0, remaining: 4 });
    expect(await settleQuota(db(), s.accountId, broadcastId, 1)).toMatchObject({ alreadySettled: true });
  });

  it("a broadcast's message that fails comes off the plan's usage once, its part goes back to the broadcast, and leaving 'failed' counts it again", async () => {
    const s = await bcSetup({ contacts: 2, planRecipients: 5 });
    const broadcastId = newId();
    expect(await reserveQuota(db(), s.accountId, broadcastId, 3)).toMatchObject({ ok: true, plan: 3, packages: 0 });
    const now = Date.now();
    const [a, b] = s.contacts as [(typeof s.contacts)[number], (typeof s.contacts)[number]];
    await env.DB.batch(
      [a, b].map((c, n) =>
        env.DB.prepare(
          `INSERT INTO messages (id, account_id, thread_id, contact_id, type, direction, content, metadata, sender_type, delivery_status, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, 'text', 'outgoing', 'Акция', json_object('broadcastId', ?5), 'operator', 'pending', ?6, ?6)`,
        ).bind(`f-${broadcastId}-${n}`, s.accountId, c.threadId, c.contactId, broadcastId, now),
      ),
    );
    expect((await quotaLeft(db(), s.accountId)).plan).toMatchObject({ used: 2, reserved: 1, remaining: 2 });
    const set = (n: number, status: string) => env.DB.prepare("UPDATE messages SET delivery_status = ? WHERE id = ?").bind(status, `f-${broadcastId}-${n}`).run();
    await set(1, "failed");
    expect((await quotaLeft(db(), s.accountId)).plan).toMatchObject({ used: 1, reserved: 2, remaining: 2 });
    await set(1, "failed");
    await set(0, "sent");
    expect((await quotaLeft(db(), s.accountId)).plan).toMatchObject({ used: 1, reserved: 2, remaining: 2 });
    await set(1, "sent");
    expect((await quotaLeft(db(), s.accountId)).plan).toMatchObject({ used: 2, reserved: 1, remaining: 2 });
    await set(1, "failed");
    expect(await settleQuota(db(), s.accountId, broadcastId, 1)).toEqual({ used: 1, plan: 1, packages: 0, released: 2, alreadySettled: false });
    expect((await quotaLeft(db(), s.accountId)).plan).toMatchObject({ used: 1, reserved: 0, remaining: 4 });
  });
});
