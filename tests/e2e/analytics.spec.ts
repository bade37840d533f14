import { test } from "@playwright/test";
import { eachThemeAndScreen, sideOverflow } from "./fixtures";
import { DEMO, DEMO_ACCOUNT_ID, apiLogin, bearer, expect, presetStorage, settled, shot, signInWithToken, SCREENS } from "./helpers";

/**
 * Analytics on the seeded history (scripts/seed-analytics.mjs, written through the rollup triggers)
 * and the control panel's waiting list following the room. State comes through the API; the page is
 * what the test proves.
 */
test.describe.configure({ timeout: 180_000 });
const A = `/${DEMO_ACCOUNT_ID}`;

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

test("analytics shows the seeded charts and tables, the figures of the API", async ({ page, request, baseURL }) => {
  const owner = await apiLogin(request, DEMO.email, DEMO.password);
  await signInWithToken(page, baseURL!, owner);
  await page.goto(`${A}/analytics?range=30d`);
  await expect(page.getByRole("heading", { name: "Аналитика", level: 1 })).toBeVisible();
  // The page asked for the last 30 days in the account's zone: the same figures through the API.
  const figures = (await (
    await request.get(`/api/accounts/${DEMO_ACCOUNT_ID}/analytics?${new URLSearchParams(await rangeOf(page))}`, { headers: bearer(owner.accessToken) })
  ).json()) as { totals: { conversations: number; aiReplies: number }; range: { days: string[] } };
  expect(figures.range.days).toHaveLength(30);
  expect(figures.totals.conversations).toBeGreaterThan(100);
  await expect(page.getByTestId("total-conversations-value")).toHaveText(figures.totals.conversations.toLocaleString("ru-RU"));
  await expect(page.getByTestId("total-ai-value")).toHaveText(figures.totals.aiReplies.toLocaleString("ru-RU"));
  // The charts drew their bars; the tables have the seeded model and the AI's response times.
  await expect(page.getByTestId("figure-channels").locator(".recharts-bar-rectangle").first()).toBeVisible();
  expect(await page.getByTestId("figure-replies").locator(".recharts-bar-rectangle").count()).toBeGreaterThan(20);
  await expect(page.getByTestId("models-table")).toContainText("gpt-4.1-mini");
  await expect(page.getByTestId("times-firstAi")).toContainText("≤");
  // A filter narrows the figures: one channel has fewer conversations than both.
  await page.getByTestId("filter-channel").click();
  await page.getByRole("option", { name: "@uyut_shop_bot" }).click();
  await expect(page).toHaveURL(/channel=demo-ch-telegram/);
  await expect.poll(async () => Number((await page.getByTestId("total-conversations-value").innerText()).replace(/\D/g, ""))).toBeLessThan(figures.totals.conversations);
  // CSV of a table.
  const download = page.waitForEvent("download");
  await page.getByTestId("export-daily").click();
  expect((await download).suggestedFilename()).toMatch(/^analytics-daily-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
});

/** The from/to the page's 30-day preset stands for (the account is in Moscow). */
async function rangeOf(page: import("@playwright/test").Page) {
  return page.evaluate(() => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date());
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    return { from, to: today };
  });
}

test("the control panel's waiting list follows the room when a thread goes to pending", async ({ page, request, baseURL }) => {
  const owner = await apiLogin(request, DEMO.email, DEMO.password);
  const thread = "demo-an-t7";
  const setStatus = (status: string) => request.put(`/api/accounts/${DEMO_ACCOUNT_ID}/contacts/threads/${thread}/set-status`, { headers: bearer(owner.accessToken), data: { status } });
  expect((await setStatus("closed")).status()).toBe(200);
  await signInWithToken(page, baseURL!, owner);
  await page.goto(`${A}/dashboard`);
  await expect(page.getByTestId("waiting-list")).toBeVisible();
  await expect(page.getByTestId("today-figures")).toBeVisible();
  await expect(page.locator(`[data-testid=waiting-thread][data-thread=${thread}]`)).toHaveCount(0);
  const before = Number(await page.getByTestId("waiting-count").innerText());
  try {
    expect((await setStatus("pending")).status()).toBe(200);
    // No reload: the room's frame refetches the panel.
    await expect(page.locator(`[data-testid=waiting-thread][data-thread=${thread}]`)).toBeVisible();
    await expect(page.getByTestId("waiting-count")).toHaveText(String(before + 1));
  } finally {
    await setStatus("closed");
  }
  await expect(page.locator(`[data-testid=waiting-thread][data-thread=${thread}]`)).toHaveCount(0);
});

test("screenshots: analytics and the control panel, light and dark, desktop and phone", { tag: SCREENS }, async ({ page, request, baseURL }, testInfo) => {
  const owner = await apiLogin(request, DEMO.email, DEMO.password);
  await signInWithToken(page, baseURL!, owner);
  await page.goto(`${A}/dashboard`);
  await eachThemeAndScreen(page, async (theme, label) => {
    for (const [name, path] of [
      ["analytics", `${A}/analytics?range=30d`],
      ["dashboard", `${A}/dashboard`],
    ] as const) {
      await page.goto(path);
      await settled(page);
      await page.waitForTimeout(600);
      expect(await sideOverflow(page), `${name} ${label}`).toEqual([]);
      await shot(page, testInfo, `analytics/${name}-${label}-${theme}`);
    }
  });
});
