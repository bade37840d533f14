import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { promotionStatus } from "../../worker/features/products/contract";
import { instantOf } from "../../worker/features/products/promotions.service";
import { utcToZoned } from "../../worker/lib/zoned-time";
import { addMember, api, ownerWithAccount } from "./helpers";

/** Promotions (issue #17): validation, the derived status, dates in the account's time zone. */

const PR = (accountId: string) => `/accounts/${accountId}/promotions`;

async function withZone(timezone: string) {
  const o = await ownerWithAccount();
  expect((await api("PUT", `/accounts/${o.accountId}`, { token: o.token, body: { timezone } })).status).toBe(200);
  return o;
}

describe("promotions: validation", () => {
  it("answers reversed dates on validTo and a percent outside 1–100 on percent, in Russian", async () => {
    const { token, accountId } = await ownerWithAccount();
    const base = { name: "Скидка", kind: "percent", percent: 10 };
    const cases: [Record<string, unknown>, string][] = [
      [{ validFrom: "2030-05-10T10:00", validTo: "2030-05-01T10:00" }, "validTo"],
      [{ validFrom: "2030-05-10", validTo: "2030-05-09T20:00:00Z" }, "validTo"], // Moscow midnight is 21:00 UTC
      [{ percent: 0 }, "percent"],
      [{ percent: 101 }, "percent"],
      [{ percent: 12.5 }, "percent"],
      [{ percent: null }, "percent"],
      [{ name: "" }, "name"],
      [{ kind: "bogo" }, "kind"],
      [{ kind: "fixed", percent: null }, "amount"],
      [{ kind: "fixed", amount: 0 }, "amount"],
      [{ kind: "gift", giftText: "" }, "giftText"],
      [{ code: "SALE 10" }, "code"],
      [{ appliesTo: "products", productIds: [] }, "productIds"],
      [{ appliesTo: "categories", categoryIds: ["nope"] }, "categoryIds"],
      [{ minOrder: -1 }, "minOrder"],
      [{ usageLimit: 0 }, "usageLimit"],
      [{ validFrom: "10.05.2030" }, "validFrom"],
      [{ validTo: "2030-02-30" }, "validTo"],
      [{ currency: "руб" }, "currency"],
      [{ active: "yes" }, "active"],
    ];
    for (const [body, field] of cases) {
      const r = await api("POST", PR(accountId), { token, body: { ...base, ...body } });
      expect(r.status, `${field}: ${JSON.stringify(body)}`).toBe(400);
      expect(r.body.details.fields[field], `${field}: ${JSON.stringify(r.body.details.fields)}`).toBeTruthy();
      expect(r.body.details.fields[field][0]).toMatch(/[а-яё]/i);
    }
    const ok = await api("POST", PR(accountId), { token, body: { ...base, validFrom: "2030-05-01", validTo: "2030-05-10" } });
    expect(ok.status).toBe(201);
    // a PATCH is checked against the stored values too
    const rev = await api("PATCH", `${PR(accountId)}/${ok.body.promotionId}`, { token, body: { validTo: "2030-04-01" } });
    expect(rev.status).toBe(400);
    expect(rev.body.details.fields.validTo[0]).toMatch(/позже даты начала/);
    const op = await addMember(token, accountId, "operator");
    expect((await api("GET", PR(accountId), { token: op.token })).status).toBe(200);
    expect((await api("PATCH", `${PR(accountId)}/${ok.body.promotionId}`, { token: op.token, body: { active: false } })).status).toBe(403);
  });
});

describe("promotions: status", () => {
  it("derives scheduled, active, expired, exhausted and inactive", () => {
    const base = { active: true, validFrom: 1000, validTo: 2000, usageLimit: 5, usedCount: 0 };
    expect(promotionStatus(base, 500)).toBe("scheduled");
    expect(promotionStatus(base, 1500)).toBe("active");
    expect(promotionStatus(base, 2001)).toBe("expired");
    expect(promotionStatus({ ...base, usedCount: 5 }, 1500)).toBe("exhausted");
    expect(promotionStatus({ ...base, active: false }, 1500)).toBe("inactive");
    expect(promotionStatus({ ...base, validFrom: null, validTo: null, usageLimit: null }, 0)).toBe("active");
  });

  it("reads dates in the account's time zone: the same wall time is past in Moscow and still ahead in New York", async () => {
    const now = Date.now();
    const wall = utcToZoned("Europe/Moscow", now - 60 * 60_000); // an hour ago on Moscow clocks
    const msk = await withZone("Europe/Moscow");
    const ny = await withZone("America/New_York");
    const create = async (o: { token: string; accountId: string }) => {
      const r = await api("POST", PR(o.accountId), { token: o.token, body: { name: "Утренняя скидка", kind: "percent", percent: 15, validFrom: wall } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body;
    };
    const a = await create(msk);
    const b = await create(ny);
    expect(a.status).toBe("active");
    expect(b.status).toBe("scheduled");
    // Moscow is 7 or 8 hours ahead of New York (daylight saving there): the same wall time, that much later an instant
    expect([7, 8].map((h) => h * 3600_000)).toContain(Date.parse(b.validFrom) - Date.parse(a.validFrom));
    // a day given without a time ends at the zone's midnight: yesterday (Vladivostok) is over there already
    const vl = await withZone("Asia/Vladivostok");
    const yesterday = utcToZoned("Asia/Vladivostok", now - 24 * 3600_000).slice(0, 10);
    const c = (await api("POST", PR(vl.accountId), { token: vl.token, body: { name: "Вчерашняя", kind: "gift", giftText: "Подарок к заказу", validTo: yesterday } })).body;
    expect(c.status).toBe("expired");
    expect(c.validTo).toBe(new Date(instantOf(yesterday, "Asia/Vladivostok", true)!).toISOString());
    expect(c.validTo.endsWith("T13:59:59.999Z")).toBe(true); // 23:59:59.999 at UTC+10
  });

  it("filters the list by status, counting uses against the limit", async () => {
    const { token, accountId } = await ownerWithAccount();
    const mk = async (body: Record<string, unknown>) => (await api("POST", PR(accountId), { token, body: { kind: "fixed", amount: 50000, ...body } })).body;
    await mk({ name: "Летняя", validFrom: "2020-06-01", validTo: "2020-08-31" });
    await mk({ name: "Будущая", validFrom: "2099-01-01" });
    await mk({ name: "Текущая", code: "HELLO" });
    await mk({ name: "Выключенная", active: false });
    const lim = await mk({ name: "Первые десять", usageLimit: 10 });
    await env.DB.prepare("UPDATE promotions SET used_count = 10 WHERE id = ?").bind(lim.promotionId).run();
    const names = async (qs: string) => (await api("GET", `${PR(accountId)}?${qs}`, { token })).body.data.map((p: any) => p.name);
    expect(await names("status=expired")).toEqual(["Летняя"]);
    expect(await names("status=scheduled")).toEqual(["Будущая"]);
    expect(await names("status=active")).toEqual(["Текущая"]);
    expect(await names("status=inactive")).toEqual(["Выключенная"]);
    expect(await names("status=exhausted")).toEqual(["Первые десять"]);
    expect(await names(`q=${encodeURIComponent("ТЕКУЩ")}`)).toEqual(["Текущая"]);
    expect(await names("q=hello")).toEqual(["Текущая"]);
    const all = (await api("GET", `${PR(accountId)}?limit=5`, { token })).body;
    expect(all.meta).toEqual({ total: 5, limit: 5, page: 1, lastPage: 1 });
    expect((await api("GET", `${PR(accountId)}?status=soon`, { token })).status).toBe(400);
  });
});

describe("promotions: uses", () => {
  it("the assistant's apply_promotion and an operator's use count once each, and the last slot makes the promotion exhausted", async () => {
    const { executeTool, enabledTools } = await import("../../worker/ai/tools");
    const { token, accountId } = await ownerWithAccount();
    const other = await ownerWithAccount();
    const created = await api("POST", PR(accountId), { token, body: { name: "500 ₽ на первый заказ", kind: "fixed", amount: 50000, code: "HELLO500", usageLimit: 2 } });
    expect(created.status).toBe(201);
    const id = created.body.promotionId as string;
    const ctx = (acc: string) => ({ env, accountId: acc, threadId: "t", contactId: "c", assistantId: "a", timezone: "Europe/Moscow", now: Date.now() });
    const tools = enabledTools({ tools: [], knowsCatalogue: true });
    expect(tools).toContain("apply_promotion");

    // another account's assistant cannot spend this account's code
    const foreign = await executeTool(ctx(other.accountId), tools, "apply_promotion", JSON.stringify({ code: "HELLO500" }));
    expect(foreign.result).toMatchObject({ applied: false, reason: "Промокод не найден" });

    const first = await executeTool(ctx(accountId), tools, "apply_promotion", JSON.stringify({ code: "hello500" }));
    expect(first.result).toMatchObject({ applied: true, usesLeft: 1 });
    expect((await api("GET", `${PR(accountId)}/${id}`, { token })).body).toMatchObject({ usedCount: 1, status: "active" });

    // an operator records the second use (operators may), which exhausts it
    const op = await addMember(token, accountId, "operator");
    const byOp = await api("POST", `${PR(accountId)}/uses`, { token: op.token, body: { code: "HELLO500" } });
    expect(byOp.status, JSON.stringify(byOp.body)).toBe(201);
    expect(byOp.body).toMatchObject({ usedCount: 2, status: "exhausted" });

    const third = await executeTool(ctx(accountId), tools, "apply_promotion", JSON.stringify({ code: "HELLO500" }));
    expect(third.result).toMatchObject({ applied: false, reason: expect.stringMatching(/лимит использований исчерпан/) });
    const refused = await api("POST", `${PR(accountId)}/uses`, { token, body: { promotionId: id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/лимит/);
    expect((await api("GET", `${PR(accountId)}/${id}`, { token })).body.usedCount).toBe(2);
    expect((await api("GET", `${PR(accountId)}?status=exhausted`, { token })).body.data.map((p: { promotionId: string }) => p.promotionId)).toEqual([id]);

    // the uses, newest first, with who applied them
    const list = await api("GET", `${PR(accountId)}/${id}/uses?limit=10`, { token: op.token });
    expect(list.status).toBe(200);
    expect(list.body.meta.total).toBe(2);
    expect(list.body.data.map((u: { source: string }) => u.source)).toEqual(["operator", "assistant"]);
    expect(list.body.data[0].userName).toBeTruthy();

    // an unknown code is a field error; no code at all is a 400 at code
    const unknown = await api("POST", `${PR(accountId)}/uses`, { token, body: { code: "NOPE" } });
    expect(unknown.status).toBe(404);
    const empty = await api("POST", `${PR(accountId)}/uses`, { token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.details.fields.code[0]).toMatch(/промокод/i);
  });

  it("a switched-off or expired promotion is not applied and not counted", async () => {
    const { token, accountId } = await ownerWithAccount();
    const off = await api("POST", PR(accountId), { token, body: { name: "Выключена", kind: "percent", percent: 5, code: "OFF5", active: false } });
    const old = await api("POST", PR(accountId), { token, body: { name: "Прошла", kind: "percent", percent: 5, code: "OLD5", validFrom: "2020-01-01", validTo: "2020-01-31" } });
    const r1 = await api("POST", `${PR(accountId)}/uses`, { token, body: { code: "OFF5" } });
    expect(r1.status).toBe(409);
    expect(r1.body.message).toBe("Акция выключена");
    const r2 = await api("POST", `${PR(accountId)}/uses`, { token, body: { code: "OLD5" } });
    expect(r2.body.message).toBe("Срок акции истёк");
    for (const p of [off, old]) expect((await api("GET", `${PR(accountId)}/${p.body.promotionId}`, { token })).body.usedCount).toBe(0);
  });
});
