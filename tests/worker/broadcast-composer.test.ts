import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../worker/db/client";
import { newId } from "../../worker/lib/ids";
import { connectTelegram } from "./channel-helpers";
import { addMember, api, BASE, ownerWithAccount } from "./helpers";

/** The composer's helpers (#15): the channels a broadcast can use and the upload of its file. */

async function upload(token: string, accountId: string, file: File | string | null) {
  const form = new FormData();
  if (file !== null) form.set("file", file);
  const res = await SELF.fetch(`${BASE}/api/accounts/${accountId}/broadcast-media`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function addChannel(accountId: string, platform: "TELEGRAM" | "WHATSAPP" | "INSTAGRAM" | "WEBCHAT", name: string, connected: boolean) {
  const now = Date.now();
  const id = newId();
  await getDb(env.DB)
    .insert(schema.channels)
    .values({ id, accountId, platform, externalId: `ext-${id}`, name, credentials: connected ? "sealed" : null, state: { connected }, createdAt: now, updatedAt: now });
  return id;
}

describe("GET /accounts/:accountId/broadcast-channels", () => {
  it("lists only this account's connected messengers, never the web chat or a disconnected one", async () => {
    const owner = await ownerWithAccount();
    const other = await ownerWithAccount();
    await connectTelegram(owner.token, owner.accountId);
    await connectTelegram(other.token, other.accountId);
    await addChannel(owner.accountId, "WHATSAPP", "Отключённый WhatsApp", false);
    await addChannel(owner.accountId, "WEBCHAT", "Виджет на сайте", true);
    const ig = await addChannel(owner.accountId, "INSTAGRAM", "shop.moscow", true);

    const res = await api("GET", `/accounts/${owner.accountId}/broadcast-channels`, { token: owner.token });
    expect(res.status).toBe(200);
    const list = res.body.data as { channelId: string; platform: string; name: string }[];
    expect(list.map((c) => c.platform).sort()).toEqual(["INSTAGRAM", "TELEGRAM"]);
    expect(list.find((c) => c.platform === "INSTAGRAM")).toEqual({ channelId: ig, platform: "INSTAGRAM", name: "shop.moscow" });
    const otherList = (await api("GET", `/accounts/${other.accountId}/broadcast-channels`, { token: other.token })).body.data as { channelId: string }[];
    expect(otherList).toHaveLength(1);
    expect(list.map((c) => c.channelId)).not.toContain(otherList[0]!.channelId);

    const operator = await addMember(owner.token, owner.accountId, "operator");
    expect((await api("GET", `/accounts/${owner.accountId}/broadcast-channels`, { token: operator.token })).status).toBe(200);
    expect((await api("GET", `/accounts/${owner.accountId}/broadcast-channels`, { token: other.token })).status).toBe(404);
  });
});

describe("POST /accounts/:accountId/broadcast-media", () => {
  it("stores an image under the account's prefix and answers the broadcast's media, which a draft then takes", async () => {
    const owner = await ownerWithAccount();
    await connectTelegram(owner.token, owner.accountId);
    const res = await upload(owner.token, owner.accountId, new File([PNG], "скидка.png", { type: "image/png" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: "image", fileName: "скидка.png", mimeType: "image/png", size: PNG.length });
    expect(res.body.key).toMatch(new RegExp(`^accounts/${owner.accountId}/\\d{4}-\\d{2}/[^/]+/скидка\\.png$`));
    const obj = await env.MEDIA.get(res.body.key);
    expect([...new Uint8Array(await obj!.arrayBuffer())]).toEqual([...PNG]);
    expect(obj!.httpMetadata?.contentType).toBe("image/png");

    const channelId = (await api("GET", `/accounts/${owner.accountId}/broadcast-channels`, { token: owner.token })).body.data[0].channelId;
    const { size: _size, ...media } = res.body;
    const draft = await api("POST", `/accounts/${owner.accountId}/broadcasts`, {
      token: owner.token,
      body: { name: "Фото акции", channelId, audience: { filter: {} }, content: { text: "", media, buttons: [] } },
    });
    expect(draft.status).toBe(201);
    expect(draft.body.content.media).toEqual(media);
  });

  it("takes a video and a document, naming the kind; a PDF sent as octet-stream is recognised by its extension", async () => {
    const owner = await ownerWithAccount();
    const video = await upload(owner.token, owner.accountId, new File([new Uint8Array(64)], "обзор.mp4", { type: "video/mp4" }));
    expect(video.status).toBe(201);
    expect(video.body).toMatchObject({ type: "video", mimeType: "video/mp4" });
    const pdf = await upload(owner.token, owner.accountId, new File([new Uint8Array(32)], "Прайс 2026.pdf", { type: "application/octet-stream" }));
    expect(pdf.status).toBe(201);
    expect(pdf.body).toMatchObject({ type: "document", fileName: "Прайс 2026.pdf", mimeType: "application/pdf", size: 32 });
  });

  it("refuses a wrong type, a file over the kind's limit, an empty file and no file with a Russian message on `file`, storing nothing", async () => {
    const owner = await ownerWithAccount();
    const before = (await env.MEDIA.list({ prefix: `accounts/${owner.accountId}/` })).objects.length;
    const exe = await upload(owner.token, owner.accountId, new File([new Uint8Array(10)], "setup.exe", { type: "application/x-msdownload" }));
    expect(exe.status).toBe(400);
    expect(exe.body.details.fields.file[0]).toMatch(/Этот тип файла нельзя отправить/);
    const bigImage = await upload(owner.token, owner.accountId, new File([new Uint8Array(5 * 1024 * 1024 + 1)], "большое.jpg", { type: "image/jpeg" }));
    expect(bigImage.status).toBe(400);
    expect(bigImage.body.details.fields.file).toEqual(["Изображение больше 5 МБ: выберите файл поменьше"]);
    const empty = await upload(owner.token, owner.accountId, new File([], "пусто.pdf", { type: "application/pdf" }));
    expect(empty.status).toBe(400);
    expect(empty.body.details.fields.file).toEqual(["Файл пустой"]);
    const none = await upload(owner.token, owner.accountId, null);
    expect(none.status).toBe(400);
    expect(none.body.details.fields.file).toEqual(["Выберите файл"]);
    const text = await upload(owner.token, owner.accountId, "не файл");
    expect(text.status).toBe(400);
    const json = await api("POST", `/accounts/${owner.accountId}/broadcast-media`, { token: owner.token, body: { file: "x" } });
    expect(json.status).toBe(400);
    expect(json.body.details.fields.file).toEqual(["Выберите файл"]);
    expect((await env.MEDIA.list({ prefix: `accounts/${owner.accountId}/` })).objects.length).toBe(before);
  });

  it("an operator gets 403 and another account's member 404, and nothing is stored", async () => {
    const owner = await ownerWithAccount();
    const other = await ownerWithAccount();
    const operator = await addMember(owner.token, owner.accountId, "operator");
    const file = () => new File([PNG], "a.png", { type: "image/png" });
    expect((await upload(operator.token, owner.accountId, file())).status).toBe(403);
    expect((await upload(other.token, owner.accountId, file())).status).toBe(404);
    expect((await env.MEDIA.list({ prefix: `accounts/${owner.accountId}/` })).objects).toHaveLength(0);
    const admin = await addMember(owner.token, owner.accountId, "admin");
    expect((await upload(admin.token, owner.accountId, file())).status).toBe(201);
  });
});
