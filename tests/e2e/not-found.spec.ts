import { test } from "@playwright/test";
import { DEMO, DEMO_ACCOUNT_ID, apiLogin, apiRegister, expect, presetStorage, signInWithToken, uniqueEmail } from "./helpers";

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" }, { acceptCookies: true });
});

test("an unknown path shows the 404 page, someone else's account says there is no access; /{accountId} opens its dashboard", async ({ page, request, baseURL }) => {
  const auth = await apiLogin(request, DEMO.email, DEMO.password);
  await signInWithToken(page, baseURL!, auth);

  await page.goto(`/${DEMO_ACCOUNT_ID}`);
  await expect(page).toHaveURL(new RegExp(`/${DEMO_ACCOUNT_ID}/dashboard$`));

  await page.goto("/no-such-page");
  await expect(page.getByTestId("page-not-found")).toBeVisible();

  await page.goto("/no/such/page");
  await expect(page.getByTestId("page-not-found")).toBeVisible();

  // An account that exists but is not the user's: the API answers 404 as if it did not exist, and
  // the page says that there is no access to it (it may also be one the user was removed from).
  const stranger = await apiRegister(request, { email: uniqueEmail("stranger"), password: "password123", name: "Чужой" });
  const created = await request.post("/api/accounts", { headers: { authorization: `Bearer ${stranger.accessToken}` }, data: { name: "Чужой аккаунт" } });
  const foreignId = (await created.json()).accountId as string;
  const sockets: string[] = [];
  page.on("websocket", (ws) => sockets.push(ws.url()));
  await page.goto(`/${foreignId}/dashboard`);
  await expect(page.getByTestId("account-unavailable")).toContainText("У вас нет доступа к этому аккаунту");
  await expect(page).toHaveTitle(/^Нет доступа к аккаунту — /);
  await expect(page.getByTestId("account-unavailable").getByRole("link", { name: "Мои аккаунты" })).toHaveAttribute("href", "/accounts");
  // No socket is opened for it (the server would refuse it, and it would be retried).
  await page.waitForTimeout(1500);
  expect(sockets.filter((u) => u.includes(foreignId))).toEqual([]);
});

test("a top-level path that cannot be an account id is a plain 404: no shell, no socket, the title says so", async ({ page, request, baseURL }) => {
  const auth = await apiLogin(request, DEMO.email, DEMO.password);
  await signInWithToken(page, baseURL!, auth);
  const sockets: string[] = [];
  page.on("websocket", (ws) => sockets.push(ws.url()));
  const sessionAccounts: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.pathname === "/api/auth/me" && u.searchParams.get("accountId")) sessionAccounts.push(u.searchParams.get("accountId")!);
  });

  // Typos of top-level pages, and a page's name where an account id would stand.
  for (const path of ["/chekout", "/acounts", "/dashbord", "/checkout/dashboard", "/partnres"]) {
    await page.goto(path);
    await expect(page.getByTestId("page-not-found")).toBeVisible();
    await expect(page).toHaveTitle(/^Страница не найдена — /);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator('[data-layout="default"]')).toHaveCount(0);
    await expect(page.getByTestId("navbar")).toHaveCount(0);
    await expect(page.getByTestId("test-chat-launcher")).toHaveCount(0);
  }
  // Give a socket that would open late its chance to show up.
  await page.waitForTimeout(1500);
  expect(sockets).toEqual([]);
  expect(sessionAccounts.filter((a) => a !== DEMO_ACCOUNT_ID)).toEqual([]);

  // The same app still opens the real account (and its socket) from the 404's home link.
  await page.getByTestId("page-not-found").getByRole("link", { name: "На главную", exact: true }).last().click();
  await expect(page).toHaveURL(new RegExp(`/${DEMO_ACCOUNT_ID}/dashboard$`));
  await expect.poll(() => sockets.length).toBeGreaterThan(0);
  expect(sockets.every((u) => u.includes(`accountId=${DEMO_ACCOUNT_ID}`))).toBe(true);
});

test("signed out, a path that cannot be an account id is a 404 too, not the sign-in page", async ({ page }) => {
  const sockets: string[] = [];
  page.on("websocket", (ws) => sockets.push(ws.url()));
  await page.goto("/chekout");
  await expect(page.getByTestId("page-not-found")).toBeVisible();
  await expect(page).toHaveURL(/\/chekout$/);
  await expect(page).toHaveTitle(/^Страница не найдена — /);
  expect(sockets).toEqual([]);
});
