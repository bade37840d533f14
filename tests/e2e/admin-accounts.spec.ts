import { expect as baseExpect, test } from "@playwright/test";
import { ADMIN, apiLogin, apiRegister, bearer, presetStorage, signInWithToken, uniqueEmail } from "./helpers";

/** Issue 21's admin area: an administrator finds an account, blocks it, and its owner sees why. */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

test("an admin finds an account, blocks it with a reason, and its owner sees the banner; the audit log has the line", async ({ browser, request, baseURL }) => {
  const owner = await apiRegister(request, { email: uniqueEmail("blocked-owner"), password: "secret-pass-1", name: "Пётр Владелец" });
  const name = `Шиномонтаж «Колесо» ${Date.now() % 100000}`;
  const res = await request.post("/api/accounts", { headers: bearer(owner.accessToken), data: { name } });
  expect(res.status()).toBe(201);
  const { accountId } = (await res.json()) as { accountId: string };

  const adminCtx = await browser.newContext({ locale: "ru-RU", timezoneId: "Europe/Moscow" });
  const admin = await adminCtx.newPage();
  await presetStorage(admin, { theme: "light", language: "ru" });
  await signInWithToken(admin, baseURL!, await apiLogin(request, ADMIN.email, ADMIN.password));
  await admin.goto("/admin/accounts");
  await admin.getByTestId("admin-accounts-search").fill("Колесо");
  await admin.getByTestId("admin-account-link").filter({ hasText: name }).click();
  await expect(admin.getByTestId("admin-account")).toBeVisible();
  await expect(admin.getByRole("heading", { name })).toBeVisible();

  await admin.getByTestId("admin-block").click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByRole("button", { name: "Заблокировать" }).click();
  await expect(dialog.getByText("Укажите причину блокировки")).toBeVisible();
  await dialog.getByLabel("Причина (её увидят участники аккаунта)").fill("Рассылки без согласия получателей");
  await dialog.getByRole("button", { name: "Заблокировать" }).click();
  await expect(admin.getByTestId("admin-blocked-alert")).toContainText("Рассылки без согласия получателей");
  await expect(admin.getByTestId("audit-log")).toContainText("Блокировка аккаунта");

  // The owner, in their own browser, sees the reason over their pages.
  const ownerCtx = await browser.newContext({ locale: "ru-RU", timezoneId: "Europe/Moscow" });
  const page = await ownerCtx.newPage();
  await presetStorage(page, { theme: "light", language: "ru" });
  await signInWithToken(page, baseURL!, owner);
  await page.goto(`/${accountId}/dashboard`);
  await expect(page.getByTestId("account-blocked-banner")).toContainText("Причина: Рассылки без согласия получателей");

  // Unblocked: the banner goes.
  await admin.getByTestId("admin-unblock").click();
  await admin.getByRole("dialog").getByRole("button", { name: "Разблокировать" }).click();
  await expect(admin.getByTestId("admin-blocked-alert")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByTestId("account-blocked-banner")).toHaveCount(0);
  await adminCtx.close();
  await ownerCtx.close();
});
