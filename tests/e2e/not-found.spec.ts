import { test } from "@playwright/test";
import { DEMO, DEMO_ACCOUNT_ID, apiLogin, apiRegister, expect, presetStorage, signInWithToken, uniqueEmail } from "./helpers";

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" }, { acceptCookies: true });
});

test("an unknown path and someone else's account show the 404 page; /{accountId} opens its dashboard", async ({ page, request, baseURL }) => {
  const auth = await apiLogin(request, DEMO.email, DEMO.password);
  await signInWithToken(page, baseURL!, auth);

  await page.goto(`/${DEMO_ACCOUNT_ID}`);
  await expect(page).toHaveURL(new RegExp(`/${DEMO_ACCOUNT_ID}/dashboard$`));

  await page.goto("/no-such-page");
  await expect(page.getByTestId("page-not-found")).toBeVisible();

  await page.goto("/no/such/page");
  await expect(page.getByTestId("page-not-found")).toBeVisible();

  // An account that exists but is not the user's does not exist for them, as in the API.
  const stranger = await apiRegister(request, { email: uniqueEmail("stranger"), password: "password123", name: "Чужой" });
  const created = await request.post("/api/accounts", { headers: { authorization: `Bearer ${stranger.accessToken}` }, data: { name: "Чужой аккаунт" } });
  const foreignId = (await created.json()).accountId as string;
  await page.goto(`/${foreignId}/dashboard`);
  await expect(page.getByTestId("page-not-found")).toBeVisible();
});
