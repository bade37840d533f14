import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OUTBOUND_MAX_ATTEMPTS, UNCERTAIN_REASON } from "../../../worker/features/channels/outbound.consumer";
import { runBitrixLead } from "../../../worker/features/bitrix24/leads";
import { waIncomingText } from "../../fakes/greenapi";
import { igDm, metaSignature } from "../../fakes/meta";
import { tgTextUpdate } from "../../fakes/telegram";
import { bcBody, bcSetup, sendsPerChat } from "../broadcast-helpers";
import { deliver as deliverNotification, ledgerRows, payerActs, ykControl, ykRequests, ykUrl } from "../billing-helpers";
import { connectTelegram, connectWhatsapp, fakeRequests, fakes, fakeScript, greenBase, metaBase, tgBase, tgWebhook, threadMessages, waitFor, waWebhook } from "../channel-helpers";
import { api, BASE, ownerWithAccount } from "../helpers";
import { createChannel, incoming, ingest } from "../inbox-helpers";
import { messageRow, pendingOutgoing, sendOnce } from "./senders-helpers";

/**
 * The remote side failing (#22): the messengers' 429 with retry_after, 500 and a connection reset
 * after the request went out (Telegram, Green API, Instagram), YooKassa's 500 and Bitrix24's
 * QUERY_LIMIT_EXCEEDED. Each ends delivered exactly once, or marked failed (or "possibly
 * delivered") with its reason where the operator sees it. The outbound consumer is driven one
 * delivery at a time (createMessageBatch), so every ack/retry decision and its delay are visible.
 */
type Script = Parameters<typeof fakeScript>[1][number];

interface Chat {
  accountId: string;
  token: string;
  threadId: string;
  contactId: string;
  /** The messenger's send calls for this chat's channel, in order. */
  sends: () => Promise<unknown[]>;
  /** Scripts the channel's send endpoint. */
  script: (s: Omit<Script, "match">) => Promise<void>;
}

interface Messenger {
  name: string;
  chat: () => Promise<Chat>;
  /** The messenger's own "too many requests" answer and the wait it asks for (seconds). */
  tooMany: Omit<Script, "match">;
  wait: number;
}

const TELEGRAM: Messenger = {
  name: "Telegram",
  async chat() {
    const o = await ownerWithAccount();
    const tg = await connectTelegram(o.token, o.accountId);
    const chatId = 610000 + Math.floor(Math.random() * 100000);
    await tgWebhook(o.accountId, tg.secret, tgTextUpdate(1, chatId, "Добрый день"));
    const m = await waitFor(async () => (await threadMessages(o.accountId))[0], 10_000, "incoming");
    const path = `/bot${tg.bot}/sendMessage`;
    return { ...o, threadId: m.threadId, contactId: m.contactId, sends: () => fakeRequests(tgBase(), (r) => r.path === path), script: (s) => fakeScript(tgBase(), [{ match: path, ...s }]) };
  },
  tooMany: { status: 429, body: { ok: false, error_code: 429, description: "Too Many Requests: retry after 3", parameters: { retry_after: 3 } } },
  wait: 3,
};

const GREEN_API: Messenger = {
  name: "WhatsApp (Green API)",
  async chat() {
    const o = await ownerWithAccount();
    const wa = await connectWhatsapp(o.token, o.accountId);
    const phone = `7900${Math.floor(1000000 + Math.random() * 8999999)}`;
    await waWebhook(o.accountId, wa.webhookToken, waIncomingText(wa.idInstance, `IN-${phone}`, phone, "Добрый день"));
    const m = await waitFor(async () => (await threadMessages(o.accountId))[0], 10_000, "incoming");
    const path = `/waInstance${wa.idInstance}/sendMessage/`;
    return { ...o, threadId: m.threadId, contactId: m.contactId, sends: () => fakeRequests(greenBase(), (r) => r.path.startsWith(path)), script: (s) => fakeScript(greenBase(), [{ match: path, ...s }]) };
  },
  tooMany: { status: 429, body: { message: "Too Many Requests" }, headers: { "retry-after": "4" } },
  wait: 4,
};

const INSTAGRAM: Messenger = {
  name: "Instagram",
  async chat() {
    const o = await ownerWithAccount();
    const id = String(17841400000000000 + Math.floor(Math.random() * 1e9));
    const res = await api("PUT", `/accounts/${o.accountId}/platform-instagram`, { token: o.token, body: { instagramAccountId: id, accessToken: `EAAG-test-token-${id}` } });
    expect(res.status).toBe(200);
    const raw = JSON.stringify(igDm(id, `${Math.floor(Math.random() * 1e15)}`, `mid.$${Math.random().toString(36).slice(2)}`, "Добрый день"));
    await SELF.fetch(`${BASE}/api/webhooks/instagram`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": metaSignature(raw) }, body: raw });
    const m = await waitFor(async () => (await threadMessages(o.accountId))[0], 10_000, "incoming");
    const path = `/${id}/messages`;
    return { ...o, threadId: m.threadId, contactId: m.contactId, sends: () => fakeRequests(metaBase(), (r) => r.method === "POST" && r.path.includes(path)), script: (s) => fakeScript(metaBase(), [{ match: path, ...s }]) };
  },
  // Meta throttles with error code 4 ("Application request limit reached"): the sender waits a minute.
  tooMany: { status: 403, body: { error: { message: "(#4) Application request limit reached", code: 4 } } },
  wait: 60,
};

/** The message as the operator's chat reads it (the API the chat page uses). */
async function asOperatorSees(c: Chat, messageId: string) {
  const res = await api("GET", `/accounts/${c.accountId}/contacts/${c.contactId}/messages`, { token: c.token });
  expect(res.status).toBe(200);
  return (res.body.data as { messageId: string; deliveryStatus: string; metadata: Record<string, unknown> }[]).find((m) => m.messageId === messageId)!;
}

describe.each([TELEGRAM, GREEN_API, INSTAGRAM])("remote faults: $name sends", (mx) => {
  it("429 with its retry-after: retried after exactly that wait, delivered once; a redelivery sends nothing", async () => {
    const c = await mx.chat();
    const id = await pendingOutgoing(c.accountId, c.threadId, c.contactId, "Ответ после лимита");
    await c.script(mx.tooMany);
    const first = await sendOnce(c.accountId, id, 1);
    expect(first).toMatchObject({ retried: true, delays: [mx.wait] });
    expect((await messageRow(id))!.deliveryStatus).toBe("pending");
    // Everyone sending through the channel waits too: its next slot is at least that far away.
    const slot = () => env.DB.prepare("SELECT next_at FROM send_slots WHERE key IN (SELECT 'ch:' || channel_id FROM threads WHERE id = ?)").bind(c.threadId).first<{ next_at: number }>();
    expect((await slot())!.next_at).toBeGreaterThanOrEqual(Date.now() + (mx.wait - 1) * 1000);
    // The wait is over (the queue's delay): the slot is due now.
    await env.DB.prepare("UPDATE send_slots SET next_at = 0 WHERE key IN (SELECT 'ch:' || channel_id FROM threads WHERE id = ?)").bind(c.threadId).run();
    expect(await sendOnce(c.accountId, id, 2)).toMatchObject({ acked: true });
    expect(await sendOnce(c.accountId, id, 3)).toMatchObject({ acked: true });
    const row = (await messageRow(id))!;
    expect(row).toMatchObject({ deliveryStatus: "sent", isSent: true });
    expect(row.platformMessageId).toBeTruthy();
    expect(await c.sends()).toHaveLength(2); // the refused one and the delivered one
  });

  it("500: retried with backoff and delivered once; 500 to the last attempt: failed with the reason the operator sees", async () => {
    const c = await mx.chat();
    const id = await pendingOutgoing(c.accountId, c.threadId, c.contactId, "Ответ после сбоя");
    await c.script({ status: 500, body: { ok: false, error_code: 500, description: "Internal Server Error", error: { message: "An unexpected error has occurred", code: 2 } } });
    expect(await sendOnce(c.accountId, id, 1)).toMatchObject({ retried: true, delays: [2] });
    expect(await sendOnce(c.accountId, id, 2)).toMatchObject({ acked: true });
    expect((await messageRow(id))!.deliveryStatus).toBe("sent");
    expect(await c.sends()).toHaveLength(2);

    const lost = await pendingOutgoing(c.accountId, c.threadId, c.contactId, "Не дойдёт");
    await c.script({ status: 500, body: { ok: false, error_code: 500, description: "Internal Server Error", error: { message: "An unexpected error has occurred", code: 2 } } });
    expect(await sendOnce(c.accountId, lost, OUTBOUND_MAX_ATTEMPTS)).toMatchObject({ acked: true, retried: false });
    const seen = await asOperatorSees(c, lost);
    expect(seen.deliveryStatus).toBe("failed");
    expect(seen.metadata).toMatchObject({ deliveryErrorCode: "SEND_FAILED", deliveryError: expect.stringMatching(new RegExp(`^Не удалось отправить после ${OUTBOUND_MAX_ATTEMPTS} попыток`)) });
    expect(await c.sends()).toHaveLength(3);
  });

  it("a connection reset after the request went out: not sent again, marked possibly delivered with the reason for the operator", async () => {
    const c = await mx.chat();
    const id = await pendingOutgoing(c.accountId, c.threadId, c.contactId, "Связь оборвётся");
    await c.script({ status: 200, body: {}, reset: true });
    expect(await sendOnce(c.accountId, id, 1)).toMatchObject({ acked: true, retried: false });
    // The queue delivers it again (and again): the messenger may have it, so nothing more goes out.
    expect(await sendOnce(c.accountId, id, 2)).toMatchObject({ acked: true });
    expect(await sendOnce(c.accountId, id, 3)).toMatchObject({ acked: true });
    expect(await c.sends()).toHaveLength(1);
    const seen = await asOperatorSees(c, id);
    expect(seen.deliveryStatus).toBe("failed");
    expect(seen.metadata).toMatchObject({ deliveryErrorCode: "SEND_UNCERTAIN", deliveryError: UNCERTAIN_REASON });
    const attempts = await env.DB.prepare("SELECT outcome FROM outbound_attempts WHERE message_id = ?").bind(id).all<{ outcome: string }>();
    expect(attempts.results.map((a) => a.outcome)).toEqual(["failed"]);
  });
});

describe("remote faults: a broadcast whose send hits a connection reset", () => {
  it("that recipient is failed as possibly delivered (never sent twice); the others are sent once; the broadcast completes", async () => {
    const s = await bcSetup({ contacts: 4, quota: 100 });
    await fakeScript(tgBase(), [{ match: `/bot${s.bot}/sendMessage`, status: 200, body: {}, reset: true }]);
    const created = await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: s.token, body: bcBody(s, { pacing: { perSecond: null } }) });
    const id = created.body.broadcastId as string;
    expect((await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/start`, { token: s.token, body: {} })).status).toBe(200);
    const done = await waitFor(
      async () => {
        const r = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token });
        return r.body.status === "completed" ? r.body : null;
      },
      25_000,
      "completed",
    );
    expect(done.counts).toMatchObject({ total: 4, sent: 3, failed: 1 });
    const { calls, per } = await sendsPerChat(s.bot);
    expect(calls).toHaveLength(4);
    expect([...per.values()].every((n) => n === 1)).toBe(true);
    const failed = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}/recipients?state=failed`, { token: s.token });
    expect(failed.body.data).toEqual([expect.objectContaining({ state: "failed", error: UNCERTAIN_REASON })]);
  });
});

describe("remote faults: YooKassa answers 500", () => {
  it("every attempt of the checkout gets a 500: the payer is told in a sentence; the repeat uses the same Idempotence-Key and the provider has one payment, credited once", async () => {
    const o = await ownerWithAccount();
    const body = { kind: "topup", amountKopecks: 40000, email: "owner@uyut.ru", requestKey: `click-${Math.random().toString(36).slice(2)}` };
    // YooKassa carries the POSTs out but answers 500 to each of the client's 3 attempts.
    // Only this account's POSTs take them: the billing tests beside this file use the same fake.
    await ykControl("/__config", { fail500Next: 3, failFor: o.accountId });
    const failed = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body });
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ code: "PAYMENT_PROVIDER_UNAVAILABLE", message: "Платёжная система не ответила. Попробуйте ещё раз через минуту — повтор не спишет деньги дважды." });
    const again = await api("POST", `/accounts/${o.accountId}/checkout`, { token: o.token, body });
    expect(again.status).toBe(201);
    expect(again.body.paymentId).toBe(failed.body.details.paymentId);
    const posts = await ykRequests((r) => r.method === "POST" && r.path === "/v3/payments" && r.body?.metadata?.accountId === o.accountId);
    expect(posts.length).toBe(4);
    expect(new Set(posts.map((p) => p.headers["idempotence-key"])).size).toBe(1);
    const payments = (await (await fetch(`${ykUrl()}/__payments`)).json()) as { metadata?: { accountId?: string } }[];
    expect(payments.filter((p) => p.metadata?.accountId === o.accountId)).toHaveLength(1);
    const { notification } = await payerActs(again.body.paymentId);
    for (let i = 0; i < 3; i++) expect((await deliverNotification(notification)).status).toBe(200);
    expect((await ledgerRows(o.accountId)).filter((r) => r.type === "topup")).toEqual([expect.objectContaining({ amount: 40000 })]);
  });
});

describe("remote faults: Bitrix24 QUERY_LIMIT_EXCEEDED", () => {
  it("a lead job refused past the client's retries is repeated by the queue and makes one lead; the refusals are in the log the operator reads", async () => {
    const o = await ownerWithAccount();
    // The contact exists before the portal is connected (no lead job of its own races this one).
    const ch = await createChannel(o.accountId);
    await ingest([incoming(o.accountId, ch, `b24-${Math.random().toString(36).slice(2)}`, "Нужен диван", {}, { name: "Олег" })]);
    const contact = (await env.DB.prepare("SELECT id FROM contacts WHERE account_id = ?").bind(o.accountId).first<{ id: string }>())!;
    const key = `eo${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const b24 = fakes().BITRIX24_FAKE_URL!;
    expect((await api("PUT", `/accounts/${o.accountId}/integrations/bitrix24`, { token: o.token, body: { webhookUrl: `${b24}/rest/1/${key}/` } })).status).toBe(200);
    const control = (path: string, b: unknown) => fetch(`${b24}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(b) });
    const leads = async () => (((await (await fetch(`${b24}/__portal/${key}`)).json()) as { leads: { ORIGIN_ID?: string }[] }).leads ?? []).filter((l) => l.ORIGIN_ID === contact.id);
    const job = { kind: "bitrix24-lead" as const, accountId: o.accountId, contactId: contact.id, reason: "firstMessage" as const, threadId: null };
    // The portal refuses the next 5 calls: every attempt of one job run.
    await control("/__fail", { portal: key, n: 5 });
    await expect(runBitrixLead(env as never, job)).rejects.toMatchObject({ bitrixCode: "QUERY_LIMIT_EXCEEDED" });
    expect(await leads()).toHaveLength(0);
    // The queue repeats the job (twice, once racing): one lead.
    await runBitrixLead(env as never, job);
    await Promise.all([runBitrixLead(env as never, job), runBitrixLead(env as never, job)]);
    expect(await leads()).toHaveLength(1);
    const link = await env.DB.prepare("SELECT status FROM bitrix24_links WHERE account_id = ? AND contact_id = ?").bind(o.accountId, contact.id).first<{ status: string }>();
    expect(link!.status).toBe("done");
    const log = await api("GET", `/accounts/${o.accountId}/integrations/bitrix24/log`, { token: o.token });
    const refused = (log.body.data as { errorCode: string | null; error: string | null }[]).filter((r) => r.errorCode === "QUERY_LIMIT_EXCEEDED");
    expect(refused).toHaveLength(5);
    expect(refused[0]!.error).toContain("Bitrix24 временно ограничил число запросов");
  });
});
