import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { tgTextUpdate } from "../fakes/telegram";
import { ADMIN, apiLogin, apiRegister, bearer, fakeBindings, fakeRequests, mailLink, presetStorage, settled, shot, signInWithToken, uniqueEmail, SCREENS } from "./helpers";
import { customerWrites } from "./chat-helpers";
import { eachThemeAndScreen, makePng } from "./fixtures";

/**
 * Broadcasts end to end. Telegram: an owner connects a bot (the fake Bot API), three customers write
 * to it through the fake (which calls the webhook the app registered), the owner composes a broadcast
 * with an image in the UI, starts it, watches it reach «Завершена» live, the fake received one photo
 * per customer, and the export lists them. Instagram: the same through signed Meta webhooks, with the
 * buttons as a numbered list and the 24-hour window; a second broadcast is scheduled for tomorrow.
 */

const CUSTOMERS = 3;

async function ownerWithInstagram(request: APIRequestContext) {
  const auth = await apiRegister(request, { email: uniqueEmail("broadcasts"), password: "owner-pass-1", name: "Ольга Владелец" });
  const headers = bearer(auth.accessToken);
  const res = await request.post("/api/accounts", { headers, data: { name: "Магазин «Уют»" } });
  expect(res.status()).toBe(201);
  const accountId = ((await res.json()) as { accountId: string }).accountId;
  const igId = String(17841400000000000 + Math.floor(Math.random() * 1e9));
  const ig = await request.put(`/api/accounts/${accountId}/platform-instagram`, { headers, data: { instagramAccountId: igId, accessToken: `EAAG-test-token-${igId}` } });
  expect(ig.status(), await ig.text()).toBe(200);
  // The customers write first (signed webhooks, through the real ingest).
  const senders = Array.from({ length: CUSTOMERS }, (_, i) => String(9_100_000_000 + Math.floor(Math.random() * 1e8) * 10 + i));
  for (const sender of senders) await customerWrites(request, igId, sender, "Здравствуйте! Подскажите про доставку");
  let names: string[] = [];
  await expect
    .poll(
      async () => {
        const body = (await (await request.get(`/api/accounts/${accountId}/contacts?platform=INSTAGRAM`, { headers })).json()) as { data: { name: string }[] };
        names = body.data.map((c) => c.name);
        return names.length;
      },
      { timeout: 20_000 },
    )
    .toBe(CUSTOMERS);
  await grantPackage(request, accountId);
  return { auth, accountId, names };
}

/** A platform administrator grants the account a package of 100 recipients. */
async function grantPackage(request: APIRequestContext, accountId: string) {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  const pkg = await request.post("/api/admin/broadcast-packages", { headers: bearer(admin.accessToken), data: { name: `E2E ${Date.now()}`, recipients: 100, price: 990, validityDays: 30, active: true } });
  expect(pkg.status(), await pkg.text()).toBe(201);
  const packageId = ((await pkg.json()) as { id: string }).id;
  const grant = await request.post(`/api/admin/accounts/${accountId}/broadcast-packages`, { headers: bearer(admin.accessToken), data: { packageId } });
  expect(grant.status(), await grant.text()).toBeLessThan(300);
}

const TG_CUSTOMERS = [
  { name: "Иван", chatId: 0 },
  { name: "Мария", chatId: 0 },
  { name: "Пётр", chatId: 0 },
];

/** An owner with a Telegram bot connected through the API, and three customers who wrote to it through the fake Bot API. */
async function ownerWithTelegram(request: APIRequestContext) {
  const auth = await apiRegister(request, { email: uniqueEmail("broadcasts-tg"), password: "owner-pass-1", name: "Ольга Владелец" });
  const headers = bearer(auth.accessToken);
  const res = await request.post("/api/accounts", { headers, data: { name: "Кофейня «Зерно»" } });
  expect(res.status()).toBe(201);
  const accountId = ((await res.json()) as { accountId: string }).accountId;
  const botToken = `${7_300_000_000 + Math.floor(Math.random() * 9_999_999)}:AAH${"b".repeat(30)}`;
  const tg = await request.put(`/api/accounts/${accountId}/platform-telegram`, { headers, data: { botToken } });
  expect(tg.status(), await tg.text()).toBe(200);
  const tgBase = fakeBindings().TELEGRAM_API_BASE!;
  const customers = TG_CUSTOMERS.map((c, i) => ({ ...c, chatId: 500_000_000 + Math.floor(Math.random() * 1e8) * 10 + i }));
  for (const [i, c] of customers.entries()) {
    const delivered = await request.post(`${tgBase}/__deliver`, { data: { token: botToken, update: tgTextUpdate(Date.now() % 1e8 + i, c.chatId, "Здравствуйте! Вы работаете в выходные?", { firstName: c.name }) } });
    expect(delivered.status(), await delivered.text()).toBe(200);
    expect(((await delivered.json()) as { status: number }).status).toBe(200);
  }
  await expect
    .poll(async () => ((await (await request.get(`/api/accounts/${accountId}/contacts?platform=TELEGRAM`, { headers })).json()) as { data: unknown[] }).data.length, { timeout: 20_000 })
    .toBe(customers.length);
  await grantPackage(request, accountId);
  return { auth, accountId, botToken, tgBase, customers };
}

/** A real PNG (a warm gradient), so the composer's thumbnail and the preview show an image. */
function gradientPng(width = 240, height = 160): Buffer {
  return makePng(width, height, (x, y) => [200 + Math.round((55 * x) / width), 120 + Math.round((60 * y) / height), 60]);
}

/** Elements of `main` sticking out sideways, except inside a table's own horizontal scroller. */
function sideOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll("main *")]
      .filter((el) => !el.closest("[data-slot=table-container]") && el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName}.${String((el as HTMLElement).className).slice(0, 80)} → ${Math.round(el.getBoundingClientRect().right)}`);
  });
}

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

// `@clock`: most of its time is waiting for the scheduled minute, so it runs in the side lane (playwright.config.ts).
test("Telegram: compose with an image, schedule it, watch it complete live; the bot sent one photo per customer; export", { tag: "@clock" }, async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const { auth, accountId, botToken, tgBase, customers } = await ownerWithTelegram(request);
  await signInWithToken(page, baseURL!, auth);
  const problems: string[] = [];
  page.on("console", (m) => void (["error", "warning"].includes(m.type()) && problems.push(`${m.type()}: ${m.text()}`)));
  page.on("pageerror", (e) => problems.push(`uncaught: ${e.message}`));
  await page.goto(`/${accountId}/broadcasts/new`);
  const composer = page.getByTestId("broadcast-composer");
  await composer.getByTestId("broadcast-name").fill("Новое сезонное меню");
  await expect(composer.getByTestId("broadcast-channel")).toContainText("Telegram");
  await expect(composer.getByTestId("channel-reach")).toHaveText("На выбранном канале получат 3 контакта");
  await composer.getByTestId("broadcast-text").fill("{{name}}, попробуйте тыквенный латте — первая чашка за полцены!");
  await composer.getByTestId("button-add").click();
  await composer.getByLabel("Текст кнопки 1").fill("Меню");
  await composer.getByLabel("Ссылка кнопки 1").fill("https://zerno.example/menu");

  // A file the messengers do not take is refused on the page, nothing is attached.
  const media = composer.getByTestId("broadcast-media");
  await media.getByTestId("broadcast-media-input").setInputFiles({ name: "setup.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ") });
  await expect(media).toContainText("Этот тип файла нельзя отправить в рассылке");
  await expect(media.getByTestId("broadcast-media-file")).toHaveCount(0);
  // An image: uploaded, shown as a thumbnail with its name and above the text in the Telegram preview.
  await media.getByTestId("broadcast-media-input").setInputFiles({ name: "латте.png", mimeType: "image/png", buffer: gradientPng() });
  await expect(media.getByTestId("broadcast-media-file")).toHaveAttribute("data-kind", "image");
  await expect(media.getByTestId("broadcast-media-file")).toContainText("латте.png");
  await expect(media).not.toContainText("Этот тип файла");
  const thumb = media.getByTestId("broadcast-media-thumb");
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
  const preview = composer.getByTestId("broadcast-preview");
  await expect(preview).toHaveAttribute("data-platform", "TELEGRAM");
  await expect.poll(() => preview.getByTestId("broadcast-preview-image").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  await expect(preview.getByTestId("broadcast-preview-text")).toHaveText("Анна, попробуйте тыквенный латте — первая чашка за полцены!");
  await expect(preview.getByTestId("broadcast-preview-keyboard")).toHaveText("Меню");
  await shot(page, testInfo, "broadcast-composer-image-light");
  await page.evaluate(() => document.documentElement.classList.add("dark"));
  await shot(page, testInfo, "broadcast-composer-image-dark");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, testInfo, "broadcast-composer-image-dark-phone");
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await shot(page, testInfo, "broadcast-composer-image-light-phone");
  await page.setViewportSize({ width: 1440, height: 900 });

  // Scheduled for the next whole minute of the account's time zone (at least 12 s ahead: time to
  // confirm it and see it waiting, while the test idles no longer than it must), then left alone.
  const account = (await (await request.get(`/api/accounts/${accountId}`, { headers: bearer(auth.accessToken) })).json()) as { timezone: string };
  const at = new Date(Math.ceil((Date.now() + 12_000) / 60_000) * 60_000);
  const local = new Intl.DateTimeFormat("sv-SE", { timeZone: account.timezone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at).replace(" ", "T");
  await composer.getByTestId("schedule-later").click();
  await composer.getByTestId("schedule-at").fill(local);
  await composer.getByTestId("broadcast-start").click();
  const confirmDialog = page.getByRole("alertdialog").or(page.getByRole("dialog")).filter({ hasText: "Запланировать рассылку?" });
  await expect(confirmDialog).toContainText("3 контакта");
  await confirmDialog.getByRole("button", { name: "Запланировать" }).click();
  await expect(page).toHaveURL(new RegExp(`/${accountId}/broadcasts/[^/]+$`));
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await expect(page.getByTestId("broadcast-status")).toHaveText("Запланирована");
  expect((await fakeRequests(request, tgBase, `/bot${botToken}/send`)).length).toBe(0);
  // Its time comes: the page follows it to «Завершена» without a reload.
  await expect(page.getByTestId("broadcast-status")).toHaveText("Завершена", { timeout: 120_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(at.getTime() - 1000);
  await expect(page.getByTestId("count-sent")).toHaveText("3");
  await expect(page.getByTestId("count-failed")).toHaveText("0");
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  // The fake Bot API received exactly one photo per customer, with the caption filled for them and the keyboard.
  const sends = await fakeRequests(request, tgBase, `/bot${botToken}/send`);
  expect(sends.map((r) => r.path)).toEqual(customers.map(() => `/bot${botToken}/sendPhoto`));
  for (const c of customers) {
    const mine = sends.filter((r) => new RegExp(`name="chat_id"\\r\\n\\r\\n${c.chatId}\\r\\n`).test(r.rawBody));
    expect(mine, `photo to ${c.name}`).toHaveLength(1);
    expect(mine[0]!.rawBody).toContain(`${c.name}, попробуйте тыквенный латте`);
    expect(mine[0]!.rawBody).toContain('name="photo"');
    expect(mine[0]!.rawBody).toMatch(/"inline_keyboard":\[\[\{"text":"Меню"/);
  }

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("broadcast-export").click().then(() => page.getByTestId("export-csv").click())]);
  const rows = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "").trim().split(/\r?\n/);
  expect(rows).toHaveLength(1 + customers.length);
  for (const c of customers) expect(rows.some((r) => r.includes(c.name) && r.includes("Отправлено"))).toBe(true);
  // Composing, uploading and following the broadcast logged nothing in the browser console.
  expect(problems).toEqual([]);
});

test("compose, start, watch it complete live, schedule another, export the recipients", async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const { auth, accountId, names } = await ownerWithInstagram(request);
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/broadcasts`);
  await expect(page.getByRole("heading", { name: "Рассылки", level: 1 })).toBeVisible();
  await expect(page.getByText("Рассылок пока нет")).toBeVisible();
  await expect(page.getByTestId("quota-badge")).toHaveText("Осталось 200 получателей");

  await page.getByTestId("broadcast-create").click();
  await expect(page.getByRole("heading", { name: "Новая рассылка", level: 1 })).toBeVisible();
  const composer = page.getByTestId("broadcast-composer");
  // Nothing filled: the form says what is missing and sends nothing.
  await composer.getByTestId("broadcast-save").click();
  await expect(composer.getByText("Введите название")).toBeVisible();
  await expect(composer.getByText("Введите текст сообщения")).toBeVisible();

  await composer.getByTestId("broadcast-name").fill("Осенняя распродажа");
  await expect(composer.getByTestId("broadcast-channel")).toContainText("Instagram");
  await expect(composer.getByTestId("audience-total")).toHaveText("3 получателя");
  await expect(composer.getByTestId("channel-reach")).toHaveText("На выбранном канале получат 3 контакта");
  await composer.getByTestId("broadcast-text").fill("Здравствуйте, ");
  await composer.getByTestId("variables-menu").click();
  await page.getByRole("menuitem", { name: /Имя контакта/ }).click();
  await composer.getByTestId("broadcast-text").press("End");
  await composer.getByTestId("broadcast-text").pressSequentially("! Скидка 20% на текстиль до пятницы.");
  await composer.getByTestId("button-add").click();
  await composer.getByLabel("Текст кнопки 1").fill("Каталог");
  await composer.getByLabel("Ссылка кнопки 1").fill("https://uyut.example/sale");
  const preview = composer.getByTestId("broadcast-preview");
  // Instagram has no buttons: the preview shows them as a numbered list; only the 24-hour window is explained.
  await expect(preview.getByTestId("broadcast-preview-text")).toHaveText("Здравствуйте, Анна! Скидка 20% на текстиль до пятницы.\n\n1. Каталог — https://uyut.example/sale");
  await expect(preview.getByTestId("broadcast-preview-keyboard")).toHaveCount(0);
  await expect(composer.getByTestId("pacing-instagram")).toContainText("Только контакты, писавшие за последние 24 часа");

  // The test send saves the draft and sends it to the owner's own test chat.
  await composer.getByTestId("broadcast-test").click();
  await expect(page.getByText("Тестовое сообщение отправлено в ваш тестовый чат")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${accountId}/broadcasts/[^/]+/edit$`));
  await expect(composer.getByTestId("broadcast-name")).toHaveValue("Осенняя распродажа");

  await composer.getByTestId("broadcast-start").click();
  const confirmDialog = page.getByRole("alertdialog").or(page.getByRole("dialog")).filter({ hasText: "Запустить рассылку?" });
  await expect(confirmDialog).toContainText("Сообщение получат 3 контакта этого канала.");
  await expect(confirmDialog).toContainText("Доступно 200 получателей: 100 по тарифу и 100 в пакетах.");
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
  expect(rows).toHaveLength(1 + CUSTOMERS);
  for (const name of names) expect(rows.some((r) => r.includes(name) && r.includes("Отправлено"))).toBe(true);

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

test("broadcasts screenshots: list, composer and page, light and dark, desktop and phone", { tag: SCREENS }, async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const { auth, accountId } = await ownerWithInstagram(request);
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

test("an operator follows broadcasts but cannot create, start or stop them", async ({ page, request, baseURL }) => {
  const { auth, accountId } = await ownerWithInstagram(request);
  const operatorEmail = uniqueEmail("operator");
  const inv = await request.post(`/api/accounts/${accountId}/members/invitations`, { headers: bearer(auth.accessToken), data: { email: operatorEmail, role: "operator" } });
  expect(inv.status()).toBe(201);
  const link = await mailLink(request, operatorEmail, "/invite");
  const operator = await apiRegister(request, { email: operatorEmail, password: "operator-pass-1", name: "Олег Оператор", inviteToken: new URL(link, "http://x").searchParams.get("token")! });
  await signInWithToken(page, baseURL!, operator);
  await page.goto(`/${accountId}/broadcasts`);
  await expect(page.getByRole("heading", { name: "Рассылки", level: 1 })).toBeVisible();
  await expect(page.getByText("Рассылки создают администраторы и владелец аккаунта; здесь вы увидите их ход и результаты.")).toBeVisible();
  await expect(page.getByTestId("quota-badge")).toHaveText("Осталось 200 получателей");
  await expect(page.getByTestId("broadcast-create")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Новая рассылка" })).toHaveCount(0);
  // The composer is for admins and owners: the route itself says so.
  await page.goto(`/${accountId}/broadcasts/new`);
  await expect(page).toHaveURL(/\/not-authorized$/);
});
