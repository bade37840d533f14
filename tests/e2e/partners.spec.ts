import { test } from "@playwright/test";
import { ADMIN, apiLogin, apiRegister, bearer, expect, presetStorage, settled, shot, signInWithToken, uniqueEmail, SCREENS } from "./helpers";

/**
 * The partner programme end to end: a user applies through the form, an administrator approves
 * in /admin/partners, a visitor comes through the partner's link, registers and pays on the fake
 * YooKassa's page, and the partner's cabinet shows the click, the registration, the payment and
 * the commission (20 % of 1 500 ₽ = 300 ₽, held for 14 days).
 */
test.describe.configure({ timeout: 240_000 });

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

test("apply → admin approves → a visitor registers through the link and pays → the cabinet shows it", async ({ page, browser, request, baseURL }, testInfo) => {
  await presetStorage(page, { language: "ru", theme: "light" });
  const partnerEmail = uniqueEmail("partner");
  const partner = await apiRegister(request, { email: partnerEmail, password: "partner-pass-1", name: "Ирина Соколова" });
  await signInWithToken(page, baseURL!, partner);

  // Apply: a bad INN is refused on its field, then the application is sent.
  await page.goto("/partners-apply");
  await expect(page.getByRole("heading", { name: "Стать партнёром", level: 1 })).toBeVisible();
  await page.getByLabel("Компания", { exact: true }).fill("Агентство «Сокол»");
  await page.getByLabel("Телефон").fill("+7 912 345-67-89");
  await page.getByLabel("Сайт или канал").fill("https://t.me/sokol_agency");
  await page.getByLabel("Аудитория").fill("Кофейни и салоны красоты Екатеринбурга");
  await page.getByLabel("Ожидаемый объём").fill("5–10 клиентов в месяц");
  // An agency: a company's (10-digit) INN, so the form is «Компания или ИП» (a self-employed person's INN has 12).
  await page.getByRole("combobox", { name: "Форма" }).click();
  await page.getByRole("option", { name: "Компания или ИП" }).click();
  await page.getByLabel("ИНН").fill("7707083894");
  await page.getByLabel("Расчётный счёт").fill("40702810938000000001");
  await page.getByLabel("БИК").fill("044525225");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Отправить заявку" }).click();
  await expect(page.getByText("ИНН не проходит проверку контрольной суммы: проверьте цифры")).toBeVisible();
  await page.getByLabel("ИНН").fill("7707083893");
  await page.getByRole("button", { name: "Отправить заявку" }).click();
  await expect(page.getByTestId("application-status")).toContainText("Заявка на рассмотрении");

  // The administrator approves it at the default rate.
  await signInWithToken(page, baseURL!, await apiLogin(request, ADMIN.email, ADMIN.password));
  await page.goto("/admin/partners");
  await expect(page.getByRole("heading", { name: "Партнёры", level: 1 })).toBeVisible();
  const row = page.getByTestId("admin-applications").getByRole("row", { name: new RegExp(partnerEmail) });
  await row.getByRole("button", { name: "Одобрить" }).click();
  await expect(page.getByLabel("Ставка комиссии, %")).toHaveValue("20");
  await page.getByTestId("prompt-submit").click();
  await expect(page.getByText("Заявка одобрена, партнёру отправлено письмо")).toBeVisible();

  const me = await (await request.get("/api/partners/me", { headers: bearer(partner.accessToken) })).json();
  const code = me.codes[0].code as string;

  // A visitor comes through the link (a fresh browser), registers, and pays on the provider's page.
  // Its own browser: without our cookie, a visitor is known by address and user agent, and every
  // client of this suite calls from 127.0.0.1 with the same agent (another test's registration in
  // the attribution window would count as this visitor's).
  const visitor = await browser.newContext({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 partner-visitor" });
  const vpage = await visitor.newPage();
  await presetStorage(vpage, { language: "ru", theme: "light" });
  await vpage.goto(`/?partner=${code}`);
  await expect.poll(() => vpage.evaluate(() => localStorage.getItem("partnerCode"))).toBe(code);
  // Someone new through a partner's link lands on registration, not on the sign-in page.
  await expect(vpage).toHaveURL(/\/register$/);
  const clientEmail = uniqueEmail("client");
  await vpage.getByLabel("Имя").fill("Анна Лебедева");
  await vpage.getByLabel("E-mail").fill(clientEmail);
  await vpage.getByLabel("Пароль", { exact: true }).fill("client-pass-1");
  await vpage.getByLabel("Повторите пароль").fill("client-pass-1");
  await vpage.getByRole("checkbox").check();
  await vpage.getByRole("button", { name: "Зарегистрироваться" }).click();
  await expect(vpage).not.toHaveURL(/\/register/);
  const client = await apiLogin(request, clientEmail, "client-pass-1");
  const { accountId } = await (await request.post("/api/accounts", { headers: bearer(client.accessToken), data: { name: "Кофейня «Зерно»" } })).json();
  const checkout = await request.post(`/api/accounts/${accountId}/checkout`, { headers: bearer(client.accessToken), data: { kind: "topup", amountKopecks: 150000, email: clientEmail } });
  expect(checkout.status()).toBe(201);
  const { confirmationUrl, paymentId } = await checkout.json();
  await vpage.goto(confirmationUrl);
  await vpage.getByRole("button", { name: "Оплатить" }).click();
  await expect
    .poll(async () => (await (await request.get(`/api/accounts/${accountId}/payments/${paymentId}`, { headers: bearer(client.accessToken) })).json()).applied, { timeout: 30_000 })
    .toBe(true);
  await visitor.close();

  // The partner's cabinet: the click, the registration, the payment and the commission.
  await signInWithToken(page, baseURL!, partner);
  await page.goto("/partners?tab=stats");
  await settled(page);
  await expect(page.getByTestId("partner-total-clicks")).toHaveText("1");
  await expect(page.getByTestId("partner-total-registrations")).toHaveText("1");
  await expect(page.getByTestId("partner-total-paying")).toHaveText("1");
  await expect.poll(async () => nbsp(await page.getByTestId("partner-total-commission").innerText())).toBe("300 ₽");
  await expect.poll(async () => nbsp(await page.getByTestId("partner-balance-held").innerText())).toBe("300 ₽");
  await page.getByTestId("tab-referred").click();
  await expect(page.getByTestId("partner-referred")).toContainText("Ко***я «З***»");
  await page.getByTestId("tab-commissions").click();
  const ledger = page.getByTestId("partner-commissions");
  await expect(ledger).toContainText("Начисление");
  expect(nbsp(await ledger.innerText())).toMatch(/1 500 ₽[\s\S]*20 %[\s\S]*300 ₽[\s\S]*Удержание до/);
  await shot(page, testInfo, "partners-cabinet-e2e");
});

test("screenshots: the demo partner's cabinet, the application and the admin review (1440/390, light/dark)", { tag: SCREENS }, async ({ page, request, baseURL }, testInfo) => {
  const { DEMO } = await import("./helpers");
  const { eachThemeAndScreen } = await import("./fixtures");
  const demo = await apiLogin(request, DEMO.email, DEMO.password);
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  const pages: [string, string, typeof demo][] = [
    ["partners-links", "/partners", demo],
    ["partners-stats", "/partners?tab=stats", demo],
    ["partners-commissions", "/partners?tab=commissions", demo],
    ["partners-payouts", "/partners?tab=payouts", demo],
    ["partners-apply", "/partners-apply", demo],
    ["admin-partners", "/admin/partners", admin],
  ];
  await presetStorage(page, { language: "ru" });
  await page.goto("/login");
  await eachThemeAndScreen(page, async (theme, label) => {
    for (const [name, path, auth] of pages) {
      await signInWithToken(page, baseURL!, auth);
      await page.goto(path);
      await settled(page);
      await page.waitForTimeout(500);
      // Wide tables scroll inside their own frame; the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} ${label}`).toBeLessThanOrEqual(0);
      await shot(page, testInfo, `partners/${name}-${label}-${theme}`);
    }
  });
  await expect(page.locator("main")).toBeVisible();
});
