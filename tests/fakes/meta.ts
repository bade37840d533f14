import { createHmac, randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { type FakeHandler, type FakeState, json, type RecordedRequest } from "./index";

/**
 * Fake Meta Graph API for Instagram (PROTOCOLS.md): `/{version}/{ig-id}` (account), `/{ig-id}/subscribed_apps`,
 * `/{ig-id}/messages` (DMs and private replies), `/{comment-id}/replies`, `/{media-id}` (post details),
 * attachments at `/media/{name}`. A token containing "invalid" gets an OAuthException.
 * `POST /__deliver { url, body }` signs the body with the app secret (X-Hub-Signature-256) and posts it.
 * Facebook Login (see `metaOauth` below): the dialog, both token exchanges and `/me/accounts`.
 */
export const META_APP_SECRET = "test-meta-app-secret";
export const META_VERIFY_TOKEN = "test-meta-verify-token";
export const META_APP_ID = "1029384756102938";

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
  if (await metaOauth(req, res, state, url)) return;
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

/**
 * Facebook Login for Business as Meta speaks it:
 * - `GET /{v}/dialog/oauth?client_id&redirect_uri&state&scope&response_type=code` answers 302 to
 *   `redirect_uri?code=…&state=…` at once (the person "approves"), or with
 *   `error=access_denied&error_reason=user_denied&error_description=Permissions+error` after
 *   `POST /__dialog { "deny": true }`; `POST /__dialog { "noInstagram": true }` makes the next login's
 *   Pages have no Instagram account. Each setting holds for one dialog.
 * - `GET /{v}/oauth/access_token?client_id&redirect_uri&client_secret&code` (code single use, same
 *   redirect_uri) and `?grant_type=fb_exchange_token&client_id&client_secret&fb_exchange_token` →
 *   `{ access_token, token_type: "bearer", expires_in }`.
 * - `GET /{v}/me/accounts?fields=…&access_token=<long-lived>` → `{ data: [Page…], paging }`: two Pages
 *   with an Instagram professional account and one without; ids unique per login.
 */
async function metaOauth(req: RecordedRequest, res: ServerResponse, state: FakeState, url: URL): Promise<boolean> {
  const path = url.pathname.replace(/^\/v\d+\.\d+/, "");
  const q = url.searchParams;
  const oauthError = (message: string, code = 100, status = 400) => json(res, status, { error: { message, type: "OAuthException", code, fbtrace_id: "AbCdEfFakeTrace" } });
  const dialog = (state.data.dialog ??= {}) as { deny?: boolean; noInstagram?: boolean };
  const codes = (state.data.codes ??= {}) as Record<string, { redirectUri: string; used: boolean; noInstagram: boolean }>;
  if (url.pathname === "/__dialog" && req.method === "POST") {
    Object.assign(dialog, req.body ?? {});
    json(res, 200, { ok: true });
    return true;
  }
  if (path === "/dialog/oauth" && req.method === "GET") {
    const redirectUri = q.get("redirect_uri");
    if (q.get("client_id") !== META_APP_ID || !redirectUri || !/^https?:\/\//.test(redirectUri)) {
      res.writeHead(400, { "content-type": "text/html; charset=utf-8" });
      res.end("<h1>Invalid App ID or redirect_uri</h1>");
      return true;
    }
    const back = new URL(redirectUri);
    if (dialog.deny) {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_code", "200");
      back.searchParams.set("error_description", "Permissions error");
      back.searchParams.set("error_reason", "user_denied");
    } else {
      const code = `AQ${randomBytes(24).toString("hex")}`;
      codes[code] = { redirectUri, used: false, noInstagram: !!dialog.noInstagram };
      back.searchParams.set("code", code);
    }
    if (q.get("state") !== null) back.searchParams.set("state", q.get("state")!);
    state.data.dialog = {};
    res.writeHead(302, { location: back.toString() });
    res.end();
    return true;
  }
  if (path === "/oauth/access_token" && req.method === "GET") {
    if (q.get("client_id") !== META_APP_ID || q.get("client_secret") !== META_APP_SECRET) {
      oauthError("Error validating client secret.", 1);
      return true;
    }
    if (q.get("grant_type") === "fb_exchange_token") {
      const short = q.get("fb_exchange_token") ?? "";
      if (!short.startsWith("EAAs")) oauthError("Invalid OAuth access token - Cannot parse access token", 190);
      else json(res, 200, { access_token: `EAAl${short.slice(4)}`, token_type: "bearer", expires_in: 5183944 });
      return true;
    }
    const code = q.get("code") ?? "";
    const entry = codes[code];
    if (!entry) oauthError("Invalid verification code format.");
    else if (entry.used) oauthError("This authorization code has been used.", 100);
    else if (entry.redirectUri !== q.get("redirect_uri")) oauthError("Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request");
    else {
      entry.used = true;
      json(res, 200, { access_token: `EAAs${entry.noInstagram ? "noig" : "igok"}${code.slice(2, 26)}`, token_type: "bearer", expires_in: 5183 });
    }
    return true;
  }
  if (path === "/me/accounts" && req.method === "GET") {
    const token = q.get("access_token") ?? "";
    if (!token.startsWith("EAAl")) {
      oauthError("Invalid OAuth access token - Cannot parse access token", 190);
      return true;
    }
    // Digits unique to this login: the Instagram ids of one login never collide with another's.
    const digits = BigInt(`0x${token.slice(8, 20)}`).toString().padStart(15, "0").slice(-11);
    const base = `http://${req.headers.host ?? "127.0.0.1"}`;
    const page = (n: number, name: string, ig: boolean) => ({
      id: `10${digits}${n}`,
      name,
      access_token: `EAAp${n}${token.slice(4)}`,
      ...(ig ? { instagram_business_account: { id: `1784${digits}${n}`, username: `shop_${`1784${digits}${n}`.slice(-4)}`, profile_picture_url: `${base}/media/avatar-${n}.jpg` } } : {}),
    });
    const noIg = token.slice(4, 8) === "noig";
    const data = noIg ? [page(3, "Личная страница", false)] : [page(1, "Кофейня «Зерно»", true), page(2, "Пекарня «Колос»", true), page(3, "Личная страница", false)];
    json(res, 200, { data, paging: { cursors: { before: "QVFIUbefore", after: "QVFIUafter" } } });
    return true;
  }
  return false;
}
