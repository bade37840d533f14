import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiRegister, bearer, mailLink, presetStorage, settled, shot, signInWithToken, uniqueEmail, type AuthResult, SCREENS } from "./helpers";
import { eachThemeAndScreen, ownGreenFake, sideOverflow } from "./fixtures";

/**
 * The connect page against the protocol fakes: Telegram through the e2e server's Bot API fake,
 * WhatsApp through the e2e server's Green API fake (partner-created instance) and through a Green
 * API fake started here (an "existing" instance whose webhook token this test can read), so the
 * test can post the gateway's stateInstanceChanged webhook and watch the open page change.
 */

async function ownerWithAccount(request: APIRequestContext, name: string, assistant?: string) {
  const auth = await apiRegister(request, { email: uniqueEmail("channels"), password: "owner-pass-1", name: "Ольга Владелец" });
  const res = await request.post("/api/accounts", { headers: bearer(auth.accessToken), data: { name } });
  expect(res.status()).toBe(201);
  const accountId = ((await res.json()) as { accountId: string }).accountId;
  if (assistant) {
    const a = await request.post(`/api/accounts/${accountId}/assistants`, { headers: bearer(auth.accessToken), data: { name: assistant } });
    expect(a.status(), await a.text()).toBe(201);
  }
  return { auth, accountId };
}

async function openConnect(page: Page, baseURL: string, auth: AuthResult, accountId: string) {
  await signInWithToken(page, baseURL, auth);
  await page.goto(`/${accountId}/connect`);
  await expect(page.getByRole("heading", { name: "Подключение мессенджеров", level: 1 })).toBeVisible();
}

const green = ownGreenFake("greenapi-e2e");

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

test("WhatsApp: the gateway's state change is pushed to the open page without a reload", async ({ page, request, baseURL }) => {
  const { auth, accountId } = await ownerWithAccount(request, "Пекарня «Колос»", "Консультант пекарни");
  await openConnect(page, baseURL!, auth, accountId);
  const card = page.getByTestId("channel-whatsapp");
  await expect(page.getByTestId("live-status")).toHaveText("Обновляется в реальном времени");

  // An instance made in the Green API console, on the gateway started by this test.
  const idInstance = "1101777001";
  const apiToken = "e2e0token0for0instance0a1b2c3d4";
  await card.getByRole("button", { name: "Подключить существующий" }).click();
  const dialog = page.getByRole("dialog", { name: "Существующий инстанс Green API" });
  await dialog.getByLabel("idInstance").fill("12ab");
  await expect(dialog.getByText("idInstance — это число из кабинета Green API")).toBeVisible();
  await dialog.getByLabel("idInstance").fill(idInstance);
  await dialog.getByLabel("apiTokenInstance").fill(apiToken);
  await dialog.getByLabel("Адрес API (необязательно)").fill(green.url);
  await dialog.getByRole("button", { name: "Подключить" }).click();
  await expect(dialog).toBeHidden();

  await expect(card.getByTestId("whatsapp-state")).toHaveText("Ожидает авторизации");
  await expect(card.getByTestId("whatsapp-status")).toHaveText("Ожидает авторизации");
  await expect(card.getByTestId("whatsapp-qr")).toBeVisible();
  await expect(card.getByTestId("whatsapp-assistant")).toHaveText(/Консультант пекарни/);

  // The webhook token the worker handed to the gateway with setSettings.
  const setSettings = green.state.requests.filter((r) => r.path === `/waInstance${idInstance}/setSettings/${apiToken}`);
  expect(setSettings.length).toBe(1);
  const settings = setSettings[0]!.body as { webhookUrl: string; webhookUrlToken: string; stateWebhook: string };
  expect(settings.webhookUrl).toBe(`${baseURL}/api/webhooks/whatsapp/${accountId}`);
  expect(settings.stateWebhook).toBe("yes");

  // From now on the gateway's state endpoint fails: only the pushed event can move the page on.
  green.state.script.push({ match: "/getStateInstance/", status: 500, body: { message: "gateway down" }, times: 10_000 });
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  const webhook = (authorization: string) =>
    request.post(`/api/webhooks/whatsapp/${accountId}`, {
      headers: { authorization, "content-type": "application/json" },
      data: {
        typeWebhook: "stateInstanceChanged",
        instanceData: { idInstance: Number(idInstance), wid: "79991234567@c.us", typeInstance: "whatsapp" },
        timestamp: Math.floor(Date.now() / 1000),
        stateInstance: "authorized",
      },
    });
  // A forged token is refused and changes nothing.
  expect((await webhook("Bearer forged-token")).status()).toBe(401);
  await page.waitForTimeout(1500);
  await expect(card.getByTestId("whatsapp-state")).toHaveText("Ожидает авторизации");

  expect((await webhook(`Bearer ${settings.webhookUrlToken}`)).status()).toBe(200);
  await expect(card.getByTestId("whatsapp-state")).toHaveText("Авторизован", { timeout: 15_000 });
  await expect(card.getByTestId("whatsapp-status")).toHaveText("Авторизован");
  await expect(card.getByTestId("whatsapp-phone")).toHaveText("+79991234567");
  await expect(card.getByTestId("whatsapp-authorize")).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Отвязать телефон" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  green.state.script.length = 0;

  // The settings at the prefix: the assistant binding, with its toast.
  await card.getByTestId("whatsapp-assistant").click();
  await page.getByRole("option", { name: /Без ассистента/ }).click();
  await expect(page.getByText("Настройки WhatsApp обновлены")).toBeVisible();
  await expect(card.getByTestId("whatsapp-assistant")).toHaveText(/Без ассистента/);

  // Switched off without losing anything, then on again.
  await card.getByRole("switch").click();
  await expect(card.getByTestId("whatsapp-status")).toHaveText("Выключен");
  await card.getByRole("switch").click();
  await expect(card.getByTestId("whatsapp-status")).toHaveText("Авторизован");

  // Instance settings go to the gateway.
  await card.getByRole("button", { name: "Настройки инстанса" }).click();
  const inst = page.getByTestId("whatsapp-instance-settings");
  await inst.getByLabel("Пауза между отправками, мс").fill("100");
  await expect(inst.getByText("Укажите число от 500 до 600000")).toBeVisible();
  await inst.getByLabel("Пауза между отправками, мс").fill("3000");
  await inst.getByLabel("Всегда в сети").click();
  await inst.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByText("Настройки инстанса сохранены, инстанс перезапускается")).toBeVisible();
  const applied = green.state.requests.filter((r) => r.path === `/waInstance${idInstance}/setSettings/${apiToken}`).at(-1)!.body as Record<string, unknown>;
  expect(applied).toMatchObject({ delaySendMessagesMilliseconds: 3000, keepOnlineStatus: "yes", stateWebhook: "yes" });
});

test("WhatsApp: create an instance, QR and pairing code by phone, delete with confirmation", async ({ page, request, baseURL }) => {
  const { auth, accountId } = await ownerWithAccount(request, "Студия «Лотос»");
  await openConnect(page, baseURL!, auth, accountId);
  const card = page.getByTestId("channel-whatsapp");
  await expect(card.getByTestId("whatsapp-status")).toHaveText("Не подключён");

  await card.getByRole("button", { name: "Создать инстанс" }).click();
  await expect(page.getByText("Инстанс WhatsApp создан. Привяжите телефон.")).toBeVisible();
  await expect(card.getByTestId("whatsapp-state")).toHaveText("Ожидает авторизации");
  await expect(card.getByTestId("whatsapp-qr")).toHaveAttribute("src", /^data:image\/png;base64,/);
  await expect(card.getByTestId("whatsapp-qr-countdown")).toHaveText(/Код обновится через \d+ с/);

  await card.getByRole("tab", { name: "Код по номеру" }).click();
  const phone = card.getByLabel("Номер телефона WhatsApp");
  await phone.fill("");
  await phone.press("Space");
  await phone.fill("");
  await expect(card.getByTestId("wa-phone-error")).toHaveText("Требуется номер телефона");
  await phone.fill("12");
  await expect(card.getByTestId("wa-phone-error")).toHaveText("Неверный формат телефона: 12");
  // A Russian number typed with its trunk 8 is read as +7.
  await phone.fill("8 (999) 123-45-67");
  await expect(card.getByText("Код придёт для номера +7 999 123 45 67")).toBeVisible();
  await card.getByRole("button", { name: "Получить код" }).click();
  await expect(card.getByTestId("whatsapp-pairing-code")).toHaveText("ABCD-1234");
  await expect(card.getByTestId("whatsapp-code-lifetime")).toHaveText(/Действует ещё 2:[0-5]\d/);

  await card.getByRole("button", { name: "Перезагрузить" }).click();
  await expect(page.getByText("Инстанс перезагружается")).toBeVisible();

  await card.getByRole("button", { name: "Удалить инстанс" }).click();
  const confirmDialog = page.getByRole("alertdialog").or(page.getByRole("dialog")).filter({ hasText: "Удалить инстанс WhatsApp?" });
  await expect(confirmDialog).toBeVisible();
  await confirmDialog.getByRole("button", { name: "Отмена" }).click();
  await expect(card.getByTestId("whatsapp-state")).toBeVisible();
  await card.getByRole("button", { name: "Удалить инстанс" }).click();
  await confirmDialog.getByRole("button", { name: "Удалить" }).click();
  await expect(card.getByTestId("whatsapp-status")).toHaveText("Не подключён");
  await expect(card.getByRole("button", { name: "Создать инстанс" })).toBeVisible();
});

test("Telegram: connect a bot against the fake Bot API, switch it off and disconnect", async ({ page, request, baseURL }) => {
  const { auth, accountId } = await ownerWithAccount(request, "Книжная лавка «Переплёт»", "Книжный помощник");
  await openConnect(page, baseURL!, auth, accountId);
  const card = page.getByTestId("channel-telegram");
  await expect(card.getByTestId("telegram-status")).toHaveText("Не подключён");

  const token = card.getByLabel("Токен бота");
  await token.fill("not-a-token");
  await expect(card.getByText("Неверный формат токена: ожидается 123456789:ABC…")).toBeVisible();
  // The fake Bot API refuses tokens containing "invalid", like a revoked one.
  await token.fill("7123456789:AAHinvalidinvalidinvalid0123456789");
  await card.getByRole("button", { name: "Подключить бота" }).click();
  await expect(card.getByText("Telegram не принял этот токен: проверьте его в @BotFather")).toBeVisible();

  const botId = String(7_000_000_000 + Math.floor(Math.random() * 99_999_999));
  await token.fill(`${botId}:AAH${"x".repeat(30)}`);
  await card.getByRole("button", { name: "Подключить бота" }).click();
  await expect(page.getByText(`Бот @shop${botId}_bot подключён`)).toBeVisible();
  await expect(card.getByTestId("telegram-status")).toHaveText("Подключён");
  await expect(card.getByTestId("telegram-bot")).toHaveText(`@shop${botId}_bot`);
  await expect(card.getByTestId("telegram-webhook")).toContainText("Вебхук работает");
  await expect(card.getByTestId("telegram-assistant")).toHaveText(/Книжный помощник/);
  // The token is never shown again in full.
  await expect(card.getByText("x".repeat(30))).toHaveCount(0);

  // The state survives a reload (read from the server, never the token).
  await page.reload();
  await expect(card.getByTestId("telegram-bot")).toHaveText(`@shop${botId}_bot`);
  const state = await (await request.get(`/api/accounts/${accountId}/platform-telegram`, { headers: bearer(auth.accessToken) })).json();
  expect(JSON.stringify(state)).not.toContain("x".repeat(30));

  await card.getByRole("switch").click();
  await expect(card.getByTestId("telegram-status")).toHaveText("Выключен");
  await expect(card.getByText("Новые сообщения не принимаются; история диалогов сохранена")).toBeVisible();

  await card.getByRole("button", { name: "Отключить" }).click();
  const confirmDialog = page.getByRole("alertdialog").or(page.getByRole("dialog")).filter({ hasText: "Отключить Telegram?" });
  await confirmDialog.getByRole("button", { name: "Отключить" }).click();
  await expect(page.getByText("Бот отключён, вебхук удалён. История диалогов сохранена.")).toBeVisible();
  await expect(card.getByTestId("telegram-status")).toHaveText("Не подключён");
  await expect(card.getByLabel("Токен бота")).toBeVisible();
});

test("an operator sees the channels' state but no management controls", async ({ page, request, baseURL }) => {
  const { auth, accountId } = await ownerWithAccount(request, "Салон «Гармония»");
  const headers = bearer(auth.accessToken);
  const tg = await request.put(`/api/accounts/${accountId}/platform-telegram`, { headers, data: { botToken: `${7_100_000_000 + Math.floor(Math.random() * 9_999_999)}:AAH${"y".repeat(30)}` } });
  expect(tg.status()).toBe(200);
  const operatorEmail = uniqueEmail("operator");
  const inv = await request.post(`/api/accounts/${accountId}/members/invitations`, { headers, data: { email: operatorEmail, role: "operator" } });
  expect(inv.status()).toBe(201);
  const link = await mailLink(request, operatorEmail, "/invite");
  const operator = await apiRegister(request, { email: operatorEmail, password: "operator-pass-1", name: "Олег Оператор", inviteToken: new URL(link, "http://x").searchParams.get("token")! });
  await openConnect(page, baseURL!, operator, accountId);
  await expect(page.getByText("Вы видите состояние каналов. Подключать, отключать и настраивать их могут владелец и администраторы аккаунта.")).toBeVisible();
  await expect(page.getByTestId("telegram-status")).toHaveText("Подключён");
  await expect(page.getByTestId("channel-telegram").getByRole("switch")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Отключить" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Создать инстанс" })).toHaveCount(0);
  await expect(page.getByLabel("Токен доступа")).toHaveCount(0);
  await expect(page.getByTestId("whatsapp-status")).toHaveText("Не подключён");
  await expect(page.getByTestId("instagram-rules")).toBeVisible();
});

test("connect page screenshots: light and dark, desktop and phone", { tag: SCREENS }, async ({ page, request, baseURL }, testInfo) => {
  const { auth, accountId } = await ownerWithAccount(request, "Демо «Уют»", "Консультант «Уют»");
  const headers = bearer(auth.accessToken);
  expect((await request.put(`/api/accounts/${accountId}/platform-telegram`, { headers, data: { botToken: `${7_200_000_000 + Math.floor(Math.random() * 9_999_999)}:AAH${"z".repeat(30)}` } })).status()).toBe(200);
  expect((await request.post(`/api/accounts/${accountId}/platform-whatsapp/create-instance`, { headers, data: {} })).status()).toBe(201);
  await signInWithToken(page, baseURL!, auth);
  await eachThemeAndScreen(page, async (theme, label) => {
    await page.goto(`/${accountId}/connect`);
    await settled(page);
    await expect(page.getByTestId("whatsapp-qr")).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(300);
    const overflow = await sideOverflow(page);
    expect(overflow, overflow.join("\n")).toEqual([]);
    await shot(page, testInfo, `channels-connect-${theme}-${label}`);
  });
});
