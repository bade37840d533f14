import { test } from "@playwright/test";
import { eachThemeAndScreen } from "./fixtures";
import { ADMIN, DEMO, DEMO_ACCOUNT_ID, apiLogin, apiRegister, bearer, expect, presetStorage, settled, shot, signInWithToken, uniqueEmail } from "./helpers";

/**
 * The account's side of billing: /billing with the seeded usage as charts and progress bars,
 * /payment-info's requisites (a bad INN answered on its field, then saved), and a bank invoice an
 * administrator marks paid in /admin/billing, after which the account's balance has grown.
 */
test.describe.configure({ timeout: 240_000 });

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

const REQUISITES = { legalName: "ООО «Зерно»", inn: "7707083893", kpp: "770701001", address: "г. Москва, ул. Тверская, д. 1", email: "buh@zerno.example" };

async function ownerWithAccount(request: Parameters<typeof apiRegister>[0]) {
  const owner = await apiRegister(request, { email: uniqueEmail("owner"), password: "owner-pass-1", name: "Олег Владелец" });
  const created = await request.post("/api/accounts", { headers: bearer(owner.accessToken), data: { name: `Кофейня «Зерно» ${Date.now().toString(36)}` } });
  const { accountId } = (await created.json()) as { accountId: string };
  return { owner, accountId };
}

test("the billing page shows the plan, the units as progress bars and the seeded usage as charts", async ({ page, request, baseURL }, testInfo) => {
  await signInWithToken(page, baseURL!, await apiLogin(request, DEMO.email, DEMO.password));
  await page.goto(`/${DEMO_ACCOUNT_ID}/billing`);
  await settled(page);
  await expect(page.getByRole("heading", { name: "Оплата и подписка", level: 1 })).toBeVisible();
  await expect(page.getByTestId("billing-plan")).toContainText("Бизнес");
  const bars = page.getByTestId("billing-units").getByRole("progressbar");
  await expect(bars).toHaveCount(7);
  await expect(page.getByRole("progressbar", { name: "Ответы ИИ" })).toHaveAttribute("aria-valuenow", /\d+/);
  // 30 days: a bar for every seeded day before today (today has one only if the demo chats replied), the messages as two areas.
  const aiBars = page.getByTestId("usage-chart-ai").locator(".recharts-bar-rectangle");
  await expect(aiBars.nth(28)).toBeVisible();
  expect(await aiBars.count()).toBeGreaterThanOrEqual(29);
  await expect(page.getByTestId("usage-chart-messages").locator(".recharts-area-area")).toHaveCount(2);
  await expect(page.getByTestId("billing-documents").getByRole("row", { name: /Акт № АКТ-/ }).first()).toBeVisible();
  await expect(page.getByTestId("billing-topup")).toHaveAttribute("href", `/checkout?accountId=${DEMO_ACCOUNT_ID}&kind=topup&amount=1000`);
  await eachThemeAndScreen(page, async (theme, label) => {
    await page.goto(`/${DEMO_ACCOUNT_ID}/billing`);
    await settled(page);
    await expect(page.getByTestId("usage-chart-ai").locator(".recharts-bar-rectangle").first()).toBeVisible();
    await shot(page, testInfo, `billing-account/billing-${label}-${theme}`);
    await page.goto("/payment-info");
    await settled(page);
    await shot(page, testInfo, `billing-account/payment-info-${label}-${theme}`);
  });
});

test("requisites with a bad INN show the field's error, then save", async ({ page, request, baseURL }) => {
  const { owner, accountId } = await ownerWithAccount(request);
  await signInWithToken(page, baseURL!, owner);
  await page.goto(`/${accountId}/billing`);
  await settled(page);
  await page.goto("/payment-info");
  await settled(page);
  const card = page.getByTestId("requisites-card");
  await card.getByLabel("Название организации").fill(REQUISITES.legalName);
  await card.getByLabel("ИНН").fill("7707083890");
  await card.getByLabel("КПП").fill(REQUISITES.kpp);
  await card.getByLabel("Юридический адрес").fill(REQUISITES.address);
  await card.getByLabel("E-mail для документов").fill(REQUISITES.email);
  await card.getByTestId("requisites-save").click();
  await expect(card.getByText("ИНН не проходит проверку контрольной суммы: проверьте цифры")).toBeVisible();
  await expect(card.getByLabel("ИНН")).toHaveAttribute("aria-invalid", "true");
  await card.getByLabel("ИНН").fill(REQUISITES.inn);
  await card.getByTestId("requisites-save").click();
  await expect(page.getByText("Реквизиты сохранены")).toBeVisible();
  const saved = await (await request.get(`/api/accounts/${accountId}/requisites`, { headers: bearer(owner.accessToken) })).json();
  expect(saved.requisites).toMatchObject({ inn: REQUISITES.inn, legalName: REQUISITES.legalName });
  // Pay by invoice is open now that the requisites exist.
  await expect(page.getByTestId("invoice-submit")).toBeEnabled();
});

test("an administrator marks a bank invoice paid and the account's balance grows", async ({ page, request, baseURL }, testInfo) => {
  const { owner, accountId } = await ownerWithAccount(request);
  await request.put(`/api/accounts/${accountId}/requisites`, { headers: bearer(owner.accessToken), data: REQUISITES });
  const invoice = await (await request.post(`/api/accounts/${accountId}/billing/invoices`, { headers: bearer(owner.accessToken), data: { kind: "topup", amountKopecks: 750_000 } })).json();
  const balance = async () => (await (await request.get(`/api/accounts/${accountId}/billing`, { headers: bearer(owner.accessToken) })).json()).balanceKopecks as number;
  expect(await balance()).toBe(0);

  await signInWithToken(page, baseURL!, await apiLogin(request, ADMIN.email, ADMIN.password));
  await page.goto("/admin/billing");
  await settled(page);
  await expect(page.getByRole("heading", { name: "Биллинг платформы", level: 1 })).toBeVisible();
  const row = page.getByTestId("admin-invoices").getByRole("row", { name: new RegExp(invoice.number) });
  await expect(row).toContainText("ООО «Зерно»");
  await shot(page, testInfo, "billing-account/admin-billing-desktop-light");
  await row.getByTestId(`invoice-mark-paid-${invoice.number}`).click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Оплачен" }).click();
  await expect(page.getByText(`Счёт № ${invoice.number} отмечен оплаченным`)).toBeVisible();
  await expect(row).toBeHidden();
  expect(await balance()).toBe(750_000);
  const audit = await (await request.get(`/api/admin/audit-log?accountId=${accountId}`, { headers: bearer((await apiLogin(request, ADMIN.email, ADMIN.password)).accessToken) })).json();
  expect(audit.data.map((e: { action: string }) => e.action)).toContain("invoice.mark_paid");
});
