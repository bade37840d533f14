import { env, SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../worker/db/client";
import { signedMediaPath } from "../../worker/lib/signed-url";
import { igDm, metaSignature } from "../fakes/meta";
import { fakeRequests, metaBase, threadMessages, waitFor } from "./channel-helpers";
import { api, BASE } from "./helpers";
import { ownerWithAccount } from "./inbox-helpers";

/** Operator attachments to Instagram go out as Meta attachments by a short-lived signed URL of ours. */

async function connectIg(token: string, accountId: string) {
  const id = String(17841400000000000 + Math.floor(Math.random() * 1e9));
  const res = await api("PUT", `/accounts/${accountId}/platform-instagram`, { token, body: { instagramAccountId: id, accessToken: `EAAG-test-token-${id}` } });
  if (res.status !== 200) throw new Error(`connect instagram: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

async function webhook(body: unknown) {
  const raw = JSON.stringify(body);
  const res = await SELF.fetch(`${BASE}/api/webhooks/instagram`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": metaSignature(raw) }, body: raw });
  expect(res.status).toBe(200);
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7]);
const publicUrl = (path: string) => `${BASE}${path}`;

describe("Instagram: attachments by signed URL", () => {
  it("an operator's image reaches Meta as an attachment whose URL serves the same bytes; the caption follows as text; one stored message", async () => {
    const { token, accountId } = await ownerWithAccount();
    const igId = await connectIg(token, accountId);
    const sender = String(Math.floor(Math.random() * 1e15));
    await webhook(igDm(igId, sender, `mid.${Math.random().toString(36).slice(2)}`, "Покажите диван"));
    const contact = await waitFor(
      () => getDb(env.DB).select().from(schema.contacts).where(and(eq(schema.contacts.accountId, accountId), eq(schema.contacts.platformUserId, sender))).get(),
      10_000,
      "the contact",
    );

    const form = new FormData();
    form.set("content", "Вот он в сером цвете");
    form.append("files", new File([PNG], "диван серый.png", { type: "image/png" }));
    const reply = await SELF.fetch(`${BASE}/api/accounts/${accountId}/contacts/${contact.id}/messages`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    expect(reply.status).toBe(201);

    const sends = await waitFor(async () => {
      const r = await fakeRequests(metaBase(), (x) => x.path.includes(`/${igId}/messages`) && x.method === "POST");
      return r.length >= 2 ? r : null;
    }, 10_000, "attachment and caption");
    expect(sends).toHaveLength(2);
    const [att, caption] = sends;
    expect(att!.body.recipient).toEqual({ id: sender });
    expect(att!.body.message.text).toBeUndefined();
    expect(att!.body.message.attachment.type).toBe("image");
    const url = att!.body.message.attachment.payload.url as string;
    expect(url).toMatch(new RegExp(`^http://app\\.test/api/media-public/${accountId}/.+\\?exp=\\d+&sig=[0-9a-f]{64}$`));
    const exp = Number(new URL(url).searchParams.get("exp"));
    expect(exp * 1000 - Date.now()).toBeGreaterThan(55 * 60 * 1000);
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    expect(caption!.body).toEqual({ recipient: { id: sender }, message: { text: "Вот он в сером цвете" } });

    // What Meta would download: no session, the same bytes, the file's type and name.
    const file = await SELF.fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-disposition")).toBe(`inline; filename*=UTF-8''${encodeURIComponent("диван серый.png")}`);
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([...PNG]);

    const out = await waitFor(async () => {
      const ms = (await threadMessages(accountId)).filter((m) => m.direction === "outgoing");
      return ms.length === 1 && ms[0]!.platformMessageId ? ms : null;
    }, 10_000, "the recorded send");
    expect(out[0]).toMatchObject({ type: "image", content: "Вот он в сером цвете", deliveryStatus: "sent" });
    expect(out[0]!.platformMessageId).toMatch(/^m_fake_\d+$/);
  });

  it("an expired, forged or tampered link is refused with 403 and serves nothing", async () => {
    const { accountId } = await ownerWithAccount();
    const key = "2026-11/abc/price.pdf";
    await env.MEDIA.put(`accounts/${accountId}/${key}`, "secret price list", { httpMetadata: { contentType: "application/pdf" } });
    const good = await signedMediaPath(env, accountId, key);
    const ok = await SELF.fetch(publicUrl(good));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("secret price list");
    expect(ok.headers.get("content-type")).toBe("application/pdf");
    expect(ok.headers.get("content-disposition")).toBe("inline; filename*=UTF-8''price.pdf");

    const u = new URL(publicUrl(good));
    const sig = u.searchParams.get("sig")!;
    const exp = u.searchParams.get("exp")!;
    const variants = [
      publicUrl(await signedMediaPath(env, accountId, key, -1)), // expired a second ago
      `${u.origin}${u.pathname}?exp=${exp}&sig=${(sig[0] === "a" ? "b" : "a") + sig.slice(1)}`, // one hex digit changed
      `${u.origin}${u.pathname}?exp=${Number(exp) + 3600}&sig=${sig}`, // later expiry, same signature
      `${u.origin}${u.pathname}?exp=${exp}`, // no signature
      `${u.origin}${u.pathname}`,
      `${u.origin}${u.pathname.replace("price.pdf", "other.pdf")}?exp=${exp}&sig=${sig}`, // another file
      publicUrl(good.replace(/sig=[0-9a-f]+/, `sig=${"0".repeat(64)}`)),
    ];
    for (const v of variants) {
      const res = await SELF.fetch(v);
      expect(res.status, v).toBe(403);
      const text = await res.text();
      expect(text).not.toContain("secret price list");
      expect(JSON.parse(text)).toMatchObject({ statusCode: 403, code: "MEDIA_LINK_INVALID" });
    }
  });

  it("a link signed for account A never reads account B's files", async () => {
    const a = await ownerWithAccount("Владелец А");
    const b = await ownerWithAccount("Владелец Б");
    const keyA = "2026-11/a1/photo.jpg";
    const keyB = "2026-11/b1/photo.jpg";
    await env.MEDIA.put(`accounts/${a.accountId}/${keyA}`, "file of A");
    await env.MEDIA.put(`accounts/${b.accountId}/${keyB}`, "file of B");

    const signedA = await signedMediaPath(env, a.accountId, keyA);
    // A's signature moved onto B's path (the same or B's key):
    for (const path of [signedA.replace(a.accountId, b.accountId), signedA.replace(a.accountId, b.accountId).replace("a1", "b1")]) {
      const res = await SELF.fetch(publicUrl(path));
      expect(res.status, path).toBe(403);
      expect(await res.text()).not.toContain("file of B");
    }
    // A signature made for account A over B's key names A's prefix only: B's file is not there.
    const aOverB = await SELF.fetch(publicUrl(await signedMediaPath(env, a.accountId, keyB)));
    expect(aOverB.status).toBe(404);
    expect(await aOverB.text()).not.toContain("file of B");
    // Escaping the prefix through the path is not possible either.
    const escape = await SELF.fetch(publicUrl(await signedMediaPath(env, a.accountId, `../${b.accountId}/${keyB}`)));
    expect([403, 404]).toContain(escape.status);
    expect(await escape.text()).not.toContain("file of B");
    // B's own signed link works.
    expect(await (await SELF.fetch(publicUrl(await signedMediaPath(env, b.accountId, keyB)))).text()).toBe("file of B");
  });
});
