import { describe, expect, it } from "vitest";
import { CHANNELS, channelAdapter, MESSENGER_PLATFORMS } from "../../worker/channels/registry";
import { PLATFORMS } from "../../worker/db/schema/inbox";
import { replyWindow } from "../../worker/features/channels/outbound.consumer";
import { hmacSha256Hex } from "../../worker/lib/crypto";

// The channel layer's sources as text: the layering rule is checked on what is really imported.
const sources = import.meta.glob("../../worker/channels/**/*.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

describe("channel registry", () => {
  it("has one adapter per messenger, keyed by its own platform; the web chat has none", () => {
    expect([...MESSENGER_PLATFORMS].sort()).toEqual(PLATFORMS.filter((p) => p !== "WEBCHAT").sort());
    for (const p of MESSENGER_PLATFORMS) expect(CHANNELS[p].platform).toBe(p);
    expect(channelAdapter("WEBCHAT")).toBeNull();
    expect(channelAdapter(null)).toBeNull();
  });

  it("the channel layer imports nothing from features/ (the dependency runs downward)", () => {
    const files = Object.keys(sources);
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(sources[files.find((f) => f.endsWith("/registry.ts"))!]).toContain("export const CHANNELS");
    const upward = files.filter((f) => /from\s+["'][^"']*features\//.test(sources[f]!));
    expect(upward).toEqual([]);
  });

  it("limits: Instagram's 24-hour window closes direct replies only; Telegram paces per chat", () => {
    const day = 24 * 60 * 60 * 1000;
    const now = 10 * day;
    const closed = replyWindow("INSTAGRAM", { kind: "dm", lastIncomingAt: now - day - 1 }, now);
    expect(closed).toMatchObject({ open: false, code: "INSTAGRAM_WINDOW_CLOSED" });
    expect((closed as { reason: string }).reason).toMatch(/24 час/);
    expect(replyWindow("INSTAGRAM", { kind: "dm", lastIncomingAt: now - day + 1000 }, now)).toEqual({ open: true });
    expect(replyWindow("INSTAGRAM", { kind: "comments", lastIncomingAt: null }, now)).toEqual({ open: true });
    expect(replyWindow("TELEGRAM", { kind: "dm", lastIncomingAt: null }, now)).toEqual({ open: true });
    expect(CHANNELS.TELEGRAM.limits.pacing).toEqual({ channelMs: 34, chatMs: 1000 });
    expect(CHANNELS.INSTAGRAM.limits.attachmentsByUrl).toBe(true);
    expect(CHANNELS.WHATSAPP.limits.attachmentsByUrl).toBe(false);
  });

  it("delivery states map to ours; words we do not keep map to nothing", () => {
    expect(["sent", "delivered", "read", "failed", "noAccount", "notInGroup", "pending"].map(CHANNELS.WHATSAPP.deliveryState)).toEqual([
      "sent",
      "delivered",
      "read",
      "failed",
      "failed",
      "failed",
      null,
    ]);
    expect(CHANNELS.TELEGRAM.deliveryState("read")).toBeNull();
    expect(CHANNELS.INSTAGRAM.deliveryState("read")).toBe("read");
  });

  it("webhook verification: Instagram's signature over the raw body with the app secret, the others per channel", async () => {
    const ig = CHANNELS.INSTAGRAM.webhook;
    if (ig.scope !== "app") throw new Error("Instagram webhooks are app-scoped");
    const raw = new TextEncoder().encode('{"object":"instagram","entry":[]}');
    const env = { TELEGRAM_API_BASE: "", META_GRAPH_BASE: "", META_APP_SECRET: "s3cret" };
    const good = `sha256=${await hmacSha256Hex("s3cret", raw)}`;
    expect(await ig.verify(raw, (n) => (n === "x-hub-signature-256" ? good : undefined), env)).toBe(true);
    expect(await ig.verify(raw, () => `sha256=${"0".repeat(64)}`, env)).toBe(false);
    expect(await ig.verify(raw, () => good, { ...env, META_APP_SECRET: undefined })).toBe(false);
    expect(CHANNELS.TELEGRAM.webhook).toMatchObject({ scope: "channel", secretHeader: { name: "x-telegram-bot-api-secret-token" } });
    expect(CHANNELS.WHATSAPP.webhook).toMatchObject({ scope: "channel", secretHeader: { name: "authorization", bearer: true } });
  });

  it("an Instagram body splits by account; anything else is ignored with its object named", () => {
    const split = CHANNELS.INSTAGRAM.split!;
    expect(split({ object: "instagram", entry: [{ id: "17841" }, { id: "17842" }] })).toEqual({
      parts: [
        { externalId: "17841", body: { id: "17841" } },
        { externalId: "17842", body: { id: "17842" } },
      ],
    });
    expect(split({ object: "page", entry: [] })).toEqual({ ignored: "object page" });
    expect(CHANNELS.TELEGRAM.split).toBeUndefined();
  });
});
