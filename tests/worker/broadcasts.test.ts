import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { remainingQuota } from "../../worker/features/broadcast-quota/quota";
import { getDb } from "../../worker/db/client";
import { addMember, api, BASE } from "./helpers";
import { addContacts, bcBody, bcSetup } from "./broadcast-helpers";
import { waitFor } from "./channel-helpers";
import { createChannel } from "./inbox-helpers";

/** Broadcasts: the drafts' CRUD, validation and who may do what (#15). */
describe("broadcasts: drafts", () => {
  it("creates a draft with the platform's default pacing, lists it with the author's name, edits and deletes it", async () => {
    const s = await bcSetup();
    const created = await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: s.token, body: bcBody(s, { name: "Осенняя акция" }) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Осенняя акция",
      status: "draft",
      channelId: s.channelId,
      channel: { channelId: s.channelId, platform: "TELEGRAM" },
      pacing: { perSecond: 25 },
      counts: { total: 0, queued: 0, sent: 0, delivered: 0, read: 0, failed: 0, skipped: 0, clicks: 0 },
      author: { userId: s.user.id, name: s.user.name },
      content: { text: "Здравствуйте, {{name}}! Скидка 20%", buttons: [{ label: "Каталог", url: "https://shop.example/catalog" }], media: null },
    });
    const id = created.body.broadcastId as string;

    const list = await api("GET", `/accounts/${s.accountId}/broadcasts`, { token: s.token });
    expect(list.status).toBe(200);
    expect(list.body.meta).toMatchObject({ total: 1, page: 1 });
    expect(list.body.data[0]).toMatchObject({ broadcastId: id, author: { name: s.user.name } });
    const drafts = await api("GET", `/accounts/${s.accountId}/broadcasts?status=draft`, { token: s.token });
    expect(drafts.body.data).toHaveLength(1);
    const sending = await api("GET", `/accounts/${s.accountId}/broadcasts?status=sending`, { token: s.token });
    expect(sending.body.data).toHaveLength(0);

    const patched = await api("PATCH", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token, body: { name: "Зимняя акция", pacing: { perSecond: null } } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: "Зимняя акция", pacing: { perSecond: null } });

    expect((await api("DELETE", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token })).status).toBe(200);
    expect((await api("GET", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token })).status).toBe(404);
  });

  it("saves a draft without a channel (none connected yet); the test send and the start then ask for one, and choosing one brings its pacing", async () => {
    const s = await bcSetup({ contacts: 2, quota: 10 });
    const { channelId: _none, ...body } = bcBody(s, { name: "Без канала" });
    const created = await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: s.token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: "Без канала", status: "draft", channelId: null, channel: null, pacing: {} });
    const id = created.body.broadcastId as string;

    const test = await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/test`, { token: s.token });
    expect(test.status).toBe(400);
    expect(test.body.details.fields.channelId).toEqual(["Выберите канал рассылки"]);
    const start = await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/start`, { token: s.token, body: {} });
    expect(start.status).toBe(400);
    expect(start.body.details.fields.channelId).toEqual(["Выберите канал рассылки"]);
    expect((await api("GET", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token })).body).toMatchObject({ status: "draft", counts: { total: 0 } });

    const named = await api("PATCH", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token, body: { name: "Всё ещё без канала" } });
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ name: "Всё ещё без канала", channelId: null, pacing: {} });
    const chosen = await api("PATCH", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token, body: { channelId: s.channelId } });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ channelId: s.channelId, channel: { platform: "TELEGRAM" }, pacing: { perSecond: 25 } });
    const tested = await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/test`, { token: s.token });
    expect(tested.status, JSON.stringify(tested.body)).toBeLessThan(300);
  });

  it("bad input is a 400 with Russian field messages and stores nothing", async () => {
    const s = await bcSetup();
    const tooMany = Array.from({ length: 11 }, (_, i) => ({ label: `Кнопка ${i + 1}` }));
    const bad = await api("POST", `/accounts/${s.accountId}/broadcasts`, {
      token: s.token,
      body: { name: " ", channelId: s.channelId, audience: { filter: {} }, content: { text: "", buttons: tooMany } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields).toMatchObject({ name: ["Введите название"], "content.buttons": ["Не больше 10 кнопок"] });
    const noText = await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: s.token, body: bcBody(s, { content: { text: "  ", buttons: [] } }) });
    expect(noText.status).toBe(400);
    expect(noText.body.details.fields["content.text"]).toEqual(["Введите текст сообщения или прикрепите файл"]);
    const badUrl = await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: s.token, body: bcBody(s, { content: { text: "Привет", buttons: [{ label: "Сайт", url: "javascript:alert(1)" }] } }) });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.details.fields["content.buttons.0.url"]).toEqual(["Введите ссылку, начинающуюся с http:// или https://"]);
    const foreignChannel = await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: s.token, body: bcBody(s, { channelId: "nope" }) });
    expect(foreignChannel.status).toBe(400);
    expect(foreignChannel.body.details.fields.channelId).toEqual(["Канал не найден"]);
    const missingSegment = await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: s.token, body: bcBody(s, { audience: { segmentId: "nope" } }) });
    expect(missingSegment.status).toBe(400);
    expect(missingSegment.body.details.fields["audience.segmentId"]).toEqual(["Сегмент не найден"]);
    const foreignMedia = await api("POST", `/accounts/${s.accountId}/broadcasts`, {
      token: s.token,
      body: bcBody(s, { content: { text: "", buttons: [], media: { key: "accounts/other/x.png", type: "image", fileName: "x.png", mimeType: "image/png" } } }),
    });
    expect(foreignMedia.status).toBe(400);
    const list = await api("GET", `/accounts/${s.accountId}/broadcasts`, { token: s.token });
    expect(list.body.meta.total).toBe(0);
  });

  it("operators read broadcasts but may not create, change or delete them", async () => {
    const s = await bcSetup();
    const created = await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: s.token, body: bcBody(s) });
    const id = created.body.broadcastId as string;
    const op = await addMember(s.token, s.accountId, "operator");
    expect((await api("GET", `/accounts/${s.accountId}/broadcasts`, { token: op.token })).status).toBe(200);
    expect((await api("GET", `/accounts/${s.accountId}/broadcasts/${id}`, { token: op.token })).status).toBe(200);
    expect((await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: op.token, body: bcBody(s) })).status).toBe(403);
    expect((await api("PATCH", `/accounts/${s.accountId}/broadcasts/${id}`, { token: op.token, body: { name: "X" } })).status).toBe(403);
    expect((await api("DELETE", `/accounts/${s.accountId}/broadcasts/${id}`, { token: op.token })).status).toBe(403);
    const admin = await addMember(s.token, s.accountId, "admin");
    expect((await api("PATCH", `/accounts/${s.accountId}/broadcasts/${id}`, { token: admin.token, body: { name: "Админ поправил" } })).status).toBe(200);
  });
});

describe("broadcasts: the composer's file", () => {
  it("uploads a file into the account's storage and the draft carries it; operators may not upload; an empty form is a 400", async () => {
    const s = await bcSetup();
    const form = new FormData();
    form.set("file", new File([new Uint8Array([137, 80, 78, 71, 9, 9])], "акция.png", { type: "image/png" }));
    const up = await SELF.fetch(`${BASE}/api/accounts/${s.accountId}/broadcast-media`, { method: "POST", headers: { authorization: `Bearer ${s.token}` }, body: form });
    expect(up.status).toBe(201);
    const media = (await up.json()) as { key: string; url: string; type: string; fileName: string; mimeType: string; size: number };
    expect(media).toMatchObject({ type: "image", mimeType: "image/png", size: 6 });
    expect(media.key.startsWith(`accounts/${s.accountId}/`)).toBe(true);
    expect(await env.MEDIA.head(media.key)).not.toBeNull();
    const created = await api("POST", `/accounts/${s.accountId}/broadcasts`, {
      token: s.token,
      body: bcBody(s, { content: { text: "", buttons: [], media: { key: media.key, type: media.type, fileName: media.fileName, mimeType: media.mimeType } } }),
    });
    expect(created.status).toBe(201);
    expect(created.body.content.media).toMatchObject({ key: media.key, type: "image" });
    const empty = await SELF.fetch(`${BASE}/api/accounts/${s.accountId}/broadcast-media`, { method: "POST", headers: { authorization: `Bearer ${s.token}` }, body: new FormData() });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { details: { fields: Record<string, string[]> } }).details.fields.file).toEqual(["Выберите файл"]);
    const op = await addMember(s.token, s.accountId, "operator");
    const denied = await SELF.fetch(`${BASE}/api/accounts/${s.accountId}/broadcast-media`, { method: "POST", headers: { authorization: `Bearer ${op.token}` }, body: form });
    expect(denied.status).toBe(403);
  });
});

describe("broadcasts: the composer's count and Instagram's window", () => {
  it("counts the audience on the chosen channel only (reachable contacts with a thread there) with the quota left", async () => {
    const s = await bcSetup({ contacts: 3, quota: 40 });
    await env.DB.prepare("UPDATE contacts SET subscription = 'unsubscribed' WHERE id = ?").bind(s.contacts[0]!.contactId).run();
    const other = await createChannel(s.accountId);
    await addContacts(s.accountId, other, 2);
    const r = await api("GET", `/accounts/${s.accountId}/broadcast-audience?channelId=${s.channelId}`, { token: s.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ channelId: s.channelId, platform: "TELEGRAM", count: 2, quotaRemaining: 40, planRemaining: 0, packagesRemaining: 40 });
    const seg = await api("POST", `/accounts/${s.accountId}/segments`, { token: s.token, body: { name: "Все", filter: {} } });
    const bySegment = await api("GET", `/accounts/${s.accountId}/broadcast-audience?channelId=${other}&segmentId=${seg.body.segmentId}`, { token: s.token });
    expect(bySegment.body.count).toBe(2);
    const filter = encodeURIComponent(JSON.stringify({ subscription: "unsubscribed" }));
    const none = await api("GET", `/accounts/${s.accountId}/broadcast-audience?channelId=${s.channelId}&filter=${filter}`, { token: s.token });
    expect(none.body.count).toBe(0); // unsubscribed contacts are never an audience
    const bad = await api("GET", `/accounts/${s.accountId}/broadcast-audience`, { token: s.token });
    expect(bad.status).toBe(400);
    expect(bad.body.details.fields.channelId).toBeDefined();
  });

  it("Instagram: contacts outside the 24-hour window are skipped with the reason and their quota is released", async () => {
    const s = await bcSetup({ quota: 10 });
    const ig = await createChannel(s.accountId, { platform: "INSTAGRAM" });
    await env.DB.prepare("UPDATE channels SET credentials = 'sealed', state = json_object('connected', json('true')) WHERE id = ?").bind(ig).run();
    const people = await addContacts(s.accountId, ig, 2, { platform: "INSTAGRAM" });
    await env.DB.prepare("UPDATE threads SET last_incoming_at = ? WHERE channel_id = ?").bind(Date.now() - 2 * 86_400_000, ig).run();
    const created = await api("POST", `/accounts/${s.accountId}/broadcasts`, { token: s.token, body: bcBody({ channelId: ig }) });
    expect(created.body.pacing).toEqual({ perSecond: 10 });
    const id = created.body.broadcastId as string;
    expect((await api("POST", `/accounts/${s.accountId}/broadcasts/${id}/start`, { token: s.token, body: {} })).status).toBe(200);
    const done = await waitFor(async () => {
      const r = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}`, { token: s.token });
      return r.body.status === "completed" ? r.body : null;
    }, 15_000, "completed");
    expect(done.counts).toMatchObject({ total: 2, skipped: 2, sent: 0 });
    const skipped = await api("GET", `/accounts/${s.accountId}/broadcasts/${id}/recipients?state=skipped`, { token: s.token });
    expect(skipped.body.data.map((r: { contactId: string }) => r.contactId).sort()).toEqual(people.map((p) => p.contactId).sort());
    expect(skipped.body.data[0].error).toMatch(/^Instagram: контакт не писал больше 24 часов/);
    expect(await remainingQuota(getDb(env.DB), s.accountId)).toBe(10);
  });
});
