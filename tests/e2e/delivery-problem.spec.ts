import { expect, test } from "@playwright/test";
import { connectInstagram, customerWrites, ownerAuth, waitForContact } from "./chat-helpers";
import { bearer, DEMO_ACCOUNT_ID, fakeBindings, presetStorage, SCREENS, shot, signInWithToken } from "./helpers";

/**
 * Screenshots (#22): outgoing messages that did not go out, or may have, say so under the bubble with
 * the sender's reason. State through the API and the Meta fake: one send whose connection drops after
 * the request (possibly delivered), one the messenger refuses (not delivered).
 */
test("chat: failed and possibly delivered messages, light and dark, 1440 and 390", { tag: SCREENS }, async ({ browser, request, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const owner = await ownerAuth(request);
  const igId = await connectInstagram(request, owner);
  const sender = String(Math.floor(Math.random() * 1e15));
  await customerWrites(request, igId, sender, "Здравствуйте! Заказ №1042 уже отправили?");
  const { contactId, threadId } = await waitForContact(request, owner, sender);
  await new Promise((r) => setTimeout(r, 3000)); // the demo assistant's own reply, if any, has gone out
  const meta = fakeBindings().META_GRAPH_BASE!;
  const send = async (content: string, script: unknown) => {
    await request.post(`${meta}/__script`, { data: [{ match: `/${igId}/messages`, ...(script as object) }] });
    const res = await request.post(`/api/accounts/${DEMO_ACCOUNT_ID}/contacts/${contactId}/messages`, { headers: bearer(owner.accessToken), data: { content } });
    expect(res.status()).toBe(201);
    const id = ((await res.json()) as { data: { messageId: string }[] }).data[0]!.messageId;
    await expect
      .poll(async () => {
        const list = await request.get(`/api/accounts/${DEMO_ACCOUNT_ID}/contacts/${contactId}/messages`, { headers: bearer(owner.accessToken) });
        return ((await list.json()) as { data: { messageId: string; deliveryStatus: string }[] }).data.find((m) => m.messageId === id)?.deliveryStatus;
      }, { timeout: 20_000 })
      .toBe("failed");
  };
  await send("Да, отправили сегодня утром, трек-номер пришлём отдельным сообщением.", { status: 200, body: {}, reset: true });
  await send("Трек-номер: RA123456789RU", { status: 400, body: { error: { message: "(#100) The user is not available right now", code: 100 } } });

  for (const theme of ["light", "dark"] as const) {
    for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
      const ctx = await browser.newContext({ viewport, locale: "ru-RU", timezoneId: "Europe/Moscow" });
      const page = await ctx.newPage();
      await presetStorage(page, { language: "ru", theme });
      await signInWithToken(page, baseURL!, owner);
      await page.goto(`/${DEMO_ACCOUNT_ID}/apps/chat?c=${contactId}&t=${threadId}`);
      await expect(page.locator('[data-testid="delivery-problem"][data-state="uncertain"]')).toContainText("Возможно, доставлено: Связь с мессенджером оборвалась", { timeout: 20_000 });
      await expect(page.locator('[data-testid="delivery-problem"][data-state="failed"]')).toContainText("Не доставлено: Мессенджер отклонил сообщение");
      await page.waitForTimeout(400);
      await shot(page, testInfo, `chat-delivery-problem-${theme}-${viewport.width}`);
      await ctx.close();
    }
  }
});
