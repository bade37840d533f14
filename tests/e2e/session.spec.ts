import { test } from "@playwright/test";
import { DEMO, DEMO_ACCOUNT_ID, apiLogin, bearer, expect, loginViaUi, presetStorage, signInWithToken } from "./helpers";

test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

test("an expired session sends to login with redirect_url and back to the page", async ({ page, request, baseURL }) => {
  const auth = await apiLogin(request, DEMO.email, DEMO.password);
  await signInWithToken(page, baseURL!, auth);
  const target = `/${DEMO_ACCOUNT_ID}/account-settings?tab=members`;
  await page.goto(target);
  await expect(page.getByTestId("members-card")).toBeVisible();
  await expect(page.getByTestId(`member-${DEMO.email}`)).toBeVisible();

  // The server ends the session (as when it expires or is revoked from another device).
  const out = await request.post("/api/auth/logout", { headers: bearer(auth.accessToken) });
  expect(out.status()).toBe(200);

  // The next request gets 401: cookies cleared, snackbar, login with the way back.
  await page.reload();
  await expect(page).toHaveURL(/\/login\?redirect_url=/);
  expect(decodeURIComponent(new URL(page.url()).searchParams.get("redirect_url") ?? "")).toContain(`/${DEMO_ACCOUNT_ID}/account-settings`);
  await expect(page.getByText("Сеанс завершился. Войдите снова — мы вернём вас на ту же страницу.")).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "accessToken")?.value ?? "").toBe("");

  await loginViaUi(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(new RegExp(`/${DEMO_ACCOUNT_ID}/account-settings`));
  await expect(page.getByRole("heading", { name: "Настройки аккаунта" })).toBeVisible();
});

test("a signed-out visitor of a protected page comes back to it after signing in", async ({ page }) => {
  await page.goto(`/profile?tab=sessions`);
  await expect(page).toHaveURL(/\/login\?redirect_url=/);
  await loginViaUi(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/profile\?tab=sessions$/);
  await expect(page.getByTestId("session-current")).toBeVisible();
});

test("sessions: end one and sign out everywhere else", async ({ page, request, baseURL }) => {
  const email = `sessions-${Date.now()}@e2e.test`;
  const reg = await request.post("/api/auth/register", { data: { email, password: "sessions-pass-1", name: "Сеансов Много" } });
  expect(reg.status()).toBe(201);
  const other1 = await apiLogin(request, email, "sessions-pass-1");
  await apiLogin(request, email, "sessions-pass-1");
  const mine = await apiLogin(request, email, "sessions-pass-1");
  await signInWithToken(page, baseURL!, mine);
  await page.goto("/profile?tab=sessions");
  await expect(page.getByTestId("session-current")).toHaveCount(1);
  await expect(page.getByTestId("session-other")).toHaveCount(3);

  await page.getByTestId("session-other").first().getByRole("button", { name: "Завершить" }).click();
  await expect(page.getByTestId("confirm-dialog")).toBeVisible();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Завершить" }).click();
  await expect(page.getByTestId("session-other")).toHaveCount(2);

  await page.getByTestId("end-other-sessions").click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Выйти на всех других устройствах" }).click();
  await expect(page.getByTestId("session-other")).toHaveCount(0);
  await expect(page.getByText("Других активных сеансов нет — вы вошли только на этом устройстве.")).toBeVisible();

  // The ended sessions really are dead; this one still works.
  expect((await request.get("/api/auth/me", { headers: bearer(other1.accessToken) })).status()).toBe(401);
  expect((await request.get("/api/auth/me", { headers: bearer(mine.accessToken) })).status()).toBe(200);
});
