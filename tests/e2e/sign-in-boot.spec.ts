import { test, type Page } from "@playwright/test";
import { DEMO, DEMO_ACCOUNT_ID, expect, loginViaUi, presetStorage } from "./helpers";

/**
 * The sign-in pages boot without react-router's data router for a signed-out visitor
 * (web/guest-app.tsx): the router's file (the "router" chunk of vite.config.ts) is not downloaded
 * while the visitor moves between them, and loads once they go anywhere else, e.g. after signing in.
 */
const TAGLINE = "Assistly: ИИ-ассистенты для мессенджеров";

function watch(page: Page) {
  const seen = { router: 0, trackClicks: [] as string[] };
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (/^\/assets\/router-[\w-]+\.js$/.test(url.pathname)) seen.router++;
    if (url.pathname === "/api/partners/codes/track-click") seen.trackClicks.push(url.searchParams.get("partner") ?? "");
  });
  return seen;
}

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

test("sign-in, registration and password pages work without the router; it loads after sign-in", async ({ page }) => {
  const seen = watch(page);
  const partner = `BOOT${Date.now().toString(36)}`;
  await page.goto(`/login?partner=${partner}`);
  await expect(page.getByRole("heading", { name: "Вход в Assistly" })).toBeVisible();
  await expect(page).toHaveTitle(`Вход — ${TAGLINE}`);
  // §7.7: the partner code is reported once and remembered.
  await expect.poll(() => seen.trackClicks).toEqual([partner]);
  expect(await page.evaluate(() => localStorage.getItem("partnerCode"))).toBe(partner);

  await page.getByRole("link", { name: "Забыли пароль?" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expect(page.getByRole("heading", { name: "Забыли пароль?" })).toBeVisible();
  await expect(page).toHaveTitle(`Восстановление пароля — ${TAGLINE}`);
  await page.goBack();
  await expect(page).toHaveURL(/\/login\?partner=/);
  await page.getByRole("link", { name: "Зарегистрироваться" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page).toHaveTitle(`Регистрация — ${TAGLINE}`);
  await page.getByRole("link", { name: "Войти" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The form validates on input (react-hook-form + the lazily loaded zod schema).
  await page.getByLabel("E-mail").fill("not-an-email");
  await expect(page.getByText("Введите корректный e-mail, например name@company.ru")).toBeVisible();
  expect(seen.router).toBe(0);
  expect(seen.trackClicks).toEqual([partner]);

  await loginViaUi(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(new RegExp(`/${DEMO_ACCOUNT_ID}/dashboard$`));
  await expect(page).toHaveTitle(`Панель управления — ${TAGLINE}`);
  expect(seen.router).toBe(1);
});

test("signing in from the light boot returns to redirect_url", async ({ page }) => {
  const seen = watch(page);
  await page.goto(`/login?redirect_url=${encodeURIComponent("/profile?tab=sessions")}`);
  await expect(page.getByText("Сеанс завершился. Войдите снова — мы вернём вас на ту же страницу.")).toBeVisible();
  expect(seen.router).toBe(0);
  await loginViaUi(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/profile\?tab=sessions$/);
  await expect(page.getByTestId("session-current")).toBeVisible();
  expect(seen.router).toBe(1);
});

test("a signed-out visit of / opens the sign-in page without the router", async ({ page }) => {
  const seen = watch(page);
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Вход в Assistly" })).toBeVisible();
  expect(seen.router).toBe(0);
});
