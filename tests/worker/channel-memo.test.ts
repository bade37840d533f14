import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { igDm, metaSignature } from "../fakes/meta";
import {
  channelExternalKey,
  channelIdKey,
  channelMemoGeneration,
  channelMemoTtl,
  forgetChannels,
  recallChannels,
  rememberChannels,
} from "../../worker/features/webhooks/channel-memo";
import { countMessages, sleep, waitFor } from "./channel-helpers";
import { api, BASE } from "./helpers";
import { ownerWithAccount } from "./inbox-helpers";

/**
 * The inbound consumer's channel memo (worker/features/webhooks/channel-memo.ts, issue 23): a batch
 * whose channels this isolate read within CHANNEL_CACHE_MS skips the read; a change through this
 * isolate applies to the very next webhook, one behind its back within the TTL.
 */
const row = (id: string, platform = "INSTAGRAM", externalId = `ext-${id}`) => ({ id, platform, external_id: externalId, enabled: 1 });

describe("channel memo", () => {
  it("returns the rows only when every key is remembered and fresh, each channel once", () => {
    forgetChannels();
    const now = Date.now();
    rememberChannels([row("c1"), row("c2", "TELEGRAM", "bot-2")], now + 1_000, channelMemoGeneration());
    // By id and by external id alike; a channel named both ways comes back once.
    expect(recallChannels([channelIdKey("c1"), channelExternalKey("INSTAGRAM", "ext-c1"), channelIdKey("c2")], now)?.map((r) => r.id)).toEqual(["c1", "c2"]);
    expect(recallChannels([], now)).toEqual([]);
    // One key the memo lacks: the whole batch reads.
    expect(recallChannels([channelIdKey("c1"), channelIdKey("c3")], now)).toBeNull();
    // Expired.
    expect(recallChannels([channelIdKey("c1")], now + 1_000)).toBeNull();
    // A write forgets everything.
    forgetChannels();
    expect(recallChannels([channelIdKey("c1")], now)).toBeNull();
  });

  it("does not remember a read that began before a write", () => {
    forgetChannels();
    const readAt = channelMemoGeneration();
    forgetChannels(); // a write lands while the read is on its way
    rememberChannels([row("c4")], Date.now() + 1_000, readAt);
    expect(recallChannels([channelIdKey("c4")], Date.now())).toBeNull();
  });

  it("reads CHANNEL_CACHE_MS: default 2 s, 0 turns it off, at most a minute", () => {
    expect(channelMemoTtl(undefined)).toBe(2_000);
    expect(channelMemoTtl("")).toBe(2_000);
    expect(channelMemoTtl("0")).toBe(0);
    expect(channelMemoTtl("500")).toBe(500);
    expect(channelMemoTtl("999999")).toBe(60_000);
    expect(channelMemoTtl("soon")).toBe(2_000);
  });
});

async function post(body: unknown) {
  const raw = JSON.stringify(body);
  const res = await SELF.fetch(`${BASE}/api/webhooks/instagram`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": metaSignature(raw) }, body: raw });
  expect(res.status).toBe(200);
}

async function connectInstagram(token: string, accountId: string) {
  const id = String(17841400000000000 + Math.floor(Math.random() * 1e9));
  const res = await api("PUT", `/accounts/${accountId}/platform-instagram`, { token, body: { instagramAccountId: id, accessToken: `EAAG-test-token-${id}` } });
  expect(res.status).toBe(200);
  return id;
}

describe("channel memo and webhooks", () => {
  it("a channel switched off through the API takes no webhook from the next one on, though its channel was just read", async () => {
    const { token, accountId } = await ownerWithAccount();
    const id = await connectInstagram(token, accountId);
    await post(igDm(id, "7001", `mid.memo-on-${id}`, "первое"));
    await waitFor(async () => (await countMessages(accountId)) === 1, 10_000, "the first DM stored");
    expect((await api("POST", `/accounts/${accountId}/platform-instagram/toggle`, { token, body: {} })).body.enabled).toBe(false);
    await post(igDm(id, "7001", `mid.memo-off-${id}`, "второе"));
    await sleep(1_000);
    expect(await countMessages(accountId)).toBe(1);
  });

  it("a channel switched off behind the worker's back takes webhooks for at most CHANNEL_CACHE_MS", async () => {
    const { token, accountId } = await ownerWithAccount();
    const id = await connectInstagram(token, accountId);
    await post(igDm(id, "7002", `mid.memo-a-${id}`, "первое"));
    await waitFor(async () => (await countMessages(accountId)) === 1, 10_000, "the first DM stored");
    await env.DB.prepare("UPDATE channels SET enabled = 0 WHERE account_id = ?").bind(accountId).run();
    const offAt = Date.now();
    const ttl = Number(env.CHANNEL_CACHE_MS ?? 2000);
    await sleep(Math.max(0, offAt + ttl + 100 - Date.now()));
    await post(igDm(id, "7002", `mid.memo-b-${id}`, "после срока"));
    await sleep(1_000);
    expect(await countMessages(accountId)).toBe(1);
  }, 15_000);
});
