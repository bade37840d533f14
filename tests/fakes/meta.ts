import { createHmac } from "node:crypto";
import { type FakeHandler, json } from "./index";

/**
 * Fake Meta Graph API for Instagram (PROTOCOLS.md): `/{version}/{ig-id}` (account), `/{ig-id}/subscribed_apps`,
 * `/{ig-id}/messages` (DMs and private replies), `/{comment-id}/replies`, `/{media-id}` (post details),
 * attachments at `/media/{name}`. A token containing "invalid" gets an OAuthException.
 * `POST /__deliver { url, body }` signs the body with the app secret (X-Hub-Signature-256) and posts it.
 */
export const META_APP_SECRET = "test-meta-app-secret";
export const META_VERIFY_TOKEN = "test-meta-verify-token";

export function metaSignature(raw: string, secret = META_APP_SECRET) {
  return "sha256=" + createHmac("sha256", secret).update(raw).digest("hex");
}

export const metaHandler: FakeHandler = async (req, res, state) => {
  const url = new URL(req.path, "http://fake");
  const body = (req.body && typeof req.body === "object" ? req.body : {}) as Record<string, unknown>;
  if (url.pathname === "/__deliver" && req.method === "POST") {
    const raw = JSON.stringify(body.body);
    const r = await fetch(String(body.url), { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": metaSignature(raw) }, body: raw });
    return json(res, 200, { status: r.status, body: await r.text() });
  }
  const media = /^\/media\/(.+)$/.exec(url.pathname);
  if (media) {
    res.writeHead(200, { "content-type": "image/jpeg" });
    { res.end(`meta-file:${decodeURIComponent(media[1]!)}`); return; }
  }
  const token = url.searchParams.get("access_token") ?? "";
  if (!token || token.includes("invalid")) return json(res, 400, { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } });
  const parts = url.pathname.replace(/^\/v\d+\.\d+/, "").split("/").filter(Boolean);
  const counter = () => ((state.data.counter = ((state.data.counter as number) ?? 0) + 1) as number);
  if (parts.length === 1 && req.method === "GET") {
    const id = parts[0]!;
    if (url.searchParams.get("fields")?.includes("caption")) {
      return json(res, 200, { id, caption: `Пост ${id}: новая коллекция`, permalink: `https://www.instagram.com/p/${id}/`, media_url: `https://cdn.example/${id}.jpg`, media_product_type: "FEED" });
    }
    return json(res, 200, { id, username: `shop_${id.slice(-4)}`, name: "Магазин" });
  }
  if (parts.length === 2 && parts[1] === "subscribed_apps") return json(res, 200, { success: true });
  if (parts.length === 2 && parts[1] === "messages" && req.method === "POST") {
    const recipient = body.recipient as { id?: string; comment_id?: string } | undefined;
    if (!recipient?.id && !recipient?.comment_id) return json(res, 400, { error: { message: "recipient is required", code: 100 } });
    // A message is text or one attachment by public URL, never both (Meta answers code 100 otherwise).
    const message = body.message as { text?: string; attachment?: { type?: string; payload?: { url?: string } } } | undefined;
    const att = message?.attachment;
    if (!message || (message.text === undefined) === !att) return json(res, 400, { error: { message: "(#100) message must contain text or attachment", type: "OAuthException", code: 100 } });
    if (att && (!["image", "video", "audio", "file"].includes(att.type ?? "") || !/^https?:\/\//.test(att.payload?.url ?? "")))
      return json(res, 400, { error: { message: "(#100) attachment needs a type and a payload url", type: "OAuthException", code: 100 } });
    return json(res, 200, { recipient_id: recipient.id ?? `from-comment-${recipient.comment_id}`, message_id: `m_fake_${counter()}` });
  }
  if (parts.length === 2 && parts[1] === "replies" && req.method === "POST") {
    if (!body.message) return json(res, 400, { error: { message: "message is required", code: 100 } });
    return json(res, 200, { id: `1799${String(counter()).padStart(8, "0")}` });
  }
  return json(res, 404, { error: { message: "Unknown path", code: 803 } });
};

/** A realistic Instagram DM webhook body. */
export function igDm(igId: string, senderId: string, mid: string, text: string, timestamp = Date.now()) {
  return { object: "instagram", entry: [{ id: igId, time: timestamp, messaging: [{ sender: { id: senderId }, recipient: { id: igId }, timestamp, message: { mid, text } }] }] };
}

/** A realistic Instagram comment webhook body. */
export function igComment(igId: string, commentId: string, mediaId: string, from: { id: string; username: string }, text: string) {
  return { object: "instagram", entry: [{ id: igId, time: Math.floor(Date.now() / 1000), changes: [{ field: "comments", value: { id: commentId, text, from, media: { id: mediaId, media_product_type: "FEED" } } }] }] };
}
