import { test } from "@playwright/test";
import { eachThemeAndScreen, sideOverflow } from "./fixtures";
import { ADMIN, DEMO_ACCOUNT_ID, apiLogin, apiRegister, expect, presetStorage, settled, shot, signInWithToken, uniqueEmail, SCREENS } from "./helpers";

/**
 * The FAQ and help center on the seeded content (scripts/help-content.mjs): a Russian search of the
 * FAQ in another case, a link of an answer opening a page of the current account, an article whose
 * video opens the §2.10 dialog, a "helpful" vote counted once, and the administrators' editor.
 */
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" });
});

async function ownerWithAccount(request: Parameters<typeof apiRegister>[0]) {
  const owner = await apiRegister(request, { email: uniqueEmail("help"), password: "help-pass-1", name: "Ирина Справкина" });
  const res = await request.post("/api/accounts", { headers: { authorization: `Bearer ${owner.accessToken}` }, data: { name: "Цветочная лавка" } });
  const { accountId } = (await res.json()) as { accountId: string };
  return { owner, accountId };
}

test("the FAQ: a Russian search in capitals finds the answer, and its link opens the page in this account", async ({ page, request, baseURL }) => {
  const { owner, accountId } = await ownerWithAccount(request);
  await signInWithToken(page, baseURL!, owner);
  await page.goto(`/${accountId}/faq`);
  await expect(page.getByRole("heading", { name: "Вопросы и ответы", level: 1 })).toBeVisible();
  // the seeded questions, grouped (an administrator's test may add more: the count is not asserted)
  await expect(page.getByRole("heading", { name: "Мессенджеры", level: 2 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Какие мессенджеры можно подключить?" })).toBeVisible();
  await page.getByTestId("faq-search").fill("ТЕЛЕГРАМ БОТ");
  // no entry has that phrase: the empty state says so and clears the search
  await expect(page.getByText("Ничего не нашлось по запросу «ТЕЛЕГРАМ БОТ»")).toBeVisible();
  await page.getByRole("button", { name: "Сбросить поиск" }).click();
  await page.getByTestId("faq-search").fill("ЖЁЛТУЮ КАРТОЧКУ");
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByTestId("faq-entry")).toHaveCount(1);
  const entry = page.getByTestId("faq-entry").first();
  await expect(entry).toContainText("Почему рассылка не запускается?");
  // a search opens the matches: the answer is visible, and its link is this account's page
  await entry.getByRole("link", { name: "«Рассылки»" }).click();
  await expect(page).toHaveURL(new RegExp(`/${accountId}/broadcasts`));
});

test("a help article with a video opens the dialog, and a helpful vote is counted once", async ({ page, request, baseURL }) => {
  const { owner } = await ownerWithAccount(request);
  await signInWithToken(page, baseURL!, owner);
  await page.goto("/help-center");
  await expect(page.getByRole("heading", { name: "Центр помощи", level: 1 })).toBeVisible();
  // The heading shows before the articles have loaded: wait for them, then count.
  await expect.poll(() => page.getByTestId("help-article-link").count()).toBeGreaterThanOrEqual(8);
  const all = await page.getByTestId("help-article-link").count();
  await page.getByTestId("help-search").fill("ассистента");
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByTestId("help-article-link")).not.toHaveCount(all);
  await page.getByRole("link", { name: /Настройка ассистента/ }).click();
  await expect(page).toHaveURL(/\/help-center\/article\/assistant-setup$/);
  await expect(page.getByRole("heading", { name: "Настройка ассистента", level: 1 })).toBeVisible();

  await page.getByTestId("help-video").click();
  const dialog = page.getByTestId("video-dialog");
  await expect(dialog).toBeVisible();
  // The dialog holds the focus, not the player's frame (a key pressed inside the frame stays there).
  await expect(dialog).toBeFocused();
  await expect(dialog.getByRole("heading", { name: "Видео: настройка ассистента за 3 минуты" })).toBeVisible();
  await expect(dialog.locator("iframe")).toHaveAttribute("src", /youtube-nocookie\.com\/embed\/aqz-KE-bpKQ/);
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(900);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  const before = await request.get("/api/help/articles/assistant-setup", { headers: { authorization: `Bearer ${owner.accessToken}` } });
  const count = ((await before.json()) as { helpfulCount: number }).helpfulCount;
  await page.getByTestId("help-vote-yes").click();
  await expect(page.getByTestId("help-vote-yes")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("help-helpful-count")).toContainText("Спасибо за отзыв!");
  await expect(page.getByTestId("help-helpful-count")).toContainText(String(count + 1));
  await page.getByTestId("help-vote-yes").click(); // the same vote again counts nothing
  await page.reload();
  await expect(page.getByTestId("help-vote-yes")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("help-helpful-count")).toContainText(String(count + 1));
  // related articles lead on
  await expect(page.getByTestId("help-related").getByRole("link")).toHaveCount(3);
});

test("an administrator writes a FAQ entry with a preview, and a user finds it", async ({ page, request, baseURL }) => {
  const suffix = Date.now().toString(36);
  await signInWithToken(page, baseURL!, await apiLogin(request, ADMIN.email, ADMIN.password));
  await page.goto("/admin/help");
  await expect(page.getByRole("heading", { name: "Справка: вопросы и статьи", level: 1 })).toBeVisible();
  await page.getByTestId("help-create-faq").click();
  const dialog = page.getByTestId("faq-dialog");
  await dialog.getByRole("button", { name: "Сохранить" }).click();
  await expect(dialog.getByText("Введите вопрос")).toBeVisible();
  await dialog.getByTestId("faq-question-ru").fill(`Можно ли подключить два бота ${suffix}?`);
  await dialog.getByLabel("Ответ").first().fill("Да: **каждый** бот — отдельный канал на странице [подключения](app:/connect).");
  await dialog.getByTestId("markdown-preview-tab").first().click();
  await expect(dialog.getByTestId("markdown-preview").first().locator("strong")).toHaveText("каждый");
  await dialog.getByRole("button", { name: "Сохранить" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("help-admin-faq")).toContainText(`Можно ли подключить два бота ${suffix}?`);

  const { owner, accountId } = await ownerWithAccount(request);
  await signInWithToken(page, baseURL!, owner);
  await page.goto(`/${accountId}/faq?q=${encodeURIComponent(`ДВА БОТА ${suffix.toUpperCase()}`)}`);
  await expect(page.getByTestId("faq-entry")).toHaveCount(1);
  await expect(page.getByTestId("faq-entry").getByRole("link", { name: "подключения" })).toHaveAttribute("href", `/${accountId}/connect`);
});

test("help screenshots: FAQ, help center, article and the admin editor, light and dark, desktop and phone", { tag: SCREENS }, async ({ page, request, baseURL }, testInfo) => {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  await signInWithToken(page, baseURL!, admin);
  const pages: [string, string][] = [
    ["faq", `/${DEMO_ACCOUNT_ID}/faq`],
    ["help-center", "/help-center"],
    ["help-article", "/help-center/article/connect-telegram"],
    ["admin-help", "/admin/help?tab=articles"],
  ];
  await eachThemeAndScreen(page, async (theme, label) => {
    for (const [name, path] of pages) {
      await page.goto(path);
      await settled(page);
      if (name === "faq") await page.getByTestId("faq-entry").first().getByRole("button").click();
      // the admin table scrolls sideways inside its own frame on a phone; the pages themselves never do
      if (name !== "admin-help") expect(await sideOverflow(page), `${name} ${label} ${theme}`).toEqual([]);
      await shot(page, testInfo, `help/${name}-${label}-${theme}`);
    }
  });
});
