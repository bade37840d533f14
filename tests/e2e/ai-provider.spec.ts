import { expect as baseExpect, test, type Page } from "@playwright/test";
import { PROVIDER_API_KEY, providerHandler } from "../fakes/llm-provider";
import { type RunningFake, startFake } from "../fakes/index";
import { apiRegister, bearer, presetStorage, settled, shot, signInWithToken, uniqueEmail } from "./helpers";

/**
 * An account's own OpenAI-compatible provider in the browser: settings → AI-провайдер pointed at a
 * third-party provider fake started here (its own key, its own model names), a failed and a good
 * connection check, a provider model picked in the assistant editor's combobox, and the editor's
 * test chat answered by that provider with that model.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

let provider: RunningFake;
test.beforeAll(async () => {
  provider = await startFake("llm-provider", providerHandler);
});
test.afterAll(async () => {
  await provider?.close();
});

const toast = (page: Page, text: string | RegExp) => page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: text }).first();

test("set an own AI provider, check it, pick its model and get an answer in the test chat", async ({ page, request, baseURL }, testInfo) => {
  const auth = await apiRegister(request, { email: uniqueEmail("aiprov"), password: "secret-pass-1", name: "Ольга Настройщица" });
  const acc = await request.post("/api/accounts", { headers: bearer(auth.accessToken), data: { name: "Кофейня «Зерно»", timezone: "Europe/Moscow", language: "ru" } });
  expect(acc.status()).toBe(201);
  const { accountId } = (await acc.json()) as { accountId: string };
  const created = await request.post(`/api/accounts/${accountId}/assistants`, { headers: bearer(auth.accessToken), data: { name: "Бариста", knowledge: "Капучино стоит 250 ₽." } });
  expect(created.status()).toBe(201);
  const { assistantId } = (await created.json()) as { assistantId: string };

  await presetStorage(page, { theme: "light", language: "ru" });
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/account-settings?tab=ai-provider`);
  const card = page.getByTestId("ai-provider-card");
  await expect(card.getByTestId("ai-provider-status")).toHaveText("Модель платформы");
  await settled(page);
  await shot(page, testInfo, "ai-provider-empty-light-1440");

  // Empty fields: the form says what is missing, nothing is sent.
  await card.getByTestId("ai-provider-check").click();
  await expect(card.getByText("Укажите адрес провайдера")).toBeVisible();

  // A wrong key: the provider's 401 comes back as a sentence.
  const baseUrl = `${provider.url}/v1`;
  await card.getByLabel("Базовый URL").fill(baseUrl);
  await card.getByLabel("Ключ API").fill("sk-wrong-key-0000");
  await card.getByTestId("ai-provider-check").click();
  const result = card.getByTestId("ai-provider-result");
  await expect(result).toContainText("Подключение не работает");
  await expect(result).toContainText("Провайдер отклонил ключ API");

  // The right key: the provider's models are listed, a tiny completion answered.
  await card.getByLabel("Ключ API").fill(PROVIDER_API_KEY);
  await card.getByTestId("ai-provider-check").click();
  await expect(result).toContainText("Подключение работает");
  await expect(result).toContainText("Моделей у провайдера: 3");
  await expect(card.getByTestId("ai-provider-models").getByText("qwen2.5-7b-instruct")).toBeVisible();
  await shot(page, testInfo, "ai-provider-checked-light-1440");

  // Saved: the key is gone from the page, only its last 4 characters remain.
  await card.getByRole("button", { name: "Сохранить" }).click();
  await expect(toast(page, "AI-провайдер сохранён")).toBeVisible();
  await expect(card.getByTestId("ai-provider-key-saved")).toContainText("Ключ сохранён •••• 1234");
  await expect(card.getByTestId("ai-provider-status")).toHaveText("Свой провайдер");
  await expect(card.getByTestId("ai-provider-current")).toContainText(new URL(provider.url).host);
  expect(await page.content()).not.toContain(PROVIDER_API_KEY);
  const got = await request.get(`/api/accounts/${accountId}/ai-provider`, { headers: bearer(auth.accessToken) });
  expect(await got.text()).not.toContain(PROVIDER_API_KEY.slice(0, -4));
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await shot(page, testInfo, "ai-provider-saved-light-1440");

  // Another address needs the key again: the key field opens by itself and the form says why.
  await card.getByLabel("Базовый URL").fill(`${provider.url}/nolist/v1`);
  await expect(card.getByLabel("Ключ API")).toBeVisible();
  await card.getByRole("button", { name: "Сохранить" }).click();
  await expect(card.getByText("Адрес провайдера изменился: введите ключ API заново")).toBeVisible();
  await card.getByLabel("Базовый URL").fill(baseUrl);
  await expect(card.getByTestId("ai-provider-key-saved")).toBeVisible();

  // The assistant editor: the provider's models are offered next to the defaults; type to find one.
  await page.goto(`/${accountId}/assistants/${assistantId}`);
  await expect(page.getByTestId("assistant-title")).toHaveText("Бариста");
  await page.getByTestId("model-select").click();
  await expect(page.getByRole("group", { name: `Модели провайдера ${new URL(provider.url).host}` })).toBeVisible();
  await page.getByTestId("model-search").fill("qwen");
  await page.getByRole("option", { name: "qwen2.5-7b-instruct" }).click();
  await expect(page.getByTestId("model-select")).toHaveText("qwen2.5-7b-instruct");
  await expect(page.getByText(`Модель AI-провайдера аккаунта (${new URL(provider.url).host})`)).toBeVisible();
  await page.getByTestId("unsaved-bar").getByRole("button", { name: "Сохранить" }).click();
  await expect(toast(page, "Ассистент успешно обновлен!")).toBeVisible();

  // The editor's own test chat is answered by the provider, with that model and that key (its
  // composer sits inside the editor's form: sending must not reload the page).
  const before = provider.state.requests.length;
  const navigations: string[] = [];
  page.on("framenavigated", (f) => f === page.mainFrame() && navigations.push(f.url()));
  const chat = page.getByTestId("test-chat-embedded");
  await chat.getByTestId("test-chat-create").click();
  await chat.getByTestId("test-chat-input").fill("Привет! Сколько стоит капучино?");
  await chat.getByTestId("test-chat-send").click();
  await expect(chat.getByTestId("assistant-message").filter({ hasText: "[qwen2.5-7b-instruct]" })).toBeVisible({ timeout: 60_000 });
  const sent = provider.state.requests.slice(before).filter((r) => r.path === "/v1/chat/completions");
  expect(sent.length).toBeGreaterThan(0);
  expect(sent[0]!.headers.authorization).toBe(`Bearer ${PROVIDER_API_KEY}`);
  expect((sent[0]!.body as { model: string; stream?: boolean }).model).toBe("qwen2.5-7b-instruct");
  expect(navigations).toEqual([]);

  // Removing asks first; then the platform's model is back.
  await page.goto(`/${accountId}/account-settings?tab=ai-provider`);
  await card.getByTestId("ai-provider-remove").click();
  const confirmDialog = page.getByTestId("confirm-dialog");
  await expect(confirmDialog).toContainText("Удалить AI-провайдер?");
  await confirmDialog.getByRole("button", { name: "Удалить провайдер" }).click();
  await expect(toast(page, "AI-провайдер удалён")).toBeVisible();
  await expect(card.getByTestId("ai-provider-status")).toHaveText("Модель платформы");
  const after = await request.get(`/api/accounts/${accountId}/ai-provider`, { headers: bearer(auth.accessToken) });
  expect(await after.json()).toMatchObject({ configured: false });
});
