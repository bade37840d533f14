import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { deliver, emit, MAX_ATTEMPTS, RETRY_DELAYS_S } from "../../worker/features/outgoing-webhooks/delivery";
import { checkWebhookUrl } from "../../worker/features/outgoing-webhooks/ssrf";
import { tgTextUpdate } from "../fakes/telegram";
import { connectTelegram, connectWhatsapp, tgWebhook, waitFor, waWebhook } from "./channel-helpers";
import { addMember, api, lastMailTo } from "./helpers";
import { createChannel, incoming, ingest, ownerWithAccount } from "./inbox-helpers";

/**
 * Outgoing webhooks against the receiver fake (tests/fakes/webhook-receiver.ts), which verifies
 * every request like a Standard Webhooks consumer library. The first attempt of each delivery goes
 * through the real queue; later steps of the retry schedule are driven by calling the consumer's
 * `deliver` after moving the row's due time into the past (the queue's own delays are minutes to hours).
 */
const receiverUrl = () => (JSON.parse((env as unknown as { FAKE_URLS: string }).FAKE_URLS) as Record<string, string>).WEBHOOK_RECEIVER_URL!;

interface Received {
  path: string;
  headers: Record<string, string>;
  rawBody: string;
  body: any;
  verified: boolean;
  matchedSecrets: number[];
  verifyError: string | null;
  answeredStatus: number;
}

async function received(path: string): Promise<Received[]> {
  const all = (await (await fetch(`${receiverUrl()}/__requests`)).json()) as Received[];
  return all.filter((r) => r.path === path);
}
async function secretsFor(path: string, secrets: string[]) {
  await fetch(`${receiverUrl()}/__secrets`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ path, secrets }) });
}
async function script(items: { path: string; status: number; headers?: Record<string, string>; body?: string; times?: number }[]) {
  await fetch(`${receiverUrl()}/__script`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(items) });
}

let pathSeq = 0;
/** An endpoint on its own receiver path, the receiver told its secret. */
async function endpoint(token: string, accountId: string, events: string[] = ["message.received"], extra: Record<string, unknown> = {}) {
  const path = `/hooks/${Date.now().toString(36)}-${++pathSeq}-${Math.random().toString(36).slice(2, 8)}`;
  const res = await api("POST", `/accounts/${accountId}/webhooks`, { token, body: { url: `${receiverUrl()}${path}`, events, description: "CRM", ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await secretsFor(path, [res.body.secret]);
  return { id: res.body.id as string, secret: res.body.secret as string, path };
}

const deliveryRows = (endpointId: string) =>
  env.DB.prepare("SELECT * FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY created_at").bind(endpointId).all<Record<string, any>>().then((r) => r.results);
const attemptRows = (deliveryId: string) =>
  env.DB.prepare("SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt").bind(deliveryId).all<Record<string, any>>().then((r) => r.results);

async function sendTest(token: string, accountId: string, endpointId: string) {
  const res = await api("POST", `/accounts/${accountId}/webhooks/${endpointId}/test`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.id as string;
}

async function attemptsDone(deliveryId: string, n: number) {
  return waitFor(async () => {
    const rows = await attemptRows(deliveryId);
    return rows.length >= n && rows;
  }, 15_000, `${n} attempt(s) of ${deliveryId}`);
}

/** Time passes: the delivery is due now. */
async function makeDue(deliveryId: string) {
  await env.DB.prepare("UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id = ?").bind(Date.now() - 1, deliveryId).run();
}

describe("outgoing webhooks: signatures", () => {
  it("a real event is delivered signed; the receiver verifies it; after a rotation both secrets sign until the overlap ends", async () => {
    const o = await ownerWithAccount();
    const ep = await endpoint(o.token, o.accountId, ["message.received", "contact.created"]);
    expect(ep.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // The secret is shown once: the list and the endpoint never carry it.
    const list = await api("GET", `/accounts/${o.accountId}/webhooks`, { token: o.token });
    expect(list.body.data).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(ep.secret);

    const channelId = await createChannel(o.accountId);
    await ingest([incoming(o.accountId, channelId, "u-sig", "Здравствуйте, есть доставка?")]);
    const got = await waitFor(async () => {
      const r = await received(ep.path);
      return r.length >= 2 && r;
    }, 15_000, "two webhooks");
    expect(got.map((r) => r.body.type).sort()).toEqual(["contact.created", "message.received"]);
    for (const r of got) {
      expect(r.verified, r.verifyError ?? "").toBe(true);
      expect(r.headers["webhook-id"]).toMatch(/^evt_[0-9a-z]+$/);
      expect(Math.abs(Number(r.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
      expect(r.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(r.headers["content-type"]).toBe("application/json");
    }
    const msg = got.find((r) => r.body.type === "message.received")!;
    expect(msg.body.data).toMatchObject({ content: "Здравствуйте, есть доставка?", messageDirection: "incoming" });
    expect(new Date(msg.body.timestamp).toISOString()).toBe(msg.body.timestamp);

    // Rotation: a new secret once; both sign during the overlap, so the receiver may hold either.
    const rot = await api("POST", `/accounts/${o.accountId}/webhooks/${ep.id}/rotate-secret`, { token: o.token });
    expect(rot.status).toBe(200);
    expect(rot.body.secret).toMatch(/^whsec_/);
    expect(rot.body.secret).not.toBe(ep.secret);
    expect(rot.body.previousSecretUntil).toBeGreaterThan(Date.now() + 23 * 3600_000);
    await secretsFor(ep.path, [rot.body.secret, ep.secret]);
    const d1 = await sendTest(o.token, o.accountId, ep.id);
    await attemptsDone(d1, 1);
    const afterRotation = (await received(ep.path)).at(-1)!;
    expect(afterRotation.body.type).toBe("webhook.test");
    expect(afterRotation.headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(afterRotation.matchedSecrets).toEqual([0, 1]);

    // The overlap over: only the new secret signs; a receiver still on the old one refuses.
    await env.DB.prepare("UPDATE webhook_endpoints SET previous_secret_until = ? WHERE id = ?").bind(Date.now() - 1000, ep.id).run();
    const d2 = await sendTest(o.token, o.accountId, ep.id);
    await attemptsDone(d2, 1);
    const afterOverlap = (await received(ep.path)).at(-1)!;
    expect(afterOverlap.headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(afterOverlap.matchedSecrets).toEqual([0]);
  });

  it("a receiver with a wrong secret refuses: the delivery is a failed attempt, retried later", async () => {
    const o = await ownerWithAccount();
    const ep = await endpoint(o.token, o.accountId);
    await secretsFor(ep.path, ["whsec_" + btoa("not-the-secret-of-this-endpoint-00")]);
    const id = await sendTest(o.token, o.accountId, ep.id);
    const [a] = await attemptsDone(id, 1);
    expect(a).toMatchObject({ status_code: 401, ok: 0 });
    expect((await received(ep.path))[0]!.verified).toBe(false);
    const [row] = await deliveryRows(ep.id);
    expect(row).toMatchObject({ status: "pending", attempt_count: 1 });
  });
});

describe("outgoing webhooks: retries", () => {
  it("500s follow the schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h + jitter), then the delivery fails; the id never changes", async () => {
    const o = await ownerWithAccount();
    const ep = await endpoint(o.token, o.accountId);
    await script([{ path: ep.path, status: 500, body: '{"error":"boom"}', times: MAX_ATTEMPTS }]);
    const id = await sendTest(o.token, o.accountId, ep.id);
    await attemptsDone(id, 1);
    for (let step = 1; step <= MAX_ATTEMPTS; step++) {
      const [row] = await deliveryRows(ep.id);
      expect(row!.attempt_count).toBe(step);
      if (step === MAX_ATTEMPTS) {
        expect(row).toMatchObject({ status: "failed", next_attempt_at: null, last_status_code: 500 });
        break;
      }
      expect(row!.status).toBe("pending");
      const wait = row!.next_attempt_at - row!.last_attempt_at;
      const base = RETRY_DELAYS_S[step - 1]! * 1000;
      expect(wait).toBeGreaterThanOrEqual(base);
      expect(wait).toBeLessThanOrEqual(base * 1.1);
      await makeDue(id);
      await deliver(env, o.accountId, id);
    }
    const got = await received(ep.path);
    expect(got).toHaveLength(MAX_ATTEMPTS);
    expect(new Set(got.map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect(got.every((r) => r.verified)).toBe(true);
    const attempts = await attemptRows(id);
    expect(attempts.map((a) => a.attempt)).toEqual(Array.from({ length: MAX_ATTEMPTS }, (_, i) => i + 1));
    expect(attempts[0]!.response_body).toBe('{"error":"boom"}');
    // Done is done: another queue message for it posts nothing.
    await deliver(env, o.accountId, id);
    expect(await received(ep.path)).toHaveLength(MAX_ATTEMPTS);
  });

  it("429 and 503 with Retry-After wait at least that long; a redirect is a failure and is not followed", async () => {
    const o = await ownerWithAccount();
    const ep = await endpoint(o.token, o.accountId);
    await script([
      { path: ep.path, status: 429, headers: { "retry-after": "120" } },
      { path: ep.path, status: 503, headers: { "retry-after": "900" } },
      { path: ep.path, status: 302, headers: { location: `${receiverUrl()}${ep.path}-moved` } },
    ]);
    const id = await sendTest(o.token, o.accountId, ep.id);
    await attemptsDone(id, 1);
    let [row] = await deliveryRows(ep.id);
    expect(row!.last_status_code).toBe(429);
    expect(row!.next_attempt_at - row!.last_attempt_at).toBeGreaterThanOrEqual(120_000);
    expect(row!.next_attempt_at - row!.last_attempt_at).toBeLessThan(121_000);
    await makeDue(id);
    await deliver(env, o.accountId, id);
    [row] = await deliveryRows(ep.id);
    expect(row!.last_status_code).toBe(503);
    // Step 2 of the schedule is 5 min; the receiver asked for 15.
    expect(row!.next_attempt_at - row!.last_attempt_at).toBeGreaterThanOrEqual(900_000);
    await makeDue(id);
    await deliver(env, o.accountId, id);
    [row] = await deliveryRows(ep.id);
    expect(row).toMatchObject({ status: "pending", last_status_code: 302 });
    expect(row!.last_error).toContain("переадрес");
    expect(await received(`${ep.path}-moved`)).toHaveLength(0);
    await makeDue(id);
    await deliver(env, o.accountId, id);
    [row] = await deliveryRows(ep.id);
    expect(row).toMatchObject({ status: "succeeded", last_status_code: 200, attempt_count: 4 });
  });
});

describe("outgoing webhooks: 410 Gone", () => {
  it("disables the endpoint with its reason, mails the owner in Russian, and stops delivering", async () => {
    const o = await ownerWithAccount();
    const ep = await endpoint(o.token, o.accountId);
    await script([{ path: ep.path, status: 410 }]);
    const id = await sendTest(o.token, o.accountId, ep.id);
    await attemptsDone(id, 1);
    const [row] = await deliveryRows(ep.id);
    expect(row).toMatchObject({ status: "failed", last_status_code: 410, next_attempt_at: null });
    const got = await api("GET", `/accounts/${o.accountId}/webhooks/${ep.id}`, { token: o.token });
    expect(got.body).toMatchObject({ enabled: false, disabledReason: "gone" });
    const { mail } = await waitFor(async () => {
      const m = await lastMailTo(o.email);
      return m.mail?.subject?.startsWith("Вебхук отключён") && m;
    }, 10_000, "mail");
    expect(mail.text).toContain(ep.path);
    expect(mail.text).toContain("410");
    expect(mail.text).toContain("включите эндпоинт");
    expect(mail.text).toContain(`/${o.accountId}/account-settings?tab=webhook`);

    // Later events are not delivered to it.
    const channelId = await createChannel(o.accountId);
    await ingest([incoming(o.accountId, channelId, "u-gone", "Ещё одно сообщение")]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await deliveryRows(ep.id)).toHaveLength(1);
    expect(await received(ep.path)).toHaveLength(1);
    // Switched on again by the owner, the reason goes.
    const on = await api("PATCH", `/accounts/${o.accountId}/webhooks/${ep.id}`, { token: o.token, body: { enabled: true } });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null });
  });
});

describe("outgoing webhooks: SSRF guard", () => {
  const refused = [
    ["http://hooks.example.com/x", "https://"],
    ["https://localhost/x", "Локальные"],
    ["https://api.localhost/x", "Локальные"],
    ["https://printer.local/x", "Локальные"],
    ["https://crm.internal/x", "Локальные"],
    ["https://intranet/x", "доменное имя"],
    ["https://127.0.0.1/x", "IP-адрес"],
    ["https://10.0.0.5/x", "IP-адрес"],
    ["https://2130706433/x", "IP-адрес"],
    ["https://0x7f.1/x", "IP-адрес"],
    ["https://[::1]/x", "IP-адрес"],
    ["https://169.254.169.254/latest/meta-data", "IP-адрес"],
    ["https://hooks.example.com:8443/x", "443"],
    ["https://user:pass@hooks.example.com/x", "логин"],
    ["not a url", "полный адрес"],
  ] as const;

  it("refuses unsafe URLs at save with 400 and a field message; stores nothing", async () => {
    const o = await ownerWithAccount();
    for (const [url, words] of refused) {
      const res = await api("POST", `/accounts/${o.accountId}/webhooks`, { token: o.token, body: { url, events: ["message.received"] } });
      expect(res.status, url).toBe(400);
      expect(res.body.details.fields.url[0], url).toContain(words);
    }
    const ok = await api("POST", `/accounts/${o.accountId}/webhooks`, { token: o.token, body: { url: "https://hooks.example.com:443/assistly", events: ["message.received"] } });
    expect(ok.status).toBe(201);
    expect(ok.body.url).toBe("https://hooks.example.com/assistly");
    const patch = await api("PATCH", `/accounts/${o.accountId}/webhooks/${ok.body.id}`, { token: o.token, body: { url: "https://192.168.1.1/x" } });
    expect(patch.status).toBe(400);
    expect(patch.body.details.fields.url).toBeDefined();
    const list = await api("GET", `/accounts/${o.accountId}/webhooks`, { token: o.token });
    expect(list.body.data.map((e: any) => e.url)).toEqual(["https://hooks.example.com/assistly"]);
    // Other bad input: 400 with fields, never a 500.
    const bad = await api("POST", `/accounts/${o.accountId}/webhooks`, { token: o.token, body: { url: "https://hooks.example.com/x", events: ["nope"], description: "x".repeat(301) } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details.fields).sort()).toEqual(["description", "events.0"]);
    const none = await api("POST", `/accounts/${o.accountId}/webhooks`, { token: o.token, body: { url: "https://hooks.example.com/x", events: [] } });
    expect(none.body.details.fields.events[0]).toBe("Выберите хотя бы одно событие");
  });

  it("refuses at send too: a stored unsafe URL gets a failed attempt and no request", async () => {
    const o = await ownerWithAccount();
    const ep = await endpoint(o.token, o.accountId);
    // Written behind the API's back (an old row, a rule added later).
    await env.DB.prepare("UPDATE webhook_endpoints SET url = ? WHERE id = ?").bind(`http://localhost:${new URL(receiverUrl()).port}${ep.path}`, ep.id).run();
    const id = await sendTest(o.token, o.accountId, ep.id);
    const [a] = await attemptsDone(id, 1);
    expect(a).toMatchObject({ ok: 0, status_code: null });
    expect(a!.error).toContain("Адрес отклонён");
    expect(await received(ep.path)).toHaveLength(0);
  });

  it("loopback is allowed only with WEBHOOKS_ALLOW_LOOPBACK=1 in development", () => {
    const url = "http://127.0.0.1:9999/hook";
    expect(checkWebhookUrl(url, { ENVIRONMENT: "development", WEBHOOKS_ALLOW_LOOPBACK: "1" }).ok).toBe(true);
    expect(checkWebhookUrl(url, { ENVIRONMENT: "production", WEBHOOKS_ALLOW_LOOPBACK: "1" }).ok).toBe(false);
    expect(checkWebhookUrl(url, { ENVIRONMENT: "development" }).ok).toBe(false);
    expect(checkWebhookUrl("http://localhost:9999/hook", { ENVIRONMENT: "development", WEBHOOKS_ALLOW_LOOPBACK: "1" }).ok).toBe(false);
  });
});

describe("outgoing webhooks: exactly once", () => {
  it("a redelivered emit makes no second delivery; a redelivered deliver message posts nothing after a success", async () => {
    const o = await ownerWithAccount();
    const ep = await endpoint(o.token, o.accountId, ["thread.status_changed"]);
    const event = { id: "evt_redelivered1", type: "thread.status_changed", timestamp: Date.now(), data: { threadId: "t1" } };
    const body = { kind: "emit", accountId: o.accountId, events: [event] };
    // The same queue message handed to the consumer twice, as a redelivery would.
    for (const n of [1, 2]) {
      const batch = createMessageBatch("assistly-webhooks", [{ id: `emit-${n}`, timestamp: new Date(), attempts: n, body }]);
      const ctx = createExecutionContext();
      await worker.queue!(batch as MessageBatch<unknown>, env, ctx);
      expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([`emit-${n}`]);
    }
    await emit(env, o.accountId, [event]);
    const rows = await deliveryRows(ep.id);
    expect(rows).toHaveLength(1);
    await waitFor(async () => (await deliveryRows(ep.id))[0]?.status === "succeeded", 15_000, "success");
    const deliverBody = { kind: "deliver", accountId: o.accountId, deliveryId: rows[0]!.id };
    for (const n of [1, 2, 3]) {
      const batch = createMessageBatch("assistly-webhooks", [{ id: `deliver-${n}`, timestamp: new Date(), attempts: n, body: deliverBody }]);
      const ctx = createExecutionContext();
      await worker.queue!(batch as MessageBatch<unknown>, env, ctx);
      expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([`deliver-${n}`]);
    }
    const got = await received(ep.path);
    expect(got).toHaveLength(1);
    expect(got[0]!.headers["webhook-id"]).toBe("evt_redelivered1");
    expect(await attemptRows(rows[0]!.id)).toHaveLength(1);
  });

  it("two deliver messages at once post once (the row is claimed)", async () => {
    const o = await ownerWithAccount();
    const ep = await endpoint(o.token, o.accountId, ["contact.deleted"]);
    const event = { id: "evt_concurrent1", type: "contact.deleted", timestamp: Date.now(), data: { contactId: "c1" } };
    // Insert the row without queueing it, then race two consumers.
    await env.DB.prepare(
      "INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, event_type, payload, status, step, attempt_count, next_attempt_at, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'pending', 0, 1, ?7, ?7, ?7)",
    )
      .bind("dl-concurrent-1", o.accountId, ep.id, event.id, event.type, JSON.stringify({ type: event.type, timestamp: new Date().toISOString(), data: event.data }), Date.now())
      .run();
    await Promise.all([deliver(env, o.accountId, "dl-concurrent-1"), deliver(env, o.accountId, "dl-concurrent-1")]);
    expect(await received(ep.path)).toHaveLength(1);
  });
});

describe("outgoing webhooks: a conversation reopened by the customer", () => {
  it("thread.status_changed goes out once, with the conversation active again, beside message.received", async () => {
    const o = await ownerWithAccount();
    const channelId = await createChannel(o.accountId);
    const [r] = await ingest([incoming(o.accountId, channelId, "u-closed", "Спасибо, всё понятно")]);
    const threadId = (r as any).threadId as string;
    await env.DB.prepare("UPDATE threads SET status = 'closed' WHERE id = ?").bind(threadId).run();
    const ep = await endpoint(o.token, o.accountId, ["thread.status_changed", "message.received"]);
    await ingest([incoming(o.accountId, channelId, "u-closed", "Ещё вопрос"), incoming(o.accountId, channelId, "u-closed", "И ещё один")]);
    await waitFor(async () => (await received(ep.path)).length >= 3, 15_000, "the reopening's webhooks");
    await new Promise((ok) => setTimeout(ok, 300));
    const events = (await received(ep.path)).flatMap((x) => (Array.isArray(x.body?.events) ? x.body.events : [x.body])).map((e: any) => [e.type, e.data?.thread?.status ?? e.data?.contact?.thread?.status]);
    expect(events.filter(([t]) => t === "thread.status_changed")).toEqual([["thread.status_changed", "active"]]);
    expect(events.filter(([t]) => t === "message.received")).toHaveLength(2);
  });
});

describe("outgoing webhooks: tenancy and the API", () => {
  it("another account's events never reach this account's endpoint; its ids are 404 here", async () => {
    const a = await ownerWithAccount("Владелец А");
    const b = await ownerWithAccount("Владелец Б");
    const epA = await endpoint(a.token, a.accountId, ["message.received", "contact.created", "thread.status_changed"]);
    const epB = await endpoint(b.token, b.accountId, ["message.received", "contact.created"]);
    const chB = await createChannel(b.accountId);
    await ingest([incoming(b.accountId, chB, "u-b", "Сообщение аккаунту Б")]);
    await waitFor(async () => (await received(epB.path)).length >= 2, 15_000, "B's webhooks");
    await sendTest(b.token, b.accountId, epB.id);
    await waitFor(async () => (await received(epB.path)).length >= 3, 15_000, "B's test");
    expect(await received(epA.path)).toHaveLength(0);
    expect(await deliveryRows(epA.id)).toHaveLength(0);
    // A cannot reach B's endpoint or deliveries through its own account.
    const [bDelivery] = await deliveryRows(epB.id);
    expect((await api("GET", `/accounts/${a.accountId}/webhooks/${epB.id}/deliveries`, { token: a.token })).status).toBe(404);
    expect((await api("POST", `/accounts/${a.accountId}/webhooks/${epB.id}/test`, { token: a.token })).status).toBe(404);
    expect((await api("POST", `/accounts/${a.accountId}/webhooks/deliveries/${bDelivery!.id}/redeliver`, { token: a.token })).status).toBe(404);
    expect((await api("DELETE", `/accounts/${a.accountId}/webhooks/${epB.id}`, { token: a.token })).status).toBe(404);
    expect((await api("GET", `/accounts/${b.accountId}/webhooks`, { token: a.token })).status).toBe(404);
  });

  it("delivery log (paged, with attempts), manual redelivery with the same id, edit, delete; operators get 403 and admins may", async () => {
    const o = await ownerWithAccount();
    const ep = await endpoint(o.token, o.accountId);
    const first = await sendTest(o.token, o.accountId, ep.id);
    await attemptsDone(first, 1);
    await sendTest(o.token, o.accountId, ep.id);
    const page1 = await api("GET", `/accounts/${o.accountId}/webhooks/${ep.id}/deliveries?limit=1`, { token: o.token });
    expect(page1.body.meta).toMatchObject({ total: 2, limit: 1, page: 1, lastPage: 2 });
    const page2 = await api("GET", `/accounts/${o.accountId}/webhooks/${ep.id}/deliveries?limit=1&page=2`, { token: o.token });
    expect(page2.body.data[0].id).toBe(first);
    expect(page2.body.data[0]).toMatchObject({ status: "succeeded", eventType: "webhook.test", attemptCount: 1, lastStatusCode: 200 });
    expect(page2.body.data[0].attempts[0]).toMatchObject({ attempt: 1, statusCode: 200, ok: true, responseBody: '{"received":true}' });
    expect(page2.body.data[0].attempts[0].durationMs).toBeGreaterThanOrEqual(0);

    const re = await api("POST", `/accounts/${o.accountId}/webhooks/deliveries/${first}/redeliver`, { token: o.token });
    expect(re.status).toBe(202);
    await attemptsDone(first, 2);
    const ids = (await received(ep.path)).map((r) => r.headers["webhook-id"]);
    expect(ids.filter((x) => x === ids[0])).toHaveLength(2);

    const list = await api("GET", `/accounts/${o.accountId}/webhooks`, { token: o.token });
    expect(list.body.data[0].lastDelivery).toMatchObject({ status: "succeeded", statusCode: 200 });

    const admin = await addMember(o.token, o.accountId, "admin");
    const operator = await addMember(o.token, o.accountId, "operator");
    expect((await api("GET", `/accounts/${o.accountId}/webhooks`, { token: operator.token })).status).toBe(403);
    expect((await api("GET", `/accounts/${o.accountId}/webhooks/${ep.id}/deliveries`, { token: operator.token })).status).toBe(403);
    const edit = await api("PATCH", `/accounts/${o.accountId}/webhooks/${ep.id}`, { token: admin.token, body: { description: "Новая CRM", events: ["contact.deleted", "contact.deleted"] } });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ description: "Новая CRM", events: ["contact.deleted"] });
    expect((await api("DELETE", `/accounts/${o.accountId}/webhooks/${ep.id}`, { token: admin.token })).status).toBe(200);
    expect((await api("GET", `/accounts/${o.accountId}/webhooks`, { token: o.token })).body.data).toEqual([]);
    expect(await deliveryRows(ep.id)).toHaveLength(0);
  });

});

describe("outgoing webhooks: events from the room's seam and the channels", () => {
  it("operators' thread changes reach the endpoint as thread.status_changed / thread.ai_toggled; deleting a contact as contact.deleted", async () => {
    const o = await ownerWithAccount();
    const ep = await endpoint(o.token, o.accountId, ["thread.status_changed", "thread.ai_toggled", "contact.deleted"]);
    const channelId = await createChannel(o.accountId);
    const [r] = await ingest([incoming(o.accountId, channelId, "u-thread", "Привет")]);
    const threadId = (r as { threadId: string }).threadId;
    const contactId = (r as { contactId: string }).contactId;
    const before = await env.DB.prepare("SELECT is_gpt_active AS on_ FROM threads WHERE id = ?").bind(threadId).first<{ on_: number }>();
    const toggled = await api("PATCH", `/accounts/${o.accountId}/contacts/threads/${threadId}`, { token: o.token, body: { isGptActive: !before!.on_ } });
    expect(toggled.status).toBe(200);
    // Setting the value it already has is no change: no event.
    expect((await api("PATCH", `/accounts/${o.accountId}/contacts/threads/${threadId}`, { token: o.token, body: { isGptActive: !before!.on_ } })).status).toBe(200);
    const st = await api("PUT", `/accounts/${o.accountId}/contacts/threads/${threadId}/set-status`, { token: o.token, body: { status: "closed" } });
    expect(st.status, JSON.stringify(st.body)).toBe(200);
    expect((await api("DELETE", `/accounts/${o.accountId}/contacts/${contactId}`, { token: o.token })).status).toBe(200);
    const got = await waitFor(async () => {
      const x = await received(ep.path);
      return x.length >= 3 && x;
    }, 15_000, "three events");
    await new Promise((r) => setTimeout(r, 500));
    expect((await received(ep.path)).map((x) => x.body.type).sort()).toEqual(["contact.deleted", "thread.ai_toggled", "thread.status_changed"]);
    expect(got.find((x) => x.body.type === "thread.ai_toggled")!.body.data.thread).toMatchObject({ threadId, isGptActive: !before!.on_ });
    expect(got.find((x) => x.body.type === "contact.deleted")!.body.data).toEqual({ contactId });
    expect(got.every((x) => x.verified)).toBe(true);
  });

  it("a known contact whose name changed in an incoming message → contact.updated (once); a new one → contact.created", async () => {
    const o = await ownerWithAccount();
    const ep = await endpoint(o.token, o.accountId, ["contact.created", "contact.updated"]);
    const channelId = await createChannel(o.accountId);
    await ingest([incoming(o.accountId, channelId, "u-upd", "Первое", {}, { name: "Анна" })]);
    await waitFor(async () => (await received(ep.path)).length >= 1, 15_000, "contact.created");
    // The same name again: no change, no event.
    await ingest([incoming(o.accountId, channelId, "u-upd", "Второе", {}, { name: "Анна" })]);
    await ingest([incoming(o.accountId, channelId, "u-upd", "Третье", {}, { name: "Анна Петрова" }), incoming(o.accountId, channelId, "u-upd", "Четвёртое", {}, { name: "Анна Петрова" })]);
    const got = await waitFor(async () => {
      const x = await received(ep.path);
      return x.length >= 2 && x;
    }, 15_000, "contact.updated");
    await new Promise((r) => setTimeout(r, 800));
    expect((await received(ep.path)).map((x) => x.body.type)).toEqual(["contact.created", "contact.updated"]);
    expect(got[1]!.body.data).toMatchObject({ name: "Анна Петрова", platformUserId: "u-upd" });
  });

  it("an operator's change of a contact's custom fields or tags → contact.updated carrying the fields and tags", async () => {
    const o = await ownerWithAccount();
    const ep = await endpoint(o.token, o.accountId, ["contact.updated"]);
    const channelId = await createChannel(o.accountId);
    await ingest([incoming(o.accountId, channelId, "u-fields", "Здравствуйте", {}, { name: "Олег" })]);
    const contactId = (await env.DB.prepare("SELECT id FROM contacts WHERE account_id = ? AND platform_user_id = 'u-fields'").bind(o.accountId).first<{ id: string }>())!.id;
    expect((await api("POST", `/accounts/${o.accountId}/custom-fields`, { token: o.token, body: { key: "city", label: "Город", type: "text" } })).status).toBe(201);
    expect((await api("POST", `/accounts/${o.accountId}/custom-fields`, { token: o.token, body: { key: "age", label: "Возраст", type: "number" } })).status).toBe(201);
    const tag = await api("POST", `/accounts/${o.accountId}/tags`, { token: o.token, body: { name: "VIP", color: "#28C76F" } });
    expect((await api("PUT", `/accounts/${o.accountId}/contacts/${contactId}/fields`, { token: o.token, body: { values: { city: "Казань" } } })).status).toBe(200);
    expect((await api("PUT", `/accounts/${o.accountId}/contacts/${contactId}/tags`, { token: o.token, body: { tagIds: [tag.body.tagId] } })).status).toBe(200);
    const got = await waitFor(async () => {
      const x = await received(ep.path);
      return x.length >= 2 && x;
    }, 15_000, "two contact.updated");
    expect(got.map((x) => x.body.type)).toEqual(["contact.updated", "contact.updated"]);
    expect(got[0]!.body.data).toMatchObject({ contactId, name: "Олег", fields: { city: "Казань" }, tags: [] });
    expect(got[1]!.body.data).toMatchObject({ contactId, fields: { city: "Казань" }, tags: [{ tagId: tag.body.tagId, name: "VIP" }] });
    // A bad value writes nothing and announces nothing.
    expect((await api("PUT", `/accounts/${o.accountId}/contacts/${contactId}/fields`, { token: o.token, body: { values: { city: "Самара", age: "много" } } })).status).toBe(400);
    await new Promise((r) => setTimeout(r, 800));
    expect((await received(ep.path)).length).toBe(2);
  });

  it("channels: connecting and switching Telegram off → channel.state_changed", async () => {
    const o = await ownerWithAccount();
    const ep = await endpoint(o.token, o.accountId, ["channel.state_changed"]);
    await connectTelegram(o.token, o.accountId);
    await waitFor(async () => (await received(ep.path)).length >= 1, 15_000, "connected");
    expect((await api("POST", `/accounts/${o.accountId}/platform-telegram/toggle`, { token: o.token, body: { enabled: false } })).status).toBe(200);
    const got = await waitFor(async () => {
      const x = await received(ep.path);
      return x.length >= 2 && x;
    }, 15_000, "switched off");
    expect(got.map((x) => x.body.data)).toMatchObject([
      { platform: "TELEGRAM", connected: true, enabled: true },
      { platform: "TELEGRAM", connected: true, enabled: false },
    ]);
    expect(got.every((x) => x.body.type === "channel.state_changed" && x.verified)).toBe(true);
  });

  it("a Telegram customer's complaint: message.received, the assistant's handoff (thread.handoff, thread.ai_toggled) and its reply once sent (message.sent)", async () => {
    const o = await ownerWithAccount();
    const a = await api("POST", `/accounts/${o.accountId}/assistants`, {
      token: o.token,
      body: { name: "Бот", handoffKeywords: ["жалоба"], handoffMessage: "Передаю ваш вопрос оператору." },
    });
    expect(a.status).toBe(201);
    const { secret } = await connectTelegram(o.token, o.accountId, undefined, { assistantId: a.body.assistantId });
    const ep = await endpoint(o.token, o.accountId, ["message.received", "message.sent", "thread.handoff", "thread.ai_toggled"]);
    const chatId = 700000 + Math.floor(Math.random() * 100000);
    expect((await tgWebhook(o.accountId, secret, tgTextUpdate(chatId, chatId, "У меня жалоба на курьера"))).status).toBe(200);
    const got = await waitFor(async () => {
      const x = await received(ep.path);
      return x.length >= 4 && x;
    }, 20_000, "four events");
    await new Promise((r) => setTimeout(r, 800));
    const all = await received(ep.path);
    expect(all.map((x) => x.body.type).sort()).toEqual(["message.received", "message.sent", "thread.ai_toggled", "thread.handoff"]);
    const byType = Object.fromEntries(got.map((x) => [x.body.type, x.body.data]));
    expect(byType["message.received"]).toMatchObject({ content: "У меня жалоба на курьера", messageDirection: "incoming" });
    expect(byType["thread.handoff"].metadata).toMatchObject({ event: "handoff", source: "keyword" });
    expect(byType["thread.ai_toggled"].thread).toMatchObject({ isGptActive: false });
    expect(byType["message.sent"]).toMatchObject({ content: "Передаю ваш вопрос оператору.", messageDirection: "outgoing", deliveryStatus: "sent" });
    expect(all.every((x) => x.verified)).toBe(true);
  });

  it("a big ingest batch (30 long messages) is split over queue messages under the size limit; every event arrives once", async () => {
    const o = await ownerWithAccount();
    const ep = await endpoint(o.token, o.accountId, ["message.received"]);
    const channelId = await createChannel(o.accountId);
    const text = "Длинное сообщение клиента. ".repeat(150);
    await ingest(Array.from({ length: 30 }, (_, i) => incoming(o.accountId, channelId, `u-big-${i}`, `${i}: ${text}`)));
    await waitFor(async () => (await received(ep.path)).length >= 30, 30_000, "30 webhooks");
    await new Promise((r) => setTimeout(r, 800));
    const got = await received(ep.path);
    expect(got).toHaveLength(30);
    expect(new Set(got.map((x) => x.body.data.content.split(":")[0])).size).toBe(30);
    expect(new Set(got.map((x) => x.headers["webhook-id"])).size).toBe(30);
  });

  it("WhatsApp: the gateway's yellowCard → whatsapp.state_changed and channel.state_changed", async () => {
    const o = await ownerWithAccount();
    const { idInstance, webhookToken } = await connectWhatsapp(o.token, o.accountId);
    const ep = await endpoint(o.token, o.accountId, ["whatsapp.state_changed", "channel.state_changed"]);
    const instanceData = { idInstance: Number(idInstance), wid: "79990001122@c.us", typeInstance: "whatsapp" };
    const res = await waWebhook(o.accountId, webhookToken, { typeWebhook: "stateInstanceChanged", instanceData, timestamp: Math.floor(Date.now() / 1000), stateInstance: "yellowCard" });
    expect(res.status).toBe(200);
    const got = await waitFor(async () => {
      const x = await received(ep.path);
      return x.length >= 2 && x;
    }, 15_000, "two events");
    const byType = Object.fromEntries(got.map((x) => [x.body.type, x.body.data]));
    expect(byType["whatsapp.state_changed"]).toMatchObject({ stateInstance: "yellowCard", idInstance });
    expect(byType["channel.state_changed"]).toMatchObject({ platform: "WHATSAPP", stateInstance: "yellowCard", connected: true });
  });
});
