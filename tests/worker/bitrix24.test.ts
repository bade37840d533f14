import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { bitrixCall } from "../../worker/features/bitrix24/client";
import { runBitrixLead } from "../../worker/features/bitrix24/leads";
import { runAction } from "../../worker/features/flows/runtime/actions";
import { executeTool } from "../../worker/ai/tools";
import { fakes, waitFor } from "./channel-helpers";
import { addMember, api, ownerWithAccount } from "./helpers";
import { createChannel, incoming, ingest } from "./inbox-helpers";

/**
 * Bitrix24 against the fake portal(s) of tests/fakes/bitrix24.ts: connecting (webhook and OAuth),
 * readable refusals, the live lists, one lead per contact under redelivery, the portal's rate limit,
 * token refresh on expired_token, and isolation between accounts.
 */
const b24 = () => fakes().BITRIX24_FAKE_URL!;
const control = async (path: string, body?: unknown) =>
  (await fetch(`${b24()}${path}`, body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json() as Promise<any>;
const portal = (key: string) => control(`/__portal/${encodeURIComponent(key)}`);

let seq = 0;
const secret = (prefix = "s") => `${prefix}${Date.now().toString(36)}${++seq}${Math.random().toString(36).slice(2, 8)}`;

async function connected(prefix = "s") {
  const { token, accountId } = await ownerWithAccount();
  const key = secret(prefix);
  const res = await api("PUT", `/accounts/${accountId}/integrations/bitrix24`, { token, body: { webhookUrl: `${b24()}/rest/1/${key}/` } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { token, accountId, key };
}

describe("Bitrix24: connecting", () => {
  it("with the development stand-in, a real portal's webhook address connects to the stand-in and keeps its domain", async () => {
    const { token, accountId } = await ownerWithAccount();
    const key = secret();
    const res = await api("PUT", `/accounts/${accountId}/integrations/bitrix24`, { token, body: { webhookUrl: `https://company.bitrix24.ru/rest/1/${key}/` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ connected: true, mode: "webhook", domain: "company.bitrix24.ru" });
    // The live check went to the stand-in's portal of that key.
    expect((await fetch(`${b24()}/__portal/${key}`)).status).toBe(200);
  });

  it("connects by an incoming webhook URL checked with a live call; the hub shows it", async () => {
    const { token, accountId, key } = await connected();
    const state = await api("GET", `/accounts/${accountId}/integrations/bitrix24`, { token });
    expect(state.body).toMatchObject({ connected: true, status: "connected", mode: "webhook" });
    expect(JSON.stringify(state.body)).not.toContain(key);
    const stored = await env.DB.prepare("SELECT webhook_url FROM bitrix24_integrations WHERE account_id = ?").bind(accountId).first<{ webhook_url: string }>();
    expect(stored!.webhook_url.startsWith("v1.")).toBe(true);
    expect(stored!.webhook_url).not.toContain(key);
    const hub = await api("GET", `/accounts/${accountId}/integrations`, { token });
    const byId = Object.fromEntries(hub.body.data.map((i: any) => [i.id, i]));
    expect(byId.bitrix24.status).toBe("connected");
    expect(byId.bitrix24.lastOkAt).toBeGreaterThan(0);
    expect(byId["google-calendar"].status).toBe("not_connected");
    expect(byId.webhooks.status).toBe("not_connected");
    const log = await api("GET", `/accounts/${accountId}/integrations/bitrix24/log`, { token });
    expect(log.body.data[0]).toMatchObject({ method: "crm.status.list", ok: true });
  });

  it("refuses bad credentials and a free plan with sentences a person understands, and stores nothing", async () => {
    const { token, accountId } = await ownerWithAccount();
    const bad = await api("PUT", `/accounts/${accountId}/integrations/bitrix24`, { token, body: { webhookUrl: `${b24()}/rest/1/${secret("bad")}/` } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields.webhookUrl).toContain("Создайте входящий вебхук заново");
    const free = await api("PUT", `/accounts/${accountId}/integrations/bitrix24`, { token, body: { webhookUrl: `${b24()}/rest/1/${secret("free")}/` } });
    expect(free.status).toBe(400);
    expect(free.body.message).toContain("только на платных тарифах");
    const notHook = await api("PUT", `/accounts/${accountId}/integrations/bitrix24`, { token, body: { webhookUrl: "https://company.bitrix24.ru/crm/deal/" } });
    expect(notHook.status).toBe(400);
    expect(notHook.body.details.fields.webhookUrl).toContain("/rest/");
    const plain = await api("PUT", `/accounts/${accountId}/integrations/bitrix24`, { token, body: { webhookUrl: "http://company.bitrix24.ru/rest/1/abcdef123/" } });
    expect(plain.body.details.fields.webhookUrl).toContain("https://");
    expect((await api("GET", `/accounts/${accountId}/integrations/bitrix24`, { token })).body.connected).toBe(false);
  });

  it("connects by OAuth with a signed state, stores the tokens encrypted and refreshes them on expired_token, then repeats the call", async () => {
    const { token, accountId } = await ownerWithAccount();
    const domain = `${secret("o")}.bitrix24.ru`;
    const start = await api("POST", `/accounts/${accountId}/integrations/bitrix24/oauth/start`, { token, body: { domain } });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const authorize = await fetch(start.body.url, { redirect: "manual" });
    const callback = new URL(authorize.headers.get("location")!);
    expect(callback.pathname).toBe("/api/oauth/bitrix24/callback");
    // A forged state is refused before anything is exchanged.
    const forged = await api("GET", `/oauth/bitrix24/callback?code=x&state=${encodeURIComponent(callback.searchParams.get("state")!.replace(/.$/, (ch) => (ch === "0" ? "1" : "0")))}`);
    expect(forged.status).toBe(400);
    const done = await SELF.fetch(`http://app.test/api/oauth/bitrix24/callback${callback.search}`, { redirect: "manual" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/${accountId}/integration/bitrix24/settings?connected=1`);
    const state = await api("GET", `/accounts/${accountId}/integrations/bitrix24`, { token });
    expect(state.body).toMatchObject({ connected: true, mode: "oauth", domain });
    const before = await env.DB.prepare("SELECT access_token, refresh_token FROM bitrix24_integrations WHERE account_id = ?").bind(accountId).first<{ access_token: string; refresh_token: string }>();
    expect(before!.access_token.startsWith("v1.")).toBe(true);

    await control("/__expire", { portal: domain });
    const deals = await api("GET", `/accounts/${accountId}/integrations/bitrix24/deals`, { token });
    expect(deals.status, JSON.stringify(deals.body)).toBe(200);
    expect(deals.body.data.length).toBe(7);
    const after = await env.DB.prepare("SELECT access_token, refresh_token FROM bitrix24_integrations WHERE account_id = ?").bind(accountId).first<{ access_token: string; refresh_token: string }>();
    expect(after!.refresh_token).not.toBe(before!.refresh_token);
    const log = await api("GET", `/accounts/${accountId}/integrations/bitrix24/log`, { token });
    expect(log.body.data.map((r: any) => `${r.method}:${r.errorCode ?? "ok"}`).slice(0, 2)).toEqual(["crm.deal.list:ok", "crm.deal.list:expired_token"]);

    // The Bitrix24 app screens find the account by the portal's member_id, for its members only.
    const app = await api("GET", `/bitrix24/app?memberId=${state.body.memberId}`, { token });
    expect(app.body).toEqual({ accountId });
    const stranger = await ownerWithAccount();
    expect((await api("GET", `/bitrix24/app?memberId=${state.body.memberId}`, { token: stranger.token })).status).toBe(404);
  });
});

describe("Bitrix24: live lists", () => {
  it("pages deals with start/next and searches; rows are linked to the inbox contact with the same phone", async () => {
    const { token, accountId, key } = await connected();
    await control("/__portal", { portal: key, deals: 60 });
    const first = await api("GET", `/accounts/${accountId}/integrations/bitrix24/deals`, { token });
    expect(first.body.meta).toMatchObject({ total: 67, limit: 50, page: 1, lastPage: 2, next: 50 });
    const second = await api("GET", `/accounts/${accountId}/integrations/bitrix24/deals?start=50`, { token });
    expect(second.body.data.length).toBe(17);
    expect(second.body.meta.next).toBeNull();
    const found = await api("GET", `/accounts/${accountId}/integrations/bitrix24/deals?q=${encodeURIComponent("кофе")}`, { token });
    expect(found.body.data.map((d: any) => d.title)).toEqual(["Поставка кофе в офис"]);

    const channelId = await createChannel(accountId);
    await ingest([incoming(accountId, channelId, "anna-1", "Здравствуйте", {}, { name: "Анна", phone: "+7 916 123-45-01" })]);
    const contacts = await api("GET", `/accounts/${accountId}/integrations/bitrix24/contacts`, { token });
    const anna = contacts.body.data.find((c: any) => c.phones.includes("+79161234501"));
    expect(anna.inboxContact?.name).toBe("Анна");
    const byPhone = await api("GET", `/accounts/${accountId}/integrations/bitrix24/contacts?q=${encodeURIComponent("8 (916) 123-45-01")}`, { token });
    expect(byPhone.body.data.map((c: any) => c.id)).toEqual([anna.id]);
  });
});

describe("Bitrix24: leads", () => {
  it("creates one lead per contact on its first message, and still one under redelivery and after a crash mid-job", async () => {
    const { token, accountId, key } = await connected();
    const channelId = await createChannel(accountId);
    const [r] = await ingest([incoming(accountId, channelId, "lead-1", "Хочу заказать кофе в офис", {}, { name: "Олег", phone: "+7 903 555-12-12" })]);
    const contactId = (r as any).contactId ?? (await env.DB.prepare("SELECT id FROM contacts WHERE account_id = ?").bind(accountId).first<{ id: string }>())!.id;
    const leadsFor = async () => ((await portal(key)).leads as any[]).filter((l) => l.ORIGIN_ID === contactId);
    await waitFor(async () => (await leadsFor()).length > 0, 15_000, "the lead");
    const job = { kind: "bitrix24-lead" as const, accountId, contactId, reason: "firstMessage" as const, threadId: null };
    // The queue delivers the same job again, twice at once.
    await Promise.all([runBitrixLead(env, job), runBitrixLead(env, job)]);
    // A job that died after Bitrix24 made the lead but before we wrote it down: the link is still pending.
    await env.DB.prepare("UPDATE bitrix24_links SET status = 'pending', entity_id = NULL WHERE account_id = ? AND contact_id = ?").bind(accountId, contactId).run();
    await runBitrixLead(env, job);
    const leads = await leadsFor();
    expect(leads.length).toBe(1);
    expect(leads[0]).toMatchObject({ NAME: "Олег", PHONE: [{ VALUE: "+79035551212", VALUE_TYPE: "MOBILE" }], ORIGINATOR_ID: "assistly" });
    const link = await env.DB.prepare("SELECT status, entity_id FROM bitrix24_links WHERE account_id = ? AND contact_id = ?").bind(accountId, contactId).first<{ status: string; entity_id: string }>();
    expect(link).toEqual({ status: "done", entity_id: leads[0].ID });
    const listed = await api("GET", `/accounts/${accountId}/integrations/bitrix24/leads`, { token });
    expect(listed.body.data.find((l: any) => l.id === leads[0].ID).inboxContact.id).toBe(contactId);
  });

  it("as a deal with a contact: the CRM contact is found by the normalised phone, not created twice; a hand-off adds the transcript", async () => {
    const { token, accountId, key } = await connected();
    const settings = (await api("GET", `/accounts/${accountId}/integrations/bitrix24/settings`, { token })).body;
    const put = await api("PUT", `/accounts/${accountId}/integrations/bitrix24/settings`, {
      token,
      body: { ...settings, entity: "deal", categoryId: "3", stageId: "C3:PREPARATION", triggers: { ...settings.triggers, firstMessage: false }, fieldMap: [{ from: "platform", to: "UF_CRM_CHANNEL" }] },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const bad = await api("PUT", `/accounts/${accountId}/integrations/bitrix24/settings`, { token, body: { ...settings, fieldMap: [{ from: "name", to: "comments" }] } });
    expect(bad.status).toBe(400);
    const channelId = await createChannel(accountId);
    await ingest([incoming(accountId, channelId, "anna-2", "Добрый день, нужен счёт", {}, { name: "Анна С.", phone: "8 (916) 123-45-01" })]);
    const contact = (await env.DB.prepare("SELECT id FROM contacts WHERE account_id = ?").bind(accountId).first<{ id: string }>())!;
    const thread = (await env.DB.prepare("SELECT id FROM threads WHERE account_id = ?").bind(accountId).first<{ id: string }>())!;
    const before = (await portal(key)).contacts.length;
    await runBitrixLead(env, { kind: "bitrix24-lead", accountId, contactId: contact.id, reason: "handoff", threadId: thread.id });
    const p = await portal(key);
    const deals = (p.deals as any[]).filter((d) => d.ORIGIN_ID === contact.id);
    expect(deals).toHaveLength(1);
    expect(deals[0]).toMatchObject({ CATEGORY_ID: "3", STAGE_ID: "C3:PREPARATION", CONTACT_IDS: ["1"], UF_CRM_CHANNEL: "Telegram" });
    expect(p.contacts.length).toBe(before);
    expect(p.leads.filter((l: any) => l.ORIGIN_ID === contact.id)).toHaveLength(0);
    const comment = (p.comments as any[]).find((c) => c.ENTITY_ID === Number(deals[0].ID));
    expect(comment.ENTITY_TYPE).toBe("deal");
    expect(comment.COMMENT).toContain("Клиент: Добрый день, нужен счёт");
  });
});

describe("Bitrix24: a flow's action and the assistant's tool", () => {
  it("the flow action creates the lead; the assistant's create_lead then adds none; a trigger switched off is refused", async () => {
    const { token, accountId, key } = await connected();
    const settings = (await api("GET", `/accounts/${accountId}/integrations/bitrix24/settings`, { token })).body;
    await api("PUT", `/accounts/${accountId}/integrations/bitrix24/settings`, { token, body: { ...settings, triggers: { ...settings.triggers, firstMessage: false } } });
    const channelId = await createChannel(accountId);
    await ingest([incoming(accountId, channelId, "flow-1", "Хочу записаться", {}, { name: "Пётр" })]);
    const contact = (await env.DB.prepare("SELECT id FROM contacts WHERE account_id = ?").bind(accountId).first<{ id: string }>())!;
    const thread = (await env.DB.prepare("SELECT id FROM threads WHERE account_id = ?").bind(accountId).first<{ id: string }>())!;
    await new Promise((r) => setTimeout(r, 5_100)); // the per-isolate memo of the settings
    const target = { accountId, threadId: thread.id, contactId: contact.id, runId: "run-1", flowId: "flow-1", flowName: "Запись", turnKey: "turn-1" };
    await runAction(env, target, { type: "createLead" } as never);
    const leadsFor = async () => ((await portal(key)).leads as any[]).filter((l) => l.ORIGIN_ID === contact.id);
    await waitFor(async () => (await leadsFor()).length > 0, 15_000, "the flow's lead");
    const ctx = { env, accountId, threadId: thread.id, contactId: contact.id, assistantId: "a", timezone: "Europe/Moscow", now: Date.now() };
    const tool = await executeTool(ctx, ["create_lead"], "create_lead", "{}");
    expect(tool.result).toMatchObject({ ok: true });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await leadsFor()).toHaveLength(1);
    expect((await leadsFor())[0].COMMENTS).toContain("действие сценария");
    await api("PUT", `/accounts/${accountId}/integrations/bitrix24/settings`, { token, body: { ...settings, triggers: { ...settings.triggers, assistantTool: false } } });
    const refused = await executeTool(ctx, ["create_lead"], "create_lead", "{}");
    expect(refused.result).toMatchObject({ ok: false });
  });
});

describe("Bitrix24: outgoing webhooks", () => {
  it("lists lead.created and lead.failed in the catalogue and delivers lead.created", async () => {
    const { token, accountId } = await connected();
    const types = await api("GET", `/accounts/${accountId}/webhook/event-types`, { token });
    expect(types.body.data.filter((t: any) => t.area === "crm").map((t: any) => t.type)).toEqual(["lead.created", "lead.failed"]);
    const path = `/hooks/crm-${Date.now().toString(36)}`;
    const endpoint = await api("POST", `/accounts/${accountId}/webhooks`, { token, body: { url: `${fakes().WEBHOOK_RECEIVER_URL}${path}`, events: ["lead.created", "lead.failed"] } });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    await new Promise((r) => setTimeout(r, 5_100)); // the emitter's memo of subscriptions
    const channelId = await createChannel(accountId);
    await ingest([incoming(accountId, channelId, "hook-1", "Нужна консультация", {}, { name: "Вера", phone: "+7 926 000-11-22" })]);
    const delivered = await waitFor(async () => {
      const all = (await (await fetch(`${fakes().WEBHOOK_RECEIVER_URL}/__requests`)).json()) as { path: string; body: any }[];
      return all.find((r) => r.path === path);
    }, 20_000, "the lead.created delivery");
    expect(delivered.body.type).toBe("lead.created");
    expect(delivered.body.data).toMatchObject({ entityType: "lead", reason: "firstMessage" });
  });
});

describe("Bitrix24: the portal's rate limit", () => {
  it("paces calls through the leaky bucket (2/s after the burst) so the portal never refuses them", async () => {
    const { accountId, key } = await connected();
    // Our burst is 4 (BITRIX24_BURST of the test run); the portal's bucket one more, for the clocks' skew.
    await control("/__portal", { portal: key, capacity: 5 });
    await new Promise((r) => setTimeout(r, 2100)); // the connect call has drained
    const startedAt = Date.now();
    await Promise.all(Array.from({ length: 9 }, () => bitrixCall(env, accountId, "crm.deal.list", { select: ["ID"] })));
    const times = ((await portal(key)).callTimes as number[]).filter((t) => t >= startedAt);
    expect(times.length).toBe(9);
    // A leaky bucket of 4 draining 2/s: any n calls in a row span at least (n - 4) / 2 seconds (less the arrival jitter).
    for (let i = 0; i < times.length; i++) for (let j = i + 4; j < times.length; j++) expect(times[j]! - times[i]!).toBeGreaterThanOrEqual((j - i + 1 - 4) * 500 - 150);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(2400);
    const refused = await env.DB.prepare("SELECT COUNT(*) AS n FROM bitrix24_call_log WHERE account_id = ? AND error_code = 'QUERY_LIMIT_EXCEEDED'").bind(accountId).first<{ n: number }>();
    expect(refused!.n).toBe(0);
  });

  it("retries 503 QUERY_LIMIT_EXCEEDED with backoff and logs every attempt", async () => {
    const { token, accountId, key } = await connected();
    await control("/__fail", { portal: key, n: 2 });
    const res = await api("GET", `/accounts/${accountId}/integrations/bitrix24/leads`, { token });
    expect(res.status).toBe(200);
    const log = await api("GET", `/accounts/${accountId}/integrations/bitrix24/log`, { token });
    expect(log.body.data.slice(0, 3).map((r: any) => [r.errorCode, r.attempt])).toEqual([
      [null, 3],
      ["QUERY_LIMIT_EXCEEDED", 2],
      ["QUERY_LIMIT_EXCEEDED", 1],
    ]);
    expect(log.body.data[1].error).toContain("ограничил число запросов");
  });
});

describe("Bitrix24: isolation", () => {
  it("another account's integration is never reachable; operators read but do not change it", async () => {
    const a = await connected();
    const b = await ownerWithAccount();
    for (const path of ["", "/settings", "/deals", "/log"]) {
      const res = await api("GET", `/accounts/${a.accountId}/integrations/bitrix24${path}`, { token: b.token });
      expect(res.status).toBe(404);
    }
    expect((await api("DELETE", `/accounts/${a.accountId}/integrations/bitrix24`, { token: b.token })).status).toBe(404);
    // B's own account is not connected: its lists do not fall through to A's portal.
    expect((await api("GET", `/accounts/${b.accountId}/integrations/bitrix24/deals`, { token: b.token })).status).toBe(409);
    const operator = await addMember(a.token, a.accountId, "operator");
    expect((await api("GET", `/accounts/${a.accountId}/integrations/bitrix24/deals`, { token: operator.token })).status).toBe(200);
    expect((await api("DELETE", `/accounts/${a.accountId}/integrations/bitrix24`, { token: operator.token })).status).toBe(403);
    expect((await api("DELETE", `/accounts/${a.accountId}/integrations/bitrix24`, { token: a.token })).status).toBe(200);
    expect((await api("GET", `/accounts/${a.accountId}/integrations/bitrix24`, { token: a.token })).body.connected).toBe(false);
  });
});

describe("Bitrix24: the app opened inside a portal", () => {
  /** An account connected to a portal as an OAuth app, and the portal's current access token (as the portal hands it to the app). */
  async function appConnected() {
    const o = await ownerWithAccount();
    const domain = `${secret("p")}.bitrix24.ru`;
    const start = await api("POST", `/accounts/${o.accountId}/integrations/bitrix24/oauth/start`, { token: o.token, body: { domain } });
    const callback = new URL((await fetch(start.body.url, { redirect: "manual" })).headers.get("location")!);
    expect((await SELF.fetch(`http://app.test/api/oauth/bitrix24/callback${callback.search}`, { redirect: "manual" })).status).toBe(302);
    const row = await env.DB.prepare("SELECT member_id, access_token, refresh_token FROM bitrix24_integrations WHERE account_id = ?").bind(o.accountId).first<{ member_id: string; access_token: string; refresh_token: string }>();
    const { decryptSecret } = await import("../../worker/lib/crypto");
    return { ...o, domain, memberId: row!.member_id, auth: await decryptSecret(row!.access_token, env.ENCRYPTION_KEY!), refresh: await decryptSecret(row!.refresh_token, env.ENCRYPTION_KEY!) };
  }

  /** The portal's form POST into the app's iframe. */
  const open = (path: string, domain: string, body: Record<string, string>) =>
    SELF.fetch(`http://app.test${path}?DOMAIN=${domain}&PROTOCOL=1&LANG=ru&APP_SID=sid123`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ AUTH_EXPIRES: "3600", status: "L", PLACEMENT: "DEFAULT", PLACEMENT_OPTIONS: "{}", ...body }),
    });
  const opens = async (accountId: string) =>
    (await env.DB.prepare("SELECT count(*) AS n FROM bitrix24_call_log WHERE account_id = ? AND method = 'app.open (profile)' AND ok = 1").bind(accountId).first<{ n: number }>())!.n;

  it("accepts the portal's POST on /bitrix24 and its sub-pages, checks AUTH_ID on the portal, records the open and sends the iframe on to the screen with member_id", async () => {
    const a = await appConnected();
    const res = await open("/bitrix24/deals", a.domain, { AUTH_ID: a.auth, REFRESH_ID: a.refresh, member_id: a.memberId });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/bitrix24/deals?member_id=${a.memberId}&DOMAIN=${a.domain}`);
    expect(await opens(a.accountId)).toBe(1);
    const root = await open("/bitrix24", a.domain, { AUTH_ID: a.auth, member_id: a.memberId });
    expect(root.headers.get("location")).toBe(`/bitrix24?member_id=${a.memberId}&DOMAIN=${a.domain}`);
    expect(await opens(a.accountId)).toBe(2);
    const log = await api("GET", `/accounts/${a.accountId}/integrations/bitrix24/log`, { token: a.token });
    expect(log.body.data[0]).toMatchObject({ method: "app.open (profile)", ok: true });

    // Not recorded: a token the portal does not know, another portal's DOMAIN, an unknown member_id.
    expect((await open("/bitrix24", a.domain, { AUTH_ID: "forged-token", member_id: a.memberId })).status).toBe(303);
    expect((await open("/bitrix24", "other.bitrix24.ru", { AUTH_ID: a.auth, member_id: a.memberId })).status).toBe(303);
    const unknown = await open("/bitrix24/leads", a.domain, { AUTH_ID: a.auth, member_id: "not-a-portal" });
    expect(unknown.headers.get("location")).toBe(`/bitrix24/leads?member_id=not-a-portal&DOMAIN=${a.domain}`);
    expect(await opens(a.accountId)).toBe(2);
  });

  it("an app connection whose tokens were lost takes the fresh pair the portal hands over", async () => {
    const a = await appConnected();
    await env.DB.prepare("UPDATE bitrix24_integrations SET status = 'error', last_error = 'Подключите портал заново', access_token = 'v1.gone', refresh_token = 'v1.gone' WHERE account_id = ?").bind(a.accountId).run();
    expect((await open("/bitrix24", a.domain, { AUTH_ID: a.auth, REFRESH_ID: a.refresh, member_id: a.memberId })).status).toBe(303);
    const state = await api("GET", `/accounts/${a.accountId}/integrations/bitrix24`, { token: a.token });
    expect(state.body).toMatchObject({ connected: true, status: "connected" });
    const deals = await api("GET", `/accounts/${a.accountId}/integrations/bitrix24/deals`, { token: a.token });
    expect(deals.status, JSON.stringify(deals.body)).toBe(200);
  });
});
