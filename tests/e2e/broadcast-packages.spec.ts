import { test } from "@playwright/test";
import { ADMIN, apiLogin, apiRegister, bearer, expect, presetStorage, shot, signInWithToken, uniqueEmail } from "./helpers";

/**
 * The platform administrator's broadcast packages: the seeded catalogue, a package created through
 * the dialog (a bad price refused on its field first), granted to an account found by search, and
 * the account's new balance — in the dialog and in the account's own quota route.
 */
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

test("an administrator creates a package, grants it to an account and sees the account's balance", async ({ page, request, baseURL }, testInfo) => {
  const suffix = Date.now().toString(36);
  const owner = await apiRegister(request, { email: uniqueEmail("owner"), password: "owner-pass-1", name: "Олег Владелец" });
  const accountName = `Кофейня «Зерно» ${suffix}`;
  const created = await request.post("/api/accounts", { headers: bearer(owner.accessToken), data: { name: accountName } });
  const { accountId } = (await created.json()) as { accountId: string };

  await signInWithToken(page, baseURL!, await apiLogin(request, ADMIN.email, ADMIN.password));
  await page.goto("/admin/broadcast-packages");
  await expect(page.getByRole("heading", { name: "Пакеты рассылок", level: 1 })).toBeVisible();
  const table = page.getByTestId("packages-table");
  await expect(table.getByRole("row", { name: /Бизнес/ })).toContainText("3 900 ₽".replace(" ", "\u00a0"));
  // the menu has the page
  await expect(page.getByRole("link", { name: "Пакеты рассылок" }).first()).toBeVisible();

  const name = `Акция ${suffix}`;
  await page.getByTestId("package-create").click();
  const dialog = page.getByTestId("package-dialog");
  await dialog.getByTestId("package-name").fill(name);
  await dialog.getByTestId("package-recipients").fill("2500");
  await dialog.getByTestId("package-price").fill("1990,123");
  await dialog.getByTestId("package-validity").fill("60");
  await dialog.getByRole("button", { name: "Создать пакет" }).click();
  await expect(dialog.getByText("Цена — число, не больше двух знаков после запятой")).toBeVisible();
  await dialog.getByTestId("package-price").fill("1990,50");
  await dialog.getByRole("button", { name: "Создать пакет" }).click();
  await expect(dialog).toBeHidden();
  const row = table.getByRole("row", { name: new RegExp(name) });
  await expect(row).toBeVisible();
  expect(nbsp(await row.innerText())).toMatch(/2 500\s+1 990,50 ₽\s+60 дней\s+Активен\s+0/);

  await page.getByTestId("grant-open").click();
  const grant = page.getByTestId("grant-dialog");
  await grant.getByTestId("account-search").fill(suffix);
  await grant.getByRole("option", { name: new RegExp(accountName) }).click();
  await expect(grant.getByTestId("picked-account")).toContainText(accountName);
  await expect(grant.getByTestId("account-quota")).toContainText("Остаток: 100 получателей");
  await expect(grant.getByText("Нет действующих пакетов рассылок")).toBeVisible();
  await grant.getByRole("combobox", { name: "Пакет" }).click();
  await page.getByRole("option", { name: new RegExp(`^${name} — 2`) }).click();
  await grant.getByRole("button", { name: "Выдать", exact: true }).click();
  await expect(page.getByText(`Пакет «${name}» выдан аккаунту`)).toBeVisible();
  await expect(grant.getByTestId("account-quota")).toContainText("Остаток: 2\u00a0600 получателей");
  await expect(grant.getByTestId("quota-grants")).toContainText(name);
  await shot(page, testInfo, "broadcast-packages-grant");
  await grant.getByRole("form").getByRole("button", { name: "Закрыть" }).click();
  await expect(row).toContainText(/Активен\s*1/);

  // the account's members see the same balance
  const quota = await request.get(`/api/accounts/${accountId}/broadcast-quota`, { headers: bearer(owner.accessToken) });
  expect(await quota.json()).toMatchObject({ remaining: 2600, packagesRemaining: 2500, grants: [{ packageName: name, recipients: 2500 }] });
});
