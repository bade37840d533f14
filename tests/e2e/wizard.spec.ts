import { expect as baseExpect, test } from "@playwright/test";
import { apiRegister, bearer, presetStorage, SCREENS, shot, signInWithToken, uniqueEmail } from "./helpers";

/**
 * Issue 21's setup wizard: a new account goes through it to the test chat's first answer (the
 * demo model answers through the real runner), and coming back resumes where it was left.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

test("a new account goes through the wizard to a test-chat answer, and the wizard resumes where it was left", async ({ page, request, baseURL }) => {
  const auth = await apiRegister(request, { email: uniqueEmail("wizard"), password: "secret-pass-1", name: "Ольга Мастерова" });
  const res = await request.post("/api/accounts", { headers: bearer(auth.accessToken), data: { name: "Студия «Ноготок»" } });
  expect(res.status()).toBe(201);
  const { accountId } = (await res.json()) as { accountId: string };
  await presetStorage(page, { theme: "light", language: "ru" });
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/wizard`);

  // 1. About the business: the field is required, then saved with the time zone.
  const business = page.getByTestId("wizard-business");
  await expect(business.getByLabel("Название аккаунта")).toHaveValue("Студия «Ноготок»");
  await page.getByTestId("wizard-next").click();
  await expect(business.getByText("Выберите сферу бизнеса")).toBeVisible();
  await business.getByRole("combobox", { name: "Сфера" }).click();
  await page.getByRole("option", { name: "Салон красоты, косметология" }).click();
  await business.getByLabel("Коротко о бизнесе").fill("Маникюр и педикюр у метро, запись через Telegram, работаем с 10 до 21");
  await page.getByTestId("wizard-next").click();

  // 2. An assistant from a template.
  await expect(page.getByTestId("wizard-assistant")).toBeVisible();
  await page.getByTestId("wizard-template").first().click();
  await page.getByTestId("wizard-use-template").click();

  // 3. The channel step can be skipped.
  await expect(page.getByTestId("wizard-channel")).toBeVisible();
  await page.getByTestId("wizard-skip").click();

  // 4. The test chat answers right in the wizard.
  const chat = page.getByTestId("test-chat-embedded");
  await expect(chat).toBeVisible();
  await chat.getByTestId("test-chat-input").fill("Здравствуйте! Сколько стоит маникюр?");
  await chat.getByTestId("test-chat-send").click();
  await expect(chat.getByTestId("assistant-message").first()).toBeVisible({ timeout: 60_000 });
  await page.getByTestId("wizard-next").click();

  // 5. The team (the dashboard's fifth step): an invitation sent is the step done.
  const team = page.getByTestId("wizard-team");
  await expect(team).toBeVisible();
  await expect(page.getByTestId("wizard-next")).toBeDisabled();
  await team.getByLabel("E-mail коллеги").fill("не почта");
  await page.getByTestId("wizard-invite-send").click();
  await expect(team.getByText("Введите корректный e-mail", { exact: false })).toBeVisible();
  const colleague = uniqueEmail("wizard-operator");
  await team.getByLabel("E-mail коллеги").fill(colleague);
  await page.getByTestId("wizard-invite-send").click();
  await expect(page.getByTestId("wizard-invited")).toContainText(colleague);
  await page.getByTestId("wizard-next").click();
  await expect(page.getByTestId("wizard-done")).toBeVisible();

  // What the wizard did is on the server: the field, the steps, the page reached.
  const account = await (await request.get(`/api/accounts/${accountId}`, { headers: bearer(auth.accessToken) })).json();
  expect(account).toMatchObject({ industry: "beauty", wizard: { at: "done", skipped: ["channel"] } });
  expect(account.wizard.completed).toEqual(expect.arrayContaining(["account", "assistant", "test", "team"]));

  // Coming back resumes at the page reached; the control panel is one click away.
  await page.reload();
  await expect(page.getByTestId("wizard-done")).toBeVisible();
  await page.getByTestId("wizard-open-dashboard").click();
  await expect(page).toHaveURL(new RegExp(`/${accountId}/dashboard$`));
});

test("wizard screens: every step, light and dark, desktop and phone", { tag: SCREENS }, async ({ browser, request, baseURL }, testInfo) => {
  const auth = await apiRegister(request, { email: uniqueEmail("wizard-shot"), password: "secret-pass-1", name: "Ольга Мастерова" });
  const res = await request.post("/api/accounts", { headers: bearer(auth.accessToken), data: { name: "Кофейня «Зерно»" } });
  const { accountId } = (await res.json()) as { accountId: string };
  for (const theme of ["light", "dark"] as const) {
    for (const [vp, width, height] of [["desktop", 1440, 900], ["phone", 390, 844]] as const) {
      const ctx = await browser.newContext({ viewport: { width, height }, locale: "ru-RU", timezoneId: "Europe/Moscow" });
      const page = await ctx.newPage();
      await presetStorage(page, { theme, language: "ru" });
      await signInWithToken(page, baseURL!, auth);
      for (const step of ["business", "assistant", "channel", "test", "team", "done"] as const) {
        await request.put(`/api/accounts/${accountId}/wizard`, { headers: bearer(auth.accessToken), data: { at: step } });
        await page.goto(`/${accountId}/wizard`);
        await expect(page.getByTestId(`wizard-${step}`)).toBeVisible();
        await page.waitForTimeout(300);
        await shot(page, testInfo, `wizard/${theme}-${vp}-${step}`);
      }
      await ctx.close();
    }
  }
});
