import { test, type Page } from "@playwright/test";
import { eachThemeAndScreen } from "./fixtures";
import { DEMO, DEMO_ACCOUNT_ID, apiLogin, apiRegister, bearer, expect, presetStorage, shot, signInWithToken, uniqueEmail, SCREENS } from "./helpers";

/**
 * Paying for the product: a plan chosen on /pricing and paid on the fake YooKassa's confirmation
 * page, the return page's outcome, the plan active and the payment in Operations with its receipt;
 * a top-up declined once, then paid. The account is created through the API.
 */
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

/** Elements of `main` sticking out sideways, except inside a table's own scroll container. */
function outsideTables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll("main *")]
      .filter((el) => !el.closest("[data-slot=table-container]") && el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName}.${String((el as HTMLElement).className).slice(0, 60)}`);
  });
}

async function ownerWithAccount(page: Page, request: Parameters<typeof apiRegister>[0], baseURL: string) {
  const email = uniqueEmail("payer");
  const owner = await apiRegister(request, { email, password: "owner-pass-1", name: "Ольга Платёжная" });
  const created = await request.post("/api/accounts", { headers: bearer(owner.accessToken), data: { name: `Студия «Лён» ${Date.now().toString(36)}` } });
  const { accountId } = (await created.json()) as { accountId: string };
  await signInWithToken(page, baseURL, owner);
  return { owner, accountId, email };
}

/** On the fake provider's page: its button, then back in the app on the return page. */
async function onProviderPage(page: Page, button: "Оплатить" | "Отклонить") {
  await page.waitForURL(/\/checkout\/payments\//);
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL(/\/checkout\?accountId=.*paymentId=/);
}

test("an owner chooses a plan, pays on the provider's page and sees the plan active and the payment in Operations", async ({ page, request, baseURL }, testInfo) => {
  const { owner, accountId, email } = await ownerWithAccount(page, request, baseURL!);
  await page.goto(`/${accountId}/pricing`);
  await expect(page.getByRole("heading", { name: "Тарифы", level: 1 })).toBeVisible();
  await expect(page.getByTestId("plan-trial")).toContainText("Текущий тариф");
  const start = page.getByTestId("plan-start");
  expect(nbsp(await start.getByTestId("plan-price").innerText())).toContain("1 990 ₽");
  await expect(start).toContainText("Ответ ИИ");
  await page.getByTestId("period-year").click();
  await expect(page.getByTestId("period-year")).toHaveAttribute("data-state", "on");
  await expect.poll(async () => nbsp(await start.getByTestId("plan-price").innerText())).toContain("19 900 ₽");
  await page.getByTestId("period-month").click();
  await expect.poll(async () => nbsp(await start.getByTestId("plan-price").innerText())).toContain("1 990 ₽");
  await start.getByTestId("plan-choose").click();

  await expect(page).toHaveURL(/\/checkout\?/);
  await expect(page.getByTestId("order-line")).toHaveText("Тариф «Старт»");
  expect(nbsp(await page.getByTestId("order-total").innerText())).toBe("1 990 ₽");
  await expect(page.getByTestId("receipt-email")).toHaveValue(email);
  await page.getByTestId("checkout-pay").click();
  await onProviderPage(page, "Оплатить");

  const outcome = page.getByTestId("payment-outcome");
  await expect(outcome).toHaveAttribute("data-state", "succeeded");
  await expect(page.getByTestId("outcome-title")).toHaveText("Оплата прошла");
  await expect(page.getByTestId("outcome-plan")).toContainText("Тариф «Старт» активен до");
  await shot(page, testInfo, "billing-pay-outcome");

  await outcome.getByRole("link", { name: "К операциям" }).click();
  await expect(page.getByRole("heading", { name: "Операции", level: 1 })).toBeVisible();
  await expect(page.getByTestId("operations-plan")).toHaveText("Старт");
  const ledger = page.getByTestId("ledger-panel");
  await expect(ledger.getByRole("row", { name: /Оплата тарифа/ })).toContainText("Тариф «Старт» на месяц");
  await page.getByTestId("tab-payments").click();
  const row = page.getByTestId("payments-panel").getByRole("row", { name: /Тариф «Старт» на месяц/ });
  await expect(row.getByTestId("payment-status")).toHaveText("Оплачен");
  await row.getByTestId("payment-receipt").click();
  const receipt = page.getByTestId("receipt-dialog");
  await expect(receipt).toContainText(`Чек пробит и отправлен на ${email}`);
  expect(nbsp(await receipt.getByTestId("receipt-total").innerText())).toBe("1 990 ₽");
  await receipt.getByRole("button", { name: "Закрыть" }).last().click();

  // the status filter hides it under «Отклонён»
  await page.getByTestId("payments-status-filter").click();
  await page.getByRole("option", { name: "Отклонён" }).click();
  await expect(page.getByText("Платежей с такими условиями нет")).toBeVisible();

  await page.goto(`/${accountId}/pricing`);
  await expect(page.getByTestId("plan-start")).toContainText("Текущий тариф");
  const billing = await request.get(`/api/accounts/${accountId}/billing`, { headers: bearer(owner.accessToken) });
  expect(await billing.json()).toMatchObject({ plan: { code: "start" }, subscription: { status: "active", billingPeriod: "month" } });
});

test("an owner tops up the balance: declined once, then paid", async ({ page, request, baseURL }) => {
  const { owner, accountId } = await ownerWithAccount(page, request, baseURL!);
  await page.goto(`/${accountId}/payments`);
  await expect(page.getByText("Платежей пока нет")).toBeVisible();
  await page.getByRole("link", { name: "Пополнить баланс" }).first().click();
  await expect(page.getByTestId("order-line")).toHaveText("Пополнение баланса");
  await page.getByTestId("topup-amount").fill("50");
  await expect(page.getByText("Не меньше 100 ₽")).toBeVisible();
  await expect(page.getByTestId("checkout-pay")).toBeDisabled();
  await page.getByTestId("topup-amount").fill("1500");
  expect(nbsp(await page.getByTestId("order-total").innerText())).toBe("1 500 ₽");
  await page.getByTestId("checkout-pay").click();
  await onProviderPage(page, "Отклонить");
  await expect(page.getByTestId("payment-outcome")).toHaveAttribute("data-state", "declined");
  await expect(page.getByTestId("outcome-title")).toHaveText("Платёж не прошёл");

  await page.getByRole("link", { name: "Попробовать снова" }).click();
  await expect(page.getByTestId("topup-amount")).toHaveValue("1500");
  await page.getByTestId("checkout-pay").click();
  await onProviderPage(page, "Оплатить");
  const outcome = page.getByTestId("payment-outcome");
  await expect(outcome).toHaveAttribute("data-state", "succeeded");
  await expect(outcome).toContainText("Баланс: 1\u00a0500\u00a0₽");

  await page.goto(`/${accountId}/payments`);
  const rows = page.getByTestId("payments-panel").getByRole("row", { name: /Пополнение баланса на 1 500/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.getByTestId("payment-status")).toHaveText(["Оплачен", "Отклонён"]);
  const balance = await request.get(`/api/accounts/${accountId}/billing`, { headers: bearer(owner.accessToken) });
  expect((await balance.json()).balanceKopecks).toBe(150_000);
});

test("screenshots of the billing pages (demo account)", { tag: SCREENS }, async ({ page, request, baseURL }, testInfo) => {
  await signInWithToken(page, baseURL!, await apiLogin(request, DEMO.email, DEMO.password));
  const pages: [string, string, string][] = [
    ["pricing", `/${DEMO_ACCOUNT_ID}/pricing`, "plans"],
    ["checkout", `/checkout?accountId=${DEMO_ACCOUNT_ID}&kind=plan`, "order-summary"],
    ["operations", `/${DEMO_ACCOUNT_ID}/payments`, "payments-panel"],
    ["operations-ledger", "/payment", "ledger-panel"],
  ];
  await page.goto(`/${DEMO_ACCOUNT_ID}/dashboard`);
  await eachThemeAndScreen(page, async (theme, label) => {
    for (const [name, path, testId] of pages) {
      await page.goto(path);
      await expect(page.getByTestId(testId)).toBeVisible();
      await page.waitForLoadState("networkidle");
      // Tables scroll sideways inside their own container on a phone; the page itself must not.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} ${label}`).toBeLessThanOrEqual(0);
      expect(await outsideTables(page), `${name} ${label}`).toEqual([]);
      await shot(page, testInfo, `billing-pay-${name}-${label}-${theme}`);
    }
  });
});
