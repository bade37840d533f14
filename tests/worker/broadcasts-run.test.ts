import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readTable } from "../../worker/features/contact-import/import-format";
import { getDb, schema } from "../../worker/db/client";
import { remainingQuota } from "../../worker/features/broadcast-quota/quota";
import { INTERRUPTED_REASON } from "../../worker/features/broadcasts/sender-hooks";
import { addContacts, bcBody, bcSetup, runOutboundBatch, sendsPerChat } from "./broadcast-helpers";
import { fakeRequests, fakeScript, tgBase, waitFor } from "./channel-helpers";
import { addMember, api, BASE, ownerWithAccount } from "./helpers";
import { createChannel, ingest, incoming } from "./inbox-helpers";

/** Starting, pumping and finishing broadcasts through the real queues, the one sender and the fake Telegram (#15). */

type Setup = Awaited<ReturnType<typeof bcSetup>>;

async function create(s: Setup, over: Record<string, unknown> = {}) {
  const res = await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: s.token, body: bcBody(s, over) });
  expect(res.status).toBe(201);
  return res.body.broadcastId as string;
}

async function start(s: Setup, id: string, body: unknown = {}) {
  return api("POST", `/accounts/${s.accountId}/broadcasts/${id}/start`, { token: s.token, body });
}

async function until(s: Setup, id: string, status: string, ms = 25_000) {
  return waitFor(
    async () => {
      const r = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token });
      return r.body.status === status ? r.body : null;
    },
    ms,
    `broadcast ${status}`,
  );
}

const recipients = (id: string) => getDb(env.DB).select().from(schema.broadcastRecipients).where(eq(schema.broadcastRecipients.broadcastId, id)).all();

describe("broadcasts: sending", () => {
  it("sends to every recipient exactly once with the name filled in, completes, settles the quota and records usage", async () => {
    const s = await bcSetup({ contacts: 12, quota: 100 });
    const id = await create(s, { pacing: { perSecond: null } });
    const started = await start(s, id);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: "sending", quotaReserved: 12, counts: { total: 12 }, message: "Рассылка запущена" });
    const done = await until(s, id, "completed");
    expect(done.counts).toMatchObject({ total: 12, sent: 12, queued: 0, failed: 0, skipped: 0 });
    expect(done.completedAt).toBeGreaterThan(0);

    const { calls, per } = await sendsPerChat(s.bot);
    expect(calls).toHaveLength(12);
    expect(new Set(per.values())).toEqual(new Set([1]));
    expect([...per.keys()].sort()).toEqual(s.contacts.map((c) => c.platformUserId).sort());
    const first = calls.find((c) => String(c.body.chat_id) === s.contacts[0]!.platformUserId)!;
    const contact = await getDb(env.DB).select().from(schema.contacts).where(eq(schema.contacts.id, s.contacts[0]!.contactId)).get();
    expect(first.body.text).toBe(`Здравствуйте, ${contact!.name}! Скидка 20%`);
    // The url button is a tracked link of ours in Telegram's inline keyboard.
    expect(first.body.reply_markup.inline_keyboard[0][0]).toMatchObject({ text: "Каталог", url: expect.stringMatching(/^http:\/\/app\.test\/api\/b\//) });

    // Each message sits in the contact's thread as an outgoing message of the broadcast.
    const msgs = await getDb(env.DB).select().from(schema.messages).where(eq(schema.messages.contactId, s.contacts[0]!.contactId)).all();
    const out = msgs.filter((m) => m.direction === "outgoing");
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ deliveryStatus: "sent", threadId: s.contacts[0]!.threadId, metadata: { broadcastId: id } });

    expect(await remainingQuota(getDb(env.DB), s.accountId)).toBe(88);
    const usage = await getDb(env.DB).select().from(schema.usageEvents).where(eq(schema.usageEvents.ref, id)).all();
    expect(usage).toMatchObject([{ kind: "broadcast_recipients", quantity: 12, accountId: s.accountId }]);

    const stats = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}/stats`, { token: s.token });
    expect(stats.body).toMatchObject({ broadcastId: id, status: "completed", counts: { total: 12, sent: 12, clicks: 0 } });
    const page1 = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}/recipients?limit=5&state=sent`, { token: s.token });
    expect(page1.body.meta).toMatchObject({ total: 12, lastPage: 3 });
    expect(page1.body.data).toHaveLength(5);
    expect(page1.body.data[0]).toMatchObject({ state: "sent", platform: "TELEGRAM", error: null });
    const page3 = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}/recipients?limit=5&page=3&state=sent`, { token: s.token });
    expect(page3.body.data).toHaveLength(2);
    const failed = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}/recipients?state=failed`, { token: s.token });
    expect(failed.body.meta.total).toBe(0);
    // Finished: no second start, no edit; it may be deleted.
    expect((await start(s, id)).status).toBe(409);
    expect((await api("PATCH", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token, body: { name: "X" } })).status).toBe(409);
  });

  it("the audience leaves out unsubscribed, blocked and test contacts, other channels' contacts and never reaches another account", async () => {
    const s = await bcSetup({ contacts: 4, quota: 100 });
    const [a, b] = s.contacts;
    await env.DB.prepare("UPDATE contacts SET subscription = 'unsubscribed' WHERE id = ?").bind(a!.contactId).run();
    await env.DB.prepare("UPDATE contacts SET subscription = 'blocked' WHERE id = ?").bind(b!.contactId).run();
    // A test contact with a thread on this very channel, and a contact of another Telegram bot of the account.
    await ingest([incoming(s.accountId, s.channelId, "test-1", "тест", {}, { isTestContact: true })]);
    const other = await createChannel(s.accountId);
    await ingest([incoming(s.accountId, other, "900100", "другой бот")]);
    // Another account with contacts on its own bot.
    const stranger = await ownerWithAccount();
    const strangerCh = await createChannel(stranger.accountId);
    await addContacts(stranger.accountId, strangerCh, 3);

    const id = await create(s, { pacing: { perSecond: null } });
    const started = await start(s, id);
    expect(started.body.counts.total).toBe(2);
    const done = await until(s, id, "completed");
    expect(done.counts).toMatchObject({ total: 2, sent: 2 });
    const got = (await recipients(id)).map((r) => r.contactId).sort();
    expect(got).toEqual([s.contacts[2]!.contactId, s.contacts[3]!.contactId].sort());
    const { per } = await sendsPerChat(s.bot);
    expect([...per.keys()].sort()).toEqual([s.contacts[2]!.platformUserId, s.contacts[3]!.platformUserId].sort());
  });

  it("a start over the quota is a 400 with the numbers in Russian and what to do; nothing is reserved or sent", async () => {
    const s = await bcSetup({ contacts: 5, quota: 3 });
    const id = await create(s);
    const r = await start(s, id);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: "QUOTA_EXCEEDED",
      message: "Не хватает получателей: рассылке нужно 5, а доступно 3 — 0 по тарифу и 3 в пакетах. Купите пакет рассылок или сузьте аудиторию.",
      details: { needed: 5, remaining: 3, planRemaining: 0, packagesRemaining: 3 },
    });
    const after = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token });
    expect(after.body).toMatchObject({ status: "draft", quotaReserved: 0 });
    expect(await recipients(id)).toHaveLength(0);
    expect(await remainingQuota(getDb(env.DB), s.accountId)).toBe(3);
  });

  it("two broadcasts started at once never overspend: exactly one of them gets the quota", async () => {
    const s = await bcSetup({ contacts: 6, quota: 10 });
    const one = await create(s, { name: "Первая" });
    const two = await create(s, { name: "Вторая" });
    const [r1, r2] = await Promise.all([start(s, one), start(s, two)]);
    expect([r1.status, r2.status].sort()).toEqual([200, 400]);
    const refused = r1.status === 400 ? r1 : r2;
    expect(refused.body.message).toBe("Не хватает получателей: рассылке нужно 6, а доступно 4 — 0 по тарифу и 4 в пакетах. Купите пакет рассылок или сузьте аудиторию.");
    expect(await remainingQuota(getDb(env.DB), s.accountId)).toBe(4);
  });

  it("start refuses an empty audience and a disconnected channel with Russian sentences; operators may not start", async () => {
    const s = await bcSetup({ quota: 10 });
    const id = await create(s);
    const empty = await start(s, id);
    expect(empty.status).toBe(400);
    expect(empty.body.details.fields.audience[0]).toMatch(/^В аудитории нет получателей на этом канале/);
    const op = await addMember(s.token, s.accountId, "operator");
    expect((await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/start`, { token: op.token, body: {} })).status).toBe(403);
    await api("POST", `/accounts/${s.accountId}/platform-telegram/toggle`, { token: s.token, body: { enabled: false } });
    await env.DB.prepare("UPDATE channels SET enabled = 0 WHERE id = ?").bind(s.channelId).run();
    const off = await start(s, id);
    expect(off.status).toBe(400);
    expect(off.body.details.fields.channelId).toEqual(["Канал рассылки выключен: включите его в разделе «Каналы»"]);
  });
});

describe("broadcasts: pacing", () => {
  it("Telegram at 3 a second: 9 recipients leave at the pace by the messenger's clock (slots, not bursts), each once", async () => {
    const s = await bcSetup({ contacts: 9, quota: 100 });
    const id = await create(s, { pacing: { perSecond: 3 } });
    await start(s, id);
    await until(s, id, "completed", 30_000);
    const { calls, per } = await sendsPerChat(s.bot);
    expect(calls).toHaveLength(9);
    expect([...per.values()].every((n) => n === 1)).toBe(true);
    // Every message carries the pace the sender reserves slots at.
    const metas = (await env.DB.prepare("SELECT metadata FROM messages WHERE account_id = ? AND direction = 'outgoing'").bind(s.accountId).all<{ metadata: string }>()).results;
    expect(metas.map((m) => JSON.parse(m.metadata).broadcastPace)).toEqual(Array(9).fill(3));
    // Slots 334 ms apart: 9 sends span at least 8 gaps, and no second holds more than 3 (one more allowed for arrival jitter).
    const ats = calls.map((c) => c.at).sort((x, y) => x - y);
    expect(ats[8]! - ats[0]!).toBeGreaterThanOrEqual(2500);
    let busiest = 0;
    for (let i = 0, j = 0; i < ats.length; i++) {
      while (ats[i]! - ats[j]! >= 1000) j++;
      busiest = Math.max(busiest, i - j + 1);
    }
    expect(busiest).toBeLessThanOrEqual(4);
  });

  it("a late tick catches up: the window is the pace times the seconds since the previous tick, at most 3 s' worth", async () => {
    const { windowPlan } = await import("../../worker/features/broadcasts/pump");
    expect(windowPlan({ perSecond: 25 }, "TELEGRAM", Math.random, 1000).size).toBe(25);
    expect(windowPlan({ perSecond: 25 }, "TELEGRAM", Math.random, 1400).size).toBe(35);
    expect(windowPlan({ perSecond: 25 }, "TELEGRAM", Math.random, 60_000).size).toBe(75);
    expect(windowPlan({}, "TELEGRAM", Math.random, 200).size).toBe(25);
    expect(windowPlan({ perSecond: null }, "TELEGRAM").size).toBe(500);
    expect(windowPlan({ minDelaySec: 5, maxDelaySec: 15 }, "WHATSAPP", () => 0.5)).toEqual({ size: 1, delaySeconds: 10 });
  });
});

describe("broadcasts: exactly once", () => {
  it("sends that fail part-way are retried and a redelivery of the whole batch sends nobody a second message", async () => {
    const s = await bcSetup({ contacts: 8, quota: 100 });
    // The first three sends of this bot fail (Telegram 500): those are retried with backoff by the queue.
    await fakeScript(tgBase(), [{ match: `/bot${s.bot}/sendMessage`, status: 500, body: { ok: false, error_code: 500, description: "Internal Server Error" }, times: 3 }]);
    const id = await create(s, { pacing: { perSecond: null } });
    await start(s, id);
    const done = await until(s, id, "completed", 40_000);
    expect(done.counts).toMatchObject({ total: 8, sent: 8 });
    // The queue delivers every message of the broadcast again (a consumer that died before acknowledging).
    const rows = await recipients(id);
    const again = await runOutboundBatch(rows.map((r) => ({ accountId: s.accountId, messageId: r.messageId! })), 2);
    expect(again.explicitAcks).toHaveLength(8);
    const { calls, per } = await sendsPerChat(s.bot);
    expect(calls).toHaveLength(11); // 8 delivered + the 3 refused attempts
    expect([...per.values()].filter((n) => n === 2)).toHaveLength(3);
    expect([...per.values()].every((n) => n <= 2)).toBe(true);
    const sent = await env.DB.prepare("SELECT count(DISTINCT contact_id) AS n FROM messages WHERE account_id = ? AND direction = 'outgoing' AND platform_message_id IS NOT NULL").bind(s.accountId).first<{ n: number }>();
    expect(sent!.n).toBe(8);
    const outgoing = await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE account_id = ? AND direction = 'outgoing'").bind(s.accountId).first<{ n: number }>();
    expect(outgoing!.n).toBe(8);
  });

  it("a second delivery racing the first one (the same messages twice at once) sends each once", async () => {
    const s = await bcSetup({ contacts: 6, quota: 100 });
    const id = await create(s, { pacing: { perSecond: null } });
    await start(s, id);
    const rows = await waitFor(async () => {
      const r = await recipients(id);
      return r.every((x) => x.messageId) ? r : null;
    });
    const bodies = rows.map((r) => ({ accountId: s.accountId, messageId: r.messageId! }));
    await Promise.all([runOutboundBatch(bodies, 1), runOutboundBatch(bodies, 1)]);
    await until(s, id, "completed");
    const { per } = await sendsPerChat(s.bot);
    expect(per.size).toBe(6);
    expect([...per.values()].every((n) => n === 1)).toBe(true);
  });
});

describe("broadcasts: a send interrupted mid-way", () => {
  it("a claim whose holder died (held past its lease) fails that recipient with the reason and is never sent again", async () => {
    const s = await bcSetup({ contacts: 1, quota: 100 });
    // Telegram keeps failing (500): the message stays queued, its claim released after each try.
    await fakeScript(tgBase(), [{ match: `/bot${s.bot}/sendMessage`, status: 500, body: { ok: false, error_code: 500, description: "Internal Server Error" }, times: 50 }]);
    const id = await create(s, { pacing: { perSecond: null } });
    await start(s, id);
    const [r] = await waitFor(async () => {
      const rows = await recipients(id);
      return rows[0]?.messageId && (await sendsPerChat(s.bot)).calls.length >= 1 ? rows : null;
    });
    // A Worker claimed it and died before the messenger answered: the claim is still held, past its lease.
    await env.DB.prepare("UPDATE broadcast_recipients SET claimed_at = ? WHERE broadcast_id = ? AND contact_id = ?").bind(Date.now() - 61_000, id, r!.contactId).run();
    const before = (await sendsPerChat(s.bot)).calls.length;
    const res = await runOutboundBatch([{ accountId: s.accountId, messageId: r!.messageId! }], 3);
    expect(res.explicitAcks).toHaveLength(1);
    expect((await sendsPerChat(s.bot)).calls.length).toBe(before);
    const [after] = await recipients(id);
    expect(after).toMatchObject({ state: "failed", error: INTERRUPTED_REASON });
    const msg = await env.DB.prepare("SELECT delivery_status, json_extract(metadata, '$.deliveryErrorCode') AS code FROM messages WHERE id = ?").bind(r!.messageId).first<{ delivery_status: string; code: string }>();
    expect(msg).toEqual({ delivery_status: "failed", code: "SEND_INTERRUPTED" });
    const done = await until(s, id, "completed", 30_000);
    expect(done.counts).toMatchObject({ total: 1, failed: 1, sent: 0 });
    expect((await sendsPerChat(s.bot)).calls.length).toBe(before);
  });
});

describe("broadcasts: pause, resume, cancel", () => {
  it("pause stops sending, resume continues, nobody gets two messages", async () => {
    const s = await bcSetup({ contacts: 6, quota: 100 });
    const id = await create(s, { pacing: { perSecond: 1 } });
    await start(s, id);
    await waitFor(async () => ((await sendsPerChat(s.bot)).calls.length >= 1 ? true : null), 15_000, "first send");
    const paused = await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/pause`, { token: s.token });
    expect(paused.status).toBe(200);
    expect(paused.body.status).toBe("paused");
    await new Promise((r) => setTimeout(r, 2500));
    const during = (await sendsPerChat(s.bot)).calls.length;
    await new Promise((r) => setTimeout(r, 2500));
    expect((await sendsPerChat(s.bot)).calls.length).toBe(during);
    expect(during).toBeLessThan(6);
    const del = await api("DELETE", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token });
    expect(del.status).toBe(409);
    expect(del.body.message).toBe("Рассылка идёт: сначала отмените её");
    const resumed = await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/resume`, { token: s.token });
    expect(resumed.body.status).toBe("sending");
    await until(s, id, "completed", 30_000);
    const { per } = await sendsPerChat(s.bot);
    expect(per.size).toBe(6);
    expect([...per.values()].every((n) => n === 1)).toBe(true);
  });

  it("a broadcast paused midway and then cancelled: the account's outgoing messages (analytics) are the ones actually sent", async () => {
    const s = await bcSetup({ contacts: 6, quota: 100 });
    const id = await create(s, { pacing: { perSecond: 1 } });
    // What went out (the messenger took it) vs what analytics counts as «исходящих» over today.
    const sentOut = async () =>
      Number(
        (await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE account_id = ? AND direction = 'outgoing' AND platform_message_id IS NOT NULL").bind(s.accountId).first<{ n: number }>())!.n,
      );
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const outgoing = async () => {
      const r = await api("GET", `/accounts/${s.accountId}/analytics?from=${day(-1)}&to=${day(1)}`, { token: s.token });
      expect(r.status).toBe(200);
      return r.body.totals.messagesOut as number;
    };
    await start(s, id);
    await waitFor(async () => ((await sendsPerChat(s.bot)).calls.length >= 2 ? true : null), 15_000, "two sends");
    // The next sends are refused (Telegram 500): their messages stay stored, unsent, when the pause comes.
    await fakeScript(tgBase(), [{ match: `/bot${s.bot}/sendMessage`, status: 500, body: { ok: false, error_code: 500, description: "Internal Server Error" }, times: 2 }]);
    await waitFor(async () => ((await sendsPerChat(s.bot)).calls.length >= 3 ? true : null), 15_000, "a refused send");
    expect((await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/pause`, { token: s.token })).body.status).toBe("paused");
    await new Promise((r) => setTimeout(r, 2500));
    const pulledBack = await env.DB.prepare("SELECT count(*) AS n FROM broadcast_recipients WHERE broadcast_id = ? AND state IS NULL").bind(id).first<{ n: number }>();
    expect(pulledBack!.n).toBeGreaterThan(0);
    // The threads of the taken-back messages show their customer's last message again, not the unsent broadcast.
    const previews = await env.DB.prepare(
      `SELECT t.last_message AS last, (SELECT count(*) FROM messages m WHERE m.thread_id = t.id) AS n FROM broadcast_recipients r JOIN threads t ON t.id = r.thread_id
       WHERE r.broadcast_id = ? AND r.state IS NULL`,
    )
      .bind(id)
      .all<{ last: string; n: number }>();
    expect(previews.results.map((p) => [p.last, p.n])).toEqual(previews.results.map(() => ["Здравствуйте", 1]));
    const sentAtPause = await sentOut();
    expect(sentAtPause).toBeGreaterThanOrEqual(2);
    expect(sentAtPause).toBeLessThan(6);
    expect(await outgoing()).toBe(sentAtPause);
    // Resumed: the rest go out and count once each; the figures are those of the messages sent.
    await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/resume`, { token: s.token });
    await waitFor(async () => ((await sentOut()) >= sentAtPause + 1 ? true : null), 15_000, "a send after resume");
    expect((await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/cancel`, { token: s.token })).body.status).toBe("cancelled");
    await new Promise((r) => setTimeout(r, 2500));
    const sentAtCancel = await sentOut();
    expect(await outgoing()).toBe(sentAtCancel);
    const stats = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}/stats`, { token: s.token });
    expect(stats.body.counts.sent + stats.body.counts.failed).toBe(sentAtCancel);
  });

  it("cancel stops the broadcast, skips the rest and releases the unused quota", async () => {
    const s = await bcSetup({ contacts: 6, quota: 50 });
    const id = await create(s, { pacing: { perSecond: 1 } });
    await start(s, id);
    expect(await remainingQuota(getDb(env.DB), s.accountId)).toBe(44);
    await waitFor(async () => ((await sendsPerChat(s.bot)).calls.length >= 1 ? true : null), 15_000, "first send");
    const cancelled = await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/cancel`, { token: s.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    await new Promise((r) => setTimeout(r, 3000));
    const sentCount = (await sendsPerChat(s.bot)).calls.length;
    const stats = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}/stats`, { token: s.token });
    expect(stats.body.counts.sent).toBe(sentCount);
    expect(stats.body.counts.skipped).toBe(6 - sentCount);
    expect(await remainingQuota(getDb(env.DB), s.accountId)).toBe(50 - sentCount);
    const skipped = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}/recipients?state=skipped`, { token: s.token });
    expect(skipped.body.data[0].error).toBe("Рассылка отменена до отправки");
    expect((await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/resume`, { token: s.token })).status).toBe(409);
  });
});

describe("broadcasts: refusals by the messenger", () => {
  it("Telegram 403 (bot blocked by the user) fails that recipient with a Russian reason and unsubscribes the contact", async () => {
    const s = await bcSetup({ contacts: 3, quota: 10 });
    await fakeScript(tgBase(), [{ match: `/bot${s.bot}/sendMessage`, status: 403, body: { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" }, times: 1 }]);
    const id = await create(s, { pacing: { perSecond: null } });
    await start(s, id);
    const done = await until(s, id, "completed");
    expect(done.counts).toMatchObject({ total: 3, sent: 2, failed: 1 });
    const failed = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}/recipients?state=failed`, { token: s.token });
    expect(failed.body.data).toHaveLength(1);
    expect(failed.body.data[0].error).toMatch(/^Контакт заблокировал бота или удалил аккаунт: он отписан от рассылок/);
    const contact = await getDb(env.DB).select().from(schema.contacts).where(eq(schema.contacts.id, failed.body.data[0].contactId)).get();
    expect(contact!.subscription).toBe("unsubscribed");
    // Only what went out is spent.
    expect(await remainingQuota(getDb(env.DB), s.accountId)).toBe(8);
  });
});

describe("broadcasts: schedule, export, clicks, test send", () => {
  it("a start at a local time of the account's time zone is scheduled for that instant", async () => {
    const s = await bcSetup({ contacts: 2, quota: 10 });
    await env.DB.prepare("UPDATE accounts SET timezone = 'Asia/Yekaterinburg' WHERE id = ?").bind(s.accountId).run();
    const id = await create(s);
    const r = await start(s, id, { at: "2099-01-15T10:30" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "scheduled", message: "Рассылка запланирована", counts: { total: 0 } });
    // 10:30 in Yekaterinburg (UTC+5) is 05:30 UTC.
    expect(r.body.scheduledAt).toBe(Date.UTC(2099, 0, 15, 5, 30));
    expect(await remainingQuota(getDb(env.DB), s.accountId)).toBe(8);
    const past = await start(s, await create(s), { at: "2001-01-01T10:00" });
    expect(past.status).toBe(400);
    expect(past.body.details.fields.at).toEqual(["Это время уже прошло: выберите время в будущем"]);
    // A scheduled broadcast may be cancelled: its reservation is released.
    expect((await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/cancel`, { token: s.token })).status).toBe(200);
    expect(await remainingQuota(getDb(env.DB), s.accountId)).toBe(10);
  });

  it("a scheduled broadcast paused and resumed after its time starts then, with its recipients", async () => {
    const s = await bcSetup({ contacts: 2, quota: 10 });
    const id = await create(s, { pacing: { perSecond: null } });
    await start(s, id, { at: "2099-03-01T09:00" });
    expect((await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/pause`, { token: s.token })).body.status).toBe("paused");
    await env.DB.prepare("UPDATE broadcasts SET scheduled_at = ? WHERE id = ?").bind(Date.now() - 60_000, id).run();
    const resumed = await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/resume`, { token: s.token });
    expect(resumed.body.status).toBe("scheduled");
    const done = await until(s, id, "completed");
    expect(done.counts).toMatchObject({ total: 2, sent: 2 });
  });

  it("a scheduled broadcast starts by itself when its time comes", async () => {
    const s = await bcSetup({ contacts: 2, quota: 10 });
    await env.DB.prepare("UPDATE accounts SET timezone = 'UTC' WHERE id = ?").bind(s.accountId).run();
    const id = await create(s, { pacing: { perSecond: null } });
    const at = new Date(Date.now() + 62_000).toISOString().slice(0, 19);
    const r = await start(s, id, { at });
    expect(r.body.status).toBe("scheduled");
    await env.DB.prepare("UPDATE broadcasts SET scheduled_at = ?, next_tick_at = 0 WHERE id = ?").bind(Date.now() + 1500, id).run();
    // The queued tick is a minute away; the pump's tick for the new time is what the queue would deliver then.
    const { runBroadcastTick } = await import("../../worker/features/broadcasts/broadcast.jobs");
    await new Promise((res) => setTimeout(res, 1600));
    await runBroadcastTick(env as never, { kind: "broadcast-tick", accountId: s.accountId, broadcastId: id });
    const done = await until(s, id, "completed");
    expect(done.counts).toMatchObject({ total: 2, sent: 2 });
    expect(done.startedAt).toBeGreaterThan(0);
  });

  it("exports the recipients for Russian Excel: `;`, BOM, times in the account's zone, the channel by name, the sheet «Получатели»", async () => {
    const s = await bcSetup({ contacts: 3, quota: 10 });
    await env.DB.prepare("UPDATE accounts SET timezone = 'Asia/Yekaterinburg' WHERE id = ?").bind(s.accountId).run(); // UTC+5
    const id = await create(s, { pacing: { perSecond: null } });
    await start(s, id);
    await until(s, id, "completed");
    // The first recipient's times, set to known instants: added 15.01.2026 19:05 UTC, changed 01.07.2026 09:30 UTC.
    const first = s.contacts.map((c) => c.contactId).sort()[0]!;
    await env.DB.prepare("UPDATE broadcast_recipients SET created_at = ?, updated_at = ? WHERE broadcast_id = ? AND contact_id = ?")
      .bind(Date.UTC(2026, 0, 15, 19, 5), Date.UTC(2026, 6, 1, 9, 30), id, first)
      .run();
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Yekaterinburg" }).format(new Date());
    const res = await SELF.fetch(`${BASE}/api/accounts/${s.accountId}/broadcasts/${id}/export?format=csv`, { headers: { authorization: `Bearer ${s.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="broadcast-${id}-${today}.csv"`);
    const bytes = await res.arrayBuffer();
    expect([...new Uint8Array(bytes).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).replace(/^\ufeff/, "").trim().split("\r\n");
    expect(lines[0]).toBe("ID контакта;Имя;Платформа;ID на платформе;Имя пользователя;Состояние;Причина;Нажал кнопку;Добавлен;Изменён");
    expect(lines).toHaveLength(4);
    for (const c of s.contacts) expect(lines.some((l) => l.startsWith(`${c.contactId};`) && l.includes(";Telegram;") && l.includes(";Отправлено;"))).toBe(true);
    expect(lines.find((l) => l.startsWith(`${first};`))).toMatch(/;Отправлено;;;16\.01\.2026 00:05;01\.07\.2026 14:30$/);
    const xlsx = await SELF.fetch(`${BASE}/api/accounts/${s.accountId}/broadcasts/${id}/export?format=xlsx`, { headers: { authorization: `Bearer ${s.token}` } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-type")).toContain("spreadsheetml");
    expect(xlsx.headers.get("content-disposition")).toBe(`attachment; filename="broadcast-${id}-${today}.xlsx"`);
    const buf = await xlsx.arrayBuffer();
    expect(strFromU8(unzipSync(new Uint8Array(buf))["xl/workbook.xml"]!)).toContain('name="Получатели"');
    const sheet = await readTable(buf, "xlsx");
    const row = sheet.rows.find((r) => r.cells[0] === first)!;
    expect(row.cells[2]).toBe("Telegram");
    // Read back as the sheet shows them: the account's wall clock.
    expect(row.cells.slice(8)).toEqual(["2026-01-16T00:05", "2026-07-01T14:30"]);
  });

  it("a button's tracked link counts the contact's click once and redirects to the button's url; a forged one is refused", async () => {
    const s = await bcSetup({ contacts: 2, quota: 10 });
    const id = await create(s, { pacing: { perSecond: null } });
    await start(s, id);
    await until(s, id, "completed");
    const { calls } = await sendsPerChat(s.bot);
    const link = calls[0]!.body.reply_markup.inline_keyboard[0][0].url as string;
    expect(link).toMatch(/^http:\/\/app\.test\/api\/b\//);
    const open = (url: string) => SELF.fetch(url, { redirect: "manual" });
    const click = await open(link);
    expect(click.status).toBe(302);
    expect(click.headers.get("location")).toBe("https://shop.example/catalog");
    expect((await open(link)).status).toBe(302); // a second click is not a second clicker
    const stats = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}/stats`, { token: s.token });
    expect(stats.body.counts.clicks).toBe(1);
    const forged = await open(`${link.slice(0, -4)}0000`);
    expect(forged.status).toBe(404);
  });

  it("a test send puts the rendered message into the member's own test chat, never a messenger", async () => {
    const s = await bcSetup({ quota: 10 });
    const id = await create(s, { content: { text: "Привет, {{name}}!", buttons: [{ label: "Да" }, { label: "Сайт", url: "https://shop.example" }] } });
    const r = await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/test`, { token: s.token, body: {} });
    expect(r.status).toBe(200);
    expect(r.body.content).toBe(`Привет, ${s.user.name}!`);
    const chat = await api("GET", `/accounts/${s.accountId}/contacts/test-bot/messages`, { token: s.token });
    expect(chat.body.data.map((m: { content: string }) => m.content)).toContain(`Привет, ${s.user.name}!`);
    expect((await sendsPerChat(s.bot)).calls).toHaveLength(0);
    expect(await remainingQuota(getDb(env.DB), s.accountId)).toBe(10);
  });
});

describe("broadcasts: media, volume and a vanished audience", () => {
  it("a photo with a caption and the keyboard goes out as Telegram's sendPhoto", async () => {
    const s = await bcSetup({ contacts: 2, quota: 10 });
    const key = `accounts/${s.accountId}/broadcasts/sale.png`;
    await env.MEDIA.put(key, new Uint8Array([137, 80, 78, 71, 1, 2, 3]), { httpMetadata: { contentType: "image/png" } });
    const id = await create(s, { pacing: { perSecond: null }, content: { text: "Распродажа, {{name}}!", buttons: [{ label: "Хочу" }], media: { key, type: "image", fileName: "sale.png", mimeType: "image/png" } } });
    await start(s, id);
    await until(s, id, "completed");
    const photos = await fakeRequests(tgBase(), (r) => r.path === `/bot${s.bot}/sendPhoto`);
    expect(photos).toHaveLength(2);
    expect(photos[0]!.rawBody).toContain('name="photo"; filename="sale.png"');
    expect(photos[0]!.rawBody).toMatch(/name="caption"\r\n\r\nРаспродажа, Клиент \d+!/);
    expect(photos[0]!.rawBody).toContain(`"callback_data":"bc:${id}:0"`);
    const msg = await getDb(env.DB).select().from(schema.messages).where(eq(schema.messages.contactId, s.contacts[0]!.contactId)).all();
    expect(msg.find((m) => m.direction === "outgoing")).toMatchObject({ type: "image", payloadUrl: key, fileName: "sale.png" });
  });

  it("pacing off: 520 recipients go out in windows of 500, each exactly once", async () => {
    const s = await bcSetup({ contacts: 520, quota: 1000 });
    const id = await create(s, { pacing: { perSecond: null } });
    await start(s, id);
    const done = await until(s, id, "completed", 50_000);
    expect(done.counts).toMatchObject({ total: 520, sent: 520 });
    const { calls, per } = await sendsPerChat(s.bot);
    expect(calls).toHaveLength(520);
    expect(per.size).toBe(520);
  }, 90_000);

  it("a scheduled broadcast whose segment was deleted meanwhile fails with the reason and releases its quota", async () => {
    const s = await bcSetup({ contacts: 2, quota: 10 });
    const seg = await api("POST", `/accounts/${s.accountId}/segments`, { token: s.token, body: { name: "Все", filter: {} } });
    const id = await create(s, { audience: { segmentId: seg.body.segmentId } });
    await start(s, id, { at: "2099-05-01T10:00" });
    expect(await remainingQuota(getDb(env.DB), s.accountId)).toBe(8);
    await api("DELETE", `/accounts/${s.accountId}/segments/${seg.body.segmentId}`, { token: s.token });
    await env.DB.prepare("UPDATE broadcasts SET scheduled_at = ?, next_tick_at = 0 WHERE id = ?").bind(Date.now() - 1000, id).run();
    const { runBroadcastTick } = await import("../../worker/features/broadcasts/broadcast.jobs");
    await runBroadcastTick(env as never, { kind: "broadcast-tick", accountId: s.accountId, broadcastId: id });
    const b = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token });
    expect(b.body.status).toBe("failed");
    expect(b.body.pausedReason).toMatch(/^Рассылка не началась: аудитория больше не существует/);
    expect(await remainingQuota(getDb(env.DB), s.accountId)).toBe(10);
  });
});
