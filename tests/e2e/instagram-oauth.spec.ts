import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiRegister, bearer, presetStorage, settled, shot, signInWithToken, uniqueEmail } from "./helpers";

/**
 * Connecting Instagram through Facebook Login in Chromium against the e2e server's fake Meta: the
 * button sends the browser to the (fake) dialog, which comes straight back to our callback; the page
 * then lists the Instagram accounts found and connects the one picked. A cancelled login and a login
 * without Instagram accounts come back with a readable reason.
 */

async function ownerWithAccount(request: APIRequestContext) {
  const auth = await apiRegister(request, { email: uniqueEmail("igoauth"), password: "owner-pass-1", name: "Марина Владелец" });
  const res = await request.post("/api/accounts", { headers: bearer(auth.accessToken), data: { name: "Кофейня «Зерно»" } });
  expect(res.status()).toBe(201);
  const accountId = ((await res.json()) as { accountId: string }).accountId;
  const a = await request.post(`/api/accounts/${accountId}/assistants`, { headers: bearer(auth.accessToken), data: { name: "Бариста-бот" } });
  expect(a.status(), await a.text()).toBe(201);
  return { auth, accountId };
}

/** The fake Meta's address, from the dialog URL our server hands out (the e2e server wires it). */
async function metaFake(request: APIRequestContext, token: string, accountId: string) {
  const res = await request.post(`/api/accounts/${accountId}/platform-instagram/oauth/start`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return new URL(((await res.json()) as { url: string }).url).origin;
}

async function setTheme(page: Page, theme: "light" | "dark") {
  await page.evaluate((th) => {
    const p = JSON.parse(localStorage.getItem("preferences") || "{}");
    localStorage.setItem("preferences", JSON.stringify({ ...p, theme: th }));
  }, theme);
}

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

test("Instagram through Facebook: cancel, no accounts, then pick an account and connect", async ({ page, request, baseURL }, testInfo) => {
  const { auth, accountId } = await ownerWithAccount(request);
  const meta = await metaFake(request, auth.accessToken, accountId);
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/connect`);
  await settled(page);
  const card = page.getByTestId("channel-instagram");
  const login = card.getByRole("button", { name: "Войти через Facebook" });
  await expect(login).toBeEnabled();

  // The person cancels in Meta's dialog.
  await request.post(`${meta}/__dialog`, { data: { deny: true } });
  await login.click();
  await page.waitForURL(`**/${accountId}/connect?instagram_error=cancelled`);
  const error = card.getByTestId("instagram-oauth-error");
  await expect(error).toContainText("Instagram не подключён");
  await expect(error).toContainText("Вход через Facebook отменён.");
  await error.getByRole("button", { name: "Скрыть" }).click();
  await expect(error).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/${accountId}/connect$`));

  // The person's Pages have no Instagram account.
  await request.post(`${meta}/__dialog`, { data: { noInstagram: true } });
  await login.click();
  await page.waitForURL(`**/${accountId}/connect?instagram_error=no_accounts`);
  await expect(card.getByTestId("instagram-oauth-error")).toContainText("Не найдено Instagram-аккаунтов, связанных с вашими страницами Facebook");
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, testInfo, "instagram-oauth-no-accounts-light");

  // Approved: two Instagram accounts to choose from.
  await login.click();
  await page.waitForURL(new RegExp(`/${accountId}/connect\\?instagram=[A-Za-z0-9_-]+$`));
  const dialog = page.getByRole("dialog", { name: "Выберите аккаунт Instagram" });
  await expect(dialog).toBeVisible();
  const options = dialog.getByRole("radio");
  await expect(options).toHaveCount(2);
  await expect(options.nth(0)).toContainText("Страница Facebook: Кофейня «Зерно»");
  await expect(options.nth(1)).toContainText("Страница Facebook: Пекарня «Колос»");
  await expect(dialog.getByText(/EAA/)).toHaveCount(0);
  // Nothing chosen yet: the dialog asks for a choice.
  await dialog.getByRole("button", { name: "Подключить" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Выберите аккаунт из списка");
  await options.nth(1).click();
  await expect(options.nth(1)).toHaveAttribute("aria-checked", "true");
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await page.waitForTimeout(300);
  await shot(page, testInfo, "instagram-oauth-pick-light");

  // The same dialog in the dark theme (a reload keeps the pick: it is used only by connecting).
  await setTheme(page, "dark");
  await page.reload();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("radio")).toHaveCount(2);
  await dialog.getByRole("radio").nth(1).click();
  await page.waitForTimeout(300);
  await shot(page, testInfo, "instagram-oauth-pick-dark");
  await setTheme(page, "light");

  const username = ((await dialog.getByRole("radio").nth(1).getByText(/^@shop_\d{4}$/).textContent()) ?? "").trim();
  expect(username).toMatch(/^@shop_\d{4}$/);
  await dialog.getByRole("button", { name: "Подключить" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Instagram ${username} подключён`)).toBeVisible();
  await expect(card.getByTestId("instagram-account")).toContainText(username);
  await expect(page).toHaveURL(new RegExp(`/${accountId}/connect$`));

  const state = await request.get(`/api/accounts/${accountId}/platform-instagram`, { headers: bearer(auth.accessToken) });
  expect(await state.json()).toMatchObject({ connected: true, username: username.slice(1), subscribedFields: ["messages", "comments"] });
});
