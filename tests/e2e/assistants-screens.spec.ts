import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { ADMIN, apiLogin, ARTIFACTS, apiRegister, bearer, DEMO, DEMO_ACCOUNT_ID, presetStorage, settled, shot, signInWithToken, uniqueEmail, screensTag } from "./helpers";

/** Screens of issue 5 (assistants, editor, constructor, test chat) in both themes, desktop and phone; PNGs in tests/e2e/artifacts/assistants. */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 300_000 });

const VIEWPORTS = [
  { name: "desktop", width: 1440, height: 900 },
  { name: "mobile", width: 390, height: 844 },
] as const;

async function visit(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
  await page.waitForTimeout(300);
}

/** A viewport-sized picture (the floating popup and dialogs live in the viewport). */
async function view(page: Page, testInfo: Parameters<typeof shot>[1], name: string) {
  await page.waitForTimeout(350);
  const file = join(ARTIFACTS, `${name}.png`);
  mkdirSync(dirname(file), { recursive: true });
  await page.screenshot({ path: file, animations: "disabled" });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

for (const theme of ["light", "dark"] as const) {
  for (const vp of VIEWPORTS) {
    test(`assistant screens (${theme}, ${vp.name})`, { tag: screensTag(theme, vp.name) }, async ({ page, request, baseURL }, testInfo) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      const dir = `assistants/${theme}-${vp.name}`;
      const auth = await apiLogin(request, DEMO.email, DEMO.password);
      const list = await request.get(`/api/accounts/${DEMO_ACCOUNT_ID}/assistants`, { headers: bearer(auth.accessToken) });
      const assistant = ((await list.json()) as { data: { assistantId: string }[] }).data[0]!;
      await presetStorage(page, { theme, language: "ru" });
      await signInWithToken(page, baseURL!, auth);

      await visit(page, `/${DEMO_ACCOUNT_ID}/assistants`);
      await expect(page.getByTestId("assistant-card").first()).toBeVisible();
      await shot(page, testInfo, `${dir}/assistants`);

      await page.getByTestId("create-assistant").first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await view(page, testInfo, `${dir}/assistants-create-dialog`);
      await page.keyboard.press("Escape");

      await visit(page, `/${DEMO_ACCOUNT_ID}/assistants/${assistant.assistantId}`);
      await expect(page.getByTestId("assistant-title")).toBeVisible();
      await shot(page, testInfo, `${dir}/assistant-editor`);
      await page.getByTestId("generate-open").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await view(page, testInfo, `${dir}/assistant-generate-dialog`);
      await page.keyboard.press("Escape");

      // The popup: talk once so the log has a reply and a tool call.
      await page.getByTestId("test-chat-launcher").click();
      const popup = page.getByTestId("test-chat-popup");
      await expect(popup).toBeVisible();
      await settled(page);
      if (await popup.getByTestId("test-chat-create").isVisible()) {
        await view(page, testInfo, `${dir}/test-chat-no-chat`);
        await popup.getByTestId("test-chat-create").click();
        await view(page, testInfo, `${dir}/test-chat-empty`);
      }
      if ((await popup.getByTestId("assistant-message").count()) === 0) {
        await popup.getByTestId("test-chat-input").fill("Здравствуйте! Который час?");
        await popup.getByTestId("test-chat-send").click();
        await expect(popup.getByTestId("tool-result").first()).toBeVisible({ timeout: 60_000 });
        await popup.getByTestId("test-chat-input").fill("Меня зовут Анна, что у вас с доставкой?");
        await popup.getByTestId("test-chat-send").click();
        // Two replies; each turn shows its tool results (the knowledge base's search comes with a question that has topic words).
        await expect(popup.getByTestId("assistant-message")).toHaveCount(2, { timeout: 60_000 });
        expect(await popup.getByTestId("tool-result").count()).toBeGreaterThanOrEqual(2);
        await expect(popup.getByTestId("test-chat-send")).toBeDisabled();
      }
      await expect(popup.getByTestId("assistant-message").first()).toBeVisible();
      await view(page, testInfo, `${dir}/test-chat-popup`);
      await popup.getByTestId("tool-result").first().click();
      await expect(page.getByTestId("tool-result-dialog")).toBeVisible();
      await view(page, testInfo, `${dir}/test-chat-tool-result`);
      await page.keyboard.press("Escape");
      await popup.getByTestId("test-chat-pick-assistant").click();
      await expect(page.getByRole("menu")).toBeVisible();
      await view(page, testInfo, `${dir}/test-chat-pick-assistant`);
      await page.keyboard.press("Escape");
      await popup.getByTestId("test-chat-configure").click();
      await expect(page.getByTestId("assistant-settings-dialog")).toBeVisible();
      await view(page, testInfo, `${dir}/test-chat-settings`);
      await page.keyboard.press("Escape");
      await popup.getByTestId("test-chat-clear").click();
      await expect(page.getByTestId("confirm-dialog")).toBeVisible();
      await view(page, testInfo, `${dir}/test-chat-clear-confirm`);
      await page.getByTestId("confirm-dialog").getByRole("button", { name: "Отмена" }).click();
      await popup.getByTestId("test-chat-close").click();

      await visit(page, "/assistant-templates");
      await expect(page.getByTestId("template-card").first()).toBeVisible();
      await shot(page, testInfo, `${dir}/assistant-templates`);
      await page.getByTestId("template-card").first().getByRole("button", { name: "Подробнее" }).click();
      await expect(page.getByTestId("template-preview")).toBeVisible();
      await view(page, testInfo, `${dir}/template-preview`);
      await page.getByTestId("template-preview-use").click();
      await expect(page.getByTestId("use-template-dialog")).toBeVisible();
      await view(page, testInfo, `${dir}/template-use-dialog`);
      await page.keyboard.press("Escape");

      // A new account: the empty list and the popup without assistants.
      const fresh = await apiRegister(request, { email: uniqueEmail("screens"), password: "secret-pass-1", name: "Новый Пользователь" });
      const acc = await request.post("/api/accounts", { headers: bearer(fresh.accessToken), data: { name: "Пустой аккаунт" } });
      const { accountId } = (await acc.json()) as { accountId: string };
      await page.context().clearCookies();
      await signInWithToken(page, baseURL!, fresh);
      await visit(page, `/${accountId}/assistants`);
      await expect(page.getByText("Ассистентов пока нет")).toBeVisible();
      await shot(page, testInfo, `${dir}/assistants-empty`);
      await page.getByTestId("test-chat-launcher").click();
      await expect(page.getByTestId("test-chat-popup").getByText("У вас нет ИИ ассистентов")).toBeVisible();
      await view(page, testInfo, `${dir}/test-chat-no-assistants`);
    });

    test(`template edit dialog (${theme}, ${vp.name})`, { tag: screensTag(theme, vp.name) }, async ({ page, request, baseURL }, testInfo) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      const dir = `assistants/${theme}-${vp.name}`;
      const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
      await presetStorage(page, { theme, language: "ru" });
      await signInWithToken(page, baseURL!, admin);
      await visit(page, "/assistant-templates");
      const card = page.getByTestId("template-card").first();
      await card.getByRole("button", { name: "Действия с шаблоном" }).click();
      await page.getByRole("menuitem", { name: "Редактировать" }).click();
      const dialog = page.getByTestId("template-edit-dialog");
      await expect(dialog.getByTestId("tools-list")).toBeVisible();
      await view(page, testInfo, `${dir}/template-edit-dialog`);
      // the body scrolls inside the dialog, header and footer stay put
      const body = dialog.getByTestId("template-edit-body");
      await body.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await expect(dialog.getByLabel("Ждать перед ответом, секунд")).toBeInViewport();
      await expect(dialog.getByRole("button", { name: "Сохранить" })).toBeInViewport();
      await view(page, testInfo, `${dir}/template-edit-dialog-bottom`);
      await page.keyboard.press("Escape");
    });
  }
}
