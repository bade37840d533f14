import { test } from "@playwright/test";
import { apiRegister, bearer, DEMO_ACCOUNT_ID, expect, presetStorage, settled, shot, signInWithToken, uniqueEmail, DEMO, apiLogin } from "./helpers";
import { eachThemeAndScreen } from "./fixtures";

/**
 * The knowledge base through the UI: an owner adds an FAQ entry in its dialog and uploads a
 * document, both get indexed, the search box shows what the assistant would find, and the
 * assistant's test chat answers questions only they answer, with the search_knowledge trace.
 */
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

const RULES = [
  "Правила пекарни «Колосок»",
  "",
  "Заказ тортов",
  "Торты на заказ принимаем не позднее чем за 72 часа до праздника, предоплата 50 процентов. Надпись на торте бесплатно.",
  "",
  "Хранение",
  "Хлеб на закваске хранится трое суток в льняном мешочке.",
].join("\n");

test("an owner adds an FAQ entry and a document, and the test chat answers from them with the trace", async ({ page, request, baseURL }) => {
  const auth = await apiRegister(request, { email: uniqueEmail("kb"), password: "owner-pass-1", name: "Ольга Пекарь" });
  const created = await request.post("/api/accounts", { headers: bearer(auth.accessToken), data: { name: "Пекарня «Колосок»" } });
  const { accountId } = (await created.json()) as { accountId: string };
  const assistant = await request.post(`/api/accounts/${accountId}/assistants`, { headers: bearer(auth.accessToken), data: { name: "Колосок", instructions: "Ты — помощник пекарни." } });
  const { assistantId } = (await assistant.json()) as { assistantId: string };
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/knowledge`);
  await expect(page.getByText("В базе знаний пока пусто")).toBeVisible();

  // An FAQ entry through its dialog.
  await page.getByTestId("faq-add").first().click();
  const dialog = page.getByTestId("faq-dialog");
  await dialog.getByLabel("Вопрос", { exact: true }).fill("Есть ли у вас безглютеновый хлеб?");
  await dialog.getByLabel("Ответ", { exact: true }).fill("Да, безглютеновый гречневый хлеб печём по вторникам и пятницам, 320 рублей за буханку.");
  await dialog.getByTestId("faq-save").click();
  await expect(dialog).toBeHidden();
  const faqRow = page.getByTestId("source-row").filter({ hasText: "безглютеновый" });
  await expect(faqRow).toBeVisible();
  await expect(page.locator("tr").filter({ has: faqRow }).getByTestId("source-status")).toHaveText("Проиндексирован");

  // A document: the file picker behind "Загрузить документ"; the row turns indexed by itself.
  await page.getByTestId("document-input").setInputFiles({ name: "Правила пекарни.txt", mimeType: "text/plain", buffer: Buffer.from(RULES, "utf8") });
  const docRow = page.locator("tr").filter({ has: page.getByTestId("source-row").filter({ hasText: "Правила пекарни" }) });
  await expect(docRow.getByTestId("source-status")).toHaveText("Проиндексирован", { timeout: 30_000 });
  await expect(docRow.getByTestId("source-chunks")).toContainText("фрагмент");

  // "What would the assistant find": a question worded unlike the document.
  await page.getByTestId("knowledge-search-input").fill("за сколько дней нужно заказать торт?");
  await page.getByTestId("knowledge-search-submit").click();
  const hits = page.getByTestId("knowledge-hit");
  await expect(hits.first()).toContainText("72 часа");
  await expect(page.getByTestId("knowledge-search-results")).toContainText("Ответ есть в базе");
  await shot(page, test.info(), "knowledge/list-light-desktop");

  // The assistant's test chat answers from the FAQ and from the document, and shows the search.
  await page.goto(`/${accountId}/assistants/${assistantId}`);
  await expect(page.getByTestId("assistant-sources")).toContainText("Все источники аккаунта");
  const chat = page.getByTestId("embedded-test-chat");
  const create = chat.getByTestId("test-chat-create");
  if (await create.isVisible().catch(() => false)) await create.click();
  const input = chat.getByPlaceholder("Введите сообщение...");
  await input.fill("Есть ли хлеб без глютена?");
  await chat.getByTestId("test-chat-send").click();
  await expect(chat.getByTestId("assistant-message").filter({ hasText: "гречневый хлеб" })).toBeVisible({ timeout: 60_000 });
  await expect(chat.getByTestId("tool-call").and(chat.locator('[data-tool="search_knowledge"]')).first()).toBeVisible();

  await input.fill("Как заказать торт на день рождения?");
  await input.press("Enter");
  await expect(chat.getByTestId("assistant-message").filter({ hasText: "72 часа" })).toBeVisible({ timeout: 60_000 });
  await chat.getByTestId("tool-result").and(chat.locator('[data-tool="search_knowledge"]')).last().click();
  const trace = page.getByTestId("tool-result-dialog");
  await expect(trace).toContainText("Функция search_knowledge");
  await expect(trace).toContainText("Правила пекарни");
  await page.keyboard.press("Escape");
});

test("the knowledge page of the demo account, light and dark, desktop and phone", async ({ page, request, baseURL }) => {
  const auth = await apiLogin(request, DEMO.email, DEMO.password);
  await signInWithToken(page, baseURL!, auth);
  await eachThemeAndScreen(page, async (theme, label) => {
    await page.goto(`/${DEMO_ACCOUNT_ID}/knowledge`);
    await settled(page);
    await expect(page.getByTestId("source-row").first()).toBeVisible();
    const overflow = await page.evaluate(() =>
      [...document.querySelectorAll("main *")]
        .filter((el) => !el.closest("[data-slot=table-container]") && el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .map((el) => el.tagName),
    );
    expect(overflow).toEqual([]);
    await shot(page, test.info(), `knowledge/page-${theme}-${label}`);
  });
});
