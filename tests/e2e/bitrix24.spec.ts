import { test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { eachThemeAndScreen } from "./fixtures";
import { apiRegister, bearer, expect, fakeBindings, presetStorage, settled, shot, signInWithToken, uniqueEmail, SCREENS } from "./helpers";

/**
 * Bitrix24 against the fake portal of tests/fakes/bitrix24.ts: an owner connects it from the hub by
 * an incoming webhook URL (a bad one refused with a sentence first) and sees the portal's deals.
 * Then the pages at 1440 and 390 wide, light and dark, for the screenshots.
 */
test.describe.configure({ timeout: 240_000 });

/** What sticks out sideways, except inside a table's own horizontal scroller (the design's wide tables on a phone). */
function pageOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll("main *")]
      .filter((el) => !el.closest("[data-slot=table-container]") && el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName}.${String((el as HTMLElement).className).slice(0, 80)} → ${Math.round(el.getBoundingClientRect().right)}`);
  });
}

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

async function owner(request: Parameters<typeof apiRegister>[0]) {
  const auth = await apiRegister(request, { email: uniqueEmail("crm"), password: "owner-pass-1", name: "Ольга Владелец" });
  const created = await request.post("/api/accounts", { headers: bearer(auth.accessToken), data: { name: "Кофейня «Зерно»" } });
  const { accountId } = (await created.json()) as { accountId: string };
  return { auth, accountId };
}

test("an owner connects Bitrix24 (fake) by a webhook URL and sees the deals", async ({ page, request, baseURL }, testInfo) => {
  const { auth, accountId } = await owner(request);
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/integrations`);
  const card = page.getByTestId("integration-bitrix24");
  await expect(card.getByTestId("integration-status")).toHaveText("Не подключено");
  await expect(page.getByTestId("integration-google-calendar").getByTestId("integration-status")).toHaveText("Не подключено");
  await card.getByTestId("integration-bitrix24-open").click();
  await expect(page).toHaveURL(new RegExp(`/${accountId}/integration/bitrix24/setup$`));

  const fake = fakeBindings().BITRIX24_FAKE_URL!;
  const url = page.getByTestId("bitrix-webhook-url");
  await url.fill(`${fake}/rest/1/bad${Date.now().toString(36)}/`);
  await page.getByTestId("bitrix-webhook-submit").click();
  await expect(page.getByText("Создайте входящий вебхук заново")).toBeVisible();

  await url.fill(`${fake}/rest/1/e2e${Date.now().toString(36)}/`);
  await page.getByTestId("bitrix-webhook-submit").click();
  await expect(page).toHaveURL(new RegExp(`/${accountId}/integration/bitrix24/settings$`));
  await expect(page.getByTestId("bitrix-settings")).toBeVisible();

  await page.getByTestId("bitrix-tab-deals").click();
  const deals = page.getByTestId("crm-deals");
  await expect(deals.getByText("Поставка кофе в офис")).toBeVisible();
  await expect(deals.getByText("Корпоративный заказ на 30 человек")).toBeVisible();
  await page.getByRole("searchbox").fill("кейтеринг");
  await expect(deals.getByText("Кейтеринг на конференцию")).toBeVisible();
  await expect(deals.getByText("Поставка кофе в офис")).toBeHidden();
  await shot(page, testInfo, "bitrix24-deals");

  await page.goto(`/${accountId}/integrations`);
  await expect(card.getByTestId("integration-status")).toHaveText("Подключено");
});

test("the integrations and Bitrix24 pages at 1440 and 390 wide, light and dark", { tag: SCREENS }, async ({ page, request, baseURL }, testInfo) => {
  const { auth, accountId } = await owner(request);
  const fake = fakeBindings().BITRIX24_FAKE_URL!;
  const put = await request.put(`/api/accounts/${accountId}/integrations/bitrix24`, { headers: bearer(auth.accessToken), data: { webhookUrl: `${fake}/rest/1/shots${Date.now().toString(36)}/` } });
  expect(put.ok()).toBe(true);
  await signInWithToken(page, baseURL!, auth);
  const pages: [string, string][] = [
    ["integrations", `/${accountId}/integrations`],
    ["bitrix24-overview", `/${accountId}/integration/bitrix`],
    ["bitrix24-settings", `/${accountId}/integration/bitrix24/settings`],
    ["bitrix24-deals", `/${accountId}/integration/bitrix24/deals`],
    ["bitrix24-setup", `/${accountId}/integration/bitrix24/setup`],
  ];
  await eachThemeAndScreen(page, async (theme, label) => {
    for (const [name, path] of pages) {
      await page.goto(path);
      await settled(page);
      expect(await pageOverflow(page), `${name} ${label}`).toEqual([]);
      await shot(page, testInfo, `${name}-${label}-${theme}`);
    }
  });
});
