import { test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { DEMO, DEMO_ACCOUNT_ID, apiLogin, apiRegister, bearer, expect, presetStorage, signInWithToken, uniqueEmail, type AuthResult } from "./helpers";

/**
 * The shell's navigation and first-hour friction: the setup checklist's links, the floating test
 * chat that covers no control and keeps its assistant, the horizontal and overlay navigation, the
 * blank layout and scroll-to-top.
 */
test.describe.configure({ timeout: 180_000 });

const A = `/${DEMO_ACCOUNT_ID}`;

async function newOwner(request: APIRequestContext, name: string): Promise<{ auth: AuthResult; accountId: string }> {
  const auth = await apiRegister(request, { email: uniqueEmail("nav"), password: "secret-pass-1", name });
  const res = await request.post("/api/accounts", { headers: bearer(auth.accessToken), data: { name: "Кофейня «Зерно»", timezone: "Europe/Moscow", language: "ru" } });
  expect(res.status(), await res.text()).toBe(201);
  return { auth, accountId: ((await res.json()) as { accountId: string }).accountId };
}

async function signInDemo(page: Page, request: APIRequestContext, baseURL: string, prefs: Record<string, unknown> = {}) {
  await presetStorage(page, { language: "ru", theme: "light", ...prefs }, { acceptCookies: true });
  await signInWithToken(page, baseURL, await apiLogin(request, DEMO.email, DEMO.password));
}

/** Boxes on screen overlap (touching edges do not count). */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error("element not on screen");
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** After a scroll the launcher rises or settles with a 200 ms transition. */
const settle = (page: Page) => page.waitForTimeout(500);
/** Scrolls to the page's end until the footer is on screen (sections still loading above would otherwise push the end down after one scroll). */
const scrollToEnd = (page: Page) =>
  expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.locator("footer")).toBeInViewport({ timeout: 500 });
  }).toPass({ timeout: 10_000 });

test("the first-steps checklist opens each step's page, and the test step opens the test chat", async ({ page, request, baseURL }) => {
  const { auth, accountId } = await newOwner(request, "Нина Шагова");
  await presetStorage(page, { language: "ru", theme: "light" }, { acceptCookies: true });
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/dashboard`);
  const steps = page.getByTestId("setup-steps");
  await expect(steps).toBeVisible();

  await steps.getByTestId("step-open-assistant").click();
  await expect(page).toHaveURL(new RegExp(`/${accountId}/assistants$`));
  await expect(page.getByText("Ассистентов пока нет")).toBeVisible();
  await page.goBack();

  await steps.getByTestId("step-open-channel").click();
  await expect(page).toHaveURL(new RegExp(`/${accountId}/connect$`));
  await page.goBack();

  // Steps already done (the account's data, filled in at creation) offer no link.
  await expect(steps.locator('[data-step="account"]')).toHaveAttribute("data-state", "done");
  await expect(steps.getByTestId("step-open-account")).toHaveCount(0);
  await steps.getByTestId("step-open-team").click();
  await expect(page).toHaveURL(new RegExp(`/${accountId}/account-settings\\?tab=members$`));
  await page.goBack();

  await expect(page.getByTestId("test-chat-window")).toHaveCount(0);
  await steps.getByTestId("step-open-test").click();
  await expect(page.getByTestId("test-chat-window")).toBeVisible();
  // No assistant yet: the test chat says so and links to creating one.
  await expect(page.getByTestId("test-chat-create-assistant")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${accountId}/dashboard$`));
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the floating launcher covers neither the editor's send and save buttons nor the footer links at ${viewport.width} px`, async ({ page, request, baseURL }) => {
    await page.setViewportSize(viewport);
    await signInDemo(page, request, baseURL!);
    await page.goto(`${A}/assistants/demo-assistant`);
    const launcher = page.getByTestId("test-chat-launcher");
    const send = page.getByTestId("embedded-test-chat").getByTestId("test-chat-send");
    await expect(launcher).toBeVisible();
    await expect(send).toBeAttached();

    // Wherever the send button scrolls to: at the top, brought into view from below, centred.
    await settle(page);
    if (await send.isVisible()) expect(await overlaps(launcher, send)).toBe(false);
    for (const block of ["end", "center", "start"] as const) {
      await send.evaluate((el, b) => el.scrollIntoView({ block: b }), block);
      await settle(page);
      expect(await overlaps(launcher, send), `send button scrolled to ${block}`).toBe(false);
    }

    // The unsaved-changes bar's buttons at the bottom of the screen.
    await page.getByLabel("Название").fill("Консультант «Уюта» (черновик)");
    const save = page.getByTestId("unsaved-bar").getByRole("button", { name: "Сохранить" });
    await expect(save).toBeVisible();
    await settle(page);
    expect(await overlaps(launcher, save)).toBe(false);
    expect(await overlaps(launcher, page.getByTestId("unsaved-bar").getByRole("button", { name: "Отменить изменения" }))).toBe(false);
    await page.getByTestId("unsaved-bar").getByRole("button", { name: "Отменить изменения" }).click();

    // The footer's links at the end of a page.
    for (const path of [`${A}/assistants/demo-assistant`, `${A}/dashboard`]) {
      await page.goto(path);
      await expect(launcher).toBeVisible();
      await scrollToEnd(page);
      await settle(page);
      const links = page.locator("footer a");
      expect(await links.count()).toBeGreaterThan(0);
      for (let i = 0; i < (await links.count()); i++) expect(await overlaps(launcher, links.nth(i)), `${path} footer link ${i}`).toBe(false);
    }

    // The last buttons of the account settings («Покинуть», «Удалить аккаунт») at the end of the page.
    await page.goto(`${A}/account-settings`);
    const danger = page.getByTestId("danger-zone");
    await expect(danger.getByTestId("delete-account")).toBeVisible();
    await scrollToEnd(page);
    await settle(page);
    expect(await overlaps(launcher, danger.getByTestId("delete-account")), "«Удалить аккаунт»").toBe(false);
    expect(await overlaps(launcher, danger.getByRole("button", { name: "Покинуть" })), "«Покинуть»").toBe(false);
  });
}

test("offline, a menu click does not reload the page: the shell says so and opens the page when the connection returns", async ({ page, context, request, baseURL }) => {
  await signInDemo(page, request, baseURL!);
  await page.goto(`${A}/apps/chat`);
  await expect(page.getByTestId("chat-contact").first()).toBeVisible();
  // Gone if the page reloads (offline that ends on the browser's own "no internet" page).
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await context.setOffline(true);
  const banner = page.getByTestId("offline-banner");
  await expect(banner).toHaveText("Нет соединения с интернетом. Данные не загружаются и не сохраняются, пока связь не вернётся.");
  // The contacts page's code has not been loaded yet: the navigation waits for it, in view.
  await page.getByTestId("nav-contacts").click();
  await expect(banner).toContainText("Страница откроется, когда связь вернётся.");
  await expect(banner.getByRole("button", { name: "Повторить" })).toBeVisible();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(page).toHaveURL(new RegExp(`${A}/apps/chat`));

  await context.setOffline(false);
  await expect(page).toHaveURL(new RegExp(`${A}/contacts$`));
  await expect(page.getByRole("heading", { name: "Контакты", level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("after «Очистить» the test chat stays with the assistant being tested", async ({ page, request, baseURL }) => {
  const { auth, accountId } = await newOwner(request, "Тимур Тестов");
  for (const name of ["Бариста", "Кондитер"]) {
    const res = await request.post(`/api/accounts/${accountId}/assistants`, { headers: bearer(auth.accessToken), data: { name } });
    expect(res.status(), await res.text()).toBe(201);
  }
  await presetStorage(page, { language: "ru", theme: "light" }, { acceptCookies: true });
  await signInWithToken(page, baseURL!, auth);
  await page.goto(`/${accountId}/dashboard`);

  await page.getByTestId("test-chat-launcher").click();
  const popup = page.getByTestId("test-chat-popup");
  await popup.getByTestId("test-chat-pick-assistant").click();
  await page.getByTestId("test-chat-assistant-option").filter({ hasText: "Кондитер" }).click();
  await expect(popup).toContainText("Ассистент: Кондитер");
  const input = popup.getByTestId("test-chat-input");
  await input.fill("Здравствуйте! Есть торт «Наполеон»?");
  await input.press("Enter");
  await expect(popup.getByTestId("assistant-message").first()).toBeVisible({ timeout: 60_000 });

  await popup.getByTestId("test-chat-clear").click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Очистить" }).click();
  await expect(popup.getByTestId("test-chat-empty")).toBeVisible();
  await expect(popup.getByTestId("assistant-message")).toHaveCount(0);
  await expect(popup).toContainText("Ассистент: Кондитер");

  // The next message goes to the same assistant, in the same (emptied) chat.
  await input.fill("А эклеры?");
  await input.press("Enter");
  await expect(popup.getByTestId("assistant-message").first()).toBeVisible({ timeout: 60_000 });
  const list = await request.get(`/api/platform-webwidget/accounts/${accountId}/test-chats`, { headers: bearer(auth.accessToken) });
  const chats = ((await list.json()) as { data: { thread: { testChatAssistantId?: string | null; assistantId?: string | null } | null }[] }).data;
  const assistants = await request.get(`/api/accounts/${accountId}/assistants`, { headers: bearer(auth.accessToken) });
  const pastry = ((await assistants.json()) as { data: { assistantId: string; name: string }[] }).data.find((a) => a.name === "Кондитер")!;
  expect(chats).toHaveLength(1);
  expect(chats[0]!.thread?.testChatAssistantId ?? chats[0]!.thread?.assistantId).toBe(pastry.assistantId);
});

test("horizontal navigation: menu groups open and their links navigate", async ({ page, request, baseURL }) => {
  await signInDemo(page, request, baseURL!, { navType: "horizontal" });
  await page.goto(`${A}/dashboard`);
  const nav = page.getByTestId("horizontal-nav");
  await expect(nav).toBeVisible();
  await expect(page.getByTestId("vertical-nav")).toHaveCount(0);

  await nav.getByRole("button", { name: "Общение" }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Чаты" })).toBeVisible();
  await menu.getByRole("menuitem", { name: "Контакты" }).click();
  await expect(page).toHaveURL(new RegExp(`${A}/contacts$`));
  await expect(menu).toHaveCount(0);
  // The group of the open page is marked active.
  await expect(nav.getByRole("button", { name: "Общение" })).toHaveClass(/bg-primary-gradient/);

  await nav.getByRole("button", { name: "Автоматизация" }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Ассистенты" }).click();
  await expect(page).toHaveURL(new RegExp(`${A}/assistants$`));
  await expect(page.getByText("Консультант «Уюта»").first()).toBeVisible();
  // Escape closes an open group without navigating.
  await nav.getByRole("button", { name: "Аккаунт" }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${A}/assistants$`));
});

test("below 1280 px the navigation is an overlay: the menu button opens it, a link navigates and closes it, Escape closes it", async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  // The horizontal preference is overridden below the breakpoint.
  await signInDemo(page, request, baseURL!, { navType: "horizontal" });
  await page.goto(`${A}/dashboard`);
  await expect(page.getByTestId("vertical-nav")).toHaveCount(0);
  await expect(page.getByTestId("horizontal-nav")).toHaveCount(0);
  const drawer = page.getByTestId("nav-drawer");
  await expect(drawer).toHaveCount(0);

  await page.getByTestId("nav-open").click();
  await expect(drawer).toBeVisible();
  await drawer.getByTestId("nav-contacts").click();
  await expect(page).toHaveURL(new RegExp(`${A}/contacts$`));
  await expect(drawer).toHaveCount(0);

  await page.getByTestId("nav-open").click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${A}/contacts$`));
});

test("a page in the blank layout shows no shell", async ({ page, request, baseURL }) => {
  await signInDemo(page, request, baseURL!);
  await page.goto("/privacy-policy");
  await expect(page.locator("h1").first()).toBeVisible();
  await expect(page.locator('[data-layout="blank"]')).toHaveCount(1);
  await expect(page.locator('[data-layout="default"]')).toHaveCount(0);
  for (const id of ["navbar", "vertical-nav", "horizontal-nav", "scroll-top", "test-chat-launcher", "search-open"]) await expect(page.getByTestId(id)).toHaveCount(0);
  // The same user's signed-in pages do have it.
  await page.goto(`${A}/dashboard`);
  await expect(page.getByTestId("navbar")).toBeVisible();
  await expect(page.getByTestId("vertical-nav")).toBeVisible();
});

test("scroll-to-top appears only after 200 px of scrolling and brings the page back to the top", async ({ page, request, baseURL }) => {
  await signInDemo(page, request, baseURL!);
  await page.goto(`${A}/assistants/demo-assistant`);
  await expect(page.getByTestId("embedded-test-chat")).toBeVisible();
  const button = page.getByTestId("scroll-top");
  await expect(button).toHaveCSS("opacity", "0");
  await expect(button).toHaveAttribute("tabindex", "-1");

  await page.evaluate(() => window.scrollTo(0, 150));
  await page.waitForTimeout(400);
  await expect(button).toHaveCSS("opacity", "0");

  await page.evaluate(() => window.scrollTo(0, 260));
  await expect(button).toHaveCSS("opacity", "1");
  await expect(button).toHaveAttribute("tabindex", "0");
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toHaveCSS("opacity", "0");
});
