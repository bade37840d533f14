import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fakeRequests, tgBase, threadMessages, waitFor } from "./channel-helpers";
import { graph, keyword, link, publishFlow, step, tgSetup } from "./flow-helpers";
import { BASE } from "./helpers";

/** A message step's file: uploaded as the broadcast composer uploads it, sent through the one sender with the text as its caption. */
describe("flows: a message step with a file", () => {
  it("uploads through …/broadcast-media and sends the photo with its caption to Telegram", async () => {
    const s = await tgSetup();
    const form = new FormData();
    form.set("file", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], "menu.png", { type: "image/png" }));
    const up = await SELF.fetch(`${BASE}/api/accounts/${s.accountId}/broadcast-media`, { method: "POST", headers: { authorization: `Bearer ${s.token}` }, body: form });
    expect(up.status).toBe(201);
    const { size: _size, ...media } = (await up.json()) as { key: string; type: string; fileName: string; mimeType: string; size: number };
    expect(media).toMatchObject({ type: "image", fileName: "menu.png" });
    await publishFlow(s.accountId, "Меню с фото", graph([step("s", "start", { triggers: [keyword("меню")] }), step("m", "message", { text: "Наше меню, {{name}}", media, buttons: [] }), step("e", "end")], [link("s", "m"), link("m", "e")]));
    await s.say("меню");
    const photos = await waitFor(async () => {
      const r = await fakeRequests(tgBase(), (q) => q.path === `/bot${s.bot}/sendPhoto`);
      return r.length ? r : null;
    }, 10_000, "the photo");
    expect(photos).toHaveLength(1);
    expect(photos[0]!.rawBody).toContain('name="photo"; filename="menu.png"');
    expect(photos[0]!.rawBody).toMatch(/name="caption"\r\n\r\nНаше меню, Иван/);
    expect(await s.sent()).toEqual([]);
    const t = (await s.thread())!;
    const row = await waitFor(async () => (await threadMessages(s.accountId, t.id)).find((m) => m.direction === "outgoing" && m.deliveryStatus === "sent"), 10_000, "the message sent");
    expect(row).toMatchObject({ type: "image", fileName: "menu.png", payloadUrl: media.key, content: "Наше меню, Иван" });
  });
});
