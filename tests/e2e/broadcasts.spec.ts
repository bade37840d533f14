import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { ADMIN, apiLogin, apiRegister, bearer, presetStorage, settled, shot, signInWithToken, uniqueEmail } from "./helpers";
import { eachThemeAndScreen, sideOverflow } from "./fixtures";

/**
 * Broadcasts end to end: an owner with the fake Telegram connected and three customers who wrote
 * first composes a broadcast in the UI, starts it, and watches its page reach «Завершена» with the
 * counts pushed through the room (no reload); a second one is scheduled for tomorrow and listed as
 * scheduled; the recipients' export is a CSV with one row per customer.
 */

const CUSTOMERS = ["Анна Смирнова", "Игорь Петров", "Мария Козлова"];

async function ownerWithTelegram(request: APIRequestContext) {
  const auth = await apiRegister(request, { email: uniqueEmail("broadcasts"), password: "owner-pass-1", name: "Ольга Владелец" });
  const headers = bearer(auth.accessToken);
  const res = await request.post("/api/accounts", { headers, data: { name: "Магазин «Уют»" } });
  expect(res.status()).toBe(201);
  const accountId = ((await res.json()) as { accountId: string }).accountId;
  const tg = await request.put(`/api/accounts/${accountId}/platform-telegram`, { headers, data: { botToken: `${7_300_000_000 + Math.floor(Math.random() * 9_999_999)}:AAH${"b".repeat(30)}` } });
  expect(tg.status(), await tg.text()).toBe(200);
  // The customers write first (through the fake Telegram and the real webhook and ingest).
  for (const name of CUSTOMERS) {
    const r = await request.post("/api/dev/customer-message", { headers, data: { accountId, platform: "telegram", name, text: "Здравствуйте! Подскажите про доставку" } });
    expect(r.status(), await r.text()).toBe(202);
  }
  await expect
    .poll(async () => ((await (await request.get(`/api/accounts/${accountId}/contacts?platform=TELEGRAM`, { headers })).json()) as { meta: { total: number } }).meta.total, { timeout: 20_000 })
    .toBe(CUSTOMERS.length);
  // A platform administrator grants a package of 100 recipients.
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  const pkg = await request.post("/api/admin/broadcast-packages", { headers: bearer(admin.accessToken), data: { name: `E2E ${Date.now()}`, recipients: 100, price: 990, validityDays: 30, active: true } });
  expect(pkg.status(), await pkg.text()).toBe(201);
  const packageId = ((await pkg.json()) as { id: string }).id;
  const grant = await request.post(`/api/admin/accounts/${accountId}/broadcast-packages`, { headers: bearer(admin.accessToken), data: { packageId } });
  expect(grant.status(), await grant.text()).toBeLessThan(300);
  return { auth, accountId };
}

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

test("compose, start, watch it complete live, schedule another, export the recipients", async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const { auth, accountId } = await ownerWithTelegram(request);
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/broadcasts`);
  await expect(page.getByRole("heading", { name: "Рассылки", level: 1 })).toBeVisible();
  await expect(page.getByText("Рассылок пока нет")).toBeVisible();
  await expect(page.getByTestId("quota-badge")).toHaveText("Осталось 100 получателей");

  await page.getByTestId("broadcast-create").click();
  await expect(page.getByRole("heading", { name: "Новая рассылка", level: 1 })).toBeVisible();
  const composer = page.getByTestId("broadcast-composer");
  // Nothing filled: the form says what is missing and sends nothing.
  await composer.getByTestId("broadcast-save").click();
  await expect(composer.getByText("Введите название")).toBeVisible();
  await expect(composer.getByText("Введите текст сообщения")).toBeVisible();

  await composer.getByTestId("broadcast-name").fill("Осенняя распродажа");
  await expect(composer.getByTestId("broadcast-channel")).toContainText("Telegram");
  await expect(composer.getByTestId("audience-total")).toHaveText(/3 контакта/);
  await composer.getByTestId("broadcast-text").fill("Здравствуйте, ");
  await composer.getByTestId("variables-menu").click();
  await page.getByRole("menuitem", { name: /Имя контакта/ }).click();
  await composer.getByTestId("broadcast-text").press("End");
  await composer.getByTestId("broadcast-text").pressSequentially("! Скидка 20% на текстиль до пятницы.");
  await composer.getByTestId("button-add").click();
  await composer.getByLabel("Текст кнопки 1").fill("Каталог");
  await composer.getByLabel("Ссылка кнопки 1").fill("https://uyut.example/sale");
  const preview = composer.getByTestId("broadcast-preview");
  await expect(preview.getByTestId("broadcast-preview-text")).toHaveText("Здравствуйте, Анна! Скидка 20% на текстиль до пятницы.");
  await expect(preview.getByTestId("broadcast-preview-keyboard")).toHaveText("Каталог");
  await expect(composer.getByLabel("Сообщений в секунду")).toHaveValue("25");

  await composer.getByTestId("broadcast-start").click();
  const confirmDialog = page.getByRole("alertdialog").or(page.getByRole("dialog")).filter({ hasText: "Запустить рассылку?" });
  await expect(confirmDialog).toContainText("Сообщение получат 3 контакта этого канала.");
  await expect(confirmDialog).toContainText("В пакете остаётся 100 получателей.");
  await confirmDialog.getByRole("button", { name: "Запустить" }).click();

  // The broadcast's page: the counters move and the status reaches «Завершена» without a reload.
  await expect(page).toHaveURL(new RegExp(`/${accountId}/broadcasts/[^/]+$`));
  await expect(page.getByRole("heading", { name: "Осенняя распродажа", level: 1 })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await expect(page.getByTestId("broadcast-status")).toHaveText("Завершена", { timeout: 60_000 });
  await expect(page.getByTestId("count-total")).toHaveText("3");
  await expect(page.getByTestId("count-sent")).toHaveText("3");
  await expect(page.getByTestId("count-failed")).toHaveText("0");
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await expect(page.getByTestId("recipients").getByTestId("recipient-state")).toHaveCount(3);
  await shot(page, testInfo, "broadcast-completed");

  // The export: one row per customer, with its state.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("broadcast-export").click().then(() => page.getByTestId("export-csv").click())]);
  const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const rows = csv.trim().split(/\r?\n/);
  expect(rows).toHaveLength(1 + CUSTOMERS.length);
  for (const name of CUSTOMERS) expect(rows.some((r) => r.includes(name) && r.includes("Отправлено"))).toBe(true);

  // A second broadcast for tomorrow 10:00 (account time) is listed as scheduled.
  await page.goto(`/${accountId}/broadcasts/new`);
  await composer.getByTestId("broadcast-name").fill("Напоминание о доставке");
  await composer.getByTestId("broadcast-text").fill("{{name}}, ваш заказ ждёт вас");
  await composer.getByTestId("schedule-later").click();
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await composer.getByTestId("schedule-at").fill(`${tomorrow}T10:00`);
  await expect(composer.getByText(/Часовой пояс аккаунта:/)).toBeVisible();
  await composer.getByTestId("broadcast-start").click();
  const scheduleDialog = page.getByRole("alertdialog").or(page.getByRole("dialog")).filter({ hasText: "Запланировать рассылку?" });
  await scheduleDialog.getByRole("button", { name: "Запланировать" }).click();
  await expect(page.getByTestId("broadcast-status")).toHaveText("Запланирована");
  await page.goto(`/${accountId}/broadcasts`);
  const rowsList = page.getByRole("row");
  await expect(rowsList.filter({ hasText: "Напоминание о доставке" }).getByTestId("broadcast-status")).toHaveText("Запланирована");
  await expect(rowsList.filter({ hasText: "Осенняя распродажа" }).getByTestId("broadcast-status")).toHaveText("Завершена");
  await expect(rowsList.filter({ hasText: "Осенняя распродажа" }).getByTestId("broadcast-counts")).toContainText("3 из 3");
  await page.getByTestId("broadcast-status-filter").click();
  await page.getByRole("option", { name: "Запланирована" }).click();
  await expect(page.getByTestId("broadcast-link")).toHaveText(["Напоминание о доставке"]);
});

test("broadcasts screenshots: list, composer and page, light and dark, desktop and phone", async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const { auth, accountId } = await ownerWithTelegram(request);
  const headers = bearer(auth.accessToken);
  const channels = (await (await request.get(`/api/accounts/${accountId}/broadcast-channels`, { headers })).json()) as { data: { channelId: string }[] };
  const created = await request.post(`/api/accounts/${accountId}/broadcasts`, {
    headers,
    data: { name: "Новая коллекция пледов", channelId: channels.data[0]!.channelId, audience: { filter: {} }, content: { text: "{{name}}, встречайте новую коллекцию пледов!", buttons: [{ label: "Смотреть", url: "https://uyut.example/pledy" }] } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const b = (await created.json()) as { broadcastId: string };
  expect((await request.post(`/api/accounts/${accountId}/broadcasts/${b.broadcastId}/start`, { headers, data: {} })).status()).toBe(200);
  await signInWithToken(page, baseURL!, auth);
  await eachThemeAndScreen(page, async (theme, label) => {
    for (const [name, path] of [
      ["list", `/${accountId}/broadcasts`],
      ["composer", `/${accountId}/broadcasts/new`],
      ["page", `/${accountId}/broadcasts/${b.broadcastId}`],
    ] as const) {
      await page.goto(path);
      await settled(page);
      const overflow = await sideOverflow(page);
      expect(overflow, overflow.join("\n")).toEqual([]);
      await shot(page, testInfo, `broadcasts-${name}-${theme}-${label}`);
    }
  });
});
