import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { Env } from "../../worker/env";
import { isDemoChannel } from "../../worker/features/channels/channels.service";
import { sendAsDemoCustomer } from "../../worker/features/dev/demo-customer.service";
import { connectTelegram, countMessages, tgWebhook } from "./channel-helpers";
import { api } from "./helpers";
import { ownerWithAccount } from "./inbox-helpers";

/**
 * The demo's "write as a customer" route and flag. Its delivery through the stand-ins needs a
 * Worker reachable over HTTP, so tests/e2e/first-hour.spec.ts covers that; here the guards and the
 * messengers' ids it makes up (one per message).
 */
describe("demo channels", () => {
  it("the flag holds only in development and only for the messengers named", () => {
    const dev = { ...(env as unknown as Env), ENVIRONMENT: "development" };
    expect(isDemoChannel({ ...dev, DEMO_CHANNELS: "telegram,instagram" }, "telegram")).toBe(true);
    expect(isDemoChannel({ ...dev, DEMO_CHANNELS: "telegram,instagram" }, "whatsapp")).toBe(false);
    expect(isDemoChannel({ ...dev, DEMO_CHANNELS: "1" }, "whatsapp")).toBe(true);
    expect(isDemoChannel({ ...dev, DEMO_CHANNELS: "" }, "telegram")).toBe(false);
    expect(isDemoChannel({ ...dev, ENVIRONMENT: "production", DEMO_CHANNELS: "1" }, "telegram")).toBe(false);
  });

  it("channel states say whether they are a demo and whether WhatsApp instances can be created", async () => {
    const { token, accountId } = await ownerWithAccount();
    expect((await api("GET", `/accounts/${accountId}/platform-telegram`, { token })).body).toMatchObject({ connected: false, demo: false });
    expect((await api("GET", `/accounts/${accountId}/platform-instagram`, { token })).body).toMatchObject({ connected: false, demo: false });
    // The test run has the fake's partner token.
    expect((await api("GET", `/accounts/${accountId}/platform-whatsapp/settings`, { token })).body).toMatchObject({ connected: false, demo: false, partnerAvailable: true });
  });

  it("POST /api/dev/customer-message: a session, valid fields, a member, and a stand-in", async () => {
    const { token, accountId } = await ownerWithAccount();
    const other = await ownerWithAccount("Чужой владелец");
    const body = { accountId, platform: "telegram", name: "Анна", text: "Здравствуйте" };
    expect((await api("POST", "/dev/customer-message", { body })).status).toBe(401);
    const bad = await api("POST", "/dev/customer-message", { token, body: { accountId, platform: "viber", name: " ", text: "x".repeat(1001) } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details.fields).sort()).toEqual(["name", "platform", "text"]);
    expect(bad.body.details.fields.text[0]).toBe("Сообщение — не длиннее 1000 символов");
    const foreign = await api("POST", "/dev/customer-message", { token: other.token, body });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("ACCOUNT_NOT_FOUND");
    // This run has no stand-ins (DEMO_CHANNELS unset): a real messenger is never asked to play a customer.
    const real = await api("POST", "/dev/customer-message", { token, body });
    expect(real.status).toBe(404);
    expect(real.body).toMatchObject({ code: "DEMO_CHANNEL_UNAVAILABLE", message: expect.stringMatching(/^Telegram здесь настоящий/) });
  });

  it("two messages sent in the same millisecond get different update ids, so neither is dropped as a repeat", async () => {
    const { token, accountId } = await ownerWithAccount();
    const { secret } = await connectTelegram(token, accountId);
    const demoEnv = { ...env, DEMO_CHANNELS: "telegram" } as unknown as Env;
    // The stand-in's delivery is caught here and replayed to the webhook (the stand-in cannot reach this Worker).
    const delivered: { update: { update_id: number } }[] = [];
    const realFetch = globalThis.fetch;
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith("/__deliver")) {
        delivered.push(JSON.parse(String(init!.body)));
        return Response.json({ status: 200 });
      }
      return realFetch(input, init);
    });
    const nowSpy = vi.spyOn(Date, "now").mockReturnValue(1_790_000_000_000);
    try {
      for (const text of ["Первое", "Второе", "Третье"]) await sendAsDemoCustomer(demoEnv, accountId, { platform: "telegram", name: "Анна", text }, "http://app.test/api/dev/customer-message");
    } finally {
      nowSpy.mockRestore();
      fetchSpy.mockRestore();
    }
    expect(new Set(delivered.map((d) => d.update.update_id)).size).toBe(3);
    for (const d of delivered) expect((await tgWebhook(accountId, secret, d.update)).status).toBe(200);
    const deadline = Date.now() + 10_000;
    while ((await countMessages(accountId)) < 3 && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 100));
    await new Promise((ok) => setTimeout(ok, 300));
    expect(await countMessages(accountId)).toBe(3);
  });
});
