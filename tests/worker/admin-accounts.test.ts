import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { tgTextUpdate } from "../fakes/telegram";
import { bcBody, bcSetup } from "./broadcast-helpers";
import { adminToken, connectTelegram, threadMessages, tgWebhook, waitFor } from "./channel-helpers";
import { api, ownerWithAccount, registerUser } from "./helpers";

/** Issue 21's admin area: accounts (search, filters, page), block/unblock, plan, delete, audit log. */
const runsOf = (accountId: string) => env.DB.prepare("SELECT status, error FROM assistant_runs WHERE account_id = ?").bind(accountId).all<{ status: string; error: string | null }>();

describe("admin area: accounts", () => {
  it("every /api/admin route is refused to an account owner (403) and to the anonymous (401)", async () => {
    const owner = await ownerWithAccount();
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const r of app.routes) {
      if (r.method === "ALL" || !r.path.startsWith("/api/admin")) continue;
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const path = r.path.replace(/^\/api/, "").replace(/:[A-Za-z]+(\{[^}]*\})?/g, "does-not-exist");
      const body = ["POST", "PUT", "PATCH", "DELETE"].includes(r.method) ? {} : undefined;
      const asOwner = await api(r.method, path, { token: owner.token, body });
      if (asOwner.status !== 403) problems.push(`owner ${key} → ${asOwner.status}`);
      const anon = await api(r.method, path, { body });
      if (anon.status !== 401) problems.push(`anonymous ${key} → ${anon.status}`);
    }
    expect(seen.size).toBeGreaterThanOrEqual(15);
    expect(problems).toEqual([]);
  });

  it("a blocked account: its webhook is acknowledged and stored, the AI does not answer, the members see why; unblock undoes it; the audit log has both", async () => {
    const admin = await adminToken();
    const o = await ownerWithAccount();
    const assistant = await api("POST", `/accounts/${o.accountId}/assistants`, { token: o.token, body: { name: "Ассистент" } });
    const tg = await connectTelegram(o.token, o.accountId, undefined, { assistantId: assistant.body.assistantId });

    expect((await api("POST", `/admin/accounts/${o.accountId}/block`, { token: admin, body: { reason: "" } })).status).toBe(400);
    const blocked = await api("POST", `/admin/accounts/${o.accountId}/block`, { token: admin, body: { reason: "Жалобы на спам в рассылках" } });
    expect(blocked.status).toBe(200);
    expect(blocked.body.blocked).toMatchObject({ reason: "Жалобы на спам в рассылках" });
    expect((await api("GET", `/accounts/${o.accountId}`, { token: o.token })).body.blocked).toMatchObject({ reason: "Жалобы на спам в рассылках" });

    const res = await tgWebhook(o.accountId, tg.secret, tgTextUpdate(1, 777001, "Здравствуйте, вы работаете?"));
    expect(res.status).toBe(200);
    const runs = await waitFor(async () => {
      const r = (await runsOf(o.accountId)).results;
      return r.length && r.every((x) => x.status !== "pending" && x.status !== "running") ? r : null;
    });
    expect(runs.map((r) => [r.status, r.error])).toEqual([["skipped", "account blocked"]]);
    const msgs = await threadMessages(o.accountId);
    expect(msgs.filter((m) => m.direction === "incoming").map((m) => m.content)).toEqual(["Здравствуйте, вы работаете?"]);
    expect(msgs.some((m) => m.senderType === "assistant")).toBe(false);

    const unblocked = await api("POST", `/admin/accounts/${o.accountId}/unblock`, { token: admin });
    expect(unblocked.body.blocked).toBeNull();
    expect((await api("GET", `/accounts/${o.accountId}`, { token: o.token })).body.blocked).toBeNull();
    const audit = await api("GET", `/admin/audit-log?accountId=${o.accountId}`, { token: admin });
    expect(audit.body.data.map((e: { action: string }) => e.action).sort()).toEqual(["account.block", "account.unblock"]);
    const blockLine = audit.body.data.find((e: { action: string }) => e.action === "account.block");
    expect(blockLine).toMatchObject({ before: { blocked: false }, after: { blocked: true, reason: "Жалобы на спам в рассылках" } });
  });

  it("a blocked account's broadcast does not start", async () => {
    const admin = await adminToken();
    const s = await bcSetup({ contacts: 2, quota: 10 });
    const created = await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: s.token, body: bcBody(s) });
    expect(created.status).toBe(201);
    await api("POST", `/admin/accounts/${s.accountId}/block`, { token: admin, body: { reason: "Проверка документов" } });
    const start = await api("POST", `/accounts/${s.accountId}/broadcasts/${created.body.broadcastId}/start`, { token: s.token, body: {} });
    expect(start.status).toBe(403);
    expect(start.body.code).toBe("ACCOUNT_BLOCKED");
  });

  it("search and filters, the account's page, a plan change and a delete with the typed name", async () => {
    const admin = await adminToken();
    const o = await ownerWithAccount();
    // Unique among the accounts other files make in this shared runtime (playground's are «Колосок» too).
    const tag = crypto.randomUUID().slice(0, 8);
    const name = `Пекарня «Колосок» админ ${tag}`;
    const q = encodeURIComponent(`колосок» админ ${tag}`);
    await api("PUT", `/accounts/${o.accountId}`, { token: o.token, body: { name } });
    const plans = await api("GET", "/plans");
    const pro = plans.body.data.find((p: { code: string }) => p.code === "pro");
    expect(pro).toBeTruthy();
    expect((await api("PUT", `/admin/accounts/${o.accountId}/plan`, { token: admin, body: { planId: "no-such-plan" } })).body.details.fields.planId).toEqual(["Такого тарифа нет"]);
    const moved = await api("PUT", `/admin/accounts/${o.accountId}/plan`, { token: admin, body: { planId: pro.id, period: "year" } });
    expect(moved.status).toBe(200);
    expect(moved.body.billing.plan.code).toBe("pro");

    const list = await api("GET", `/admin/accounts?q=${q}&plan=pro&status=active`, { token: admin });
    expect(list.body.data.map((a: { accountId: string }) => a.accountId)).toEqual([o.accountId]);
    expect(list.body.data[0]).toMatchObject({ planCode: "pro", blocked: false, memberCount: 1 });
    expect((await api("GET", `/admin/accounts?q=${q}&status=blocked`, { token: admin })).body.data).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await api("GET", `/admin/accounts?q=${q}&createdFrom=${today}`, { token: admin })).body.meta.total).toBe(1);
    expect((await api("GET", "/admin/accounts?createdFrom=вчера", { token: admin })).status).toBe(400);

    const page = await api("GET", `/admin/accounts/${o.accountId}`, { token: admin });
    expect(page.body).toMatchObject({ name, counts: { contacts: 0 }, blocked: null });
    expect(page.body.members).toHaveLength(1);
    expect(page.body.members[0]).toMatchObject({ role: "owner" });

    const wrong = await api("DELETE", `/admin/accounts/${o.accountId}`, { token: admin, body: { confirm: "Пекарня" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.fields.confirm).toBeTruthy();
    expect((await api("DELETE", `/admin/accounts/${o.accountId}`, { token: admin, body: { confirm: name } })).status).toBe(200);
    expect((await api("GET", `/admin/accounts/${o.accountId}`, { token: admin })).status).toBe(404);
    const audit = await api("GET", `/admin/audit-log?accountId=${o.accountId}`, { token: admin });
    expect(audit.body.data.map((e: { action: string }) => e.action).sort()).toEqual(["account.delete", "account.plan"]);
  });

  it("the platform overview counts accounts, users and messages per day", async () => {
    const admin = await adminToken();
    await registerUser();
    const r = await api("GET", "/admin/overview", { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.totals.accounts).toBeGreaterThan(0);
    expect(r.body.totals.users).toBeGreaterThan(0);
    expect(Array.isArray(r.body.perDay)).toBe(true);
    expect(r.body.revenue30d).toMatchObject({ total: expect.any(Number) });
    
  });
});
