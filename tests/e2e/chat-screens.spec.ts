import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNT_ID, presetStorage, shot, signInWithToken, screensTag } from "./helpers";
import { ownerAuth } from "./chat-helpers";

/** Screenshots of the chat, contacts and contact pages in both themes at desktop and phone sizes (tests/e2e/artifacts). */
const SIZES = [
  { name: "1440", viewport: { width: 1440, height: 900 } },
  { name: "390", viewport: { width: 390, height: 844 } },
];

for (const theme of ["light", "dark"] as const) {
  for (const size of SIZES) {
    test(`chat pages screenshots: ${theme} ${size.name}`, { tag: screensTag(theme, size.name === "1440" ? "desktop" : "mobile") }, async ({ browser, request, baseURL }, testInfo) => {
      test.setTimeout(120_000);
      const owner = await ownerAuth(request);
      const ctx = await browser.newContext({ viewport: size.viewport, locale: "ru-RU", timezoneId: "Europe/Moscow" });
      const page = await ctx.newPage();
      await presetStorage(page, { language: "ru", theme });
      await signInWithToken(page, baseURL!, owner);

      await page.goto(`/${DEMO_ACCOUNT_ID}/apps/chat?c=demo-c-anna&t=demo-t-anna`);
      await expect(page.getByTestId("chat-title")).toHaveText("Анна Смирнова", { timeout: 20_000 });
      await expect(page.getByTestId("chat-message").first()).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `tests/e2e/artifacts/chat-${theme}-${size.name}.png`, animations: "disabled" });
      await testInfo.attach(`chat-${theme}-${size.name}`, { path: `tests/e2e/artifacts/chat-${theme}-${size.name}.png`, contentType: "image/png" });
      if (size.name === "390") {
        await page.getByTestId("chat-back").click();
        await expect(page.getByTestId("chat-contacts")).toBeVisible();
        await page.screenshot({ path: `tests/e2e/artifacts/chat-list-${theme}-${size.name}.png`, animations: "disabled" });
      }

      await page.goto(`/${DEMO_ACCOUNT_ID}/contacts`);
      await expect(page.getByTestId("contact-link").first()).toBeVisible({ timeout: 20_000 });
      await shot(page, testInfo, `contacts-${theme}-${size.name}`);

      await page.goto(`/${DEMO_ACCOUNT_ID}/contacts/demo-c-igor`);
      await expect(page.getByTestId("contact-name")).toHaveText("Игорь Петров", { timeout: 20_000 });
      await shot(page, testInfo, `contact-${theme}-${size.name}`);
      await ctx.close();
    });
  }
}
