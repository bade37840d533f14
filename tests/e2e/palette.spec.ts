import { test } from "@playwright/test";
import { inviteOperator } from "./chat-helpers";
import { DEMO, DEMO_ACCOUNT_ID, apiLogin, expect, presetStorage, signInWithToken } from "./helpers";

/**
 * The command palette (Ctrl/Cmd+K) finds contacts, assistants and templates through the API, not
 * only menu items: debounced, grouped by kind, keyboard driven, with loading and empty states and
 * by the member's abilities.
 */
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await presetStorage(page, { language: "ru", theme: "light" }, { acceptCookies: true });
});

test("finds a contact, an assistant and a template through the API and opens them from the keyboard", async ({ page, request, baseURL }) => {
  const auth = await apiLogin(request, DEMO.email, DEMO.password);
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${DEMO_ACCOUNT_ID}/dashboard`);
  await expect(page.getByTestId("setup-steps")).toBeVisible();

  const searches: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (/\/api\/(accounts\/[^/]+\/(contacts|assistants)|assistants\/templates)$/.test(u.pathname) && u.searchParams.get("q")) searches.push(`${u.pathname.split("/").at(-1)}:${u.searchParams.get("q")}`);
  });
  // Slow the contacts answer down so the loading state can be seen.
  await page.route("**/api/accounts/*/contacts?*", async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });

  await page.keyboard.press("Control+k");
  const input = page.getByTestId("search-input");
  await expect(input).toBeFocused();
  // One character searches nothing on the server; the hint says how many are needed.
  await input.pressSequentially("С");
  await expect(page.getByTestId("search-hint")).toBeVisible();
  await input.pressSequentially("мирнова", { delay: 30 });
  await expect(page.getByTestId("search-loading")).toBeVisible();
  const contacts = page.getByTestId("search-group-contacts");
  await expect(contacts.getByTestId("search-contact").filter({ hasText: "Анна Смирнова" })).toBeVisible();
  await expect(page.getByTestId("search-loading")).toHaveCount(0);
  // Debounced: the typing above asked the server once per kind, with the whole word.
  expect(searches.filter((s) => s.startsWith("contacts:"))).toEqual(["contacts:Смирнова"]);
  expect(searches.filter((s) => s.startsWith("assistants:"))).toEqual(["assistants:Смирнова"]);

  // Arrow keys move through the results, Enter opens the contact's page.
  await page.keyboard.press("Home");
  const first = page.getByTestId("search-contact").first();
  await expect(first).toHaveAttribute("data-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/${DEMO_ACCOUNT_ID}/contacts/[^/]+$`));
  await expect(page.getByRole("heading", { name: "Анна Смирнова" }).first()).toBeVisible();

  // Assistants of the account.
  await page.keyboard.press("Control+k");
  await page.getByTestId("search-input").fill("Уют");
  const assistant = page.getByTestId("search-group-assistants").getByTestId("search-assistant").filter({ hasText: "Консультант «Уюта»" });
  await expect(assistant).toBeVisible();
  await expect(assistant).toContainText("Редактировать");
  await assistant.click();
  await expect(page).toHaveURL(new RegExp(`/${DEMO_ACCOUNT_ID}/assistants/demo-assistant$`));

  // Templates of the library, and pages, in their own groups; ArrowDown walks from one group to the next.
  await page.keyboard.press("Control+k");
  await page.getByTestId("search-input").fill("клиника");
  const template = page.getByTestId("search-group-templates").getByTestId("search-template").filter({ hasText: "Медицинская клиника" });
  await expect(template).toBeVisible();
  await template.hover();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/assistant-templates\?q=/);
  await expect(page.getByTestId("template-card").filter({ hasText: "Медицинская клиника" })).toBeVisible();

  // One letter filters the pages (no server search); Home, ArrowDown and Enter open the second.
  await page.keyboard.press("Control+k");
  await page.getByTestId("search-input").fill("а");
  await expect(page.getByTestId("search-group-pages").getByTestId("search-page-dashboard")).toBeVisible();
  await page.keyboard.press("Home");
  await expect(page.getByTestId("search-page-dashboard")).toHaveAttribute("data-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByTestId("search-page-dashboard")).toHaveAttribute("data-selected", "false");
  // The second page in the menu's order that has an «а»: the setup wizard («Мастер настройки»).
  await expect(page.getByTestId("search-page-wizard")).toHaveAttribute("data-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/${DEMO_ACCOUNT_ID}/wizard$`));
  // The wizard's blank layout has no palette: back to a page of the shell.
  await page.goto(`/${DEMO_ACCOUNT_ID}/dashboard`);
  await expect(page.getByTestId("setup-steps")).toBeVisible();

  // Nothing anywhere: the empty state, once the answers are in.
  await page.keyboard.press("Control+k");
  await page.getByTestId("search-input").fill("zzqxwv");
  await expect(page.getByTestId("search-empty")).toHaveText("Ничего не найдено");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("search-input")).toHaveCount(0);
});

test("an operator finds assistants to read, not to edit, and a failed search says so", async ({ page, request, baseURL }) => {
  const owner = await apiLogin(request, DEMO.email, DEMO.password);
  const operator = await inviteOperator(request, owner, "Ольга Поиск");
  await signInWithToken(page, baseURL!, operator);
  await page.goto(`/${DEMO_ACCOUNT_ID}/contacts`);
  await expect(page.getByTestId("navbar")).toBeVisible();

  await page.getByTestId("search-open").click();
  await page.getByTestId("search-input").fill("Уют");
  const assistant = page.getByTestId("search-assistant").filter({ hasText: "Консультант «Уюта»" });
  await expect(assistant).toBeVisible();
  await expect(assistant).toContainText("Просмотр");
  // Pages by ability: the settings (read-only for an operator) yes, the platform admin area no.
  await page.getByTestId("search-input").fill("Настройки");
  await expect(page.getByTestId("search-page-account-settings")).toBeVisible();
  await page.getByTestId("search-input").fill("Администрирование");
  await expect(page.getByTestId("search-empty")).toBeVisible();
  await expect(page.getByTestId("search-page-admin")).toHaveCount(0);

  // The API refusing the search: a sentence, not an empty list.
  await page.route("**/api/accounts/*/contacts?*", (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ statusCode: 500, error: "Internal Server Error", message: "Внутренняя ошибка" }) }));
  await page.route("**/api/accounts/*/assistants?*", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
  await page.route("**/api/assistants/templates?*", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
  await page.getByTestId("search-input").fill("Петров");
  await expect(page.getByTestId("search-failed")).toHaveText("Не удалось выполнить поиск. Проверьте соединение и попробуйте ещё раз.");
});
