import { env, SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "../../worker/db/client";
import { handleMetaCallback, signState, startInstagramOauth } from "../../worker/features/channels/instagram-oauth.service";
import { decryptSecret } from "../../worker/lib/crypto";
import { META_APP_ID } from "../fakes/meta";
import { fakeRequests, fakes, metaBase } from "./channel-helpers";
import { addMember, api, BASE } from "./helpers";
import { ownerWithAccount } from "./inbox-helpers";

/** Connecting Instagram through Facebook Login against the fake Meta (dialog, token exchanges, /me/accounts). */

const oauth = (accountId: string, path = "") => `/accounts/${accountId}/platform-instagram/oauth${path}`;
const CALLBACK = `${BASE}/api/oauth/meta/callback`;

async function start(token: string, accountId: string) {
  const res = await SELF.fetch(`${BASE}/api${oauth(accountId, "/start")}`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const setCookie = res.headers.get("set-cookie") ?? "";
  const nonce = /meta_oauth_nonce=([^;]+)/.exec(setCookie)?.[1];
  expect(nonce).toBeTruthy();
  return { url: ((await res.json()) as { url: string }).url, setCookie, cookie: `meta_oauth_nonce=${nonce}` };
}

/** The browser's round trip: our start → Meta's dialog → our callback (with the start's cookie). */
async function login(token: string, accountId: string, dialog: { deny?: boolean; noInstagram?: boolean } = {}, cookie?: string) {
  const s = await start(token, accountId);
  if (dialog.deny || dialog.noInstagram) await fetch(`${metaBase()}/__dialog`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(dialog) });
  const d = await fetch(s.url, { redirect: "manual" });
  expect(d.status).toBe(302);
  const callbackUrl = d.headers.get("location")!;
  expect(callbackUrl.startsWith(`${CALLBACK}?`)).toBe(true);
  const cb = await SELF.fetch(callbackUrl, { redirect: "manual", headers: { cookie: cookie ?? s.cookie } });
  return { cb, callbackUrl, location: cb.headers.get("location") ?? "", start: s };
}

const pickOf = (location: string) => new URL(location).searchParams.get("instagram")!;
const exchanges = () => fakeRequests(metaBase(), (r) => r.path.includes("/oauth/access_token") || r.path.includes("/me/accounts"));

describe("Instagram through Facebook Login: start", () => {
  it("answers the dialog URL with the app id, our callback, the scopes and a signed state; sets the browser's nonce cookie; admins only", async () => {
    const { token, accountId } = await ownerWithAccount();
    expect((await api("GET", oauth(accountId), { token })).body).toEqual({ available: true });
    const s = await start(token, accountId);
    const u = new URL(s.url);
    expect(`${u.origin}`).toBe(fakes().META_OAUTH_BASE);
    expect(u.pathname).toBe("/v21.0/dialog/oauth");
    expect(Object.fromEntries(u.searchParams)).toEqual({
      client_id: META_APP_ID,
      redirect_uri: CALLBACK,
      state: expect.stringMatching(/^[A-Za-z0-9_-]+\.[0-9a-f]{64}$/),
      scope: "instagram_basic,instagram_manage_messages,instagram_manage_comments,pages_show_list,pages_manage_metadata,business_management",
      response_type: "code",
    });
    expect(s.setCookie).toMatch(/HttpOnly/i);
    expect(s.setCookie).toMatch(/Path=\/api\/oauth\/meta/);
    expect(s.setCookie).toMatch(/SameSite=Lax/i);

    const op = await addMember(token, accountId, "operator");
    expect((await api("POST", oauth(accountId, "/start"), { token: op.token })).status).toBe(403);
    const stranger = await ownerWithAccount("Чужой");
    expect((await api("POST", oauth(accountId, "/start"), { token: stranger.token })).status).toBe(404);
  });

  it("is unavailable without META_APP_ID or META_APP_SECRET (the manual form stays)", async () => {
    const { accountId, user } = await ownerWithAccount();
    for (const missing of ["META_APP_ID", "META_APP_SECRET"] as const) {
      const e = { ...env, [missing]: "" };
      await expect(startInstagramOauth(e, accountId, user.id)).rejects.toMatchObject({ status: 503, code: "META_OAUTH_UNAVAILABLE" });
    }
  });
});

describe("Instagram through Facebook Login: callback", () => {
  it("a forged or malformed state is refused and nothing is exchanged", async () => {
    const { token, accountId } = await ownerWithAccount();
    const s = await start(token, accountId);
    const state = new URL(s.url).searchParams.get("state")!;
    const before = (await exchanges()).length;
    const forged = [`${state.slice(0, -1)}${state.endsWith("0") ? "1" : "0"}`, "abc", "", `${state.split(".")[0]}x.${state.split(".")[1]}`];
    for (const st of forged) {
      const res = await SELF.fetch(`${CALLBACK}?code=AQfake&state=${encodeURIComponent(st)}`, { redirect: "manual", headers: { cookie: s.cookie } });
      expect(res.status, st).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("OAUTH_STATE_INVALID");
    }
    expect((await exchanges()).length).toBe(before);
  });

  it("an expired state, or a browser without the start's cookie, goes back to the connect page with an error and exchanges nothing", async () => {
    const { token, accountId, user } = await ownerWithAccount();
    const before = (await exchanges()).length;
    const expired = await signState(env, { a: accountId, u: user.id, n: "nonce-expired-123", e: Date.now() - 1000 });
    const res = await SELF.fetch(`${CALLBACK}?code=AQx&state=${encodeURIComponent(expired)}`, { redirect: "manual", headers: { cookie: "meta_oauth_nonce=nonce-expired-123" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${BASE}/${accountId}/connect?instagram_error=expired`);

    // Someone else's browser completing this member's login (login CSRF): no cookie, or another one.
    for (const cookie of [undefined, "meta_oauth_nonce=someone-elses-nonce"]) {
      const r = await login(token, accountId, {}, cookie ?? "");
      expect(r.cb.status).toBe(302);
      expect(r.location).toBe(`${BASE}/${accountId}/connect?instagram_error=session`);
    }
    expect((await exchanges()).length).toBe(before);
  });

  it("cancelling in Meta's dialog goes back with instagram_error=cancelled", async () => {
    const { token, accountId } = await ownerWithAccount();
    const r = await login(token, accountId, { deny: true });
    expect(new URL(r.callbackUrl).searchParams.get("error")).toBe("access_denied");
    expect(new URL(r.callbackUrl).searchParams.get("error_reason")).toBe("user_denied");
    expect(r.cb.status).toBe(302);
    expect(r.location).toBe(`${BASE}/${accountId}/connect?instagram_error=cancelled`);
  });

  it("Pages without an Instagram account → instagram_error=no_accounts", async () => {
    const { token, accountId } = await ownerWithAccount();
    const r = await login(token, accountId, { noInstagram: true });
    expect(r.location).toBe(`${BASE}/${accountId}/connect?instagram_error=no_accounts`);
  });

  it("success: code → long-lived token → Pages; the found accounts are listed without tokens, kept encrypted, readable by this member of this account only", async () => {
    const { token, accountId } = await ownerWithAccount();
    const r = await login(token, accountId);
    expect(r.cb.status).toBe(302);
    expect(r.location).toMatch(new RegExp(`^${BASE}/${accountId}/connect\\?instagram=[A-Za-z0-9_-]+$`));
    expect(r.cb.headers.get("set-cookie")).toMatch(/meta_oauth_nonce=;.*Max-Age=0/i);
    const pickId = pickOf(r.location);

    const code = new URL(r.callbackUrl).searchParams.get("code")!;
    const all = await exchanges();
    const tail = code.slice(2, 26);
    const codeCall = new URL(all.find((x) => x.path.includes(`code=${code}`))!.path, "http://x").searchParams;
    expect(Object.fromEntries(codeCall)).toEqual({ client_id: META_APP_ID, redirect_uri: CALLBACK, client_secret: "test-meta-app-secret", code });
    const ll = all.find((x) => x.path.includes(`fb_exchange_token=EAAsigok${tail}`))!;
    expect(Object.fromEntries(new URL(ll.path, "http://x").searchParams)).toEqual({ grant_type: "fb_exchange_token", client_id: META_APP_ID, client_secret: "test-meta-app-secret", fb_exchange_token: `EAAsigok${tail}` });
    const me = all.find((x) => x.path.includes("/me/accounts") && x.path.includes(`access_token=EAAligok${tail}`))!;
    expect(new URL(me.path, "http://x").searchParams.get("fields")).toBe("id,name,access_token,instagram_business_account{id,username,profile_picture_url}");

    const list = await api("GET", oauth(accountId, `/candidates/${pickId}`), { token });
    expect(list.status).toBe(200);
    expect(list.body.accounts).toHaveLength(2);
    expect(list.body.accounts[0]).toEqual({
      instagramId: expect.stringMatching(/^1784\d+1$/),
      username: expect.stringMatching(/^shop_\d{4}$/),
      pictureUrl: expect.stringMatching(/\/media\/avatar-1\.jpg$/),
      pageId: expect.stringMatching(/^10\d+1$/),
      pageName: "Кофейня «Зерно»",
    });
    expect(list.body.accounts[1].pageName).toBe("Пекарня «Колос»");
    const text = JSON.stringify(list.body);
    expect(text).not.toMatch(/EAA|access_token|pageToken/);
    const row = await getDb(env.DB).select().from(schema.metaOauthPicks).where(eq(schema.metaOauthPicks.id, pickId)).get();
    expect(row!.candidates).not.toMatch(/EAA|Кофейня/);
    expect(await decryptSecret(row!.candidates, env.ENCRYPTION_KEY!)).toMatch(/"pageToken":"EAAp1/);

    // Nobody else: another account's owner (in either account), another member of this account.
    const stranger = await ownerWithAccount("Чужой");
    expect((await api("GET", oauth(stranger.accountId, `/candidates/${pickId}`), { token: stranger.token })).status).toBe(404);
    expect((await api("GET", oauth(accountId, `/candidates/${pickId}`), { token: stranger.token })).status).toBe(404);
    const admin = await addMember(token, accountId, "admin");
    expect((await api("GET", oauth(accountId, `/candidates/${pickId}`), { token: admin.token })).status).toBe(404);
    const bad = await api("GET", oauth(accountId, "/candidates/x"), { token });
    expect(bad.status).toBe(400);

    // The same callback once more: nothing new is exchanged, the page is told the result is gone.
    const n = (await exchanges()).length;
    const again = await SELF.fetch(r.callbackUrl, { redirect: "manual", headers: { cookie: r.start.cookie } });
    expect(again.headers.get("location")).toBe(`${BASE}/${accountId}/connect?instagram_error=expired`);
    expect((await exchanges()).length).toBe(n);
  });
});

describe("Instagram through Facebook Login: connect", () => {
  it("connects the picked account with its Page token (encrypted, subscribed), once; nobody else can use the pick", async () => {
    const { token, accountId } = await ownerWithAccount();
    const r = await login(token, accountId);
    const pickId = pickOf(r.location);
    const { accounts } = (await api("GET", oauth(accountId, `/candidates/${pickId}`), { token })).body;
    const chosen = accounts[1];

    const stranger = await ownerWithAccount("Чужой");
    const foreign = await api("POST", oauth(stranger.accountId, "/connect"), { token: stranger.token, body: { pickId, instagramId: chosen.instagramId } });
    expect(foreign.status).toBe(404);
    expect((await api("GET", `/accounts/${stranger.accountId}/platform-instagram`, { token: stranger.token })).body.connected).toBe(false);

    const notListed = await api("POST", oauth(accountId, "/connect"), { token, body: { pickId, instagramId: "178410000000099" } });
    expect(notListed.status).toBe(400);
    expect(notListed.body.details.fields.instagramId).toBeTruthy();
    const invalid = await api("POST", oauth(accountId, "/connect"), { token, body: { pickId: "", instagramId: "abc" } });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.details.fields).sort()).toEqual(["instagramId", "pickId"]);

    const ok = await api("POST", oauth(accountId, "/connect"), { token, body: { pickId, instagramId: chosen.instagramId } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ connected: true, enabled: true, instagramAccountId: chosen.instagramId, username: chosen.username, subscribedFields: ["messages", "comments"] });

    const ch = await getDb(env.DB).select().from(schema.channels).where(and(eq(schema.channels.accountId, accountId), eq(schema.channels.platform, "INSTAGRAM"))).get();
    expect(ch!.credentials).not.toContain("EAAp");
    const creds = JSON.parse(await decryptSecret(ch!.credentials!, env.ENCRYPTION_KEY!)) as { accessToken: string };
    expect(creds.accessToken).toMatch(/^EAAp2/);
    const subs = await fakeRequests(metaBase(), (x) => x.method === "POST" && x.path.includes(`/${chosen.instagramId}/subscribed_apps`));
    expect(subs).toHaveLength(1);
    expect(new URL(subs[0]!.path, "http://x").searchParams.get("access_token")).toBe(creds.accessToken);

    // Single use.
    expect((await api("POST", oauth(accountId, "/connect"), { token, body: { pickId, instagramId: chosen.instagramId } })).status).toBe(410);
    expect((await api("GET", oauth(accountId, `/candidates/${pickId}`), { token })).status).toBe(410);
  });

  it("an expired pick is refused with 410", async () => {
    const { token, accountId } = await ownerWithAccount();
    const r = await login(token, accountId);
    const pickId = pickOf(r.location);
    await getDb(env.DB).update(schema.metaOauthPicks).set({ expiresAt: Date.now() - 1 }).where(eq(schema.metaOauthPicks.id, pickId));
    const res = await api("GET", oauth(accountId, `/candidates/${pickId}`), { token });
    expect(res.status).toBe(410);
    expect(res.body.message).toMatch(/войдите через Facebook ещё раз/);
  });

  it("the callback redirects to PUBLIC_URL's connect page of the state's account", async () => {
    const { accountId, user } = await ownerWithAccount();
    const st = await signState(env, { a: accountId, u: user.id, n: "n-direct-0123456789", e: Date.now() + 60_000 });
    const to = await handleMetaCallback(env, { state: st, error: "access_denied", error_reason: "user_denied" }, "n-direct-0123456789");
    expect(to).toBe(`http://app.test/${accountId}/connect?instagram_error=cancelled`);
  });
});
