import { test } from "@playwright/test";
import { DEMO, DEMO_ACCOUNT_ID, apiLogin, expect, signInWithToken } from "./helpers";

test.describe.configure({ timeout: 180_000 });

test("theme and language survive a reload", async ({ page, request, baseURL }) => {
  await signInWithToken(page, baseURL!, await apiLogin(request, DEMO.email, DEMO.password));
  await page.goto(`/${DEMO_ACCOUNT_ID}/dashboard`);
  await expect(page.getByTestId("stat-members")).toBeVisible();
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.getByTestId("theme-open").click();
  await page.getByTestId("theme-dark").click();
  await expect(html).toHaveClass(/\bdark\b/);

  await page.getByTestId("language-open").click();
  await page.getByTestId("language-en").click();
  await expect(page.getByText("Team members")).toBeVisible();
  await expect(html).toHaveAttribute("lang", "en");

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(html).toHaveAttribute("lang", "en");
  await expect(page.getByText("Team members")).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Good (morning|afternoon|evening|night), / })).toBeVisible();

  // And back, so the stored choice really is what drives the page.
  await page.getByTestId("theme-open").click();
  await page.getByTestId("theme-light").click();
  await page.getByTestId("language-open").click();
  await page.getByTestId("language-ru").click();
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(page.getByText("Участники команды")).toBeVisible();
});

test("the cookie banner stays hidden after Accept", async ({ page }) => {
  await page.goto("/login");
  const banner = page.getByTestId("cookie-banner");
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("Мы используем cookies");
  await banner.getByRole("button").click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("cookiesAccepted"))).toBe("true");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Вход в Assistly" })).toBeVisible();
  await expect(banner).toBeHidden();
  await page.goto("/about-us");
  await expect(page.getByRole("heading", { name: /Помогаем бизнесу/ })).toBeVisible();
  await expect(banner).toBeHidden();
});

test("while the cookie banner shows, the register page's footer links scroll out from under it (1440 px)", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/register");
  const banner = page.getByTestId("cookie-banner");
  await expect(banner).toBeVisible();
  const links = page.locator("main").getByRole("link", { name: /О нас|Политика конфиденциальности|Условия использования/ });
  await expect(links).toHaveCount(3);
  // Scrolled to the bottom once the page has its room (the banner's padding lands with the page's first frames).
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const b = (await banner.boundingBox())!;
    for (const link of await links.all()) {
      const l = (await link.boundingBox())!;
      expect(l.y + l.height, await link.innerText()).toBeLessThanOrEqual(b.y);
    }
  }).toPass({ timeout: 5_000 });
  // Accepted, the room goes: the page is its own height again.
  await banner.getByRole("button").click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => document.body.style.paddingBottom)).toBe("");
});

test("an open dialog's overlay covers the cookie banner", async ({ page, request, baseURL }) => {
  await signInWithToken(page, baseURL!, await apiLogin(request, DEMO.email, DEMO.password));
  await page.goto(`/${DEMO_ACCOUNT_ID}/dashboard`);
  const banner = page.getByTestId("cookie-banner");
  await expect(banner).toBeVisible();
  // The search palette is a modal dialog: its dimmed overlay must lie over the whole page, the
  // banner included (both are fixed, in the page's root stacking context, so z-index decides).
  // Opened with the header's search button (the shortcut may be pressed before the shell listens for it).
  await page.getByTestId("search-open").click();
  await expect(page.getByTestId("search-input")).toBeFocused();
  const overlay = page.locator('[data-slot="dialog-overlay"]');
  await expect(overlay).toBeVisible();
  const z = (l: typeof banner) => l.evaluate((el) => Number(getComputedStyle(el).zIndex));
  expect(await z(banner)).toBeLessThan(await z(overlay));
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("search-input")).toBeHidden();
  await expect(banner).toBeVisible();
});
