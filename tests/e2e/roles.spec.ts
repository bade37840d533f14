import { test } from "@playwright/test";
import { ADMIN, DEMO, DEMO_ACCOUNT_ID, apiLogin, apiRegister, bearer, clickCentered, expect, loginViaUi, mailLink, presetStorage, signInWithToken, uniqueEmail } from "./helpers";

test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

async function ownerWithAccount(request: import("@playwright/test").APIRequestContext, name: string) {
  const email = uniqueEmail("owner");
  const auth = await apiRegister(request, { email, password: "owner-pass-1", name: "Ольга Владелец" });
  const res = await request.post("/api/accounts", { headers: bearer(auth.accessToken), data: { name } });
  expect(res.status()).toBe(201);
  return { email, auth, accountId: ((await res.json()) as { accountId: string }).accountId };
}

test("an operator does not see what the role forbids", async ({ page, request }) => {
  const { auth: owner, accountId } = await ownerWithAccount(request, "Цветочная лавка «Флёр»");
  const operatorEmail = uniqueEmail("operator");
  const inv = await request.post(`/api/accounts/${accountId}/members/invitations`, { headers: bearer(owner.accessToken), data: { email: operatorEmail, role: "operator" } });
  expect(inv.status()).toBe(201);
  const link = await mailLink(request, operatorEmail, "/invite");
  const token = new URL(link, "http://x").searchParams.get("token")!;
  await apiRegister(request, { email: operatorEmail, password: "operator-pass-1", name: "Олег Оператор", inviteToken: token });

  await page.goto("/login");
  await loginViaUi(page, operatorEmail, "operator-pass-1");
  await expect(page).toHaveURL(new RegExp(`/${accountId}/dashboard$`));
  await expect(page.getByTestId("stat-members-value")).toHaveText("2");
  await expect(page.getByTestId("stat-invitations")).toHaveCount(0);
  await expect(page.getByTestId("stat-downtime")).toHaveCount(0);
  await expect(page.locator('[data-testid^="skip-"]')).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Все участники" })).toBeVisible();

  await page.goto(`/${accountId}/account-settings`);
  await expect(page.getByTestId("tab-general")).toBeVisible();
  await expect(page.getByTestId("tab-members")).toBeVisible();
  await expect(page.getByTestId("tab-downtime")).toHaveCount(0);
  await expect(page.getByTestId("tab-webhook")).toHaveCount(0);
  await expect(page.getByTestId("tab-ai-provider")).toHaveCount(0);
  await expect(page.getByText("Изменять данные аккаунта могут владельцы и администраторы.")).toBeVisible();
  await expect(page.getByLabel("Название аккаунта")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Сохранить" })).toHaveCount(0);
  await expect(page.getByTestId("defaults-card")).toHaveCount(0);
  await expect(page.getByTestId("danger-zone").getByRole("button", { name: "Покинуть" })).toBeVisible();
  await expect(page.getByTestId("delete-account")).toHaveCount(0);

  await page.getByTestId("tab-members").click();
  await expect(page.getByTestId(`member-${operatorEmail}`)).toBeVisible();
  await expect(page.getByTestId("invite-button")).toHaveCount(0);
  await expect(page.getByTestId("invitations-card")).toHaveCount(0);
  await expect(page.getByTestId("members-card").getByRole("combobox")).toHaveCount(0);
  await expect(page.getByTestId("members-card").getByRole("button", { name: /^Удалить/ })).toHaveCount(0);

  // Asking for a hidden tab by URL falls back to the general one.
  await page.goto(`/${accountId}/account-settings?tab=downtime`);
  await expect(page.getByTestId("tab-general")).toHaveAttribute("data-state", "active");
  await expect(page.getByTestId("downtime-card")).toHaveCount(0);
});

test("an administrator manages the team but cannot delete the account; the owner can", async ({ page, request, baseURL }) => {
  await signInWithToken(page, baseURL!, await apiLogin(request, ADMIN.email, ADMIN.password));
  await page.goto(`/${DEMO_ACCOUNT_ID}/account-settings`);
  await expect(page.getByRole("button", { name: "Сохранить" }).first()).toBeVisible();
  await expect(page.getByTestId("danger-zone")).toBeVisible();
  await expect(page.getByTestId("delete-account")).toHaveCount(0);
  await page.getByTestId("tab-members").click();
  await expect(page.getByTestId("invite-button")).toBeVisible();
  // An admin cannot touch the owner's role.
  await expect(page.getByTestId(`member-${DEMO.email}`).getByRole("combobox")).toHaveCount(0);

  await page.context().clearCookies();
  await signInWithToken(page, baseURL!, await apiLogin(request, DEMO.email, DEMO.password));
  await page.goto(`/${DEMO_ACCOUNT_ID}/account-settings`);
  await expect(page.getByTestId("delete-account")).toBeVisible();
});

test("invite through the UI → the invitee registers from the link → lands in the account; revoke and delete with confirmation", async ({ page, browser, request, baseURL }) => {
  const { auth: owner, accountId } = await ownerWithAccount(request, "Автосервис «Гайка»");
  await signInWithToken(page, baseURL!, owner);
  await page.goto(`/${accountId}/account-settings?tab=members`);
  await expect(page.getByText("Нет ожидающих приглашений")).toBeVisible();

  const invitee = uniqueEmail("invitee");
  await page.getByTestId("invite-button").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("E-mail коллеги").fill("bad@");
  await expect(dialog.getByText("Введите корректный e-mail, например name@company.ru")).toBeVisible();
  await dialog.getByLabel("E-mail коллеги").fill(invitee);
  await dialog.getByRole("button", { name: "Отправить приглашение" }).click();
  await expect(page.getByTestId(`invitation-${invitee}`)).toBeVisible();

  // A second invitation that we revoke (with confirmation; Cancel keeps it).
  const revoked = uniqueEmail("revoked");
  await page.getByTestId("invite-button").click();
  await page.getByRole("dialog").getByLabel("E-mail коллеги").fill(revoked);
  await page.getByRole("dialog").getByRole("button", { name: "Отправить приглашение" }).click();
  const row = page.getByTestId(`invitation-${revoked}`);
  await row.getByRole("button", { name: "Отозвать" }).click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Отмена" }).click();
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Отозвать" }).click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Отозвать" }).click();
  await expect(row).toHaveCount(0);

  // The invitee opens the mailed link in their own browser and registers from it.
  const link = await mailLink(request, invitee, "/invite");
  const ctx = await browser.newContext({ baseURL });
  const guest = await ctx.newPage();
  await presetStorage(guest, { language: "ru", theme: "light" });
  await guest.goto(link);
  await expect(guest.getByTestId("invite-account")).toHaveText("Автосервис «Гайка»");
  await guest.getByRole("link", { name: "Зарегистрироваться и принять" }).click();
  await expect(guest.getByLabel("E-mail")).toHaveValue(invitee);
  await guest.getByLabel("Имя").fill("Иван Приглашённый");
  await guest.getByLabel("Пароль", { exact: true }).fill("invitee-pass-1");
  await guest.getByLabel("Повторите пароль").fill("invitee-pass-1");
  await guest.getByRole("checkbox").check();
  await guest.getByRole("button", { name: "Зарегистрироваться" }).click();
  await expect(guest).toHaveURL(new RegExp(`/${accountId}/dashboard$`));
  await expect(guest.getByText("Сводка по аккаунту «Автосервис „Гайка“»")).toBeVisible();
  await ctx.close();

  // The owner now sees the new member; the revoked link shows "not found".
  await page.reload();
  await expect(page.getByTestId(`member-${invitee}`)).toBeVisible();
  await expect(page.getByTestId(`invitation-${invitee}`)).toHaveCount(0);

  // Deleting the account asks first, then it is gone.
  await page.getByTestId("tab-general").click();
  await clickCentered(page.getByTestId("delete-account"));
  await expect(page.getByTestId("confirm-dialog")).toContainText("Автосервис „Гайка“");
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Удалить аккаунт" }).click();
  await expect(page).toHaveURL(/\/accounts$/);
  expect((await request.get(`/api/accounts/${accountId}`, { headers: bearer(owner.accessToken) })).status()).toBe(404);
});
